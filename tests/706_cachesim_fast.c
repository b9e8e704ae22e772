/* cachesim_run's fast paths (dense ids for OPT, tag scans for LRU and FIFO;
 * issue 13) give the general path's results exactly: the eligible policies
 * (opt, opt-bypass, lru, fifo), write mode, local-write mode, per-SM or shared caches, kernel
 * flushes, kind filters, set counts and associativities (1 way to fully
 * associative) and index functions, on random traces with heavy reuse and
 * eviction, blocks in one page of ids, in hundreds, and too sparse for ids
 * (the fallback to the general path). Also which configurations take them. */
#include "check.h"
#include "analysis/cachesim_fast.h"
#include "analysis/cachesim_run.h"
#include <stdlib.h>

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int run(const struct cachesim_run_config *cfg, const struct trace_record *r, size_t n,
               struct cachesim_run_result *res)
{
    struct access_source src;
    struct access_array a;
    char err[256];
    access_source_array(&src, &a, r, n);
    int rc = cachesim_run(cfg, &src, res, err, sizeof err);
    if (rc)
        printf("  cachesim_run: %s\n", err);
    return rc;
}

static int same(const struct cachesim_run_result *a, const struct cachesim_run_result *b)
{
    const struct cachesim_stats *x = &a->stats, *y = &b->stats;
    return a->records == b->records && a->excluded == b->excluded && a->caches == b->caches &&
           x->read_hits == y->read_hits && x->read_misses == y->read_misses &&
           x->write_hits == y->write_hits && x->write_misses == y->write_misses &&
           x->skipped == y->skipped && x->bypasses == y->bypasses &&
           x->evictions == y->evictions && x->invalidations == y->invalidations;
}

