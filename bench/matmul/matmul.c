/* matmul: tiled C = A * B with 16x16 shared-memory tiles (the CTA-clustering
 * paper's MM). Random A and B in [-1, 1) from the seeded generator; the CPU
 * reference is computed in double. */
#include "bench.h"
#include <math.h>
#include <stdlib.h>

#define MM_TILE 16

struct mm_size {
    uint32_t m, k, n; /* A is m x k, B is k x n, C is m x n */
};

/* small: 4 x 4 CTAs, 4 tiles each (about 1.1 M thread instructions);
 * medium: 32 x 32 CTAs, 16 tiles each (about 250 M); large: 64 x 64 CTAs of
 * 1024-square matrices, the scale the paper's MM runs at ("usually larger
 * than 1K by 1K"; about 4 G). */
static const struct mm_size mm_sizes[BENCH_SIZE_COUNT] = {
    { 64, 64, 64 },
    { 512, 256, 512 },
    { 1024, 1024, 1024 },
};

/* The kernel sums k ascending (tile by tile), s_k = s_{k-1} + a*b: each step
 * rounds once with fma, twice without, so to first order the float result is
 * within 2^-24 * sum_k (|s_k| + |a_k b_k|) of exact. The check allows twice
 * that: this running bound grows like k^1.5 for random signs where the
 * textbook k * sum|terms| grows like k^2, so even at 1024 terms a single
 * wrong product is caught. NaN (the poison) fails. */
static int mm_close(float got, double ref, double bound)
{
    return fabs((double)got - ref) <= 2.0 * 0x1p-24 * bound;
}

static int mm_alloc(struct bench_ctx *ctx, ccgpu_devptr *p, size_t bytes)
{
    if (ccgpu_malloc(ctx->gpu, p, bytes) != 0)
        return bench_fail(ctx, "matmul: ccgpu_malloc(%zu): %s", bytes, ccgpu_error(ctx->gpu));
    return 0;
}

static void mm_release(struct bench_ctx *ctx, ccgpu_devptr p, int *rc)
{
    if (p && ccgpu_free(ctx->gpu, p) != 0 && *rc == 0)
        *rc = bench_fail(ctx, "matmul: ccgpu_free: %s", ccgpu_error(ctx->gpu));
}

/* Row by row, k outermost, so the reference walks B contiguously; each
 * element still sums its products in the kernel's order. */
static int mm_check(struct bench_ctx *ctx, const struct mm_size *s, const float *a,
                    const float *b, const float *c)
{
    double *ref = malloc(2 * (size_t)s->n * sizeof *ref);
    if (!ref)
        return bench_fail(ctx, "matmul: out of host memory for the reference");
    double *bound = ref + s->n;
    int rc = 0;
    for (uint32_t i = 0; i < s->m && rc == 0; i++) {
        for (uint32_t j = 0; j < s->n; j++)
            ref[j] = bound[j] = 0;
        for (uint32_t k = 0; k < s->k; k++) {
            double aik = a[(size_t)i * s->k + k];
            const float *brow = b + (size_t)k * s->n;
            for (uint32_t j = 0; j < s->n; j++) {
                double t = aik * brow[j];
                ref[j] += t;
                bound[j] += fabs(ref[j]) + fabs(t);
            }
        }
        for (uint32_t j = 0; j < s->n; j++) {
            float got = c[(size_t)i * s->n + j];
            if (!mm_close(got, ref[j], bound[j])) {
                rc = bench_fail(ctx, "matmul: C[%u][%u] is %.9g, expected %.9g", i, j,
                                (double)got, ref[j]);
                break;
            }
        }
    }
    free(ref);
    return rc;
}

static int mm_run(struct bench_ctx *ctx)
{
    if ((unsigned)ctx->size >= BENCH_SIZE_COUNT)
        return bench_fail(ctx, "matmul: unknown size %d", (int)ctx->size);
    if (ctx->input)
        return bench_fail(ctx, "matmul: takes no --input (matrices are generated)");
    const struct mm_size *s = &mm_sizes[ctx->size];
    size_t na = (size_t)s->m * s->k, nb = (size_t)s->k * s->n, nc = (size_t)s->m * s->n;
    float *a = malloc(na * sizeof *a), *b = malloc(nb * sizeof *b), *c = malloc(nc * sizeof *c);
    ccgpu_devptr da = 0, db = 0, dc = 0;
    int rc = -1;
    if (!a || !b || !c) {
        bench_fail(ctx, "matmul: out of host memory for %ux%ux%u", s->m, s->k, s->n);
        goto out;
    }
    struct bench_rng rng = { ctx->seed };
    for (size_t i = 0; i < na; i++)
        a[i] = (float)(2.0 * bench_rng_unit(&rng) - 1.0);
    for (size_t i = 0; i < nb; i++)
        b[i] = (float)(2.0 * bench_rng_unit(&rng) - 1.0);

    if (mm_alloc(ctx, &da, na * 4) || mm_alloc(ctx, &db, nb * 4) || mm_alloc(ctx, &dc, nc * 4))
        goto out;
    if (ccgpu_memcpy_htod(ctx->gpu, da, a, na * 4) || ccgpu_memcpy_htod(ctx->gpu, db, b, nb * 4) ||
        ccgpu_memset(ctx->gpu, dc, 0xff, nc * 4)) { /* NaN poison: unwritten C fails */
        bench_fail(ctx, "matmul: copying inputs: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    ccgpu_module *mod = bench_load_module(ctx, "bench/matmul/matmul.ptx");
    if (!mod)
        goto out;
    int wa = (int)s->k, wb = (int)s->n;
    void *args[] = { &dc, &da, &db, &wa, &wb };
    struct ccgpu_dim3 grid = { s->n / MM_TILE, s->m / MM_TILE, 1 };
    struct ccgpu_dim3 block = { MM_TILE, MM_TILE, 1 };
    if (ccgpu_launch(ctx->gpu, mod, "matmul", grid, block, 0, args, 5) != 0) {
        bench_fail(ctx, "matmul: launch: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    if (ccgpu_memcpy_dtoh(ctx->gpu, c, dc, nc * 4) != 0) {
        bench_fail(ctx, "matmul: copying C back: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    if (ctx->log)
        fprintf(ctx->log, "matmul: %ux%u * %ux%u, grid %ux%u of 16x16\n", s->m, s->k, s->k,
                s->n, grid.x, grid.y);
    rc = mm_check(ctx, s, a, b, c);
out:
    mm_release(ctx, da, &rc);
    mm_release(ctx, db, &rc);
    mm_release(ctx, dc, &rc);
    free(a);
    free(b);
    free(c);
    return rc;
}

const struct bench_ops bench_matmul = {
    .version = 1,
    .name = "matmul",
    .klass = "intercta",
    .description = "tiled matrix multiply, 16x16 shared-memory tiles (CTA-clustering MM)",
    .sizes = "MxKxN: small 64^3, medium 512x256x512, large 1024^3 (grid N/16 x M/16 CTAs of 16x16)",
    .run = mm_run,
};
