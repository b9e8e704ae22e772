/* GPGPU-Sim's two-level active scheduler, `two_level_active:N:I:O` in a
 * gpgpusim.config (GPGPU-Sim 4.x, shader.cc: two_level_active_scheduler).
 * Each scheduler keeps an active list of at most N of its warp slots and a
 * FIFO of the others (pending); only active warps issue.
 *
 * Every cycle, before issue, each active warp that is waiting is moved, in
 * list order, to the back of the pending FIFO (demoted), then slots are
 * taken from the front of the FIFO and appended to the active list until it
 * holds N again (promoted). A warp is waiting when its slot holds no live
 * warp (none assigned, or the warp exited), when it waits at a barrier or
 * on an atomic in flight, or
 * when its next instruction reads a register that a long-latency load of
 * the warp (global, local, parameter or texture memory, or an atomic) has
 * yet to write (ccgpu_warp_long_wait, GPGPU-Sim's Scoreboard::islongop).
 * Inner prioritisation I = 0, loose round robin: the active list is the
 * issue order, and after a warp issues the list is rotated so that the warp
 * after it comes first (the issuing warp goes last). Outer prioritisation
 * O = 1, strict round robin: the FIFO. These are the only values GPGPU-Sim
 * implements (others abort there); others are refused.
 *
 * Readings chosen where GPGPU-Sim's code leaves a choice:
 *  - Warps are held by slot, as GPGPU-Sim's scheduler holds its warp
 *    objects: at the start, a scheduler's slots (slot w belongs to
 *    scheduler w % n_sched, as GPGPU-Sim distributes them) in slot order,
 *    the first N active and the rest pending
 *    (two_level_active_scheduler::add_supervised_warp_id). A slot keeps its
 *    place in either list for the whole run: a warp that exits leaves its
 *    slot where it is (empty, so waiting: demoted at the next cycle, and
 *    promoted and demoted again as the FIFO turns), and a warp of a new CTA
 *    starts wherever its slot is.
 *  - Promotion takes the FIFO's front whether or not that warp is waiting
 *    itself (it is demoted again the next cycle), as GPGPU-Sim's does, which
 *    promotes exactly as many warps as it demoted. With N at least the
 *    scheduler's slots every slot is active (GPGPU-Sim would take the front
 *    of an empty FIFO there).
 *  - The demotion and promotion run at every cycle at which the SM holds a
 *    live warp (GPGPU-Sim runs a core's schedulers while it has work); on an
 *    SM without warps the lists stand still.
 *  - A warp with an atomic in flight waits (on_warp_atomic), as in
 *    GPGPU-Sim, where it issues nothing until the atomic completes. GPGPU-Sim's
 *    warps also wait at a memory barrier; ccgpu's issue stage does not model
 *    that wait (a warp issues past a membar), so a membar demotes no warp.
 *  - ccgpu's I-buffer holds a warp's next instruction from its issue on (the
 *    fetch delay is a time, not an empty buffer), so a warp whose next
 *    instruction reads a load's result is demoted from the cycle after the
 *    load issues.
 *  - A warp that issues two instructions in a cycle
 *    (gpgpu_max_insn_issue_per_warp 2) has the list rotated twice by its
 *    place at the cycle's start, as GPGPU-Sim's rotation, which reads the
 *    warp's place through an iterator into the list it rewrites, does.
 *
 * order lists the active warps in list order, then the pending ones in FIFO
 * order (each scheduler's live warps once); can_issue lets only the active
 * ones issue. A cycle's step runs at its first order or can_issue call. The
 * SM may skip cycles, so while an active slot waits (and the lists move
 * every cycle) next_event asks for the next one: the SM is simulated cycle
 * by cycle for as long, the cost of this policy in simulation speed. Else a
 * step changes nothing until the SM runs again: a warp starts to wait only
 * in the SM's cycle (an issue, a barrier, an exit). A CTA arrives after its
 * cycle's work, so that cycle counts as stepped. The statistics are the
 * same with and without skipping (tests/502, tests/510). */
#include "ccgpu_policy.h"
#include <stdio.h>
#include <stdlib.h>

struct tla_list {
    uint32_t *active;   /* at most n, issue order */
    uint32_t nactive;
    uint32_t *fifo;     /* ring of cap: the pending slots, front at head */
    uint32_t head, npend;
    uint64_t step_from; /* first cycle whose step has not run */
    uint64_t iss_at;    /* cycle of the last issue, its slot and place */
    uint32_t iss_slot, iss_pos;
};

