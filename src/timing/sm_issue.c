/* The issue stage: per scheduler, walk the policy's priority order and issue
 * from warps whose I-buffer entry is ready, whose operands pass the in-order
 * scoreboard (RAW on sources, WAW on destinations, predicates included;
 * loads hold their destinations until the data returns, an atomic with
 * active lanes holds every later instruction of its warp until it completes,
 * as in GPGPU-Sim, where such a warp is "waiting") and whose unit
 * class has room in its ID_OC register (opcollect.h; a memory instruction
 * also needs a free load record), unless the policy vetoes. The engine
 * executes the instruction at issue; an ALU result can be read
 * ccgpu_writeback_cycles after its unit's latency from the cycle the unit
 * takes it. Each scheduler's cycle is classified by the furthest any warp
 * got: issued > throttled > memory path full > ALU path full > scoreboard >
 * barrier > idle (no warp with an instruction ready). */
#include "timing/sm.h"
#include "timing/cluster_net.h"
#include "util/bits.h"
#include <string.h>

/* 0 when ti can issue now, else the cycle the hazard clears (SB_PENDING:
 * waits for a load). Drops entries whose value is ready. */
static uint64_t sb_hazard(struct sm_warp *w, const struct tinst *ti, uint64_t now)
{
    if (!w->nsb)
        return 0;
    uint32_t k = 0, nr = (uint32_t)ti->nsrc + ti->ndst;
    uint64_t worst = 0, soonest = SB_PENDING;
    for (uint32_t i = 0; i < w->nsb; i++) {
        struct sb_entry e = w->sb[i];
        if (e.ready <= now)
            continue;
        w->sb[k++] = e;
        if (e.ready < soonest)
            soonest = e.ready;
        if (e.reg == SB_ALL_REGS && e.ready > worst)
            worst = e.ready;
        for (uint32_t r = 0; r < nr; r++)
            if (ti->reg[r] == e.reg && e.ready > worst)
                worst = e.ready;
    }
    w->nsb = (uint8_t)k;
    if (ti->async >= TASYNC_WAIT)
        for (uint32_t i = 0; i < k; i++) {
            const struct sb_entry *e = &w->sb[i];
            if ((e->reg & ~SB_ASYNC_GROUP) == SB_ASYNC_TAG && e->ready > worst &&
                (ti->async == TASYNC_WAIT_ALL ||
                 ((w->async_group - e->reg) & SB_ASYNC_GROUP) > ti->async_keep))
                worst = e->ready;
        }
    if (!worst && k + ti->ndst + ti->atomic + (ti->async == TASYNC_COPY) > SB_MAX)
        worst = soonest; /* no room to track the results */
    return worst;
}

/* Drops the entries whose value is ready by now, as sb_hazard does. */
static void sb_prune(struct sm_warp *w, uint64_t now)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < w->nsb; i++)
        if (w->sb[i].ready > now)
            w->sb[k++] = w->sb[i];
    w->nsb = (uint8_t)k;
}

static void sb_add(struct sm_warp *w, const struct tinst *ti, uint64_t ready, uint16_t rec)
{
    w->sb_ok = 0;
    for (uint32_t r = ti->nsrc; r < (uint32_t)ti->nsrc + ti->ndst; r++) {
        struct sb_entry *e = &w->sb[w->nsb++];
        e->reg = ti->reg[r];
        e->ready = ready;
        e->rec = rec;
        e->long_op = 0;
    }
}

/* After a barrier instruction or an exit: warps of the CTA the engine has
 * released resume (their next instruction is fetched). */
static uint32_t release_barrier(struct sm *sm, uint32_t cta_slot, uint64_t now)
{
    struct sm_cta *ct = &sm->ctas[cta_slot];
    uint32_t n = 0;
    if (!ct->c)
        return 0;
    for (uint32_t i = 0; i < ct->nwarps; i++) {
        struct isrc_warp *pw = isrc_cta_warp(sm->src, ct->c, i);
        uint32_t slot = isrc_warp_slot(sm->src, pw);
        struct sm_warp *w = &sm->warps[slot];
        if (w->live && w->at_barrier && isrc_warp_ready(sm->src, pw)) {
            w->at_barrier = 0;
            sm->barwait &= ~(1ull << slot);
            sm_refresh_ibuf(sm, w, now + sm->cfg->fetch_delay);
            if (sm->ws.ops->on_warp_barrier)
                sm->ws.ops->on_warp_barrier(&sm->ws, slot, 0);
            n++;
        }
    }
    return n;
}

