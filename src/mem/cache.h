/* Generic set-associative cache for the timing model (L1D, L2 slices):
 * a tag array with optional sectors, MSHRs that merge requests to a block, a
 * bounded miss queue towards the next level, and GPGPU-Sim's outcomes:
 *
 *   HIT              the data is here
 *   HIT_RESERVED     the block is being fetched; the read waits in its MSHR
 *   MISS             a line is reserved (allocate-on-miss) and a read is
 *                    queued downstream; the request waits in a new MSHR entry
 *   RESERVATION_FAIL nothing changed; retry later. Reasons: LINE_ALLOC (every
 *                    way of the set is reserved), MSHR_ENTRY (none free),
 *                    MSHR_MERGE (the block's entry is full), MISS_QUEUE (full)
 *
 * Writes: write-evict (L1 global stores: a hit invalidates the line, the write
 * goes down, no allocation), write-through, local-write-back/global-
 * write-through (GPGPU-Sim's 'L', by cache_access.is_local), or write-back
 * (a hit marks the
 * line dirty; a miss allocates when write_allocate is set, without fetching:
 * the written sectors become valid and dirty; dirty victims are written back).
 * A write returns HIT or MISS (HIT_RESERVED for a write-back write to a line
 * being filled: it becomes dirty when the fill arrives); writes never occupy
 * MSHRs. The cache has no clock: latency belongs to whoever owns it.
 *
 * Callers identify requests by an opaque 64-bit token; cache_fill returns the
 * tokens of the reads it completes. Policies observe through cache_hooks. */
#ifndef CCGPU_MEM_CACHE_H
#define CCGPU_MEM_CACHE_H
#include <stddef.h>
#include <stdint.h>
#include "ccgpu_policy.h" /* enum cache_outcome, cache_fail */
#include "mem/cache_config.h"
#include "mem/mshr.h"
#include "policy/cache/cache_index.h"
#include "policy/cache/cache_repl.h"

struct stats;

#define CACHE_NO_TAG UINT64_MAX

enum cache_line_state { CACHE_LINE_INVALID, CACHE_LINE_RESERVED, CACHE_LINE_VALID, CACHE_LINE_MODIFIED };

struct cache_line {
    uint64_t block;  /* block number = byte address / line size */
    int32_t warp;    /* warp that reserved (or allocated) the line */
    uint8_t state;   /* enum cache_line_state, derived from the masks */
    uint8_t valid;   /* sectors present */
    uint8_t pending; /* sectors being fetched: the line is reserved */
    uint8_t dirty;   /* sectors modified */
};

/* One request towards the next level, in the miss queue. */
enum cache_out_kind { CACHE_OUT_READ, CACHE_OUT_WRITE, CACHE_OUT_WRITEBACK };
struct cache_out {
    uint64_t addr;  /* line-aligned byte address */
    uint64_t token; /* READ: first waiting request; WRITE: the write's; WRITEBACK: 0 */
    int32_t warp;   /* requester (WRITEBACK: the warp that had reserved the line) */
    uint8_t kind;   /* enum cache_out_kind */
    uint8_t sectors;
};

struct cache_access {
    uint64_t addr;   /* byte address */
    uint8_t sectors; /* sectors touched; 0 = the sector holding addr */
    uint8_t is_write;
    int32_t warp;
    uint64_t token;
    uint8_t is_local; /* local memory: write-back under the 'L' write policy */
};

/* Optional observers (any may be NULL); ctx is passed back. on_access sees
 * every call, failed ones included; on_evict sees capacity/conflict
 * evictions only (not write-evict invalidations). */
struct cache_hooks {
    void *ctx;
    void (*on_access)(void *ctx, uint64_t block, int32_t warp, int is_write,
                      enum cache_outcome outcome, enum cache_fail fail);
    void (*on_reserve)(void *ctx, uint64_t block, int32_t warp);
    void (*on_evict)(void *ctx, uint64_t block, int32_t warp);
};

/* accesses = hits + hit_reserved + misses (failed attempts are counted only
 * in res_fail, so retries do not inflate accesses). */
struct cache_stats {
    uint64_t accesses, reads, writes;
    uint64_t hits, hit_reserved, misses, sector_misses;
    /* sectors the reads and writes touched, and those of hits (the energy
     * model's events; not listed): a line is one sector in a cache without
     * sectors */
    uint64_t read_sectors, read_hit_sectors, write_sectors, write_hit_sectors;
    uint64_t res_fail[CACHE_NFAIL]; /* [0] = total of the reasons */
    uint64_t mshr_merges, evictions, writebacks, write_invalidates, fills;
};

