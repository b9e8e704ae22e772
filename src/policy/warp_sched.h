/* Warp schedulers (the wavefront issue arbiter of ccws-micro2012 Fig. 5), a
 * policy kind: one file per policy (src/policy/sched_NAME.c) filling one
 * struct warp_sched_ops, listed once in warp_sched.def. Chosen by exact name
 * or GPGPU-Sim alias from gpgpu_scheduler; "name:args" passes args to init
 * ("swl:8", "2lvl:2").
 *
 * One instance per SM. Warp slot w belongs to scheduler w % env.n_sched.
 * Each cycle the SM asks each scheduler for its priority order (order), then
 * walks it and issues from the first warps that are ready (I-buffer valid,
 * no scoreboard hazard, function unit free) and that can_issue allows.
 * "Age" is the order in which warps were assigned to the SM (a counter the
 * SM increments per warp; warps of one CTA get consecutive ages in warp
 * order, so "ties by lower warp id" holds by construction).
 *
 * Hooks are called in this order for a warp: on_warp_assigned, then any of
 * on_warp_barrier / on_issue, then on_warp_exit. Every hook except order is
 * optional. Time-dependent decisions (a score that decays per cycle) must be
 * announced through next_event so the SM's idle-cycle skipping stays exact:
 * the SM assumes order and can_issue answer the same until the earliest of
 * next_event and the next call of any other hook.
 *
 * The L1D's observers (struct cache_hooks of src/mem/cache.h) are forwarded
 * to l1_access / l1_reserve / l1_evict with the instance as ctx; the warp
 * argument there is the warp slot that made (or reserved) the access. */
#ifndef CCGPU_POLICY_WARP_SCHED_H
#define CCGPU_POLICY_WARP_SCHED_H
#include <stddef.h>
#include <stdint.h>
#include "mem/cache.h"
#include "policy/policy_gpu.h"

struct ptx_inst;
struct warp_sched;

#define WARP_SCHED_NEVER UINT64_MAX

struct warp_sched_env {
    uint32_t sm;      /* SM id */
    uint32_t n_slots; /* warp slots on the SM */
    uint32_t n_sched; /* schedulers on the SM */
    uint32_t issue_cycles; /* core cycles a warp instruction holds a SIMD unit
                            * (32 / SIMD width; 1 for a full-warp pipeline) */
    struct policy_gpu *gpu; /* GPU-wide policy state (policy_gpu.h); NULL for a
                             * trial instance that only checks arguments */
};

struct warp_sched_ops {
    int version;       /* 1; hooks may be appended later */
    const char *name;  /* exact name */
    const char *alias; /* GPGPU-Sim spelling meaning the same, or NULL */
    /* ws->env is set; allocate ws->state. -1 with a message on bad args. */
    int (*init)(struct warp_sched *ws, const char *args, char *err, size_t errlen);
    void (*free)(struct warp_sched *ws);
    void (*on_warp_assigned)(struct warp_sched *ws, uint32_t slot, uint64_t age);
    void (*on_warp_exit)(struct warp_sched *ws, uint32_t slot);
    /* waiting = 1 when the warp starts waiting at a barrier, 0 when released */
    void (*on_warp_barrier)(struct warp_sched *ws, uint32_t slot, int waiting);
    /* Writes scheduler `sched`'s live warp slots to out[] in priority order
     * (highest first) and returns how many; out has room for every slot of
     * the scheduler. */
    uint32_t (*order)(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out);
    /* 0 vetoes issuing inst from slot now (the warp is otherwise ready). */
    int (*can_issue)(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                     uint64_t now);
    void (*on_issue)(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                     uint64_t now);
    /* Earliest cycle > now at which order/can_issue may answer differently
     * without another hook being called; NULL or WARP_SCHED_NEVER = never. */
    uint64_t (*next_event)(struct warp_sched *ws, uint64_t now);
    /* L1D observers (see struct cache_hooks); ctx is the struct warp_sched. */
    void (*l1_access)(void *ws, uint64_t block, int32_t warp, int is_write,
                      enum cache_outcome outcome, enum cache_fail fail);
    void (*l1_reserve)(void *ws, uint64_t block, int32_t warp);
    void (*l1_evict)(void *ws, uint64_t block, int32_t warp);
    /* Optional statistics: counter_names is a NULL-terminated list of static
     * names, counters writes their cumulative values in that order. The
     * timing model registers each as "sched.NAME", summed over SMs. */
    const char *const *counter_names;
    void (*counters)(struct warp_sched *ws, uint64_t *out);
};

struct warp_sched {
    const struct warp_sched_ops *ops;
    struct warp_sched_env env;
    void *state;
    uint64_t now; /* cycle of on_warp_assigned / on_warp_exit and of the L1 hooks (set by the SM) */
    uint32_t lanes; /* active lanes of the instruction on_issue reports (set by the SM) */
};

/* Looks spec ("name" or "name:args") up and initialises ws; -1 and a message
 * on an unknown name, bad args or out of memory. */
int warp_sched_init(struct warp_sched *ws, const char *spec, const struct warp_sched_env *env,
                    char *err, size_t errlen);
void warp_sched_free(struct warp_sched *ws);
/* The cache hooks that forward the L1's events to ws (all NULL if the policy
 * observes nothing). */
struct cache_hooks warp_sched_l1_hooks(struct warp_sched *ws);

/* Table of all warp schedulers (from warp_sched.def), NULL-terminated. */
extern const struct warp_sched_ops *const warp_sched_table[];

/* ---- shared helper: live warps of each scheduler in age order ------------
 * Ages only grow, so assignment appends; exit removes. Policies that order
 * by age keep one of these in their state. */
struct warp_ages {
    uint32_t n_sched, per_sched; /* capacity per scheduler */
    uint32_t *count;             /* live warps per scheduler */
    uint32_t *slot;              /* [sched * per_sched + i], oldest first */
    uint64_t *age;               /* by slot */
};
int warp_ages_init(struct warp_ages *a, const struct warp_sched_env *env);
void warp_ages_free(struct warp_ages *a);
void warp_ages_add(struct warp_ages *a, uint32_t slot, uint64_t age);
void warp_ages_remove(struct warp_ages *a, uint32_t slot);
static inline const uint32_t *warp_ages_list(const struct warp_ages *a, uint32_t sched,
                                             uint32_t *n)
{
    *n = a->count[sched];
    return &a->slot[(size_t)sched * a->per_sched];
}
/* Greedy-then-oldest order (GTO, ccws-micro2012 §5.1): the warp that issued
 * last (greedy, UINT32_MAX for none) first, then the live warps oldest first.
 * Shared by gto, swl and ccws, which differ only in what they veto. */
static inline uint32_t warp_ages_greedy_order(const struct warp_ages *a, uint32_t sched,
                                              uint32_t greedy, uint32_t *out)
{
    uint32_t n, k = 0;
    const uint32_t *list = warp_ages_list(a, sched, &n);
    if (greedy != UINT32_MAX)
        out[k++] = greedy;
    for (uint32_t i = 0; i < n; i++)
        if (list[i] != greedy)
            out[k++] = list[i];
    return k;
}
/* Parses a positive integer argument ("8"); -1 with a message naming the
 * policy otherwise. */
int warp_sched_arg_u32(const char *policy, const char *args, uint32_t dflt, uint32_t *out,
                       char *err, size_t errlen);

#endif
