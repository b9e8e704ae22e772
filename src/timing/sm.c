/* SM construction, CTA placement and retirement, warp bookkeeping, and the
 * per-cycle statistics of cycles the GPU skipped. */
#include "timing/sm.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BQ_CAP 16

/* The policy's L1 observers, forwarded: a call may change what the policy's
 * order or can_issue answer, so the issue stage walks again. */
static void hook_access(void *ctx, uint64_t block, int32_t warp, int is_write,
                        enum cache_outcome outcome, enum cache_fail fail)
{
    struct sm *sm = ctx;
    sm->iss_dirty = 1;
    if (sm->pol_hooks.on_access)
        sm->pol_hooks.on_access(sm->pol_hooks.ctx, block, warp, is_write, outcome, fail);
}

static void hook_reserve(void *ctx, uint64_t block, int32_t warp)
{
    struct sm *sm = ctx;
    sm->iss_dirty = 1;
    if (sm->pol_hooks.on_reserve)
        sm->pol_hooks.on_reserve(sm->pol_hooks.ctx, block, warp);
}

static void hook_evict(void *ctx, uint64_t block, int32_t warp)
{
    struct sm *sm = ctx;
    sm->iss_dirty = 1;
    if (sm->pol_hooks.on_evict)
        sm->pol_hooks.on_evict(sm->pol_hooks.ctx, block, warp);
}

/* The warp policy's L1 observers on sm->l1 (forwarded with ccgpu_fast_paths). */
static void set_l1_hooks(struct sm *sm)
{
    struct cache_hooks h = warp_sched_l1_hooks(&sm->ws);
    sm->pol_hooks = h;
    if (h.on_access || h.on_reserve || h.on_evict) {
        struct cache_hooks w = { sm, h.on_access ? hook_access : NULL,
                                 h.on_reserve ? hook_reserve : NULL,
                                 h.on_evict ? hook_evict : NULL };
        cache_set_hooks(&sm->l1, sm->cfg->fast_paths ? &w : &h);
    }
}

int sm_set_l1(struct sm *sm, const struct cache_config *l1, int invalidate, char *err,
              size_t errlen)
{
    if (!sm->have_l1) /* carveout.c keeps every carve-out with or without an L1 alike */
        return 0;
    if (carveout_same_l1(&sm->l1.cfg, l1)) {
        if (invalidate)
            cache_invalidate_all(&sm->l1);
        return 0;
    }
    struct cache_stats st = sm->l1.st;
    cache_free(&sm->l1);
    if (cache_init(&sm->l1, l1, err, errlen)) {
        char inner[256];
        snprintf(inner, sizeof inner, "%s", err);
        snprintf(err, errlen, "L1D carve-out: %s", inner);
        sm->have_l1 = 0;
        return -1;
    }
    sm->l1.st = st;
    set_l1_hooks(sm);
    return 0;
}

