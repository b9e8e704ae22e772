/* Greedy-then-oldest order with a warp limit: only the `limit` oldest live
 * warps not waiting at a barrier may issue — of the whole SM, or of each
 * scheduler (per_sched); limit 0 lets every warp issue. The state shared by
 * static wavefront limiting (sched_swl.c: swl, warp_limiting) and DWT-CS
 * (sched_dwt.c), whose limit changes at run time. */
#ifndef CCGPU_POLICY_WARP_LIMIT_H
#define CCGPU_POLICY_WARP_LIMIT_H
#include "ccgpu_policy.h"

struct warp_limit {
    struct warp_ages ages; /* per scheduler, for GTO order */
    struct warp_ages all;  /* the whole SM as one scheduler, for the limit */
    uint32_t limit;        /* 0: no limit */
    int per_sched;         /* the limit counts each scheduler's warps apart */
    uint32_t *greedy;      /* per scheduler: the warp that issued last, or UINT32_MAX */
    uint8_t *waiting, *allowed; /* by slot */
    uint64_t allowed_mask;      /* the live slots below 64 that allowed lets issue, as bits */
};

/* 0, or -1 when out of memory (w is then safe to free). */
int warp_limit_init(struct warp_limit *w, const struct warp_sched_env *env, uint32_t limit,
                    int per_sched);
void warp_limit_free(struct warp_limit *w);
/* The hooks' bookkeeping; each recomputes which warps may issue. */
void warp_limit_assigned(struct warp_limit *w, uint32_t n_sched, uint32_t slot, uint64_t age);
void warp_limit_exit(struct warp_limit *w, uint32_t n_sched, uint32_t slot);
void warp_limit_barrier(struct warp_limit *w, uint32_t n_sched, uint32_t slot, int waiting);
/* The warp waits on an atomic (1) or no longer (0): while it does it is left
 * out of the N, as GPGPU-Sim's swl order sorts such a warp last. */
void warp_limit_atomic(struct warp_limit *w, uint32_t n_sched, uint32_t slot, int waiting);
void warp_limit_set(struct warp_limit *w, uint32_t n_sched, uint32_t limit);

static inline uint32_t warp_limit_order(const struct warp_limit *w, uint32_t sched, uint32_t *out)
{
    return warp_ages_greedy_order(&w->ages, sched, w->greedy[sched], out);
}

static inline uint32_t warp_limit_first(const struct warp_limit *w, uint32_t sched, uint64_t cand)
{
    return warp_ages_greedy_first(&w->ages, sched, w->greedy[sched], cand);
}

static inline void warp_limit_issued(struct warp_limit *w, uint32_t n_sched, uint32_t slot)
{
    w->greedy[slot % n_sched] = slot;
}

#endif
