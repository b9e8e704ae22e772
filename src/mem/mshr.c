#include "mem/mshr.h"
#include <stdlib.h>
#include <string.h>

int mshr_init(struct mshr *m, uint32_t entries, uint32_t max_merge)
{
    memset(m, 0, sizeof *m);
    if (entries == 0 || max_merge == 0 || max_merge > UINT16_MAX)
        return -1;
    m->e = calloc(entries, sizeof *m->e);
    m->slots = calloc((size_t)entries * max_merge, sizeof *m->slots);
    m->active = calloc(entries, sizeof *m->active);
    if (!m->e || !m->slots || !m->active) {
        mshr_free(m);
        return -1;
    }
    m->nentries = entries;
    m->max_merge = max_merge;
    for (uint32_t i = 0; i < entries; i++)
        m->e[i].req = &m->slots[(size_t)i * max_merge];
    return 0;
}

void mshr_free(struct mshr *m)
{
    free(m->e);
    free(m->slots);
    free(m->active);
    memset(m, 0, sizeof *m);
}

int mshr_find(const struct mshr *m, uint64_t block)
{
    for (uint32_t k = 0; k < m->nused; k++)
        if (m->e[m->active[k]].block == block)
            return (int)m->active[k];
    return -1;
}

int mshr_alloc(struct mshr *m, uint64_t block)
{
    for (uint32_t i = 0; i < m->nentries; i++)
        if (!m->e[i].used) {
            struct mshr_entry *e = &m->e[i];
            e->used = 1;
            e->block = block;
            e->pending = 0;
            e->nreq = 0;
            m->active[m->nused++] = i;
            return (int)i;
        }
    return -1;
}

void mshr_add(struct mshr *m, int i, uint64_t token, uint8_t sectors, uint8_t newly_pending)
{
    struct mshr_entry *e = &m->e[i];
    e->req[e->nreq++] = (struct mshr_req){ token, sectors };
    e->pending |= newly_pending;
}

int mshr_fill(struct mshr *m, uint64_t block, uint8_t sectors, uint64_t *out)
{
    int i = mshr_find(m, block);
    if (i < 0)
        return -1;
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
        e->used = 0;
        for (uint32_t k = 0; k < m->nused; k++)
            if (m->active[k] == (uint32_t)i) {
                m->active[k] = m->active[--m->nused];
                break;
            }
    }
    return n;
}
