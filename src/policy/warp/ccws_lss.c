/* CCWS locality scoring system: lazily decaying scores, Eq. (1), and the
 * cumulative cutoff test with exact change times. */
#include "ccws_lss.h"
#include "load_diag.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ccws_lss_init(struct ccws_lss *l, uint32_t n_warps, const struct ccws_lss_params *p,
                  char *err, size_t errlen)
{
    *l = (struct ccws_lss){ 0 };
    if (!p->base) {
        snprintf(err, errlen, "ccws: base score must be at least 1");
        return -1;
    }
    l->p = *p;
    l->unit = p->decay_period ? p->decay_period : 1;
    l->n_warps = n_warps;
    size_t n = n_warps ? n_warps : 1;
    l->live = calloc(n, 1);
    l->used = calloc(n, 1);
    l->allowed = calloc(n, 1);
    l->prev_allowed = calloc(n ? n : 1, 1);
    l->age = calloc(n, sizeof *l->age);
    l->s0 = calloc(n, sizeof *l->s0);
    l->t0 = calloc(n, sizeof *l->t0);
    l->rank = calloc(n, sizeof *l->rank);
    l->sc = calloc(n, sizeof *l->sc);
    l->hist = calloc(n + 1, sizeof *l->hist);
    l->warp_hits = calloc(n, sizeof *l->warp_hits);
    l->warp_insts = calloc(n, sizeof *l->warp_insts);
    l->samples = calloc(p->max_samples ? p->max_samples : 1, sizeof *l->samples);
    if (!l->live || !l->used || !l->allowed || !l->age || !l->s0 || !l->t0 || !l->rank || !l->sc ||
        !l->hist || !l->samples || !l->warp_hits || !l->warp_insts || !l->prev_allowed) {
        ccws_lss_free(l);
        snprintf(err, errlen, "ccws: out of memory for the scoring system");
        return -1;
    }
    l->dirty = 1;
    return 0;
}

void ccws_lss_free(struct ccws_lss *l)
{
    free(l->live);
    free(l->used);
    free(l->allowed);
    free(l->prev_allowed);
    free(l->age);
    free(l->s0);
    free(l->t0);
    free(l->rank);
    free(l->sc);
    free(l->hist);
    free(l->samples);
    free(l->warp_hits);
    free(l->warp_insts);
    *l = (struct ccws_lss){ 0 };
}

uint64_t ccws_lss_cutoff(const struct ccws_lss *l)
{
    return (uint64_t)l->n_live * l->p.base;
}

uint64_t ccws_lss_score(const struct ccws_lss *l, uint32_t warp, uint64_t now)
{
    if (warp >= l->n_warps || !l->live[warp])
        return 0;
    uint64_t dt = now - l->t0[warp];
    uint64_t s = l->s0[warp];
    uint64_t base = (uint64_t)l->p.base * l->unit;
    if (s <= base)
        return s; /* at the base, or below it under release scoring: no decay */
    return s - base > dt ? s - dt : base;
}

uint64_t ccws_lss_llds(const struct ccws_lss *l)
{
    if (!l->insts || !l->p.k_throttle)
        return 0;
    /* hits x K x cutoff / insts, saturating instead of wrapping */
    uint64_t f = (uint64_t)l->p.k_throttle * ccws_lss_cutoff(l);
    if (f && l->vta_hits > UINT64_MAX / f)
        return UINT64_MAX / 2;
    return l->vta_hits * f / l->insts;
}

/* LLDS in score units, saturating. */
static uint64_t llds_units(const struct ccws_lss *l, uint64_t llds)
{
    return llds > UINT64_MAX / 4 / l->unit ? UINT64_MAX / 4 : llds * l->unit;
}

/* Release scoring: the scores above the base capped at the LLDS at the end
 * of cycle cap_cycle, i.e. from cap_cycle + 1 (an LLDS below the base caps
 * a decaying score below it, as the release). */
static void apply_cap(struct ccws_lss *l)
{
    uint64_t at = l->cap_cycle + 1, base = (uint64_t)l->p.base * l->unit;
    l->cap_pending = 0;
    if (at >= l->hot_until)
        return; /* nothing above the base */
    uint64_t cap = llds_units(l, ccws_lss_llds(l));
    for (uint32_t w = 0; w < l->n_warps; w++) {
        if (!l->live[w])
            continue;
        uint64_t sc = ccws_lss_score(l, w, at);
        if (sc > base && sc > cap) {
            l->s0[w] = cap;
            l->t0[w] = at;
            l->dirty = 1;
        }
    }
}

