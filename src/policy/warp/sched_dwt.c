/* DWT-CS, dynamic warp throttling via core sampling (sacat-tpds2017 §4.1):
 * GTO order, and at most L warps per scheduler may issue, where L comes
 * from the GPU-wide coordinator (policy/warp/dwt_coord.h: no limit while it
 * tests for thrashing, i+1 on SM i while it samples, the winner's count
 * after). Which L warps: the L oldest live warps of the scheduler that are
 * not waiting at a barrier, as swl:L:sched (sched_swl.c), so a settled
 * dwt run is swl:L:sched from then on, and a launch that never thrashes is
 * GTO exactly. The SM counts L1 read misses (l1_access) and instructions
 * (on_issue; the warp's active lanes with unit=thread) into the coordinator.
 *   gpgpu_scheduler dwt[:p=10000,mpki=10,n=3,m=3,delay=200,mem=5,unit=thread]
 * Every SM of a GPU shares one coordinator; a trial instance (no GPU, the
 * configuration check) only parses the arguments. */
#include "policy/warp/dwt_coord.h"
#include "policy/warp/warp_sched.h"
#include "warp_limit.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct dwt {
    struct dwt_params p;
    struct dwt_coord *c; /* NULL: trial instance */
    struct policy_gpu *g;
    struct warp_limit lim; /* per scheduler; limit 0 while the coordinator sets none */
};

static void dwt_free(struct warp_sched *ws)
{
    struct dwt *s = ws->state;
    if (!s)
        return;
    warp_limit_free(&s->lim);
    free(s);
    ws->state = NULL;
}

static int dwt_init(struct warp_sched *ws, const char *args, char *err, size_t errlen)
{
    struct dwt *s = calloc(1, sizeof *s);
    if (!s)
        goto oom;
    ws->state = s;
    if (dwt_params_parse(&s->p, "dwt", args, err, errlen))
        return -1;
    if (warp_limit_init(&s->lim, &ws->env, 0, 1))
        goto oom;
    s->g = ws->env.gpu;
    if (s->g) {
        uint32_t per = (ws->env.n_slots + ws->env.n_sched - 1) / ws->env.n_sched;
        if (!(s->c = dwt_coord_get(s->g, &s->p, per)))
            goto oom;
        if (memcmp(&s->c->p, &s->p, sizeof s->p)) {
            snprintf(err, errlen, "gpgpu_scheduler dwt: the SMs of one GPU must share parameters");
            return -1;
        }
    }
    return 0;
oom:
    snprintf(err, errlen, "gpgpu_scheduler dwt: out of memory");
    return -1;
}

/* The coordinator's limit for this SM at now (warp_limit recomputes which
 * warps may issue when it changes). */
static void sync_limit(struct warp_sched *ws, struct dwt *s, uint64_t now)
{
    if (s->c)
        warp_limit_set(&s->lim, ws->env.n_sched, dwt_coord_limit(s->c, s->g, ws->env.sm, now));
}

static void dwt_assigned(struct warp_sched *ws, uint32_t slot, uint64_t age)
{
    warp_limit_assigned(&((struct dwt *)ws->state)->lim, ws->env.n_sched, slot, age);
}

static void dwt_exit(struct warp_sched *ws, uint32_t slot)
{
    warp_limit_exit(&((struct dwt *)ws->state)->lim, ws->env.n_sched, slot);
}

static void dwt_barrier(struct warp_sched *ws, uint32_t slot, int waiting)
{
    warp_limit_barrier(&((struct dwt *)ws->state)->lim, ws->env.n_sched, slot, waiting);
}

static uint32_t dwt_order(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out)
{
    struct dwt *s = ws->state;
    sync_limit(ws, s, now);
    return warp_limit_order(&s->lim, sched, out);
}

uint32_t warp_sched_dwt_first(struct warp_sched *ws, uint32_t sched, uint64_t now, uint64_t cand)
{
    struct dwt *s = ws->state;
    sync_limit(ws, s, now);
    return warp_limit_first(&s->lim, sched, cand);
}

uint64_t warp_sched_dwt_allowed(struct warp_sched *ws, uint64_t now)
{
    struct dwt *s = ws->state;
    sync_limit(ws, s, now);
    return s->lim.allowed_mask;
}

static int dwt_can_issue(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                         uint64_t now)
{
    (void)inst;
    struct dwt *s = ws->state;
    sync_limit(ws, s, now);
    return s->lim.allowed[slot];
}

static void dwt_issue(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                      uint64_t now)
{
    (void)inst;
    struct dwt *s = ws->state;
    warp_limit_issued(&s->lim, ws->env.n_sched, slot);
    if (s->c)
        dwt_coord_count_insts(s->c, s->g, ws->env.sm, s->p.thread_insts ? ws->lanes : 1, now);
}

static uint64_t dwt_next_event(struct warp_sched *ws, uint64_t now)
{
    struct dwt *s = ws->state;
    return s->c ? dwt_coord_next_event(s->c, s->g, now) : WARP_SCHED_NEVER;
}

static void dwt_l1_access(void *ctx, uint64_t block, int32_t warp, int is_write,
                          enum cache_outcome outcome, enum cache_fail fail)
{
    (void)block;
    (void)warp;
    (void)fail;
    struct warp_sched *ws = ctx;
    struct dwt *s = ws->state;
    if (s->c && !is_write && outcome == CACHE_MISS)
        dwt_coord_count_miss(s->c, s->g, ws->now);
}

/* GPU-wide figures, reported by SM 0 only (the timing model sums SMs) */
static const char *const dwt_counter_names[] = { "dwt_launches", "dwt_thrashing",
                                                 "dwt_sampled", "dwt_remembered",
                                                 "dwt_limit_sum", "dwt_last_limit", NULL };

static void dwt_counters(struct warp_sched *ws, uint64_t *out)
{
    struct dwt *s = ws->state;
    memset(out, 0, 6 * sizeof *out);
    if (!s->c || ws->env.sm != 0)
        return;
    out[0] = s->c->launches;
    out[1] = s->c->thrashing;
    out[2] = s->c->sampled;
    out[3] = s->c->remembered;
    out[4] = s->c->limit_sum;
    out[5] = s->c->last_limit;
}

const struct warp_sched_ops warp_sched_dwt = {
    .version = 2,
    .name = "dwt",
    .init = dwt_init,
    .free = dwt_free,
    .on_warp_assigned = dwt_assigned,
    .on_warp_exit = dwt_exit,
    .on_warp_barrier = dwt_barrier,
    .order = dwt_order,
    .can_issue = dwt_can_issue,
    .on_issue = dwt_issue,
    .next_event = dwt_next_event,
    .l1_access = dwt_l1_access,
    .counter_names = dwt_counter_names,
    .counters = dwt_counters,
    .first = warp_sched_dwt_first,
};
