/* Trace cache simulator: the papers' worked examples, agreement with naive
 * reference models on random traces, and OPT/LRU/unbounded properties. */
#include "check.h"
#include "analysis/cachesim_run.h"
#include <stdlib.h>

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static struct cachesim_run_config fa_config(enum cachesim_policy p, uint32_t entries)
{
    struct cachesim_run_config c = {0};
    c.cache.policy = p;
    c.cache.writes = CACHESIM_WRITES_EVICT;
    c.cache.size = (uint64_t)entries * 128;
    c.cache.assoc = 0; /* fully associative */
    c.cache.line_size = 128;
    return c;
}

static struct cachesim_run_result run(const struct cachesim_run_config *cfg,
                                      const struct trace_record *r, size_t n)
{
    struct access_source src;
    struct access_array a;
    struct cachesim_run_result res;
    char err[256];
    access_source_array(&src, &a, r, n);
    if (cachesim_run(cfg, &src, &res, err, sizeof err) != 0) {
        printf("  cachesim_run: %s\n", err);
        memset(&res, 0xff, sizeof res);
    }
    return res;
}

static uint64_t misses_of(enum cachesim_policy p, uint32_t entries, const struct trace_record *r,
                          size_t n)
{
    struct cachesim_run_config c = fa_config(p, entries);
    struct cachesim_run_result res = run(&c, r, n);
    return cachesim_stats_misses(&res.stats);
}

/* reads by warp 0 of the given blocks */
static size_t reads(struct trace_record *r, const int *blocks, size_t n)
{
    memset(r, 0, n * sizeof *r);
    for (size_t i = 0; i < n; i++) {
        r[i].block = (uint64_t)blocks[i];
        r[i].lanes = 0xffffffffu;
    }
    return n;
}

TEST(design_example_two_entries)
{
    /* A B C A B C A B: LRU 8, OPT 5, OPT with bypass 4 */
    static const int t[] = {0, 1, 2, 0, 1, 2, 0, 1};
    struct trace_record r[8];
    size_t n = reads(r, t, 8);
    CHECK_EQ_INT(misses_of(CACHESIM_LRU, 2, r, n), 8);
    CHECK_EQ_INT(misses_of(CACHESIM_OPT, 2, r, n), 5);
    CHECK_EQ_INT(misses_of(CACHESIM_OPT_BYPASS, 2, r, n), 4);
    CHECK_EQ_INT(misses_of(CACHESIM_FIFO, 2, r, n), 8);
}

TEST(design_example_four_entries)
{
    static const int t[] = {7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1};
    struct trace_record r[20];
    size_t n = reads(r, t, 20);
    CHECK_EQ_INT(misses_of(CACHESIM_LRU, 4, r, n), 8);
    CHECK_EQ_INT(misses_of(CACHESIM_OPT, 4, r, n), 8);
    CHECK_EQ_INT(misses_of(CACHESIM_OPT_BYPASS, 4, r, n), 7);
}

TEST(opt_refreshes_next_use_on_hit)
{
    /* 2 entries, A B A C B. Correct OPT: A m, B m, A h (A is never used
     * again now), C m evicts A, B h: 3 misses. An OPT that keeps A's stale
     * next use (2) evicts B at C instead and misses B again: 4. */
    static const int t[] = {0, 1, 0, 2, 1};
    struct trace_record r[5];
    size_t n = reads(r, t, 5);
    CHECK_EQ_INT(misses_of(CACHESIM_OPT, 2, r, n), 3);
}

/* CACM highlight Fig. 3/4: three warps, two loads each touching 4 lines. */
static size_t cacm_stream(struct trace_record *r, const int *order, int split_lanes)
{
    size_t n = 0;
    int issued[3] = {0, 0};
    for (int k = 0; k < 6; k++) {
        int w = order[k];
        for (int j = 0; j < 4; j++) {
            memset(&r[n], 0, sizeof r[n]);
            r[n].warp = (uint32_t)w;
            r[n].cta = (uint32_t)w;
            r[n].block = (uint64_t)(4 * w + j); /* W0: A-D, W1: E-H, W2: I-L */
            /* one lane group per line; split_lanes: the second load's lanes differ */
            r[n].lanes = 0xffu << (8 * ((j + (split_lanes ? issued[w] : 0)) % 4));
            r[n].pc = (uint32_t)(8 * issued[w]);
            n++;
        }
        issued[w]++;
    }
    return n;
}