int sm_init(struct sm *sm, uint32_t id, const struct sm_config *cfg, struct tinst_cache *tc,
            struct policy_gpu *pg, char *err, size_t errlen)
{
    memset(sm, 0, sizeof *sm);
    sm->id = id;
    sm->cfg = cfg;
    sm->tc = tc;
    if (cfg->n_slots > 64) {
        snprintf(err, errlen, "gpgpu_shader_core_pipeline: at most 64 warp slots per SM");
        return -1;
    }
    if (cfg->max_loads > 0xfff0) {
        snprintf(err, errlen, "ccgpu_max_loads: at most 65520");
        return -1;
    }
    sm->warps = calloc(cfg->n_slots, sizeof *sm->warps);
    sm->ctas = calloc(cfg->max_ctas, sizeof *sm->ctas);
    sm->order = calloc(cfg->n_slots + 1, sizeof *sm->order);
    sm->reason = calloc(cfg->n_sched, 1);
    sm->recs = calloc(cfg->max_loads, sizeof *sm->recs);
    sm->free_recs = calloc(cfg->max_loads, sizeof *sm->free_recs);
    sm->bq = calloc(BQ_CAP, sizeof *sm->bq);
    sm->retired_ids = calloc(cfg->max_ctas, sizeof *sm->retired_ids);
    sm->recycle = calloc(cfg->max_ctas, sizeof *sm->recycle);
    sm->oc_alu = calloc((size_t)cfg->n_paths * FU_COUNT, sizeof *sm->oc_alu);
    sm->oc_mem = calloc(cfg->n_paths, sizeof *sm->oc_mem);
    if (cfg->longop_marks && !(sm->lom = calloc(cfg->n_slots, sizeof *sm->lom))) {
        snprintf(err, errlen, "timing model: out of memory");
        return -1;
    }
    if (!sm->retired_ids || !sm->recycle || !sm->oc_alu || !sm->oc_mem || !sm->warps || !sm->ctas || !sm->order || !sm->reason || !sm->recs || !sm->free_recs ||
        !sm->bq) {
        snprintf(err, errlen, "timing model: out of memory");
        return -1;
    }
    sm->bq_cap = BQ_CAP;
    for (uint32_t i = 0; i < cfg->max_loads; i++)
        sm->free_recs[i] = (uint16_t)(cfg->max_loads - 1 - i);
    sm->nfree_recs = cfg->max_loads;
    if (!cfg->l1.disabled) {
        if (cache_init(&sm->l1, &cfg->l1, err, errlen)) {
            char inner[256];
            snprintf(inner, sizeof inner, "%s", err);
            snprintf(err, errlen, "gpgpu_cache:dl1: %s", inner);
            return -1;
        }
        sm->have_l1 = 1;
        sm->l1q_lookups = cfg->l1_banks > cfg->l1_ports ? cfg->l1_banks : cfg->l1_ports;
        sm->l1q_cap = cfg->l1_latency * sm->l1q_lookups;
        if (!(sm->l1q = calloc(sm->l1q_cap, sizeof *sm->l1q))) {
            snprintf(err, errlen, "timing model: out of memory");
            return -1;
        }
    }
    if (cfg->icache) {
        if (rocache_init(&sm->ic, &cfg->il1, "gpgpu_cache:il1", err, errlen))
            return -1;
        sm->have_ic = 1;
    }
    if (cfg->ccache) {
        if (rocache_init(&sm->cc, &cfg->cl1, "gpgpu_const_cache:l1", err, errlen))
            return -1;
        sm->have_cc = 1;
    }
    struct warp_sched_env env = { id, cfg->n_slots, cfg->n_sched, 32 / cfg->simd_width, pg };
    if (warp_sched_init(&sm->ws, cfg->sched, &env, err, errlen))
        return -1;
    sm->order_pure = (uint8_t)warp_sched_order_pure(sm->ws.ops);
    sm->first = warp_sched_first_of(sm->ws.ops);
    sm->on_atomic = warp_sched_atomic_of(sm->ws.ops);
    sm->allowed = warp_sched_allowed_of(sm->ws.ops);
    sm->veto_epoch = warp_sched_veto_epoch_of(sm->ws.ops);
    sm->veto_kept = (uint8_t)warp_sched_veto_repeatable(sm->ws.ops);
    sm->first_plain = sm->first && !sm->allowed && !sm->veto_epoch && cfg->issue_width == 1;
    sm->far_min = SM_NEVER;
    for (uint32_t i = 0; i < cfg->n_slots; i++)
        sm->sched_mask[i % cfg->n_sched] |= 1ull << i;
    if (cfg->mrpb.enabled && sm->have_l1 && mrpb_init(&sm->mrpb, &cfg->mrpb, cfg->n_slots)) {
        snprintf(err, errlen, "timing model: out of memory");
        return -1;
    }
    struct bypass_env benv = { id, pg };
    if (bypass_init(&sm->bp, cfg->bypass, &benv, err, errlen))
        return -1;
    if (sm->have_l1)
        set_l1_hooks(sm);
    sm_oc_reset(sm);
    sm->next_event = SM_NEVER;
    sm->port_full_tick = UINT64_MAX;
    sm->iss_dirty = 1;
    return 0;
}

