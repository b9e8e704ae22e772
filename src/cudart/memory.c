/* Device, managed and pinned memory; copies, sets and symbols.
 *
 * cudaMalloc memory lives in the simulator's device address space, which
 * the host cannot dereference (as on a real GPU). Managed memory
 * (cudaMallocManaged) and pinned host memory (cudaMallocHost, cudaHostAlloc)
 * are host pages mapped into the device address space at their own
 * address, so one pointer works on both sides (unified addressing); they
 * are placed from HOSTMAP_BASE upwards, below the simulator's generic
 * local/shared windows. */
#define _GNU_SOURCE
#include "cudart/cudart.h"
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif
#define HOSTMAP_BASE 0x500000000000ull

static cudaError_t done(cudaError_t e)
{
    rt_unlock();
    return rt_ret(e);
}

#define BEGIN                                                                                      \
    rt_lock();                                                                                 \
    if (ccgpu_rt.sticky)                                                                             \
        return done(ccgpu_rt.sticky);                                                                \
    ccgpu *gpu = rt_gpu()

struct cudart_hostmem *rt_find_hostmem(const void *p)
{
    uintptr_t a = (uintptr_t)p;
    for (struct cudart_hostmem *h = ccgpu_rt.hostmem; h; h = h->next)
        if (a >= (uintptr_t)h->ptr && a - (uintptr_t)h->ptr < (h->size ? h->size : 1))
            return h;
    return NULL;
}

/* Host pages that the device sees at the same address. */
static void *map_pages(ccgpu *gpu, size_t size, size_t *mapped)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t len = (size ? size + page - 1 : page) / page * page;
    if (len < size)
        return NULL;
    if (!ccgpu_rt.hostmap_next)
        ccgpu_rt.hostmap_next = HOSTMAP_BASE;
    for (int tries = 0; tries < 64; tries++) {
        void *want = (void *)ccgpu_rt.hostmap_next;
        void *p = mmap(want, len, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
        if (p == MAP_FAILED) {
            ccgpu_rt.hostmap_next += 1ull << 30; /* something is there: move on */
            continue;
        }
        ccgpu_rt.hostmap_next = (uintptr_t)p + len + page; /* a guard gap */
        if (ccgpu_map_host(gpu, p, len) == 0) {
            *mapped = len;
            return p;
        }
        munmap(p, len);
        if ((uintptr_t)p != (uintptr_t)want) /* a kernel that ignores the flag */
            ccgpu_rt.hostmap_next = (uintptr_t)want + (1ull << 30);
    }
    return NULL;
}

static cudaError_t host_alloc(void **out, size_t size, int kind, unsigned flags)
{
    if (!out)
        return rt_ret(cudaErrorInvalidValue);
    BEGIN;
    struct cudart_hostmem *h = calloc(1, sizeof *h);
    if (!h || !(h->ptr = map_pages(gpu, size, &h->mapped_size))) {
        free(h);
        return done(cudaErrorMemoryAllocation);
    }
    h->size = size;
    h->kind = kind;
    h->flags = flags;
    h->next = ccgpu_rt.hostmem;
    ccgpu_rt.hostmem = h;
    *out = h->ptr;
    return done(cudaSuccess);
}

static int host_free(void *p)
{
    for (struct cudart_hostmem **q = &ccgpu_rt.hostmem; *q; q = &(*q)->next) {
        struct cudart_hostmem *h = *q;
        if (h->ptr != p)
            continue;
        if (ccgpu_rt.gpu)
            ccgpu_unmap_host(ccgpu_rt.gpu, h->ptr);
        if (!h->registered)
            munmap(h->ptr, h->mapped_size);
        *q = h->next;
        free(h);
        return 0;
    }
    return -1;
}

void rt_free_all_hostmem(void)
{
    while (ccgpu_rt.hostmem)
        host_free(ccgpu_rt.hostmem->ptr);
}