TEST(cacm_round_robin_and_belady)
{
    static const int rr[] = {0, 1, 2, 0, 1, 2};
    struct trace_record r[24];
    size_t n = cacm_stream(r, rr, 0);
    struct cachesim_run_config c = fa_config(CACHESIM_LRU, 4);
    struct cachesim_run_result res = run(&c, r, n);
    CHECK_EQ_INT(cachesim_stats_hits(&res.stats), 0);
    c = fa_config(CACHESIM_OPT, 4);
    res = run(&c, r, n);
    CHECK_EQ_INT(cachesim_stats_hits(&res.stats), 4); /* A, B, C and L */
    c = fa_config(CACHESIM_OPT_BYPASS, 4);
    res = run(&c, r, n);
    CHECK_EQ_INT(cachesim_stats_hits(&res.stats), 4);
}

TEST(cacm_locality_aware_order_gets_twelve_intra_warp_hits)
{
    static const int aware[] = {0, 0, 1, 1, 2, 2};
    struct trace_record r[24];
    size_t n = cacm_stream(r, aware, 0);
    struct cachesim_run_config c = fa_config(CACHESIM_LRU, 4);
    c.locality = 1;
    struct cachesim_run_result res = run(&c, r, n);
    CHECK_EQ_INT(cachesim_stats_hits(&res.stats), 12);
    CHECK_EQ_INT(locality_intra_warp(&res.loc), 12);
    CHECK_EQ_INT(res.loc.intra_thread, 12); /* the same lanes re-load their lines */
    CHECK_EQ_INT(locality_inter_warp(&res.loc), 0);
    CHECK_EQ_INT(res.loc.misses, 12);
    /* lanes that did not touch the line before: inter-thread */
    n = cacm_stream(r, aware, 1);
    res = run(&c, r, n);
    CHECK_EQ_INT(res.loc.inter_thread, 12);
    CHECK_EQ_INT(res.loc.intra_thread, 0);
}

TEST(cacm_round_robin_unbounded_locality)
{
    static const int rr[] = {0, 1, 2, 0, 1, 2};
    struct trace_record r[24];
    size_t n = cacm_stream(r, rr, 0);
    struct cachesim_run_config c = fa_config(CACHESIM_LRU, 4);
    c.locality = 1;
    struct cachesim_run_result res = run(&c, r, n);
    /* the 4-entry cache loses everything; an unbounded one keeps all 12 */
    CHECK_EQ_INT(res.loc.misses, 24);
    CHECK_EQ_INT(res.loc_unbounded.misses, 12);
    CHECK_EQ_INT(locality_intra_warp(&res.loc_unbounded), 12);
    CHECK_EQ_INT(res.distinct, 12);
    /* each re-reference is 11 distinct lines later: bucket [8,16) */
    CHECK_EQ_INT(res.reuse.cold, 12);
    CHECK_EQ_INT(res.reuse.bucket[4], 12);
}

/* CCWS Example 1: each thread walks its own node's edges sequentially (4-byte
 * elements, one 128-byte line per 32 iterations), each lane in its own line.
 * 32 warps x 32 iterations x 32 lanes. greedy = one warp runs to the end
 * before the next starts; otherwise loose round robin over iterations. */
static size_t edge_walk(struct trace_record *r, int greedy)
{
    size_t n = 0;
    for (int a = 0; a < 32; a++)
        for (int b = 0; b < 32; b++) {
            int w = greedy ? a : b, it = greedy ? b : a;
            for (int t = 0; t < 32; t++) {
                uint64_t addr = ((uint64_t)(w * 32 + t) << 12) + (uint64_t)it * 4;
                memset(&r[n], 0, sizeof r[n]);
                r[n].warp = (uint32_t)w;
                r[n].cta = (uint32_t)w / 4;
                r[n].block = addr / 128;
                r[n].lanes = 1u << t;
                r[n].pc = 0x40;
                n++;
            }
        }
    return n;
}

