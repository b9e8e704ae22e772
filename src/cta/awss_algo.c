/* AWSS Algorithms 1-3: pick a packer by constraint, sort steps by TLP
 * (Lemma 3), and descend k while the cost does not grow.
 *
 * Algorithm 2 (static TLP) as printed decrements k once more after the test
 * succeeds: with sizes {1,8,3,1,2,2,1,7,4,4,2,5}, cap 10, TLP_max 4 it ends at
 * k = 0. Its intent is the largest k whose k largest CTAs fit together, so that
 * any k CTAs fit (k = 1 there). That bound is very cautious -- 4 steps of 3 CTAs
 * exist for that example -- so the static path here searches k from TLP_max
 * down (by bisection) for the largest at which binpack_static finds a packing,
 * falling back to Algorithm 2's k, where any grouping is valid. */
#include "cta/awss.h"
#include "cta/binpack_internal.h"
#include <stdlib.h>
#include <string.h>

static const char *const algo_names[AWSS_ALGO_COUNT] = {
    [AWSS_ALGO_LMF] = "lmf",
    [AWSS_ALGO_IWFD] = "iwfd",
    [AWSS_ALGO_MXF] = "mxf",
    [AWSS_ALGO_GLANF] = "glanf",
    [AWSS_ALGO_AGNOSTIC] = "agnostic",
};

const char *awss_algo_name(enum awss_algo a)
{
    return (unsigned)a < AWSS_ALGO_COUNT ? algo_names[a] : "?";
}

int awss_algo_lookup(const char *name, enum awss_algo *out)
{
    for (int i = 0; i < AWSS_ALGO_COUNT; i++)
        if (strcmp(name, algo_names[i]) == 0) {
            *out = (enum awss_algo)i;
            return 0;
        }
    return -1;
}

uint32_t awss_static_k_bound(const struct awss_problem *p)
{
    uint32_t kmax = p->max_tlp < p->nctas ? p->max_tlp : p->nctas;
    if (kmax <= 1)
        return 1;
    uint32_t *ids = binpack_sort_desc(p->sizes, p->nctas);
    if (!ids)
        return 1; /* always valid; the caller's later allocations report OOM */
    uint64_t sum = 0;
    uint32_t best = 1;
    for (uint32_t k = 1; k <= kmax; k++) {
        sum += p->sizes[ids[k - 1]];
        uint64_t load = p->mode == AWSS_RELAXED ? sum - p->sizes[ids[0]] : sum;
        if (load <= p->cap)
            best = k; /* prefix sums only grow, so this is the largest k */
        else
            break;
    }
    free(ids);
    return best;
}

static int pack(const struct awss_problem *p, const uint32_t *ids, enum awss_algo algo,
                uint32_t k, struct awss_schedule *out)
{
    if (p->sets)
        return binpack_lmf_union(p->sets, ids, p->nctas, p->cap, k, out);
    switch (algo) {
    case AWSS_ALGO_LMF: return binpack_lmf_sorted(p->sizes, ids, p->nctas, p->cap, k, 0, out);
    case AWSS_ALGO_IWFD: return binpack_iwfd_sorted(p->sizes, ids, p->nctas, p->cap, k, out);
    case AWSS_ALGO_MXF: return binpack_lmf_sorted(p->sizes, ids, p->nctas, p->cap, k, 1, out);
    case AWSS_ALGO_GLANF: return binpack_glanf(p->sizes, p->nctas, p->cap, k, out);
    default: return binpack_agnostic(p->nctas, k, out);
    }
}

/* Static TLP: k above a necessary bound cannot work (ceil(n/k) steps cannot
 * hold the working sets), and Algorithm 2's k always works; in between,
 * success is close to monotone in k, so bisect for the largest k at which
 * binpack_static packs (a handful of packings instead of one per k). */
