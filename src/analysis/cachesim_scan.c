/* cachesim_run's fast path for LRU and FIFO (issue 13): bounded caches of at
 * most CACHESIM_SCAN_MAX_WAYS ways, without the locality breakdown. No hash
 * map: a set is an array of its valid tags in replacement order, youngest
 * first (LRU: by last use, a hit moves its tag to the front; FIFO: by fill,
 * hits move nothing), so a lookup scans the few tags of one set - most hits
 * are near the front - and the victim is the last tag, the tail of the
 * general path's recency list. Which way a line would occupy is not kept:
 * no statistic depends on it. The records stream through once; nothing is
 * kept per access.
 *
 * The statistics equal cachesim_access's (tests/706 compares both paths on
 * random traces, every write mode, flushes and per-SM caches). */
#include "analysis/cachesim_fast.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CACHESIM_SCAN_MAX_WAYS 64

struct scan_cache {
    uint64_t *tag;  /* nsets * assoc: set k's valid tags at k * assoc, youngest first */
    uint8_t *count; /* valid tags per set */
    uint64_t *fp;   /* nsets, when assoc <= 8: byte w is fingerprint(tag[w]) */
};

struct scan {
    struct cachesim proto; /* validated geometry and index function */
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
        free(s->c[i].fp);
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
        c->tag = malloc((size_t)s->nsets * s->assoc * sizeof *c->tag);
        c->count = calloc(s->nsets, 1);
        if (s->assoc <= 8)
            c->fp = calloc(s->nsets, sizeof *c->fp);
        if (!c->tag || !c->count || (s->assoc <= 8 && !c->fp))
            return NULL;
    }
    return c;
}

static void flush_all(struct scan *s)
{
    for (uint32_t i = 0; i < s->n; i++)
        if (s->c[i].count)
            memset(s->c[i].count, 0, s->nsets);
}

/* Sets of at most 8 ways also keep a fingerprint byte per way in one word,
 * in the tags' order, so a lookup compares all ways at once (SWAR) and reads
 * a tag only where its byte matches; the word changes exactly as the tag
 * array does. */
static inline unsigned fingerprint(uint64_t block)
{
    return (unsigned)((block * 0x9e3779b97f4a7c15ull) >> 56);
}

#define BYTES_LO 0x0101010101010101ull
#define BYTES_HI 0x8080808080808080ull

/* Bytes 0..k-1 of a word (k <= 8). */
static inline uint64_t low_bytes(uint32_t k) { return k >= 8 ? ~0ull : (1ull << (8 * k)) - 1; }

/* The way holding block among the first n, or n. */
static inline uint32_t find_way(const uint64_t *tag, const uint64_t *fpw, uint32_t n,
                                uint64_t block, unsigned fp)
{
    if (!fpw) {
        uint32_t w = 0;
        while (w < n && tag[w] != block)
            w++;
        return w;
    }
    uint64_t x = *fpw ^ (fp * BYTES_LO);
    /* a zero byte of x (a matching fingerprint) gets its high bit set; a
     * borrow can mark the byte above a match too, which the tag check
     * below rejects */
    uint64_t m = (x - BYTES_LO) & ~x & BYTES_HI & low_bytes(n);
    while (m) {
        uint32_t w = (uint32_t)__builtin_ctzll(m) / 8;
        if (tag[w] == block)
            return w;
        m &= m - 1;
    }
    return n;
}

/* Way w's entry goes; the ways after it move up one (both arrays). */
static inline void remove_way(uint64_t *tag, uint64_t *fpw, uint32_t n, uint32_t w)
{
    memmove(&tag[w], &tag[w + 1], (n - 1 - w) * sizeof *tag);
    if (fpw)
        *fpw = (*fpw & low_bytes(w)) | ((*fpw >> 8) & ~low_bytes(w));
}

/* Way w's entry (block) moves to way 0; the ways before it move down one. */
static inline void move_to_front(uint64_t *tag, uint64_t *fpw, uint32_t w, uint64_t block,
                                 unsigned fp)
{
    memmove(&tag[1], &tag[0], w * sizeof *tag);
    tag[0] = block;
    if (fpw)
        *fpw = (*fpw & ~low_bytes(w + 1)) | ((*fpw & low_bytes(w)) << 8) | fp;
}

/* The first n entries move down one and block takes way 0. */
static inline void push_front(uint64_t *tag, uint64_t *fpw, uint32_t n, uint64_t block,
                              unsigned fp)
{
    memmove(&tag[1], &tag[0], n * sizeof *tag);
    tag[0] = block;
    if (fpw)
        *fpw = (*fpw << 8) | fp;
}

/* One access; 0, or -1 when the index function gives a set out of range. */
static int scan_access(struct scan *s, struct scan_cache *c, uint64_t block, int write,
                       enum cachesim_writes mode)
{
    uint32_t set = s->linear_mask != UINT64_MAX ? (uint32_t)(block & s->linear_mask)
                                                : cache_index_set(&s->proto.index, block);
    if (set >= s->nsets)
        return -1;
    uint64_t *tag = &c->tag[(size_t)set * s->assoc];
    uint64_t *fpw = c->fp ? &c->fp[set] : NULL;
    unsigned fp = fingerprint(block);
    uint32_t n = c->count[set];
    uint32_t w = find_way(tag, fpw, n, block, fp);
    if (w < n) {
        if (write)
            s->st.write_hits++;
        else
            s->st.read_hits++;
        if (mode == CACHESIM_WRITES_EVICT) {
            remove_way(tag, fpw, n, w);
            c->count[set] = (uint8_t)(n - 1);
            s->st.invalidations++;
        } else if (s->lru && w) {
            move_to_front(tag, fpw, w, block, fp);
        }
        return 0;
    }
    if (write)
        s->st.write_misses++;
    else
        s->st.read_misses++;
    if (mode == CACHESIM_WRITES_EVICT || mode == CACHESIM_WRITES_THROUGH)
        return 0; /* no write-allocate */
    if (n == s->assoc) {
        s->st.evictions++; /* the last tag goes */
        n--;
    } else {
        c->count[set] = (uint8_t)(n + 1);
    }
    push_front(tag, fpw, n, block, fp);
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
    struct trace_record batch[CACHESIM_BATCH];
    while ((st = access_source_read(src, batch, CACHESIM_BATCH)) > 0) {
        for (long i = 0; i < st; i++) {
            const struct trace_record *r = &batch[i];
            if (!cachesim_run_includes(cfg, r)) {
                res->excluded++;
                continue;
            }
            if (cfg->flush_kernels && r->kernel != kernel) {
                flush_all(&s);
                kernel = r->kernel;
            }
            struct scan_cache *c = cache_of(&s, cfg->per_sm ? r->sm : 0);
            if (!c)
                goto oom;
            enum cachesim_writes mode = cachesim_write_mode(&cfg->cache, r);
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
    snprintf(err, errlen, "record %llu: out of memory (or a set index out of range)",
             (unsigned long long)(n + res->excluded));
done:
    scan_free(&s);
    return rc;
}
