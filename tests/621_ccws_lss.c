/* CCWS locality scoring system (ccws-micro2012 §3.3.4-3.3.5): base scores,
 * LLDS by Eq. (1), raise-and-cap, one-per-cycle decay (lazy = per-cycle),
 * the cumulative cutoff on the paper's Fig. 6 narrative, exact change
 * times, K_THROTTLE = 0, and the allowed-warps histogram. */
#include "check.h"
#include "policy/warp/ccws_lss.h"
#include <stdlib.h>

static int init(struct ccws_lss *l, uint32_t warps, const struct ccws_lss_params *p)
{
    char err[160];
    if (ccws_lss_init(l, warps, p, err, sizeof err)) {
        printf("  setup: %s\n", err);
        return -1;
    }
    return 0;
}

static int mk(struct ccws_lss *l, uint32_t warps, uint32_t k, int cross)
{
    struct ccws_lss_params p = { k, 100, cross, 0, 64, 0, 1, 0 };
    return init(l, warps, &p);
}

static void issue(struct ccws_lss *l, int n)
{
    for (int i = 0; i < n; i++)
        ccws_lss_issued(l, 0, 0);
}

static uint32_t mask(struct ccws_lss *l, uint64_t t)
{
    uint32_t m = 0;
    for (uint32_t w = 0; w < l->n_warps; w++)
        if (l->live[w] && ccws_lss_may_load(l, w, t))
            m |= 1u << w;
    return m;
}

TEST(eq1_raise_cap_decay)
{
    struct ccws_lss l;
    if (mk(&l, 4, 8, 0))
        return;
    for (uint32_t w = 0; w < 4; w++)
        ccws_lss_warp_add(&l, w, w, 0);
    CHECK_EQ_U64(ccws_lss_cutoff(&l), 400);
    CHECK_EQ_U64(ccws_lss_score(&l, 1, 0), 100);
    issue(&l, 64);
    /* LLDS = 1/64 x 8 x 400 = 50 < base: a hit changes nothing */
    CHECK_EQ_U64(ccws_lss_vta_hit(&l, 1, 5), 50);
    CHECK_EQ_U64(ccws_lss_score(&l, 1, 5), 100);
    /* 2 hits / 64 insts: 100; 3 / 64: 150 */
    CHECK_EQ_U64(ccws_lss_vta_hit(&l, 1, 6), 100);
    CHECK_EQ_U64(ccws_lss_vta_hit(&l, 1, 7), 150);
    CHECK_EQ_U64(ccws_lss_score(&l, 1, 7), 150);
    /* another hit the same cycle raises to the new LLDS, never above it */
    CHECK_EQ_U64(ccws_lss_vta_hit(&l, 1, 7), 200);
    CHECK_EQ_U64(ccws_lss_score(&l, 1, 7), 200);
    /* decays one per cycle down to base */
    CHECK_EQ_U64(ccws_lss_score(&l, 1, 8), 199);
    CHECK_EQ_U64(ccws_lss_score(&l, 1, 107), 100);
    CHECK_EQ_U64(ccws_lss_score(&l, 1, 5000), 100);
    /* a smaller LLDS (more instructions) does not lower a decaying score */
    issue(&l, 1000);
    uint64_t llds = ccws_lss_vta_hit(&l, 1, 20);
    CHECK_EQ_U64(llds, 5ull * 8 * 400 / 1064);
    CHECK_EQ_U64(ccws_lss_score(&l, 1, 20), 187);
    CHECK_EQ_U64(l.llds_max, 200);
    ccws_lss_free(&l);
}

/* Fig. 6: four warps at base; W2's VTA hit pushes W3 above the cutoff; hits
 * of W2 and W0 push W3 and W1 above; with no more hits the scores decay and
 * W1, W3 issue loads again; W2 finishes and the cutoff becomes 3 x base. */
