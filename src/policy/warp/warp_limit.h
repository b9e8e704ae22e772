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
    /* GPGPU-Sim's swl_scheduler (warp_limiting): its order is the slot that
     * issued last, kept when its warp exits (the scheduler's first slot
     * before any issue), then the N oldest; that slot may issue too, so
     * for a while N + 1 warps can (gsim_last: per scheduler) */
    int gsim;
    uint32_t *gsim_last;
    uint8_t *live;              /* by slot, with gsim */
    uint8_t *waiting, *allowed; /* by slot */
    uint64_t allowed_mask;      /* the live slots below 64 that allowed lets issue, as bits */
};

/* 0, or -1 when out of memory (w is then safe to free). */
int warp_limit_init(struct warp_limit *w, const struct warp_sched_env *env, uint32_t limit,
                    int per_sched);
/* GPGPU-Sim's greedy slot (above), for warp_limiting: after init; -1 when
 * out of memory. */
int warp_limit_gsim(struct warp_limit *w, const struct warp_sched_env *env);
void warp_limit_free(struct warp_limit *w);
/* The hooks' bookkeeping; each recomputes which warps may issue. */
void warp_limit_assigned(struct warp_limit *w, uint32_t n_sched, uint32_t slot, uint64_t age);
void warp_limit_exit(struct warp_limit *w, uint32_t n_sched, uint32_t slot);
void warp_limit_barrier(struct warp_limit *w, uint32_t n_sched, uint32_t slot, int waiting);
/* The warp waits on an atomic (1) or no longer (0): while it does it is left
 * out of the N, as GPGPU-Sim's swl order sorts such a warp last. */
void warp_limit_atomic(struct warp_limit *w, uint32_t n_sched, uint32_t slot, int waiting);
void warp_limit_set(struct warp_limit *w, uint32_t n_sched, uint32_t limit);

/* The greedy warp of scheduler sched's order: GPGPU-Sim's kept slot when
 * it holds a warp, else the warp that issued last. */
static inline uint32_t warp_limit_greedy(const struct warp_limit *w, uint32_t sched)
{
    if (w->gsim)
        return w->live[w->gsim_last[sched]] ? w->gsim_last[sched] : UINT32_MAX;
    return w->greedy[sched];
}

static inline uint32_t warp_limit_order(const struct warp_limit *w, uint32_t sched, uint32_t *out)
{
    return warp_ages_greedy_order(&w->ages, sched, warp_limit_greedy(w, sched), out);
}

static inline uint32_t warp_limit_first(const struct warp_limit *w, uint32_t sched, uint64_t cand)
{
    return warp_ages_greedy_first(&w->ages, sched, warp_limit_greedy(w, sched), cand);
}

/* the kept slot moved (gsim only) */
void warp_limit_gsim_issued(struct warp_limit *w, uint32_t n_sched, uint32_t slot);

static inline void warp_limit_issued(struct warp_limit *w, uint32_t n_sched, uint32_t slot)
{
    w->greedy[slot % n_sched] = slot;
    if (w->gsim && w->gsim_last[slot % n_sched] != slot)
        warp_limit_gsim_issued(w, n_sched, slot);
}

#endif
