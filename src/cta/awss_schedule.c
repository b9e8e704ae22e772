/* AWSS schedules: construction, cost (Eqs. 3-6), Lemma 3 ordering, validation. */
#include "cta/awss.h"
#include <stdlib.h>
#include <string.h>

void awss_schedule_init(struct awss_schedule *s)
{
    memset(s, 0, sizeof *s);
}

void awss_schedule_free(struct awss_schedule *s)
{
    free(s->order);
    free(s->start);
    awss_schedule_init(s);
}

static int schedule_alloc(struct awss_schedule *s, uint32_t nctas, uint32_t nsteps)
{
    uint32_t *order = malloc(((size_t)nctas + 1) * sizeof *order);
    uint32_t *start = malloc(((size_t)nsteps + 1) * sizeof *start);
    if (!order || !start) {
        free(order);
        free(start);
        return -1;
    }
    awss_schedule_free(s);
    s->order = order;
    s->start = start;
    s->nctas = nctas;
    s->nsteps = nsteps;
    return 0;
}

int awss_schedule_from_bins(struct awss_schedule *s, uint32_t nctas, const uint32_t *bin_of,
                            uint32_t nbins)
{
    uint32_t *count = calloc((size_t)nbins + 1, sizeof *count);
    if (!count)
        return -1;
    for (uint32_t i = 0; i < nctas; i++)
        count[bin_of[i]]++;
    uint32_t nsteps = 0;
    for (uint32_t b = 0; b < nbins; b++)
        nsteps += count[b] > 0;
    if (schedule_alloc(s, nctas, nsteps) < 0) {
        free(count);
        return -1;
    }
    /* count[b] becomes the first slot of bin b (counting sort, ids ascending) */
    uint32_t pos = 0, step = 0;
    for (uint32_t b = 0; b < nbins; b++) {
        uint32_t c = count[b];
        if (c)
            s->start[step++] = pos;
        count[b] = pos;
        pos += c;
    }
    s->start[nsteps] = pos;
    for (uint32_t i = 0; i < nctas; i++)
        s->order[count[bin_of[i]]++] = i;
    free(count);
    return 0;
}

int awss_schedule_copy(struct awss_schedule *dst, const struct awss_schedule *src)
{
    struct awss_schedule t;
    awss_schedule_init(&t);
    if (schedule_alloc(&t, src->nctas, src->nsteps) < 0)
        return -1;
    memcpy(t.order, src->order, (size_t)src->nctas * sizeof *t.order);
    memcpy(t.start, src->start, ((size_t)src->nsteps + 1) * sizeof *t.start);
    t.has_launch = src->has_launch;
    t.launch = src->launch;
    awss_schedule_free(dst);
    *dst = t;
    return 0;
}

uint32_t awss_step_tlp(const struct awss_schedule *s, uint32_t step)
{
    return s->start[step + 1] - s->start[step];
}

uint64_t awss_step_awss(const struct awss_schedule *s, uint32_t step, const uint64_t *sizes)
{
    uint64_t sum = 0;
    for (uint32_t j = s->start[step]; j < s->start[step + 1]; j++)
        sum += sizes[s->order[j]];
    return sum;
}

uint32_t awss_syncs(const struct awss_schedule *s)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i + 1 < s->nsteps; i++)
        n += awss_step_tlp(s, i) != awss_step_tlp(s, i + 1);
    return n;
}

double awss_cost(const struct awss_schedule *s, const struct awss_problem *p)
{
    if (p->static_tlp)
        return (double)s->nsteps;
    return (double)s->nsteps + p->cps * (double)awss_syncs(s);
}

struct step_key {
    uint32_t tlp, index;
};

static int cmp_step_key(const void *a, const void *b)
{
    const struct step_key *x = a, *y = b;
    if (x->tlp != y->tlp)
        return x->tlp > y->tlp ? -1 : 1;
    return x->index < y->index ? -1 : (x->index > y->index);
}

