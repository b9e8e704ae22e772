/* The fast packers against naive O(n^2) implementations of the readings in
 * binpack_kcard.c / binpack_openend.c, on seeded random instances: same steps,
 * CTA for CTA. IWFD: the bin count found by doubling + bisection is the one
 * the textbook one-by-one iteration finds (checked where WFD success is
 * monotone, i.e. every smaller count down to the lower bound fails). */
#include "check.h"
#include "cta/awss.h"
#include <stdlib.h>
#include <string.h>

static uint64_t mix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* step number of every CTA in s */
static void bins_of(const struct awss_schedule *s, uint32_t *bin)
{
    for (uint32_t st = 0; st < s->nsteps; st++)
        for (uint32_t j = s->start[st]; j < s->start[st + 1]; j++)
            bin[s->order[j]] = st;
}

/* largest unused CTA (ties: lowest id) with size <= room, or n */
static uint32_t largest_fitting(const uint64_t *w, const uint8_t *used, uint32_t n, uint64_t room,
                                int any)
{
    uint32_t best = n;
    for (uint32_t i = 0; i < n; i++)
        if (!used[i] && (any || w[i] <= room) && (best == n || w[i] > w[best]))
            best = i;
    return best;
}

/* LMF / MXF as described: one step at a time, largest fitting first */
static uint32_t naive_lmf(const uint64_t *w, uint32_t n, uint64_t cap, uint32_t k, int open_end,
                          uint32_t *bin)
{
    uint8_t used[512] = { 0 };
    uint32_t b = 0;
    for (uint32_t left = n; left; b++) {
        uint32_t first = largest_fitting(w, used, n, 0, 1);
        used[first] = 1;
        bin[first] = b;
        left--;
        uint64_t room = open_end ? cap : (w[first] > cap ? 0 : cap - w[first]);
        for (uint32_t c = 1; c < k && left; c++) {
            uint32_t i = largest_fitting(w, used, n, room, 0);
            if (i == n)
                break;
            used[i] = 1;
            bin[i] = b;
            room -= w[i];
            left--;
        }
    }
    return b;
}

static int same_bins(const struct awss_schedule *s, const uint32_t *ref, uint32_t nref,
                     uint32_t n)
{
    uint32_t got[512];
    if (s->nsteps != nref)
        return 0;
    bins_of(s, got);
    return memcmp(got, ref, n * sizeof *got) == 0;
}

/* worst-fit decreasing into q bins of at most k; 1 if everything fit */
static int naive_wfd(const uint64_t *w, uint32_t n, uint64_t cap, uint32_t k, uint32_t q)
{
    uint64_t load[512] = { 0 };
    uint32_t count[512] = { 0 };
    uint8_t used[512] = { 0 };
    for (uint32_t j = 0; j < n; j++) {
        uint32_t i = largest_fitting(w, used, n, 0, 1);
        used[i] = 1;
        uint32_t best = q;
        for (uint32_t b = 0; b < q; b++)
            if (count[b] < k && (best == q || load[b] < load[best]))
                best = b;
        if (best == q || load[best] + w[i] > cap)
            return 0;
        load[best] += w[i];
        count[best]++;
    }
    return 1;
}

TEST(lmf_mxf_glanf_match_naive)
{
    uint64_t seed = 5, w[512];
    uint32_t ref[512];
    struct awss_schedule s;
    awss_schedule_init(&s);
    for (int t = 0; t < 300; t++) {
        uint32_t n = 1 + (uint32_t)(mix(&seed) % 300);
        uint64_t cap = 1 + mix(&seed) % 200;
        uint32_t k = 1 + (uint32_t)(mix(&seed) % 12);
        uint64_t hi = 1 + mix(&seed) % (cap + cap / 4 + 1); /* some CTAs over cap */
        for (uint32_t i = 0; i < n; i++)
            w[i] = mix(&seed) % (hi + 1);
        for (int open = 0; open < 2; open++) {
            uint32_t nb = naive_lmf(w, n, cap, k, open, ref);
            CHECK((open ? binpack_mxf : binpack_lmf)(w, n, cap, k, &s) == 0);
            if (!same_bins(&s, ref, nb, n))
                CHECK_FAIL_AT_("%s differs from the naive reading (instance %d)",
                               open ? "mxf" : "lmf", t);
        }
        /* GLANF: runs of consecutive CTAs, cut when sum - max would pass cap */
        uint32_t b = 0, cnt = 0;
        uint64_t sum = 0, max = 0;
        for (uint32_t i = 0; i < n; i++) {
            uint64_t m2 = w[i] > max ? w[i] : max;
            if (cnt && (cnt == k || sum + w[i] - m2 > cap)) {
                b++;
                cnt = 0;
                sum = 0;
                m2 = w[i];
            }
            ref[i] = b;
            cnt++;
            sum += w[i];
            max = m2;
        }
        CHECK(binpack_glanf(w, n, cap, k, &s) == 0);
        if (!same_bins(&s, ref, b + 1, n))
            CHECK_FAIL_AT_("glanf differs from the naive reading (instance %d)", t);
    }
    awss_schedule_free(&s);
}