TEST(fig6_narrative)
{
    struct ccws_lss l;
    if (mk(&l, 4, 8, 0))
        return;
    for (uint32_t w = 0; w < 4; w++)
        ccws_lss_warp_add(&l, w, w, 0);
    CHECK_EQ_INT(mask(&l, 0), 0xf); /* T0 */
    issue(&l, 16);
    CHECK_EQ_U64(ccws_lss_vta_hit(&l, 2, 10), 200); /* 1/16 x 8 x 400 */
    /* sorted W2 200, W0, W1, W3 100: prefix 200 300 400 500 */
    CHECK_EQ_INT(mask(&l, 10), 0x7); /* T1: W3 throttled */
    CHECK_EQ_INT(ccws_lss_n_allowed(&l, 10), 3);
    issue(&l, 16);
    CHECK_EQ_U64(ccws_lss_vta_hit(&l, 0, 20), 200); /* 2/32 x 8 x 400 */
    /* W0 200, W2 190, W1 100, W3 100: prefix 200 390 490 590 */
    CHECK_EQ_INT(mask(&l, 20), 0x5); /* T2: W1 and W3 throttled */
    CHECK_EQ_U64(ccws_lss_next_change(&l, 20), 65); /* 490 - 2x <= 400 */
    CHECK_EQ_INT(mask(&l, 64), 0x5);
    CHECK_EQ_INT(mask(&l, 65), 0x7); /* W1 back */
    /* W2 reaches base at 110: then W0 110 + W1, W2, W3 = 410, W3 still out */
    CHECK_EQ_INT(mask(&l, 110), 0x7);
    CHECK_EQ_U64(ccws_lss_next_change(&l, 110), 120);
    CHECK_EQ_INT(mask(&l, 120), 0xf); /* T3: all issue again */
    CHECK_EQ_U64(ccws_lss_next_change(&l, 120), CCWS_NEVER);
    /* T3-T4: W2 finishes, W0 hits: cutoff 300 enters Eq. 1 */
    ccws_lss_warp_remove(&l, 2, 130);
    CHECK_EQ_U64(ccws_lss_cutoff(&l), 300);
    issue(&l, 16); /* 3 hits / 48 insts x 8 x 300 = 150 */
    CHECK_EQ_U64(ccws_lss_vta_hit(&l, 0, 140), 150);
    /* W0 150, W1, W3 100: prefix 150 250 350: W3 out */
    CHECK_EQ_INT(mask(&l, 140), 0x3);
    ccws_lss_free(&l);
}

TEST(crossing_warp_reading_and_first_always_allowed)
{
    struct ccws_lss a, b;
    if (mk(&a, 4, 8, 0) || mk(&b, 4, 8, 1))
        return;
    for (uint32_t w = 0; w < 4; w++) {
        ccws_lss_warp_add(&a, w, w, 0);
        ccws_lss_warp_add(&b, w, w, 0);
    }
    issue(&a, 64);
    issue(&b, 64);
    for (int i = 0; i < 3; i++) { /* LLDS 150 */
        ccws_lss_vta_hit(&a, 2, 1);
        ccws_lss_vta_hit(&b, 2, 1);
    }
    /* prefix 150 250 350 450: W3 straddles the cutoff */
    CHECK_EQ_INT(mask(&a, 1), 0x7);
    CHECK_EQ_INT(mask(&b, 1), 0xf);
    /* a score alone above the cutoff: its warp still loads, nobody else */
    for (int i = 0; i < 40; i++) {
        ccws_lss_vta_hit(&a, 1, 2);
        ccws_lss_vta_hit(&b, 1, 2);
    }
    CHECK(ccws_lss_score(&a, 1, 2) > 400);
    CHECK_EQ_INT(mask(&a, 2), 0x2);
    CHECK_EQ_INT(mask(&b, 2), 0x2);
    ccws_lss_free(&a);
    ccws_lss_free(&b);
}

