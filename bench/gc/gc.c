/* Garbage-collector mark phase driver: a generated object heap (variable
 * numbers of references and payload words, mostly allocation-local pointers
 * with some long ones, null fields, unreachable garbage), roots greyed on the
 * host, frontier-by-frontier marking on the GPU; the whole heap is compared
 * with a CPU mark afterwards (marks exactly where reachable, nothing else
 * touched). */
#include "bench.h"
#include "common/driver.h"
#include "common/inputs.h"
#include <stdlib.h>
#include <string.h>

enum { BLOCK = 256, ROOT_PERMILLE = 5, LOCAL_WINDOW = 64 };
#define GC_NULL 0xffffffffu

static const uint32_t sizes[BENCH_SIZE_COUNT] = { 8192, 1u << 19, 1u << 21 };

struct gc {
    uint32_t objects, words, nroots;
    uint32_t *offset; /* word offset of each object */
    uint32_t *heap, *expect, *roots;
};

static uint32_t pick_refs(struct bench_rng *rng)
{
    uint32_t p = (uint32_t)bench_rng_below(rng, 100);
    if (p < 25)
        return 0; /* leaf objects: strings, boxed values */
    if (p < 85)
        return 1 + (uint32_t)bench_rng_below(rng, 3); /* ordinary objects */
    if (p < 97)
        return 4 + (uint32_t)bench_rng_below(rng, 5);
    return 9 + (uint32_t)bench_rng_below(rng, 24); /* reference arrays */
}

static int build(struct bench_ctx *ctx, struct gc *g, uint32_t objects)
{
    struct bench_rng rng = { ctx->seed };
    g->objects = objects;
    g->offset = drv_host_alloc(ctx, (size_t)objects * 4, "gc offsets");
    uint32_t *nrefs = drv_host_alloc(ctx, (size_t)objects * 4, "gc shapes");
    uint32_t *payload = drv_host_alloc(ctx, (size_t)objects * 4, "gc shapes");
    if (!g->offset || !nrefs || !payload)
        goto fail;
    uint64_t words = 0;
    for (uint32_t o = 0; o < objects; o++) {
        g->offset[o] = (uint32_t)words;
        nrefs[o] = pick_refs(&rng);
        payload[o] = (uint32_t)bench_rng_below(&rng, 9);
        words += 3 + nrefs[o] + payload[o];
    }
    if (words >= GC_NULL) {
        bench_fail(ctx, "gc: heap of %llu words is too large", (unsigned long long)words);
        goto fail;
    }
    g->words = (uint32_t)words;
    g->heap = drv_host_alloc(ctx, (size_t)words * 4, "gc heap");
    g->expect = drv_host_alloc(ctx, (size_t)words * 4, "gc reference heap");
    if (!g->heap || !g->expect)
        goto fail;
    for (uint32_t o = 0; o < objects; o++) {
        uint32_t *obj = g->heap + g->offset[o];
        obj[0] = 0;
        obj[1] = nrefs[o];
        obj[2] = payload[o];
        for (uint32_t i = 0; i < nrefs[o]; i++) {
            uint32_t p = (uint32_t)bench_rng_below(&rng, 100), target;
            if (p < 10) {
                obj[3 + i] = GC_NULL;
                continue;
            }
            if (p < 70) { /* allocated nearby: a linked structure built together */
                int64_t t = (int64_t)o + (int64_t)bench_rng_below(&rng, 2 * LOCAL_WINDOW + 1) - LOCAL_WINDOW;
                target = (uint32_t)(t < 0 ? 0 : t >= objects ? objects - 1 : t);
            } else {
                target = (uint32_t)bench_rng_below(&rng, objects);
            }
            obj[3 + i] = g->offset[target];
        }
        for (uint32_t i = 0; i < payload[o]; i++)
            obj[3 + nrefs[o] + i] = (uint32_t)bench_rng_next(&rng);
    }
    g->nroots = 1 + objects / 1000 * ROOT_PERMILLE;
    g->roots = drv_host_alloc(ctx, (size_t)g->nroots * 4, "gc roots");
    if (!g->roots)
        goto fail;
    for (uint32_t r = 0; r < g->nroots; r++) /* duplicates are harmless */
        g->roots[r] = g->offset[bench_rng_below(&rng, objects)];
    free(nrefs);
    free(payload);
    return 0;
fail:
    free(nrefs);
    free(payload);
    return -1;
}

