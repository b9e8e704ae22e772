/* The GPU loop of the lookahead mode (ccgpu_sim_lookahead L > 0;
 * docs/parallel.md). A launch runs in quanta [T, T + Q) of Q core cycles
 * (sim_link.h: the link's latency):
 *
 *   SM side: cycle by cycle, the replies and credit reports visible then,
 *     every SM due (filed in the wheel at its next event, a reply, a
 *     credit for its waiting requests) visited in id order as the exact
 *     loop's visit (its cycle, its requests onto the link, its CTA
 *     refill), CTA-policy wakes;
 *   memory side: the memory system's events in [T, T + Q) with the
 *     requests arriving then (sim_link_mem_quantum);
 *
 * then the link's exchange, and, at the quantum's end in this order: the
 * launch guards (watchdog, runaway, faults), the run-length caps, the
 * launch's end. The next quantum starts at the earliest cycle either side
 * or the link has anything at. The two sides share no state within a
 * quantum, so running the memory side on a second thread (ccgpu_sim_threads
 * 2, sim_threads.h) gives the same statistics. */
#include "timing/gpu_timing_state.h"
#include "timing/launch_guard.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct link_side {
    struct gpu_timing *g;
    const struct isrc *l;
    int draining;   /* after a failed launch: replies taken, requests sent, no SM cycles */
    int visit_all;  /* the first cycle visits every SM (the drain's start) */
    uint64_t next;  /* the SM side's next cycle after the quantum, or SM_NEVER */
    uint64_t last;  /* the SM side's last cycle with a visit, this quantum */
    uint64_t *credit_wake; /* scratch: the SMs whose port got credit (words of 64) */
    /* the SMs that retired CTAs this quantum, in (cycle, SM) order, each
     * once: refilled at the quantum's end (refill_listed: by SM, listed) */
    uint32_t *refill_sm;
    uint64_t *refill_at;
    uint32_t nrefill;
    uint8_t *refill_listed;
    char err[300];
};

/* A reply after a failed launch (as gpu_timing.c's drain): the request is
 * done, a read's line filled. */
static void drain_reply(struct sm *sm, const struct mem_request *r)
{
    const uint64_t *tok;
    sm->inflight--;
    if (!r->is_write && sm->have_l1 &&
        !(r->id & (TOKEN_STORE | TOKEN_BYPASS | TOKEN_INST | TOKEN_CONST)))
        cache_fill(&sm->l1, r->addr, memsys_reply_sectors(&sm->l1, r), &tok);
}

/* One SM at cycle now (the exact loop's visit_sm with the link for the
 * memory system): 0, or -1 with s->err set. */
static int visit(struct link_side *s, struct sm *sm, uint64_t now)
{
    if (!s->draining && sm->next_event <= now && sm_cycle(sm, now)) {
        snprintf(s->err, sizeof s->err, "%s", sm->err[0] ? sm->err : isrc_error(s->l));
        return -1;
    }
    /* (without credit for its port a drain would send nothing) */
    if (sm_has_output(sm) && sim_link_can_send(sm->link, sm->id / sm->link->cpp) &&
        sm_drain(sm, NULL, now, UINT64_MAX)) {
        snprintf(s->err, sizeof s->err, "timing model: out of memory");
        return -1;
    }
    if (!s->draining && sm->retired && !s->refill_listed[sm->id]) {
        s->refill_listed[sm->id] = 1;
        s->refill_sm[s->nrefill] = sm->id;
        s->refill_at[s->nrefill++] = now;
    }
    return 0;
}

/* Replies visible at now, handed to their SMs, which are marked in visit. */
static int take_replies(struct link_side *s, uint64_t now, uint64_t *visit)
{
    struct gpu_timing *g = s->g;
    struct mem_request r;
    while (sim_link_take_reply(&g->link, now, &r)) {
        if (r.sm >= g->nsms) {
            snprintf(s->err, sizeof s->err, "timing model: a reply for SM %u", r.sm);
            return -1;
        }
        if (s->draining)
            drain_reply(&g->sms[r.sm], &r);
        else
            sm_mem_reply(&g->sms[r.sm], &r, now);
        visit[r.sm / 64] |= 1ull << (r.sm % 64);
    }
    return 0;
}