uint32_t sm_release_barriers(struct sm *sm, uint64_t at)
{
    uint32_t n = 0;
    for (uint32_t k = 0; k < sm->cfg->max_ctas; k++)
        n += release_barrier(sm, k, at);
    return n;
}

/* Issues warp slot's next instruction at now into issue path `path`. */
static int issue(struct sm *sm, uint32_t path, uint32_t slot, uint64_t now)
{
    struct sm_warp *w = &sm->warps[slot];
    const struct ptx_inst *inst = w->next;
    const struct tinst *ti = w->ti;
    /* a memory instruction executes straight into its ID_OC_MEM entry's
     * payload (the walk found room), which ldst_queue then need not copy */
    struct ptx_dyninst *d = ti->kind == TI_MEM ? &sm_mq_next(sm, path)->d : &sm->dyn;
    enum ptx_step_status st = isrc_warp_step(sm->src, w->pw, d);
    if (st == PTX_STEP_ERROR)
        return -1;
    if (sm->tap)
        sm->tap(sm->tap_ctx, d, ti);
    sm->ws.lanes = bits_popc32(d->active_mask);
    sm->st.rf_reads += (uint64_t)ti->nsrc * sm->ws.lanes;
    sm->st.rf_writes += (uint64_t)ti->ndst * sm->ws.lanes;
    sm->st.thread_ops[ti->op_kind] += sm->ws.lanes;
    if (sm->ws.ops->on_issue)
        sm->ws.ops->on_issue(&sm->ws, slot, inst, now);
    if (ti->async == TASYNC_COMMIT || inst->op == PTX_OP_CP_ASYNC_WAIT_ALL)
        w->async_group++;
    if (ti->kind == TI_MEM) {
        ldst_queue(sm, path, slot, d, ti, now);
    } else {
        uint32_t k;
        const uint32_t per = sm->cfg->path_units[ti->unit];
        uint64_t *units = &sm->unit_free[ti->unit][path * per];
        uint64_t e = oc_alu_issue(sm_oc_alu(sm, path, ti->unit), now,
                                  oc_read_cycles(ti->nsrc, sm->cfg->oc_steps), units,
                                  per, &k);
        units[k] = e + ti->busy;
        if (ti->ndst) {
            const uint64_t ready = e + ti->latency + sm->cfg->writeback_cycles;
            sb_add(w, ti, ready, NO_REC);
            if (sm->lom)
                sm_longop_write(sm, slot, ti, ready);
        }
    }
    /* (an exit may retire the CTA, and with it a trace source's ti) */
    const uint8_t kind = ti->kind;
    uint32_t cta = w->cta;
    const int fetch_stage = sm->cfg->fetch_stage;
    if (fetch_stage && w->ibuf_n)
        w->ibuf_n--; /* the issued instruction leaves the I-buffer */
    if (st == PTX_STEP_OK) {
        uint32_t old_pc = d->pc;
        const struct ptx_function *old_f = w->func;
        sm_refresh_ibuf(sm, w, now + sm->cfg->fetch_delay);
        w->seq = sm->src->ops ? w->next && sm->src->ops->warp_sequential(w->pw)
                              : w->next && w->func == old_f && w->next == old_f->insts + old_pc + 1;
        if (fetch_stage) {
            if (!w->seq && w->ibuf_n) /* the buffered instruction is not the next one */
                sm_fetch_flush(sm, w);
        } else if (ti->kind == TI_BRANCH && w->next && !w->seq && !w->imiss) {
            w->ibuf_ready += sm->cfg->branch_delay;
        }
    } else if (st == PTX_STEP_BARRIER) {
        w->at_barrier = 1;
        sm->barwait |= 1ull << slot;
        w->next = NULL;
        w->sb_ok = 0;
        sm_wcls_clear(sm, slot);
        sm_veto_forget(sm, slot);
        if (sm->ws.ops->on_warp_barrier)
            sm->ws.ops->on_warp_barrier(&sm->ws, slot, 1);
    } else {
        sm_warp_exited(sm, slot, now);
    }
    if (kind == TI_BARRIER || st != PTX_STEP_OK) {
        /* a barrier.cluster phase the step completed may release warps of
         * any CTA of the cluster: on this SM now, on the other SMs of the
         * GPC when clusters are spread (cluster_net.h) later (the SM holds
         * CTAs of one launch, so the launch says whether it has clusters) */
        if (isrc_cluster_size(sm->src) > 1) {
            sm_release_barriers(sm, now);
            if (sm->cnet)
                cluster_net_release(sm->cnet, sm, now);
        } else {
            release_barrier(sm, cta, now);
        }
    }
    return 0;
}