int awss_sort_by_tlp(struct awss_schedule *s)
{
    if (s->nsteps < 2)
        return 0;
    struct step_key *keys = malloc((size_t)s->nsteps * sizeof *keys);
    struct awss_schedule t;
    awss_schedule_init(&t);
    if (!keys || schedule_alloc(&t, s->nctas, s->nsteps) < 0) {
        free(keys);
        return -1;
    }
    for (uint32_t i = 0; i < s->nsteps; i++)
        keys[i] = (struct step_key){ awss_step_tlp(s, i), i };
    qsort(keys, s->nsteps, sizeof *keys, cmp_step_key);
    uint32_t pos = 0;
    for (uint32_t i = 0; i < s->nsteps; i++) {
        uint32_t from = s->start[keys[i].index];
        t.start[i] = pos;
        memcpy(t.order + pos, s->order + from, (size_t)keys[i].tlp * sizeof *t.order);
        pos += keys[i].tlp;
    }
    t.start[s->nsteps] = pos;
    free(keys);
    awss_schedule_free(s);
    *s = t;
    return 0;
}

uint32_t awss_lower_bound(const struct awss_problem *p)
{
    uint64_t lb = ((uint64_t)p->nctas + p->max_tlp - 1) / p->max_tlp;
    if (p->mode == AWSS_HARD && p->cap > 0) {
        uint64_t sum = 0;
        for (uint32_t i = 0; i < p->nctas; i++)
            sum += p->sizes[i];
        uint64_t by_cap = (sum + p->cap - 1) / p->cap;
        if (by_cap > lb)
            lb = by_cap;
    }
    return (uint32_t)lb;
}

int awss_validate(const struct awss_schedule *s, const struct awss_problem *p, char *msg,
                  size_t msglen)
{
    int rc = -1;
    uint8_t *seen = NULL;
    if (s->nctas != p->nctas) {
        snprintf(msg, msglen, "schedule has %u CTAs, problem %u", s->nctas, p->nctas);
        return -1;
    }
    if (s->nsteps > 0 && (s->start[0] != 0 || s->start[s->nsteps] != s->nctas)) {
        snprintf(msg, msglen, "step offsets do not cover the CTA list");
        return -1;
    }
    seen = calloc((size_t)p->nctas + 1, 1);
    if (!seen) {
        snprintf(msg, msglen, "out of memory");
        return -1;
    }
    for (uint32_t st = 0; st < s->nsteps; st++) {
        uint32_t tlp = awss_step_tlp(s, st);
        if (s->start[st + 1] < s->start[st] || tlp == 0) {
            snprintf(msg, msglen, "step %u is empty or malformed", st);
            goto out;
        }
        if (tlp > p->max_tlp) {
            snprintf(msg, msglen, "step %u has TLP %u > max %u", st, tlp, p->max_tlp);
            goto out;
        }
        if (p->static_tlp && tlp != awss_step_tlp(s, 0) && st + 1 != s->nsteps) {
            snprintf(msg, msglen, "static schedule: step %u has TLP %u, step 0 has %u", st, tlp,
                     awss_step_tlp(s, 0));
            goto out;
        }
        if (p->static_tlp && st + 1 == s->nsteps && tlp > awss_step_tlp(s, 0)) {
            snprintf(msg, msglen, "static schedule: last step larger than the others");
            goto out;
        }
        uint64_t sum = 0, max = 0;
        for (uint32_t j = s->start[st]; j < s->start[st + 1]; j++) {
            uint32_t c = s->order[j];
            if (c >= p->nctas || seen[c]) {
                snprintf(msg, msglen, "CTA %u in step %u is %s", c, st,
                         c >= p->nctas ? "out of range" : "scheduled twice");
                goto out;
            }
            seen[c] = 1;
            sum += p->sizes[c];
            if (p->sizes[c] > max)
                max = p->sizes[c];
        }
        uint64_t load = p->mode == AWSS_RELAXED ? sum - max : sum;
        if (load > p->cap && !(tlp == 1 && p->mode == AWSS_HARD)) {
            snprintf(msg, msglen, "step %u has AWSS %llu over capacity %llu%s", st,
                     (unsigned long long)sum, (unsigned long long)p->cap,
                     p->mode == AWSS_RELAXED ? " (relaxed)" : "");
            goto out;
        }
    }
    for (uint32_t c = 0; c < p->nctas; c++)
        if (!seen[c]) {
            snprintf(msg, msglen, "CTA %u is never scheduled", c);
            goto out;
        }
    rc = 0;
out:
    free(seen);
    return rc;
}
