#include "mem/mshr.h"
#include <stdlib.h>
#include <string.h>

int mshr_init(struct mshr *m, uint32_t entries, uint32_t max_merge)
{
    memset(m, 0, sizeof *m);
    if (entries == 0 || entries > (1u << 24) || max_merge == 0 || max_merge > UINT16_MAX)
        return -1;
    m->tbits = 1;
    while ((1u << m->tbits) < 2 * entries) /* load factor at most 1/2 */
        m->tbits++;
    m->tmask = (1u << m->tbits) - 1;
    m->e = calloc(entries, sizeof *m->e);
    m->slots = calloc((size_t)entries * max_merge, sizeof *m->slots);
    m->table = calloc((size_t)m->tmask + 1, sizeof *m->table);
    m->free_stack = calloc(entries, sizeof *m->free_stack);
    if (!m->e || !m->slots || !m->table || !m->free_stack) {
        mshr_free(m);
        return -1;
    }
    m->nentries = entries;
    m->max_merge = max_merge;
    for (uint32_t i = 0; i < entries; i++) {
        m->e[i].req = &m->slots[(size_t)i * max_merge];
        m->free_stack[i] = entries - 1 - i; /* entry 0 is handed out first */
    }
    return 0;
}

void mshr_free(struct mshr *m)
{
    free(m->e);
    free(m->slots);
    free(m->table);
    free(m->free_stack);
    memset(m, 0, sizeof *m);
}

static uint32_t home(const struct mshr *m, uint64_t block)
{
    return (uint32_t)((block * 0x9e3779b97f4a7c15ull) >> (64 - m->tbits));
}

int mshr_find_slot(const struct mshr *m, uint64_t block, uint32_t *slot)
{
    for (uint32_t i = home(m, block);; i = (i + 1) & m->tmask) {
        uint32_t v = m->table[i];
        if (!v || m->e[v - 1].block == block) {
            *slot = i;
            return v ? (int)(v - 1) : -1;
        }
    }
}

int mshr_find(const struct mshr *m, uint64_t block)
{
    uint32_t slot;
    return mshr_find_slot(m, block, &slot);
}

int mshr_alloc(struct mshr *m, uint64_t block, int32_t warp)
{
    uint32_t i = home(m, block);
    while (m->table[i])
        i = (i + 1) & m->tmask;
    return mshr_alloc_at(m, block, warp, i);
}

int mshr_alloc_at(struct mshr *m, uint64_t block, int32_t warp, uint32_t slot)
{
    if (m->nused == m->nentries)
        return -1;
    uint32_t idx = m->free_stack[m->nentries - 1 - m->nused];
    struct mshr_entry *e = &m->e[idx];
    e->used = 1;
    e->block = block;
    e->warp = warp;
    e->pending = 0;
    e->nreq = 0;
    m->nused++;
    m->table[slot] = idx + 1;
    return (int)idx;
}

/* Removes the entry at table slot i, shifting later members of its probe
 * run back so lookups never stop early (linear-probing deletion). */
static void table_remove(struct mshr *m, uint32_t i)
{
    m->table[i] = 0;
    for (uint32_t j = (i + 1) & m->tmask; m->table[j]; j = (j + 1) & m->tmask) {
        uint32_t k = home(m, m->e[m->table[j] - 1].block);
        /* move j into the hole at i unless its home lies cyclically in (i, j] */
        int stays = i <= j ? (k > i && k <= j) : (k > i || k <= j);
        if (!stays) {
            m->table[i] = m->table[j];
            m->table[j] = 0;
            i = j;
        }
    }
}

void mshr_add(struct mshr *m, int i, uint64_t token, uint8_t sectors, uint8_t newly_pending)
{
    struct mshr_entry *e = &m->e[i];
    e->req[e->nreq++] = (struct mshr_req){ token, sectors };
    e->pending |= newly_pending;
}

int mshr_fill(struct mshr *m, uint64_t block, uint8_t sectors, uint64_t *out)
{
    uint32_t slot;
    int i = mshr_find_slot(m, block, &slot);
    return i < 0 ? -1 : mshr_fill_entry(m, i, slot, sectors, out);
}

int mshr_fill_entry(struct mshr *m, int i, uint32_t slot, uint8_t sectors, uint64_t *out)
{
    struct mshr_entry *e = &m->e[i];
    e->pending &= (uint8_t)~sectors;
    int n = 0, keep = 0;
    /* Wake in arrival order; keep the rest in order too. */
    for (int r = 0; r < e->nreq; r++) {
        if (e->req[r].sectors & e->pending)
            e->req[keep++] = e->req[r];
        else
            out[n++] = e->req[r].token;
    }
    e->nreq = (uint16_t)keep;
    if (keep == 0 && e->pending == 0) {
        table_remove(m, slot);
        e->used = 0;
        m->nused--;
        m->free_stack[m->nentries - 1 - m->nused] = (uint32_t)i;
    }
    return n;
}