TEST(edge_walk_intra_thread_locality_and_thrashing)
{
    enum { N = 32 * 32 * 32 };
    static struct trace_record r[N];
    struct cachesim_run_config c = fa_config(CACHESIM_LRU, 256); /* 32 KB, fully assoc. */
    c.locality = 1;
    size_t n = edge_walk(r, 0);
    struct cachesim_run_result rr = run(&c, r, n);
    /* 1024 lines in flight thrash a 256-line LRU cache completely */
    CHECK_EQ_INT(cachesim_stats_hits(&rr.stats), 0);
    /* an unbounded cache keeps 31 of every 32: all intra-thread */
    CHECK_EQ_INT(rr.loc_unbounded.misses, 1024);
    CHECK_EQ_INT(rr.loc_unbounded.intra_thread, N - 1024);
    CHECK_EQ_INT(locality_inter_warp(&rr.loc_unbounded), 0);
    /* Belady on the same stream recovers some, but far from all */
    c.cache.policy = CACHESIM_OPT;
    struct cachesim_run_result opt = run(&c, r, n);
    CHECK(cachesim_stats_hits(&opt.stats) > 0);
    CHECK(cachesim_stats_hits(&opt.stats) < (N - 1024) / 2);
    /* the greedy order keeps the locality with plain LRU */
    c.cache.policy = CACHESIM_LRU;
    n = edge_walk(r, 1);
    struct cachesim_run_result gto = run(&c, r, n);
    CHECK_EQ_INT(cachesim_stats_hits(&gto.stats), N - 1024);
    CHECK_EQ_INT(gto.loc.intra_thread, N - 1024);
    /* but 8-way with linear indexing: a warp's 32 lines are 32 lines apart
     * and all fall in one set (the conflicts SACAT's PRIC removes) */
    c.cache.assoc = 8;
    gto = run(&c, r, n);
    CHECK_EQ_INT(cachesim_stats_hits(&gto.stats), 0);
}

/* ---- naive reference model: O(assoc) per access, O(n) scans for OPT ---- */

struct ref_line {
    int valid;
    uint64_t block, stamp;
};

static uint64_t ref_next_use(const struct trace_record *r, size_t n, size_t i, uint64_t block,
                             int ignore_writes)
{
    for (size_t j = i + 1; j < n; j++)
        if (r[j].block == block && !(ignore_writes && r[j].write))
            return j;
    return UINT64_MAX;
}

static uint64_t ref_misses(const struct trace_record *r, size_t n, enum cachesim_policy p,
                           enum cachesim_writes wmode, uint32_t nsets, uint32_t assoc)
{
    struct ref_line *c = calloc((size_t)nsets * assoc, sizeof *c);
    uint64_t misses = 0;
    for (size_t i = 0; i < n; i++) {
        if (r[i].write && wmode == CACHESIM_WRITES_IGNORE)
            continue;
        struct ref_line *set = c + (r[i].block % nsets) * assoc;
        int evict = r[i].write && wmode == CACHESIM_WRITES_EVICT;
        int hit = -1;
        for (uint32_t w = 0; w < assoc; w++)
            if (set[w].valid && set[w].block == r[i].block)
                hit = (int)w;
        if (hit >= 0) {
            if (evict)
                set[hit].valid = 0;
            else if (p == CACHESIM_LRU)
                set[hit].stamp = i;
            continue;
        }
        misses++;
        if (evict)
            continue;
        int victim = -1;
        for (uint32_t w = 0; w < assoc && victim < 0; w++)
            if (!set[w].valid)
                victim = (int)w;
        if (victim < 0) {
            uint64_t best = 0;
            for (uint32_t w = 0; w < assoc; w++) {
                uint64_t key = p == CACHESIM_OPT || p == CACHESIM_OPT_BYPASS
                                   ? ref_next_use(r, n, i, set[w].block, wmode == CACHESIM_WRITES_IGNORE)
                                   : UINT64_MAX - set[w].stamp; /* oldest stamp */
                if (victim < 0 || key > best) {
                    best = key;
                    victim = (int)w;
                }
            }
            if (p == CACHESIM_OPT_BYPASS &&
                ref_next_use(r, n, i, r[i].block, wmode == CACHESIM_WRITES_IGNORE) > best)
                continue;
        }
        set[victim].valid = 1;
        set[victim].block = r[i].block;
        set[victim].stamp = i;
    }
    free(c);
    return misses;
}

