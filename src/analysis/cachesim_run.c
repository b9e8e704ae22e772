#include "analysis/cachesim_run.h"
#include "policy/guard.h"
#include "analysis/cachesim_fast.h"
#include "analysis/opt.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct run_cache {
    int live;
    /* a plugin replacement policy's and index function's contract
     * violations (policy/guard.h; NULL for built-in ones) */
    const struct policy_fault *fault[2];
    struct cachesim cache, unbounded;
    struct reuse_tracker reuse;
    struct locality_counts loc, loc_unbounded;
};

struct run_state {
    struct run_cache *c;
    uint32_t n;
};

uint64_t cachesim_stats_hits(const struct cachesim_stats *s) { return s->read_hits + s->write_hits; }

uint64_t cachesim_stats_misses(const struct cachesim_stats *s)
{
    return s->read_misses + s->write_misses;
}

void cachesim_stats_add(struct cachesim_stats *sum, const struct cachesim_stats *s)
{
    sum->read_hits += s->read_hits;
    sum->read_misses += s->read_misses;
    sum->write_hits += s->write_hits;
    sum->write_misses += s->write_misses;
    sum->skipped += s->skipped;
    sum->bypasses += s->bypasses;
    sum->evictions += s->evictions;
    sum->invalidations += s->invalidations;
}

static struct run_cache *cache_for(struct run_state *st, uint32_t id,
                                   const struct cachesim_run_config *cfg, char *err, size_t errlen)
{
    if (id >= st->n) {
        uint32_t n = id + 1;
        struct run_cache *c = realloc(st->c, n * sizeof *c);
        if (!c) {
            snprintf(err, errlen, "out of memory");
            return NULL;
        }
        memset(c + st->n, 0, (n - st->n) * sizeof *c);
        st->c = c;
        st->n = n;
    }
    struct run_cache *c = &st->c[id];
    if (c->live)
        return c;
    if (cachesim_init(&c->cache, &cfg->cache, err, errlen) != 0)
        return NULL;
    c->live = 1;
    c->fault[0] = c->cache.shared.ops ? policy_guard_repl_fault(c->cache.shared.ops) : NULL;
    c->fault[1] = policy_guard_index_fault(c->cache.index.ops);
    if (cfg->locality) {
        struct cachesim_config u = cfg->cache;
        u.unbounded = 1;
        if (cachesim_init(&c->unbounded, &u, err, errlen) != 0)
            return NULL;
        c->live = 2;
        if (reuse_init(&c->reuse) != 0) {
            snprintf(err, errlen, "out of memory");
            return NULL;
        }
        c->live = 3;
    }
    return c;
}

static void free_state(struct run_state *st)
{
    for (uint32_t i = 0; i < st->n; i++) {
        if (st->c[i].live >= 1)
            cachesim_free(&st->c[i].cache);
        if (st->c[i].live >= 2)
            cachesim_free(&st->c[i].unbounded);
        if (st->c[i].live >= 3)
            reuse_free(&st->c[i].reuse);
    }
    free(st->c);
}

static int is_opt(const struct cachesim_config *c)
{
    return !c->unbounded && (c->policy == CACHESIM_OPT || c->policy == CACHESIM_OPT_BYPASS);
}

/* OPT pass 1: the next use of every access, in the stream of its cache. */
static int next_uses(const struct cachesim_run_config *cfg, struct access_source *src,
                     struct opt_nextuse *nu, char *err, size_t errlen)
{
    struct trace_record r;
    int st;
    while ((st = src->next(src->ctx, &r)) == 1) {
        if (!cachesim_run_includes(cfg, &r))
            continue;
        int ignored = cachesim_write_mode(&cfg->cache, &r) == CACHESIM_WRITES_IGNORE;
        if ((ignored ? opt_nextuse_skip(nu)
                     : opt_nextuse_add(nu, cfg->per_sm ? r.sm : 0, r.block)) != 0) {
            snprintf(err, errlen, "out of memory (or over 2^32 accesses) computing OPT next uses");
            return -1;
        }
    }
    if (st < 0 || src->rewind(src->ctx) != 0) {
        snprintf(err, errlen, "%s", src->error(src->ctx));
        return -1;
    }
    return 0;
}

