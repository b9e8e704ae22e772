/* cachesim_run's fast path for LRU and FIFO: bounded caches of at
 * most CACHESIM_SCAN_MAX_WAYS ways, without the locality breakdown. No hash
 * map. Each set keeps its valid tags in replacement order, youngest first
 * (LRU: by last use, a hit moves to the front; FIFO: by fill, hits move
 * nothing), and the victim is the last, the tail of the general path's
 * recency list. A set of at most 8 ways (struct set8) keeps its tags in
 * their ways and the order as a word of way numbers beside a word of
 * fingerprint bytes, so a lookup compares all ways at once and a hit or fill
 * rewrites two registers' worth of state instead of moving tags; a wider set
 * is an array of tags in that order, scanned. Which way a line occupies
 * differs from cachesim.c: no statistic depends on it. The records stream
 * through once (trace_reader_read_accesses: only the fields a cache needs);
 * nothing is kept per access.
 *
 * The statistics equal cachesim_access's (tests/706 compares both paths on
 * random traces, every write mode, flushes and per-SM caches). */
#include "analysis/cachesim_fast.h"
#include "policy/guard.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CACHESIM_SCAN_MAX_WAYS 64

/* A set of at most 8 ways: its tags stay in their ways; which ways are
 * valid and their replacement order are kept beside the fingerprints. */
struct set8 {
    uint64_t fp;    /* byte w: fingerprint(tag of way w) */
    uint32_t order; /* nibble i: the way i-th in replacement order, youngest
                       first; nibbles 0..n-1 the valid ways, then the invalid
                       ones (a permutation of the ways) */
    uint8_t n;      /* valid ways */
    uint8_t valid;  /* bit w: way w valid */
};

struct scan_cache {
    uint64_t *tag;  /* nsets * assoc: set k's tags at k * assoc (over 8 ways: the
                       valid ones, youngest first; else by way) */
    uint8_t *count; /* over 8 ways: valid tags per set */
    struct set8 *s8; /* nsets, when assoc <= 8 */
};

struct scan {
    struct cachesim proto; /* validated geometry and index function */
    const struct policy_fault *ifault; /* a plugin index function's violation, or NULL */
    uint32_t nsets, assoc;
    uint64_t linear_mask;  /* set = block & linear_mask, or UINT64_MAX: ask the index */
    int lru;
    struct scan_cache *c;  /* per stream (SM id or 0) */
    uint32_t n;            /* streams allocated */
    struct cachesim_stats st;
};

int cachesim_scan_eligible(const struct cachesim_run_config *cfg)
{
    const struct cachesim_config *c = &cfg->cache;
    if (cfg->locality || c->unbounded || c->line_size == 0 || c->size % c->line_size)
        return 0;
    if (c->policy != CACHESIM_LRU && c->policy != CACHESIM_FIFO)
        return 0;
    uint64_t lines = c->size / c->line_size;
    uint64_t assoc = c->assoc ? c->assoc : lines;
    return assoc >= 1 && assoc <= CACHESIM_SCAN_MAX_WAYS;
}

static void scan_free(struct scan *s)
{
    for (uint32_t i = 0; i < s->n; i++) {
        free(s->c[i].tag);
        free(s->c[i].count);
        free(s->c[i].s8);
    }
    free(s->c);
    cachesim_free(&s->proto);
}

/* The cache of stream id, made (empty) on first sight; NULL when out of memory. */
static struct scan_cache *cache_of(struct scan *s, uint32_t id)
{
    if (id >= s->n) {
        struct scan_cache *c = realloc(s->c, ((size_t)id + 1) * sizeof *c);
        if (!c)
            return NULL;
        memset(c + s->n, 0, ((size_t)id + 1 - s->n) * sizeof *c);
        s->c = c;
        s->n = id + 1;
    }
    struct scan_cache *c = &s->c[id];
    if (!c->tag) {
        c->tag = calloc((size_t)s->nsets * s->assoc, sizeof *c->tag);
        if (!c->tag)
            return NULL;
        if (s->assoc <= 8) {
            if (!(c->s8 = calloc(s->nsets, sizeof *c->s8)))
                return NULL;
            for (uint32_t k = 0; k < s->nsets; k++)
                c->s8[k].order = 0x76543210u; /* way i i-th */
        } else if (!(c->count = calloc(s->nsets, 1))) {
            return NULL;
        }
    }
    return c;
}

static void flush_all(struct scan *s)
{
    for (uint32_t i = 0; i < s->n; i++) {
        if (s->c[i].count)
            memset(s->c[i].count, 0, s->nsets);
        if (s->c[i].s8)
            for (uint32_t k = 0; k < s->nsets; k++)
                s->c[i].s8[k].n = s->c[i].s8[k].valid = 0; /* any order of invalid ways */
    }
}

