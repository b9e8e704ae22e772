/* cachesim_run's fast path: OPT and OPT with bypass on bounded
 * caches of at most 64 ways, without the locality breakdown. The input is
 * decoded once (trace_reader_read_accesses) into dense ids of (cache, block)
 * pairs and each cache's accesses are kept apart; then each cache runs
 * alone: its dense ids renumbered into compact ones (first access first),
 * its next uses computed backwards with last[id] (no second pass over the
 * source, no hash map of next uses), its tags looked up in direct-indexed
 * arrays of the compact ids (where the line is, its set's first line), a
 * set's victim found by scanning its ways' next uses. Running the caches one
 * at a time keeps one cache's ids - a thirtieth of an L1 trace's - in the
 * host's cache.
 *
 * Ids are handed out a page of ID_PAGE_BLOCKS aligned blocks at a time, so
 * the one hash lookup per access is of a page (4096 times fewer entries
 * than blocks; the pages each stream touched lately are remembered). A trace
 * that touches its pages so sparsely that unused ids would outnumber its
 * accesses by SPARSE_IDS goes to the general path instead (same results).
 *
 * The statistics equal cachesim_access's (tests/706 compares both paths on
 * random traces): hits and misses depend only on which block is evicted, the
 * line used furthest in the future. The only ties are among lines never used
 * again in their cache, and which of those goes changes no later lookup.
 * Which way a line occupies differs from cachesim.c (that one fills the
 * lowest invalid way, this one any invalid way, else the victim's), which no
 * statistic can see. Design: docs/internals.md. */
#include "analysis/cachesim_fast.h"
#include "policy/guard.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NIL UINT32_MAX
#define ID_PAGE_BITS 12
#define ID_PAGE_BLOCKS (1u << ID_PAGE_BITS)
/* Ids beyond the accesses read so far that a trace may leave unused (pages
 * touched sparsely) before the fast path hands it to the general one: 4
 * bytes an id (run_cache's remap), so at most ~64 MB more than the accesses
 * themselves (the bfs large L1 trace, 21 M accesses, needs 9.7 M ids). */
#define SPARSE_IDS (1u << 24)

/* A compact id's info in run_cache: the line holding it (NIL: not
 * resident) and its set's first line, side by side (one host cache miss for
 * both). */
struct id_info {
    uint32_t where, base;
};

/* OPT keys (a line's next use): a position in its cache's accesses, or: */
#define KEY_NEVER (UINT32_MAX - 1) /* never used again */
#define KEY_EMPTY UINT32_MAX       /* an invalid way: above every valid key, so the
                                      victim search takes an invalid way first */

/* Each stream remembers the pages it touched lately, direct-mapped by page
 * number, so most lookups skip the hash map (on the bfs large L1 trace one
 * remembered page per stream sent 10.2 M of 21.4 M accesses to the map). */
#define RECENT_PAGES 64u
struct last_page {
    uint64_t page;
    uint32_t base;
    uint8_t valid, bad; /* bad: some block of the page has a set out of range */
};
#define F_WRITE 1u
#define F_FLUSH 2u /* empty every cache before this access (a new kernel) */
#define F_MODE_SHIFT 2 /* enum cachesim_writes, 2 bits */

