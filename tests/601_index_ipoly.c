/* PRIC / I-Poly set indexing against the SACAT paper's Poly(37) table and
 * its conflict-avoidance properties; the Fermi hash; argument checking. */
#include "check.h"
#include "policy/cache/cache_index.h"

static int mk(struct cache_index *idx, const char *spec, uint32_t nsets)
{
    char err[256];
    if (cache_index_init(idx, spec, nsets, err, sizeof err)) {
        printf("  %s: %s\n", spec, err);
        CHECK(!"setup failed");
        return -1;
    }
    return 0;
}

static int bit(uint64_t a, int i)
{
    return (int)((a >> i) & 1);
}

/* DESIGN.md / SACAT Fig. 8 equations over address bits A[26:7]. */
static uint32_t table37(uint64_t a)
{
    int i0 = bit(a, 7) ^ bit(a, 12) ^ bit(a, 15) ^ bit(a, 17) ^ bit(a, 18) ^ bit(a, 21) ^ bit(a, 22) ^
             bit(a, 23) ^ bit(a, 24) ^ bit(a, 25);
    int i1 = bit(a, 8) ^ bit(a, 13) ^ bit(a, 16) ^ bit(a, 18) ^ bit(a, 19) ^ bit(a, 22) ^ bit(a, 23) ^
             bit(a, 24) ^ bit(a, 25) ^ bit(a, 26);
    int i2 = bit(a, 9) ^ bit(a, 12) ^ bit(a, 14) ^ bit(a, 15) ^ bit(a, 18) ^ bit(a, 19) ^ bit(a, 20) ^
             bit(a, 21) ^ bit(a, 22) ^ bit(a, 26);
    int i3 = bit(a, 10) ^ bit(a, 13) ^ bit(a, 15) ^ bit(a, 16) ^ bit(a, 19) ^ bit(a, 20) ^ bit(a, 21) ^
             bit(a, 22) ^ bit(a, 23);
    int i4 = bit(a, 11) ^ bit(a, 14) ^ bit(a, 16) ^ bit(a, 17) ^ bit(a, 20) ^ bit(a, 21) ^ bit(a, 22) ^
             bit(a, 23) ^ bit(a, 24);
    return (uint32_t)(i0 | i1 << 1 | i2 << 2 | i3 << 3 | i4 << 4);
}

TEST(poly37_reproduces_the_32_set_table)
{
    struct cache_index idx;
    if (mk(&idx, "ipoly", 32))
        return;
    CHECK_EQ_U64(idx.param, 37);
    /* The function is linear, so each address bit alone pins it down. */
    for (int b = 7; b <= 26; b++)
        CHECK_EQ_INT(cache_index_set(&idx, (1ull << b) >> 7), table37(1ull << b));
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < 10000; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        uint64_t a = x & ((1ull << 27) - 1);
        CHECK_EQ_INT(cache_index_set(&idx, a >> 7), table37(a));
    }
    struct cache_index alias;
    if (mk(&alias, "P", 32))
        return;
    CHECK(alias.ops == idx.ops && alias.param == 37);
}

static int distinct_sets(const struct cache_index *idx, uint64_t start, uint64_t stride, int n)
{
    uint64_t seen = 0;
    for (int i = 0; i < n; i++)
        seen |= 1ull << cache_index_set(idx, start + (uint64_t)i * stride);
    return __builtin_popcountll(seen);
}

TEST(poly37_spreads_strides)
{
    struct cache_index ip, lin;
    if (mk(&ip, "ipoly", 32) || mk(&lin, "linear", 32))
        return;
    for (uint64_t blk = 0; blk < 4096; blk++)
        CHECK_EQ_INT(distinct_sets(&ip, blk * 32, 1, 32), 32);
    for (int k = 0; k <= 20; k++)
        CHECK_EQ_INT(distinct_sets(&ip, 0, 32ull << k, 32), 32);
    for (uint64_t m = 1; m <= 256; m++) {
        if ((m & (m - 1)) == 0)
            continue;
        int n = distinct_sets(&ip, 0, 32 * m, 32);
        CHECK(n >= 13 || (printf("  stride 32*%llu: %d sets\n", (unsigned long long)m, n), 0));
        CHECK_EQ_INT(distinct_sets(&lin, 0, 32 * m, 32), 1);
    }
}

