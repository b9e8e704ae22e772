/* vecadd: c = a + b over float vectors, one element per thread.
 * The streaming baseline of the cache-insensitive class: each element is read
 * once and written once, so no cache or scheduler policy can create reuse. */
#include "bench.h"
#include <stdlib.h>
#include <string.h>

#define VECADD_BLOCK 256u

static uint32_t vecadd_elements(enum bench_size s)
{
    switch (s) {
    case BENCH_SMALL: return 16u << 10;  /* 16 Ki: 64 CTAs */
    case BENCH_MEDIUM: return 4u << 20;  /* 4 Mi: 16 Ki CTAs */
    default: return 32u << 20;           /* 32 Mi: 384 MB of traffic */
    }
}

static int vecadd_run(struct bench_ctx *ctx)
{
    if (ctx->input)
        return bench_fail(ctx, "vecadd: takes no --input (inputs are generated)");
    uint32_t n = vecadd_elements(ctx->size);
    size_t bytes = (size_t)n * sizeof(float);
    int rc = -1;
    ccgpu_devptr da = 0, db = 0, dc = 0;
    float *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
    if (!a || !b || !c) {
        bench_fail(ctx, "vecadd: out of host memory for %u elements", n);
        goto out;
    }
    struct bench_rng rng = { ctx->seed };
    for (uint32_t i = 0; i < n; i++) {
        a[i] = (float)(bench_rng_unit(&rng) * 2.0 - 1.0);
        b[i] = (float)(bench_rng_unit(&rng) * 2.0 - 1.0);
    }
    ccgpu *g = ctx->gpu;
    if (ccgpu_malloc(g, &da, bytes) || ccgpu_malloc(g, &db, bytes) ||
        ccgpu_malloc(g, &dc, bytes) || ccgpu_memcpy_htod(g, da, a, bytes) ||
        ccgpu_memcpy_htod(g, db, b, bytes) ||
        ccgpu_memset(g, dc, 0xff, bytes)) { /* poison: NaN everywhere */
        bench_fail(ctx, "vecadd: %s", ccgpu_error(g));
        goto out;
    }
    ccgpu_module *m = bench_load_module(ctx, "bench/vecadd/vecadd.ptx");
    if (!m)
        goto out;
    int in = (int)n;
    void *args[] = { &da, &db, &dc, &in };
    struct ccgpu_dim3 grid = { (n + VECADD_BLOCK - 1) / VECADD_BLOCK, 1, 1 };
    struct ccgpu_dim3 block = { VECADD_BLOCK, 1, 1 };
    if (ccgpu_launch(g, m, "vecadd", grid, block, 0, args, 4) ||
        ccgpu_memcpy_dtoh(g, c, dc, bytes)) {
        bench_fail(ctx, "vecadd: %s", ccgpu_error(g));
        goto out;
    }
    /* One IEEE single-precision add on both sides (the host compiles
     * a[i] + b[i] in float with SSE, round to nearest): compare bit for bit. */
    for (uint32_t i = 0; i < n; i++) {
        float want = a[i] + b[i];
        if (memcmp(&c[i], &want, sizeof want) != 0) {
            bench_fail(ctx, "vecadd: c[%u] is %.9g, expected %.9g (%.9g + %.9g)", i,
                       (double)c[i], (double)want, (double)a[i], (double)b[i]);
            goto out;
        }
    }
    if (ctx->log)
        fprintf(ctx->log, "vecadd: %u elements checked\n", n);
    rc = 0;
out:
    if (dc)
        ccgpu_free(ctx->gpu, dc);
    if (db)
        ccgpu_free(ctx->gpu, db);
    if (da)
        ccgpu_free(ctx->gpu, da);
    free(a);
    free(b);
    free(c);
    return rc;
}

const struct bench_ops bench_vecadd = {
    .version = 1,
    .name = "vecadd",
    .klass = "ci",
    .description = "vector add c = a + b, one float per thread (streaming, no reuse)",
    .sizes = "small 16Ki elements, medium 4Mi, large 32Mi",
    .run = vecadd_run,
};