TEST(k_throttle_zero_never_throttles)
{
    struct ccws_lss l;
    if (mk(&l, 8, 0, 0))
        return;
    for (uint32_t w = 0; w < 8; w++)
        ccws_lss_warp_add(&l, w, w, 0);
    issue(&l, 10);
    for (uint64_t t = 1; t < 200; t++) {
        ccws_lss_vta_hit(&l, (uint32_t)(t % 8), t);
        CHECK_EQ_INT(mask(&l, t), 0xff);
    }
    CHECK_EQ_U64(ccws_lss_next_change(&l, 300), CCWS_NEVER);
    CHECK_EQ_U64(l.vta_hits, 199);
    ccws_lss_free(&l);
}

/* Reference: scores decremented every cycle, cutoff by a plain sort. */
struct ref {
    int live[8];
    uint64_t score[8], age[8];
    uint64_t hits, insts, hist[9];
};

static uint32_t ref_mask(const struct ref *r, int n)
{
    int idx[8], m = 0;
    for (int w = 0; w < n; w++)
        if (r->live[w])
            idx[m++] = w;
    for (int i = 1; i < m; i++) /* stable by score desc, then age */
        for (int j = i; j > 0; j--) {
            int a = idx[j - 1], b = idx[j];
            int swap = r->score[b] > r->score[a] ||
                       (r->score[b] == r->score[a] && r->age[b] < r->age[a]);
            if (!swap)
                break;
            idx[j - 1] = b;
            idx[j] = a;
        }
    uint64_t sum = 0, cutoff = (uint64_t)m * 100;
    uint32_t out = 0;
    for (int i = 0; i < m; i++) {
        sum += r->score[idx[i]];
        if (i == 0 || sum <= cutoff)
            out |= 1u << idx[i];
    }
    return out;
}

TEST(lazy_equals_per_cycle_random)
{
    struct ccws_lss l;
    if (mk(&l, 8, 8, 0))
        return;
    struct ref r = { 0 };
    uint64_t rng = 0x9e3779b97f4a7c15ull, age = 0;
    int bad = 0;
    uint32_t prev_mask = 0;
    uint64_t promised = 0; /* no change expected before this cycle */
    uint64_t throttled = 0; /* cycles some live warp could not load */
    for (uint64_t t = 0; t < 20000 && !bad; t++) {
        /* per-cycle decay of the reference at the start of cycle t */
        if (t)
            for (int w = 0; w < 8; w++)
                if (r.live[w] && r.score[w] > 100)
                    r.score[w]--;
        rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
        uint32_t ev = (uint32_t)(rng % 1000), w = (uint32_t)(rng >> 32) % 8;
        if (ev < 4 && !r.live[w]) {
            r.live[w] = 1, r.score[w] = 100, r.age[w] = ++age;
            ccws_lss_warp_add(&l, w, age, t);
        } else if (ev < 6 && r.live[w]) {
            r.live[w] = 0;
            ccws_lss_warp_remove(&l, w, t);
        } else if (ev < 30 && r.live[w]) {
            int n = 0;
            for (int i = 0; i < 8; i++)
                n += r.live[i];
            r.hits++;
            uint64_t llds = r.hits * 8 * (uint64_t)n * 100 / r.insts;
            if (llds > r.score[w])
                r.score[w] = llds;
            CHECK_EQ_U64(ccws_lss_vta_hit(&l, w, t), llds);
        }
        if (ev > 800) {
            r.insts++;
            ccws_lss_issued(&l, 0, 0);
        }
        for (int i = 0; i < 8; i++)
            if (r.live[i] && ccws_lss_score(&l, (uint32_t)i, t) != r.score[i])
                bad = 1;
        uint32_t want = ref_mask(&r, 8), got = mask(&l, t);
        int changed_by_event = ev < 30;
        if (got != want)
            bad = 2;
        if (!changed_by_event && t < promised && want != prev_mask)
            bad = 3; /* changed before the announced cycle */
        promised = ccws_lss_next_change(&l, t);
        prev_mask = want;
        int n = 0;
        for (int i = 0; i < 8; i++)
            n += r.live[i];
        if (n)
            r.hist[__builtin_popcount(want)]++;
        throttled += __builtin_popcount(want) < n;
        if (bad)
            printf("  cycle %llu: mismatch kind %d (mask %x want %x)\n", (unsigned long long)t,
                   bad, got, want);
    }
    CHECK(!bad);
    ccws_lss_account(&l, 20000);
    for (int k = 0; k <= 8; k++)
        CHECK_EQ_U64(l.hist[k], r.hist[k]);
    CHECK(r.hits > 100);
    CHECK(throttled > 1000); /* the cutoff was exercised */
    ccws_lss_free(&l);
}

