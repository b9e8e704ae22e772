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
};

struct scan {
    struct cachesim proto; /* validated geometry and index function */
    uint32_t nsets, assoc;
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
        if (!c->tag || !c->count)
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

/* One access; 0, or -1 when the index function gives a set out of range. */
static int scan_access(struct scan *s, struct scan_cache *c, uint64_t block, int write,
                       enum cachesim_writes mode)
{
    uint32_t set = s->nsets == 1 ? 0 : cache_index_set(&s->proto.index, block);
    if (set >= s->nsets)
        return -1;
    uint64_t *tag = &c->tag[(size_t)set * s->assoc];
    uint32_t n = c->count[set], w = 0;
    while (w < n && tag[w] != block)
        w++;
    if (w < n) {
        if (write)
            s->st.write_hits++;
        else
            s->st.read_hits++;
        if (mode == CACHESIM_WRITES_EVICT) {
            memmove(&tag[w], &tag[w + 1], (n - 1 - w) * sizeof *tag);
            c->count[set] = (uint8_t)(n - 1);
            s->st.invalidations++;
        } else if (s->lru && w) {
            memmove(&tag[1], &tag[0], w * sizeof *tag);
            tag[0] = block;
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
    memmove(&tag[1], &tag[0], n * sizeof *tag);
    tag[0] = block;
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
    int rc = -1, st;
    uint32_t kernel = 0;
    uint64_t n = 0;
    struct trace_record r;
    while ((st = src->next(src->ctx, &r)) == 1) {
        if (!cachesim_run_includes(cfg, &r)) {
            res->excluded++;
            continue;
        }
        if (cfg->flush_kernels && r.kernel != kernel) {
            flush_all(&s);
            kernel = r.kernel;
        }
        struct scan_cache *c = cache_of(&s, cfg->per_sm ? r.sm : 0);
        if (!c)
            goto oom;
        enum cachesim_writes mode = cachesim_write_mode(&cfg->cache, &r);
        if (mode == CACHESIM_WRITES_IGNORE)
            s.st.skipped++;
        else if (scan_access(&s, c, r.block, r.write != 0, mode) != 0)
            goto oom;
        n++;
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