struct cache {
    struct cache_config cfg;
    uint32_t line_shift, sector_shift, nsectors;
    uint8_t all_sectors;
    struct cache_line *lines; /* nsets * assoc */
    uint64_t *tags;           /* block of each line, CACHE_NO_TAG when invalid */
    /* no line has been valid or reserved since cache_init or the last
     * cache_invalidate_all that left none reserved: invalidating all would
     * change nothing (an idle SM's L1 at each launch) */
    uint8_t blank;
    struct cache_index index;
    struct cache_repl repl;
    struct mshr mshr;
    struct cache_out *mq;     /* ring of cfg.miss_queue */
    uint32_t mq_head, mq_count, mq_cap;
    uint64_t *eligible;       /* scratch bitmap for choose_victim */
    int victim_pure;          /* the policy's choose_victim only reads its state */
    /* The built-in LRU's stamps and clock (cache_repl_lru_stamps): hits,
     * fills and victims handled here without the policy's calls. NULL: every
     * policy's path (tests clear it to compare the two). */
    uint64_t *lru_stamp, *lru_clock;
    /* The associativity cache_access's lookups are compiled for (4, 8 or
     * 16: the loops over a set unrolled); 0: they read cfg.assoc, as for
     * any other associativity (tests clear it to compare the two). */
    uint32_t fast_assoc;
    uint64_t drop;            /* block-number bits the set index leaves out (index_drop) */
    uint64_t *wake;           /* cache_fill's result, max_merge tokens */
    struct cache_hooks hooks;
    struct cache_stats st;
    char stat_names[24][48];
};

/* Builds a cache from cfg (validated); -1 with a message on error. */
int cache_init(struct cache *c, const struct cache_config *cfg, char *err, size_t errlen);
void cache_free(struct cache *c);
void cache_set_hooks(struct cache *c, const struct cache_hooks *hooks);

/* One access; on RESERVATION_FAIL *fail says why and nothing changed. */
enum cache_outcome cache_access(struct cache *c, const struct cache_access *a, enum cache_fail *fail);
/* What a read would see now, without changing anything (HIT, HIT_RESERVED
 * or MISS; never a failure). */
enum cache_outcome cache_probe(const struct cache *c, uint64_t addr, uint8_t sectors);

/* Data for sectors of the block at addr arrived: the line becomes valid (for
 * allocate-on-fill caches a way is chosen now) and the reads whose sectors
 * are all present wake: *tokens points at their tokens (valid until the next
 * call), the count is returned. -1 if nothing was waiting for the block. */
int cache_fill(struct cache *c, uint64_t addr, uint8_t sectors, const uint64_t **tokens);

/* GPGPU-Sim's gpgpu_perf_sim_memcpy (tag_array::fill without a request): the
 * sectors of the block at addr become valid and clean, as if just filled, with
 * no traffic and nothing counted. A present line gets the sectors and a
 * replacement touch; an absent block takes a way as a fill would (an invalid
 * one first, else the policy's victim), the victim dropped without a
 * writeback, as GPGPU-Sim drops it. A line being fetched, or a set whose ways
 * are all being fetched, is left alone. */
void cache_preload(struct cache *c, uint64_t addr, uint8_t sectors);

/* Miss queue towards the next level: the oldest request, or NULL. */
static inline const struct cache_out *cache_out_front(const struct cache *c)
{
    return c->mq_count ? &c->mq[c->mq_head] : NULL;
}
void cache_out_pop(struct cache *c);

/* Drops every line that is not reserved, writing nothing back (an L1 between
 * kernels). */
void cache_invalidate_all(struct cache *c);
/* Line holding addr's block, or NULL (tests, policies that inspect state). */
const struct cache_line *cache_find_line(const struct cache *c, uint64_t addr);
/* An atomic updated sectors of the valid line holding addr: in a write-back
 * cache they become dirty (written back when the line is evicted); nothing
 * otherwise. */
void cache_mark_modified(struct cache *c, uint64_t addr, uint8_t sectors);
static inline uint64_t cache_block_of(const struct cache *c, uint64_t addr)
{
    return addr >> c->line_shift;
}
/* The block number the set index reads: without the bits of drop (taken
 * out high to low, so that each bit is still at its own position). */
static inline uint64_t cache_index_block(const struct cache *c, uint64_t block)
{
    for (uint64_t d = c->drop; d;) {
        uint32_t b = 63u - (uint32_t)__builtin_clzll(d);
        block = (block >> (b + 1)) << b | (block & ((1ull << b) - 1));
        d &= ~(1ull << b);
    }
    return block;
}
static inline uint32_t cache_set_of(const struct cache *c, uint64_t addr)
{
    return cache_index_set(&c->index, cache_index_block(c, addr >> c->line_shift));
}
/* Sector mask of bytes [addr, addr+bytes) within addr's line. */
uint8_t cache_sector_mask(const struct cache *c, uint64_t addr, uint32_t bytes);

/* Registers every counter as "<prefix>.<name>" (e.g. l1d.misses) plus
 * <prefix>.miss_rate; -1 on failure. */
int cache_register_stats(struct cache *c, struct stats *s, const char *prefix);

const char *cache_outcome_name(enum cache_outcome o);
const char *cache_fail_name(enum cache_fail f);

#endif