cudaError_t cudaMalloc(void **devPtr, size_t size)
{
    if (!devPtr)
        return rt_ret(cudaErrorInvalidValue);
    BEGIN;
    ccgpu_devptr p;
    if (ccgpu_malloc(gpu, &p, size))
        return done(cudaErrorMemoryAllocation);
    *devPtr = (void *)(uintptr_t)p;
    return done(cudaSuccess);
}

cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream)
{
    rt_lock();
    int bad = rt_check_stream(stream);
    rt_unlock();
    if (bad)
        return rt_ret(cudaErrorInvalidResourceHandle);
    return cudaMalloc(devPtr, size);
}

cudaError_t cudaFree(void *devPtr)
{
    BEGIN;
    if (!devPtr)
        return done(cudaSuccess);
    struct cudart_hostmem *h = rt_find_hostmem(devPtr);
    if (h) {
        if (h->kind != cudaMemoryTypeManaged || h->ptr != devPtr)
            return done(cudaErrorInvalidValue);
        host_free(devPtr);
        return done(cudaSuccess);
    }
    if (ccgpu_free(gpu, (ccgpu_devptr)(uintptr_t)devPtr))
        return done(cudaErrorInvalidValue);
    return done(cudaSuccess);
}

cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream)
{
    rt_lock();
    int bad = rt_check_stream(stream);
    rt_unlock();
    if (bad)
        return rt_ret(cudaErrorInvalidResourceHandle);
    return cudaFree(devPtr);
}

cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned flags)
{
    return host_alloc(devPtr, size, cudaMemoryTypeManaged, flags);
}

cudaError_t cudaMallocHost(void **ptr, size_t size)
{
    return host_alloc(ptr, size, cudaMemoryTypeHost, 0);
}

cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned flags)
{
    return host_alloc(pHost, size, cudaMemoryTypeHost, flags);
}

cudaError_t cudaFreeHost(void *ptr)
{
    BEGIN;
    (void)gpu;
    struct cudart_hostmem *h = rt_find_hostmem(ptr);
    if (!h || h->ptr != ptr || h->kind != cudaMemoryTypeHost || h->registered)
        return done(cudaErrorInvalidValue);
    host_free(ptr);
    return done(cudaSuccess);
}

/* The program's own memory becomes device-visible when its address lies
 * inside the device address space (heap memory of ordinary programs);
 * otherwise it is only page-locked in name, which copies do not need. */
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned flags)
{
    if (!ptr || !size)
        return rt_ret(cudaErrorInvalidValue);
    BEGIN;
    if (rt_find_hostmem(ptr))
        return done(cudaErrorHostMemoryAlreadyRegistered);
    struct cudart_hostmem *h = calloc(1, sizeof *h);
    if (!h)
        return done(cudaErrorMemoryAllocation);
    *h = (struct cudart_hostmem){ ptr, size, 0, cudaMemoryTypeHost, flags, 1, ccgpu_rt.hostmem };
    if (ccgpu_map_host(gpu, ptr, size) == 0)
        h->mapped_size = size;
    ccgpu_rt.hostmem = h;
    return done(cudaSuccess);
}

cudaError_t cudaHostUnregister(void *ptr)
{
    BEGIN;
    (void)gpu;
    struct cudart_hostmem *h = rt_find_hostmem(ptr);
    if (!h || h->ptr != ptr || !h->registered)
        return done(cudaErrorHostMemoryNotRegistered);
    host_free(ptr);
    return done(cudaSuccess);
}

cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned flags)
{
    (void)flags;
    if (!pDevice)
        return rt_ret(cudaErrorInvalidValue);
    BEGIN;
    (void)gpu;
    struct cudart_hostmem *h = rt_find_hostmem(pHost);
    if (!h || !h->mapped_size)
        return done(cudaErrorInvalidValue);
    *pDevice = pHost;
    return done(cudaSuccess);
}