void sm_free(struct sm *sm)
{
    for (uint32_t i = 0; sm->ctas && i < sm->cfg->max_ctas; i++)
        if (sm->ctas[i].c)
            isrc_cta_free(sm->src, sm->ctas[i].c);
    if (sm->have_l1)
        cache_free(&sm->l1);
    if (sm->have_ic)
        rocache_free(&sm->ic);
    if (sm->have_cc)
        rocache_free(&sm->cc);
    warp_sched_free(&sm->ws);
    bypass_free(&sm->bp);
    mrpb_free(&sm->mrpb);
    free(sm->warps);
    free(sm->ctas);
    free(sm->order);
    free(sm->reason);
    free(sm->recs);
    free(sm->free_recs);
    free(sm->bq);
    free(sm->l1q);
    free(sm->retired_ids);
    free(sm->recycle);
    free(sm->oc_alu);
    free(sm->oc_mem);
    sm_longop_free(sm);
    memset(sm, 0, sizeof *sm);
}

void sm_launch_begin(struct sm *sm, uint32_t total_threads_gpu, uint64_t start)
{
    sm->accounted = sm->launch_start = start;
    memset(sm->reason, R_IDLE, sm->cfg->n_sched);
    if (sm->have_l1 && sm->cfg->flush_l1)
        cache_invalidate_all(&sm->l1);
    if (sm->have_ic) {
        rocache_reset_entries(&sm->ic);
        sm->ic_blocked = 0;
        sm->ifill_n = 0;
        if (sm->ic_mod != sm->tc->mod) /* another module's code: other instructions */
            rocache_invalidate(&sm->ic);
        sm->ic_mod = sm->tc->mod;
    }
    if (sm->have_cc)
        rocache_reset_entries(&sm->cc);
    sm->local_base = PTX_GENERIC_LOCAL_BASE;
    sm->local_stride = 4ull * total_threads_gpu;
    sm_oc_reset(sm);
    sm->next_event = SM_NEVER;
    sm->iss_dirty = 1;
}

void sm_reset(struct sm *sm)
{
    const struct sm_config *cfg = sm->cfg;
    for (uint32_t i = 0; i < cfg->n_slots; i++)
        if (sm->warps[i].live && sm->ws.ops->on_warp_exit)
            sm->ws.ops->on_warp_exit(&sm->ws, i);
    for (uint32_t k = 0; k < cfg->max_ctas; k++)
        if (sm->ctas[k].c)
            isrc_cta_free(sm->src, sm->ctas[k].c);
    memset(sm->warps, 0, cfg->n_slots * sizeof *sm->warps);
    memset(sm->wcls, WC_NONE, sizeof sm->wcls);
    sm->wc_timed = sm->wc_sb = sm->wc_unitany = sm->wc_due = sm->live_mask = 0;
    sm->tmin_ok = 0;
    memset(sm->wheel, 0, sizeof sm->wheel);
    sm->wheel_far = 0;
    sm->far_min = SM_NEVER;
    memset(sm->wc_unit, 0, sizeof sm->wc_unit);
    memset(sm->ctas, 0, cfg->max_ctas * sizeof *sm->ctas);
    for (uint32_t i = 0; i < cfg->max_loads; i++)
        sm->free_recs[i] = (uint16_t)(cfg->max_loads - 1 - i);
    sm->nfree_recs = cfg->max_loads;
    sm->loadwait = sm->barwait = 0;
    sm->live_warps = sm->resident_ctas = sm->used_threads = sm->used_regs = 0;
    sm->used_shmem = 0;
    sm->ldst_busy = 0;
    sm->ldst_blocked = 0;
    sm->l1q_head = sm->l1q_count = 0;
    sm->l1q_blocked = 0;
    mrpb_reset(&sm->mrpb);
    sm_oc_reset(sm);
    sm->bq_head = sm->bq_count = 0;
    sm->retired = 0;
    sm->iss_dirty = 1;
}

