/* The GPU loop of the lookahead mode (ccgpu_sim_lookahead L > 0;
 * docs/parallel.md). A launch runs in quanta [T, T + Q) of Q core cycles
 * (sim_link.h: the link's latency), each a few jobs that share nothing:
 *
 *   SM side, one job per group of SMs (one group, or with ccgpu_sim_threads
 *     N > 2 a group per thread, group j the SMs of the link's ports p with
 *     p % N == j): cycle by cycle, the replies and credit reports
 *     visible then, every SM of the group due (filed in the group's wheel
 *     at its next event, a reply, a credit for its waiting requests)
 *     visited in id order as the exact loop's visit (its cycle, its
 *     requests onto the link); an SM that retired CTAs is listed;
 *   memory side: the memory system's events in [T, T + Q) with the
 *     requests arriving then (sim_link_mem_quantum);
 *
 * then the link's exchange, and, at the quantum's end in this order: the
 * groups' instruction counts added into the launch's, the listed SMs
 * refilled in (cycle, SM) order and a CTA policy's wake (end_dispatch),
 * the launch guards (watchdog, runaway, faults), the run-length caps, the
 * launch's end. The next quantum starts at the earliest cycle any side or
 * the link has anything at. The jobs share no state within a quantum, so
 * running them on threads of their own (sim_threads.h) gives the same
 * statistics, and a group's SMs visit in the same order as one group's. */
#include "timing/gpu_timing_state.h"
#include "timing/launch_guard.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One group of SMs: what its job writes within a quantum starts on a cache
 * line of its own. */
struct link_side {
    _Alignas(SIM_LINK_LINE) struct gpu_timing *g;
    const struct isrc *l;
    uint32_t side;          /* its group of the link's ports */
    struct sm_wake *w;      /* its SMs' wheel */
    int alone;      /* the only group: the loop's cycle is g->now, the clusters' changes its own */
    int draining;   /* after a failed launch: replies taken, requests sent, no SM cycles */
    int visit_all;  /* the first cycle visits every SM (the drain's start) */
    uint64_t now;   /* the cycle being simulated (its SMs' %clock when not alone) */
    uint64_t next;  /* the group's next cycle after the quantum, or SM_NEVER */
    uint64_t last;  /* the group's last cycle with a visit, this quantum */
    uint64_t err_at; /* the cycle of err */
    uint64_t *credit_wake; /* scratch: the SMs whose port got credit (words of 64) */
    /* the SMs that retired CTAs this quantum, in (cycle, SM) order, each
     * once (listed: by SM, shared by the groups, each writing its own
     * SMs'): refilled at the quantum's end */
    uint32_t *refill_sm;
    uint64_t *refill_at;
    uint32_t nrefill;
    uint8_t *listed;
    struct ptx_counters cnt; /* its warps' counts this quantum, when not alone */
    char err[300];
};

/* A launch's groups. */
struct link_groups {
    uint32_t n;
    struct link_side *s;   /* n */
    struct sm_wake *wakes; /* groups 1..n-1's wheels (group 0 has g->wake) */
    uint8_t *listed;
    struct ptx_counters **cnt_of; /* by SM: its group's counts and clock */
    const uint64_t **clock_of;
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
 * memory system, its refill listed): 0, or -1 with s->err set. */
static int visit(struct link_side *s, struct sm *sm, uint64_t now)
{
    if (!s->draining && sm->next_event <= now && sm_cycle(sm, now)) {
        snprintf(s->err, sizeof s->err, "%s", sm->err[0] ? sm->err : isrc_error(s->l));
        s->err_at = now;
        return -1;
    }
    /* (without credit for its port a drain would send nothing) */
    if (sm_has_output(sm) && sim_link_can_send(sm->link, sm->id / sm->link->cpp) &&
        sm_drain(sm, NULL, now, UINT64_MAX)) {
        snprintf(s->err, sizeof s->err, "timing model: out of memory");
        s->err_at = now;
        return -1;
    }
    if (!s->draining && sm->retired && !s->listed[sm->id]) {
        s->listed[sm->id] = 1;
        s->refill_sm[s->nrefill] = sm->id;
        s->refill_at[s->nrefill++] = now;
    }
    return 0;
}

/* Group side's replies visible at now, handed to their SMs, which are
 * marked in visit. */