cudaError_t cudaHostGetFlags(unsigned *pFlags, void *pHost)
{
    if (!pFlags)
        return rt_ret(cudaErrorInvalidValue);
    BEGIN;
    (void)gpu;
    struct cudart_hostmem *h = rt_find_hostmem(pHost);
    if (!h)
        return done(cudaErrorInvalidValue);
    *pFlags = h->flags;
    return done(cudaSuccess);
}

cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height)
{
    if (!devPtr || !pitch)
        return rt_ret(cudaErrorInvalidValue);
    size_t p = (width + 511) / 512 * 512;
    if (p < width || (height && p > SIZE_MAX / height))
        return rt_ret(cudaErrorMemoryAllocation);
    cudaError_t e = cudaMalloc(devPtr, p * height);
    if (!e)
        *pitch = p;
    return e;
}

/* ---- copies ---- */

static int is_device(const void *p, size_t n)
{
    ccgpu_devptr base;
    size_t size;
    uintptr_t a = (uintptr_t)p;
    return ccgpu_find_allocation(ccgpu_rt.gpu, a, &base, &size) == 0 && n <= size - (a - base);
}

static int is_mapped(const void *p)
{
    struct cudart_hostmem *h = rt_find_hostmem(p);
    return h && h->mapped_size;
}

/* Copies by where each side really is; the kind is checked against that
 * (mapped host memory counts as both). Call with the lock held. */
cudaError_t rt_copy(void *dst, const void *src, size_t n, int kind, const char *func)
{
    ccgpu *gpu = rt_gpu();
    if (!n)
        return cudaSuccess;
    if (!dst || !src || kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault)
        return kind < 0 || kind > cudaMemcpyDefault ? cudaErrorInvalidMemcpyDirection
                                                    : cudaErrorInvalidValue;
    int dmap = is_mapped(dst), smap = is_mapped(src);
    int ddev = !dmap && is_device(dst, n), sdev = !smap && is_device(src, n);
    int want_ddev = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
    int want_sdev = kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
    if (kind != cudaMemcpyDefault && !dmap && !smap &&
        (want_ddev != ddev || want_sdev != sdev)) {
        static const char *const kinds[] = { "cudaMemcpyHostToHost", "cudaMemcpyHostToDevice",
                                             "cudaMemcpyDeviceToHost",
                                             "cudaMemcpyDeviceToDevice" };
        int dside = want_ddev != ddev;
        int want = dside ? want_ddev : want_sdev;
        const void *p = dside ? dst : src;
        if (want)
            rt_say(func, "%s: the %s, %zu bytes at %p, is not inside one device allocation",
                       kinds[kind], dside ? "destination" : "source", n, p);
        else
            rt_say(func, "%s: the %s %p is device memory", kinds[kind],
                       dside ? "destination" : "source", p);
        return cudaErrorInvalidValue;
    }
    int r;
    if (ddev && sdev)
        r = ccgpu_memcpy_dtod(gpu, (uintptr_t)dst, (uintptr_t)src, n);
    else if (ddev)
        r = ccgpu_memcpy_htod(gpu, (uintptr_t)dst, src, n);
    else if (sdev)
        r = ccgpu_memcpy_dtoh(gpu, dst, (uintptr_t)src, n);
    else
        r = (memmove(dst, src, n), 0);
    if (r) {
        rt_say(func, "%s", ccgpu_error(gpu));
        return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
    BEGIN;
    (void)gpu;
    return done(rt_copy(dst, src, count, kind, "cudaMemcpy"));
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream)
{
    BEGIN;
    (void)gpu;
    if (rt_check_stream(stream))
        return done(cudaErrorInvalidResourceHandle);
    return done(rt_copy(dst, src, count, kind, "cudaMemcpyAsync"));
}

cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count)
{
    if (dstDevice != 0 || srcDevice != 0)
        return rt_ret(cudaErrorInvalidDevice);
    return cudaMemcpy(dst, src, count, cudaMemcpyDeviceToDevice);
}