void sm_account_cycles(struct sm *sm, uint64_t now)
{
    uint64_t d = now - sm->accounted;
    struct sm_stats *st = &sm->st;
    for (uint32_t s = 0; s < sm->cfg->n_sched; s++)
        st->by_reason[sm->reason[s]] += d;
    st->active_warp_sum += d * sm->live_warps;
    /* (CTAs are placed at the launch; they hold the SM from the launch
     * latency's end, when GPGPU-Sim would place them) */
    uint64_t from = sm->accounted > sm->busy_from ? sm->accounted : sm->busy_from;
    if (sm->live_warps && now > from)
        st->busy_cycles += now - from;
    sm->accounted = now; /* (sm_cycles and sched_cycles: sm_launch_end) */
}

void sm_launch_end(struct sm *sm, uint64_t now)
{
    sm_account(sm, now);
    uint64_t d = sm->accounted - sm->launch_start;
    sm->st.sm_cycles += d;
    sm->st.sched_cycles += d * sm->cfg->n_sched;
    sm->launch_start = sm->accounted;
}

int sm_find_room(const struct sm *sm, uint32_t nwarps, uint32_t *slots)
{
    int cta = -1;
    for (uint32_t i = 0; i < sm->cfg->max_ctas; i++)
        if (!sm->ctas[i].c) {
            cta = (int)i;
            break;
        }
    if (cta < 0)
        return -1;
    uint32_t k = 0;
    for (uint32_t i = 0; i < sm->cfg->n_slots && k < nwarps; i++)
        if (!sm->warps[i].pw)
            slots[k++] = i;
    return k == nwarps ? cta : -1;
}

/* The I-cache lookup of warp w's next instruction in, when it lies in
 * another line than the warp's last hit or the cache has evicted a line
 * since: 1 on a hit; 0 on a miss, the warp waiting for the line
 * (sm_icache_fill wakes it); with `retry`, -1 when no miss entry was free
 * (the warp is not waiting: ccgpu_fetch_icache tries again at its next
 * fetch), without it such a warp waits for a fill (ic_blocked). */
static int fetch_check(struct sm *sm, struct sm_warp *w, const struct ptx_inst *in, int retry)
{
    uint64_t line = (ROC_CODE_BASE + tinst_code_offset(sm->tc, w->func, in)) >> sm->ic.line_shift;
    if (line == w->iline && w->iepoch == sm->ic.epoch)
        return 1;
    if (rocache_lookup(&sm->ic, line)) {
        w->iline = line;
        w->iepoch = sm->ic.epoch;
        return 1;
    }
    uint32_t slot = (uint32_t)(w - sm->warps);
    enum roc_miss r = rocache_miss(&sm->ic, line, (uint16_t)slot);
    if (r == ROC_FULL && retry)
        return -1;
    w->iline = 0;
    w->imiss = 1;
    w->ibuf_ready = SM_NEVER;
    if (r == ROC_FULL)
        sm->ic_blocked |= 1ull << slot;
    return 0;
}

static void refresh_ibuf(struct sm *sm, struct sm_warp *w, uint64_t ready);

/* ccgpu_fetch_stage: a warp whose I-buffer is empty has `next` only once a
 * fetch (sm_fetch_grant) fills it */
