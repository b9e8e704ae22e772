/* Static wavefront limiting (ccws-micro2012 §3.2, Best-SWL in §5.1): GTO
 * order, but only N warps may issue. Spellings:
 *   swl:N              N warps per SM, shared by its schedulers (the paper's
 *                      per-core limit)
 *   swl:N:sched        N warps per scheduler
 *   warp_limiting:P:N  GPGPU-Sim's: prioritisation P (only 2, GTO, which is
 *                      all GPGPU-Sim implements), N warps per scheduler
 * Reading chosen for which N: the N oldest live warps (of the SM, or of the
 * scheduler) that are not waiting at a barrier. Leaving out barrier waiters
 * is what the paper describes ("limits the number of wavefronts running until
 * a barrier, allows the rest of the work-group to reach the barrier, then
 * continues with the same constraints") and keeps a CTA larger than N from
 * deadlocking. GPGPU-Sim's swl_scheduler does the same: its order sorts
 * waiting warps (barrier, memory barrier, pending atomics) and finished ones
 * last before taking the first N. It also puts the slot that issued last
 * first (the scheduler's first slot before any issue; kept when its warp
 * exits, so a new warp in that slot inherits it), so when an older warp
 * leaves a barrier or arrives and pushes that warp out of the N oldest it
 * may issue too (N + 1 for a while). warp_limiting, GPGPU-Sim's spelling,
 * models that overlap (warp_limit.h); swl:N and swl:N:sched do not.
 *
 * A trailing ":diag" (swl:N:diag, swl:N:sched:diag) adds the counters of
 * load_diag.h (sched.swl.diag.*), with "loadable" = allowed to issue: the
 * same observations as ccws:diag=1, for comparison. Off, the statistics are
 * those of plain swl. */
#include "ccgpu_policy.h"
#include "policy/warp/warp_sched.h"
#include "warp_limit.h"
#include "load_diag.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct swl {
    struct warp_limit lim;
    struct load_diag *diag; /* ":diag", else NULL */
    uint8_t *live;          /* by slot, with diag */
};

static int swl_start(struct warp_sched *ws, uint32_t limit, int per_sched, int diag, char *err,
                     size_t errlen)
{
    struct swl *s = calloc(1, sizeof *s);
    ws->state = s;
    if (!s || warp_limit_init(&s->lim, &ws->env, limit, per_sched)) {
        snprintf(err, errlen, "gpgpu_scheduler swl: out of memory");
        return -1;
    }
    if (diag) {
        if (!(s->live = calloc(ws->env.n_slots ? ws->env.n_slots : 1, 1))) {
            snprintf(err, errlen, "gpgpu_scheduler swl: out of memory");
            return -1;
        }
        if (!(s->diag = load_diag_new(ws->env.n_slots, "swl", err, errlen)))
            return -1;
    }
    return 0;
}

static void diag_sync(struct warp_sched *ws)
{
    struct swl *s = ws->state;
    if (s->diag)
        load_diag_set(s->diag, ws->now, s->live, s->lim.allowed);
}

/* swl:N (per SM) or swl:N:sched (per scheduler) */
static int swl_init(struct warp_sched *ws, const char *args, char *err, size_t errlen)
{
    char n[24], a[48];
    int diag = 0;
    size_t alen = args ? strlen(args) : 0;
    if (alen > 5 && alen < sizeof a && !strcmp(args + alen - 5, ":diag")) {
        memcpy(a, args, alen - 5);
        a[alen - 5] = '\0';
        args = a;
        diag = 1;
    }
    const char *colon = args ? strchr(args, ':') : NULL;
    int per_sched = 0;
    if (colon) {
        if (strcmp(colon + 1, "sched") != 0 || (size_t)(colon - args) >= sizeof n) {
            snprintf(err, errlen, "gpgpu_scheduler swl: '%s' is not N (per SM) or N:sched "
                                  "(per scheduler), optionally followed by :diag", args);
            return -1;
        }
        memcpy(n, args, (size_t)(colon - args));
        n[colon - args] = '\0';
        args = n;
        per_sched = 1;
    }
    uint32_t limit;
    if (warp_sched_arg_u32("swl", args, 0, &limit, err, errlen))
        return -1;
    return swl_start(ws, limit, per_sched, diag, err, errlen);
}

/* warp_limiting:P:N, GPGPU-Sim's syntax */
static int warp_limiting_init(struct warp_sched *ws, const char *args, char *err, size_t errlen)
{
    unsigned p, limit;
    int used = 0;
    if (!args || sscanf(args, "%u:%u%n", &p, &limit, &used) != 2 || args[used] || !limit ||
        limit > 1u << 16 || args[0] == '-') {
        snprintf(err, errlen, "gpgpu_scheduler warp_limiting: '%s' is not P:N (prioritisation, "
                              "warps per scheduler; for N warps per SM write swl:N)",
                 args ? args : "");
        return -1;
    }
    if (p != 2) {
        snprintf(err, errlen, "gpgpu_scheduler warp_limiting: prioritisation %u is not modelled "
                              "(2, greedy-then-oldest, is the one GPGPU-Sim implements)", p);
        return -1;
    }
    if (swl_start(ws, limit, 1, 0, err, errlen))
        return -1;
    if (warp_limit_gsim(&((struct swl *)ws->state)->lim, &ws->env)) {
        snprintf(err, errlen, "gpgpu_scheduler warp_limiting: out of memory");
        return -1;
    }
    return 0;
}

static void swl_free(struct warp_sched *ws)
{
    struct swl *s = ws->state;
    if (!s)
        return;
    warp_limit_free(&s->lim);
    load_diag_delete(s->diag);
    free(s->live);
    free(s);
    ws->state = NULL;
}