void ccws_lss_settle(struct ccws_lss *l, uint64_t now)
{
    if (l->cap_pending && now > l->cap_cycle)
        apply_cap(l);
}

void ccws_lss_llds_changed(struct ccws_lss *l, uint64_t now)
{
    ccws_lss_settle(l, now);
    l->cap_pending = 1;
    l->cap_cycle = now;
}

/* Cutoff order: larger score first, then older, then lower slot. */
static int before(const struct ccws_lss *l, uint32_t a, uint32_t b)
{
    if (l->sc[a] != l->sc[b])
        return l->sc[a] > l->sc[b];
    if (l->age[a] != l->age[b])
        return l->age[a] < l->age[b];
    return a < b;
}

static uint64_t ceil_div(uint64_t a, uint64_t b)
{
    return a / b + (a % b != 0);
}

/* Computes the allowed set at cycle t and the cycle it may next change. */
static void evaluate_set(struct ccws_lss *l, uint64_t t)
{
    l->eval_at = t;
    l->dirty = 0;
    l->next = CCWS_NEVER;
    if (t >= l->hot_until) { /* every score at base: the sum is the cutoff */
        for (uint32_t w = 0; w < l->n_warps; w++)
            l->allowed[w] = l->live[w];
        l->n_allowed = l->n_live;
        return;
    }
    uint32_t n = 0;
    for (uint32_t w = 0; w < l->n_warps; w++) {
        l->allowed[w] = 0;
        if (!l->live[w])
            continue;
        l->sc[w] = ccws_lss_score(l, w, t);
        uint32_t i = n++; /* insertion sort: at most a few dozen warps */
        while (i > 0 && before(l, w, l->rank[i - 1])) {
            l->rank[i] = l->rank[i - 1];
            i--;
        }
        l->rank[i] = w;
    }
    uint64_t cutoff = ccws_lss_cutoff(l) * l->unit, base = (uint64_t)l->p.base * l->unit, sum = 0;
    uint32_t decaying = 0; /* warps above base among those summed */
    l->n_allowed = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t w = l->rank[i];
        uint64_t s = l->sc[w], before_sum = sum;
        uint32_t d_before = decaying;
        sum += s;
        if (s > base) {
            decaying++;
            uint64_t at_base = t + (s - base); /* the order may change then */
            if (at_base < l->next)
                l->next = at_base;
        }
        int ok;
        uint64_t when = CCWS_NEVER; /* when a throttled warp is let through */
        if (l->p.cross_allowed) {
            ok = i == 0 || before_sum < cutoff;
            if (!ok && d_before)
                when = t + (before_sum - cutoff) / d_before + 1;
        } else {
            ok = i == 0 || sum <= cutoff;
            if (!ok && decaying)
                when = t + ceil_div(sum - cutoff, decaying);
        }
        if (when < l->next)
            l->next = when;
        l->allowed[w] = (uint8_t)ok;
        l->n_allowed += (uint32_t)ok;
    }
}

/* evaluate_set, moving allowed_epoch on when the set changed. */
static void evaluate(struct ccws_lss *l, uint64_t t)
{
    memcpy(l->prev_allowed, l->allowed, l->n_warps);
    evaluate_set(l, t);
    if (memcmp(l->prev_allowed, l->allowed, l->n_warps) != 0)
        l->allowed_epoch++;
}

static void ensure(struct ccws_lss *l, uint64_t t)
{
    if (l->cap_pending && t > l->cap_cycle)
        apply_cap(l);
    if (l->dirty || t < l->eval_at || t >= l->next)
        evaluate(l, t);
    if (l->cap_pending && l->cap_cycle + 1 < l->next)
        l->next = l->cap_cycle + 1; /* the set may change when the cap applies */
}

void ccws_lss_account(struct ccws_lss *l, uint64_t now)
{
    while (l->hist_at < now) {
        ensure(l, l->hist_at);
        if (l->diag)
            load_diag_set(l->diag, l->hist_at, l->live, l->allowed);
        uint64_t end = l->next < now ? l->next : now;
        if (l->n_live)
            l->hist[l->n_allowed] += end - l->hist_at;
        l->hist_at = end;
    }
}

/* Under resident_window a warp's hits and instructions leave Eq. 1's
 * counts with it (and a new warp in the slot starts from none). */
