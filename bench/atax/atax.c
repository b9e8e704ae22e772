/* atax: PolyBench/GPU-style y = A^T (A x) in two kernels, the first walking
 * rows of A per thread (row-strided, conflict-prone), the second columns
 * (coalesced). Random A and x in [-1, 1); CPU reference in double. */
#include "bench.h"
#include <math.h>
#include <stdlib.h>

#define ATAX_BLOCK 256 /* PolyBench/GPU's 256 x 1 thread blocks */

struct atax_size {
    uint32_t nx, ny; /* A is nx x ny */
};

/* small: 384 x 256 (a partial second CTA in kernel 1; about 1 M thread
 * instructions); medium: 2048 square, rows of 8 KB = 64 lines, so a warp of
 * kernel 1 meets in one set of a 32-set L1; large: PolyBench/GPU's 4096. */
static const struct atax_size atax_sizes[BENCH_SIZE_COUNT] = {
    { 384, 256 },
    { 2048, 2048 },
    { 4096, 4096 },
};

/* Both kernels sum in ascending order, s_k = s_{k-1} + a*b, rounding once per
 * step with fma and twice without: to first order the float result is within
 * 2^-24 * sum_k (|s_k| + |t_k|) of exact. The check allows twice that; for
 * random signs this running bound grows like n^1.5 where the textbook
 * n * sum|terms| grows like n^2, so a single wrong product is still caught.
 * NaN (the poison) fails. */
static int atax_close(float got, double ref, double bound)
{
    return fabs((double)got - ref) <= 2.0 * 0x1p-24 * bound;
}

static int atax_alloc(struct bench_ctx *ctx, ccgpu_devptr *p, size_t bytes)
{
    if (ccgpu_malloc(ctx->gpu, p, bytes) != 0)
        return bench_fail(ctx, "atax: ccgpu_malloc(%zu): %s", bytes, ccgpu_error(ctx->gpu));
    return 0;
}

static void atax_release(struct bench_ctx *ctx, ccgpu_devptr p, int *rc)
{
    if (p && ccgpu_free(ctx->gpu, p) != 0 && *rc == 0)
        *rc = bench_fail(ctx, "atax: ccgpu_free: %s", ccgpu_error(ctx->gpu));
}

/* tmp is checked against A x; y against A^T applied to the tmp the GPU really
 * produced, so each kernel is judged on its own rounding only. */
static int atax_check(struct bench_ctx *ctx, const struct atax_size *s, const float *a,
                      const float *x, const float *tmp, const float *y)
{
    for (uint32_t i = 0; i < s->nx; i++) {
        double ref = 0, bound = 0;
        for (uint32_t j = 0; j < s->ny; j++) {
            double t = (double)a[(size_t)i * s->ny + j] * x[j];
            ref += t;
            bound += fabs(ref) + fabs(t);
        }
        if (!atax_close(tmp[i], ref, bound))
            return bench_fail(ctx, "atax: tmp[%u] (kernel 1) is %.9g, expected %.9g", i,
                              (double)tmp[i], ref);
    }
    for (uint32_t j = 0; j < s->ny; j++) {
        double ref = 0, bound = 0;
        for (uint32_t i = 0; i < s->nx; i++) {
            double t = (double)a[(size_t)i * s->ny + j] * tmp[i];
            ref += t;
            bound += fabs(ref) + fabs(t);
        }
        if (!atax_close(y[j], ref, bound))
            return bench_fail(ctx, "atax: y[%u] (kernel 2) is %.9g, expected %.9g", j,
                              (double)y[j], ref);
    }
    return 0;
}

static int atax_launch(struct bench_ctx *ctx, ccgpu_module *mod, const char *kernel,
                       uint32_t threads, void **args)
{
    struct ccgpu_dim3 grid = { (threads + ATAX_BLOCK - 1) / ATAX_BLOCK, 1, 1 };
    struct ccgpu_dim3 block = { ATAX_BLOCK, 1, 1 };
    if (ccgpu_launch(ctx->gpu, mod, kernel, grid, block, 0, args, 5) != 0)
        return bench_fail(ctx, "atax: launch %s: %s", kernel, ccgpu_error(ctx->gpu));
    return 0;
}

