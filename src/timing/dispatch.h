/* CTA dispatcher: occupancy (threads, registers, shared memory and CTA
 * slots per SM), the engine's CTA objects with real SM ids and warp slots,
 * and the CTA policy (src/policy/cta/cta_sched.h) choosing which CTA goes where. */
#ifndef CCGPU_TIMING_DISPATCH_H
#define CCGPU_TIMING_DISPATCH_H
#include <stddef.h>
#include <stdint.h>
#include "policy/cta/cta_sched.h"
#include "timing/cta_set.h"
#include "ptx/engine.h"
#include "timing/isrc.h"
#include "timing/sm.h"
#include "timing/cluster_net.h"

struct dispatch {
    struct cta_sched cs;
    const struct isrc *src;     /* the launch's instruction source */
    struct cta_set done;        /* CTAs of the launch dispatched */
    uint32_t total, left;       /* CTAs in the launch, not yet dispatched */
    uint32_t budget;            /* CTAs that may still be dispatched (gpgpu_max_cta);
                                 * UINT32_MAX = no cap */
    uint32_t nwarps, threads, regs, per_sm;
    uint32_t cluster_size;      /* CTAs per cluster (1: no clusters) */
    /* clustered launches: the CTA policy chooses clusters (its "CTAs" are
     * the launch's clusters, next_cta's SM is the cluster's home: the SM it
     * was placed from); per cluster its home and CTAs not yet retired, per
     * SM the clusters homed there and not yet done */
    uint32_t *cl_home, *cl_left, *home_count;
    uint32_t cl_cap;            /* entries allocated in cl_home and cl_left */
    uint8_t *home_wake;         /* scratch, per SM: a refill found a cluster homed there done */
    uint32_t *away;             /* scratch: those SMs, in the order found */
    struct cluster_net *cnet;   /* set by the timing model when clusters spread over a
                                 * GPC (cluster_net.h); NULL: a cluster on one SM */
    struct sm *sms;             /* the launch's SMs (dispatch_begin) */
    uint32_t nsms;
    uint32_t *room;             /* scratch: CTAs each SM of a GPC can take (one per SM) */
    uint64_t shmem;
    uint32_t *slots;            /* scratch: warp slots */
    /* set by the timing model before dispatch_begin */
    uint32_t launch_index;      /* this launch's index in the run */
    uint64_t l2_bytes;          /* configured L2 capacity */
    const uint64_t *ws_bytes;   /* measured per-CTA working sets, or NULL */
    uint32_t ws_n;              /* entries in ws_bytes */
    const uint32_t *ws_off, *ws_lines; /* measured per-CTA line sets, or NULL */
    uint32_t ws_nlines, ws_nsets;
    /* statistics (cta.*, registered when ccgpu_cta_sched is set) */
    uint64_t resident, last_t;  /* CTAs resident on all SMs, since cycle last_t */
    uint64_t resident_sum;      /* integral of resident over cycles */
    uint64_t syncs;             /* wake-ups: synchronisations waited out */
    uint64_t last_dispatch_t;   /* cycle of the latest dispatch */
    uint64_t drain_cycles;      /* per wake-up: cycles from the latest dispatch to the
                                 * wake-up, less the sync cost (a phase draining) */
    uint64_t sum_at_dispatch;   /* resident_sum at the latest dispatch */
    uint64_t drain_resident_sum; /* resident CTAs summed over those cycles */
    const char *spec;           /* ccgpu_cta_sched as configured, for messages */
    uint64_t start;             /* the launch's first cycle */
    uint32_t rot;               /* the SM after the one that took the latest CTA, of
                                 * this launch or an earlier one: where a round of
                                 * the fill starts (GPGPU-Sim's m_last_cluster_issue
                                 * + 1, kept across kernels) */
};

int dispatch_init(struct dispatch *d, const struct sm_config *cfg, char *err, size_t errlen);
void dispatch_free(struct dispatch *d);
/* Occupancy for a launch: CTAs of it one SM holds (0: a CTA never fits). */
uint32_t dispatch_ctas_per_sm(const struct sm_config *cfg, const struct isrc *src,
                              uint32_t regs_per_thread);
/* Starts a launch and fills the SMs round-robin. -1 with a message.
 * Here, at a refill and at a wake-up the policy's answers are checked: a
 * CTA id of the launch not dispatched before, a wake-up cycle not in the
 * past (after now when on_wake asks again), and not leaving CTAs
 * undispatched with none resident anywhere and no wake-up asked for (no
 * CTA could ever retire to ask it again): each is an error naming the
 * policy, the hook, the value and the cycle. */
int dispatch_begin(struct dispatch *d, const struct isrc *src, const uint32_t grid[3],
                   uint32_t regs_per_thread, struct sm *sms, uint32_t nsms, uint64_t now, char *err, size_t errlen);
/* sm freed resources: tell the policy which CTAs retired, then fill it. */
int dispatch_refill(struct dispatch *d, struct sm *sm, uint64_t now, char *err, size_t errlen);
/* The cycle the policy asked to be woken at (CTA_SCHED_NEVER: none); an
 * event for idle-cycle skipping. */
static inline uint64_t dispatch_next_event(const struct dispatch *d)
{
    return d->cs.wake;
}
/* At or after dispatch_next_event: tell the policy, then fill the SMs
 * round-robin (one CTA per SM per round) while they have room. 0, or -1 with
 * a message. */
int dispatch_wake(struct dispatch *d, struct sm *sms, uint32_t nsms, uint64_t now, char *err,
                  size_t errlen);

#endif
