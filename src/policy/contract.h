/* The policy contract (include/ccgpu_policy.h) as executable checks, run on
 * built-in policies by the tests and on plugins by `ccgpu policy-check`.
 * Each function drives fresh instances of one policy through seeded random
 * situations, two instances in lockstep, and checks:
 *
 *  warp schedulers  order() lists each live warp of the scheduler exactly
 *                   once and nothing else; next_event() is later than now,
 *                   and order()/can_issue() answer the same at every cycle
 *                   before it when no other hook is called (what idle-cycle
 *                   skipping assumes); two instances given the same hooks
 *                   answer the same (deterministic, no shared state);
 *  replacement      choose_victim() returns an eligible way, or -1 exactly
 *                   when none is eligible; deterministic;
 *  set index        set_of() is below the set count; deterministic;
 *  CTA dispatch     next_cta() returns CTAs of the launch, each exactly
 *                   once, never refuses forever; deterministic.
 *
 * Return 0 when every check passes, else -1 with a one-line message naming
 * the broken rule, the policy and the situation in err. log (may be NULL)
 * gets one line per group of checks. */
#ifndef CCGPU_POLICY_CONTRACT_H
#define CCGPU_POLICY_CONTRACT_H
#include <stddef.h>
#include <stdio.h>
#include "ccgpu_policy.h"

int policy_contract_warp_sched(const struct warp_sched_ops *ops, const char *args, FILE *log,
                               char *err, size_t errlen);
int policy_contract_cache_repl(const struct cache_repl_ops *ops, const char *args, FILE *log,
                               char *err, size_t errlen);
int policy_contract_cache_index(const struct cache_index_ops *ops, const char *args, FILE *log,
                                char *err, size_t errlen);
int policy_contract_cta_sched(const struct cta_sched_ops *ops, const char *args, FILE *log,
                              char *err, size_t errlen);

#endif