TEST(iwfd_finds_the_first_bin_count)
{
    uint64_t seed = 17, w[512];
    struct awss_schedule s;
    awss_schedule_init(&s);
    int monotone = 0;
    for (int t = 0; t < 200; t++) {
        uint32_t n = 1 + (uint32_t)(mix(&seed) % 200);
        uint64_t cap = 20 + mix(&seed) % 200;
        uint32_t k = 1 + (uint32_t)(mix(&seed) % 10);
        for (uint32_t i = 0; i < n; i++)
            w[i] = 1 + mix(&seed) % cap; /* all fit alone: no oversize singletons */
        CHECK(binpack_iwfd(w, n, cap, k, &s) == 0);
        uint64_t sum = 0;
        for (uint32_t i = 0; i < n; i++)
            sum += w[i];
        uint32_t lb = (n + k - 1) / k;
        if ((sum + cap - 1) / cap > lb)
            lb = (uint32_t)((sum + cap - 1) / cap);
        uint32_t q = lb;
        while (!naive_wfd(w, n, cap, k, q))
            q++;
        /* the textbook iteration stops at q; ours must agree whenever no
         * larger count fails again below what it reports */
        int mono = 1;
        for (uint32_t r = q; r < s.nsteps && mono; r++)
            mono = naive_wfd(w, n, cap, k, r);
        monotone += mono;
        if (mono)
            CHECK_EQ_INT(s.nsteps, q);
        CHECK(s.nsteps >= q);
        CHECK(naive_wfd(w, n, cap, k, s.nsteps));
    }
    CHECK(monotone > 150);
    awss_schedule_free(&s);
}

/* ---- union footprint (binpack_lmf_union) ---- */

/* the reading without the lower-bound skip: largest remaining first, each
 * taken when the lines it adds keep the union within cap (or it adds none) */
static uint32_t naive_union(const struct awss_linesets *ls, uint32_t n, uint64_t capl, uint32_t k,
                            uint32_t *bin)
{
    uint64_t w[512];
    uint8_t used[512] = { 0 }, in[4096];
    for (uint32_t i = 0; i < n; i++)
        w[i] = ls->off[i + 1] - ls->off[i];
    uint32_t b = 0;
    for (uint32_t left = n; left; b++) {
        memset(in, 0, sizeof in);
        uint64_t cur = 0;
        uint32_t cnt = 0;
        for (;;) { /* every unused CTA, largest first (ties: lowest id) */
            uint32_t best = n;
            for (uint32_t i = 0; i < n; i++)
                if (!used[i] && used[i] != 2 && (best == n || w[i] > w[best]))
                    best = i;
            if (best == n)
                break;
            uint64_t add = 0;
            for (uint32_t j = ls->off[best]; j < ls->off[best + 1]; j++)
                add += !in[ls->lines[j]];
            used[best] = 2; /* looked at in this step */
            if (cnt == 0 || (cnt < k && (add == 0 || cur + add <= capl))) {
                for (uint32_t j = ls->off[best]; j < ls->off[best + 1]; j++)
                    in[ls->lines[j]] = 1;
                cur += add;
                cnt++;
                bin[best] = b;
                used[best] = 3;
                left--;
            }
        }
        for (uint32_t i = 0; i < n; i++)
            used[i] = used[i] == 3 ? 1 : used[i] == 2 ? 0 : used[i];
    }
    return b;
}

