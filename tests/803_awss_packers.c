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

int main(void)
{
    RUN(lmf_mxf_glanf_match_naive);
    RUN(iwfd_finds_the_first_bin_count);
    return check_summary();
}
