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
        free(m->allocs[i].data);
    free(m->allocs);
    devmem_init(m);
}

int devmem_alloc(struct devmem *m, uint64_t size, uint64_t *out)
{
    uint64_t rounded = (size + DEVMEM_ALIGN - 1) / DEVMEM_ALIGN * DEVMEM_ALIGN;
    if (rounded == 0)
        rounded = DEVMEM_ALIGN;
    if (rounded < size || m->next + rounded > DEVMEM_LIMIT || m->next + rounded < m->next)
        return -1;
    if (m->n == m->cap) {
        uint32_t ncap = m->cap ? m->cap * 2 : 16;
        struct devmem_alloc *n = realloc(m->allocs, ncap * sizeof *n);
        if (!n)
            return -1;
        m->allocs = n;
        m->cap = ncap;
    }
    uint8_t *data = calloc(1, size ? size : 1);
    if (!data)
        return -1;
    /* bump allocation keeps the array sorted by base */
    m->allocs[m->n] = (struct devmem_alloc){ m->next, size, data };
    m->last = m->n++;
    *out = m->next;
    m->next += rounded;
    m->bytes_live += size;
    return 0;
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

int devmem_release(struct devmem *m, uint64_t addr)
{
    int i = find(m, addr);
    if (i < 0 || m->allocs[i].base != addr)
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
    m->last = (uint32_t)i;
    return a->data + off;
}