static int run_static(const struct awss_problem *p, const uint32_t *ids,
                      struct awss_schedule *out, uint32_t *chosen)
{
    uint32_t n = p->nctas;
    uint32_t kmax = p->max_tlp < n ? p->max_tlp : n;
    uint32_t bound = awss_static_k_bound(p);
    if (kmax < bound)
        kmax = bound;
    uint64_t sum = 0;
    for (uint32_t i = 0; i < n; i++)
        sum += p->sizes[i];
    while (kmax > bound) {
        uint64_t q = (n + kmax - 1) / kmax, need = sum;
        if (p->mode == AWSS_RELAXED) /* at best the q largest CTAs are exempt */
            for (uint64_t j = 0; j < q && j < n; j++)
                need -= p->sizes[ids[j]];
        if (q * p->cap >= need)
            break;
        kmax--;
    }
    struct awss_schedule t;
    awss_schedule_init(&t);
    int r = binpack_static_sorted(p->sizes, ids, n, p->cap, bound, p->mode, out);
    if (r <= 0)
        return -1; /* at the bound every grouping is valid, so only OOM */
    uint32_t good = bound, bad = kmax + 1;
    while (bad - good > 1) {
        /* try the top first: often it packs and no search is needed */
        uint32_t k = bad == kmax + 1 ? kmax : good + (bad - good) / 2;
        r = binpack_static_sorted(p->sizes, ids, n, p->cap, k, p->mode, &t);
        if (r < 0) {
            awss_schedule_free(&t);
            return -1;
        }
        if (r == 1) {
            good = k;
            struct awss_schedule x = *out;
            *out = t;
            t = x;
        } else {
            bad = k;
        }
    }
    awss_schedule_free(&t);
    *chosen = good;
    return 0;
}

static uint32_t max_tlp_used(const struct awss_schedule *s)
{
    uint32_t m = 0;
    for (uint32_t i = 0; i < s->nsteps; i++)
        if (awss_step_tlp(s, i) > m)
            m = awss_step_tlp(s, i);
    return m;
}

/* Algorithm 1 / 3, lines 14-25. One shortcut: when no step of the current
 * schedule uses all k slots, packing with any k' between its largest TLP and k
 * gives the same schedule for LMF, MXF and GLANF (the limit never binds), and
 * Algorithm 1 would walk through those equal-cost k' anyway; so k jumps to the
 * largest TLP used. IWFD's first bin count depends on k, so there the jump
 * can skip a packing that differs slightly; it keeps the loop fast on large
 * grids (100K CTAs, TLP_max 120). */
static int descend(const struct awss_problem *p, const uint32_t *ids, enum awss_algo algo,
                   uint32_t k, struct awss_schedule *out, uint32_t *chosen)
{
    struct awss_schedule cand;
    awss_schedule_init(&cand);
    if (pack(p, ids, algo, k, out) < 0 || awss_sort_by_tlp(out) < 0)
        return -1;
    double cost = awss_cost(out, p);
    for (;;) {
        uint32_t used = max_tlp_used(out);
        if (used < k)
            k = used;
        if (k <= 1)
            break;
        if (pack(p, ids, algo, k - 1, &cand) < 0 || awss_sort_by_tlp(&cand) < 0) {
            awss_schedule_free(&cand);
            return -1;
        }
        double c = awss_cost(&cand, p);
        if (c > cost)
            break;
        /* Algorithm 1 line 6: ties keep descending (lower TLP, same cost) */
        struct awss_schedule t = *out;
        *out = cand;
        cand = t;
        cost = c;
        k--;
    }
    awss_schedule_free(&cand);
    *chosen = k;
    return 0;
}

int awss_schedule_run(const struct awss_problem *p, enum awss_algo algo,
                      struct awss_schedule *out, uint32_t *chosen_k)
{
    uint32_t dummy;
    if (!chosen_k)
        chosen_k = &dummy;
    if (algo != AWSS_ALGO_AGNOSTIC &&
        (p->mode == AWSS_RELAXED) != (algo == AWSS_ALGO_MXF || algo == AWSS_ALGO_GLANF))
        return -2;
    if (p->sets && (algo != AWSS_ALGO_LMF || p->mode != AWSS_HARD || p->static_tlp))
        return -2; /* the union footprint is implemented for LMF only */
    uint32_t k = p->max_tlp < p->nctas ? p->max_tlp : p->nctas;
    if (k == 0)
        k = 1;
    if (algo == AWSS_ALGO_AGNOSTIC) {
        *chosen_k = k;
        return binpack_agnostic(p->nctas, k, out);
    }
    uint32_t *ids = binpack_sort_desc(p->sizes, p->nctas);
    if (!ids)
        return -1;
    if (p->sets && p->sets->id_order) /* union footprint, first fit in id order */
        for (uint32_t i = 0; i < p->nctas; i++)
            ids[i] = i;
    int rc = p->static_tlp ? run_static(p, ids, out, chosen_k)
                           : descend(p, ids, algo, k, out, chosen_k);
    free(ids);
    return rc;
}