/* The drain's SM side (no SM cycles, no wheel): every SM with a reply or,
 * at the first cycle or a credit, with requests to send. */
static int drain_side(struct link_side *s, uint64_t from, uint64_t end)
{
    struct gpu_timing *g = s->g;
    uint64_t *mark = g->wake.visit;
    for (uint64_t now = from; now < end;) {
        g->now = now;
        int credits = sim_link_take_credits(&g->link, now, s->credit_wake) > 0;
        memset(s->credit_wake, 0, g->wake.words * sizeof *s->credit_wake);
        if (take_replies(s, now, mark))
            return -1;
        for (uint32_t i = 0; i < g->nsms; i++) {
            uint64_t bit = 1ull << (i % 64);
            if ((mark[i / 64] & bit) || ((credits || s->visit_all) && sm_has_output(&g->sms[i]))) {
                if (visit(s, &g->sms[i], now))
                    return -1;
                s->last = now;
            }
            mark[i / 64] &= ~bit;
        }
        s->visit_all = 0;
        now = sim_link_sm_next(&g->link);
        s->next = now;
    }
    return 0;
}

/* The SM side of quantum [from, end) (sim_threads_work): as the exact
 * loop, the SMs the wheel (gpu_timing.wake) files at a cycle are visited,
 * and those a reply or a credit for their waiting requests reaches. */
static int sm_side(void *ctx, uint64_t from, uint64_t end)
{
    struct link_side *s = ctx;
    struct gpu_timing *g = s->g;
    struct sim_link *k = &g->link;
    struct sm_wake *w = &g->wake;
    s->last = 0;
    if (s->draining)
        return drain_side(s, from, end);
    for (uint64_t now = from; now < end;) {
        g->now = now;
        sm_wake_take(w, now);
        /* the SMs holding requests whose port has credit again */
        uint64_t *cw = s->credit_wake;
        if (sim_link_take_credits(k, now, cw))
            for (uint32_t wi = 0; wi < w->words; wi++) {
                w->visit[wi] |= w->outp[wi] & cw[wi];
                cw[wi] = 0;
            }
        if (take_replies(s, now, w->visit))
            return -1;
        for (uint32_t wi = 0; wi < w->words; wi++)
            for (uint64_t bits = w->visit[wi]; bits; bits &= bits - 1) {
                uint32_t i = wi * 64 + (uint32_t)__builtin_ctzll(bits);
                struct sm *sm = &g->sms[i];
                if (visit(s, sm, now))
                    return -1;
                s->last = now;
                sm_wake_refile(w, sm, i, now);
                w->outp[wi] = (w->outp[wi] & ~(1ull << (i % 64))) |
                              (uint64_t)!!sm_has_output(sm) << (i % 64);
            }
        gpu_timing_cluster_changes(g, now, 1, NULL);
        uint64_t next = sm_wake_next(w, now), t = sim_link_sm_next(k);
        if (t < next)
            next = t;
        now = next == SM_NEVER ? SM_NEVER : next > now ? next : now + 1;
        s->next = now;
    }
    return 0;
}

/* The dispatcher's part of the quantum ending at end, at its last cycle
 * (after both sides): the SMs that retired CTAs in it refilled in (cycle,
 * SM) order, then a CTA policy's synchronisation due at that cycle (the
 * quantum was cut to end there); each SM filed again. 0, or -1 with err
 * set. */
