/* chase: dependent pointer chases (bench/chase/chase.cu). Each warp's
 * region of CHASE_REGION u32 entries (4 KiB, 32 lines of 128 bytes) holds one
 * random cycle through the region, made by Sattolo's shuffle; the warp's
 * lanes start 32 entries apart on it. The table is the warps' regions side
 * by side: larger than a 16 KiB L1 at every size, while each warp re-reads
 * only its own 4 KiB for the whole chain. The CPU reference follows every
 * chain; the end indices must match exactly. */
#include "bench.h"
#include "common/driver.h"
#include <stdlib.h>

enum { CHASE_BLOCK = 128, CHASE_WARP = 32, CHASE_REGION = 1024 };

struct chase_size {
    uint32_t ctas, steps;
};
/* small: 32 CTAs (128 warps, a 512 KiB table), 64 steps; medium: 64 CTAs
 * (1 MiB), 256 steps; large: 480 CTAs (7.5 MiB), 1024 steps */
static const struct chase_size chase_sizes[BENCH_SIZE_COUNT] = {
    { 32, 64 },
    { 64, 256 },
    { 480, 1024 },
};

/* table[base + i] = base + p[i] with p one cycle through 0..CHASE_REGION-1 */
static void chase_region(struct bench_rng *rng, uint32_t *table, uint32_t base)
{
    uint32_t *p = table + base;
    for (uint32_t i = 0; i < CHASE_REGION; i++)
        p[i] = i;
    for (uint32_t i = CHASE_REGION - 1; i > 0; i--) { /* Sattolo: j < i */
        uint32_t j = (uint32_t)bench_rng_below(rng, i);
        uint32_t t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
    for (uint32_t i = 0; i < CHASE_REGION; i++)
        p[i] += base;
}

/* Launches the chases over table and checks where every thread ends. */
static int chase_device(struct bench_ctx *ctx, struct drv *d, const struct chase_size *sz,
                        const uint32_t *table, size_t entries, uint32_t *out, uint32_t threads)
{
    ccgpu_devptr dtable, dout;
    uint32_t region = CHASE_REGION;
    int32_t steps = (int32_t)sz->steps;
    void *args[] = { &dtable, &dout, &region, &steps };
    if (drv_alloc(d, &dtable, entries * sizeof *table, table, 0, "table") ||
        drv_alloc(d, &dout, (size_t)threads * sizeof *out, NULL, 0xa5, "results") ||
        drv_launch(d, "chase", threads, CHASE_BLOCK, args, 4) ||
        drv_download(d, out, dout, (size_t)threads * sizeof *out, "results"))
        return -1;
    for (uint32_t t = 0; t < threads; t++) {
        uint32_t next =
            (t / CHASE_WARP) * CHASE_REGION + (t % CHASE_WARP) * (CHASE_REGION / CHASE_WARP);
        for (uint32_t i = 0; i < sz->steps; i++)
            next = table[next];
        if (out[t] != next)
            return bench_fail(ctx, "chase: thread %u ends at %u, expected %u", t, out[t], next);
    }
    if (ctx->log)
        fprintf(ctx->log, "chase: %u threads x %u steps checked\n", threads, sz->steps);
    return 0;
}

static int chase_run(struct bench_ctx *ctx)
{
    if (ctx->input)
        return bench_fail(ctx, "chase: takes no --input (the table is generated)");
    if ((unsigned)ctx->size >= BENCH_SIZE_COUNT)
        return bench_fail(ctx, "chase: unknown size %d", (int)ctx->size);
    const struct chase_size *sz = &chase_sizes[ctx->size];
    uint32_t threads = sz->ctas * CHASE_BLOCK, warps = threads / CHASE_WARP;
    size_t entries = (size_t)warps * CHASE_REGION;
    uint32_t *table = drv_host_alloc(ctx, entries * sizeof *table, "chase table");
    uint32_t *out = drv_host_alloc(ctx, (size_t)threads * sizeof *out, "chase results");
    struct drv d;
    int rc = -1;
    if (table && out) {
        struct bench_rng rng = { ctx->seed };
        for (uint32_t w = 0; w < warps; w++)
            chase_region(&rng, table, w * CHASE_REGION);
        if (drv_init(&d, ctx, "bench/chase/chase.ptx") == 0) {
            rc = chase_device(ctx, &d, sz, table, entries, out, threads);
            drv_release(&d);
        }
    }
    free(table);
    free(out);
    return rc;
}

const struct bench_ops bench_chase = {
    .version = 1,
    .name = "chase",
    .klass = "micro",
    .description = "dependent pointer chase: each thread follows next = table[next] through a "
                   "random cycle in its warp's own 4 KiB region of the table",
    .sizes = "CTAs of 128 x steps: small 32 x 64, medium 64 x 256, large 480 x 1024 "
             "(table 512 KiB / 1 MiB / 7.5 MiB)",
    .run = chase_run,
};