int cachesim_run(const struct cachesim_run_config *cfg, struct access_source *src,
                 struct cachesim_run_result *res, char *err, size_t errlen)
{
    if (!cfg->general && cachesim_fast_eligible(cfg)) {
        int fast = cachesim_run_fast(cfg, src, res, err, errlen);
        if (fast != 1)
            return fast;
        if (src->rewind(src->ctx) != 0) {
            snprintf(err, errlen, "%s", src->error(src->ctx));
            return -1;
        }
    }
    if (!cfg->general && cachesim_scan_eligible(cfg))
        return cachesim_run_scan(cfg, src, res, err, errlen);
    memset(res, 0, sizeof *res);
    struct run_state state = {0};
    struct opt_nextuse nu;
    opt_nextuse_init(&nu);
    int rc = -1, st;
    if (is_opt(&cfg->cache) && next_uses(cfg, src, &nu, err, errlen) != 0)
        goto done;
    struct trace_record r;
    uint64_t i = 0;
    uint32_t kernel = 0;
    while ((st = src->next(src->ctx, &r)) == 1) {
        if (!cachesim_run_includes(cfg, &r)) {
            res->excluded++;
            continue;
        }
        if (cfg->flush_kernels && r.kernel != kernel) {
            for (uint32_t k = 0; k < state.n; k++) {
                if (state.c[k].live >= 1)
                    cachesim_flush(&state.c[k].cache);
                if (state.c[k].live >= 2)
                    cachesim_flush(&state.c[k].unbounded);
            }
            kernel = r.kernel;
        }
        struct run_cache *c = cache_for(&state, cfg->per_sm ? r.sm : 0, cfg, err, errlen);
        if (!c)
            goto done;
        uint32_t next = CACHESIM_NEVER;
        if (is_opt(&cfg->cache)) {
            if (i >= nu.n) {
                snprintf(err, errlen, "the input changed between the two OPT passes");
                goto done;
            }
            next = nu.next[i];
        }
        struct cachesim_owner owner;
        int out = cachesim_access(&c->cache, &r, next, &owner);
        if (out < 0)
            goto oom;
        for (int f = 0; f < 2; f++)
            if (c->fault[f] && c->fault[f]->set) { /* the safe answer was used: stop */
                snprintf(err, errlen, "%s (record %llu)", c->fault[f]->msg,
                         (unsigned long long)(i + res->excluded));
                goto done;
            }
        if (cfg->locality) {
            locality_account(&c->loc, &r, out, &owner);
            int u = cachesim_access(&c->unbounded, &r, CACHESIM_NEVER, &owner);
            if (u < 0)
                goto oom;
            locality_account(&c->loc_unbounded, &r, u, &owner);
            if (out != CACHESIM_SKIPPED && reuse_access(&c->reuse, r.block, &res->reuse, NULL) != 0)
                goto oom;
        }
        i++;
    }
    if (st < 0) {
        snprintf(err, errlen, "%s", src->error(src->ctx));
        goto done;
    }
    if (is_opt(&cfg->cache) && i != nu.n) {
        snprintf(err, errlen, "the input changed between the two OPT passes");
        goto done;
    }
    res->records = i + res->excluded;
    for (uint32_t k = 0; k < state.n; k++) {
        struct run_cache *c = &state.c[k];
        if (!c->live)
            continue;
        res->caches++;
        cachesim_stats_add(&res->stats, &c->cache.stats);
        if (cfg->locality) {
            locality_add(&res->loc, &c->loc);
            locality_add(&res->loc_unbounded, &c->loc_unbounded);
            cachesim_stats_add(&res->unbounded, &c->unbounded.stats);
            res->distinct += reuse_distinct(&c->reuse);
        }
    }
    rc = 0;
    goto done;
oom:
    snprintf(err, errlen, "record %llu: out of memory (or a set index out of range)",
             (unsigned long long)(i + res->excluded));
done:
    free_state(&state);
    opt_nextuse_free(&nu);
    return rc;
}
