/* CTA clustering arithmetic (cta-clustering-asplos2017 Sec. 4.2) and the
 * agent scheme of cuda/cta_clustering.cuh, modelled on the host.
 * Round-trip coverage: every v for (a) all M in 1..160 and all |V| in 1..300;
 * (b) all M in 1..160 and |V| = 301..5000 in steps of 97 plus 4096, 4999,
 * 5000; (c) all |V| in 1..5000 for M in {2, 15, 80, 132, 160}. */
#include "check.h"
#include "cta/cluster.h"
#include <stdlib.h>

TEST(paper_mm_example)
{
    /* 3 x 2 grid of CTAs, row-major indexing (Y-partitioning), M = 2 */
    struct cluster_grid g = { 3, 2, CLUSTER_INDEX_Y, 0, 0 };
    uint32_t v = cluster_grid_linear(&g, 0, 1), w, i;
    CHECK_EQ_INT(v, 3);
    cluster_partition(6, 2, v, &w, &i);
    CHECK_EQ_INT(w, 0);
    CHECK_EQ_INT(i, 1);
    CHECK_EQ_INT(cluster_invert(6, 2, 2, 1), 5);
    cluster_rr_bind(2, 4, &w, &i);
    CHECK_EQ_INT(w, 2);
    CHECK_EQ_INT(i, 0);
    CHECK_EQ_INT(cluster_redirect(6, 2, 4), 2);
}

/* Eqs. 4-5 exactly as printed */
static void paper_partition(uint32_t n, uint32_t m, uint32_t v, uint32_t *w, uint32_t *i)
{
    uint32_t q = n / m, r = n % m;
    if (v % m <= r) {
        *w = v % (q + 1);
        *i = v / (q + 1);
    } else {
        *w = v % q;
        *i = (v - r) / q;
    }
}

TEST(printed_eq4_is_not_a_bijection)
{
    uint32_t w3, i3, w4, i4;
    paper_partition(6, 2, 3, &w3, &i3);
    paper_partition(6, 2, 4, &w4, &i4);
    CHECK(w3 == w4 && i3 == i4 && w3 == 0 && i3 == 1);
    cluster_partition(6, 2, 3, &w3, &i3);
    cluster_partition(6, 2, 4, &w4, &i4);
    CHECK(!(w3 == w4 && i3 == i4));
}

static int round_trip(uint32_t n, uint32_t m)
{
    uint32_t prev_i = 0, prev_w = 0;
    for (uint32_t v = 0; v < n; v++) {
        uint32_t w, i;
        cluster_partition(n, m, v, &w, &i);
        if (i >= m || w >= cluster_size(n, m, i) || cluster_invert(n, m, w, i) != v)
            return 0;
        /* consecutive chunks: v+1 is the next place in the same or next cluster */
        if (v > 0 && !((i == prev_i && w == prev_w + 1) || (i == prev_i + 1 && w == 0)))
            return 0;
        prev_i = i;
        prev_w = w;
    }
    return 1;
}

TEST(round_trip_and_balance)
{
    long checked = 0;
    int bad = 0;
    for (uint32_t m = 1; m <= 160 && !bad; m++) {
        for (uint32_t n = 1; n <= 300 && !bad; n++, checked += n)
            bad = !round_trip(n, m);
        for (uint32_t n = 301; n <= 5000 && !bad; n += 97, checked += n)
            bad = !round_trip(n, m);
        bad = bad || !round_trip(4096, m) || !round_trip(4999, m) || !round_trip(5000, m);
        /* sizes: first n % m clusters one larger, total n */
        uint32_t total = 0;
        for (uint32_t i = 0; i < m; i++)
            total += cluster_size(4999, m, i);
        bad = bad || total != 4999;
    }
    static const uint32_t ms[] = { 2, 15, 80, 132, 160 };
    for (uint32_t k = 0; k < 5 && !bad; k++)
        for (uint32_t n = 1; n <= 5000 && !bad; n++, checked += n)
            bad = !round_trip(n, ms[k]);
    CHECK(!bad);
    CHECK(checked > 60000000);
}

TEST(redirect_is_a_permutation)
{
    static uint8_t seen[5000];
    for (uint32_t n = 1; n <= 5000; n += 131)
        for (uint32_t m = 1; m <= 160; m += 7) {
            for (uint32_t v = 0; v < n; v++)
                seen[v] = 0;
            int ok = 1;
            for (uint32_t u = 0; u < n && ok; u++) {
                uint32_t v = cluster_redirect(n, m, u);
                ok = v < n && !seen[v];
                if (ok)
                    seen[v] = 1;
                /* RR: new CTA u lands on SM u % m and must run a CTA of cluster u % m */
                uint32_t w, i;
                cluster_partition(n, m, v, &w, &i);
                ok = ok && i == u % m && w == u / m;
            }
            CHECK(ok);
        }
}

