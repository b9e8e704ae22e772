/* Every replacement policy in cache_repl.def through the same checks: victim
 * in range and eligible, none when nothing is eligible, deterministic, and
 * inside a cache never a reserved way. */
#include "check.h"
#include "mem/cache.h"
#include "policy/cache/cache_repl.h"

TEST(victim_in_range_and_eligible)
{
    for (int p = 0; cache_repl_table[p]; p++) {
        const char *name = cache_repl_table[p]->name;
        for (uint32_t assoc = 1; assoc <= 130; assoc += 43) {
            struct cache_repl r;
            char err[256];
            if (cache_repl_init(&r, name, 4, assoc, err, sizeof err)) {
                CHECK_STR_CONTAINS(err, "(no error expected)");
                continue;
            }
            CHECK(r.ops->version >= 1 && r.ops->on_hit && r.ops->on_fill && r.ops->choose_victim);
            uint64_t elig[3] = { 0 };
            CHECK_EQ_INT(r.ops->choose_victim(&r, 1, elig), -1);
            uint64_t x = 12345;
            for (int trial = 0; trial < 500; trial++) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                uint32_t set = (uint32_t)(x % 4), way = (uint32_t)((x >> 8) % assoc);
                if (x & 0x10000)
                    r.ops->on_hit(&r, set, way);
                else
                    r.ops->on_fill(&r, set, way);
                memset(elig, 0, sizeof elig);
                for (uint32_t w = 0; w < assoc; w++)
                    if ((x >> (w % 61)) & 1)
                        elig[w >> 6] |= 1ull << (w & 63);
                int any = elig[0] || elig[1] || elig[2];
                int v = r.ops->choose_victim(&r, set, elig);
                if (!any) {
                    CHECK_EQ_INT(v, -1);
                    continue;
                }
                CHECK(v >= 0 && (uint32_t)v < assoc);
                if (v >= 0 && (uint32_t)v < assoc)
                    CHECK((elig[v >> 6] >> (v & 63)) & 1);
            }
            cache_repl_free(&r);
        }
    }
}

/* The victims one instance chooses for a fixed stream of hits, fills and
 * eligibility masks (2000 decisions, 8 sets of 16 ways) into v. */
static int victim_stream(const char *name, int *v, int n)
{
    struct cache_repl r;
    char err[256];
    if (cache_repl_init(&r, name, 8, 16, err, sizeof err))
        return -1;
    uint64_t x = 88172645463325252ull;
    for (int i = 0; i < n; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        uint32_t set = (uint32_t)(x % 8), way = (uint32_t)((x >> 8) % 16);
        if (x & 0x10000)
            r.ops->on_hit(&r, set, way);
        else
            r.ops->on_fill(&r, set, way);
        uint64_t elig[1] = { (x >> 20) & 0xffff };
        if (!elig[0])
            elig[0] = 1;
        v[i] = r.ops->choose_victim(&r, set, elig);
    }
    cache_repl_free(&r);
    return 0;
}

/* Deterministic: two fresh instances given the same stream choose the same
 * victims (random replacement included: its generator is seeded per cache),
 * and the stream is not trivial: some policy decisions differ by policy. */
TEST(deterministic)
{
    enum { N = 2000 };
    static int a[N], b[N], first[N];
    int have_first = 0, differs = 0;
    for (int p = 0; cache_repl_table[p]; p++) {
        const char *name = cache_repl_table[p]->name;
        CHECK(victim_stream(name, a, N) == 0);
        CHECK(victim_stream(name, b, N) == 0);
        int same = 1;
        for (int i = 0; i < N; i++)
            same &= a[i] == b[i];
        if (!same)
            printf("  %s: two runs of one stream chose different victims\n", name);
        CHECK(same);
        if (!have_first) {
            memcpy(first, a, sizeof first);
            have_first = 1;
        } else {
            differs |= memcmp(first, a, sizeof first) != 0;
        }
    }
    CHECK(differs); /* the check could see a difference if there were one */
}

