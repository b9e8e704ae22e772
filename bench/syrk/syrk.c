/* syrk: PolyBench/GPU-style symmetric rank-k update, C = alpha*A*A^T + beta*C,
 * with the row-strided per-thread walk over A that gives SACAT's intra-warp
 * set conflicts. Random A and C in [-1, 1); CPU reference in double. */
#include "bench.h"
#include <math.h>
#include <stdlib.h>

#define SYRK_BX 32 /* PolyBench/GPU's 32 x 8 thread blocks */
#define SYRK_BY 8

struct syrk_size {
    uint32_t n, m; /* C is n x n, A is n x m */
};

/* small: 64 x 64 (about 1.5 M thread instructions); medium: a 128 x 128 C
 * over 1024-float rows, so every row of A is 32 lines of 128 bytes and a
 * warp's 32 lanes meet in one set of a 32-set L1; large: PolyBench/GPU's
 * N = M = 1024 (SACAT ran it for 100 M instructions). */
static const struct syrk_size syrk_sizes[BENCH_SIZE_COUNT] = {
    { 64, 64 },
    { 128, 1024 },
    { 1024, 1024 },
};

static const float syrk_alpha = 1.5f, syrk_beta = 1.25f;

/* The kernel computes s_0 = beta*C, then s_k = s_{k-1} + (alpha*a)*b for k
 * ascending: one rounding for s_0, two for each product and one for each sum
 * (with or without fma), so to first order the float result is within
 * 2^-24 * (|s_0| + sum_k (|s_k| + 2|t_k|)) of exact. The check allows twice
 * that; for random signs the running bound grows like m^1.5, not m^2 as the
 * textbook m * sum|terms| does, so a single wrong product is still caught. */
static int syrk_close(float got, double ref, double bound)
{
    return fabs((double)got - ref) <= 2.0 * 0x1p-24 * bound;
}

static int syrk_alloc(struct bench_ctx *ctx, ccgpu_devptr *p, size_t bytes)
{
    if (ccgpu_malloc(ctx->gpu, p, bytes) != 0)
        return bench_fail(ctx, "syrk: ccgpu_malloc(%zu): %s", bytes, ccgpu_error(ctx->gpu));
    return 0;
}

static void syrk_release(struct bench_ctx *ctx, ccgpu_devptr p, int *rc)
{
    if (p && ccgpu_free(ctx->gpu, p) != 0 && *rc == 0)
        *rc = bench_fail(ctx, "syrk: ccgpu_free: %s", ccgpu_error(ctx->gpu));
}

static int syrk_check(struct bench_ctx *ctx, const struct syrk_size *s, const float *a,
                      const float *c0, const float *c)
{
    for (uint32_t i = 0; i < s->n; i++)
        for (uint32_t j = 0; j < s->n; j++) {
            double ref = (double)syrk_beta * c0[(size_t)i * s->n + j];
            double bound = fabs(ref);
            for (uint32_t k = 0; k < s->m; k++) {
                double t = (double)syrk_alpha * a[(size_t)i * s->m + k] * a[(size_t)j * s->m + k];
                ref += t;
                bound += fabs(ref) + 2 * fabs(t);
            }
            float got = c[(size_t)i * s->n + j];
            if (!syrk_close(got, ref, bound))
                return bench_fail(ctx, "syrk: C[%u][%u] is %.9g, expected %.9g", i, j,
                                  (double)got, ref);
        }
    return 0;
}

static int syrk_run(struct bench_ctx *ctx)
{
    if ((unsigned)ctx->size >= BENCH_SIZE_COUNT)
        return bench_fail(ctx, "syrk: unknown size %d", (int)ctx->size);
    if (ctx->input)
        return bench_fail(ctx, "syrk: takes no --input (matrices are generated)");
    const struct syrk_size *s = &syrk_sizes[ctx->size];
    size_t na = (size_t)s->n * s->m, nc = (size_t)s->n * s->n;
    float *a = malloc(na * sizeof *a), *c0 = malloc(nc * sizeof *c0), *c = malloc(nc * sizeof *c);
    ccgpu_devptr da = 0, dc = 0;
    int rc = -1;
    if (!a || !c0 || !c) {
        bench_fail(ctx, "syrk: out of host memory for n=%u m=%u", s->n, s->m);
        goto out;
    }
    struct bench_rng rng = { ctx->seed };
    for (size_t i = 0; i < na; i++)
        a[i] = (float)(2.0 * bench_rng_unit(&rng) - 1.0);
    for (size_t i = 0; i < nc; i++)
        c0[i] = (float)(2.0 * bench_rng_unit(&rng) - 1.0);

    if (syrk_alloc(ctx, &da, na * 4) || syrk_alloc(ctx, &dc, nc * 4))
        goto out;
    if (ccgpu_memcpy_htod(ctx->gpu, da, a, na * 4) || ccgpu_memcpy_htod(ctx->gpu, dc, c0, nc * 4)) {
        bench_fail(ctx, "syrk: copying inputs: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    ccgpu_module *mod = bench_load_module(ctx, "bench/syrk/syrk.ptx");
    if (!mod)
        goto out;
    float alpha = syrk_alpha, beta = syrk_beta;
    int n = (int)s->n, m = (int)s->m;
    void *args[] = { &da, &dc, &alpha, &beta, &n, &m };
    struct ccgpu_dim3 grid = { (s->n + SYRK_BX - 1) / SYRK_BX, (s->n + SYRK_BY - 1) / SYRK_BY, 1 };
    struct ccgpu_dim3 block = { SYRK_BX, SYRK_BY, 1 };
    if (ccgpu_launch(ctx->gpu, mod, "syrk", grid, block, 0, args, 6) != 0) {
        bench_fail(ctx, "syrk: launch: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    if (ccgpu_memcpy_dtoh(ctx->gpu, c, dc, nc * 4) != 0) {
        bench_fail(ctx, "syrk: copying C back: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    if (ctx->log)
        fprintf(ctx->log, "syrk: n=%u m=%u (A rows %u bytes), grid %ux%u of %dx%d\n", s->n, s->m,
                s->m * 4, grid.x, grid.y, SYRK_BX, SYRK_BY);
    rc = syrk_check(ctx, s, a, c0, c);
out:
    syrk_release(ctx, da, &rc);
    syrk_release(ctx, dc, &rc);
    free(a);
    free(c0);
    free(c);
    return rc;
}

const struct bench_ops bench_syrk = {
    .version = 1,
    .name = "syrk",
    .klass = "conflict",
    .description = "PolyBench SYRK C=alpha*A*A^T+beta*C, thread per C element, row-strided A",
    .sizes = "C n x n, A n x m: small n=m=64, medium n=128 m=1024, large n=m=1024 (PolyBench)",
    .run = syrk_run,
};