void sm_refresh_ibuf(struct sm *sm, struct sm_warp *w, uint64_t ready)
{
    refresh_ibuf(sm, w, ready);
    if (sm->cfg->fetch_stage && w->next && !w->ibuf_n) {
        sm_fetch_flush(sm, w);
        /* (every caller passes now + ccgpu_fetch_delay): the fetch stage
         * may serve it this cycle (a reply's I-cache line arrives before
         * the SM's cycle; inside the cycle the stage runs after the issue) */
        uint64_t t = ready - sm->cfg->fetch_delay;
        if (sm->next_event > t)
            sm->next_event = t;
    }
}

void sm_fetch_flush(struct sm *sm, struct sm_warp *w)
{
    if (!w->next)
        return;
    w->ibuf_n = 0;
    w->ibuf_ready = SM_NEVER;
    sm->fetch_mask |= 1ull << (w - sm->warps);
}

/* A fetch brings warp slot two instructions, issuable from now + 2
 * (fetched now, decoded at now + 1). */
static void fetch_fill(struct sm *sm, uint32_t slot, uint64_t now)
{
    struct sm_warp *w = &sm->warps[slot];
    w->ibuf_n = 2;
    w->ibuf_ready = now + 2;
    sm->iss_dirty = 1;
    sm_wcls_clear(sm, slot);
}

/* GPGPU-Sim's fetch (shader_core_ctx::fetch, decode): up to fetch_width
 * warps whose I-buffer is empty, round-robin from the slot after the one
 * fetched last, skipping those waiting for an I-cache line; each gets two
 * instructions. With ccgpu_fetch_icache a fetch first serves the warps a
 * line that arrived was for, one a fetch in the order they missed (GPGPU-Sim
 * takes the I-cache's ready accesses before it looks for a warp, and the
 * round robin does not move), and the round robin's fetch looks the I-cache
 * up: a miss, or no free miss entry, takes the fetch and moves the round
 * robin on, and a warp that found no entry tries again at its next turn.
 * The earliest time anything here changes again, or SM_NEVER. */
uint64_t sm_fetch_grant(struct sm *sm, uint64_t now)
{
    const uint32_t n = sm->cfg->n_slots;
    const int lookup = sm->cfg->fetch_icache && sm->have_ic && !sm->perfect && !sm->src->ops;
    uint64_t want = sm->fetch_mask & sm->live_mask;
    uint32_t g = 0;
    while (g < sm->cfg->fetch_width && sm->ifill_n) {
        uint32_t slot = sm->ifillq[sm->ifill_head];
        sm->ifill_head = (sm->ifill_head + 1) % SM_MAX_SLOTS;
        sm->ifill_n--;
        struct sm_warp *w = &sm->warps[slot];
        if (!(want >> slot & 1) || !w->imiss || !w->next)
            continue;
        w->imiss = 0;
        want &= ~(1ull << slot);
        fetch_fill(sm, slot, now);
        g++;
    }
    for (uint32_t i = 1; want && g < sm->cfg->fetch_width && i <= n; i++) {
        uint32_t slot = (sm->fetch_rr + i) % n;
        if (!(want >> slot & 1))
            continue;
        struct sm_warp *w = &sm->warps[slot];
        if (w->imiss || !w->next)
            continue;
        sm->fetch_rr = slot;
        g++;
        i = 0; /* (the next round starts after this slot) */
        if (lookup && fetch_check(sm, w, w->next, 1) <= 0)
            continue; /* the fetch went to the I-cache's miss */
        want &= ~(1ull << slot);
        fetch_fill(sm, slot, now);
    }
    sm->fetch_mask = want;
    if (sm->ifill_n)
        return now + 1;
    for (uint64_t m = want; m; m &= m - 1)
        if (!sm->warps[__builtin_ctzll(m)].imiss)
            return now + 1;
    return SM_NEVER;
}

