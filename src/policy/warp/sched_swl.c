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
 * deadlocking; GPGPU-Sim's swl_scheduler keeps them in its N. */
#include "ccgpu_policy.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NONE UINT32_MAX

struct swl {
    struct warp_ages ages; /* per scheduler, for GTO order */
    struct warp_ages all;  /* the whole SM as one scheduler */
    uint32_t limit;
    int per_sched; /* the limit counts each scheduler's warps apart */
    uint32_t *greedy;
    uint8_t *waiting, *allowed; /* by slot */
};

static int swl_start(struct warp_sched *ws, uint32_t limit, int per_sched, char *err,
                     size_t errlen)
{
    struct swl *s = calloc(1, sizeof *s);
    if (!s)
        goto oom;
    ws->state = s;
    s->limit = limit;
    s->per_sched = per_sched;
    struct warp_sched_env one = ws->env;
    one.n_sched = 1;
    if (warp_ages_init(&s->ages, &ws->env) || warp_ages_init(&s->all, &one) ||
        !(s->greedy = malloc(ws->env.n_sched * sizeof *s->greedy)) ||
        !(s->waiting = calloc(ws->env.n_slots, 1)) || !(s->allowed = calloc(ws->env.n_slots, 1)))
        goto oom;
    for (uint32_t i = 0; i < ws->env.n_sched; i++)
        s->greedy[i] = NONE;
    return 0;
oom:
    snprintf(err, errlen, "gpgpu_scheduler swl: out of memory");
    return -1;
}

/* swl:N (per SM) or swl:N:sched (per scheduler) */
static int swl_init(struct warp_sched *ws, const char *args, char *err, size_t errlen)
{
    char n[24];
    const char *colon = args ? strchr(args, ':') : NULL;
    int per_sched = 0;
    if (colon) {
        if (strcmp(colon + 1, "sched") != 0 || (size_t)(colon - args) >= sizeof n) {
            snprintf(err, errlen, "gpgpu_scheduler swl: '%s' is not N (per SM) or N:sched "
                                  "(per scheduler)", args);
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
    return swl_start(ws, limit, per_sched, err, errlen);
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
    return swl_start(ws, limit, 1, err, errlen);
}

static void swl_free(struct warp_sched *ws)
{
    struct swl *s = ws->state;
    if (!s)
        return;
    warp_ages_free(&s->ages);
    warp_ages_free(&s->all);
    free(s->greedy);
    free(s->waiting);
    free(s->allowed);
    free(s);
}

/* Membership changed: the N oldest live non-waiting warps (of the SM, or
 * of each scheduler) may issue. */
static void recompute(struct swl *s, uint32_t n_sched)
{
    uint32_t n, k[64] = { 0 };
    const uint32_t *list = warp_ages_list(&s->all, 0, &n);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t slot = list[i];
        uint32_t *count = &k[s->per_sched ? slot % n_sched % 64 : 0];
        s->allowed[slot] = !s->waiting[slot] && *count < s->limit;
        if (s->allowed[slot])
            (*count)++;
    }
}

static void swl_assigned(struct warp_sched *ws, uint32_t slot, uint64_t age)
{
    struct swl *s = ws->state;
    warp_ages_add(&s->ages, slot, age);
    warp_ages_add(&s->all, slot, age);
    s->waiting[slot] = 0;
    recompute(s, ws->env.n_sched);
}

static void swl_exit(struct warp_sched *ws, uint32_t slot)
{
    struct swl *s = ws->state;
    warp_ages_remove(&s->ages, slot);
    warp_ages_remove(&s->all, slot);
    s->allowed[slot] = 0;
    if (s->greedy[slot % ws->env.n_sched] == slot)
        s->greedy[slot % ws->env.n_sched] = NONE;
    recompute(s, ws->env.n_sched);
}

static void swl_barrier(struct warp_sched *ws, uint32_t slot, int waiting)
{
    struct swl *s = ws->state;
    s->waiting[slot] = (uint8_t)waiting;
    recompute(s, ws->env.n_sched);
}

static uint32_t swl_order(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out)
{
    (void)now;
    const struct swl *s = ws->state;
    return warp_ages_greedy_order(&s->ages, sched, s->greedy[sched], out);
}

static int swl_can_issue(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                         uint64_t now)
{
    (void)inst;
    (void)now;
    return ((struct swl *)ws->state)->allowed[slot];
}

static void swl_issue(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                      uint64_t now)
{
    (void)inst;
    (void)now;
    ((struct swl *)ws->state)->greedy[slot % ws->env.n_sched] = slot;
}

const struct warp_sched_ops warp_sched_swl = {
    .version = 1,
    .name = "swl",
    .init = swl_init,
    .free = swl_free,
    .on_warp_assigned = swl_assigned,
    .on_warp_exit = swl_exit,
    .on_warp_barrier = swl_barrier,
    .order = swl_order,
    .can_issue = swl_can_issue,
    .on_issue = swl_issue,
};

const struct warp_sched_ops warp_sched_warp_limiting = {
    .version = 1,
    .name = "warp_limiting",
    .init = warp_limiting_init,
    .free = swl_free,
    .on_warp_assigned = swl_assigned,
    .on_warp_exit = swl_exit,
    .on_warp_barrier = swl_barrier,
    .order = swl_order,
    .can_issue = swl_can_issue,
    .on_issue = swl_issue,
};