static cudaError_t copy2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                          size_t height, int kind, const char *func)
{
    if (width > dpitch || width > spitch)
        return cudaErrorInvalidPitchValue;
    for (size_t y = 0; y < height; y++) {
        cudaError_t e = rt_copy((char *)dst + y * dpitch, (const char *)src + y * spitch, width,
                                    kind, func);
        if (e)
            return e;
    }
    return cudaSuccess;
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, enum cudaMemcpyKind kind)
{
    BEGIN;
    (void)gpu;
    return done(copy2d(dst, dpitch, src, spitch, width, height, kind, "cudaMemcpy2D"));
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind,
                              cudaStream_t stream)
{
    BEGIN;
    (void)gpu;
    if (rt_check_stream(stream))
        return done(cudaErrorInvalidResourceHandle);
    return done(copy2d(dst, dpitch, src, spitch, width, height, kind, "cudaMemcpy2DAsync"));
}

static cudaError_t set(void *p, int value, size_t n, const char *func)
{
    if (!n)
        return cudaSuccess;
    if (is_mapped(p)) {
        struct cudart_hostmem *h = rt_find_hostmem(p);
        if (n > h->size - ((uintptr_t)p - (uintptr_t)h->ptr))
            return cudaErrorInvalidValue;
        memset(p, value, n);
        return cudaSuccess;
    }
    if (ccgpu_memset(ccgpu_rt.gpu, (uintptr_t)p, value, n)) {
        rt_say(func, "%s", ccgpu_error(ccgpu_rt.gpu));
        return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}

cudaError_t cudaMemset(void *devPtr, int value, size_t count)
{
    BEGIN;
    (void)gpu;
    return done(set(devPtr, value, count, "cudaMemset"));
}

cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream)
{
    BEGIN;
    (void)gpu;
    if (rt_check_stream(stream))
        return done(cudaErrorInvalidResourceHandle);
    return done(set(devPtr, value, count, "cudaMemsetAsync"));
}

static cudaError_t set2d(void *p, size_t pitch, int value, size_t width, size_t height)
{
    if (width > pitch)
        return cudaErrorInvalidPitchValue;
    for (size_t y = 0; y < height; y++) {
        cudaError_t e = set((char *)p + y * pitch, value, width, "cudaMemset2D");
        if (e)
            return e;
    }
    return cudaSuccess;
}

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height)
{
    BEGIN;
    (void)gpu;
    return done(set2d(devPtr, pitch, value, width, height));
}

cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height,
                              cudaStream_t stream)
{
    BEGIN;
    (void)gpu;
    if (rt_check_stream(stream))
        return done(cudaErrorInvalidResourceHandle);
    return done(set2d(devPtr, pitch, value, width, height));
}

/* ---- symbols ---- */

static cudaError_t symbol(const void *sym, ccgpu_devptr *addr, size_t *size, const char *func)
{
    struct cudart_var *v = rt_find_var(sym);
    if (!v)
        return cudaErrorInvalidSymbol;
    ccgpu_module *mod = rt_module(v->fb);
    if (!mod)
        return cudaErrorNoKernelImageForDevice;
    if (ccgpu_module_symbol(ccgpu_rt.gpu, mod, v->name, addr, size)) {
        rt_say(func, "%s", ccgpu_error(ccgpu_rt.gpu));
        return cudaErrorInvalidSymbol;
    }
    return cudaSuccess;
}

static cudaError_t to_symbol(const void *sym, const void *src, size_t count, size_t offset,
                             int kind, const char *func)
{
    ccgpu_devptr a;
    size_t size;
    cudaError_t e = symbol(sym, &a, &size, func);
    if (e)
        return e;
    if (offset > size || count > size - offset)
        return cudaErrorInvalidValue;
    if (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice &&
        kind != cudaMemcpyDefault)
        return cudaErrorInvalidMemcpyDirection;
    return rt_copy((void *)(uintptr_t)(a + offset), src, count, cudaMemcpyDefault, func);
}

