/* Small helpers for benchmark drivers: device buffers released together,
 * uploads/downloads and 1-D launches that report failures through
 * bench_fail with ccgpu_error, so a driver reads as its algorithm. */
#ifndef CCGPU_BENCH_COMMON_DRIVER_H
#define CCGPU_BENCH_COMMON_DRIVER_H
#include "bench.h"
#include <stddef.h>

#define DRV_MAX_BUFFERS 24

struct drv {
    struct bench_ctx *ctx;
    ccgpu_module *mod;
    ccgpu_devptr buf[DRV_MAX_BUFFERS];
    int nbuf;
};

/* Loads the benchmark's embedded module; -1 with ctx->error set. */
int drv_init(struct drv *d, struct bench_ctx *ctx, const char *ptx_path);
/* Frees every buffer allocated through d (safe after a failed drv_init). */
void drv_release(struct drv *d);

/* Allocates `bytes` (at least 1) and copies `host` in when non-NULL, else
 * fills the buffer with the byte `fill`. */
int drv_alloc(struct drv *d, ccgpu_devptr *out, size_t bytes, const void *host, int fill,
              const char *what);
int drv_upload(struct drv *d, ccgpu_devptr dst, const void *host, size_t bytes, const char *what);
int drv_download(struct drv *d, void *host, ccgpu_devptr src, size_t bytes, const char *what);
int drv_fill(struct drv *d, ccgpu_devptr dst, int value, size_t bytes, const char *what);

/* Launches `kernel` over `threads` threads in 1-D blocks of `block`. */
int drv_launch(struct drv *d, const char *kernel, uint64_t threads, uint32_t block, void **args,
               int nargs);

/* malloc that reports "NAME: out of memory" through ctx; NULL on failure. */
void *drv_host_alloc(struct bench_ctx *ctx, size_t bytes, const char *what);

#endif