/* The held warps remembered (sm.veto_memo) as of the policy's epoch at
 * now: all of them forgotten when the epoch moved. */
static inline uint64_t veto_memo_at(struct sm *sm, uint64_t now)
{
    uint64_t e = sm->veto_epoch(&sm->ws, now);
    if (e != sm->veto_memo_epoch) {
        sm->veto_memo = 0;
        sm->veto_memo_epoch = e;
    }
    return sm->veto_memo;
}

/* Remembers how the walk's check of a warp's next instruction failed. */
static inline void note_check(struct sm *sm, uint32_t slot, uint8_t c, uint64_t t)
{
    if (sm->cfg->fast_paths)
        sm_wcls_set(sm, slot, c, t);
}

/* One walk of a scheduler's order: the classification so far (the furthest
 * any warp got), the earliest time a warp it passed may change, issues. */
struct walk {
    uint64_t now, wake;
    uint32_t path; /* the scheduler's issue path (sm_path) */
    uint32_t issued;
    uint8_t reason;
    int vetoed;
};

static inline void walk_reason(struct walk *k, uint8_t r)
{
    if (k->reason < r)
        k->reason = r;
}

static inline void walk_wake(struct walk *k, uint64_t t)
{
    if (t < k->wake)
        k->wake = t;
}

/* The full check of warp slot's next instruction, and its issue when it
 * passes (up to gpgpu_max_insn_issue_per_warp of them); -1 on an engine
 * error. Both walks (walk_masked's and the plain walk of the policy's
 * order) check warps with it; memo: a veto is remembered (veto_memo, for
 * walk_masked's walks only). */