/* Expected heap after marking: a depth-first mark from the roots. */
static int cpu_mark(struct bench_ctx *ctx, struct gc *g)
{
    memcpy(g->expect, g->heap, (size_t)g->words * 4);
    uint32_t *stack = drv_host_alloc(ctx, (size_t)(g->objects + g->nroots) * 4, "gc mark stack");
    if (!stack)
        return -1;
    uint32_t top = 0;
    for (uint32_t r = 0; r < g->nroots; r++)
        if (!g->expect[g->roots[r]]) {
            g->expect[g->roots[r]] = 1;
            stack[top++] = g->roots[r];
        }
    while (top) {
        uint32_t o = stack[--top];
        for (uint32_t i = 0; i < g->expect[o + 1]; i++) {
            uint32_t c = g->expect[o + 3 + i];
            if (c != GC_NULL && !g->expect[c]) {
                g->expect[c] = 1;
                stack[top++] = c;
            }
        }
    }
    free(stack);
    return 0;
}

static int run_gc(struct bench_ctx *ctx, struct drv *d, struct gc *g)
{
    /* roots are greyed (marked and queued) by the host, as a collector's
     * root scan does; duplicates are queued once */
    uint32_t *frontier = drv_host_alloc(ctx, (size_t)g->nroots * 4, "gc frontier");
    if (!frontier)
        return -1;
    uint32_t nfront = 0;
    for (uint32_t r = 0; r < g->nroots; r++)
        if (!g->heap[g->roots[r]]) {
            g->heap[g->roots[r]] = 1;
            frontier[nfront++] = g->roots[r];
        }
    ccgpu_devptr d_heap, d_a, d_b, d_count;
    int rc = -1;
    if (drv_alloc(d, &d_heap, (size_t)g->words * 4, g->heap, 0, "heap") ||
        drv_alloc(d, &d_a, (size_t)g->objects * 4, NULL, 0, "frontier") ||
        drv_alloc(d, &d_b, (size_t)g->objects * 4, NULL, 0, "frontier") ||
        drv_alloc(d, &d_count, 4, NULL, 0, "frontier count") ||
        drv_upload(d, d_a, frontier, (size_t)nfront * 4, "roots"))
        goto out;
    uint32_t steps = 0, marked = nfront;
    while (nfront) {
        int32_t n = (int32_t)nfront;
        uint32_t zero = 0;
        void *args[] = { &d_heap, &d_a, &n, &d_b, &d_count };
        if (drv_upload(d, d_count, &zero, 4, "frontier count") ||
            drv_launch(d, "gc_mark", nfront, BLOCK, args, 5) ||
            drv_download(d, &nfront, d_count, 4, "frontier count"))
            goto out;
        if (nfront > g->objects - marked) {
            bench_fail(ctx, "gc: step %u greyed %u objects, only %u were white", steps, nfront,
                       g->objects - marked);
            goto out;
        }
        marked += nfront;
        ccgpu_devptr t = d_a;
        d_a = d_b;
        d_b = t;
        steps++;
    }
    for (uint32_t r = 0; r < g->nroots; r++) /* the host's root marks, for the CPU mark */
        g->heap[g->roots[r]] = 0;
    if (cpu_mark(ctx, g) || drv_download(d, g->heap, d_heap, (size_t)g->words * 4, "heap"))
        goto out;
    for (uint32_t o = 0; o < g->objects; o++) {
        uint32_t at = g->offset[o];
        if (g->heap[at] != g->expect[at]) {
            bench_fail(ctx, "gc: object %u is %s, expected %s", o, g->heap[at] ? "marked" : "unmarked",
                       g->expect[at] ? "marked" : "unmarked");
            goto out;
        }
    }
    if (memcmp(g->heap, g->expect, (size_t)g->words * 4) != 0) {
        bench_fail(ctx, "gc: marking changed a heap word other than a mark word");
        goto out;
    }
    if (ctx->log)
        fprintf(ctx->log, "gc: %u objects, %u words, %u roots, %u marked in %u steps\n", g->objects,
                g->words, g->nroots, marked, steps);
    rc = 0;
out:
    free(frontier);
    return rc;
}

static int gc_run(struct bench_ctx *ctx)
{
    if (ctx->input)
        return bench_fail(ctx, "gc: takes no --input (the heap is generated)");
    struct gc g = { 0 };
    struct drv d;
    int rc = -1;
    if (build(ctx, &g, sizes[ctx->size]) == 0 && drv_init(&d, ctx, "bench/gc/gc.ptx") == 0) {
        rc = run_gc(ctx, &d, &g);
        drv_release(&d);
    }
    free(g.offset);
    free(g.heap);
    free(g.expect);
    free(g.roots);
    return rc;
}

const struct bench_ops bench_gc = {
    .version = 1,
    .name = "gc",
    .klass = "hcs",
    .description = "garbage-collector mark phase: frontier-parallel pointer chasing over a heap "
                   "of variable-size objects, atomicExch marks, one launch per frontier",
    .sizes = "objects (0-32 references, 0-8 payload words): small 8192, medium 2^19, large 2^21",
    .run = gc_run,
};