struct tla {
    uint32_t n;        /* N, active warps per scheduler */
    uint32_t cap;      /* slots per scheduler (at most) */
    uint32_t nlive;    /* live warps on the SM */
    struct tla_list *l; /* per scheduler */
    uint8_t *live, *barrier, *active; /* by slot (barrier: WAIT_* bits) */
};

static int tla_init(struct warp_sched *ws, const char *args, char *err, size_t errlen)
{
    unsigned n, inner, outer;
    int used = 0;
    if (!args || sscanf(args, "%u:%u:%u%n", &n, &inner, &outer, &used) != 3 || args[used] ||
        !n || n > 1u << 16 || args[0] == '-') {
        snprintf(err, errlen, "gpgpu_scheduler two_level_active: '%s' is not N:I:O (active warps "
                              "per scheduler, inner and outer prioritisation)",
                 args ? args : "");
        return -1;
    }
    if (inner != 0 || outer != 1) {
        snprintf(err, errlen, "gpgpu_scheduler two_level_active: prioritisation %u:%u is not "
                              "modelled (0:1, loose round robin among the active warps and "
                              "strict round robin for the pending ones, is the one GPGPU-Sim "
                              "implements)", inner, outer);
        return -1;
    }
    const struct warp_sched_env *env = &ws->env;
    struct tla *t = calloc(1, sizeof *t);
    ws->state = t;
    if (!t)
        goto oom;
    t->n = n;
    t->cap = (env->n_slots + env->n_sched - 1) / env->n_sched;
    t->l = calloc(env->n_sched, sizeof *t->l);
    t->live = calloc(env->n_slots, 1);
    t->barrier = calloc(env->n_slots, 1);
    t->active = calloc(env->n_slots, 1);
    if (!t->l || !t->live || !t->barrier || !t->active)
        goto oom;
    for (uint32_t s = 0; s < env->n_sched; s++) {
        struct tla_list *l = &t->l[s];
        l->active = calloc(t->cap, sizeof *l->active);
        l->fifo = calloc(t->cap, sizeof *l->fifo);
        if (!l->active || !l->fifo)
            goto oom;
        l->iss_at = UINT64_MAX;
    }
    for (uint32_t w = 0; w < env->n_slots; w++) {
        struct tla_list *l = &t->l[w % env->n_sched];
        if (l->nactive < n) {
            l->active[l->nactive++] = w;
            t->active[w] = 1;
        } else {
            l->fifo[l->npend++] = w;
        }
    }
    return 0;
oom:
    snprintf(err, errlen, "gpgpu_scheduler two_level_active: out of memory");
    return -1;
}

static void tla_free(struct warp_sched *ws)
{
    struct tla *t = ws->state;
    if (!t)
        return;
    for (uint32_t s = 0; t->l && s < ws->env.n_sched; s++) {
        free(t->l[s].active);
        free(t->l[s].fifo);
    }
    free(t->l);
    free(t->live);
    free(t->barrier);
    free(t->active);
    free(t);
}

static int waiting(struct warp_sched *ws, const struct tla *t, uint32_t slot, uint64_t at)
{
    return !t->live[slot] || t->barrier[slot] || ccgpu_warp_long_wait(ws, slot, at);
}

/* The demotion and promotion of scheduler s at cycle now, once a cycle. */
static void step(struct warp_sched *ws, uint32_t s, uint64_t now)
{
    struct tla *t = ws->state;
    struct tla_list *l = &t->l[s];
    if (now < l->step_from)
        return;
    l->step_from = now + 1;
    if (!t->nlive)
        return;
    uint32_t k = 0;
    for (uint32_t i = 0; i < l->nactive; i++) {
        uint32_t w = l->active[i];
        if (waiting(ws, t, w, now)) {
            l->fifo[(l->head + l->npend++) % t->cap] = w;
            t->active[w] = 0;
        } else {
            l->active[k++] = w;
        }
    }
    l->nactive = k;
    while (l->nactive < t->n && l->npend) {
        uint32_t w = l->fifo[l->head];
        l->head = (l->head + 1) % t->cap;
        l->npend--;
        l->active[l->nactive++] = w;
        t->active[w] = 1;
    }
}

