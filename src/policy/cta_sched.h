/* CTA dispatch policies, a policy kind: one file per policy
 * (src/policy/cta_NAME.c) filling one struct cta_sched_ops, listed once in
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
 * that refuses must not refuse forever: when no CTA is resident anywhere,
 * no wake-up is pending and CTAs remain, the launch fails with an error
 * naming the policy.
 *
 * Waiting out a synchronisation: a policy that refuses now but will give
 * CTAs at a later cycle (a schedule's step boundary plus
 * ccgpu_cta_sync_cycles) sets cs->wake to that cycle. The timing loop counts
 * it as an event (idle-cycle skipping stops there) and at that cycle the
 * dispatcher calls on_wake, then fills the SMs round-robin as at a launch
 * (one CTA per SM per round, SM 0 first, while they have room). */
#ifndef CCGPU_POLICY_CTA_SCHED_H
#define CCGPU_POLICY_CTA_SCHED_H
#include <stddef.h>
#include <stdint.h>

#define CTA_SCHED_NONE UINT32_MAX
#define CTA_SCHED_NEVER UINT64_MAX

struct cta_sched;

struct cta_sched_launch {
    const char *kernel;
    uint32_t num_ctas;
    uint32_t grid[3];
    uint32_t warps_per_cta;
    uint32_t num_sms;
    uint32_t max_ctas_per_sm; /* what occupancy allows on one SM */
    uint32_t launch;          /* index of this launch in the run, 0 first */
    uint64_t l2_bytes;        /* configured L2 capacity, all slices */
    const uint64_t *ws_bytes; /* measured working set of each CTA in bytes
                               * (ccgpu_set_cta_worksets), or NULL */
    uint32_t ws_n;            /* its entries; CTAs past them touched no global
                               * memory (working set 0) */
};

struct cta_sched_ops {
    int version;       /* 1; hooks may be appended later */
    const char *name;  /* exact name */
    const char *alias; /* or NULL */
    int (*init)(struct cta_sched *cs, const char *args, char *err, size_t errlen);
    void (*free)(struct cta_sched *cs);
    /* A launch begins (CTAs 0 .. num_ctas-1 are all undispatched). 0, or -1
     * with a one-line reason in err (the launch fails). */
    int (*on_launch)(struct cta_sched *cs, const struct cta_sched_launch *l, char *err,
                     size_t errlen);
    /* sm has room for one more CTA and holds `resident` now. */
    uint32_t (*next_cta)(struct cta_sched *cs, uint32_t sm, uint32_t resident, uint64_t now);
    void (*on_cta_done)(struct cta_sched *cs, uint32_t sm, uint32_t cta, uint64_t now);
    /* cs->wake has come (the dispatcher reset it to CTA_SCHED_NEVER); the
     * round-robin fill follows. May be NULL. */
    void (*on_wake)(struct cta_sched *cs, uint64_t now);
};

struct cta_sched {
    const struct cta_sched_ops *ops;
    uint32_t num_sms;
    void *state;
    uint64_t wake;        /* CTA_SCHED_NEVER, or the cycle to call on_wake at */
    uint64_t sync_cycles; /* ccgpu_cta_sync_cycles: cost of a synchronisation */
};

int cta_sched_init(struct cta_sched *cs, const char *spec, uint32_t num_sms, char *err,
                   size_t errlen);
void cta_sched_free(struct cta_sched *cs);

extern const struct cta_sched_ops *const cta_sched_table[];

#endif
