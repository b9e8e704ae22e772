/* Trace-driven cache simulator (the CCWS paper's SAGCS): one set-associative
 * cache fed one access at a time, with LRU, FIFO, seeded random, Belady OPT
 * and OPT with bypass replacement, or an unbounded fully associative cache.
 *
 * Tag lookup is a hash map, so an access costs O(1) for LRU, FIFO and random
 * and O(log assoc) for OPT (a max-heap of next uses per set), whatever the
 * associativity.
 *
 * Writes, --writes in the command:
 *   evict    (default) the timing model's baseline L1D for global stores:
 *            write-evict, no write-allocate. A store that hits counts as a
 *            hit and invalidates the line; a store that misses counts as a
 *            miss and allocates nothing.
 *   allocate stores are handled like loads (write-back, write-allocate).
 *   through  no write-allocate, but a hit keeps the line and refreshes it
 *            like a load (write-through, or write-back without allocation).
 *   ignore   stores are skipped: not counted, no effect on the cache.
 * Stores to local memory follow local_writes instead (--local-writes; the
 * command defaults it to --writes). GPGPU-Sim's 'L' L1D write policy (and
 * src/mem's cache with it) keeps local stores write-back while global ones go
 * through: with no write-allocate that is --writes through for both, or
 * --local-writes through beside write-evict globals.
 *
 * OPT needs, for each access, the index of the next access to the same block
 * in the same cache (see opt.h); the other policies ignore it. On a hit OPT
 * refreshes the line's next use to that of the hitting access. */
#ifndef CCGPU_ANALYSIS_CACHESIM_H
#define CCGPU_ANALYSIS_CACHESIM_H
#include "analysis/blockmap.h"
#include "analysis/trace.h"
#include "policy/cache/cache_index.h"
#include "policy/cache/cache_repl.h"
#include <stddef.h>
#include <stdint.h>

#define CACHESIM_NEVER UINT32_MAX /* next use of a block never accessed again */

enum cachesim_policy {
    CACHESIM_LRU,
    CACHESIM_FIFO,
    CACHESIM_RANDOM,
    CACHESIM_OPT,        /* Belady: every miss allocates, evicting the furthest next use */
    CACHESIM_OPT_BYPASS, /* Belady allowed to bypass a miss used later than every resident line */
    CACHESIM_REPL,       /* "repl:SPEC": a policy of src/policy/cache/cache_repl.def, the
                            timing model's own code (e.g. "repl:random:42") */
};

enum cachesim_writes {
    CACHESIM_WRITES_EVICT,
    CACHESIM_WRITES_ALLOCATE,
    CACHESIM_WRITES_IGNORE,
    CACHESIM_WRITES_THROUGH,
    CACHESIM_WRITES_COUNT
};

struct cachesim_config {
    enum cachesim_policy policy;
    enum cachesim_writes writes;       /* stores other than local */
    enum cachesim_writes local_writes; /* stores of kind TRACE_KIND_LOCAL */
    uint64_t size;      /* bytes (ignored when unbounded) */
    uint32_t assoc;     /* ways; 0 = fully associative */
    uint32_t line_size; /* bytes, only to derive the set count from size */
    const char *index;  /* set-index function (cache_index.h), NULL = "linear" */
    const char *repl;   /* CACHESIM_REPL: the cache_repl spec (after "repl:") */
    int unbounded;      /* infinite, fully associative */
    uint64_t seed;      /* for CACHESIM_RANDOM */
};

/* Who brought the line in (the access that missed and allocated it) and the
 * lanes of that warp that have touched it since; for locality.h. */
struct cachesim_owner {
    uint32_t warp, cta, lanes;
    uint16_t sm, kernel;
};

struct cachesim_stats {
    uint64_t read_hits, read_misses, write_hits, write_misses;
    uint64_t skipped;       /* ignored writes */
    uint64_t bypasses;      /* OPT-bypass misses that did not allocate */
    uint64_t evictions;     /* valid lines replaced */
    uint64_t invalidations; /* lines removed by write-evict */
};

enum cachesim_outcome { CACHESIM_MISS = 0, CACHESIM_HIT = 1, CACHESIM_SKIPPED = 2 };

struct cachesim_line {
    uint64_t block;
    uint32_t prev, next; /* recency list (LRU, FIFO) */
    uint32_t next_use;   /* OPT key */
    uint32_t heap_pos;   /* OPT: position in its set's heap */
    struct cachesim_owner owner;
};

struct cachesim {
    struct cachesim_config cfg;
    const struct cachesim_repl *repl;
    struct cache_index index;
    uint32_t nsets, assoc;
    uint64_t nlines;              /* capacity (grows when unbounded) */
    struct cachesim_line *lines;  /* line i lives in set i / assoc (bounded) */
    uint32_t *set_count;          /* valid lines per set */
    uint32_t *set_head, *set_tail; /* recency list per set: head = most recent */
    uint64_t *free_ways;          /* per set, a bitmap of invalid ways (words_per_set words) */
    uint32_t words_per_set;
    uint32_t *free_lines;         /* unbounded: a stack of free line indices */
    uint32_t *heap;               /* OPT: per set, max-heap of line indices by next_use */
    uint64_t lines_used, nfree;   /* unbounded: lines handed out, indices on free_lines */
    struct blockmap map;          /* block -> line index */
    struct cache_repl shared;     /* CACHESIM_REPL */
    uint64_t *eligible;           /* CACHESIM_REPL: every way, for choose_victim */
    uint64_t rng;
    struct cachesim_stats stats;
};

/* Name <-> policy ("lru", "fifo", "random", "opt", "opt-bypass", or
 * "repl:SPEC" for CACHESIM_REPL, the spec checked by cachesim_init); -1 if
 * unknown. */
int cachesim_policy_parse(const char *name);
const char *cachesim_policy_name(enum cachesim_policy p);
int cachesim_writes_parse(const char *name);
/* How cfg treats r: CACHESIM_WRITES_ALLOCATE for loads (they always allocate). */
static inline enum cachesim_writes cachesim_write_mode(const struct cachesim_config *cfg,
                                                       const struct trace_record *r)
{
    if (!r->write)
        return CACHESIM_WRITES_ALLOCATE;
    return r->kind == TRACE_KIND_LOCAL ? cfg->local_writes : cfg->writes;
}
/* The same for an access (struct trace_access). */
static inline enum cachesim_writes cachesim_access_write_mode(const struct cachesim_config *cfg,
                                                              const struct trace_access *a)
{
    if (!a->write)
        return CACHESIM_WRITES_ALLOCATE;
    return a->kind == TRACE_KIND_LOCAL ? cfg->local_writes : cfg->writes;
}
const char *cachesim_writes_name(enum cachesim_writes w);

/* Validates cfg and builds an empty cache. -1 with a one-line message. */
int cachesim_init(struct cachesim *s, const struct cachesim_config *cfg, char *err, size_t errlen);
void cachesim_free(struct cachesim *s);
/* Simulates one access. next_use: index of the next access to r->block in
 * this cache's stream (CACHESIM_NEVER if none); only OPT reads it. On a hit,
 * *owner (may be NULL) receives the line's owner before this access.
 * Returns an enum cachesim_outcome, or -1 when out of memory (unbounded) or
 * when the set-index function returns a set out of range. */
int cachesim_access(struct cachesim *s, const struct trace_record *r, uint32_t next_use,
                    struct cachesim_owner *owner);
/* Invalidates every line (an L1 at a kernel launch); statistics stay. */
void cachesim_flush(struct cachesim *s);
/* Lines currently valid. */
uint64_t cachesim_resident(const struct cachesim *s);

#endif
