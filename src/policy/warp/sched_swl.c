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
#include "warp_limit.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int swl_start(struct warp_sched *ws, uint32_t limit, int per_sched, char *err,
                     size_t errlen)
{
    struct warp_limit *s = calloc(1, sizeof *s);
    ws->state = s;
    if (!s || warp_limit_init(s, &ws->env, limit, per_sched)) {
        snprintf(err, errlen, "gpgpu_scheduler swl: out of memory");
        return -1;
    }
    return 0;
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
    struct warp_limit *s = ws->state;
    if (!s)
        return;
    warp_limit_free(s);
    free(s);
}

static void swl_assigned(struct warp_sched *ws, uint32_t slot, uint64_t age)
{
    warp_limit_assigned(ws->state, ws->env.n_sched, slot, age);
}

static void swl_exit(struct warp_sched *ws, uint32_t slot)
{
    warp_limit_exit(ws->state, ws->env.n_sched, slot);
}

static void swl_barrier(struct warp_sched *ws, uint32_t slot, int waiting)
{
    warp_limit_barrier(ws->state, ws->env.n_sched, slot, waiting);
}

static uint32_t swl_order(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out)
{
    (void)now;
    return warp_limit_order(ws->state, sched, out);
}

static int swl_can_issue(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                         uint64_t now)
{
    (void)inst;
    (void)now;
    return ((const struct warp_limit *)ws->state)->allowed[slot];
}

static void swl_issue(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                      uint64_t now)
{
    (void)inst;
    (void)now;
    warp_limit_issued(ws->state, ws->env.n_sched, slot);
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
