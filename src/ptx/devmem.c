#include "ptx/devmem.h"
#include <stdlib.h>
#include <string.h>

void devmem_init(struct devmem *m)
{
    memset(m, 0, sizeof *m);
    m->next = DEVMEM_BASE;
}

void devmem_free_all(struct devmem *m)
{
    for (uint32_t i = 0; i < m->n; i++)
        if (!m->allocs[i].external)
            free(m->allocs[i].data);
    free(m->allocs);
    devmem_init(m);
}

static int find(const struct devmem *m, uint64_t addr)
{
    uint32_t lo = 0, hi = m->n;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (m->allocs[mid].base <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (int)lo - 1; /* last allocation with base <= addr, or -1 */
}


static int grow(struct devmem *m)
{
    if (m->n < m->cap)
        return 0;
    uint32_t ncap = m->cap ? m->cap * 2 : 16;
    struct devmem_alloc *n = realloc(m->allocs, ncap * sizeof *n);
    if (!n)
        return -1;
    m->allocs = n;
    m->cap = ncap;
    return 0;
}

/* Inserts at its sorted place; returns the index. */
static uint32_t insert(struct devmem *m, struct devmem_alloc a)
{
    uint32_t i = (uint32_t)(find(m, a.base) + 1);
    memmove(&m->allocs[i + 1], &m->allocs[i], (m->n - i) * sizeof *m->allocs);
    m->allocs[i] = a;
    m->n++;
    return i;
}

/* First allocation whose range ends after addr, or m->n. */
static uint32_t first_ending_after(const struct devmem *m, uint64_t addr)
{
    int i = find(m, addr);
    if (i >= 0 && m->allocs[i].base + m->allocs[i].size > addr)
        return (uint32_t)i;
    return (uint32_t)(i + 1);
}

int devmem_alloc(struct devmem *m, uint64_t size, uint64_t *out)
{
    uint64_t rounded = (size + DEVMEM_ALIGN - 1) / DEVMEM_ALIGN * DEVMEM_ALIGN;
    if (rounded == 0)
        rounded = DEVMEM_ALIGN;
    /* step over mapped ranges in the way (bump allocations never overlap) */
    for (uint32_t i = first_ending_after(m, m->next); i < m->n; i++) {
        const struct devmem_alloc *a = &m->allocs[i];
        if (m->next + rounded <= a->base || m->next + rounded < m->next)
            break;
        uint64_t end = a->base + (a->size ? a->size : 1);
        m->next = (end + DEVMEM_ALIGN - 1) / DEVMEM_ALIGN * DEVMEM_ALIGN;
    }
    if (rounded < size || m->next + rounded > DEVMEM_LIMIT || m->next + rounded < m->next)
        return -1;
    if (grow(m))
        return -1;
    uint8_t *data = calloc(1, size ? size : 1);
    if (!data)
        return -1;
    m->last = insert(m, (struct devmem_alloc){ m->next, size, data, 0 });
    *out = m->next;
    m->next += rounded;
    m->bytes_live += size;
    return 0;
}

int devmem_map(struct devmem *m, void *data, uint64_t size)
{
    uint64_t base = (uint64_t)(uintptr_t)data;
    if (!data || size == 0 || base >= DEVMEM_LIMIT || size > DEVMEM_LIMIT - base)
        return -1;
    uint32_t i = first_ending_after(m, base);
    if (i < m->n && m->allocs[i].base < base + size)
        return -1; /* overlaps */
    if (grow(m))
        return -1;
    m->last = insert(m, (struct devmem_alloc){ base, size, data, 1 });
    return 0;
}

int devmem_unmap(struct devmem *m, uint64_t addr)
{
    int i = find(m, addr);
    if (i < 0 || m->allocs[i].base != addr || !m->allocs[i].external)
        return -1;
    memmove(&m->allocs[i], &m->allocs[i + 1], (m->n - (uint32_t)i - 1) * sizeof *m->allocs);
    m->n--;
    m->last = 0;
    return 0;
}

int devmem_release(struct devmem *m, uint64_t addr)
{
    int i = find(m, addr);
    if (i < 0 || m->allocs[i].base != addr || m->allocs[i].external)
        return -1;
    free(m->allocs[i].data);
    m->bytes_live -= m->allocs[i].size;
    memmove(&m->allocs[i], &m->allocs[i + 1], (m->n - (uint32_t)i - 1) * sizeof *m->allocs);
    m->n--;
    m->last = 0;
    return 0;
}

uint8_t *devmem_lookup(struct devmem *m, uint64_t addr, uint64_t size)
{
    int i = find(m, addr);
    if (i < 0)
        return NULL;
    struct devmem_alloc *a = &m->allocs[i];
    uint64_t off = addr - a->base;
    if (off >= a->size || size > a->size - off)
        return NULL;
    atomic_store_explicit(&m->last, (uint32_t)i, memory_order_relaxed);
    return a->data + off;
}
