/* conv2d: PolyBench/GPU-style 3x3 2-D convolution over the interior of a
 * row-major grid, one thread per point (SACAT's 2DCONV, inter-warp conflict
 * class). Random A in [-1, 1); CPU reference in double. */
#include "bench.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CONV2D_BX 32 /* PolyBench/GPU's 32 x 8 thread blocks */
#define CONV2D_BY 8

/* small: 128 x 128 (about 0.9 M thread instructions); medium: 1024 x 1024,
 * rows of 4 KB = 32 lines of 128 B, so every row of a CTA's band starts in
 * the same set of a 32-set L1; large: PolyBench/GPU's 4096 x 4096. */
static const uint32_t conv2d_sizes[BENCH_SIZE_COUNT] = { 128, 1024, 4096 };

/* The kernel's weights, row by row (up, mid, down) and column j-1, j, j+1. */
static const float conv2d_w[3][3] = {
    { 0.2f, 0.5f, -0.8f },
    { -0.3f, 0.6f, -0.9f },
    { 0.4f, 0.7f, 0.1f },
};

static const uint32_t conv2d_poison = 0xffffffffu; /* a NaN */

/* Nine products summed in float, fused or not, in any order: within
 * (9 + 2) * 2^-24 * sum|terms| of exact (the gamma_n bound); twice that still
 * catches a wrong neighbour or weight. NaN fails. */
static int conv2d_close(float got, double ref, double abssum)
{
    double tol = 2.0 * 11 * 0x1p-24 * abssum;
    return fabs((double)got - ref) <= tol;
}

static int conv2d_alloc(struct bench_ctx *ctx, ccgpu_devptr *p, size_t bytes)
{
    if (ccgpu_malloc(ctx->gpu, p, bytes) != 0)
        return bench_fail(ctx, "conv2d: ccgpu_malloc(%zu): %s", bytes, ccgpu_error(ctx->gpu));
    return 0;
}

static void conv2d_release(struct bench_ctx *ctx, ccgpu_devptr p, int *rc)
{
    if (p && ccgpu_free(ctx->gpu, p) != 0 && *rc == 0)
        *rc = bench_fail(ctx, "conv2d: ccgpu_free: %s", ccgpu_error(ctx->gpu));
}

/* Interior points match the filter; border points were never written. */
static int conv2d_check(struct bench_ctx *ctx, uint32_t n, const float *a, const float *b)
{
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t j = 0; j < n; j++) {
            float got = b[(size_t)i * n + j];
            if (i == 0 || j == 0 || i == n - 1 || j == n - 1) {
                uint32_t bits;
                memcpy(&bits, &got, sizeof bits);
                if (bits != conv2d_poison)
                    return bench_fail(ctx, "conv2d: border B[%u][%u] was written (%.9g)", i, j,
                                      (double)got);
                continue;
            }
            double ref = 0, abssum = 0;
            for (int di = 0; di < 3; di++)
                for (int dj = 0; dj < 3; dj++) {
                    double t = (double)conv2d_w[di][dj] * a[(size_t)(i + di - 1) * n + (j + dj - 1)];
                    ref += t;
                    abssum += fabs(t);
                }
            if (!conv2d_close(got, ref, abssum))
                return bench_fail(ctx, "conv2d: B[%u][%u] is %.9g, expected %.9g", i, j,
                                  (double)got, ref);
        }
    return 0;
}

static int conv2d_run(struct bench_ctx *ctx)
{
    if ((unsigned)ctx->size >= BENCH_SIZE_COUNT)
        return bench_fail(ctx, "conv2d: unknown size %d", (int)ctx->size);
    if (ctx->input)
        return bench_fail(ctx, "conv2d: takes no --input (the grid is generated)");
    uint32_t n = conv2d_sizes[ctx->size];
    size_t cells = (size_t)n * n, bytes = cells * 4;
    float *a = malloc(bytes), *b = malloc(bytes);
    ccgpu_devptr da = 0, db = 0;
    int rc = -1;
    if (!a || !b) {
        bench_fail(ctx, "conv2d: out of host memory for %ux%u", n, n);
        goto out;
    }
    struct bench_rng rng = { ctx->seed };
    for (size_t i = 0; i < cells; i++)
        a[i] = (float)(2.0 * bench_rng_unit(&rng) - 1.0);

    if (conv2d_alloc(ctx, &da, bytes) || conv2d_alloc(ctx, &db, bytes))
        goto out;
    if (ccgpu_memcpy_htod(ctx->gpu, da, a, bytes) ||
        ccgpu_memset(ctx->gpu, db, (int)(conv2d_poison & 0xff), bytes)) {
        bench_fail(ctx, "conv2d: copying inputs: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    ccgpu_module *mod = bench_load_module(ctx, "bench/conv2d/conv2d.ptx");
    if (!mod)
        goto out;
    int ni = (int)n, nj = (int)n;
    void *args[] = { &da, &db, &ni, &nj };
    struct ccgpu_dim3 grid = { (n + CONV2D_BX - 1) / CONV2D_BX, (n + CONV2D_BY - 1) / CONV2D_BY, 1 };
    struct ccgpu_dim3 block = { CONV2D_BX, CONV2D_BY, 1 };
    if (ccgpu_launch(ctx->gpu, mod, "conv2d", grid, block, 0, args, 4) != 0) {
        bench_fail(ctx, "conv2d: launch: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    if (ccgpu_memcpy_dtoh(ctx->gpu, b, db, bytes) != 0) {
        bench_fail(ctx, "conv2d: copying B back: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    if (ctx->log)
        fprintf(ctx->log, "conv2d: %ux%u grid (rows %u bytes), %ux%u CTAs of %dx%d\n", n, n, n * 4,
                grid.x, grid.y, CONV2D_BX, CONV2D_BY);
    rc = conv2d_check(ctx, n, a, b);
out:
    conv2d_release(ctx, da, &rc);
    conv2d_release(ctx, db, &rc);
    free(a);
    free(b);
    return rc;
}

const struct bench_ops bench_conv2d = {
    .version = 1,
    .name = "conv2d",
    .klass = "conflict",
    .description = "PolyBench 2DCONV 3x3 convolution, thread per point, 32x8 CTAs",
    .sizes = "n x n grid: small 128, medium 1024, large 4096 (PolyBench/GPU)",
    .run = conv2d_run,
};