TEST(union_footprint_by_hand)
{
    /* CTAs 0 {0,1,2}, 1 {0,1,3}, 2 {4,5,6}, 3 {4,5,7}; 3 lines each of 128
     * bytes, cap 4 lines (512 bytes). Summed, any two CTAs take 6 lines: one
     * CTA a step, 4 steps. Union: 0 opens (3 lines), 1 adds line 3 (4 <= 4),
     * 2 would add 3 more: step {0,1}; then {2,3} (lines 4-7). */
    static const uint32_t off[] = { 0, 3, 6, 9, 12 };
    static const uint32_t lines[] = { 0, 1, 2, 0, 1, 3, 4, 5, 6, 4, 5, 7 };
    struct awss_linesets ls = { off, lines, 8, 128, 0 };
    uint64_t w[4] = { 384, 384, 384, 384 };
    struct awss_problem p = { w, 4, 512, 4, AWSS_HARD, 0, 0.1, NULL };
    struct awss_schedule s;
    awss_schedule_init(&s);
    CHECK(awss_schedule_run(&p, AWSS_ALGO_LMF, &s, NULL) == 0);
    CHECK_EQ_INT(s.nsteps, 4);
    p.sets = &ls;
    uint32_t k = 0;
    CHECK(awss_schedule_run(&p, AWSS_ALGO_LMF, &s, &k) == 0);
    CHECK_EQ_INT(s.nsteps, 2);
    CHECK_EQ_INT(k, 2);
    uint32_t bin[4];
    bins_of(&s, bin);
    CHECK(bin[0] == bin[1] && bin[2] == bin[3] && bin[0] != bin[2]);
    CHECK_EQ_INT(awss_step_union(&s, 0, &ls), 512);
    CHECK_EQ_INT(awss_step_union(&s, 1, &ls), 512);
    /* TLP_max 1: one CTA a step whatever the footprint */
    p.max_tlp = 1;
    CHECK(awss_schedule_run(&p, AWSS_ALGO_LMF, &s, NULL) == 0);
    CHECK_EQ_INT(s.nsteps, 4);
    /* CTA 1 = {0..4}, 5 lines, over the cap: it opens the first step alone;
     * CTA 0 = {0,1,2} adds no line to it and joins (as a size-0 CTA joins
     * LMF's oversize step); CTA 2 would add 5 and 6 (6 only it touches): no.
     * Then {2,3} as before. */
    static const uint32_t off2[] = { 0, 3, 8, 11, 14 };
    static const uint32_t lines2[] = { 0, 1, 2, 0, 1, 2, 3, 4, 4, 5, 6, 4, 5, 7 };
    struct awss_linesets ls2 = { off2, lines2, 8, 128, 0 };
    uint64_t w2[4] = { 384, 640, 384, 384 };
    struct awss_problem p2 = { w2, 4, 512, 4, AWSS_HARD, 0, 0.1, &ls2 };
    CHECK(awss_schedule_run(&p2, AWSS_ALGO_LMF, &s, NULL) == 0);
    CHECK_EQ_INT(s.nsteps, 2);
    bins_of(&s, bin);
    CHECK(bin[0] == bin[1] && bin[2] == bin[3] && bin[0] != bin[2]);
    /* id order: CTAs 0 {0,1}, 1 {0,1,2}, 2 {5,6,7,8}, 3 {5,6,7,9}, cap 5
     * lines. Largest first: 2 opens, 3 adds line 9 (5 lines), 1 would add
     * 3: {2,3} then {1,0}. In id order: 0 opens, 1 adds line 2, 2 would add
     * 4: {0,1} then {2,3}; both steps have TLP 2, so the order stays. */
    static const uint32_t off3[] = { 0, 2, 5, 9, 13 };
    static const uint32_t lines3[] = { 0, 1, 0, 1, 2, 5, 6, 7, 8, 5, 6, 7, 9 };
    struct awss_linesets ls3 = { off3, lines3, 10, 128, 0 };
    uint64_t w3[4] = { 256, 384, 512, 512 };
    struct awss_problem p3 = { w3, 4, 640, 4, AWSS_HARD, 0, 0.1, &ls3 };
    CHECK(awss_schedule_run(&p3, AWSS_ALGO_LMF, &s, NULL) == 0);
    CHECK_EQ_INT(s.nsteps, 2);
    bins_of(&s, bin);
    CHECK(bin[2] == 0 && bin[3] == 0 && bin[0] == 1 && bin[1] == 1);
    ls3.id_order = 1;
    CHECK(awss_schedule_run(&p3, AWSS_ALGO_LMF, &s, NULL) == 0);
    CHECK_EQ_INT(s.nsteps, 2);
    bins_of(&s, bin);
    CHECK(bin[0] == 0 && bin[1] == 0 && bin[2] == 1 && bin[3] == 1);
    /* only LMF, hard, dynamic */
    CHECK(awss_schedule_run(&p2, AWSS_ALGO_IWFD, &s, NULL) == -2);
    p2.static_tlp = 1;
    CHECK(awss_schedule_run(&p2, AWSS_ALGO_LMF, &s, NULL) == -2);
    awss_schedule_free(&s);
}