/* Counts a miss; 1 when the mode allocates a line for it (no
 * write-allocate under evict and write-through). */
static inline int count_miss(struct scan *s, int write, enum cachesim_writes mode)
{
    if (write)
        s->st.write_misses++;
    else
        s->st.read_misses++;
    return mode != CACHESIM_WRITES_EVICT && mode != CACHESIM_WRITES_THROUGH;
}

/* Sets of more than 8 ways: the valid tags in replacement order, youngest
 * first; a lookup scans them, the victim is the last. */

/* The way holding block among the first n, or n. */
static inline uint32_t find_way(const uint64_t *tag, uint32_t n, uint64_t block)
{
    uint32_t w = 0;
    while (w < n && tag[w] != block)
        w++;
    return w;
}

/* One access to a set of more than 8 ways. */
static void wide_access(struct scan *s, struct scan_cache *c, uint32_t set, uint64_t block,
                        int write, enum cachesim_writes mode)
{
    uint64_t *tag = &c->tag[(size_t)set * s->assoc];
    uint32_t n = c->count[set];
    uint32_t w = find_way(tag, n, block);
    if (w < n) {
        if (write)
            s->st.write_hits++;
        else
            s->st.read_hits++;
        if (mode == CACHESIM_WRITES_EVICT) { /* way w goes, the later ones move up */
            memmove(&tag[w], &tag[w + 1], (n - 1 - w) * sizeof *tag);
            c->count[set] = (uint8_t)(n - 1);
            s->st.invalidations++;
        } else if (s->lru && w) { /* to the front */
            memmove(&tag[1], &tag[0], w * sizeof *tag);
            tag[0] = block;
        }
        return;
    }
    if (!count_miss(s, write, mode))
        return;
    if (n == s->assoc) {
        s->st.evictions++; /* the last tag goes */
        n--;
    } else {
        c->count[set] = (uint8_t)(n + 1);
    }
    memmove(&tag[1], &tag[0], n * sizeof *tag);
    tag[0] = block;
}

/* Sets of at most 8 ways (struct set8): the tags stay in their ways and a
 * fingerprint byte per way sits in one word, so a lookup compares all ways
 * at once (SWAR) and reads a tag only where its byte matches; the
 * replacement order is a word of way numbers (nibbles), so a hit or a fill
 * moves 4 bits of a register instead of the tags. */
static inline unsigned fingerprint(uint64_t block)
{
    return (unsigned)((block * 0x9e3779b97f4a7c15ull) >> 56);
}

#define BYTES_LO 0x0101010101010101ull
#define BYTES_HI 0x8080808080808080ull
#define NIBBLES_LO 0x11111111ull
#define NIBBLES_HI 0x88888888ull

/* Nibbles 0..k-1 of the order word (k <= 8). */
static inline uint64_t low_nibbles(uint32_t k) { return (1ull << (4 * k)) - 1; }

/* The position of way w in order (it is there: a permutation). A zero
 * nibble of x gets its high bit set; a borrow can mark nibbles above the
 * lowest zero one, never below, so the lowest mark is exact. */
static inline uint32_t order_pos(uint32_t order, uint32_t w)
{
    uint64_t x = order ^ (w * NIBBLES_LO);
    uint64_t m = (x - NIBBLES_LO) & ~x & NIBBLES_HI;
    return (uint32_t)__builtin_ctzll(m) / 4;
}

/* The way at position i moves to the front; those before it move down one. */
static inline uint32_t order_to_front(uint32_t order, uint32_t i)
{
    uint64_t o = order, w = o >> (4 * i) & 15;
    return (uint32_t)((o & ~low_nibbles(i + 1)) | ((o & low_nibbles(i)) << 4) | w);
}