static inline __attribute__((always_inline)) int walk_warp_checks(struct sm *sm, uint32_t slot,
                                                                  struct walk *k, const int memo)
{
    const struct sm_config *cfg = sm->cfg;
    const struct warp_sched_ops *ops = sm->ws.ops;
    const uint64_t now = k->now, bit = 1ull << slot;
    struct sm_warp *w = &sm->warps[slot];
    for (uint32_t per = 0; per < cfg->max_issue_per_warp && k->issued < cfg->issue_width; per++) {
        if (w->at_barrier) {
            walk_reason(k, R_BARRIER);
            break;
        }
        if (!w->next)
            break;
        /* the I-buffer holds gpgpu_max_insn_issue_per_warp instructions:
         * after an issue this cycle, the next one is there too unless a
         * branch was taken */
        if (w->ibuf_ready > now && !(per && w->seq && !w->imiss && w->ibuf_ready != SM_NEVER)) {
            walk_wake(k, w->ibuf_ready);
            if (!per)
                note_check(sm, slot, WC_IBUF, w->ibuf_ready);
            break;
        }
        const struct tinst *ti = w->ti;
        /* the hazard found last time holds until its time or, for a load,
         * until the load completes (sm_rec_done clears it); a scoreboard
         * found clear for this instruction stays clear (sb_ok; its entries
         * ready by now are dropped before it issues, as sb_hazard would
         * have) */
        uint64_t hz;
        int pruned = 1;
        if (w->sb_wait > now) {
            hz = w->sb_wait;
        } else if (w->sb_ok && cfg->fast_paths) {
            hz = 0;
            pruned = 0;
        } else {
            hz = sb_hazard(w, ti, now);
            w->sb_ok = !hz;
        }
        w->sb_wait = hz;
        if (hz == SB_PENDING)
            sm->loadwait |= bit;
        if (hz) {
            walk_reason(k, R_SB);
            walk_wake(k, hz);
            if (!per)
                note_check(sm, slot, WC_SB, hz);
            break;
        }
        if (ti->kind == TI_MEM) {
            if (!sm_mem_room(sm, k->path)) {
                walk_reason(k, R_MEM);
                if (!per)
                    note_check(sm, slot, WC_UNIT + FU_MEM, 0);
                break;
            }
        } else {
            uint64_t at = oc_alu_room_at(sm_oc_alu(sm, k->path, ti->unit));
            if (at > now) {
                walk_reason(k, R_UNIT);
                walk_wake(k, at);
                if (!per)
                    note_check(sm, slot, (uint8_t)(WC_UNIT + ti->unit), 0);
                break;
            }
        }
        if (ops->can_issue && !ops->can_issue(&sm->ws, slot, w->next, now)) {
            walk_reason(k, R_THROTTLED);
            k->vetoed = 1;
            /* held at its first check, before any issue of this walk (the
             * policy's state is the one its epoch was read at) */
            if (memo && sm->veto_epoch && !per && !k->issued && ti->kind == TI_MEM)
                sm->veto_memo = veto_memo_at(sm, now) | bit; /* (can_issue brought it to now) */
            break;
        }
        if (!pruned && w->nsb)
            sb_prune(w, now);
        if (issue(sm, k->path, slot, now))
            return -1;
        k->issued++;
        if (!w->next)
            break;
    }
    return 0;
}

static inline int walk_warp(struct sm *sm, uint32_t slot, struct walk *k)
{
    return walk_warp_checks(sm, slot, k, 1);
}

/* walk_masked's walk of the candidates with one issue per cycle: the
 * candidates taken in the policy's order one at a time (sm->first, e.g. for
 * gto the greedy warp, else the oldest), until one issues, instead of the
 * whole order written out and searched. Nothing changes the order before
 * the walk's end at the first issue (issue width 1): the hooks that change
 * it (issue, exit, barrier) run only when a warp issues. A warp the policy
 * vetoes is passed over, as in the whole order's walk, where can_issue is
 * asked of the same warps in the same order. Each first call may walk the
 * policy's list from its start, so after FIRST_TRIES candidates that did
 * not issue (a policy vetoing most warps) the rest are taken from the order
 * written out, asked at the same cycle with nothing changed since. */
#define FIRST_TRIES 4
static inline __attribute__((always_inline)) int walk_first(struct sm *sm, uint32_t s, struct walk *k,
                                                           uint64_t cand)
{
    for (uint32_t tries = 0; cand && !k->issued; tries++) {
        if (tries == FIRST_TRIES) {
            uint32_t n = sm->ws.ops->order(&sm->ws, s, k->now, sm->order);
            for (uint32_t i = 0; i < n && !k->issued; i++)
                if (cand >> sm->order[i] & 1)
                    if (walk_warp(sm, sm->order[i], k))
                        return -1;
            return 0;
        }
        /* gto, the default, called directly (inlined with LTO) */
        uint32_t slot = sm->first == warp_sched_gto_first
                            ? warp_sched_gto_first(&sm->ws, s, k->now, cand)
                            : sm->first(&sm->ws, s, k->now, cand);
        if (walk_warp(sm, slot, k))
            return -1;
        cand &= ~(1ull << slot);
    }
    return 0;
}

/* walk_first for a policy that vetoes by slot alone (sm->allowed: swl,
 * warp_limiting, dwt). The warps it allows are walked first, in its order;
 * the whole order's walk may check some vetoed warps before the one that
 * issues, but none of them can issue, and checking a warp only updates its
 * own remembered check and scoreboard (kept results of the same checks) and
 * the classification, which an issue overrides. When none issues, the
 * vetoed warps are checked in slot order (each check touches only its own
 * warp, and the classification and wake time are a maximum and a minimum)
 * until one passes every check and is vetoed: the scheduler's cycle is then
 * THROTTLED, the furthest a cycle without an issue gets. The rest are left:
 * none of them can issue or lower that, and until something the issue
 * stage watches changes (an issue, a load's return, a hook, the memory
 * path's room), the vetoed warp that passed stays passing (its I-buffer
 * entry and clear scoreboard stay, and issue paths only free up). */