static cudaError_t from_symbol(void *dst, const void *sym, size_t count, size_t offset, int kind,
                               const char *func)
{
    ccgpu_devptr a;
    size_t size;
    cudaError_t e = symbol(sym, &a, &size, func);
    if (e)
        return e;
    if (offset > size || count > size - offset)
        return cudaErrorInvalidValue;
    if (kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice &&
        kind != cudaMemcpyDefault)
        return cudaErrorInvalidMemcpyDirection;
    return rt_copy(dst, (const void *)(uintptr_t)(a + offset), count, cudaMemcpyDefault, func);
}

cudaError_t cudaMemcpyToSymbol(const void *sym, const void *src, size_t count, size_t offset,
                               enum cudaMemcpyKind kind)
{
    BEGIN;
    (void)gpu;
    return done(to_symbol(sym, src, count, offset, kind, "cudaMemcpyToSymbol"));
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *sym, size_t count, size_t offset,
                                 enum cudaMemcpyKind kind)
{
    BEGIN;
    (void)gpu;
    return done(from_symbol(dst, sym, count, offset, kind, "cudaMemcpyFromSymbol"));
}

cudaError_t cudaMemcpyToSymbolAsync(const void *sym, const void *src, size_t count, size_t offset,
                                    enum cudaMemcpyKind kind, cudaStream_t stream)
{
    BEGIN;
    (void)gpu;
    if (rt_check_stream(stream))
        return done(cudaErrorInvalidResourceHandle);
    return done(to_symbol(sym, src, count, offset, kind, "cudaMemcpyToSymbolAsync"));
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *sym, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind, cudaStream_t stream)
{
    BEGIN;
    (void)gpu;
    if (rt_check_stream(stream))
        return done(cudaErrorInvalidResourceHandle);
    return done(from_symbol(dst, sym, count, offset, kind, "cudaMemcpyFromSymbolAsync"));
}

cudaError_t cudaGetSymbolAddress(void **devPtr, const void *sym)
{
    if (!devPtr)
        return rt_ret(cudaErrorInvalidValue);
    BEGIN;
    (void)gpu;
    ccgpu_devptr a;
    size_t size;
    cudaError_t e = symbol(sym, &a, &size, "cudaGetSymbolAddress");
    if (!e)
        *devPtr = (void *)(uintptr_t)a;
    return done(e);
}

cudaError_t cudaGetSymbolSize(size_t *size, const void *sym)
{
    if (!size)
        return rt_ret(cudaErrorInvalidValue);
    BEGIN;
    (void)gpu;
    ccgpu_devptr a;
    return done(symbol(sym, &a, size, "cudaGetSymbolSize"));
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attr, const void *ptr)
{
    if (!attr)
        return rt_ret(cudaErrorInvalidValue);
    BEGIN;
    (void)gpu;
    memset(attr, 0, sizeof *attr);
    struct cudart_hostmem *h = rt_find_hostmem(ptr);
    if (h) {
        attr->type = h->kind;
        attr->hostPointer = (void *)ptr;
        attr->devicePointer = h->mapped_size ? (void *)ptr : NULL;
    } else if (is_device(ptr, 1)) {
        attr->type = cudaMemoryTypeDevice;
        attr->devicePointer = (void *)ptr;
    } else {
        attr->type = cudaMemoryTypeUnregistered;
        attr->device = -2;
        attr->hostPointer = (void *)ptr;
    }
    return done(cudaSuccess);
}

/* Hints about managed memory: nothing to do on one simulated device. */
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, struct cudaMemLocation location,
                                 unsigned flags, cudaStream_t stream)
{
    (void)devPtr, (void)count, (void)location, (void)flags, (void)stream;
    return cudaSuccess;
}

cudaError_t cudaMemAdvise(const void *devPtr, size_t count, int advice,
                          struct cudaMemLocation location)
{
    (void)devPtr, (void)count, (void)advice, (void)location;
    return cudaSuccess;
}