TEST(grid_indexing)
{
    /* Fig. 7, tile-wise 4 x 4 with 2 x 2 tiles */
    static const uint32_t tile[4][4] = {
        { 0, 1, 4, 5 }, { 2, 3, 6, 7 }, { 8, 9, 12, 13 }, { 10, 11, 14, 15 }
    };
    struct cluster_grid t = { 4, 4, CLUSTER_INDEX_TILE, 2, 2 };
    struct cluster_grid x = { 4, 4, CLUSTER_INDEX_X, 0, 0 };
    for (uint32_t by = 0; by < 4; by++)
        for (uint32_t bx = 0; bx < 4; bx++) {
            CHECK_EQ_INT(cluster_grid_linear(&t, bx, by), tile[by][bx]);
            CHECK_EQ_INT(cluster_grid_linear(&x, bx, by), bx * 4 + by);
        }
    /* round trips, with edge tiles of every shape */
    int ok = 1;
    for (uint32_t gx = 1; gx <= 23 && ok; gx++)
        for (uint32_t gy = 1; gy <= 19 && ok; gy++)
            for (int ix = 0; ix < 3 && ok; ix++)
                for (uint32_t tw = 1; tw <= 5 && ok; tw++)
                    for (uint32_t th = 1; th <= 4 && ok; th++) {
                        struct cluster_grid g = { gx, gy, (enum cluster_index)ix, tw, th };
                        for (uint32_t v = 0; v < gx * gy && ok; v++) {
                            uint32_t bx, by;
                            cluster_grid_coords(&g, v, &bx, &by);
                            ok = bx < gx && by < gy && cluster_grid_linear(&g, bx, by) == v;
                        }
                    }
    CHECK(ok);
}

TEST(paper_sm_binding_misses_ctas_without_all_agents)
{
    /* 10 CTAs, 2 clusters of 5, 2 active agents per SM: fine when both SMs
     * have both agents, but if SM 1 gets only agent 0, places 1 and 3 of
     * cluster 1 (CTAs 6 and 8) never run */
    uint8_t ran[10] = { 0 };
    for (uint32_t a = 0; a < 2; a++)
        for (uint32_t j = 0; cluster_sm_bind(10, 2, 2, 0, a, j) != UINT32_MAX; j++)
            ran[cluster_sm_bind(10, 2, 2, 0, a, j)]++;
    for (uint32_t j = 0; cluster_sm_bind(10, 2, 2, 1, 0, j) != UINT32_MAX; j++)
        ran[cluster_sm_bind(10, 2, 2, 1, 0, j)]++;
    CHECK_EQ_INT(ran[6], 0);
    CHECK_EQ_INT(ran[8], 0);
    CHECK_EQ_INT(ran[5] + ran[7] + ran[9], 3);
}

static uint64_t mix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

TEST(agents_run_every_cta_exactly_once)
{
    uint64_t seed = 99;
    static uint32_t ran[4000];
    static struct cluster_agent ag[400];
    for (int t = 0; t < 300; t++) {
        uint32_t n = 1 + (uint32_t)(mix(&seed) % 4000);
        uint32_t m = 1 + (uint32_t)(mix(&seed) % 40);         /* SMs assumed */
        uint32_t sms = 1 + (uint32_t)(mix(&seed) % 48);       /* SMs present */
        uint32_t active = 1 + (uint32_t)(mix(&seed) % 8);
        uint32_t nag = 1 + (uint32_t)(mix(&seed) % 400);      /* agents launched */
        uint32_t skew = (uint32_t)(mix(&seed) % 3);           /* how agents land */
        struct cluster_agents a;
        CHECK(cluster_agents_init(&a, n, m, active) == 0);
        for (uint32_t v = 0; v < n; v++)
            ran[v] = 0;
        for (uint32_t j = 0; j < nag; j++) {
            uint32_t sm = skew == 0 ? j % sms                       /* round robin */
                        : skew == 1 ? (uint32_t)(mix(&seed) % sms)  /* random */
                                    : (uint32_t)(mix(&seed) % (sms / 3 + 1)); /* few SMs */
            cluster_agent_start(&a, &ag[j], sm);
        }
        /* agents claim in a random interleaving until all have exited */
        uint32_t live = nag;
        static uint8_t done[400];
        for (uint32_t j = 0; j < nag; j++)
            done[j] = 0;
        while (live) {
            uint32_t j = (uint32_t)(mix(&seed) % nag);
            if (done[j])
                continue;
            uint32_t v = cluster_agent_next(&a, &ag[j]);
            if (v == UINT32_MAX) {
                done[j] = 1;
                live--;
            } else if (v < n) {
                ran[v]++;
            } else {
                CHECK(v < n);
            }
        }
        int once = 1;
        for (uint32_t v = 0; v < n; v++)
            once &= ran[v] == 1;
        if (!once)
            CHECK_FAIL_AT_("n=%u m=%u sms=%u active=%u agents=%u: a CTA did not run once", n, m,
                           sms, active, nag);
        cluster_agents_free(&a);
    }
}

TEST(agents_prefer_their_own_cluster)
{
    /* every SM present with all its agents, claims round robin: each agent
     * works on its own cluster until that cluster is drained */
    struct cluster_agents a;
    struct cluster_agent ag[8];
    CHECK(cluster_agents_init(&a, 40, 4, 2) == 0);
    for (uint32_t j = 0; j < 8; j++)
        cluster_agent_start(&a, &ag[j], j % 4);
    for (int round = 0; round < 5; round++)
        for (uint32_t j = 0; j < 8; j++) {
            uint32_t v = cluster_agent_next(&a, &ag[j]), w, i;
            cluster_partition(40, 4, v, &w, &i);
            CHECK_EQ_INT(i, j % 4);
        }
    for (uint32_t j = 0; j < 8; j++)
        CHECK_EQ_INT(cluster_agent_next(&a, &ag[j]), UINT32_MAX);
    cluster_agents_free(&a);
}

int main(void)
{
    RUN(paper_mm_example);
    RUN(printed_eq4_is_not_a_bijection);
    RUN(round_trip_and_balance);
    RUN(redirect_is_a_permutation);
    RUN(grid_indexing);
    RUN(paper_sm_binding_misses_ctas_without_all_agents);
    RUN(agents_run_every_cta_exactly_once);
    RUN(agents_prefer_their_own_cluster);
    return check_summary();
}