static void refresh_ibuf(struct sm *sm, struct sm_warp *w, uint64_t ready)
{
    uint32_t pc, mask;
    sm->iss_dirty = 1;
    w->sb_ok = 0;
    sm_wcls_clear(sm, (uint32_t)(w - sm->warps));
    sm_veto_forget(sm, (uint32_t)(w - sm->warps));
    w->ibuf_ready = ready;
    if (sm->src->ops) { /* another source than the PTX engine gives the facts itself */
        w->next = sm->src->ops->warp_next(w->pw, &w->ti);
        return;
    }
    const struct ptx_inst *in = ptx_warp_next(ISRC_PTX_WARP(w->pw), &pc, &mask);
    w->next = in;
    if (!in)
        return;
    const struct ptx_function *f = w->func;
    if (f && in >= f->insts && in < f->insts + f->ninsts) {
        w->ti = &w->ftab[in - f->insts];
    } else {
        w->ti = tinst_lookup(sm->tc, sm->cfg, in, &w->func);
        if (!w->ti) {
            w->next = NULL; /* out of memory building the table: reported by the GPU */
            snprintf(sm->err, sizeof sm->err, "timing model: out of memory (instruction table)");
            return;
        }
        w->ftab = w->ti - (in - w->func->insts);
    }
    if (sm->have_ic && !sm->perfect && !sm->cfg->fetch_icache)
        (void)fetch_check(sm, w, in, 0);
}

void sm_icache_fill(struct sm *sm, uint64_t addr, uint64_t now)
{
    uint16_t tok[ROC_MAX_MERGE];
    uint32_t n = rocache_fill(&sm->ic, addr >> sm->ic.line_shift, tok);
    uint64_t line = addr >> sm->ic.line_shift;
    if (sm->cfg->fetch_icache) {
        /* the fetch stage brings them their instructions (sm_fetch_grant),
         * this cycle at the earliest */
        for (uint32_t i = 0; i < n; i++) {
            struct sm_warp *w = &sm->warps[tok[i]];
            if (!w->live || !w->imiss || sm->ifill_n == SM_MAX_SLOTS)
                continue;
            w->iline = line;
            w->iepoch = sm->ic.epoch;
            sm->ifillq[(sm->ifill_head + sm->ifill_n++) % SM_MAX_SLOTS] = (uint8_t)tok[i];
        }
        if (sm->ifill_n && sm->next_event > now)
            sm->next_event = now;
        return;
    }
    uint64_t wake = sm->ic_blocked; /* an entry freed: they try again */
    sm->ic_blocked = 0;
    for (uint32_t i = 0; i < n; i++) {
        /* the line goes straight to the warps that waited for it (their
         * fetch is not looked up again) */
        struct sm_warp *w = &sm->warps[tok[i]];
        w->iline = line;
        w->iepoch = sm->ic.epoch;
        wake |= 1ull << tok[i];
    }
    while (wake) {
        uint32_t slot = (uint32_t)__builtin_ctzll(wake);
        wake &= wake - 1;
        struct sm_warp *w = &sm->warps[slot];
        if (!w->live || !w->imiss)
            continue;
        w->imiss = 0;
        sm_refresh_ibuf(sm, w, now + sm->cfg->fetch_delay);
        if (!w->imiss && sm->next_event > w->ibuf_ready)
            sm->next_event = w->ibuf_ready;
    }
}

/* GPGPU-Sim's two-level scheduler asks this of its warps' next instruction
 * (shader.cc, two_level_active_scheduler::order_warps): a source register
 * with a long-latency load's value still to come. The entries of values
 * ready by `at` no longer count (sb_hazard drops them). */
int sm_warp_long_wait(const struct sm *sm, uint32_t slot, uint64_t at)
{
    if (slot >= sm->cfg->n_slots)
        return 0;
    const struct sm_warp *w = &sm->warps[slot];
    if (!w->live || !w->next)
        return 0;
    /* with the fetch stage, GPGPU-Sim sees no instruction before decode */
    if (sm->cfg->fetch_stage && w->ibuf_ready > at)
        return 0;
    const struct tinst *ti = w->ti;
    for (uint32_t i = 0; i < w->nsb; i++) {
        const struct sb_entry *e = &w->sb[i];
        if (!e->long_op || e->ready <= at)
            continue;
        for (uint32_t r = 0; r < ti->nsrc; r++)
            if (ti->reg[r] == e->reg)
                return 1;
    }
    return sm->lom && sm_longop_held(sm, slot, ti, at);
}