/* One access to a set of at most 8 ways. */
static inline void set8_access(struct scan *s, struct scan_cache *c, uint32_t set,
                               uint64_t block, int write, enum cachesim_writes mode)
{
    struct set8 *e = &c->s8[set];
    uint64_t *tag = &c->tag[(size_t)set * s->assoc];
    unsigned fp = fingerprint(block);
    uint64_t x = e->fp ^ (fp * BYTES_LO);
    /* a zero byte of x (a matching fingerprint) gets its high bit set; a
     * borrow can mark the byte above a match too, which the tag check
     * below rejects. An invalid way (its stale tag, or a byte beyond the
     * set's ways, which holds no tag) is rejected before its tag is read. */
    uint64_t m = (x - BYTES_LO) & ~x & BYTES_HI;
    while (m) {
        uint32_t w = (uint32_t)__builtin_ctzll(m) / 8;
        m &= m - 1;
        if (!(e->valid >> w & 1) || tag[w] != block)
            continue;
        if (write)
            s->st.write_hits++;
        else
            s->st.read_hits++;
        if (mode == CACHESIM_WRITES_EVICT) {
            /* way w leaves the valid ones: it moves to position n-1, the
             * ways after it up one */
            uint32_t i = order_pos(e->order, w), n = e->n;
            uint64_t o = e->order;
            e->order = (uint32_t)((o & low_nibbles(i)) |
                                  ((o >> 4) & low_nibbles(n - 1) & ~low_nibbles(i)) |
                                  (uint64_t)w << (4 * (n - 1)) | (o & ~low_nibbles(n)));
            e->n = (uint8_t)(n - 1);
            e->valid &= (uint8_t)~(1u << w);
            s->st.invalidations++;
        } else if (s->lru) {
            e->order = order_to_front(e->order, order_pos(e->order, w));
        }
        return;
    }
    if (!count_miss(s, write, mode))
        return;
    /* the first invalid way, or the oldest valid one */
    uint32_t i = e->n;
    if (i == s->assoc) {
        s->st.evictions++;
        i--;
    } else {
        e->n = (uint8_t)(i + 1);
    }
    uint32_t w = e->order >> (4 * i) & 15;
    e->order = order_to_front(e->order, i);
    e->valid |= (uint8_t)(1u << w);
    tag[w] = block;
    e->fp = (e->fp & ~(0xffull << (8 * w))) | (uint64_t)fp << (8 * w);
}

/* One access; 0, or -1 when the index function gives a set out of range. */
static inline int scan_access(struct scan *s, struct scan_cache *c, uint64_t block, int write,
                              enum cachesim_writes mode)
{
    uint32_t set = s->linear_mask != UINT64_MAX ? (uint32_t)(block & s->linear_mask)
                                                : cache_index_set(&s->proto.index, block);
    if (set >= s->nsets || (s->ifault && s->ifault->set))
        return -1;
    if (c->s8)
        set8_access(s, c, set, block, write, mode);
    else
        wide_access(s, c, set, block, write, mode);
    return 0;
}

int cachesim_run_scan(const struct cachesim_run_config *cfg, struct access_source *src,
                      struct cachesim_run_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    struct scan s;
    memset(&s, 0, sizeof s);
    if (cachesim_init(&s.proto, &cfg->cache, err, errlen) != 0)
        return -1;
    s.nsets = s.proto.nsets;
    s.assoc = s.proto.assoc;
    s.ifault = policy_guard_index_fault(s.proto.index.ops);
    s.lru = cfg->cache.policy == CACHESIM_LRU;
    s.linear_mask = UINT64_MAX;
    if (s.nsets == 1)
        s.linear_mask = 0;
    else if (!strcmp(s.proto.index.ops->name, "linear") && !(s.nsets & (s.nsets - 1)))
        s.linear_mask = s.nsets - 1; /* index_linear.c's rule, without the call */
    int rc = -1;
    long st;
    uint32_t kernel = 0;
    uint64_t n = 0;
    struct trace_access batch[CACHESIM_BATCH];
    const struct trace_access *view;
    while ((st = access_source_view(src, batch, CACHESIM_BATCH, &view)) > 0) {
        for (long i = 0; i < st; i++) {
            const struct trace_access *restrict r = &view[i];
            if (!cachesim_run_includes_access(cfg, r)) {
                res->excluded++;
                continue;
            }
            if (cfg->flush_kernels && r->kernel != kernel) {
                flush_all(&s);
                kernel = r->kernel;
            }
            uint32_t stream = cfg->per_sm ? r->sm : 0;
            struct scan_cache *c = stream < s.n && s.c[stream].tag ? &s.c[stream]
                                                                   : cache_of(&s, stream);
            if (!c)
                goto oom;
            enum cachesim_writes mode = cachesim_access_write_mode(&cfg->cache, r);
            if (mode == CACHESIM_WRITES_IGNORE)
                s.st.skipped++;
            else if (scan_access(&s, c, r->block, r->write != 0, mode) != 0)
                goto oom;
            n++;
        }
    }
    if (st < 0) {
        snprintf(err, errlen, "%s", src->error(src->ctx));
        goto done;
    }
    res->records = n + res->excluded;
    for (uint32_t i = 0; i < s.n; i++)
        res->caches += s.c[i].tag != NULL;
    res->stats = s.st;
    rc = 0;
    goto done;
oom: /* the general path's words */
    if (s.ifault && s.ifault->set)
        snprintf(err, errlen, "%s (record %llu)", s.ifault->msg,
                 (unsigned long long)(n + res->excluded));
    else
        snprintf(err, errlen, "record %llu: out of memory (or a set index out of range)",
                 (unsigned long long)(n + res->excluded));
done:
    scan_free(&s);
    return rc;
}
