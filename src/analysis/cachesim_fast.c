/* cachesim_run's fast path (issue 13): OPT and OPT with bypass on bounded
 * caches of at most 64 ways, without the locality breakdown. The input is
 * decoded once: each (cache, block) pair gets a dense id the first time it
 * is seen (the one hash lookup per access), the accesses become an array of
 * ids, every next use is computed backwards with last[id] (no second pass
 * over the source, no hash map of next uses), and the simulation looks tags
 * up in where[id], sets in set_of[id], and finds a set's victim by scanning
 * its ways' next uses.
 *
 * LRU and FIFO stay on the general path: there a hash map of the resident
 * lines (a few hundred per cache) stays in the host's cache, where a map of
 * every block ever seen (what dense ids need) does not; measured on the bfs
 * medium L1 trace, dense ids made LRU 2.5x slower.
 *
 * The statistics equal cachesim_access's (tests/706 compares both paths on
 * random traces): hits and misses depend only on which block is evicted, the
 * line used furthest in the future. The only ties are among lines never used
 * again in their cache, and which of those goes changes no later lookup.
 * Which way a line occupies differs from cachesim.c (that one fills the
 * lowest invalid way, this one reuses the victim's way), which no statistic
 * can see. */
#include "analysis/cachesim_fast.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NIL UINT32_MAX
#define F_WRITE 1u
#define F_FLUSH 2u /* empty every cache before this access (a new kernel) */
#define F_MODE_SHIFT 2 /* enum cachesim_writes, 2 bits */

struct fast {
    const struct cachesim_run_config *cfg;
    struct cachesim proto;     /* validated geometry and index function */
    uint32_t nsets, assoc;
    uint64_t nlines;           /* per cache */
    int bypass;
    /* per stream (SM id or 0): its cache number + 1 (0 = none yet), and its
     * block -> dense id map */
    uint32_t *cache_of;
    struct blockmap *ids;
    uint32_t nstreams;
    uint32_t ncaches;
    /* per dense id */
    uint32_t *where, *set_of, *cache_id;
    uint64_t nids, cap_ids;
    /* per line (cache c's lines at c * nlines) */
    uint32_t *line_id;
    uint64_t *key;             /* the line's next use */
    struct cachesim_stats st;
};

static int grow(void **p, uint64_t *cap, uint64_t need, size_t elem, uint64_t first)
{
    if (need <= *cap)
        return 0;
    uint64_t n = *cap ? *cap : first;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, n * elem);
    if (!q)
        return -1;
    *p = q;
    *cap = n;
    return 0;
}

static void fast_free(struct fast *f)
{
    for (uint32_t i = 0; i < f->nstreams; i++)
        if (f->ids[i].e)
            blockmap_free(&f->ids[i]);
    free(f->ids);
    free(f->cache_of);
    free(f->where);
    free(f->set_of);
    free(f->cache_id);
    free(f->line_id);
    free(f->key);
    cachesim_free(&f->proto);
}

/* The dense id of (stream, block), made on first sight; NIL when out of
 * memory or the index function gives a set out of range. */
