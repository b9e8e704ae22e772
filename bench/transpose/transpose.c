/* transpose: out = in^T through 32x32 shared-memory tiles
 * (bench/transpose/transpose.cu). The input is generated (uniform floats in
 * [-1, 1)); a transpose only moves values, so every element is compared bit
 * for bit. */
#include "bench.h"
#include "common/driver.h"
#include <stdlib.h>
#include <string.h>

enum { TR_TILE = 32, TR_ROWS = 8 };

struct tr_size {
    uint32_t width, height; /* of the input; multiples of TR_TILE */
};
/* small is not square, so a swapped index fails the check */
static const struct tr_size tr_sizes[BENCH_SIZE_COUNT] = {
    { 256, 192 },
    { 2048, 2048 },
    { 4096, 4096 },
};

/* Launches the transpose of in and checks every element of out. */
static int transpose_device(struct bench_ctx *ctx, struct drv *d, const struct tr_size *sz,
                            const float *in, float *out)
{
    size_t bytes = (size_t)sz->width * sz->height * sizeof(float);
    ccgpu_devptr dout, din;
    int32_t w = (int32_t)sz->width, h = (int32_t)sz->height;
    void *args[] = { &dout, &din, &w, &h };
    struct ccgpu_dim3 grid = { sz->width / TR_TILE, sz->height / TR_TILE, 1 };
    struct ccgpu_dim3 block = { TR_TILE, TR_ROWS, 1 };
    /* output poisoned with NaN: an element never written fails */
    if (drv_alloc(d, &din, bytes, in, 0, "input") ||
        drv_alloc(d, &dout, bytes, NULL, 0xff, "output"))
        return -1;
    if (ccgpu_launch(ctx->gpu, d->mod, "transpose", grid, block, 0, args, 4))
        return bench_fail(ctx, "transpose: %s", ccgpu_error(ctx->gpu));
    if (drv_download(d, out, dout, bytes, "output"))
        return -1;
    for (uint32_t y = 0; y < sz->height; y++)
        for (uint32_t x = 0; x < sz->width; x++) {
            const float *want = &in[(size_t)y * sz->width + x];
            const float *got = &out[(size_t)x * sz->height + y];
            if (memcmp(got, want, sizeof *got) != 0)
                return bench_fail(ctx, "transpose: out[%u][%u] is %.9g, expected in[%u][%u] = %.9g",
                                  x, y, (double)*got, y, x, (double)*want);
        }
    if (ctx->log)
        fprintf(ctx->log, "transpose: %u x %u checked\n", sz->width, sz->height);
    return 0;
}

static int transpose_run(struct bench_ctx *ctx)
{
    if (ctx->input)
        return bench_fail(ctx, "transpose: takes no --input (the matrix is generated)");
    if ((unsigned)ctx->size >= BENCH_SIZE_COUNT)
        return bench_fail(ctx, "transpose: unknown size %d", (int)ctx->size);
    const struct tr_size *sz = &tr_sizes[ctx->size];
    size_t n = (size_t)sz->width * sz->height;
    float *in = drv_host_alloc(ctx, n * sizeof *in, "transpose input");
    float *out = drv_host_alloc(ctx, n * sizeof *out, "transpose output");
    struct drv d;
    int rc = -1;
    if (in && out) {
        struct bench_rng rng = { ctx->seed };
        for (size_t i = 0; i < n; i++)
            in[i] = (float)(bench_rng_unit(&rng) * 2.0 - 1.0);
        if (drv_init(&d, ctx, "bench/transpose/transpose.ptx") == 0) {
            rc = transpose_device(ctx, &d, sz, in, out);
            drv_release(&d);
        }
    }
    free(in);
    free(out);
    return rc;
}

const struct bench_ops bench_transpose = {
    .version = 1,
    .name = "transpose",
    .klass = "micro",
    .description = "tiled matrix transpose through 32x32 shared-memory tiles, CTAs of 32x8 "
                   "(the CUDA SDK's shape; coalesced, no reuse: bandwidth-bound)",
    .sizes = "width x height: small 256x192, medium 2048x2048, large 4096x4096",
    .run = transpose_run,
};