static int end_dispatch(struct link_side *s, uint64_t end, char *err, size_t errlen)
{
    struct gpu_timing *g = s->g;
    struct sm_wake *w = &g->wake;
    const uint64_t at = end - 1;
    for (uint32_t k = 0; k < s->nrefill; k++) {
        struct sm *sm = &g->sms[s->refill_sm[k]];
        s->refill_listed[sm->id] = 0;
        if (dispatch_refill(&g->disp, sm, at, err, errlen))
            return -1;
        /* due at the cycle after its refill, as after the exact loop's */
        if (sm->next_event > end)
            sm->next_event = end;
        sm_wake_refile(w, sm, sm->id, at);
    }
    s->nrefill = 0;
    gpu_timing_cluster_changes(g, at, 1, NULL);
    if (dispatch_next_event(&g->disp) <= at) {
        if (dispatch_wake(&g->disp, g->sms, g->nsms, at, err, errlen))
            return -1;
        for (uint32_t i = 0; i < g->nsms; i++)
            sm_wake_refile(w, &g->sms[i], i, at);
    }
    uint64_t n = sm_wake_next(w, at);
    if (n < s->next)
        s->next = n;
    return 0;
}

/* The memory side of quantum [from, end) (sim_threads_work). */
static int mem_side(void *ctx, uint64_t from, uint64_t end)
{
    struct gpu_timing *g = ctx;
    return sim_link_mem_quantum(&g->link, &g->mem, from, end);
}

/* One quantum, on one thread or two, then the exchange: 0, or -1 with err
 * set (both sides have finished either way). */
static int quantum(struct gpu_timing *g, struct link_side *s, uint64_t from, uint64_t end,
                   int threads, char *err, size_t errlen)
{
    s->err[0] = g->link.err[0] = '\0';
    s->next = SM_NEVER;
    int rc;
    if (threads && g->th.started) {
        rc = sim_threads_quantum(&g->th, from, end, sm_side, s);
    } else {
        rc = sm_side(s, from, end);
        int rm = mem_side(g, from, end);
        rc = rc ? rc : rm;
    }
    if (rc) {
        snprintf(err, errlen, "%s", s->err[0] ? s->err : g->link.err);
        return -1;
    }
    if (sim_link_exchange(&g->link, end)) {
        snprintf(err, errlen, "%s", g->link.err);
        return -1;
    }
    return s->draining ? 0 : end_dispatch(s, end, err, errlen);
}

/* The earliest cycle after a quantum ending at end at which the SM side,
 * the memory side or the link has anything, or SM_NEVER. */
static uint64_t next_quantum(struct gpu_timing *g, const struct link_side *s, uint64_t end)
{
    uint64_t t = s->next;
    uint64_t m = dispatch_next_event(&g->disp);
    if (!s->draining && m < t)
        t = m;
    m = sim_link_mem_next(&g->link, &g->mem);
    if (m < t)
        t = m;
    m = sim_link_sm_next(&g->link);
    if (m < t)
        t = m;
    return t == SM_NEVER ? t : t > end ? t : end;
}