static void random_trace(struct trace_record *r, size_t n, uint64_t seed, uint64_t universe,
                         int with_writes)
{
    uint64_t s = seed;
    memset(r, 0, n * sizeof *r);
    for (size_t i = 0; i < n; i++) {
        uint64_t x = rng_next(&s);
        /* skewed: half the accesses go to a small hot set */
        r[i].block = (x & 1) ? (x >> 8) % (universe / 8 + 1) : (x >> 8) % universe;
        r[i].write = with_writes && (x >> 4) % 5 == 0;
        r[i].warp = (uint32_t)((x >> 40) % 16);
        r[i].lanes = 1u << ((x >> 50) % 32);
    }
}

static const struct {
    uint32_t lines, assoc;
} shapes[] = {{8, 0}, {16, 4}, {32, 8}, {64, 2}, {12, 3}, {4, 1}};

TEST(matches_reference_model_on_random_traces)
{
    enum { N = 1500 };
    static struct trace_record r[N];
    static const enum cachesim_policy pols[] = {CACHESIM_LRU, CACHESIM_FIFO, CACHESIM_OPT,
                                                CACHESIM_OPT_BYPASS};
    int bad = 0, runs = 0;
    for (int wm = 0; wm < 3; wm++) {
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
            random_trace(r, N, 100 + k + 10 * (uint64_t)wm, 4 * shapes[k].lines, 1);
            for (int p = 0; p < 4; p++) {
                struct cachesim_run_config c = fa_config(pols[p], shapes[k].lines);
                c.cache.assoc = shapes[k].assoc;
                c.cache.writes = (enum cachesim_writes)wm;
                struct cachesim_run_result res = run(&c, r, N);
                uint32_t assoc = shapes[k].assoc ? shapes[k].assoc : shapes[k].lines;
                uint64_t want = ref_misses(r, N, pols[p], (enum cachesim_writes)wm,
                                           shapes[k].lines / assoc, assoc);
                runs++;
                if (cachesim_stats_misses(&res.stats) != want) {
                    bad++;
                    printf("  %s writes=%s %u lines %u-way: %llu misses, reference %llu\n",
                           cachesim_policy_name(pols[p]), cachesim_writes_name(wm),
                           shapes[k].lines, shapes[k].assoc,
                           (unsigned long long)cachesim_stats_misses(&res.stats),
                           (unsigned long long)want);
                }
            }
        }
    }
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(runs, 72);
}

TEST(opt_never_worse_than_lru_fifo_random)
{
    enum { N = 20000 };
    static struct trace_record r[N];
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        for (uint64_t seed = 1; seed <= 3; seed++) {
            random_trace(r, N, seed * 77 + k, 3 * shapes[k].lines, 0);
            uint64_t m[5];
            for (int p = 0; p < 5; p++) {
                struct cachesim_run_config c = fa_config((enum cachesim_policy)p, shapes[k].lines);
                c.cache.assoc = shapes[k].assoc;
                c.cache.seed = seed;
                struct cachesim_run_result res = run(&c, r, N);
                m[p] = cachesim_stats_misses(&res.stats);
            }
            CHECK(m[CACHESIM_OPT] <= m[CACHESIM_LRU]);
            CHECK(m[CACHESIM_OPT] <= m[CACHESIM_FIFO]);
            CHECK(m[CACHESIM_OPT] <= m[CACHESIM_RANDOM]);
            CHECK(m[CACHESIM_OPT_BYPASS] <= m[CACHESIM_OPT]);
            if (shapes[k].assoc == 1) /* direct mapped: no choice to make */
                CHECK(m[CACHESIM_OPT] == m[CACHESIM_LRU] && m[CACHESIM_FIFO] == m[CACHESIM_LRU]);
            else /* strictly, on these traces */
                CHECK(m[CACHESIM_OPT] < m[CACHESIM_LRU]);
        }
    }
}

