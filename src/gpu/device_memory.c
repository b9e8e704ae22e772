/* The host API's device memory: allocation, copies, host mappings. */
#include "gpu/gpu_internal.h"
#include "trace/sass_write.h"
#include "timing/gpu_timing.h"
#include <string.h>

/* ---- device memory ---- */

int ccgpu_malloc(ccgpu *gpu, ccgpu_devptr *out, size_t bytes)
{
    if (devmem_alloc(&gpu->mem, bytes, out))
        return gpu_fail(gpu, "malloc: cannot allocate %zu bytes of device memory", bytes);
    return 0;
}

int ccgpu_free(ccgpu *gpu, ccgpu_devptr ptr)
{
    if (ptr == 0)
        return 0; /* like cudaFree(NULL) */
    if (devmem_release(&gpu->mem, ptr))
        return gpu_fail(gpu, "free: 0x%llx is not the start of a live allocation",
                    (unsigned long long)ptr);
    return 0;
}

static uint8_t *range(ccgpu *gpu, const char *what, ccgpu_devptr p, size_t bytes)
{
    uint8_t *h = devmem_ptr(&gpu->mem, p, bytes ? bytes : 1);
    if (!h && bytes)
        gpu_fail(gpu, "%s: %zu bytes at 0x%llx are not inside one live allocation", what, bytes,
             (unsigned long long)p);
    return h;
}

int ccgpu_memcpy_htod(ccgpu *gpu, ccgpu_devptr dst, const void *src, size_t bytes)
{
    if (!bytes)
        return 0;
    uint8_t *d = range(gpu, "memcpy_htod", dst, bytes);
    if (!d)
        return -1;
    memcpy(d, src, bytes);
    gpu_timing_host_copy(gpu->timing, dst, bytes);
    sass_writer_copy(gpu->sass_out, dst, bytes, 1);
    return 0;
}

int ccgpu_memcpy_dtoh(ccgpu *gpu, void *dst, ccgpu_devptr src, size_t bytes)
{
    if (!bytes)
        return 0;
    uint8_t *s = range(gpu, "memcpy_dtoh", src, bytes);
    if (!s)
        return -1;
    memcpy(dst, s, bytes);
    gpu_timing_host_copy(gpu->timing, src, bytes); /* GPGPU-Sim does it both ways */
    sass_writer_copy(gpu->sass_out, src, bytes, 0);
    return 0;
}

int ccgpu_memcpy_dtod(ccgpu *gpu, ccgpu_devptr dst, ccgpu_devptr src, size_t bytes)
{
    if (!bytes)
        return 0;
    uint8_t *s = range(gpu, "memcpy_dtod", src, bytes);
    uint8_t *d = s ? range(gpu, "memcpy_dtod", dst, bytes) : NULL;
    if (!d)
        return -1;
    memmove(d, s, bytes);
    return 0;
}

int ccgpu_memset(ccgpu *gpu, ccgpu_devptr dst, int value, size_t bytes)
{
    if (!bytes)
        return 0;
    uint8_t *d = range(gpu, "memset", dst, bytes);
    if (!d)
        return -1;
    memset(d, value, bytes);
    return 0;
}

int ccgpu_find_allocation(ccgpu *gpu, ccgpu_devptr p, ccgpu_devptr *base, size_t *size)
{
    if (!devmem_ptr(&gpu->mem, p, 1))
        return -1;
    const struct devmem_alloc *a = &gpu->mem.allocs[gpu->mem.last]; /* the hit */
    if (base)
        *base = a->base;
    if (size)
        *size = (size_t)a->size;
    return 0;
}

void *ccgpu_host_view(ccgpu *gpu, ccgpu_devptr p, size_t bytes)
{
    return devmem_ptr(&gpu->mem, p, bytes ? bytes : 1);
}

int ccgpu_map_host(ccgpu *gpu, void *host, size_t bytes)
{
    if (devmem_map(&gpu->mem, host, bytes))
        return gpu_fail(gpu, "map_host: %zu bytes at %p: empty, beyond the device address space or "
                         "overlapping an allocation", bytes, host);
    return 0;
}

int ccgpu_unmap_host(ccgpu *gpu, void *host)
{
    if (devmem_unmap(&gpu->mem, (uint64_t)(uintptr_t)host))
        return gpu_fail(gpu, "unmap_host: %p is not the start of a mapped range", host);
    return 0;
}