static void forget_counts(struct ccws_lss *l, uint32_t warp)
{
    if (l->p.resident_window) {
        l->vta_hits -= l->warp_hits[warp];
        l->insts -= l->warp_insts[warp];
    }
    l->warp_hits[warp] = l->warp_insts[warp] = 0;
}

void ccws_lss_warp_add(struct ccws_lss *l, uint32_t warp, uint64_t age, uint64_t now)
{
    if (warp >= l->n_warps)
        return;
    ccws_lss_account(l, now);
    ccws_lss_settle(l, now);
    l->n_live += !l->live[warp]; /* a slot reused without an exit restarts */
    l->live[warp] = 1;
    l->age[warp] = age;
    l->s0[warp] = l->p.release_scoring && l->used[warp] ? 0 : (uint64_t)l->p.base * l->unit;
    l->used[warp] = 1;
    l->t0[warp] = now;
    l->dirty = 1;
    l->allowed_epoch++;
    forget_counts(l, warp);
    if (l->p.release_scoring)
        ccws_lss_llds_changed(l, now); /* the cutoff, and with it the LLDS, changed */
}

void ccws_lss_warp_remove(struct ccws_lss *l, uint32_t warp, uint64_t now)
{
    if (warp >= l->n_warps || !l->live[warp])
        return;
    ccws_lss_account(l, now);
    ccws_lss_settle(l, now);
    l->live[warp] = 0;
    l->n_live--;
    l->dirty = 1;
    l->allowed_epoch++;
    forget_counts(l, warp);
    if (l->p.release_scoring)
        ccws_lss_llds_changed(l, now);
}

static void sample(struct ccws_lss *l, uint64_t llds, uint64_t now)
{
    if (now < l->next_sample && l->n_samples)
        return;
    if (l->n_samples == l->p.max_samples) {
        l->samples_dropped++;
        return;
    }
    l->samples[l->n_samples++] = (struct ccws_llds_sample){ now, llds };
    l->next_sample = now + l->p.sample_period;
}

uint64_t ccws_lss_vta_hit(struct ccws_lss *l, uint32_t warp, uint64_t now)
{
    ccws_lss_account(l, now);
    if (l->p.release_scoring)
        ccws_lss_settle(l, now);
    l->vta_hits++;
    if (warp < l->n_warps)
        l->warp_hits[warp]++;
    uint64_t llds = ccws_lss_llds(l);
    l->llds_last = llds;
    l->llds_sum += llds;
    if (llds > l->llds_max)
        l->llds_max = llds;
    sample(l, llds, now);
    if (warp >= l->n_warps || !l->live[warp])
        return llds;
    uint64_t cur = ccws_lss_score(l, warp, now);
    uint64_t target = llds_units(l, llds);
    if (l->p.release_scoring) {
        uint64_t base = (uint64_t)l->p.base * l->unit;
        ccws_lss_llds_changed(l, now);
        cur = ccws_lss_score(l, warp, now);
        /* the release adds the LLDS and caps the sum at the LLDS */
        uint64_t next = cur + target <= base ? base : target;
        if (next != cur) {
            l->s0[warp] = next;
            l->t0[warp] = now;
            l->raised += next > cur;
            if (next > base && now + (next - base) > l->hot_until)
                l->hot_until = now + (next - base);
            l->dirty = 1;
        }
        return llds;
    }
    if (target > cur) {
        uint64_t hot = now + (target - (uint64_t)l->p.base * l->unit);
        l->s0[warp] = target;
        l->t0[warp] = now;
        l->raised++;
        if (hot > l->hot_until)
            l->hot_until = hot;
        l->dirty = 1;
    }
    return llds;
}

int ccws_lss_may_load(struct ccws_lss *l, uint32_t warp, uint64_t now)
{
    if (warp >= l->n_warps || !l->live[warp])
        return 1;
    ensure(l, now);
    return l->allowed[warp];
}

uint64_t ccws_lss_epoch(struct ccws_lss *l, uint64_t now)
{
    ensure(l, now);
    return l->allowed_epoch;
}

uint32_t ccws_lss_n_allowed(struct ccws_lss *l, uint64_t now)
{
    ensure(l, now);
    return l->n_allowed;
}

uint64_t ccws_lss_next_change(struct ccws_lss *l, uint64_t now)
{
    ensure(l, now);
    return l->next;
}