static int atax_run(struct bench_ctx *ctx)
{
    if ((unsigned)ctx->size >= BENCH_SIZE_COUNT)
        return bench_fail(ctx, "atax: unknown size %d", (int)ctx->size);
    if (ctx->input)
        return bench_fail(ctx, "atax: takes no --input (matrices are generated)");
    const struct atax_size *s = &atax_sizes[ctx->size];
    size_t na = (size_t)s->nx * s->ny;
    float *a = malloc(na * sizeof *a), *x = malloc(s->ny * sizeof *x);
    float *tmp = malloc(s->nx * sizeof *tmp), *y = malloc(s->ny * sizeof *y);
    ccgpu_devptr da = 0, dx = 0, dtmp = 0, dy = 0;
    int rc = -1;
    if (!a || !x || !tmp || !y) {
        bench_fail(ctx, "atax: out of host memory for %ux%u", s->nx, s->ny);
        goto out;
    }
    struct bench_rng rng = { ctx->seed };
    for (size_t i = 0; i < na; i++)
        a[i] = (float)(2.0 * bench_rng_unit(&rng) - 1.0);
    for (uint32_t j = 0; j < s->ny; j++)
        x[j] = (float)(2.0 * bench_rng_unit(&rng) - 1.0);

    if (atax_alloc(ctx, &da, na * 4) || atax_alloc(ctx, &dx, s->ny * 4) ||
        atax_alloc(ctx, &dtmp, s->nx * 4) || atax_alloc(ctx, &dy, s->ny * 4))
        goto out;
    if (ccgpu_memcpy_htod(ctx->gpu, da, a, na * 4) || ccgpu_memcpy_htod(ctx->gpu, dx, x, s->ny * 4) ||
        ccgpu_memset(ctx->gpu, dtmp, 0xff, s->nx * 4) || ccgpu_memset(ctx->gpu, dy, 0xff, s->ny * 4)) {
        bench_fail(ctx, "atax: copying inputs: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    ccgpu_module *mod = bench_load_module(ctx, "bench/atax/atax.ptx");
    if (!mod)
        goto out;
    int nx = (int)s->nx, ny = (int)s->ny;
    void *args1[] = { &da, &dx, &dtmp, &nx, &ny };
    void *args2[] = { &da, &dy, &dtmp, &nx, &ny };
    if (atax_launch(ctx, mod, "atax_kernel1", s->nx, args1) ||
        atax_launch(ctx, mod, "atax_kernel2", s->ny, args2))
        goto out;
    if (ccgpu_memcpy_dtoh(ctx->gpu, tmp, dtmp, s->nx * 4) ||
        ccgpu_memcpy_dtoh(ctx->gpu, y, dy, s->ny * 4)) {
        bench_fail(ctx, "atax: copying results back: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    if (ctx->log)
        fprintf(ctx->log, "atax: A %ux%u (rows %u bytes), blocks of %d\n", s->nx, s->ny,
                s->ny * 4, ATAX_BLOCK);
    rc = atax_check(ctx, s, a, x, tmp, y);
out:
    atax_release(ctx, da, &rc);
    atax_release(ctx, dx, &rc);
    atax_release(ctx, dtmp, &rc);
    atax_release(ctx, dy, &rc);
    free(a);
    free(x);
    free(tmp);
    free(y);
    return rc;
}

const struct bench_ops bench_atax = {
    .version = 1,
    .name = "atax",
    .klass = "conflict",
    .description = "PolyBench ATAX y=A^T(Ax): row-strided then coalesced thread-per-element kernels",
    .sizes = "A nx x ny: small 384x256, medium 2048x2048, large 4096x4096 (PolyBench/GPU)",
    .run = atax_run,
};