int gpu_timing_run_link(struct gpu_timing *g, const struct gpu_timing_launch *gl, char *err,
                        size_t errlen)
{
    const uint64_t start = g->now;
    if (gpu_timing_launch_begin(g, gl, err, errlen))
        return -1;
    const struct isrc *l = &g->src;
    const struct ptx_counters *cnt = isrc_counters(l);
    uint32_t regs = g->cfg.regs_per_thread ? g->cfg.regs_per_thread : gl->regs_per_thread;
    int rc = -1;
    struct link_side s = { .g = g, .l = l, .credit_wake = g->link.wake };
    s.refill_sm = malloc(g->nsms * sizeof *s.refill_sm);
    s.refill_at = malloc(g->nsms * sizeof *s.refill_at);
    s.refill_listed = calloc(g->nsms, 1);
    if (!s.refill_sm || !s.refill_at || !s.refill_listed) {
        snprintf(err, errlen, "timing model: out of memory");
        goto out;
    }
    if (dispatch_begin(&g->disp, l, gl->grid, regs, g->sms, g->nsms, start, err, errlen))
        goto out;
    if (g->threads > 1 && !g->th.started && sim_threads_start(&g->th, mem_side, g)) {
        fprintf(stderr, "ccgpu_sim_threads: no second thread could be started: running on one\n");
        g->threads = 1;
    }
    sim_link_reset(&g->link, &g->mem);
    gpu_timing_wake_reset(g, g->now);
    struct launch_guard guard;
    launch_guard_begin(&guard, g, cnt, start, g->now);
    const uint64_t q = g->link.q;
    for (uint64_t t = g->now;;) {
        if (progress_due(&g->prog))
            progress_report(&g->prog, isrc_kernel_name(l), t - start,
                            t > start ? (double)cnt->warp_insts / (double)(t - start) : 0.0);
        uint64_t end = t + q;
        /* a CTA policy's synchronisation ends a quantum at its cycle */
        if (dispatch_next_event(&g->disp) < end - 1)
            end = dispatch_next_event(&g->disp) > t ? dispatch_next_event(&g->disp) + 1 : t + 1;
        /* a cap's last cycle ends a quantum */
        if (g->max_cycle) {
            uint64_t cap_end = g->max_cycle + start - g->tot.cycles;
            if (end > cap_end)
                end = cap_end > t ? cap_end : t + 1;
        }
        if (quantum(g, &s, t, end, g->threads > 1, err, errlen))
            goto out;
        uint64_t last = s.last > g->link.last_mem ? s.last : g->link.last_mem;
        g->now = end - 1;
        if (launch_guard_check(&guard, g, l, gl, end - 1, err, errlen))
            goto out;
        if (gpu_timing_cap_reached(g, l, end - 1, start))
            break;
        if (gpu_timing_launch_over(g, l)) {
            g->now = last > t ? last : t; /* the launch's last cycle with anything done */
            break;
        }
        uint64_t next = gpu_timing_cap_next(g, start, next_quantum(g, &s, end));
        if (next == SM_NEVER) {
            launch_stalled(g, l, start, "nothing left to wait for", err, errlen);
            goto out;
        }
        t = next;
    }
    g->now++; /* the last cycle counts */
    rc = g->stopped[0] ? -1 : 0;
    if (rc)
        snprintf(err, errlen, "%s", g->stopped);
out:
    free(s.refill_sm);
    free(s.refill_at);
    free(s.refill_listed);
    return gpu_timing_launch_end(g, l, start, rc, err, errlen);
}

void gpu_timing_link_drain(struct gpu_timing *g)
{
    struct sim_link *k = &g->link;
    struct link_side s = { .g = g, .l = &g->src, .draining = 1, .visit_all = 1,
                           .credit_wake = k->wake };
    struct mem_request r;
    char err[300];
    /* replies a failed quantum left untaken (any time: the drain takes
     * them now), then the reports */
    while (sim_link_take_reply(k, SM_NEVER - 1, &r))
        if (r.sm < g->nsms)
            drain_reply(&g->sms[r.sm], &r);
    sim_link_take_credits(k, SM_NEVER - 1, k->wake);
    memset(k->wake, 0, g->wake.words * sizeof *k->wake);
    if (sim_link_exchange(k, 0))
        return;
    uint64_t t = g->now;
    for (uint32_t guard = 0; guard < 100000000; guard++) {
        uint64_t end = t + k->q;
        if (quantum(g, &s, t, end, 0, err, sizeof err))
            return;
        int pending = 0;
        for (uint32_t i = 0; i < g->nsms; i++)
            pending |= g->sms[i].inflight || sm_has_output(&g->sms[i]);
        g->now = end;
        if (!pending && memsys_idle(&g->mem))
            return;
        uint64_t next = next_quantum(g, &s, end);
        if (next == SM_NEVER)
            return;
        t = next;
    }
}