static uint32_t dense_id(struct fast *f, uint32_t stream, uint64_t block)
{
    if (stream >= f->nstreams) {
        uint32_t n = stream + 1;
        struct blockmap *m = realloc(f->ids, n * sizeof *m);
        if (!m)
            return NIL;
        f->ids = m;
        uint32_t *c = realloc(f->cache_of, n * sizeof *c);
        if (!c)
            return NIL;
        f->cache_of = c;
        memset(f->ids + f->nstreams, 0, (n - f->nstreams) * sizeof *f->ids);
        memset(f->cache_of + f->nstreams, 0, (n - f->nstreams) * sizeof *f->cache_of);
        f->nstreams = n;
    }
    struct blockmap *m = &f->ids[stream];
    if (!f->cache_of[stream]) { /* a new cache: its lines, all invalid */
        uint64_t base = (uint64_t)f->ncaches * f->nlines;
        uint32_t *l = realloc(f->line_id, (base + f->nlines) * sizeof *l);
        if (!l)
            return NIL;
        f->line_id = l;
        uint64_t *k = realloc(f->key, (base + f->nlines) * sizeof *k);
        if (!k)
            return NIL;
        f->key = k;
        for (uint64_t i = base; i < base + f->nlines; i++)
            f->line_id[i] = NIL;
        if (blockmap_init(m, 4096) != 0)
            return NIL;
        f->cache_of[stream] = ++f->ncaches;
    }
    int added;
    uint32_t *v = blockmap_insert(m, block, (uint32_t)f->nids, &added);
    if (!v)
        return NIL;
    if (!added)
        return *v;
    if (f->nids >= NIL - 1)
        return NIL;
    uint64_t cap = f->cap_ids;
    if (grow((void **)&f->where, &cap, f->nids + 1, sizeof *f->where, 4096))
        return NIL;
    cap = f->cap_ids;
    if (grow((void **)&f->set_of, &cap, f->nids + 1, sizeof *f->set_of, 4096))
        return NIL;
    cap = f->cap_ids;
    if (grow((void **)&f->cache_id, &cap, f->nids + 1, sizeof *f->cache_id, 4096))
        return NIL;
    f->cap_ids = cap;
    uint32_t set = f->nsets == 1 ? 0 : cache_index_set(&f->proto.index, block);
    if (set >= f->nsets)
        return NIL;
    f->where[f->nids] = NIL;
    f->set_of[f->nids] = set;
    f->cache_id[f->nids] = f->cache_of[stream] - 1;
    return (uint32_t)f->nids++;
}

static void flush_all(struct fast *f)
{
    for (uint64_t li = 0; li < (uint64_t)f->ncaches * f->nlines; li++)
        if (f->line_id[li] != NIL) {
            f->where[f->line_id[li]] = NIL;
            f->line_id[li] = NIL;
        }
}

/* One access of dense id `id` with write mode `mode` (not IGNORE); next is
 * its next use. */
static void sim_access(struct fast *f, uint32_t id, int write, enum cachesim_writes mode, uint64_t next)
{
    uint32_t li = f->where[id];
    if (li != NIL) {
        if (write)
            f->st.write_hits++;
        else
            f->st.read_hits++;
        if (mode == CACHESIM_WRITES_EVICT) {
            f->where[id] = NIL;
            f->line_id[li] = NIL;
            f->st.invalidations++;
        } else {
            f->key[li] = next;
        }
        return;
    }
    if (write)
        f->st.write_misses++;
    else
        f->st.read_misses++;
    if (mode == CACHESIM_WRITES_EVICT || mode == CACHESIM_WRITES_THROUGH)
        return; /* no write-allocate */
    uint64_t base = (uint64_t)f->cache_id[id] * f->nlines + (uint64_t)f->set_of[id] * f->assoc;
    uint32_t *lid = &f->line_id[base];
    uint64_t *key = &f->key[base];
    uint32_t way = NIL, victim = 0;
    for (uint32_t w = 0; w < f->assoc; w++) {
        if (lid[w] == NIL) {
            way = w;
            break;
        }
        if (key[w] > key[victim])
            victim = w;
    }
    if (way == NIL) {
        if (f->bypass && next > key[victim]) {
            f->st.bypasses++;
            return;
        }
        f->where[lid[victim]] = NIL;
        f->st.evictions++;
        way = victim;
    }
    lid[way] = id;
    key[way] = next;
    f->where[id] = (uint32_t)(base + way);
}

int cachesim_fast_eligible(const struct cachesim_run_config *cfg)
{
    const struct cachesim_config *c = &cfg->cache;
    if (cfg->locality || c->unbounded || c->line_size == 0 || c->size % c->line_size)
        return 0;
    if (c->policy != CACHESIM_OPT && c->policy != CACHESIM_OPT_BYPASS)
        return 0;
    uint64_t lines = c->size / c->line_size;
    uint64_t assoc = c->assoc ? c->assoc : lines;
    return assoc >= 1 && assoc <= 64;
}

