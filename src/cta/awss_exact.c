/* Exact AWSS solver for small instances, to measure the heuristics against.
 * Branch and bound: CTAs are placed largest first, each into an existing step
 * or one new step; steps in the same state (load, count) are interchangeable,
 * so only the first of them is tried. With items in decreasing order a step's
 * first CTA is its largest, which makes the relaxed test (sum - max <= cap)
 * incremental. A branch is cut when its step count already reaches the best
 * cost (cost >= steps). Dynamic problems minimise steps + CPS * (distinct TLPs
 * - 1), the synchronisations of the TLP-sorted order (Lemma 3); static ones
 * try k = TLP_max down to 1 and stop at the first k with a feasible packing. */
#include "cta/awss.h"
#include "cta/binpack_internal.h"
#include <stdlib.h>
#include <string.h>

#define EXACT_MAX 24

struct bb {
    const struct awss_problem *p;
    uint64_t w[EXACT_MAX];      /* sizes, decreasing */
    uint32_t id[EXACT_MAX];
    uint32_t n, k;
    uint64_t load[EXACT_MAX], first[EXACT_MAX];
    uint32_t count[EXACT_MAX], quota[EXACT_MAX], bin[EXACT_MAX];
    uint32_t nbins, fixed_bins; /* static: fixed_bins bins with quotas */
    uint32_t best_bin[EXACT_MAX], best_nbins;
    double best;
    uint32_t lb;
    uint64_t nodes, limit;
    int stopped;
};

static int fits(const struct bb *s, uint32_t b, uint64_t w)
{
    if (s->count[b] >= s->quota[b])
        return 0;
    if (s->count[b] == 0)
        return s->p->mode == AWSS_RELAXED || w <= s->p->cap || s->quota[b] == 1 ||
               !s->fixed_bins;
    if (s->p->mode == AWSS_RELAXED)
        return s->load[b] - s->first[b] + w <= s->p->cap;
    return s->load[b] + w <= s->p->cap;
}

static double leaf_cost(const struct bb *s)
{
    if (s->p->static_tlp)
        return (double)s->nbins;
    uint8_t seen[EXACT_MAX + 1] = { 0 };
    uint32_t distinct = 0;
    for (uint32_t b = 0; b < s->nbins; b++)
        if (!seen[s->count[b]]++)
            distinct++;
    return (double)s->nbins + s->p->cps * (double)(distinct ? distinct - 1 : 0);
}

static void place(struct bb *s, uint32_t b, uint32_t j)
{
    if (s->count[b] == 0)
        s->first[b] = s->w[j];
    s->load[b] += s->w[j];
    s->count[b]++;
    s->bin[j] = b;
}

static void unplace(struct bb *s, uint32_t b, uint32_t j)
{
    s->load[b] -= s->w[j];
    s->count[b]--;
}

static int same_state(const struct bb *s, uint32_t a, uint32_t b)
{
    if (s->count[a] != s->count[b] || s->quota[a] != s->quota[b])
        return 0;
    if (s->p->mode == AWSS_RELAXED && s->count[a] > 0)
        return s->load[a] - s->first[a] == s->load[b] - s->first[b];
    return s->load[a] == s->load[b];
}

/* returns 1 to stop the whole search (static: feasible found; or limit) */
static int search(struct bb *s, uint32_t j)
{
    if (++s->nodes > s->limit) {
        s->stopped = 1;
        return 1;
    }
    if (j == s->n) {
        double c = leaf_cost(s);
        if (c < s->best) {
            s->best = c;
            s->best_nbins = s->nbins;
            memcpy(s->best_bin, s->bin, sizeof s->bin);
        }
        return s->fixed_bins != 0; /* static: any feasible packing is optimal */
    }
    uint32_t nb = s->fixed_bins ? s->fixed_bins : s->nbins;
    for (uint32_t b = 0; b < nb; b++) {
        if (!fits(s, b, s->w[j]))
            continue;
        int dup = 0;
        for (uint32_t a = 0; a < b && !dup; a++)
            dup = same_state(s, a, b);
        if (dup)
            continue;
        place(s, b, j);
        int stop = search(s, j + 1);
        unplace(s, b, j);
        if (stop)
            return 1;
    }
    if (!s->fixed_bins) {
        uint32_t b = s->nbins;
        uint32_t lb = b + 1 > s->lb ? b + 1 : s->lb;
        if ((double)lb < s->best && b < EXACT_MAX) {
            s->count[b] = 0;
            s->load[b] = 0;
            s->quota[b] = s->k;
            s->nbins++;
            place(s, b, j);
            int stop = search(s, j + 1);
            unplace(s, b, j);
            s->nbins--;
            if (stop)
                return 1;
        }
    }
    return 0;
}