TEST(unbounded_misses_are_the_distinct_lines)
{
    enum { N = 30000 };
    static struct trace_record r[N];
    for (uint64_t seed = 1; seed <= 4; seed++) {
        random_trace(r, N, seed, 1000 * seed, 0);
        struct cachesim_run_config c = fa_config(CACHESIM_LRU, 1);
        c.cache.unbounded = 1;
        c.locality = 1;
        struct cachesim_run_result res = run(&c, r, N);
        CHECK_EQ_INT(cachesim_stats_misses(&res.stats), res.distinct);
        CHECK_EQ_INT(res.loc_unbounded.misses, res.distinct);
        CHECK_EQ_INT(res.reuse.cold, res.distinct);
        /* and a huge fully associative cache behaves the same */
        c = fa_config(CACHESIM_LRU, 4096);
        struct cachesim_run_result big = run(&c, r, N);
        CHECK_EQ_INT(cachesim_stats_misses(&big.stats), res.distinct);
    }
}

TEST(lru_hits_equal_reuse_distances_below_capacity)
{
    enum { N = 20000 };
    static struct trace_record r[N];
    random_trace(r, N, 5, 600, 0);
    for (unsigned k = 0; k <= 9; k++) { /* capacities 1 .. 512, powers of two */
        struct cachesim_run_config c = fa_config(CACHESIM_LRU, 1u << k);
        c.locality = 1;
        struct cachesim_run_result res = run(&c, r, N);
        uint64_t below = 0;
        for (unsigned b = 0; b <= k; b++) /* buckets 0..k hold distances < 2^k */
            below += res.reuse.bucket[b];
        CHECK_EQ_INT(cachesim_stats_hits(&res.stats), below);
    }
}

TEST(fifo_equals_lru_without_reuse_and_random_is_seeded)
{
    enum { N = 5000 };
    static struct trace_record r[N];
    memset(r, 0, sizeof r);
    for (size_t i = 0; i < N; i++)
        r[i].block = i * 7;
    CHECK_EQ_INT(misses_of(CACHESIM_FIFO, 16, r, N), N);
    CHECK_EQ_INT(misses_of(CACHESIM_LRU, 16, r, N), N);
    random_trace(r, N, 9, 100, 0);
    struct cachesim_run_config c = fa_config(CACHESIM_RANDOM, 32);
    c.cache.assoc = 8;
    c.cache.seed = 123;
    struct cachesim_run_result a = run(&c, r, N), b = run(&c, r, N);
    CHECK_EQ_INT(cachesim_stats_misses(&a.stats), cachesim_stats_misses(&b.stats));
    uint64_t differ = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        c.cache.seed = seed;
        b = run(&c, r, N);
        differ += cachesim_stats_misses(&a.stats) != cachesim_stats_misses(&b.stats);
    }
    CHECK(differ > 0);
}