static int walk_allowed_first(struct sm *sm, uint32_t s, struct walk *k, uint64_t cand)
{
    uint64_t yes = sm->allowed(&sm->ws, k->now);
    if (walk_first(sm, s, k, cand & yes))
        return -1;
    for (uint64_t no = cand & ~yes; no && !k->issued && k->reason < R_THROTTLED; no &= no - 1)
        if (walk_warp(sm, (uint32_t)__builtin_ctzll(no), k))
            return -1;
    return 0;
}

/* Scheduler s's walk for a policy whose order lists exactly the
 * scheduler's live warps (sm->first). The warps sm_cycle's walk would pass over (held
 * at a load or a barrier, or failing as remembered: sm_wheel_advance has
 * moved the timed checks that have expired to wc_due) are found from the
 * masks: what they add to the classification does not depend on their
 * place in the order (their part of the wake time is added by sm_cycle
 * when nothing issued), and passing over them changes nothing. Only the
 * rest are walked, in order; when there are none the order is not asked
 * for (a policy whose order does more than read its state, as ccws's and
 * dwt's bring their clocks to now, has that done by its first function). */
static int walk_masked(struct sm *sm, uint32_t s, struct walk *k)
{
    const struct sm_config *cfg = sm->cfg;
    const uint64_t now = k->now;
    uint64_t live = sm->live_mask & sm->sched_mask[s];
    uint64_t held = live & (sm->loadwait | sm->barwait);
    if (held & sm->loadwait)
        walk_reason(k, R_SB);
    else if (held)
        walk_reason(k, R_BARRIER);
    uint64_t blocked = held | (sm->wc_timed & ~sm->wc_due & live);
    const uint64_t unheld = live & ~held;
    if (sm->wc_sb & ~sm->wc_due & unheld)
        walk_reason(k, R_SB);
    if (sm->wc_unitany & unheld) {
        uint64_t m = sm->wc_unit[FU_MEM] & unheld;
        if (m && !sm_mem_room(sm, k->path)) {
            blocked |= m;
            walk_reason(k, R_MEM);
        }
        /* (a warp is in one class: the rest wait for an ALU path) */
        if (sm->wc_unitany & ~sm->wc_unit[FU_MEM] & unheld)
            for (uint32_t u = 0; u < FU_MEM; u++) {
                m = sm->wc_unit[u] & unheld;
                if (m && oc_alu_room_at(sm_oc_alu(sm, k->path, u)) > now) {
                    blocked |= m;
                    walk_reason(k, R_UNIT);
                }
            }
    }
    uint64_t cand = live & ~blocked;
    if (cand && sm->first_plain)
        return walk_first(sm, s, k, cand); /* gto, lrr, oldest, plugins' first hooks */
    if (cand & sm->veto_memo) {
        /* warps the policy held at a memory instruction with nothing
         * changed since (the warp's state: sm_veto_forget; the policy's:
         * its epoch, read only when there are such warps) would be held
         * again, with no further effect, after passing the same checks:
         * only the memory path's room can differ */
        uint64_t held_again = cand & veto_memo_at(sm, now);
        if (held_again) {
            cand &= ~held_again;
            if (sm_mem_room(sm, k->path)) {
                walk_reason(k, R_THROTTLED);
                k->vetoed = 1;
            } else {
                walk_reason(k, R_MEM);
            }
        }
    }
    if (!cand) {
        if (!sm->order_pure)
            sm->first(&sm->ws, s, now, 0);
        return 0;
    }
    if (cfg->issue_width == 1)
        return sm->allowed ? walk_allowed_first(sm, s, k, cand) : walk_first(sm, s, k, cand);
    uint32_t n = sm->ws.ops->order(&sm->ws, s, now, sm->order);
    for (uint32_t i = 0; i < n && k->issued < cfg->issue_width; i++) {
        uint32_t slot = sm->order[i];
        if (!(cand & (1ull << slot)))
            continue; /* counted above */
        uint32_t before = k->issued;
        if (walk_warp(sm, slot, k))
            return -1;
        if (k->issued > before) {
            if (cfg->issue_one_warp)
                break;
            /* warps a barrier released are walked (checked), as
             * sm_cycle's walk would */
            cand |= held & ~(sm->loadwait | sm->barwait);
        }
    }
    return 0;
}

