/* CTA dispatch policies, a policy kind: one file per policy
 * (src/policy/cta/cta_NAME.c) filling one struct cta_sched_ops, listed once in
 * cta_sched.def; chosen by ccgpu_cta_sched ("name" or "name:args").
 *
 * The dispatcher (src/timing/dispatch.c) owns the resources: it knows which
 * SM has room for one more CTA of the running launch (threads, registers,
 * shared memory, CTA slots) and asks the policy which CTA goes there. At a
 * launch it fills SMs round-robin (one CTA per SM per round, SM 0 first)
 * while they have room; afterwards it asks for an SM whenever a CTA retires
 * from it. The policy returns a CTA's linear id (each exactly once) or
 * CTA_SCHED_NONE to leave the SM short for now — per-SM limits, explicit
 * schedules and clustering are policies, not dispatcher changes. A policy
 * that refuses must not refuse forever: when no CTA is resident anywhere
 * and CTAs remain, the launch fails with an error naming the policy. */
#ifndef CCGPU_POLICY_CTA_SCHED_H
#define CCGPU_POLICY_CTA_SCHED_H
#include <stddef.h>
#include <stdint.h>
#include "ccgpu_policy.h"

int cta_sched_init(struct cta_sched *cs, const char *spec, uint32_t num_sms, char *err,
                   size_t errlen);
void cta_sched_free(struct cta_sched *cs);

extern const struct cta_sched_ops *const cta_sched_table[];

#endif