static void tla_assigned(struct warp_sched *ws, uint32_t slot, uint64_t age)
{
    (void)age;
    struct tla *t = ws->state;
    t->live[slot] = 1;
    t->barrier[slot] = 0;
    t->nlive++;
    /* the warp arrives after cycle now's work: that cycle's steps are done
     * (the SM may not have run it, having had nothing to do) */
    for (uint32_t s = 0; s < ws->env.n_sched; s++)
        if (t->l[s].step_from <= ws->now)
            t->l[s].step_from = ws->now + 1;
}

static void tla_exit(struct warp_sched *ws, uint32_t slot)
{
    struct tla *t = ws->state;
    t->live[slot] = 0;
    t->barrier[slot] = 0;
    t->nlive--;
}

#define WAIT_BARRIER 1
#define WAIT_ATOMIC 2

static void set_wait(struct warp_sched *ws, uint32_t slot, uint8_t bit, int on)
{
    uint8_t *b = &((struct tla *)ws->state)->barrier[slot];
    *b = (uint8_t)(on ? *b | bit : *b & ~bit);
}

static void tla_barrier(struct warp_sched *ws, uint32_t slot, int waiting_now)
{
    set_wait(ws, slot, WAIT_BARRIER, waiting_now);
}

static void tla_atomic(struct warp_sched *ws, uint32_t slot, int waiting_now)
{
    set_wait(ws, slot, WAIT_ATOMIC, waiting_now);
}

static uint32_t tla_order(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out)
{
    step(ws, sched, now);
    const struct tla *t = ws->state;
    const struct tla_list *l = &t->l[sched];
    uint32_t k = 0;
    for (uint32_t i = 0; i < l->nactive; i++)
        if (t->live[l->active[i]])
            out[k++] = l->active[i];
    for (uint32_t i = 0; i < l->npend; i++) {
        uint32_t w = l->fifo[(l->head + i) % t->cap];
        if (t->live[w])
            out[k++] = w;
    }
    return k;
}

static int tla_can_issue(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                         uint64_t now)
{
    (void)inst;
    step(ws, slot % ws->env.n_sched, now);
    return ((const struct tla *)ws->state)->active[slot];
}

static void reverse(uint32_t *a, uint32_t from, uint32_t to)
{
    while (from + 1 < to) {
        uint32_t x = a[from];
        a[from++] = a[--to];
        a[to] = x;
    }
}

/* Loose round robin: the active list starts after the warp that issued. */
static void tla_issue(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                      uint64_t now)
{
    (void)inst;
    struct tla *t = ws->state;
    struct tla_list *l = &t->l[slot % ws->env.n_sched];
    uint32_t p;
    if (l->iss_at == now && l->iss_slot == slot) {
        p = l->iss_pos; /* the warp's second instruction of the cycle */
    } else {
        for (p = 0; p < l->nactive && l->active[p] != slot; p++)
            ;
        if (p == l->nactive)
            return; /* (not active: can_issue would have said no) */
        l->iss_at = now, l->iss_slot = slot, l->iss_pos = p;
    }
    /* rotate left by p + 1: three reversals */
    reverse(l->active, 0, p + 1);
    reverse(l->active, p + 1, l->nactive);
    reverse(l->active, 0, l->nactive);
}

/* The next cycle while an active slot is waiting: its step moves the lists
 * (a warp promoted then may issue). Otherwise a step changes nothing until
 * a hook is called or the SM changes a warp (which it does at its own
 * events). */
static uint64_t tla_next_event(struct warp_sched *ws, uint64_t now)
{
    const struct tla *t = ws->state;
    if (!t->nlive)
        return WARP_SCHED_NEVER;
    for (uint32_t s = 0; s < ws->env.n_sched; s++) {
        const struct tla_list *l = &t->l[s];
        for (uint32_t i = 0; i < l->nactive; i++)
            if (waiting(ws, t, l->active[i], now + 1))
                return now + 1;
    }
    return WARP_SCHED_NEVER;
}

const struct warp_sched_ops warp_sched_two_level_active = {
    .version = 3,
    .name = "two_level_active",
    .init = tla_init,
    .free = tla_free,
    .on_warp_assigned = tla_assigned,
    .on_warp_exit = tla_exit,
    .on_warp_barrier = tla_barrier,
    .order = tla_order,
    .can_issue = tla_can_issue,
    .on_issue = tla_issue,
    .next_event = tla_next_event,
    .on_warp_atomic = tla_atomic,
};