int sm_cycle(struct sm *sm, uint64_t now)
{
    const struct sm_config *cfg = sm->cfg;
    const struct warp_sched_ops *ops = sm->ws.ops;
    uint64_t wake = SM_NEVER;
    int any = 0, walked_now = 0;
    sm_account(sm, now);
    sm->next_event = SM_NEVER;
    sm->ws.now = now; /* L1 hooks of the policy see the cycle */
    ldst_cycle(sm, now);
    if (sm->atomic_held)
        sm_atomics_release(sm, now);
    const uint64_t memroom = sm_memroom(sm);
    if (cfg->fast_paths && !sm->iss_dirty && now < sm->iss_until && memroom == sm->iss_memroom) {
        /* nothing changed since a walk that issued and vetoed nothing (or
         * vetoed, where the policy's veto is repeatable): it would find the
         * same again. The policy is still asked for its order
         * (unless its order only reads its state), so it sees every visit as
         * without the shortcut. */
        if (!sm->order_pure)
            for (uint32_t s = 0; s < cfg->n_sched; s++) {
                if (sm->first)
                    sm->first(&sm->ws, s, now, 0); /* the same effect */
                else
                    ops->order(&sm->ws, s, now, sm->order);
            }
        wake = sm->iss_wake;
        goto walked;
    }
    sm->iss_dirty = 0;
    int vetoed = 0;
    /* walk_masked pays when many warps are passed over; below
     * ccgpu_issue_mask_warps live warps per scheduler the plain walk is
     * cheaper (both give the same) */
    const int masked = cfg->fast_paths && sm->first &&
                       (sm->live_warps >= cfg->issue_mask_warps * cfg->n_sched || sm->allowed ||
                        sm->veto_epoch);
    if (masked)
        sm_wheel_advance(sm, now);
    /* The schedulers take turns at going first, one turn a cycle, as
     * GPGPU-Sim's shader_core_ctx::issue rotates Issue_Prio: those that
     * share an issue path (the memory path's ID_OC register, an ALU class)
     * get its room fairly. With a fixed order the first scheduler's warps
     * would take every memory slot that frees while the memory path is
     * congested, and the other scheduler's warps would starve. */
    const uint32_t s0 = (uint32_t)(now % cfg->n_sched);
    for (uint32_t si = 0; masked && si < cfg->n_sched; si++) {
        const uint32_t s = (s0 + si) % cfg->n_sched;
        struct walk k = { now, wake, sm_path(sm, s), 0, R_IDLE, 0 };
        if (walk_masked(sm, s, &k))
            return -1;
        wake = k.wake;
        if (k.issued) {
            k.reason = R_ISSUED;
            any = 1;
        }
        vetoed |= k.vetoed;
        sm->reason[s] = k.reason;
    }
    const int fast = cfg->fast_paths;
    for (uint32_t si = 0; !masked && si < cfg->n_sched; si++) {
        const uint32_t s = (s0 + si) % cfg->n_sched;
        uint32_t n = ops->order(&sm->ws, s, now, sm->order);
        struct walk k = { now, wake, sm_path(sm, s), 0, R_IDLE, 0 };
        for (uint32_t i = 0; i < n && k.issued < cfg->issue_width; i++) {
            uint32_t slot = sm->order[i];
            uint64_t bit = 1ull << slot;
            if ((sm->loadwait | sm->barwait) & bit) {
                walk_reason(&k, (sm->loadwait & bit) ? R_SB : R_BARRIER);
                continue;
            }
            /* the warp's last check still holds (sm.h: wcls): it fails
             * the same way, with the same effect on the classification and
             * the wake time, and changes nothing */
            uint8_t c = sm->wcls[slot];
            if (fast && c) {
                if (c == WC_IBUF && now < sm->wtime[slot]) {
                    walk_wake(&k, sm->wtime[slot]);
                    continue;
                }
                if (c == WC_SB && now < sm->wtime[slot]) {
                    walk_reason(&k, R_SB);
                    walk_wake(&k, sm->wtime[slot]);
                    continue;
                }
                if (c == WC_UNIT + FU_MEM) {
                    if (!sm_mem_room(sm, k.path)) {
                        walk_reason(&k, R_MEM);
                        continue;
                    }
                } else if (c >= WC_UNIT) {
                    uint64_t at = oc_alu_room_at(sm_oc_alu(sm, k.path, c - WC_UNIT));
                    if (at > now) {
                        walk_reason(&k, R_UNIT);
                        walk_wake(&k, at);
                        continue;
                    }
                }
            }
            if (walk_warp_checks(sm, slot, &k, 0))
                return -1;
            if (k.issued && cfg->issue_one_warp)
                break;
        }
        wake = k.wake;
        vetoed |= k.vetoed;
        if (k.issued) {
            k.reason = R_ISSUED;
            any = 1;
        }
        sm->reason[s] = k.reason;
    }
    if (sm->err[0])
        return -1;
    if (masked && !any) {
        /* the wake times of the warps walk_masked passed over: the walk of
         * every scheduler went through all of its warps */
        uint64_t t = sm_wcls_tmin(sm);
        if (t < wake)
            wake = t;
        uint64_t live = sm->live_mask & ~(sm->loadwait | sm->barwait);
        if (sm->wc_unitany & ~sm->wc_unit[FU_MEM] & live)
            for (uint32_t p = 0; p < cfg->n_paths; p++) {
                /* (path p's warps: scheduler p's with sub-cores, else all) */
                uint64_t on = cfg->sub_core ? live & sm->sched_mask[p] : live;
                for (uint32_t u = 0; u < FU_MEM; u++)
                    if (sm->wc_unit[u] & on) {
                        uint64_t at = oc_alu_room_at(sm_oc_alu(sm, p, u));
                        if (at > now && at < wake)
                            wake = at;
                    }
            }
    }
    walked_now = 1;
    if (any || (vetoed && !sm->veto_kept)) {
        sm->iss_dirty = 1; /* walk again next visit */
    } else {
        sm->iss_wake = wake;
        sm->iss_memroom = memroom;
        sm->iss_until = wake;
    }
walked:;
    if (cfg->fetch_stage) {
        uint64_t f = sm_fetch_grant(sm, now);
        if (f < wake)
            wake = f;
        if (sm->iss_dirty && now + 2 < wake)
            wake = now + 2; /* a warp fetched now may issue then */
    }
    for (uint32_t p = 0; p < cfg->n_paths; p++) {
        uint64_t oc = sm->oc_mem[p].count ? oc_mem_next_event(&sm->oc_mem[p], now, !sm->ldst_busy)
                                          : UINT64_MAX;
        if (oc < wake)
            wake = oc;
    }
    /* cycle now is accounted with this walk's classification when the SM
     * next accounts (its next visit, a reply, a CTA's arrival, the launch's
     * end), together with the cycles skipped until then, which share it;
     * an SM that retired a CTA is refilled after this visit (the lookahead
     * mode refills at its quantum's end and makes the SM due then) */
    if (any || (sm->retired && !sm->link))
        wake = now + 1;
    /* after an issue the SM is due at now + 1 and walks again then (its
     * iss_until unused): the policy's next event could change neither, and
     * is asked at the end of that visit (ccgpu_fast_paths 0 asks it here) */
    if (ops->next_event && !(any && cfg->fast_paths)) {
        uint64_t p = ops->next_event(&sm->ws, now);
        if (p < wake)
            wake = p;
        if (walked_now && p < sm->iss_until)
            sm->iss_until = p; /* the policy may answer differently then */
    }
    if (wake < sm->next_event)
        sm->next_event = wake;
    if (sm->next_event <= now)
        sm->next_event = now + 1;
    return 0;
}