void sm_add_cta(struct sm *sm, uint32_t cta_slot, struct isrc_cta *c, uint32_t id,
                uint32_t threads, uint32_t regs, uint64_t shmem, uint64_t now)
{
    /* the CTA arrives after cycle now's work: cycle now is accounted as it
     * was, whether or not the SM ran it (a reply may have retired the CTA
     * this replaces without the SM having anything to do at now) */
    sm_account(sm, now + 1);
    sm->iss_dirty = 1;
    struct sm_cta *ct = &sm->ctas[cta_slot];
    ct->c = c;
    ct->id = id;
    ct->nwarps = ct->live_warps = isrc_cta_num_warps(sm->src, c);
    ct->threads = threads;
    ct->regs = regs;
    ct->shmem = shmem;
    sm->resident_ctas++;
    sm->used_threads += threads;
    sm->used_regs += regs;
    sm->used_shmem += shmem;
    for (uint32_t i = 0; i < ct->nwarps; i++) {
        struct isrc_warp *pw = isrc_cta_warp(sm->src, c, i);
        uint32_t slot = isrc_warp_slot(sm->src, pw);
        struct sm_warp *w = &sm->warps[slot];
        memset(w, 0, sizeof *w);
        sm_longop_clear(sm, slot);
        sm_wcls_clear(sm, slot);
        sm_veto_forget(sm, slot);
        sm->loadwait &= ~(1ull << slot);
        sm->barwait &= ~(1ull << slot);
        w->pw = pw;
        w->cta = cta_slot;
        w->age = sm->next_age++;
        w->live = 1;
        sm->live_mask |= 1ull << slot;
        sm->live_warps++;
        sm->ws.now = now;
        if (sm->ws.ops->on_warp_assigned)
            sm->ws.ops->on_warp_assigned(&sm->ws, slot, w->age);
        if (isrc_warp_ready(sm->src, pw))
            sm_refresh_ibuf(sm, w, now + sm->cfg->fetch_delay);
    }
    if (sm->next_event > now + 1)
        sm->next_event = now + 1;
}

void sm_recycle(struct sm *sm)
{
    for (uint32_t i = 0; i < sm->nrecycle; i++)
        isrc_cta_retire(sm->src, sm->recycle[i]);
    sm->nrecycle = 0;
}

static void retire(struct sm *sm, uint32_t cta_slot)
{
    struct sm_cta *ct = &sm->ctas[cta_slot];
    for (uint32_t i = 0; i < ct->nwarps; i++)
        sm->warps[isrc_warp_slot(sm->src, isrc_cta_warp(sm->src, ct->c, i))].pw = NULL;
    /* the next CTA of the launch reuses its memory; the lookahead mode hands
     * it back at the quantum's end (sm_recycle), where no SM runs */
    if (sm->link && sm->nrecycle < sm->cfg->max_ctas)
        sm->recycle[sm->nrecycle++] = ct->c;
    else
        isrc_cta_retire(sm->src, ct->c);
    ct->c = NULL;
    sm->resident_ctas--;
    sm->used_threads -= ct->threads;
    sm->used_regs -= ct->regs;
    sm->used_shmem -= ct->shmem;
    sm->retired_ids[sm->retired++] = ct->id;
}

/* A CTA retires when its warps have exited and their memory operations
 * (loads; stores are posted) have completed. */