TEST(union_footprint_matches_naive_and_lmf_when_disjoint)
{
    uint64_t seed = 23, w[512];
    uint32_t ref[512], off[513], lines[4096];
    struct awss_schedule s;
    awss_schedule_init(&s);
    for (int t = 0; t < 300; t++) {
        uint32_t n = 1 + (uint32_t)(mix(&seed) % 120);
        uint32_t k = 1 + (uint32_t)(mix(&seed) % 12);
        uint64_t capl = 1 + mix(&seed) % 40;
        int disjoint = t % 2;
        uint32_t universe = disjoint ? 4096 : 8 + (uint32_t)(mix(&seed) % 100);
        uint32_t next = 0;
        off[0] = 0;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t m = (uint32_t)(mix(&seed) % (capl + capl / 4 + 2)); /* some over cap */
            if (m > 30)
                m = 30;
            off[i + 1] = off[i];
            for (uint32_t j = 0; j < m; j++) {
                uint32_t l = disjoint ? next++ : (uint32_t)(mix(&seed) % universe);
                int dup = 0;
                for (uint32_t q = off[i]; q < off[i + 1]; q++)
                    dup |= lines[q] == l;
                if (!dup)
                    lines[off[i + 1]++] = l;
            }
            w[i] = (uint64_t)(off[i + 1] - off[i]) * 32;
        }
        struct awss_linesets ls = { off, lines, disjoint ? next : universe, 32, 0 };
        uint32_t *ids = malloc(n * sizeof *ids);
        /* sorted by decreasing size, ties by id */
        for (uint32_t i = 0; i < n; i++)
            ids[i] = i;
        for (uint32_t i = 1; i < n; i++)
            for (uint32_t j = i; j > 0 && (w[ids[j]] > w[ids[j - 1]]); j--) {
                uint32_t x = ids[j];
                ids[j] = ids[j - 1];
                ids[j - 1] = x;
            }
        CHECK(binpack_lmf_union(&ls, ids, n, capl * 32, k, &s) == 0);
        uint32_t nb = naive_union(&ls, n, capl, k, ref);
        if (!same_bins(&s, ref, nb, n))
            CHECK_FAIL_AT_("union packer differs from the naive reading (instance %d)", t);
        for (uint32_t st = 0; st < s.nsteps; st++)
            if (awss_step_tlp(&s, st) > 1 && awss_step_union(&s, st, &ls) > capl * 32) {
                /* over cap only if the CTA opening it (the largest) is, and
                 * the others add no line */
                uint32_t big = 0;
                for (uint32_t j = s.start[st]; j < s.start[st + 1]; j++)
                    if (off[s.order[j] + 1] - off[s.order[j]] > big)
                        big = off[s.order[j] + 1] - off[s.order[j]];
                CHECK(big > capl);
                CHECK_EQ_INT(awss_step_union(&s, st, &ls), (uint64_t)big * 32);
            }
        if (disjoint) {
            CHECK(binpack_lmf(w, n, capl * 32, k, &s) == 0);
            if (!same_bins(&s, ref, nb, n))
                CHECK_FAIL_AT_("union on disjoint sets differs from lmf (instance %d)", t);
        }
        free(ids);
    }
    awss_schedule_free(&s);
}

int main(void)
{
    RUN(lmf_mxf_glanf_match_naive);
    RUN(iwfd_finds_the_first_bin_count);
    RUN(union_footprint_by_hand);
    RUN(union_footprint_matches_naive_and_lmf_when_disjoint);
    return check_summary();
}