static int emit(struct bb *s, struct awss_schedule *out)
{
    uint32_t bin_of[EXACT_MAX];
    for (uint32_t j = 0; j < s->n; j++)
        bin_of[s->id[j]] = s->best_bin[j];
    if (awss_schedule_from_bins(out, s->n, bin_of, s->best_nbins) < 0)
        return -1;
    return s->p->static_tlp ? 0 : awss_sort_by_tlp(out);
}

int awss_exact(const struct awss_problem *p, uint64_t node_limit, struct awss_schedule *out,
               struct awss_exact_result *res)
{
    struct bb *s = calloc(1, sizeof *s);
    if (!s)
        return -1;
    int rc = -1;
    uint32_t *ids = binpack_sort_desc(p->sizes, p->nctas);
    if (!ids || p->nctas > EXACT_MAX)
        goto out;
    s->p = p;
    s->n = p->nctas;
    s->limit = node_limit;
    for (uint32_t j = 0; j < s->n; j++) {
        s->id[j] = ids[j];
        s->w[j] = p->sizes[ids[j]];
    }
    uint32_t kmax = p->max_tlp < s->n ? p->max_tlp : s->n;
    if (kmax == 0)
        kmax = 1;
    s->best = 1e300;
    if (s->n == 0) {
        s->best = 0;
    } else if (p->static_tlp) {
        for (uint32_t k = kmax; k >= 1 && s->best > 1e299 && !s->stopped; k--) {
            uint32_t q = (s->n + k - 1) / k;
            s->k = k;
            s->fixed_bins = q;
            s->nbins = q;
            for (uint32_t b = 0; b < q; b++) {
                s->count[b] = 0;
                s->load[b] = 0;
                s->quota[b] = b + 1 < q ? k : s->n - (q - 1) * k;
            }
            search(s, 0);
        }
    } else {
        s->k = kmax;
        s->lb = awss_lower_bound(p);
        /* seed the bound with a heuristic so the search starts pruned */
        struct awss_schedule h;
        awss_schedule_init(&h);
        enum awss_algo a = p->mode == AWSS_RELAXED ? AWSS_ALGO_MXF : AWSS_ALGO_IWFD;
        if (awss_schedule_run(p, a, &h, NULL) < 0)
            goto out;
        s->best = awss_cost(&h, p);
        s->best_nbins = h.nsteps;
        {
            uint32_t pos[EXACT_MAX];
            for (uint32_t j = 0; j < s->n; j++)
                pos[s->id[j]] = j;
            for (uint32_t st = 0; st < h.nsteps; st++)
                for (uint32_t x = h.start[st]; x < h.start[st + 1]; x++)
                    s->best_bin[pos[h.order[x]]] = st;
        }
        awss_schedule_free(&h);
        s->best += 1e-9; /* let the search re-find an equal-cost optimum */
        search(s, 0);
    }
    if (p->static_tlp && s->n > 0 && s->best > 1e299) {
        /* node limit hit before any packing: report the heuristic's */
        enum awss_algo a = p->mode == AWSS_RELAXED ? AWSS_ALGO_MXF : AWSS_ALGO_LMF;
        if (awss_schedule_run(p, a, out, NULL) < 0)
            goto out;
    } else if (emit(s, out) < 0) {
        goto out;
    }
    res->cost = awss_cost(out, p);
    res->complete = !s->stopped;
    res->nodes = s->nodes;
    rc = 0;
out:
    free(ids);
    free(s);
    return rc;
}
