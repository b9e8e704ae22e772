#include "analysis/blockmap.h"
#include <stdlib.h>

static uint64_t slot_of(const struct blockmap *m, uint64_t key)
{
    return (key * 0x9e3779b97f4a7c15ull) >> m->shift;
}

static int alloc_table(struct blockmap *m, unsigned log2cap)
{
    m->e = calloc((size_t)1 << log2cap, sizeof *m->e);
    if (!m->e)
        return -1;
    m->mask = ((uint64_t)1 << log2cap) - 1;
    m->shift = 64 - log2cap;
    m->count = 0;
    return 0;
}

int blockmap_init(struct blockmap *m, uint64_t expected)
{
    unsigned log2cap = 4;
    while (((uint64_t)1 << log2cap) < 2 * expected && log2cap < 40)
        log2cap++;
    return alloc_table(m, log2cap);
}

void blockmap_free(struct blockmap *m)
{
    free(m->e);
    m->e = NULL;
    m->count = 0;
}

uint32_t *blockmap_find(const struct blockmap *m, uint64_t key)
{
    for (uint64_t i = slot_of(m, key);; i = (i + 1) & m->mask) {
        struct blockmap_entry *e = &m->e[i];
        if (!e->used)
            return NULL;
        if (e->key == key)
            return &e->val;
    }
}

static int grow(struct blockmap *m)
{
    struct blockmap old = *m;
    if (alloc_table(m, 64 - old.shift + 1) != 0) {
        *m = old;
        return -1;
    }
    for (uint64_t i = 0; i <= old.mask; i++) {
        if (!old.e[i].used)
            continue;
        uint64_t j = slot_of(m, old.e[i].key);
        while (m->e[j].used)
            j = (j + 1) & m->mask;
        m->e[j] = old.e[i];
        m->count++;
    }
    free(old.e);
    return 0;
}

uint32_t *blockmap_insert(struct blockmap *m, uint64_t key, uint32_t val, int *added)
{
    *added = 0;
    if (2 * (m->count + 1) > m->mask + 1 && grow(m) != 0)
        return NULL;
    uint64_t i = slot_of(m, key);
    for (; m->e[i].used; i = (i + 1) & m->mask)
        if (m->e[i].key == key)
            return &m->e[i].val;
    m->e[i].used = 1;
    m->e[i].key = key;
    m->e[i].val = val;
    m->count++;
    *added = 1;
    return &m->e[i].val;
}

void blockmap_remove(struct blockmap *m, uint64_t key)
{
    uint64_t i = slot_of(m, key);
    for (;; i = (i + 1) & m->mask) {
        if (!m->e[i].used)
            return;
        if (m->e[i].key == key)
            break;
    }
    /* backward shift: pull later members of the probe run into the hole */
    uint64_t hole = i;
    for (uint64_t j = (i + 1) & m->mask; m->e[j].used; j = (j + 1) & m->mask) {
        uint64_t home = slot_of(m, m->e[j].key);
        /* move e[j] unless its home lies cyclically in (hole, j] */
        int stays = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
        if (!stays) {
            m->e[hole] = m->e[j];
            hole = j;
        }
    }
    m->e[hole].used = 0;
    m->count--;
}