static int mk_params(struct ccws_lss *l, uint32_t warps, int resident, uint32_t decay)
{
    struct ccws_lss_params p = { 8, 100, 0, 0, 64, resident, decay, 0 };
    return init(l, warps, &p);
}

/* resident_window: an exited warp's hits and instructions leave Eq. 1. */
TEST(resident_window_forgets_exited_warps)
{
    struct ccws_lss all, res;
    if (mk_params(&all, 4, 0, 1) || mk_params(&res, 4, 1, 1))
        return;
    struct ccws_lss *both[2] = { &all, &res };
    for (int k = 0; k < 2; k++) {
        struct ccws_lss *l = both[k];
        for (uint32_t w = 0; w < 4; w++)
            ccws_lss_warp_add(l, w, w, 0);
        for (int i = 0; i < 60; i++)
            ccws_lss_issued(l, 0, 0); /* warp 0: many instructions, no hits */
        for (int i = 0; i < 4; i++)
            ccws_lss_issued(l, 1, 0);
        ccws_lss_warp_remove(l, 0, 10);
    }
    /* 1 hit: all-time 1/64 x 8 x 300 = 37; resident 1/4 x 8 x 300 = 600 */
    CHECK_EQ_U64(ccws_lss_vta_hit(&all, 1, 11), 37);
    CHECK_EQ_U64(ccws_lss_vta_hit(&res, 1, 11), 600);
    CHECK_EQ_U64(ccws_lss_score(&res, 1, 11), 600);
    /* warp 1 leaves: its hit and instructions go too */
    ccws_lss_warp_remove(&res, 1, 12);
    CHECK_EQ_U64(ccws_lss_llds(&res), 0);
    ccws_lss_free(&all);
    ccws_lss_free(&res);
}

/* decay_period 4: one point per 4 cycles, in quarter points. */
TEST(decay_period_slows_decay)
{
    struct ccws_lss l;
    if (mk_params(&l, 4, 0, 4))
        return;
    for (uint32_t w = 0; w < 4; w++)
        ccws_lss_warp_add(&l, w, w, 0);
    CHECK_EQ_U64(ccws_lss_score(&l, 2, 0), 400); /* base 100 in quarters */
    for (int i = 0; i < 16; i++)
        ccws_lss_issued(&l, 2, 0);
    /* LLDS = 1/16 x 8 x 400 = 200 points */
    CHECK_EQ_U64(ccws_lss_vta_hit(&l, 2, 100), 200);
    CHECK_EQ_U64(ccws_lss_score(&l, 2, 100), 800);
    CHECK_EQ_U64(ccws_lss_score(&l, 2, 104), 796); /* one point after 4 cycles */
    CHECK_EQ_U64(ccws_lss_score(&l, 2, 499), 401);
    CHECK_EQ_U64(ccws_lss_score(&l, 2, 500), 400);
    /* 200 + 3 x 100 = 500 > 400: the lowest warp is held until the sum falls */
    CHECK(!ccws_lss_may_load(&l, 3, 100));
    CHECK(ccws_lss_may_load(&l, 2, 100));
    CHECK_EQ_U64(ccws_lss_next_change(&l, 100), 500);
    CHECK(ccws_lss_may_load(&l, 3, 500));
    ccws_lss_free(&l);
}

/* scoring=release: a hit sets the score to the LLDS (lowering a larger
 * one), a score above the base is capped when the LLDS falls, an LLDS below
 * the base caps a decaying score below the base, a warp in a reused slot
 * starts at 0, and the warp crossing the cutoff may load. Figures by hand
 * from Eq. 1: LLDS = hits / insts x 8 x cutoff. */