TEST(write_modes)
{
    /* R A, W A, R A, W B, R B */
    struct trace_record r[5];
    memset(r, 0, sizeof r);
    static const int blocks[5] = {0, 0, 0, 1, 1}, writes[5] = {0, 1, 0, 1, 0};
    for (int i = 0; i < 5; i++) {
        r[i].block = (uint64_t)blocks[i];
        r[i].write = (uint8_t)writes[i];
    }
    struct cachesim_run_config c = fa_config(CACHESIM_LRU, 4);
    struct cachesim_run_result res = run(&c, r, 5);
    CHECK_EQ_INT(res.stats.write_hits, 1);   /* W A hits and invalidates */
    CHECK_EQ_INT(res.stats.read_misses, 3);  /* R A, R A again, R B */
    CHECK_EQ_INT(res.stats.write_misses, 1); /* W B allocates nothing */
    CHECK_EQ_INT(res.stats.invalidations, 1);
    c.cache.writes = CACHESIM_WRITES_ALLOCATE;
    res = run(&c, r, 5);
    CHECK_EQ_INT(cachesim_stats_hits(&res.stats), 3);
    CHECK_EQ_INT(cachesim_stats_misses(&res.stats), 2);
    c.cache.writes = CACHESIM_WRITES_IGNORE;
    res = run(&c, r, 5);
    CHECK_EQ_INT(res.stats.skipped, 2);
    CHECK_EQ_INT(cachesim_stats_hits(&res.stats), 1);
    CHECK_EQ_INT(cachesim_stats_misses(&res.stats), 2);
}

TEST(local_stores_follow_their_own_write_mode)
{
    /* R A, W A, R A, all to local memory */
    struct trace_record r[3];
    memset(r, 0, sizeof r);
    for (int i = 0; i < 3; i++)
        r[i].kind = TRACE_KIND_LOCAL;
    r[1].write = 1;
    struct cachesim_run_config c = fa_config(CACHESIM_LRU, 4);
    c.cache.local_writes = CACHESIM_WRITES_ALLOCATE; /* write-back local, evict global */
    struct cachesim_run_result res = run(&c, r, 3);
    CHECK_EQ_INT(cachesim_stats_hits(&res.stats), 2);
    CHECK_EQ_INT(res.stats.invalidations, 0);
    for (int i = 0; i < 3; i++)
        r[i].kind = TRACE_KIND_GLOBAL;
    res = run(&c, r, 3);
    CHECK_EQ_INT(cachesim_stats_hits(&res.stats), 1);
    CHECK_EQ_INT(res.stats.invalidations, 1);
}

TEST(kind_filter_drops_records_consistently)
{
    /* the const accesses would thrash a 1-entry cache; filtered out, the
     * global ones all hit after the first, under LRU and OPT alike */
    enum { N = 40 };
    struct trace_record r[N];
    memset(r, 0, sizeof r);
    for (int i = 0; i < N; i++) {
        r[i].kind = (uint8_t)(i % 2 ? TRACE_KIND_CONST : TRACE_KIND_GLOBAL);
        r[i].block = i % 2 ? 100 + (uint64_t)i : 7;
    }
    for (int p = CACHESIM_LRU; p <= CACHESIM_OPT_BYPASS; p++) {
        struct cachesim_run_config c = fa_config((enum cachesim_policy)p, 1);
        c.kinds = 1u << TRACE_KIND_GLOBAL;
        struct cachesim_run_result res = run(&c, r, N);
        CHECK_EQ_INT(res.records, N);
        CHECK_EQ_INT(res.excluded, N / 2);
        CHECK_EQ_INT(cachesim_stats_misses(&res.stats), 1);
        CHECK_EQ_INT(cachesim_stats_hits(&res.stats), N / 2 - 1);
    }
}

TEST(one_cache_per_sm_for_l1_streams)
{
    struct trace_record r[4];
    memset(r, 0, sizeof r);
    r[1].sm = 1; /* the same line from two SMs, twice */
    r[3].sm = 1;
    struct cachesim_run_config c = fa_config(CACHESIM_OPT, 4);
    c.per_sm = 1;
    struct cachesim_run_result res = run(&c, r, 4);
    CHECK_EQ_INT(res.caches, 2);
    CHECK_EQ_INT(cachesim_stats_misses(&res.stats), 2);
    c.per_sm = 0;
    res = run(&c, r, 4);
    CHECK_EQ_INT(res.caches, 1);
    CHECK_EQ_INT(cachesim_stats_misses(&res.stats), 1);
}