TEST(degree5_irreducibles_are_exactly_the_papers_six)
{
    int ok[64] = { 0 }, n = 0;
    for (int p = 32; p < 64; p++) {
        struct cache_index idx;
        char spec[32], err[256];
        snprintf(spec, sizeof spec, "ipoly:%d", p);
        ok[p] = cache_index_init(&idx, spec, 32, err, sizeof err) == 0;
        if (!ok[p])
            CHECK_STR_CONTAINS(err, "reducible");
        n += ok[p];
    }
    CHECK_EQ_INT(n, 6);
    CHECK(ok[37] && ok[41] && ok[47] && ok[55] && ok[59] && ok[61]);
}

TEST(default_polynomials_for_2_to_4096_sets)
{
    for (uint32_t sets = 2; sets <= 4096; sets *= 2) {
        struct cache_index idx, again;
        if (mk(&idx, "ipoly", sets))
            return;
        char spec[32], err[256];
        snprintf(spec, sizeof spec, "ipoly:%llu", (unsigned long long)idx.param);
        CHECK_EQ_INT(cache_index_init(&again, spec, sets, err, sizeof err), 0); /* irreducible */
        /* an aligned block of `sets` lines covers every set */
        uint8_t seen[4096] = { 0 };
        int n = 0;
        for (uint64_t b = 5 * (uint64_t)sets; b < 6 * (uint64_t)sets; b++) {
            uint32_t s = cache_index_set(&idx, b);
            CHECK(s < sets);
            if (s < sets && !seen[s]++)
                n++;
        }
        CHECK_EQ_INT(n, (int)sets);
    }
}

TEST(ipoly_rejects_bad_arguments)
{
    struct cache_index idx;
    char err[256];
    CHECK_EQ_INT(cache_index_init(&idx, "ipoly:36", 32, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "reducible");
    CHECK_EQ_INT(cache_index_init(&idx, "ipoly:11", 32, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "degree 3");
    CHECK_EQ_INT(cache_index_init(&idx, "ipoly:zz", 32, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "bad polynomial");
    CHECK_EQ_INT(cache_index_init(&idx, "ipoly", 48, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "power of two");
    CHECK_EQ_INT(cache_index_init(&idx, "ipoly:0x29", 32, err, sizeof err), 0);
    CHECK_EQ_U64(idx.param, 41);
}

TEST(fermi_hash)
{
    struct cache_index idx;
    char err[256];
    if (mk(&idx, "H", 32))
        return;
    for (int b = 7; b < 24; b++) {
        uint64_t a = 1ull << b;
        uint32_t want = (uint32_t)((a >> 7) & 0x1f) ^ (uint32_t)((a >> 13) & 7) ^
                        (uint32_t)(((a >> 17) & 1) << 3) ^ (uint32_t)(((a >> 19) & 1) << 4);
        CHECK_EQ_INT(cache_index_set(&idx, a >> 7), want);
    }
    if (mk(&idx, "fermi", 64))
        return;
    CHECK_EQ_INT(cache_index_set(&idx, 1ull << 5), 32); /* address bit 12 */
    CHECK_EQ_INT(cache_index_init(&idx, "fermi", 16, err, sizeof err), -1);
}

int main(void)
{
    RUN(poly37_reproduces_the_32_set_table);
    RUN(poly37_spreads_strides);
    RUN(degree5_irreducibles_are_exactly_the_papers_six);
    RUN(default_polynomials_for_2_to_4096_sets);
    RUN(ipoly_rejects_bad_arguments);
    RUN(fermi_hash);
    return check_summary();
}