struct fast {
    const struct cachesim_run_config *cfg;
    struct cachesim proto;     /* validated geometry and index function */
    const struct policy_fault *ifault; /* a plugin index function's violation, or NULL */
    uint32_t nsets, assoc;
    uint64_t nlines;           /* per cache */
    int bypass;
    /* per stream (SM id or 0): its cache number + 1 (0 = none yet), and its
     * block -> dense id map */
    uint32_t *cache_of;
    struct blockmap *ids;      /* page -> its first id */
    struct last_page *last;
    uint32_t nstreams;
    uint32_t ncaches;
    uint64_t nids;             /* dense ids handed out */
    /* per page of ids (id >> ID_PAGE_BITS): its page of blocks, and whether
     * some block of it has a set out of range */
    uint64_t *page_block;
    uint8_t *page_bad;
    uint64_t cap_pages;
    uint64_t linear_mask;      /* set = block & linear_mask, or UINT64_MAX: ask the index */
    /* per line (cache c's lines at c * nlines) */
    uint32_t *line_id;         /* the compact id (run_cache) it holds, or NIL */
    uint32_t *key;             /* the line's next use (KEY_*) */
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

/* (a plugin index function's violation reads as a set out of range) */
static uint32_t set_of(const struct fast *f, uint64_t block)
{
    if (f->linear_mask != UINT64_MAX)
        return (uint32_t)(block & f->linear_mask);
    uint32_t s = cache_index_set(&f->proto.index, block);
    return f->ifault && f->ifault->set ? f->nsets : s;
}

static void fast_free(struct fast *f)
{
    for (uint32_t i = 0; i < f->nstreams; i++)
        if (f->ids[i].e)
            blockmap_free(&f->ids[i]);
    free(f->ids);
    free(f->last);
    free(f->page_bad);
    free(f->cache_of);
    free(f->page_block);
    free(f->line_id);
    free(f->key);
    cachesim_free(&f->proto);
}

/* The dense id of (stream, block), made on first sight; NIL when out of
 * memory or the index function gives a set out of range. Ids are handed out
 * a page at a time: the first access to any block of a page of
 * ID_PAGE_BLOCKS aligned blocks gives the whole page consecutive ids, so the
 * hash map holds pages, 64 times fewer entries than blocks (it stays in the
 * host's cache where a map of every block did not), and the pages a stream
 * touched lately are remembered (RECENT_PAGES). */
static uint32_t dense_id_slow(struct fast *f, uint32_t stream, uint64_t block)
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
        struct last_page *lp = realloc(f->last, (size_t)n * RECENT_PAGES * sizeof *lp);
        if (!lp)
            return NIL;
        f->last = lp;
        memset(f->ids + f->nstreams, 0, (n - f->nstreams) * sizeof *f->ids);
        memset(f->cache_of + f->nstreams, 0, (n - f->nstreams) * sizeof *f->cache_of);
        memset(f->last + (size_t)f->nstreams * RECENT_PAGES, 0,
               (size_t)(n - f->nstreams) * RECENT_PAGES * sizeof *f->last);
        f->nstreams = n;
    }
    uint64_t page = block >> ID_PAGE_BITS;
    uint32_t off = (uint32_t)(block & (ID_PAGE_BLOCKS - 1));
    struct last_page *lp = &f->last[(size_t)stream * RECENT_PAGES + (page & (RECENT_PAGES - 1))];
    if (lp->valid && lp->page == page)
        return lp->bad && set_of(f, block) >= f->nsets ? NIL : lp->base + off;
    struct blockmap *m = &f->ids[stream];
    if (!f->cache_of[stream]) { /* a new cache: its lines, all invalid */
        uint64_t base = (uint64_t)f->ncaches * f->nlines;
        if (base + f->nlines >= NIL)
            return NIL; /* line numbers are 32-bit */
        uint32_t *l = realloc(f->line_id, (base + f->nlines) * sizeof *l);
        if (!l)
            return NIL;
        f->line_id = l;
        uint32_t *k = realloc(f->key, (base + f->nlines) * sizeof *k);
        if (!k)
            return NIL;
        f->key = k;
        for (uint64_t i = base; i < base + f->nlines; i++) {
            f->line_id[i] = NIL;
            f->key[i] = KEY_EMPTY;
        }
        if (blockmap_init(m, 1024) != 0)
            return NIL;
        f->cache_of[stream] = ++f->ncaches;
    }
    int added;
    uint32_t *v = blockmap_insert(m, page, (uint32_t)f->nids, &added);
    uint8_t bad = 0;
    if (!v)
        return NIL;
    if (added) {
        if (f->nids + ID_PAGE_BLOCKS >= NIL - 1) {
            blockmap_remove(m, page);
            return NIL;
        }
        uint64_t need = (f->nids >> ID_PAGE_BITS) + 1, pcap = f->cap_pages;
        if (grow((void **)&f->page_bad, &pcap, need, 1, 1 << 10))
            goto undo;
        uint64_t bcap = f->cap_pages;
        if (grow((void **)&f->page_block, &bcap, need, sizeof *f->page_block, 1 << 10))
            goto undo;
        f->cap_pages = pcap;
        if (f->linear_mask == UINT64_MAX) /* a linear index is always in range */
            for (uint32_t k = 0; k < ID_PAGE_BLOCKS; k++)
                bad |= set_of(f, page << ID_PAGE_BITS | k) >= f->nsets;
        f->page_bad[f->nids >> ID_PAGE_BITS] = bad;
        f->page_block[f->nids >> ID_PAGE_BITS] = page;
        f->nids += ID_PAGE_BLOCKS;
    } else {
        bad = f->page_bad[*v >> ID_PAGE_BITS];
    }
    lp->valid = 1;
    lp->page = page;
    lp->base = *v;
    lp->bad = bad;
    return bad && set_of(f, block) >= f->nsets ? NIL : *v + off;
