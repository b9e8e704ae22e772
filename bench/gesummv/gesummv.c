/* gesummv: PolyBench/GPU-style y = alpha A x + beta B x, one thread per row
 * walking two matrices row-strided (SACAT's intra-warp conflict plus L2
 * thrashing case). Random A, B, x in [-1, 1); CPU reference in double. */
#include "bench.h"
#include <math.h>
#include <stdlib.h>

#define GESUMMV_BLOCK 256 /* PolyBench/GPU's 256 x 1 thread blocks */

/* small: 320 (a partial second CTA; about 1.2 M thread instructions); medium:
 * 2048, rows of 8 KB = 64 lines, one L1 set per warp and load; large:
 * PolyBench/GPU's 4096 (SACAT ran it for 100 M instructions). */
static const uint32_t gesummv_sizes[BENCH_SIZE_COUNT] = { 320, 2048, 4096 };

static const float gesummv_alpha = 1.5f, gesummv_beta = 1.25f;

/* tmp and y are sums in ascending order, s_k = s_{k-1} + a*x, rounding once
 * per step with fma and twice without: to first order each is within
 * 2^-24 * sum_k (|s_k| + |t_k|) of exact. The final alpha*tmp + beta*y adds
 * those bounds scaled by |alpha|, |beta| and at most two more roundings. The
 * check allows twice the bound; for random signs it grows like n^1.5 where the
 * textbook n * sum|terms| grows like n^2, so a single wrong product is still
 * caught. NaN (the poison) fails. */
static int gesummv_close(float got, double ref, double bound)
{
    return fabs((double)got - ref) <= 2.0 * 0x1p-24 * bound;
}

static int gesummv_alloc(struct bench_ctx *ctx, ccgpu_devptr *p, size_t bytes)
{
    if (ccgpu_malloc(ctx->gpu, p, bytes) != 0)
        return bench_fail(ctx, "gesummv: ccgpu_malloc(%zu): %s", bytes, ccgpu_error(ctx->gpu));
    return 0;
}

static void gesummv_release(struct bench_ctx *ctx, ccgpu_devptr p, int *rc)
{
    if (p && ccgpu_free(ctx->gpu, p) != 0 && *rc == 0)
        *rc = bench_fail(ctx, "gesummv: ccgpu_free: %s", ccgpu_error(ctx->gpu));
}

static int gesummv_check(struct bench_ctx *ctx, uint32_t n, const float *a, const float *b,
                         const float *x, const float *tmp, const float *y)
{
    for (uint32_t i = 0; i < n; i++) {
        double sa = 0, sb = 0, bound_a = 0, bound_b = 0;
        for (uint32_t j = 0; j < n; j++) {
            double ta = (double)a[(size_t)i * n + j] * x[j];
            double tb = (double)b[(size_t)i * n + j] * x[j];
            sa += ta;
            sb += tb;
            bound_a += fabs(sa) + fabs(ta);
            bound_b += fabs(sb) + fabs(tb);
        }
        if (!gesummv_close(tmp[i], sa, bound_a))
            return bench_fail(ctx, "gesummv: tmp[%u] is %.9g, expected %.9g", i, (double)tmp[i], sa);
        double ra = gesummv_alpha * sa, rb = gesummv_beta * sb, ref = ra + rb;
        double bound = fabs((double)gesummv_alpha) * bound_a + fabs((double)gesummv_beta) * bound_b +
                       fabs(ra) + fabs(rb) + fabs(ref);
        if (!gesummv_close(y[i], ref, bound))
            return bench_fail(ctx, "gesummv: y[%u] is %.9g, expected %.9g", i, (double)y[i], ref);
    }
    return 0;
}

