#include "common/driver.h"
#include <stdlib.h>
#include <string.h>

int drv_init(struct drv *d, struct bench_ctx *ctx, const char *ptx_path)
{
    memset(d, 0, sizeof *d);
    d->ctx = ctx;
    d->mod = bench_load_module(ctx, ptx_path);
    return d->mod ? 0 : -1;
}

void drv_release(struct drv *d)
{
    for (int i = 0; i < d->nbuf; i++)
        ccgpu_free(d->ctx->gpu, d->buf[i]); /* freeing is best effort on error paths */
    d->nbuf = 0;
}

int drv_alloc(struct drv *d, ccgpu_devptr *out, size_t bytes, const void *host, int fill,
              const char *what)
{
    *out = 0;
    if (d->nbuf == DRV_MAX_BUFFERS)
        return bench_fail(d->ctx, "%s: more than %d device buffers", what, DRV_MAX_BUFFERS);
    if (bytes == 0)
        bytes = 1;
    if (ccgpu_malloc(d->ctx->gpu, out, bytes))
        return bench_fail(d->ctx, "allocating %s (%zu bytes): %s", what, bytes,
                          ccgpu_error(d->ctx->gpu));
    d->buf[d->nbuf++] = *out;
    return host ? drv_upload(d, *out, host, bytes, what) : drv_fill(d, *out, fill, bytes, what);
}

int drv_upload(struct drv *d, ccgpu_devptr dst, const void *host, size_t bytes, const char *what)
{
    if (ccgpu_memcpy_htod(d->ctx->gpu, dst, host, bytes))
        return bench_fail(d->ctx, "copying %s to the device: %s", what, ccgpu_error(d->ctx->gpu));
    return 0;
}

int drv_download(struct drv *d, void *host, ccgpu_devptr src, size_t bytes, const char *what)
{
    if (ccgpu_memcpy_dtoh(d->ctx->gpu, host, src, bytes))
        return bench_fail(d->ctx, "copying %s from the device: %s", what,
                          ccgpu_error(d->ctx->gpu));
    return 0;
}

int drv_fill(struct drv *d, ccgpu_devptr dst, int value, size_t bytes, const char *what)
{
    if (ccgpu_memset(d->ctx->gpu, dst, value, bytes))
        return bench_fail(d->ctx, "setting %s: %s", what, ccgpu_error(d->ctx->gpu));
    return 0;
}

int drv_launch(struct drv *d, const char *kernel, uint64_t threads, uint32_t block, void **args,
               int nargs)
{
    uint64_t blocks = (threads + block - 1) / block;
    if (blocks == 0)
        blocks = 1;
    if (blocks > UINT32_MAX)
        return bench_fail(d->ctx, "%s: %llu threads is too many", kernel,
                          (unsigned long long)threads);
    struct ccgpu_dim3 grid = { (uint32_t)blocks, 1, 1 }, cta = { block, 1, 1 };
    if (ccgpu_launch(d->ctx->gpu, d->mod, kernel, grid, cta, 0, args, nargs))
        return bench_fail(d->ctx, "%s", ccgpu_error(d->ctx->gpu));
    return 0;
}

void *drv_host_alloc(struct bench_ctx *ctx, size_t bytes, const char *what)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        bench_fail(ctx, "%s: out of memory (%zu bytes)", what, bytes);
    return p;
}
