/* DESIGN.md: "trace-driven LRU reproduces the timing model's L1 miss count
 * for the same access stream". The timing model's cache (src/mem/cache.c) is
 * driven here with the stream one access at a time, every miss filled at
 * once (so nothing is ever reserved), and compared with cachesim: LRU, FIFO,
 * and the timing model's own policies through "repl:", write-evict stores,
 * every set-index function. */
#include "check.h"
#include "analysis/cachesim_run.h"
#include "mem/cache.h"
#include <stdlib.h>

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void random_trace(struct trace_record *r, size_t n, uint64_t seed, uint64_t universe)
{
    uint64_t s = seed;
    memset(r, 0, n * sizeof *r);
    for (size_t i = 0; i < n; i++) {
        uint64_t x = rng_next(&s);
        /* a hot region, a strided region (set conflicts), and the rest */
        switch (x % 3) {
        case 0: r[i].block = (x >> 8) % (universe / 8 + 1); break;
        case 1: r[i].block = ((x >> 8) % 64) * 32; break;
        default: r[i].block = (x >> 8) % universe; break;
        }
        r[i].write = (x >> 4) % 6 == 0;
        r[i].warp = (uint32_t)(x >> 40) % 8;
        r[i].lanes = 0xffffffffu;
    }
}

/* Runs the stream through src/mem's cache; -1 if it ever refused an access. */
static int timing_cache(const struct trace_record *r, size_t n, uint32_t nsets, uint32_t assoc,
                        const char *repl, const char *index, uint64_t *hits, uint64_t *misses)
{
    char spec[96], err[256];
    snprintf(spec, sizeof spec, "N:%u:128:%u,L:E:m:N,A:64:8,16", nsets, assoc);
    struct cache_config cfg;
    if (cache_config_parse(&cfg, spec, err, sizeof err) != 0) {
        printf("  %s\n", err);
        return -1;
    }
    snprintf(cfg.repl, sizeof cfg.repl, "%s", repl);
    snprintf(cfg.index, sizeof cfg.index, "%s", index);
    struct cache c;
    if (cache_init(&c, &cfg, err, sizeof err) != 0) {
        printf("  %s\n", err);
        return -1;
    }
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        struct cache_access a = {.addr = r[i].block * 128, .is_write = r[i].write,
                                 .warp = (int32_t)r[i].warp, .token = i};
        enum cache_fail fail;
        enum cache_outcome o = cache_access(&c, &a, &fail);
        if (o == CACHE_RESERVATION_FAIL || o == CACHE_HIT_RESERVED)
            rc = -1;
        if (o == CACHE_MISS && !r[i].write) {
            const uint64_t *tokens;
            cache_fill(&c, a.addr, c.all_sectors, &tokens);
        }
        while (cache_out_front(&c))
            cache_out_pop(&c);
    }
    *hits = c.st.hits;
    *misses = c.st.misses;
    cache_free(&c);
    return rc;
}

TEST(trace_cachesim_reproduces_timing_model_cache)
{
    enum { N = 6000 };
    static struct trace_record r[N];
    static const struct {
        uint32_t nsets, assoc;
    } shapes[] = {{32, 8}, {16, 4}, {1, 16}, {64, 2}};
    static const struct {
        const char *ours, *theirs;
    } pols[] = {{"lru", "lru"},           {"fifo", "fifo"},          {"repl:lru", "lru"},
                {"repl:fifo", "fifo"},     {"repl:random", "random"}, {"repl:random:99", "random:99"}};
    int compared = 0, bad = 0;
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        random_trace(r, N, 1000 + k, 6 * (uint64_t)shapes[k].nsets * shapes[k].assoc);
        for (int ix = 0; cache_index_table[ix]; ix++) {
            const char *index = cache_index_table[ix]->name;
            struct cache_index probe;
            char perr[256];
            if (cache_index_init(&probe, index, shapes[k].nsets, perr, sizeof perr) != 0)
                continue; /* e.g. fermi needs 32 or 64 sets */
            for (size_t p = 0; p < sizeof pols / sizeof pols[0]; p++) {
                uint64_t th, tm;
                if (timing_cache(r, N, shapes[k].nsets, shapes[k].assoc, pols[p].theirs, index,
                                 &th, &tm) != 0) {
                    bad++;
                    printf("  timing cache refused an access (%s, %s)\n", pols[p].theirs, index);
                    continue;
                }
                struct cachesim_run_config c = {0};
                c.cache.policy = (enum cachesim_policy)cachesim_policy_parse(pols[p].ours);
                c.cache.repl = strncmp(pols[p].ours, "repl:", 5) ? NULL : pols[p].ours + 5;
                c.cache.size = (uint64_t)shapes[k].nsets * shapes[k].assoc * 128;
                c.cache.assoc = shapes[k].assoc;
                c.cache.line_size = 128;
                c.cache.index = index;
                struct access_source src;
                struct access_array a;
                struct cachesim_run_result res;
                char err[256];
                access_source_array(&src, &a, r, N);
                if (cachesim_run(&c, &src, &res, err, sizeof err) != 0) {
                    bad++;
                    printf("  cachesim: %s\n", err);
                    continue;
                }
                compared++;
                if (cachesim_stats_hits(&res.stats) != th || cachesim_stats_misses(&res.stats) != tm) {
                    bad++;
                    printf("  %u sets x %u, %s, %s: cachesim %llu/%llu hits/misses, timing %llu/%llu\n",
                           shapes[k].nsets, shapes[k].assoc, pols[p].ours, index,
                           (unsigned long long)cachesim_stats_hits(&res.stats),
                           (unsigned long long)cachesim_stats_misses(&res.stats),
                           (unsigned long long)th, (unsigned long long)tm);
                }
            }
        }
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(compared >= 4 * 6);
}

TEST(repl_policy_errors_are_reported)
{
    struct cachesim s;
    char err[256];
    struct cachesim_config c = {.policy = CACHESIM_REPL, .repl = "nosuch", .size = 4096,
                                .assoc = 4, .line_size = 128};
    CHECK_EQ_INT(cachesim_init(&s, &c, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "nosuch");
    c.repl = "random:xyz";
    CHECK_EQ_INT(cachesim_init(&s, &c, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "xyz");
    CHECK_EQ_INT(cachesim_policy_parse("repl:"), -1);
    CHECK_EQ_INT(cachesim_policy_parse("repl:lru"), CACHESIM_REPL);
}

int main(void)
{
    RUN(trace_cachesim_reproduces_timing_model_cache);
    RUN(repl_policy_errors_are_reported);
    return check_summary();
}