TEST(exact_names_and_aliases)
{
    struct cache_repl r;
    char err[256];
    CHECK_EQ_INT(cache_repl_init(&r, "L", 1, 4, err, sizeof err), 0);
    CHECK(strcmp(r.ops->name, "lru") == 0);
    cache_repl_free(&r);
    CHECK_EQ_INT(cache_repl_init(&r, "F", 1, 4, err, sizeof err), 0);
    CHECK(strcmp(r.ops->name, "fifo") == 0);
    cache_repl_free(&r);
    CHECK_EQ_INT(cache_repl_init(&r, "lr", 1, 4, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "unknown replacement policy 'lr'");
    CHECK_EQ_INT(cache_repl_init(&r, "lru:3", 1, 4, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "no arguments");
    CHECK_EQ_INT(cache_repl_init(&r, "random:x", 1, 4, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "bad seed");
}

/* In a cache where reads miss and are never filled, no policy may evict a
 * reserved line: once every way is reserved the cache reports LINE_ALLOC. */
TEST(never_a_reserved_way_inside_a_cache)
{
    for (int p = 0; cache_repl_table[p]; p++) {
        struct cache_config cfg;
        struct cache c;
        char spec[128], err[256];
        snprintf(spec, sizeof spec, "N:2:128:4,%s:R:m:N:L,A:64:2,64", cache_repl_table[p]->name);
        if (cache_config_parse(&cfg, spec, err, sizeof err) || cache_init(&c, &cfg, err, sizeof err)) {
            CHECK_STR_CONTAINS(err, "(no error expected)");
            continue;
        }
        enum cache_fail f;
        const uint64_t *t;
        int fills = 0;
        for (uint64_t i = 0; i < 200; i++) {
            struct cache_access a = { .addr = i * 2 * 128, .token = i };
            enum cache_outcome o = cache_access(&c, &a, &f);
            if (o == CACHE_RESERVATION_FAIL) {
                CHECK_EQ_INT(f, CACHE_FAIL_LINE_ALLOC);
                /* fill the oldest reserved line in set 0, then retry */
                for (uint32_t w = 0; w < 4; w++)
                    if (c.lines[w].pending) {
                        cache_fill(&c, c.lines[w].block * 128, 1, &t);
                        fills++;
                        break;
                    }
                o = cache_access(&c, &a, &f);
            }
            CHECK_EQ_INT(o, CACHE_MISS);
            while (cache_out_front(&c))
                cache_out_pop(&c);
            if (i % 3 == 0) { /* keep one reserved, fill the others at random */
                for (uint32_t w = 0; w < 4; w++)
                    if (c.lines[w].pending && c.lines[w].block != i * 2) {
                        cache_fill(&c, c.lines[w].block * 128, 1, &t);
                        fills++;
                    }
            }
        }
        CHECK_EQ_U64(c.st.misses, 200);
        CHECK_EQ_U64(c.st.evictions, 196); /* all in set 0: each miss after the 4th evicts */
        CHECK(fills > 0);
        /* an eviction of a reserved line would have dropped its MSHR's line */
        for (uint32_t e = 0; e < c.mshr.nentries; e++)
            if (c.mshr.e[e].used)
                CHECK(cache_find_line(&c, c.mshr.e[e].block * 128) != NULL);
        cache_free(&c);
    }
}

TEST(oldest_eligible_against_a_scan)
{
    /* lru's and fifo's victim: the eligible way with the smallest stamp,
     * the lowest such way on a tie; one-word sets take only the mask's bits,
     * stray bits above assoc included */
    uint64_t x = 12345;
    for (uint32_t assoc = 1; assoc <= 130; assoc++)
        for (int round = 0; round < 40; round++) {
            uint64_t stamps[130], elig[3] = { 0, 0, 0 };
            for (uint32_t w = 0; w < assoc; w++) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                stamps[w] = x % (round % 4 ? 1000 : 3); /* ties, often */
                if ((x >> 20) % 3)
                    elig[w >> 6] |= 1ull << (w & 63);
            }
            if (assoc < 64)
                elig[0] |= ~0ull << assoc; /* beyond the set: ignored */
            int want = -1;
            for (uint32_t w = 0; w < assoc; w++)
                if ((elig[w >> 6] >> (w & 63)) & 1 && (want < 0 || stamps[w] < stamps[want]))
                    want = (int)w;
            CHECK_EQ_INT(cache_repl_oldest_eligible(stamps, assoc, elig), want);
        }
}

int main(void)
{
    RUN(victim_in_range_and_eligible);
    RUN(deterministic);
    RUN(exact_names_and_aliases);
    RUN(never_a_reserved_way_inside_a_cache);
    RUN(oldest_eligible_against_a_scan);
    return check_summary();
}