undo:
    blockmap_remove(m, page);
    return NIL;
}

/* dense_id_slow's common case inline: a remembered page whose blocks all
 * have sets in range. */
static inline uint32_t dense_id(struct fast *f, uint32_t stream, uint64_t block)
{
    uint64_t page = block >> ID_PAGE_BITS;
    if (stream < f->nstreams) {
        const struct last_page *lp =
            &f->last[(size_t)stream * RECENT_PAGES + (page & (RECENT_PAGES - 1))];
        if (lp->valid && lp->page == page && !lp->bad)
            return lp->base + (uint32_t)(block & (ID_PAGE_BLOCKS - 1));
    }
    return dense_id_slow(f, stream, block);
}

/* Empties cache c. */
/* run_cache's arrays, kept from one cache to the next (no fresh pages to
 * fault in for each cache). */
struct run_buf {
    uint32_t *nextu;      /* per access */
    uint64_t cap_n;
    uint32_t *dense;      /* per compact id: its dense id */
    uint32_t *last;       /* per compact id: its next access, going backwards */
    struct id_info *info; /* per compact id */
    uint64_t cap_ids;
};

/* What one thread running caches owns: its arrays and its counts. */
struct run_ctx {
    struct run_buf b;
    struct cachesim_stats st;
};

static void flush_cache(const struct fast *f, struct id_info *info, uint32_t c)
{
    for (uint64_t li = (uint64_t)c * f->nlines; li < (uint64_t)(c + 1) * f->nlines; li++)
        if (f->line_id[li] != NIL) {
            info[f->line_id[li]].where = NIL;
            f->line_id[li] = NIL;
            f->key[li] = KEY_EMPTY;
        }
}

/* The way of the largest of n keys (the first invalid way, else the
 * furthest next use; ties only among lines never used again, where the
 * choice changes no statistic). A set of 8 ways, the common L1, is reduced
 * without a chain of dependent compares. */
static inline uint32_t furthest(const uint32_t *key, uint32_t n)
{
    uint32_t m = key[0];
    if (n == 8) {
        uint32_t a = key[0] > key[1] ? key[0] : key[1], b = key[2] > key[3] ? key[2] : key[3];
        uint32_t c = key[4] > key[5] ? key[4] : key[5], d = key[6] > key[7] ? key[6] : key[7];
        a = a > b ? a : b;
        c = c > d ? c : d;
        m = a > c ? a : c;
    } else {
        for (uint32_t w = 1; w < n; w++)
            m = key[w] > m ? key[w] : m;
    }
    uint32_t w = 0;
    while (key[w] != m)
        w++;
    return w;
}

/* One access of compact id `id` with write mode `mode` (not IGNORE); next is
 * its next use (a position or KEY_NEVER). */
