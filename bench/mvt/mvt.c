/* mvt: PolyBench/GPU-style x1 += A y1, x2 += A^T y2: a row-strided kernel
 * (conflict-prone) and a coalesced one. Random A, x1, x2, y1, y2 in [-1, 1);
 * CPU reference in double. */
#include "bench.h"
#include <math.h>
#include <stdlib.h>

#define MVT_BLOCK 256 /* PolyBench/GPU's 256 x 1 thread blocks */

/* small: 320 (a partial second CTA; about 1 M thread instructions); medium:
 * 2048, rows of 8 KB = 64 lines, so a warp of kernel 1 meets in one set of a
 * 32-set L1; large: PolyBench/GPU's 4096. */
static const uint32_t mvt_sizes[BENCH_SIZE_COUNT] = { 320, 2048, 4096 };

/* Both kernels start from x and add products in ascending order,
 * s_k = s_{k-1} + a*b, rounding once per step with fma and twice without: to
 * first order the float result is within 2^-24 * sum_k (|s_k| + |t_k|) of
 * exact. The check allows twice that; for random signs this running bound
 * grows like n^1.5 where the textbook n * sum|terms| grows like n^2, so a
 * single wrong product is still caught. */
static int mvt_close(float got, double ref, double bound)
{
    return fabs((double)got - ref) <= 2.0 * 0x1p-24 * bound;
}

static int mvt_alloc(struct bench_ctx *ctx, ccgpu_devptr *p, size_t bytes)
{
    if (ccgpu_malloc(ctx->gpu, p, bytes) != 0)
        return bench_fail(ctx, "mvt: ccgpu_malloc(%zu): %s", bytes, ccgpu_error(ctx->gpu));
    return 0;
}

static void mvt_release(struct bench_ctx *ctx, ccgpu_devptr p, int *rc)
{
    if (p && ccgpu_free(ctx->gpu, p) != 0 && *rc == 0)
        *rc = bench_fail(ctx, "mvt: ccgpu_free: %s", ccgpu_error(ctx->gpu));
}

/* transposed = 0: out[i] = x0[i] + sum_j A[i][j] v[j]; 1: sum_j A[j][i] v[j] */
static int mvt_check_one(struct bench_ctx *ctx, uint32_t n, const float *a, const float *x0,
                         const float *v, const float *out, int transposed)
{
    for (uint32_t i = 0; i < n; i++) {
        double ref = x0[i], bound = 0;
        for (uint32_t j = 0; j < n; j++) {
            float aij = transposed ? a[(size_t)j * n + i] : a[(size_t)i * n + j];
            double t = (double)aij * v[j];
            ref += t;
            bound += fabs(ref) + fabs(t);
        }
        if (!mvt_close(out[i], ref, bound))
            return bench_fail(ctx, "mvt: x%d[%u] (kernel %d) is %.9g, expected %.9g",
                              transposed + 1, i, transposed + 1, (double)out[i], ref);
    }
    return 0;
}

static int mvt_launch(struct bench_ctx *ctx, ccgpu_module *mod, const char *kernel, uint32_t n,
                      void **args)
{
    struct ccgpu_dim3 grid = { (n + MVT_BLOCK - 1) / MVT_BLOCK, 1, 1 };
    struct ccgpu_dim3 block = { MVT_BLOCK, 1, 1 };
    if (ccgpu_launch(ctx->gpu, mod, kernel, grid, block, 0, args, 4) != 0)
        return bench_fail(ctx, "mvt: launch %s: %s", kernel, ccgpu_error(ctx->gpu));
    return 0;
}

static int mvt_run(struct bench_ctx *ctx)
{
    if ((unsigned)ctx->size >= BENCH_SIZE_COUNT)
        return bench_fail(ctx, "mvt: unknown size %d", (int)ctx->size);
    if (ctx->input)
        return bench_fail(ctx, "mvt: takes no --input (matrices are generated)");
    uint32_t n = mvt_sizes[ctx->size];
    size_t na = (size_t)n * n, vb = (size_t)n * 4;
    float *a = malloc(na * sizeof *a);
    float *vec = malloc(6 * (size_t)n * sizeof *vec); /* x1 x2 y1 y2 out1 out2 */
    ccgpu_devptr da = 0, dx1 = 0, dx2 = 0, dy1 = 0, dy2 = 0;
    int rc = -1;
    if (!a || !vec) {
        bench_fail(ctx, "mvt: out of host memory for n=%u", n);
        goto out;
    }
    float *x1 = vec, *x2 = vec + n, *y1 = vec + 2 * n, *y2 = vec + 3 * n;
    float *out1 = vec + 4 * n, *out2 = vec + 5 * n;
    struct bench_rng rng = { ctx->seed };
    for (size_t i = 0; i < na; i++)
        a[i] = (float)(2.0 * bench_rng_unit(&rng) - 1.0);
    for (size_t i = 0; i < 4 * (size_t)n; i++)
        vec[i] = (float)(2.0 * bench_rng_unit(&rng) - 1.0);

    if (mvt_alloc(ctx, &da, na * 4) || mvt_alloc(ctx, &dx1, vb) || mvt_alloc(ctx, &dx2, vb) ||
        mvt_alloc(ctx, &dy1, vb) || mvt_alloc(ctx, &dy2, vb))
        goto out;
    if (ccgpu_memcpy_htod(ctx->gpu, da, a, na * 4) || ccgpu_memcpy_htod(ctx->gpu, dx1, x1, vb) ||
        ccgpu_memcpy_htod(ctx->gpu, dx2, x2, vb) || ccgpu_memcpy_htod(ctx->gpu, dy1, y1, vb) ||
        ccgpu_memcpy_htod(ctx->gpu, dy2, y2, vb)) {
        bench_fail(ctx, "mvt: copying inputs: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    ccgpu_module *mod = bench_load_module(ctx, "bench/mvt/mvt.ptx");
    if (!mod)
        goto out;
    int ni = (int)n;
    void *args1[] = { &da, &dx1, &dy1, &ni };
    void *args2[] = { &da, &dx2, &dy2, &ni };
    if (mvt_launch(ctx, mod, "mvt_kernel1", n, args1) || mvt_launch(ctx, mod, "mvt_kernel2", n, args2))
        goto out;
    if (ccgpu_memcpy_dtoh(ctx->gpu, out1, dx1, vb) || ccgpu_memcpy_dtoh(ctx->gpu, out2, dx2, vb)) {
        bench_fail(ctx, "mvt: copying results back: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    if (ctx->log)
        fprintf(ctx->log, "mvt: A %ux%u (rows %u bytes), blocks of %d\n", n, n, n * 4, MVT_BLOCK);
    rc = mvt_check_one(ctx, n, a, x1, y1, out1, 0);
    if (rc == 0)
        rc = mvt_check_one(ctx, n, a, x2, y2, out2, 1);
out:
    mvt_release(ctx, da, &rc);
    mvt_release(ctx, dx1, &rc);
    mvt_release(ctx, dx2, &rc);
    mvt_release(ctx, dy1, &rc);
    mvt_release(ctx, dy2, &rc);
    free(a);
    free(vec);
    return rc;
}

const struct bench_ops bench_mvt = {
    .version = 1,
    .name = "mvt",
    .klass = "conflict",
    .description = "PolyBench MVT x1+=A*y1 (row-strided), x2+=A^T*y2 (coalesced), thread per element",
    .sizes = "A n x n: small n=320, medium n=2048, large n=4096 (PolyBench/GPU)",
    .run = mvt_run,
};
