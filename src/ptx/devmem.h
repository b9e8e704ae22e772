/* Device (global) memory of one simulated GPU: a set of live allocations,
 * 256-byte aligned, laid out upwards from DEVMEM_BASE so that 0 and small
 * integers are never valid addresses. Every access is checked against the
 * live allocations; the last allocation hit is cached for the common case of
 * a warp streaming through one array. */
#ifndef CCGPU_PTX_DEVMEM_H
#define CCGPU_PTX_DEVMEM_H
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#define DEVMEM_BASE 0x10000000ull
#define DEVMEM_ALIGN 256u
#define DEVMEM_LIMIT 0x00007e0000000000ull /* generic local window starts here */

struct devmem_alloc {
    uint64_t base, size;
    uint8_t *data;
    int external; /* devmem_map: data is the caller's, base == its address */
};

struct devmem {
    struct devmem_alloc *allocs; /* sorted by base */
    uint32_t n, cap;
    /* index of the last allocation hit: a hint, read and written relaxed
     * (a timing model's SMs may look up from several threads) */
    atomic_uint_least32_t last;
    uint64_t next;      /* next free address (bump allocation, never reused) */
    uint64_t bytes_live;
};

void devmem_init(struct devmem *m);
void devmem_free_all(struct devmem *m);
/* 0 and *out = address, or -1 (out of memory / address space). size 0 gets
 * one aligned unit, so every allocation has a distinct address. */
int devmem_alloc(struct devmem *m, uint64_t size, uint64_t *out);
/* -1 when addr is not the base of a live allocation (or is a mapped
 * range: those go through devmem_unmap). */
int devmem_release(struct devmem *m, uint64_t addr);
/* Maps caller-owned memory at device address (uintptr_t)data, so host and
 * device see one address (unified memory). -1 when the range is empty,
 * reaches DEVMEM_LIMIT or overlaps a live allocation. Later bump
 * allocations step over mapped ranges. */
int devmem_map(struct devmem *m, void *data, uint64_t size);
int devmem_unmap(struct devmem *m, uint64_t addr);

/* Host pointer for [addr, addr+size) when it lies inside one live allocation,
 * else NULL. */
static inline uint8_t *devmem_ptr(struct devmem *m, uint64_t addr, uint64_t size);
uint8_t *devmem_lookup(struct devmem *m, uint64_t addr, uint64_t size);

static inline uint8_t *devmem_ptr(struct devmem *m, uint64_t addr, uint64_t size)
{
    if (m->n) {
        const struct devmem_alloc *a =
            &m->allocs[atomic_load_explicit(&m->last, memory_order_relaxed)];
        uint64_t off = addr - a->base;
        if (addr >= a->base && off < a->size && size <= a->size - off)
            return a->data + off;
    }
    return devmem_lookup(m, addr, size);
}

#endif
