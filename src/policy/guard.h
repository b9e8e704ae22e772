/* Checks on what a plugin policy returns, where the answer enters the
 * simulator. A policy loaded from a shared object (plugin:PATH) is wrapped
 * when its instance is made: the instance's ops pointer then points to a
 * copy of the plugin's ops whose answering hooks call the plugin's and check
 * the answer against the contract of include/ccgpu_policy.h:
 *
 *   warp scheduler  order(): a count within the scheduler's slots, each
 *                   live warp of the scheduler exactly once, no other slot;
 *                   first(): a slot of cand, UINT32_MAX only for an empty
 *                   cand; next_event(): later than now;
 *   replacement     choose_victim(): an eligible way, -1 only when none is;
 *   set index       set_of(): below the set count.
 *
 * (CTA dispatch policies are checked by the dispatcher, which owns the
 * CTA ids: src/timing/dispatch.c.) A broken answer is replaced by a safe
 * one (an empty order, the lowest candidate, the lowest eligible way, set 0,
 * now + 1) so the simulator's state stays sound, and the first violation is
 * written to the instance's fault record, which the timing model points at
 * its own (gpu_timing.c) and reads every cycle: the run stops there with
 * the policy's name, the hook, the value and the cycle. Built-in policies
 * are not wrapped: they cost nothing more. */
#ifndef CCGPU_POLICY_GUARD_H
#define CCGPU_POLICY_GUARD_H
#include <stddef.h>
#include <stdint.h>
#include "ccgpu_policy.h"

/* The first contract violation of a policy: msg names the policy, the hook
 * and the value (the reader adds the cycle). */
struct policy_fault {
    int set;
    char msg[320];
};

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void policy_fault_set(struct policy_fault *f, const char *fmt, ...);

/* Wrap the plugin ops of a new instance (spec: "plugin:PATH[:args]"): the
 * returned ops are the instance's, released by the *_unwrap call when the
 * instance is freed. NULL when out of memory. */
const struct warp_sched_ops *policy_guard_warp(const struct warp_sched_ops *inner,
                                               const char *spec,
                                               const struct warp_sched_env *env);
const struct cache_repl_ops *policy_guard_repl(const struct cache_repl_ops *inner,
                                               const char *spec);
const struct cache_index_ops *policy_guard_index(const struct cache_index_ops *inner,
                                                 const char *spec);
/* Free the wrapper when ops is one (else nothing). */
void policy_guard_warp_free(const struct warp_sched_ops *ops);
void policy_guard_repl_free(const struct cache_repl_ops *ops);
void policy_guard_index_free(const struct cache_index_ops *ops);

/* The fault record of a wrapped instance (NULL for a built-in policy), and
 * where its violations go from now on (NULL: its own record again). */
struct policy_fault *policy_guard_warp_fault(const struct warp_sched_ops *ops);
struct policy_fault *policy_guard_repl_fault(const struct cache_repl_ops *ops);
struct policy_fault *policy_guard_index_fault(const struct cache_index_ops *ops);
void policy_guard_warp_sink(const struct warp_sched_ops *ops, struct policy_fault *sink);
void policy_guard_repl_sink(const struct cache_repl_ops *ops, struct policy_fault *sink);
void policy_guard_index_sink(const struct cache_index_ops *ops, struct policy_fault *sink);

#endif