static int gesummv_run(struct bench_ctx *ctx)
{
    if ((unsigned)ctx->size >= BENCH_SIZE_COUNT)
        return bench_fail(ctx, "gesummv: unknown size %d", (int)ctx->size);
    if (ctx->input)
        return bench_fail(ctx, "gesummv: takes no --input (matrices are generated)");
    uint32_t n = gesummv_sizes[ctx->size];
    size_t nm = (size_t)n * n, vb = (size_t)n * 4;
    float *a = malloc(nm * sizeof *a), *b = malloc(nm * sizeof *b);
    float *vec = malloc(3 * (size_t)n * sizeof *vec); /* x tmp y */
    ccgpu_devptr da = 0, db = 0, dx = 0, dy = 0, dtmp = 0;
    int rc = -1;
    if (!a || !b || !vec) {
        bench_fail(ctx, "gesummv: out of host memory for n=%u", n);
        goto out;
    }
    float *x = vec, *tmp = vec + n, *y = vec + 2 * n;
    struct bench_rng rng = { ctx->seed };
    for (size_t i = 0; i < nm; i++)
        a[i] = (float)(2.0 * bench_rng_unit(&rng) - 1.0);
    for (size_t i = 0; i < nm; i++)
        b[i] = (float)(2.0 * bench_rng_unit(&rng) - 1.0);
    for (uint32_t i = 0; i < n; i++)
        x[i] = (float)(2.0 * bench_rng_unit(&rng) - 1.0);

    if (gesummv_alloc(ctx, &da, nm * 4) || gesummv_alloc(ctx, &db, nm * 4) ||
        gesummv_alloc(ctx, &dx, vb) || gesummv_alloc(ctx, &dy, vb) || gesummv_alloc(ctx, &dtmp, vb))
        goto out;
    if (ccgpu_memcpy_htod(ctx->gpu, da, a, nm * 4) || ccgpu_memcpy_htod(ctx->gpu, db, b, nm * 4) ||
        ccgpu_memcpy_htod(ctx->gpu, dx, x, vb) || ccgpu_memset(ctx->gpu, dy, 0xff, vb) ||
        ccgpu_memset(ctx->gpu, dtmp, 0xff, vb)) {
        bench_fail(ctx, "gesummv: copying inputs: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    ccgpu_module *mod = bench_load_module(ctx, "bench/gesummv/gesummv.ptx");
    if (!mod)
        goto out;
    float alpha = gesummv_alpha, beta = gesummv_beta;
    int ni = (int)n;
    void *args[] = { &da, &db, &dx, &dy, &dtmp, &alpha, &beta, &ni };
    struct ccgpu_dim3 grid = { (n + GESUMMV_BLOCK - 1) / GESUMMV_BLOCK, 1, 1 };
    struct ccgpu_dim3 block = { GESUMMV_BLOCK, 1, 1 };
    if (ccgpu_launch(ctx->gpu, mod, "gesummv", grid, block, 0, args, 8) != 0) {
        bench_fail(ctx, "gesummv: launch: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    if (ccgpu_memcpy_dtoh(ctx->gpu, tmp, dtmp, vb) || ccgpu_memcpy_dtoh(ctx->gpu, y, dy, vb)) {
        bench_fail(ctx, "gesummv: copying results back: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    if (ctx->log)
        fprintf(ctx->log, "gesummv: A, B %ux%u (rows %u bytes), blocks of %d\n", n, n, n * 4,
                GESUMMV_BLOCK);
    rc = gesummv_check(ctx, n, a, b, x, tmp, y);
out:
    gesummv_release(ctx, da, &rc);
    gesummv_release(ctx, db, &rc);
    gesummv_release(ctx, dx, &rc);
    gesummv_release(ctx, dy, &rc);
    gesummv_release(ctx, dtmp, &rc);
    free(a);
    free(b);
    free(vec);
    return rc;
}

const struct bench_ops bench_gesummv = {
    .version = 1,
    .name = "gesummv",
    .klass = "conflict",
    .description = "PolyBench GESUMMV y=alpha*A*x+beta*B*x, thread per row walking two matrices",
    .sizes = "A, B n x n: small n=320, medium n=2048, large n=4096 (PolyBench/GPU)",
    .run = gesummv_run,
};
