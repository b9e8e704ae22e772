/* Warp schedulers (the wavefront issue arbiter of ccws-micro2012 Fig. 5), a
 * policy kind: one file per policy (src/policy/warp/sched_NAME.c) filling one
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
#include "ccgpu_policy.h"
#include "mem/cache.h"
#include "policy/policy_gpu.h"

/* Looks spec ("name" or "name:args") up and initialises ws; -1 and a message
 * on an unknown name, bad args or out of memory. */
int warp_sched_init(struct warp_sched *ws, const char *spec, const struct warp_sched_env *env,
                    char *err, size_t errlen);
void warp_sched_free(struct warp_sched *ws);
/* The cache hooks that forward the L1's events to ws (all NULL if the policy
 * observes nothing). */
struct cache_hooks warp_sched_l1_hooks(struct warp_sched *ws);

/* Whether ops->order only reads the policy's state (a built-in policy known
 * to: gto, lrr, oldest, swl), so a call whose answer is not used can be
 * left out without the policy seeing a difference. */
int warp_sched_order_pure(const struct warp_sched_ops *ops);
/* Whether ops is order-pure, its order lists every live warp of the
 * scheduler (those between on_warp_assigned and on_warp_exit, in some
 * order) and it has no can_issue and no next_event (gto, lrr, oldest): the
 * issue stage may then work out which warps can issue before asking for
 * the order, and not ask when none can. */
int warp_sched_order_complete(const struct warp_sched_ops *ops);
/* Whether ops is gto (for warp_sched_gto_first). */
int warp_sched_is_gto(const struct warp_sched_ops *ops);
/* The first slot of cand (slots of scheduler sched's live warps, by bit) in
 * the order gto's `order` writes (the greedy warp, then oldest first), or
 * UINT32_MAX for none (ws must run gto; the warps' ages must differ, as the
 * timing model's do). */
uint32_t warp_sched_gto_first(const struct warp_sched *ws, uint32_t sched, uint64_t cand);

/* Table of all warp schedulers (from warp_sched.def), NULL-terminated. */
extern const struct warp_sched_ops *const warp_sched_table[];

#endif