TEST(inter_warp_hits_are_split_by_origin)
{
    struct trace_record r[5];
    memset(r, 0, sizeof r);
    r[0].warp = 0, r[0].cta = 0;                /* brings the line in */
    r[1].warp = 1, r[1].cta = 0;                /* same CTA */
    r[2].warp = 9, r[2].cta = 3;                /* other CTA, same SM */
    r[3].warp = 50, r[3].cta = 20, r[3].sm = 4; /* other SM (shared cache) */
    r[4].kernel = 1;                            /* next kernel */
    for (int i = 0; i < 5; i++)
        r[i].lanes = 1;
    struct cachesim_run_config c = fa_config(CACHESIM_LRU, 4);
    c.locality = 1;
    struct cachesim_run_result res = run(&c, r, 5);
    CHECK_EQ_INT(res.loc.misses, 1);
    CHECK_EQ_INT(res.loc.inter_warp_cta, 1);
    CHECK_EQ_INT(res.loc.inter_warp_sm, 1);
    CHECK_EQ_INT(res.loc.inter_warp_remote, 1);
    CHECK_EQ_INT(res.loc.inter_kernel, 1);
    CHECK_EQ_INT(locality_intra_warp(&res.loc), 0);
}

TEST(set_index_function_by_name_and_bad_shapes)
{
    char err[256];
    struct cachesim s;
    struct cachesim_config c = {.policy = CACHESIM_LRU, .size = 32768, .assoc = 8, .line_size = 128};
    for (int i = 0; cache_index_table[i]; i++) { /* every registered index function */
        c.index = cache_index_table[i]->name;
        CHECK_EQ_INT(cachesim_init(&s, &c, err, sizeof err), 0);
        CHECK_EQ_INT(s.nsets, 32);
        for (uint64_t b = 0; b < 1000; b++) {
            struct trace_record r = {.block = b * 97};
            cachesim_access(&s, &r, CACHESIM_NEVER, NULL);
        }
        CHECK(cachesim_resident(&s) <= 256);
        cachesim_free(&s);
    }
    c.index = "nosuch";
    CHECK_EQ_INT(cachesim_init(&s, &c, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "nosuch");
    c.assoc = 0; /* fully associative: one set, any index function will do */
    for (int i = 0; cache_index_table[i]; i++) {
        c.index = cache_index_table[i]->name;
        CHECK_EQ_INT(cachesim_init(&s, &c, err, sizeof err), 0);
        cachesim_free(&s);
    }
    c.index = "nosuch";
    CHECK_EQ_INT(cachesim_init(&s, &c, err, sizeof err), -1);
    c.assoc = 8;
    c.index = NULL;
    c.assoc = 7;
    CHECK_EQ_INT(cachesim_init(&s, &c, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "7-way");
    c.assoc = 8;
    c.size = 1000;
    CHECK_EQ_INT(cachesim_init(&s, &c, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "multiple");
    CHECK_EQ_INT(cachesim_policy_parse("opt-bypass"), CACHESIM_OPT_BYPASS);
    CHECK_EQ_INT(cachesim_policy_parse("belady"), -1);
    CHECK_EQ_INT(cachesim_writes_parse("allocate"), CACHESIM_WRITES_ALLOCATE);
}

int main(void)
{
    RUN(design_example_two_entries);
    RUN(design_example_four_entries);
    RUN(opt_refreshes_next_use_on_hit);
    RUN(cacm_round_robin_and_belady);
    RUN(cacm_locality_aware_order_gets_twelve_intra_warp_hits);
    RUN(cacm_round_robin_unbounded_locality);
    RUN(edge_walk_intra_thread_locality_and_thrashing);
    RUN(matches_reference_model_on_random_traces);
    RUN(opt_never_worse_than_lru_fifo_random);
    RUN(unbounded_misses_are_the_distinct_lines);
    RUN(lru_hits_equal_reuse_distances_below_capacity);
    RUN(fifo_equals_lru_without_reuse_and_random_is_seeded);
    RUN(write_modes);
    RUN(local_stores_follow_their_own_write_mode);
    RUN(kind_filter_drops_records_consistently);
    RUN(one_cache_per_sm_for_l1_streams);
    RUN(inter_warp_hits_are_split_by_origin);
    RUN(set_index_function_by_name_and_bad_shapes);
    return check_summary();
}