static int included(const struct cachesim_run_config *cfg, const struct trace_record *r)
{
    return !cfg->kinds || (cfg->kinds >> r->kind & 1);
}

int cachesim_run_fast(const struct cachesim_run_config *cfg, struct access_source *src,
                      struct cachesim_run_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    struct fast f;
    memset(&f, 0, sizeof f);
    f.cfg = cfg;
    if (cachesim_init(&f.proto, &cfg->cache, err, errlen) != 0)
        return -1;
    f.nsets = f.proto.nsets;
    f.assoc = f.proto.assoc;
    f.nlines = f.proto.nlines;
    f.bypass = cfg->cache.policy == CACHESIM_OPT_BYPASS;
    uint32_t *ids = NULL, *nextu = NULL;
    uint8_t *flags = NULL;
    uint64_t n = 0, cap = 0;
    int rc = -1, st;
    struct trace_record r;
    uint32_t kernel = 0;
    while ((st = src->next(src->ctx, &r)) == 1) {
        if (!included(cfg, &r)) {
            res->excluded++;
            continue;
        }
        int flush = cfg->flush_kernels && r.kernel != kernel;
        kernel = r.kernel;
        uint32_t id = dense_id(&f, cfg->per_sm ? r.sm : 0, r.block);
        if (id == NIL)
            goto oom;
        enum cachesim_writes mode = cachesim_write_mode(&cfg->cache, &r);
        if (n == cap) {
                uint64_t c2 = cap ? 2 * cap : 1 << 16;
                uint32_t *a = realloc(ids, c2 * sizeof *a);
                if (!a)
                    goto oom;
                ids = a;
                uint8_t *b = realloc(flags, c2);
                if (!b)
                    goto oom;
                flags = b;
                cap = c2;
        }
        ids[n] = id;
        flags[n] = (uint8_t)((r.write ? F_WRITE : 0) | (flush ? F_FLUSH : 0) |
                             (unsigned)mode << F_MODE_SHIFT);
        n++;
        if (n >= NIL - 1) {
            snprintf(err, errlen, "more than 2^32 accesses");
            goto done;
        }
    }
    if (st < 0) {
        snprintf(err, errlen, "%s", src->error(src->ctx));
        goto done;
    }
    if (n) {
        /* next uses, backwards: last[id] is the next access to id after i
         * (ignored writes are not accesses) */
        nextu = malloc(n * sizeof *nextu);
        uint32_t *last = malloc((f.nids ? f.nids : 1) * sizeof *last);
        if (!nextu || !last) {
            free(last);
            goto oom;
        }
        for (uint64_t k = 0; k < f.nids; k++)
            last[k] = NIL;
        for (uint64_t i = n; i-- > 0;) {
            if ((flags[i] >> F_MODE_SHIFT) == CACHESIM_WRITES_IGNORE) {
                nextu[i] = NIL;
                continue;
            }
            nextu[i] = last[ids[i]];
            last[ids[i]] = (uint32_t)i;
        }
        free(last);
        for (uint64_t i = 0; i < n; i++) {
            if (flags[i] & F_FLUSH)
                flush_all(&f);
            enum cachesim_writes mode = (enum cachesim_writes)(flags[i] >> F_MODE_SHIFT);
            if (mode == CACHESIM_WRITES_IGNORE)
                f.st.skipped++;
            else
                sim_access(&f, ids[i], flags[i] & F_WRITE, mode, nextu[i]);
        }
    }
    res->records = n + res->excluded;
    res->caches = f.ncaches;
    res->stats = f.st;
    rc = 0;
    goto done;
oom:
    snprintf(err, errlen, "record %llu: out of memory (or a set index out of range)",
             (unsigned long long)(n + res->excluded));
done:
    free(ids);
    free(flags);
    free(nextu);
    fast_free(&f);
    return rc;
}