TEST(release_scoring_rules)
{
    struct ccws_lss l;
    struct ccws_lss_params p = { 8, 100, 1, 0, 64, 0, 1, 1 };
    if (init(&l, 4, &p))
        return;
    for (uint32_t w = 0; w < 4; w++)
        ccws_lss_warp_add(&l, w, w, 0);
    CHECK_EQ_U64(ccws_lss_score(&l, 0, 0), 100); /* never-used slots: base */
    issue(&l, 64);
    /* 3 hits / 64 insts x 8 x 400 = 150, then 4 hits: 200 */
    ccws_lss_vta_hit(&l, 1, 5);
    ccws_lss_vta_hit(&l, 1, 5);
    CHECK_EQ_U64(ccws_lss_vta_hit(&l, 1, 5), 150);
    CHECK_EQ_U64(ccws_lss_score(&l, 1, 5), 150);
    CHECK_EQ_U64(ccws_lss_vta_hit(&l, 2, 5), 200);
    CHECK_EQ_U64(ccws_lss_score(&l, 2, 5), 200);
    /* warp 1 and 2 above base: 150 + 200 + 100 + 100 = 550 > 400. Order
     * 2 (200), 1 (150), 0, 3: sums before them 0, 200, 350, 450: the
     * straddling warp 0 (350 < 400) may load, warp 3 may not */
    CHECK_EQ_U64(mask(&l, 5), 0x7);
    /* 64 more instructions at cycle 10: LLDS 4/128 x 3200 = 100; the scores
     * above the base are capped at it at the end of the cycle */
    for (int i = 0; i < 64; i++)
        ccws_lss_issued(&l, 0, 10);
    CHECK_EQ_U64(ccws_lss_score(&l, 2, 10), 195); /* not yet: the cycle goes on */
    ccws_lss_settle(&l, 11);
    CHECK_EQ_U64(ccws_lss_score(&l, 1, 11), 100);
    CHECK_EQ_U64(ccws_lss_score(&l, 2, 11), 100);
    /* a hit when score + LLDS <= base is impossible above 0; a hit now
     * gives LLDS 5/128 x 3200 = 125 */
    CHECK_EQ_U64(ccws_lss_vta_hit(&l, 3, 11), 125);
    CHECK_EQ_U64(ccws_lss_score(&l, 3, 11), 125);
    CHECK_EQ_U64(ccws_lss_score(&l, 3, 31), 105); /* decays one a cycle */
    /* LLDS falls below the base (5/256 x 3200 = 62) in cycle 31: warp 3
     * (104 at cycle 32) is capped at 62 and stays there, below the base */
    for (int i = 0; i < 128; i++)
        ccws_lss_issued(&l, 0, 31);
    ccws_lss_settle(&l, 32);
    CHECK_EQ_U64(ccws_lss_score(&l, 3, 32), 62);
    CHECK_EQ_U64(ccws_lss_score(&l, 3, 500), 62);
    /* warp 0 leaves; its slot's next warp starts at 0 */
    ccws_lss_warp_remove(&l, 0, 40);
    ccws_lss_warp_add(&l, 0, 9, 41);
    CHECK_EQ_U64(ccws_lss_score(&l, 0, 41), 0);
    CHECK_EQ_U64(ccws_lss_score(&l, 0, 900), 0);
    /* a hit on it: 0 + LLDS(6/256 x 3200 = 75) <= base -> base */
    CHECK_EQ_U64(ccws_lss_vta_hit(&l, 0, 42), 75);
    CHECK_EQ_U64(ccws_lss_score(&l, 0, 42), 100);
    ccws_lss_free(&l);
}

int main(void)
{
    RUN(release_scoring_rules);
    RUN(resident_window_forgets_exited_warps);
    RUN(decay_period_slows_decay);
    RUN(eq1_raise_cap_decay);
    RUN(fig6_narrative);
    RUN(crossing_warp_reading_and_first_always_allowed);
    RUN(k_throttle_zero_never_throttles);
    RUN(lazy_equals_per_cycle_random);
    return check_summary();
}
