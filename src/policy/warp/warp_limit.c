#include "warp_limit.h"
#include <stdlib.h>
#include <string.h>

#define NONE UINT32_MAX
#define WAIT_BARRIER 1
#define WAIT_ATOMIC 2

int warp_limit_init(struct warp_limit *w, const struct warp_sched_env *env, uint32_t limit,
                    int per_sched)
{
    memset(w, 0, sizeof *w);
    w->limit = limit;
    w->per_sched = per_sched;
    struct warp_sched_env one = *env;
    one.n_sched = 1;
    if (warp_ages_init(&w->ages, env) || warp_ages_init(&w->all, &one) ||
        !(w->greedy = malloc(env->n_sched * sizeof *w->greedy)) ||
        !(w->waiting = calloc(env->n_slots, 1)) || !(w->allowed = calloc(env->n_slots, 1)))
        return -1;
    for (uint32_t i = 0; i < env->n_sched; i++)
        w->greedy[i] = NONE;
    return 0;
}

int warp_limit_gsim(struct warp_limit *w, const struct warp_sched_env *env)
{
    if (!(w->gsim_last = malloc(env->n_sched * sizeof *w->gsim_last)) ||
        !(w->live = calloc(env->n_slots, 1)))
        return -1;
    for (uint32_t i = 0; i < env->n_sched; i++)
        w->gsim_last[i] = i < env->n_slots ? i : 0; /* slot w is scheduler w % n_sched's */
    w->gsim = 1;
    return 0;
}

void warp_limit_free(struct warp_limit *w)
{
    warp_ages_free(&w->ages);
    warp_ages_free(&w->all);
    free(w->greedy);
    free(w->gsim_last);
    free(w->live);
    free(w->waiting);
    free(w->allowed);
    memset(w, 0, sizeof *w);
}

/* Membership changed: walk the SM's live warps oldest first, counting per
 * scheduler (or for the SM) the non-waiting ones allowed so far. */
static void recompute(struct warp_limit *w, uint32_t n_sched)
{
    uint32_t n, k[64] = { 0 };
    const uint32_t *list = warp_ages_list(&w->all, 0, &n);
    w->allowed_mask = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t slot = list[i];
        uint32_t *count = &k[w->per_sched ? slot % n_sched % 64 : 0];
        w->allowed[slot] = !w->limit || (!w->waiting[slot] && *count < w->limit);
        if (w->allowed[slot] && w->limit)
            (*count)++;
        if (w->allowed[slot] && slot < 64)
            w->allowed_mask |= 1ull << slot;
    }
    if (!w->gsim || !w->limit)
        return;
    for (uint32_t s = 0; s < n_sched; s++) { /* GPGPU-Sim's greedy slot issues too */
        uint32_t slot = w->gsim_last[s];
        if (w->live[slot] && !w->waiting[slot] && !w->allowed[slot]) {
            w->allowed[slot] = 1;
            if (slot < 64)
                w->allowed_mask |= 1ull << slot;
        }
    }
}

void warp_limit_gsim_issued(struct warp_limit *w, uint32_t n_sched, uint32_t slot)
{
    w->gsim_last[slot % n_sched] = slot;
    recompute(w, n_sched);
}

void warp_limit_assigned(struct warp_limit *w, uint32_t n_sched, uint32_t slot, uint64_t age)
{
    warp_ages_add(&w->ages, slot, age);
    warp_ages_add(&w->all, slot, age);
    w->waiting[slot] = 0;
    if (w->gsim)
        w->live[slot] = 1;
    recompute(w, n_sched);
}

void warp_limit_exit(struct warp_limit *w, uint32_t n_sched, uint32_t slot)
{
    warp_ages_remove(&w->ages, slot);
    warp_ages_remove(&w->all, slot);
    w->allowed[slot] = 0;
    if (w->gsim)
        w->live[slot] = 0;
    if (w->greedy[slot % n_sched] == slot)
        w->greedy[slot % n_sched] = NONE;
    recompute(w, n_sched);
}

void warp_limit_barrier(struct warp_limit *w, uint32_t n_sched, uint32_t slot, int waiting)
{
    w->waiting[slot] = (uint8_t)((w->waiting[slot] & ~WAIT_BARRIER) | (waiting ? WAIT_BARRIER : 0));
    recompute(w, n_sched);
}

void warp_limit_atomic(struct warp_limit *w, uint32_t n_sched, uint32_t slot, int waiting)
{
    w->waiting[slot] = (uint8_t)((w->waiting[slot] & ~WAIT_ATOMIC) | (waiting ? WAIT_ATOMIC : 0));
    recompute(w, n_sched);
}

void warp_limit_set(struct warp_limit *w, uint32_t n_sched, uint32_t limit)
{
    if (limit != w->limit) {
        w->limit = limit;
        recompute(w, n_sched);
    }
}
