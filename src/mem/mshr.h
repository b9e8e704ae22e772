/* Miss status holding registers: one entry per block with misses in flight,
 * each merging up to max_merge requests (opaque caller tokens) that wait for
 * the block. Sectored caches fill per sector: a request wakes once every
 * sector it needs has arrived. */
#ifndef CCGPU_MEM_MSHR_H
#define CCGPU_MEM_MSHR_H
#include <stdint.h>

struct mshr_req {
    uint64_t token;
    uint8_t sectors;
};

struct mshr_entry {
    uint64_t block;   /* block number; valid when nreq > 0 or pending */
    int32_t warp;     /* warp whose miss allocated the entry */
    uint8_t pending;  /* sectors requested from below, not yet arrived */
    uint8_t used;
    uint16_t nreq;
    struct mshr_req *req; /* max_merge slots */
};

struct mshr {
    uint32_t nentries, max_merge, nused;
    struct mshr_entry *e;
    struct mshr_req *slots;
    uint32_t *table;      /* open addressing by block: entry index + 1, 0 empty */
    uint32_t tmask, tbits;
    uint32_t *free_stack; /* unused entry indices */
};

int mshr_init(struct mshr *m, uint32_t entries, uint32_t max_merge);
void mshr_free(struct mshr *m);
/* Entry index holding block, or -1. */
int mshr_find(const struct mshr *m, uint64_t block);
/* mshr_find that also gives the table slot where the lookup stopped: the
 * entry's, or the free one where mshr_alloc_at can put block while the
 * table has not changed since. */
int mshr_find_slot(const struct mshr *m, uint64_t block, uint32_t *slot);
static inline int mshr_full(const struct mshr *m)
{
    return m->nused == m->nentries;
}
static inline int mshr_can_merge(const struct mshr *m, int i)
{
    return m->e[i].nreq < m->max_merge;
}
/* A new entry for block, opened by warp's miss (the caller checked
 * mshr_full); returns its index. */
int mshr_alloc(struct mshr *m, uint64_t block, int32_t warp);
/* mshr_alloc at the free slot a failed mshr_find_slot gave. */
int mshr_alloc_at(struct mshr *m, uint64_t block, int32_t warp, uint32_t slot);
/* Adds a waiting request (the caller checked mshr_can_merge); sectors it
 * needs that are not pending yet become pending. */
void mshr_add(struct mshr *m, int i, uint64_t token, uint8_t sectors, uint8_t newly_pending);
/* Sectors arrive for block: writes the tokens whose sectors are all present
 * to out (room for max_merge) and returns their count; frees the entry when
 * nothing is left. -1 if no entry holds block. */
int mshr_fill(struct mshr *m, uint64_t block, uint8_t sectors, uint64_t *out);
/* mshr_fill of entry i at table slot slot (as mshr_find_slot gave them,
 * the table unchanged since). */
int mshr_fill_entry(struct mshr *m, int i, uint32_t slot, uint8_t sectors, uint64_t *out);

#endif