static int take_replies(struct link_side *s, uint32_t side, uint64_t now, uint64_t *visit)
{
    struct gpu_timing *g = s->g;
    struct mem_request r;
    while (sim_link_take_reply(&g->link, side, now, &r)) {
        if (r.sm >= g->nsms) {
            snprintf(s->err, sizeof s->err, "timing model: a reply for SM %u", r.sm);
            s->err_at = now;
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

/* The drain's SM side (one group over every SM and every group of the
 * link; no SM cycles, no wheel): every SM with a reply or, at the first
 * cycle or a credit, with requests to send. */
static int drain_side(struct link_side *s, uint64_t from, uint64_t end)
{
    struct gpu_timing *g = s->g;
    struct sim_link *k = &g->link;
    uint64_t *mark = g->wake.visit;
    for (uint64_t now = from; now < end;) {
        g->now = now;
        int credits = 0;
        for (uint32_t d = 0; d < k->nsides; d++) {
            credits |= sim_link_take_credits(k, d, now, s->credit_wake) > 0;
            memset(s->credit_wake, 0, g->wake.words * sizeof *s->credit_wake);
            if (take_replies(s, d, now, mark))
                return -1;
        }
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
        now = sim_link_sm_next(k);
        s->next = now;
    }
    return 0;
}

/* A group's SM side of quantum [from, end) (a sim_threads job): as the
 * exact loop, the SMs the group's wheel files at a cycle are visited, and
 * those a reply or a credit for their waiting requests reaches. */
static int sm_side(void *ctx, uint64_t from, uint64_t end)
{
    struct link_side *s = ctx;
    struct gpu_timing *g = s->g;
    struct sim_link *k = &g->link;
    struct sm_wake *w = s->w;
    s->last = 0;
    s->next = SM_NEVER;
    s->err[0] = '\0';
    if (s->draining)
        return drain_side(s, from, end);
    for (uint64_t now = from; now < end;) {
        s->now = now;
        if (s->alone)
            g->now = now;
        sm_wake_take(w, now);
        /* the SMs holding requests whose port has credit again */
        uint64_t *cw = s->credit_wake;
        if (sim_link_take_credits(k, s->side, now, cw))
            for (uint32_t wi = 0; wi < w->words; wi++) {
                w->visit[wi] |= w->outp[wi] & cw[wi];
                cw[wi] = 0;
            }
        if (take_replies(s, s->side, now, w->visit))
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
        if (s->alone)
            gpu_timing_cluster_changes(g, now, 1, NULL);
        uint64_t next = sm_wake_next(w, now), t = sim_link_side_next(k, s->side);
        if (t < next)
            next = t;
        now = next == SM_NEVER ? SM_NEVER : next > now ? next : now + 1;
        s->next = now;
    }
    return 0;
}

/* The memory side of quantum [from, end) (a sim_threads job). */
static int mem_side(void *ctx, uint64_t from, uint64_t end)
{
    struct gpu_timing *g = ctx;
    return sim_link_mem_quantum(&g->link, &g->mem, from, end);
}

/* SM i's group. */
static struct link_side *group_of(const struct link_groups *G, const struct gpu_timing *g,
                                  uint32_t i)
{
    return G->n == 1 ? G->s : &G->s[sim_link_side_of_sm(&g->link, i)];
}

/* The SMs filed in their groups' wheels at their next events. */
static void wake_reset(struct gpu_timing *g, struct link_groups *G, uint64_t now)
{
    if (G->n == 1) {
        gpu_timing_wake_reset(g, now);
        return;
    }
    for (uint32_t j = 0; j < G->n; j++)
        sm_wake_clear(G->s[j].w);
    for (uint32_t i = 0; i < g->nsms; i++)
        gpu_timing_wake_file_sm(g, group_of(G, g, i)->w, i, now);
}

/* The groups' instruction counts added into the launch's (with one group
 * its warps count there themselves). */
static void add_counters(struct gpu_timing *g, struct link_groups *G)
{
    /* (every counted step counts a warp instruction first: a group with
     * none counted nothing) */
    for (uint32_t j = 0; G->n > 1 && j < G->n; j++)
        if (G->s[j].cnt.warp_insts)
            ptx_launch_add_counters(ISRC_PTX(g->src.launch), &G->s[j].cnt);
}

/* The dispatcher's part of the quantum ending at end, at its last cycle
 * (after every job): the groups' instruction counts added into the
 * launch's; the SMs that retired CTAs in it refilled in (cycle, SM) order
 * (their CTAs handed back first), then a CTA policy's synchronisation due
 * at that cycle (the quantum was cut to end there); each SM filed again.
 * 0, or -1 with err set. */
static int end_dispatch(struct gpu_timing *g, struct link_groups *G, uint64_t end, char *err,
                        size_t errlen)
{
    const uint64_t at = end - 1;
    add_counters(g, G);
    /* the groups' lists, each in (cycle, SM) order, merged */
    uint32_t pos[G->n];
    memset(pos, 0, sizeof pos);
    for (;;) {
        struct link_side *b = NULL;
        for (uint32_t j = 0; j < G->n; j++) {
            struct link_side *s = &G->s[j];
            if (pos[j] < s->nrefill &&
                (!b || s->refill_at[pos[j]] < b->refill_at[pos[b - G->s]] ||
                 (s->refill_at[pos[j]] == b->refill_at[pos[b - G->s]] &&
                  s->refill_sm[pos[j]] < b->refill_sm[pos[b - G->s]])))
                b = s;
        }
        if (!b)
            break;
        struct sm *sm = &g->sms[b->refill_sm[pos[b - G->s]++]];
        G->listed[sm->id] = 0;
        sm_recycle(sm);
        if (dispatch_refill(&g->disp, sm, at, err, errlen))
            return -1;
        /* due at the cycle after its refill, as after the exact loop's */
        if (sm->next_event > end)
            sm->next_event = end;
        sm_wake_refile(b->w, sm, sm->id, at);
    }
    for (uint32_t j = 0; j < G->n; j++)
        G->s[j].nrefill = 0;
    int all = 0;
    if (g->cnet.touched) {
        g->cnet.touched = 0;
        all = 1;
    }
    if (dispatch_next_event(&g->disp) <= at) {
        if (dispatch_wake(&g->disp, g->sms, g->nsms, at, err, errlen))
            return -1;
        all = 1;
    }
    for (uint32_t i = 0; all && i < g->nsms; i++)
        sm_wake_refile(group_of(G, g, i)->w, &g->sms[i], i, at);
    for (uint32_t j = 0; j < G->n; j++) {
        uint64_t n = sm_wake_next(G->s[j].w, at);
        if (n < G->s[j].next)
            G->s[j].next = n;
    }
    return 0;
}

/* One quantum, on one thread or several, then the exchange and the
 * dispatcher: 0, or -1 with err set (every job has finished either way):
 * the error of the group that failed first (cycle, then group: the one
 * SM order gives), else the memory side's. */
static int quantum(struct gpu_timing *g, struct link_groups *G, uint64_t from, uint64_t end,
                   int threads, char *err, size_t errlen)
{
    g->link.err[0] = '\0';
    struct sim_threads_job jobs[G->n + 1];
    jobs[0] = (struct sim_threads_job){ sm_side, &G->s[0] };
    jobs[1] = (struct sim_threads_job){ mem_side, g };
    for (uint32_t j = 1; j < G->n; j++)
        jobs[j + 1] = (struct sim_threads_job){ sm_side, &G->s[j] };
    int rc;
    if (threads && g->th.started) {
        rc = sim_threads_run(&g->th, from, end, jobs, G->n + 1);
    } else {
        rc = 0;
        for (uint32_t j = 0; j <= G->n; j++) {
            int r = jobs[j].work(jobs[j].ctx, from, end);
            rc = rc ? rc : r;
        }
    }
    if (rc) {
        const struct link_side *f = NULL;
        for (uint32_t j = 0; j < G->n; j++)
            if (G->s[j].err[0] && (!f || G->s[j].err_at < f->err_at))
                f = &G->s[j];
        snprintf(err, errlen, "%s", f ? f->err : g->link.err);
        return -1;
    }
    if (sim_link_exchange(&g->link, end)) {
        snprintf(err, errlen, "%s", g->link.err);
        return -1;
    }
    return G->s[0].draining ? 0 : end_dispatch(g, G, end, err, errlen);
}

/* The earliest cycle after a quantum ending at end at which a group, the
 * dispatcher, the memory side or the link has anything, or SM_NEVER. */
static uint64_t next_quantum(struct gpu_timing *g, const struct link_groups *G, uint64_t end)
{
    uint64_t t = G->s[0].draining ? SM_NEVER : dispatch_next_event(&g->disp);
    for (uint32_t j = 0; j < G->n; j++)
        if (G->s[j].next < t)
            t = G->s[j].next;
    uint64_t m = sim_link_mem_next(&g->link, &g->mem);
    if (m < t)
        t = m;
    m = sim_link_sm_next(&g->link);
    if (m < t)
        t = m;
    return t == SM_NEVER ? t : t > end ? t : end;
}

/* Why the launch's SMs cannot be split over threads, or NULL. */
static const char *split_refusal(const struct gpu_timing *g, const struct isrc *l)
{
    if (l->ops)
        return "a trace replay (its source is not known to be thread-safe)";
    const char *why = ptx_launch_cross_sm(ISRC_PTX(l->launch));
    if (why)
        return why;
    if (isrc_cluster_size(l) > 1)
        return "thread-block clusters";
    if (g->pgpu.dwt)
        return "DWT's GPU-wide coordinator";
    if (g->trace)
        return "the L1 trace";
    if (g->split_on)
        return "the split L2";
    for (uint32_t i = 0; i < g->nsms; i++) {
        const struct sm *sm = &g->sms[i];
        if (sm->tap)
            return "a SASS trace being written";
        if (policy_guard_warp_fault(sm->ws.ops) ||
            (sm->have_l1 && (policy_guard_repl_fault(sm->l1.repl.ops) ||
                             policy_guard_index_fault(sm->l1.index.ops))))
            return "a plugin policy (not known to be thread-safe)";
    }
    return NULL;
}

static void groups_free(struct link_groups *G)
{
    for (uint32_t j = 0; G->s && j < G->n; j++) {
        free(G->s[j].refill_sm);
        free(G->s[j].refill_at);
    }
    for (uint32_t j = 1; G->wakes && j < G->n; j++)
        sm_wake_free(&G->wakes[j - 1]);
    free(G->s);
    free(G->wakes);
    free(G->listed);
    free(G->cnt_of);
    free(G->clock_of);
    memset(G, 0, sizeof *G);
}

/* n groups of SMs over the link's ports, port p in group p % n (the
 * link's sides set to match): 0, or -1 out of memory. */
static int groups_make(struct gpu_timing *g, struct link_groups *G, uint32_t n)
{
    struct sim_link *k = &g->link;
    memset(G, 0, sizeof *G);
    G->s = aligned_alloc(SIM_LINK_LINE, n * sizeof *G->s);
    G->listed = calloc(g->nsms, 1);
    G->wakes = n > 1 ? calloc(n - 1, sizeof *G->wakes) : NULL;
    if (!G->s || !G->listed || (n > 1 && !G->wakes))
        return -1;
    memset(G->s, 0, n * sizeof *G->s);
    G->n = n;
    if (k->nsides != n && sim_link_set_sides(k, n))
        return -1;
    for (uint32_t j = 0; j < n; j++) {
        struct link_side *s = &G->s[j];
        s->g = g;
        s->l = &g->src;
        s->side = j;
        s->alone = n == 1;
        s->listed = G->listed;
        s->credit_wake = k->sides[j].wake;
        s->refill_sm = malloc(g->nsms * sizeof *s->refill_sm);
        s->refill_at = malloc(g->nsms * sizeof *s->refill_at);
        if (!s->refill_sm || !s->refill_at)
            return -1;
        if (!j) {
            s->w = &g->wake;
        } else {
            s->w = &G->wakes[j - 1];
            if (sm_wake_init(s->w, g->nsms, g->wake.slots))
                return -1;
        }
    }
    if (n > 1) {
        G->cnt_of = malloc(g->nsms * sizeof *G->cnt_of);
        G->clock_of = malloc(g->nsms * sizeof *G->clock_of);
        if (!G->cnt_of || !G->clock_of)
            return -1;
        for (uint32_t i = 0; i < g->nsms; i++) {
            struct link_side *s = group_of(G, g, i);
            G->cnt_of[i] = &s->cnt;
            G->clock_of[i] = &s->now;
        }
    }
    return 0;
}

/* The groups this launch's SMs run in: with ccgpu_sim_threads n > 2, one
 * per thread (at most one per port; sim_threads places them and the
 * memory side over the threads by their times) unless the launch cannot
 * be split, which is said once. With two threads the SMs stay one group
 * beside the memory side: split in two, the groups' own work each quantum
 * (merging their messages, their counters, each group's pass over the
 * quantum's cycles) makes memory-bound kernels with short quanta slower
 * than one thread (gesummv with lrr, medium: 0.70-0.80x), more than a
 * compute-bound kernel's gain on two (1.3-1.6x on nbody and matmul) is
 * worth. */
static uint32_t groups_choose(struct gpu_timing *g, const struct isrc *l)
{
    if (g->threads < 3)
        return 1;
    const char *why = split_refusal(g, l);
    if (!why && tinst_cache_build(&g->tc, &g->cfg))
        why = "out of memory";
    if (why) {
        if (!g->split_said)
            fprintf(stderr, "ccgpu_sim_threads %u: kernel %s: its SMs share one thread (%s); "
                    "said once\n", g->threads, isrc_kernel_name(l), why);
        g->split_said = 1;
        return 1;
    }
    return g->threads < g->link.nports ? g->threads : g->link.nports;
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
    struct link_groups G;
    if (groups_make(g, &G, groups_choose(g, l))) {
        snprintf(err, errlen, "timing model: out of memory");
        goto out;
    }
    if (G.n > 1)
        ptx_launch_set_sm_state(ISRC_PTX(l->launch), g->nsms, G.cnt_of, G.clock_of);
    if (dispatch_begin(&g->disp, l, gl->grid, regs, g->sms, g->nsms, start, err, errlen))
        goto out;
    /* a thread each for at most a group per port and the memory side */
    uint32_t helpers = g->threads - 1 < g->link.nports ? g->threads - 1 : g->link.nports;
    if (g->threads > 1 && !g->th.started &&
        sim_threads_start(&g->th, helpers, helpers + 2)) {
        fprintf(stderr, "ccgpu_sim_threads: no helper thread could be started: running on one\n");
        g->threads = 1;
    }
    sim_link_reset(&g->link, &g->mem);
    wake_reset(g, &G, g->now);
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
        if (quantum(g, &G, t, end, g->threads > 1, err, errlen))
            goto out;
        uint64_t last = g->link.last_mem;
        for (uint32_t j = 0; j < G.n; j++)
            if (G.s[j].last > last)
                last = G.s[j].last;
        g->now = end - 1;
        if (launch_guard_check(&guard, g, l, gl, end - 1, err, errlen))
            goto out;
        if (gpu_timing_cap_reached(g, l, end - 1, start))
            break;
        if (gpu_timing_launch_over(g, l)) {
            g->now = last > t ? last : t; /* the launch's last cycle with anything done */
            break;
        }
        uint64_t next = gpu_timing_cap_next(g, start, next_quantum(g, &G, end));
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
    for (uint32_t i = 0; i < g->nsms; i++)
        sm_recycle(&g->sms[i]);
    if (G.n > 1) {
        add_counters(g, &G); /* (a failed quantum's) */
        ptx_launch_set_sm_state(ISRC_PTX(l->launch), 0, NULL, NULL);
    }
    groups_free(&G);
    return gpu_timing_launch_end(g, l, start, rc, err, errlen);
}

void gpu_timing_link_drain(struct gpu_timing *g)
{
    struct sim_link *k = &g->link;
    uint8_t listed = 0;
    struct link_side s = { .g = g, .l = &g->src, .draining = 1, .visit_all = 1, .alone = 1,
                           .credit_wake = k->sides[0].wake, .listed = &listed, .w = &g->wake };
    struct link_groups G = { .n = 1, .s = &s, .listed = &listed };
    struct mem_request r;
    char err[300];
    /* replies a failed quantum left untaken (any time: the drain takes
     * them now), then the reports */
    for (uint32_t d = 0; d < k->nsides; d++) {
        while (sim_link_take_reply(k, d, SM_NEVER - 1, &r))
            if (r.sm < g->nsms)
                drain_reply(&g->sms[r.sm], &r);
        sim_link_take_credits(k, d, SM_NEVER - 1, k->sides[0].wake);
        memset(k->sides[0].wake, 0, g->wake.words * sizeof *k->sides[0].wake);
    }
    if (sim_link_exchange(k, 0))
        return;
    uint64_t t = g->now;
    for (uint32_t guard = 0; guard < 100000000; guard++) {
        uint64_t end = t + k->q;
        if (quantum(g, &G, t, end, 0, err, sizeof err))
            return;
        int pending = 0;
        for (uint32_t i = 0; i < g->nsms; i++)
            pending |= g->sms[i].inflight || sm_has_output(&g->sms[i]);
        g->now = end;
        if (!pending && memsys_idle(&g->mem))
            return;
        uint64_t next = next_quantum(g, &G, end);
        if (next == SM_NEVER)
            return;
        t = next;
    }
}