TEST(fast_path_equals_general_path)
{
    const enum cachesim_policy pols[] = { CACHESIM_OPT, CACHESIM_OPT_BYPASS, CACHESIM_LRU,
                                          CACHESIM_FIFO };
    const uint32_t assocs[] = { 1, 2, 8, 0 }; /* 0: fully associative (32 lines) */
    const char *index[] = { "linear", "ipoly" };
    uint64_t seed = 42;
    size_t n = 6000;
    struct trace_record *r = calloc(n, sizeof *r);
    int compared = 0, bad = 0, nontrivial = 0;
    for (int trial = 0; trial < 6; trial++) {
        uint32_t pool = trial == 0 ? 40 : trial == 1 ? 200 : trial == 4 ? 80 : 1500;
        uint32_t kernel = 0;
        for (size_t i = 0; i < n; i++) {
            uint64_t x = rng_next(&seed);
            r[i].block = trial == 3   ? (x % 64) * 32 + (x >> 20) % 3
                         : trial == 4 ? (x % pool) * 4099 + (x >> 40) % 2 /* 80 pages per cache */
                         : trial == 5 ? (x % pool) * 1000003ull          /* a page a block */
                                      : x % pool;
            r[i].write = (x >> 8) % 5 == 0;
            r[i].kind = (x >> 12) % 7 == 0 ? TRACE_KIND_LOCAL
                        : (x >> 12) % 11 == 0 ? TRACE_KIND_CONST : TRACE_KIND_GLOBAL;
            r[i].sm = (uint16_t)((x >> 16) % 3);
            r[i].warp = (uint32_t)(x >> 24) % 8;
            if ((x >> 32) % 700 == 0)
                kernel++;
            r[i].kernel = (uint16_t)kernel;
        }
        for (size_t p = 0; p < 4; p++)
            for (size_t a = 0; a < 4; a++)
                for (int wm = 0; wm < CACHESIM_WRITES_COUNT; wm++)
                    for (int v = 0; v < 4; v++) {
                        struct cachesim_run_config c = { 0 };
                        c.cache.policy = pols[p];
                        c.cache.writes = (enum cachesim_writes)wm;
                        c.cache.local_writes = v == 3 ? CACHESIM_WRITES_THROUGH
                                                      : (enum cachesim_writes)wm;
                        c.cache.size = 32 * 128;
                        c.cache.assoc = assocs[a];
                        c.cache.line_size = 128;
                        c.cache.index = index[v & 1];
                        c.per_sm = v & 1;
                        c.flush_kernels = (v >> 1) & 1;
                        c.kinds = v == 2 ? (1u << TRACE_KIND_GLOBAL | 1u << TRACE_KIND_LOCAL) : 0;
                        c.sparse_ids = 1u << 20; /* trial 5 falls back, trial 4 does not */
                        CHECK(p < 2 ? cachesim_fast_eligible(&c) : cachesim_scan_eligible(&c));
                        struct cachesim_run_result f, g;
                        c.general = 1;
                        int rg = run(&c, r, n, &g);
                        c.general = 0;
                        c.threads = (uint32_t)(trial % 3) + 1; /* OPT's caches on 1-3 threads */
                        int rf = run(&c, r, n, &f);
                        compared++;
                        if (rg || rf || !same(&f, &g)) {
                            if (bad++ < 5)
                                printf("  differs: trial %d policy %d assoc %u writes %d v %d: "
                                       "misses %llu/%llu evictions %llu/%llu\n", trial,
                                       (int)pols[p], assocs[a], wm, v,
                                       (unsigned long long)cachesim_stats_misses(&f.stats),
                                       (unsigned long long)cachesim_stats_misses(&g.stats),
                                       (unsigned long long)f.stats.evictions,
                                       (unsigned long long)g.stats.evictions);
                        } else if (g.stats.evictions && cachesim_stats_hits(&g.stats)) {
                            nontrivial++;
                        }
                    }
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(compared == 6 * 4 * 4 * CACHESIM_WRITES_COUNT * 4);
    CHECK(nontrivial > compared / 2); /* most runs both hit and evict */
    free(r);
}

TEST(eligibility)
{
    struct cachesim_run_config c = { 0 };
    c.cache.policy = CACHESIM_OPT;
    c.cache.size = 32 * 1024;
    c.cache.line_size = 128;
    c.cache.assoc = 8;
    CHECK(cachesim_fast_eligible(&c));
    c.cache.assoc = 0; /* 256 ways */
    CHECK(!cachesim_fast_eligible(&c));
    c.cache.assoc = 64;
    CHECK(cachesim_fast_eligible(&c));
    c.locality = 1;
    CHECK(!cachesim_fast_eligible(&c));
    c.locality = 0;
    c.cache.unbounded = 1;
    CHECK(!cachesim_fast_eligible(&c));
    c.cache.unbounded = 0;
    c.cache.policy = CACHESIM_RANDOM;
    CHECK(!cachesim_fast_eligible(&c));
    c.cache.policy = CACHESIM_LRU;
    CHECK(!cachesim_fast_eligible(&c));
    CHECK(cachesim_scan_eligible(&c));
    c.cache.assoc = 0; /* 256 ways: the general path */
    CHECK(!cachesim_scan_eligible(&c));
    c.cache.assoc = 64;
    c.locality = 1;
    CHECK(!cachesim_scan_eligible(&c));
    c.locality = 0;
    c.cache.policy = CACHESIM_FIFO;
    CHECK(!cachesim_fast_eligible(&c));
    CHECK(cachesim_scan_eligible(&c));
    c.cache.policy = CACHESIM_RANDOM;
    CHECK(!cachesim_scan_eligible(&c));
    c.cache.policy = CACHESIM_REPL;
    CHECK(!cachesim_fast_eligible(&c));
    c.cache.policy = CACHESIM_OPT_BYPASS;
    CHECK(cachesim_fast_eligible(&c));
}

TEST(bad_config_same_error)
{
    struct cachesim_run_config c = { 0 };
    c.cache.policy = CACHESIM_OPT;
    c.cache.size = 32 * 128;
    c.cache.line_size = 128;
    c.cache.assoc = 3; /* 32 lines do not split into 3-way sets */
    struct trace_record r = { 0 };
    struct cachesim_run_result res;
    char e1[256] = "", e2[256] = "";
    struct access_source src;
    struct access_array a;
    access_source_array(&src, &a, &r, 1);
    CHECK(cachesim_run(&c, &src, &res, e1, sizeof e1) != 0);
    c.general = 1;
    access_source_array(&src, &a, &r, 1);
    CHECK(cachesim_run(&c, &src, &res, e2, sizeof e2) != 0);
    CHECK(strcmp(e1, e2) == 0);
}

int main(void)
{
    RUN(fast_path_equals_general_path);
    RUN(eligibility);
    RUN(bad_config_same_error);
    return check_summary();
}