static inline void sim_access(const struct fast *f, struct id_info *info,
                              struct cachesim_stats *st, uint32_t id, int write,
                              enum cachesim_writes mode, uint32_t next)
{
    uint32_t li = info[id].where;
    if (li != NIL) {
        if (write)
            st->write_hits++;
        else
            st->read_hits++;
        if (mode == CACHESIM_WRITES_EVICT) {
            info[id].where = NIL;
            f->line_id[li] = NIL;
            f->key[li] = KEY_EMPTY;
            st->invalidations++;
        } else {
            f->key[li] = next;
        }
        return;
    }
    if (write)
        st->write_misses++;
    else
        st->read_misses++;
    if (mode == CACHESIM_WRITES_EVICT || mode == CACHESIM_WRITES_THROUGH)
        return; /* no write-allocate */
    uint32_t base = info[id].base;
    uint32_t *lid = &f->line_id[base];
    uint32_t *key = &f->key[base];
    uint32_t way = furthest(key, f->assoc);
    if (lid[way] != NIL) { /* every way valid: way's next use is the furthest */
        if (f->bypass && next > key[way]) {
            st->bypasses++;
            return;
        }
        info[lid[way]].where = NIL;
        st->evictions++;
    }
    lid[way] = id;
    key[way] = next;
    info[id].where = base + way;
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

/* One cache's accesses, in order: dense ids and flags. */
struct cache_accesses {
    uint32_t *id;
    uint8_t *flags;
    uint64_t n, cap;
    uint64_t epoch; /* flushes seen by the last access appended */
};

static int append(struct cache_accesses *a, uint32_t id, uint8_t flags)
{
    if (a->n == a->cap) {
        uint64_t c2 = a->cap ? 2 * a->cap : 1 << 12;
        uint32_t *p = realloc(a->id, c2 * sizeof *p);
        if (!p)
            return -1;
        a->id = p;
        uint8_t *q = realloc(a->flags, c2);
        if (!q)
            return -1;
        a->flags = q;
        a->cap = c2;
    }
    a->id[a->n] = id;
    a->flags[a->n] = flags;
    a->n++;
    return 0;
}

/* Simulates cache c's accesses a, alone: the caches share nothing, so each
 * runs through its own accesses with a working set that stays in the host's
 * cache. First the cache's dense ids are renumbered into compact ones in
 * the order of first access (dense ids are handed out a page at a time, so
 * most are never accessed: on the bfs large L1 trace 2.2 M compact ids
 * against 9.7 M dense ones), then next uses are computed backwards and the
 * accesses simulated on the compact ids' info. OPT's keys are positions in
 * a (next uses are compared within one cache only). remap: per dense id,
 * NIL on entry and on return. */
static void run_buf_free(struct run_buf *b)
{
    free(b->nextu);
    free(b->dense);
    free(b->last);
    free(b->info);
}

static int run_cache(const struct fast *f, uint32_t c, struct cache_accesses *a, uint32_t *remap,
                     struct run_ctx *x)
{
    struct run_buf *b = &x->b;
    int rc = -1;
    uint64_t nc = 0;
    if (grow((void **)&b->nextu, &b->cap_n, a->n ? a->n : 1, sizeof *b->nextu, 1024))
        return -1;
    /* a->id becomes compact ids, in place */
    for (uint64_t i = 0; i < a->n; i++) {
        uint32_t d = a->id[i], k = remap[d];
        if (k == NIL) {
            if (nc == b->cap_ids) {
                uint64_t c2 = b->cap_ids ? 2 * b->cap_ids : 1024;
                uint32_t *p = realloc(b->dense, c2 * sizeof *p);
                if (!p)
                    goto done;
                b->dense = p;
                if (!(p = realloc(b->last, c2 * sizeof *p)))
                    goto done;
                b->last = p;
                struct id_info *q = realloc(b->info, c2 * sizeof *q);
                if (!q)
                    goto done;
                b->info = q;
                b->cap_ids = c2;
            }
            k = remap[d] = (uint32_t)nc;
            b->dense[nc] = d;
            uint64_t block = f->page_block[d >> ID_PAGE_BITS] << ID_PAGE_BITS |
                             (d & (ID_PAGE_BLOCKS - 1));
            b->info[nc].where = NIL; /* its set is in range: dense_id checked */
            b->info[nc].base =
                (uint32_t)((uint64_t)c * f->nlines + (uint64_t)set_of(f, block) * f->assoc);
            b->last[nc] = KEY_NEVER;
            nc++;
        }
        a->id[i] = k;
    }
    uint32_t *last = b->last, *nextu = b->nextu, *cid = a->id;
    for (uint64_t i = a->n; i-- > 0;) {
        if ((a->flags[i] >> F_MODE_SHIFT) == CACHESIM_WRITES_IGNORE) {
            nextu[i] = KEY_NEVER;
            continue;
        }
        nextu[i] = last[cid[i]];
        last[cid[i]] = (uint32_t)i;
    }
    /* (the counts in a local, the info's address in another: the compiler
     * keeps them apart from the lines' arrays) */
    struct cachesim_stats st = x->st;
    struct id_info *info = b->info;
    for (uint64_t i = 0; i < a->n; i++) {
        uint8_t fl = a->flags[i];
        if (fl & F_FLUSH)
            flush_cache(f, info, c);
        enum cachesim_writes mode = (enum cachesim_writes)(fl >> F_MODE_SHIFT);
        if (mode == CACHESIM_WRITES_IGNORE)
            st.skipped++;
        else
            sim_access(f, info, &st, cid[i], fl & F_WRITE, mode, nextu[i]);
    }
    x->st = st; /* its lines keep compact ids of a finished cache: never read again */
    rc = 0;
done:
    for (uint64_t k = 0; k < nc; k++)
        remap[b->dense[k]] = NIL;
    return rc;
}

/* The caches to run, taken one at a time by up to RUN_THREADS threads. */
#define RUN_THREADS 64
struct run_job {
    const struct fast *f;
    struct cache_accesses *acc;
    uint32_t nacc, next;
    uint32_t *remap;
    int failed;
    int threaded; /* mu guards next and failed */
    pthread_mutex_t mu;
};

struct run_worker {
    struct run_job *job;
    struct run_ctx x;
    pthread_t thread;
};

static void job_lock(struct run_job *j)
{
    if (j->threaded)
        pthread_mutex_lock(&j->mu);
}

static void job_unlock(struct run_job *j)
{
    if (j->threaded)
        pthread_mutex_unlock(&j->mu);
}

static void *run_worker_main(void *arg)
{
    struct run_worker *w = arg;
    struct run_job *j = w->job;
    for (;;) {
        job_lock(j);
        uint32_t c = j->failed ? j->nacc : j->next++;
        job_unlock(j);
        if (c >= j->nacc)
            return NULL;
        /* caches share no line and no dense id: remap's entries, the lines
         * and the compact ids' info of c are this thread's alone */
        int rc = run_cache(j->f, c, &j->acc[c], j->remap, &w->x);
        free(j->acc[c].id);
        free(j->acc[c].flags);
        j->acc[c].id = NULL;
        j->acc[c].flags = NULL;
        if (rc != 0) {
            job_lock(j);
            j->failed = 1;
            job_unlock(j);
            return NULL;
        }
    }
}

/* Runs every cache: on this thread and up to threads - 1 more (each cache
 * alone, so the counts summed are the same whichever thread ran which). */
static int run_caches(const struct fast *f, struct cache_accesses *acc, uint32_t nacc,
                      uint32_t *remap, uint32_t threads, struct cachesim_stats *st)
{
    struct run_job j = { .f = f, .acc = acc, .nacc = nacc, .remap = remap };
    struct run_worker w[RUN_THREADS];
    memset(w, 0, sizeof w);
    uint32_t nw = threads > RUN_THREADS ? RUN_THREADS : threads;
    if (nw > nacc)
        nw = nacc;
    if (nw > 1 && pthread_mutex_init(&j.mu, NULL) == 0)
        j.threaded = 1;
    for (uint32_t i = 0; i < RUN_THREADS; i++)
        w[i].job = &j;
    uint32_t helpers = 0;
    while (j.threaded && helpers + 1 < nw &&
           pthread_create(&w[helpers + 1].thread, NULL, run_worker_main, &w[helpers + 1]) == 0)
        helpers++; /* (a helper that cannot start leaves its caches to the others) */
    run_worker_main(&w[0]);
    for (uint32_t i = 1; i <= helpers; i++)
        pthread_join(w[i].thread, NULL);
    if (j.threaded)
        pthread_mutex_destroy(&j.mu);
    memset(st, 0, sizeof *st);
    for (uint32_t i = 0; i <= helpers; i++) {
        cachesim_stats_add(st, &w[i].x.st);
        run_buf_free(&w[i].x.b);
    }
    return j.failed ? -1 : 0;
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
    f.ifault = policy_guard_index_fault(f.proto.index.ops);
    f.bypass = cfg->cache.policy == CACHESIM_OPT_BYPASS;
    f.linear_mask = UINT64_MAX;
    if (f.nsets == 1)
        f.linear_mask = 0;
    else if (!strcmp(f.proto.index.ops->name, "linear") && !(f.nsets & (f.nsets - 1)))
        f.linear_mask = f.nsets - 1; /* index_linear.c's rule, without the call */
    uint64_t sparse = cfg->sparse_ids ? cfg->sparse_ids : SPARSE_IDS;
    struct cache_accesses *acc = NULL; /* per cache */
    uint32_t nacc = 0, *last = NULL;
    uint64_t n = 0, epoch = 0;
    int rc = -1;
    long st;
    struct trace_access batch[CACHESIM_BATCH];
    uint32_t kernel = 0;
    const struct trace_access *view;
    while ((st = access_source_view(src, batch, CACHESIM_BATCH, &view)) > 0) {
        for (long i = 0; i < st; i++) {
            const struct trace_access *restrict rp = &view[i];
            if (!cachesim_run_includes_access(cfg, rp)) {
                res->excluded++;
                continue;
            }
            if (cfg->flush_kernels && rp->kernel != kernel)
                epoch++; /* every cache empties before its next access */
            kernel = rp->kernel;
            uint32_t stream = cfg->per_sm ? rp->sm : 0;
            uint32_t id = dense_id(&f, stream, rp->block);
            if (id == NIL)
                goto oom;
            if (f.nids > n + sparse) {
                rc = 1; /* too sparse for pages of ids: the general path instead */
                goto done;
            }
            uint32_t c = f.cache_of[stream] - 1;
            if (c >= nacc) {
                struct cache_accesses *p = realloc(acc, (c + 1) * sizeof *p);
                if (!p)
                    goto oom;
                acc = p;
                memset(acc + nacc, 0, (c + 1 - nacc) * sizeof *acc);
                for (uint32_t k = nacc; k <= c; k++)
                    acc[k].epoch = epoch; /* a new cache starts empty */
                nacc = c + 1;
            }
            enum cachesim_writes mode = cachesim_access_write_mode(&cfg->cache, rp);
            int flush = acc[c].epoch != epoch;
            acc[c].epoch = epoch;
            if (append(&acc[c], id, (uint8_t)((rp->write ? F_WRITE : 0) | (flush ? F_FLUSH : 0) |
                                              (unsigned)mode << F_MODE_SHIFT)) != 0)
                goto oom;
            n++;
            if (n >= NIL - 1) {
                snprintf(err, errlen, "more than 2^32 accesses");
                goto done;
            }
        }
    }
    if (st < 0) {
        snprintf(err, errlen, "%s", src->error(src->ctx));
        goto done;
    }
    last = malloc((f.nids ? f.nids : 1) * sizeof *last);
    if (!last)
        goto oom;
    for (uint64_t k = 0; k < f.nids; k++)
        last[k] = NIL;
    if (run_caches(&f, acc, nacc, last, cfg->threads, &res->stats) != 0)
        goto oom;
    res->records = n + res->excluded;
    res->caches = f.ncaches;
    rc = 0;
    goto done;
oom:
    if (f.ifault && f.ifault->set)
        snprintf(err, errlen, "%s (record %llu)", f.ifault->msg,
                 (unsigned long long)(n + res->excluded));
    else
        snprintf(err, errlen, "record %llu: out of memory (or a set index out of range)",
                 (unsigned long long)(n + res->excluded));
done:
    for (uint32_t c = 0; c < nacc; c++) {
        free(acc[c].id);
        free(acc[c].flags);
    }
    free(acc);
    free(last);
    fast_free(&f);
    return rc;
}