static void swl_assigned(struct warp_sched *ws, uint32_t slot, uint64_t age)
{
    struct swl *s = ws->state;
    warp_limit_assigned(&s->lim, ws->env.n_sched, slot, age);
    if (s->diag) {
        s->live[slot] = 1;
        load_diag_clear_slot(s->diag, slot);
        diag_sync(ws);
    }
}

static void swl_exit(struct warp_sched *ws, uint32_t slot)
{
    struct swl *s = ws->state;
    warp_limit_exit(&s->lim, ws->env.n_sched, slot);
    if (s->diag) {
        s->live[slot] = 0;
        diag_sync(ws);
    }
}

static void swl_barrier(struct warp_sched *ws, uint32_t slot, int waiting)
{
    struct swl *s = ws->state;
    warp_limit_barrier(&s->lim, ws->env.n_sched, slot, waiting);
    diag_sync(ws);
}

static void swl_atomic(struct warp_sched *ws, uint32_t slot, int waiting)
{
    struct swl *s = ws->state;
    warp_limit_atomic(&s->lim, ws->env.n_sched, slot, waiting);
    diag_sync(ws);
}

static uint32_t swl_order(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out)
{
    (void)now;
    return warp_limit_order(&((struct swl *)ws->state)->lim, sched, out);
}

uint32_t warp_sched_swl_first(struct warp_sched *ws, uint32_t sched, uint64_t now, uint64_t cand)
{
    (void)now;
    return warp_limit_first(&((const struct swl *)ws->state)->lim, sched, cand);
}

uint64_t warp_sched_swl_allowed(struct warp_sched *ws, uint64_t now)
{
    (void)now;
    return ((const struct swl *)ws->state)->lim.allowed_mask;
}

int warp_sched_swl_watches_l1(const struct warp_sched *ws)
{
    return ((const struct swl *)ws->state)->diag != NULL;
}

static int swl_can_issue(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                         uint64_t now)
{
    (void)inst;
    (void)now;
    return ((const struct swl *)ws->state)->lim.allowed[slot];
}

static void swl_issue(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                      uint64_t now)
{
    (void)inst;
    (void)now;
    warp_limit_issued(&((struct swl *)ws->state)->lim, ws->env.n_sched, slot);
}

static void swl_l1_access(void *ctx, uint64_t block, int32_t warp, int is_write,
                          enum cache_outcome outcome, enum cache_fail fail)
{
    (void)fail;
    struct warp_sched *ws = ctx;
    struct swl *s = ws->state;
    if (s->diag && !is_write && outcome == CACHE_MISS)
        load_diag_miss(s->diag, warp, block);
}

static void swl_l1_evict(void *ctx, uint64_t block, int32_t warp)
{
    struct warp_sched *ws = ctx;
    struct swl *s = ws->state;
    if (s->diag)
        load_diag_evict(s->diag, warp, block);
}

static uint32_t swl_n_counters(struct warp_sched *ws)
{
    return ((const struct swl *)ws->state)->diag ? LD_N : 0;
}

static const char *const swl_counter_names[] = {
    "swl.diag.grants", "swl.diag.revokes", "swl.diag.exit_loadable",
    "swl.diag.loadable_cycles", "swl.diag.set_changes", "swl.diag.throttled_cycles",
    "swl.diag.unthrottled_cycles", "swl.diag.phases", "swl.diag.phases_throttled",
    "swl.diag.lag_cycles", "swl.diag.misses_before_throttle", "swl.diag.misses_throttled",
    "swl.diag.misses_unthrottled", "swl.diag.evict_loadable", "swl.diag.evict_held",
    "swl.diag.evict_absent", "swl.diag.remiss_evicted_held",
    "swl.diag.remiss_evicted_loadable", "swl.diag.phases_hit",
    "swl.diag.phases_hit_then_held", "swl.diag.hit_to_hold_cycles", NULL,
};
_Static_assert(LD_N + 1 == sizeof swl_counter_names / sizeof swl_counter_names[0],
               "swl counter list");

/* The SM's clock: the L1 hooks and the barrier hook carry no cycle of their
 * own, ws->now is set before them; counters read it at the end. */
static void swl_counters(struct warp_sched *ws, uint64_t *out)
{
    struct swl *s = ws->state;
    if (s->diag)
        load_diag_counters(s->diag, ws->now, out);
    else
        memset(out, 0, LD_N * sizeof *out);
}

const struct warp_sched_ops warp_sched_swl = {
    .version = 3,
    .name = "swl",
    .init = swl_init,
    .free = swl_free,
    .on_warp_assigned = swl_assigned,
    .on_warp_exit = swl_exit,
    .on_warp_barrier = swl_barrier,
    .order = swl_order,
    .can_issue = swl_can_issue,
    .on_issue = swl_issue,
    .l1_access = swl_l1_access,
    .l1_evict = swl_l1_evict,
    .counter_names = swl_counter_names,
    .counters = swl_counters,
    .n_counters = swl_n_counters,
    .first = warp_sched_swl_first,
    .on_warp_atomic = swl_atomic,
};

const struct warp_sched_ops warp_sched_warp_limiting = {
    .version = 3,
    .name = "warp_limiting",
    .init = warp_limiting_init,
    .free = swl_free,
    .on_warp_assigned = swl_assigned,
    .on_warp_exit = swl_exit,
    .on_warp_barrier = swl_barrier,
    .order = swl_order,
    .can_issue = swl_can_issue,
    .on_issue = swl_issue,
    .first = warp_sched_swl_first,
    .on_warp_atomic = swl_atomic,
};
