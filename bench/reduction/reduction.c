/* reduction: the sum of n unsigned ints in two launches of one kernel
 * (n -> one partial per CTA -> total): grid-stride streaming loads, then a
 * shared-memory tree with barriers and a warp-shuffle finish inside each CTA.
 * Sums wrap mod 2^32, so the CPU check is exact. */
#include "bench.h"
#include <stdlib.h>

#define RED_BLOCK 256u   /* power of two >= 64, as the kernel requires */
#define RED_MAX_CTAS 240u /* 8 CTAs on each of 30 SMs; more data means longer loops */

/* Sum of the elements CTA `cta` of `ctas` reads: those whose position within
 * each window of 2 * RED_BLOCK * ctas falls in the CTA's 2 * RED_BLOCK slot. */
static uint32_t red_cta_sum(const uint32_t *v, uint32_t n, uint32_t cta, uint32_t ctas)
{
    uint32_t sum = 0, step = 2u * RED_BLOCK * ctas;
    for (uint64_t base = 2ull * RED_BLOCK * cta; base < n; base += step)
        for (uint64_t i = base; i < base + 2u * RED_BLOCK && i < n; i++)
            sum += v[i];
    return sum;
}

static int red_launch(struct bench_ctx *ctx, ccgpu_module *m, ccgpu_devptr in,
                      ccgpu_devptr out, uint32_t n, uint32_t ctas)
{
    void *args[] = { &in, &out, &n };
    struct ccgpu_dim3 grid = { ctas, 1, 1 }, block = { RED_BLOCK, 1, 1 };
    if (ccgpu_launch(ctx->gpu, m, "reduce_sum", grid, block, RED_BLOCK * 4u, args, 3))
        return bench_fail(ctx, "reduction: %s", ccgpu_error(ctx->gpu));
    return 0;
}

static int red_run(struct bench_ctx *ctx)
{
    if (ctx->input)
        return bench_fail(ctx, "reduction: takes no --input (values are generated)");
    static const uint32_t sizes[BENCH_SIZE_COUNT] = { 64u << 10, 4u << 20, 32u << 20 };
    uint32_t n = sizes[ctx->size < BENCH_SIZE_COUNT ? ctx->size : 0];
    uint32_t ctas = (n + 2 * RED_BLOCK - 1) / (2 * RED_BLOCK);
    if (ctas > RED_MAX_CTAS)
        ctas = RED_MAX_CTAS;
    ccgpu *g = ctx->gpu;
    ccgpu_devptr din = 0, dpart = 0, dtotal = 0;
    uint32_t partial[RED_MAX_CTAS], total = 0;
    int rc = -1;
    uint32_t *v = malloc((size_t)n * sizeof *v);
    if (!v) {
        bench_fail(ctx, "reduction: out of host memory for %u values", n);
        goto out;
    }
    struct bench_rng rng = { ctx->seed };
    for (uint32_t i = 0; i < n; i++)
        v[i] = (uint32_t)bench_rng_next(&rng); /* full range: the sum wraps */
    if (ccgpu_malloc(g, &din, (size_t)n * 4) || ccgpu_malloc(g, &dpart, ctas * 4u) ||
        ccgpu_malloc(g, &dtotal, 4) || ccgpu_memcpy_htod(g, din, v, (size_t)n * 4) ||
        ccgpu_memset(g, dpart, 0xa5, ctas * 4u) || ccgpu_memset(g, dtotal, 0xa5, 4)) {
        bench_fail(ctx, "reduction: %s", ccgpu_error(g));
        goto out;
    }
    ccgpu_module *m = bench_load_module(ctx, "bench/reduction/reduction.ptx");
    if (!m || red_launch(ctx, m, din, dpart, n, ctas) ||
        red_launch(ctx, m, dpart, dtotal, ctas, 1))
        goto out;
    if (ccgpu_memcpy_dtoh(g, partial, dpart, ctas * 4u) ||
        ccgpu_memcpy_dtoh(g, &total, dtotal, 4)) {
        bench_fail(ctx, "reduction: %s", ccgpu_error(g));
        goto out;
    }
    uint32_t want_total = 0;
    for (uint32_t c = 0; c < ctas; c++) {
        uint32_t want = red_cta_sum(v, n, c, ctas);
        if (partial[c] != want) {
            bench_fail(ctx, "reduction: partial sum of CTA %u is %u, expected %u", c,
                       partial[c], want);
            goto out;
        }
        want_total += want;
    }
    if (total != want_total) {
        bench_fail(ctx, "reduction: total is %u, expected %u", total, want_total);
        goto out;
    }
    if (ctx->log)
        fprintf(ctx->log, "reduction: %u values, %u CTAs, total %u\n", n, ctas, total);
    rc = 0;
out:
    if (dtotal)
        ccgpu_free(g, dtotal);
    if (dpart)
        ccgpu_free(g, dpart);
    if (din)
        ccgpu_free(g, din);
    free(v);
    return rc;
}

const struct bench_ops bench_reduction = {
    .version = 1,
    .name = "reduction",
    .klass = "ci",
    .description = "two-pass u32 sum: grid-stride loads, shared-memory tree, shuffle finish",
    .sizes = "small 64Ki values (128 CTAs), medium 4Mi, large 32Mi (240 CTAs)",
    .run = red_run,
};