static void maybe_retire(struct sm *sm, uint32_t cta_slot)
{
    struct sm_cta *ct = &sm->ctas[cta_slot];
    if (!ct->c || ct->live_warps)
        return;
    for (uint32_t i = 0; i < ct->nwarps; i++)
        if (sm->warps[isrc_warp_slot(sm->src, isrc_cta_warp(sm->src, ct->c, i))].pending)
            return;
    retire(sm, cta_slot);
}

void sm_warp_exited(struct sm *sm, uint32_t slot, uint64_t now)
{
    (void)now;
    struct sm_warp *w = &sm->warps[slot];
    sm->iss_dirty = 1;
    w->live = 0;
    sm->live_mask &= ~(1ull << slot);
    sm->fetch_mask &= ~(1ull << slot);
    w->next = NULL;
    w->sb_ok = 0;
    sm_wcls_clear(sm, slot);
    sm_veto_forget(sm, slot);
    sm->live_warps--;
    sm->exits++;
    sm->ctas[w->cta].live_warps--;
    sm->ws.now = now;
    if (sm->ws.ops->on_warp_exit)
        sm->ws.ops->on_warp_exit(&sm->ws, slot);
    maybe_retire(sm, w->cta);
}

void sm_warp_drained(struct sm *sm, uint32_t slot)
{
    maybe_retire(sm, sm->warps[slot].cta);
}

void sm_oc_reset(struct sm *sm)
{
    const struct sm_config *cfg = sm->cfg;
    for (uint32_t p = 0; p < cfg->n_paths; p++) {
        for (int k = 0; k < FU_COUNT; k++)
            oc_alu_reset(sm_oc_alu(sm, p, (uint32_t)k), cfg->path_oc[k]);
        oc_mem_reset(&sm->oc_mem[p], cfg->path_oc[FU_MEM]);
    }
    sm->mq_stride = sm->oc_mem[0].cap; /* (n_paths of them fit: a 1/n share each) */
    sm->mem_seq = 0;
    memset(sm->unit_free, 0, sizeof sm->unit_free);
    sm->atomic_held = 0;
}

void sm_atomics_release(struct sm *sm, uint64_t now)
{
    for (uint64_t b = sm->atomic_held; b; b &= b - 1) {
        uint32_t slot = (uint32_t)__builtin_ctzll(b);
        if (sm->atomic_until[slot] > now) {
            if (sm->atomic_until[slot] < sm->next_event)
                sm->next_event = sm->atomic_until[slot];
            continue;
        }
        sm->atomic_held &= ~(1ull << slot);
        sm->on_atomic(&sm->ws, slot, 0);
        sm->iss_dirty = 1;
    }
}

void sm_rec_done(struct sm *sm, uint32_t rec)
{
    struct ldst_rec *r = &sm->recs[rec];
    struct sm_warp *w = &sm->warps[r->warp];
    uint64_t ready = r->ready; /* when an instruction may read the data */
    for (uint32_t i = 0; i < w->nsb; i++)
        if (w->sb[i].rec == rec) {
            w->sb[i].ready = ready;
            w->sb[i].rec = NO_REC;
        }
    if (sm->next_event > ready)
        sm->next_event = ready;
    sm->iss_dirty = 1;
    w->sb_wait = 0;
    if (r->atomic_wait) {
        r->atomic_wait = 0;
        if (sm->on_atomic) { /* the wait ends at the writeback (sm_atomics_release) */
            sm->atomic_until[r->warp] = ready;
            sm->atomic_held |= 1ull << r->warp;
        }
    }
    /* a check that failed at the I-buffer fails there still (the
     * scoreboard is looked at after it) */
    if (sm->wcls[r->warp] != WC_IBUF)
        sm_wcls_clear(sm, r->warp);
    sm_veto_forget(sm, r->warp);
    sm->loadwait &= ~(1ull << r->warp);
    sm->free_recs[sm->nfree_recs++] = (uint16_t)rec;
    w->pending--;
    if (!w->live && !w->pending)
        maybe_retire(sm, w->cta);
}
