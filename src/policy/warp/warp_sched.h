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

/* Whether an swl instance watches the L1 (only with ":diag"; without, its
 * L1 hooks do nothing, and warp_sched_l1_hooks leaves them out so that the
 * L1 and the issue stage need not call them). */
int warp_sched_swl_watches_l1(const struct warp_sched *ws);
/* Whether ops->order only reads the policy's state (a built-in policy known
 * to: gto, lrr, oldest, swl), so a call whose answer is not used can be
 * left out without the policy seeing a difference. */
int warp_sched_order_pure(const struct warp_sched_ops *ops);
/* For a built-in policy whose can_issue answers by the warp's slot alone,
 * from a table only its hooks and its first function change, with no
 * other effect (swl, warp_limiting, dwt): the live slots below 64 it lets
 * issue now, as bits, with the same effect as its first function (dwt
 * syncs its limit). NULL for other policies. */
typedef uint64_t (*warp_sched_allowed_fn)(struct warp_sched *ws, uint64_t now);
warp_sched_allowed_fn warp_sched_allowed_of(const struct warp_sched_ops *ops);
uint64_t warp_sched_swl_allowed(struct warp_sched *ws, uint64_t now);
uint64_t warp_sched_dwt_allowed(struct warp_sched *ws, uint64_t now);
/* For a built-in policy that vetoes only memory instructions and whose veto
 * of a warp holds, with no further effect, while the warp's next
 * instruction is the same and the returned epoch is unchanged (ccws): its
 * epoch function, which brings the policy to now as its first function
 * does; NULL for other policies. The issue stage then remembers the warps
 * it saw vetoed (sm.veto_memo) instead of asking again. */
typedef uint64_t (*warp_sched_veto_epoch_fn)(struct warp_sched *ws, uint64_t now);
warp_sched_veto_epoch_fn warp_sched_veto_epoch_of(const struct warp_sched_ops *ops);
uint64_t warp_sched_ccws_veto_epoch(struct warp_sched *ws, uint64_t now);
/* Whether ops's can_issue, asked again of a warp it vetoed while nothing
 * has changed (no other hook called since, before its next_event), gives
 * the same answer and changes nothing more in the policy's state than its
 * order does (swl, warp_limiting, ccws, dwt): the issue stage may then keep
 * a walk that vetoed, as it keeps one that issued nothing, until something
 * changes. The interface promises the same answer of every policy, but not
 * that a repeated call has no effect, so plugins are walked again. */
int warp_sched_veto_repeatable(const struct warp_sched_ops *ops);
/* The first slot of cand (slots below 64 of scheduler sched's live warps,
 * by bit) in the order ops->order(ws, sched, now, ...) would write, with
 * the same effect on the policy's state as that call (ccws and dwt bring
 * their clock to now); UINT32_MAX when cand is empty, after the same
 * effect. The timing model's ages differ from warp to warp, as these
 * assume. */
typedef uint32_t (*warp_sched_first_fn)(struct warp_sched *ws, uint32_t sched, uint64_t now,
                                        uint64_t cand);
/* The policy's first function (warp_sched_ops.first, read when its version
 * is 2 or more: gto, lrr, oldest, swl, warp_limiting, ccws, dwt and plugins
 * that fill it); NULL for the others (2lvl, two_level_active, version-1
 * plugins). Every policy's order lists exactly the scheduler's live warps
 * (those between on_warp_assigned and on_warp_exit), so the issue stage
 * then takes the order one warp at a time (only the warps that may issue)
 * instead of having it written out. */
warp_sched_first_fn warp_sched_first_of(const struct warp_sched_ops *ops);
/* The policy's on_warp_atomic hook, or NULL (version < 3 or not filled). */
typedef void (*warp_sched_atomic_fn)(struct warp_sched *ws, uint32_t slot, int waiting);
warp_sched_atomic_fn warp_sched_atomic_of(const struct warp_sched_ops *ops);
uint32_t warp_sched_gto_first(struct warp_sched *ws, uint32_t sched, uint64_t now, uint64_t cand);
uint32_t warp_sched_lrr_first(struct warp_sched *ws, uint32_t sched, uint64_t now, uint64_t cand);
uint32_t warp_sched_oldest_first(struct warp_sched *ws, uint32_t sched, uint64_t now,
                                 uint64_t cand);
uint32_t warp_sched_swl_first(struct warp_sched *ws, uint32_t sched, uint64_t now, uint64_t cand);
uint32_t warp_sched_ccws_first(struct warp_sched *ws, uint32_t sched, uint64_t now, uint64_t cand);
uint32_t warp_sched_dwt_first(struct warp_sched *ws, uint32_t sched, uint64_t now, uint64_t cand);

/* Table of all warp schedulers (from warp_sched.def), NULL-terminated. */
extern const struct warp_sched_ops *const warp_sched_table[];

#endif
