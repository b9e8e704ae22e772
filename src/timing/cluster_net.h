/* Thread-block clusters spread over the SMs of a GPC (ccgpu_cluster_spread
 * 1; off by default, when a cluster's CTAs all go to one SM).
 *
 * Placement (dispatch.c): a cluster goes whole to one GPC (ccgpu_gpcs; 0:
 * the GPU is one GPC), all its CTAs at once: from the SM being filled, one
 * CTA to each SM of that SM's GPC with room, in SM order wrapping within the
 * GPC, round after round until the cluster is placed; a GPC without room
 * for the whole cluster takes none of it. A launch whose cluster cannot fit
 * in an empty GPC is refused. The CTA policy is not asked (as with clusters
 * on one SM).
 *
 * The SM-to-SM network, latency only (no bandwidth limit, no contention):
 * - a shared-memory access any of whose lanes names a CTA of the warp's
 *   cluster resident on another SM (a shared::cluster address with that
 *   CTA's rank, src/ptx/cluster.c) takes ccgpu_dsmem_latency cycles more
 *   than a local one;
 * - a barrier.cluster phase completed by a step on one SM (an arrival or an
 *   exit) releases the warps waiting for it on the other SMs of the GPC
 *   ccgpu_dsmem_latency cycles later, at least one: an SM never sees
 *   another SM's change in the cycle it was made, so the order in which the
 *   SMs of a cycle are visited cannot change a result. */
#ifndef CCGPU_TIMING_CLUSTER_NET_H
#define CCGPU_TIMING_CLUSTER_NET_H
#include <stdint.h>
#include "ptx/engine.h"

struct sm;

struct cluster_net {
    struct sm *sms;
    uint32_t nsms, gpcs;  /* gpcs: ccgpu_gpcs (0: one GPC) */
    uint32_t latency;     /* ccgpu_dsmem_latency */
    int touched;          /* an SM other than the one visited changed (a release, a
                           * CTA placed): the GPU loop refiles the SMs */
    uint64_t remote_releases; /* barrier.cluster releases that crossed SMs */
};

/* The SMs [*first, *end) of sm's GPC. */
void cluster_net_gpc(const struct cluster_net *n, uint32_t sm, uint32_t *first, uint32_t *end);
/* After a barrier.cluster arrival or an exit on SM `from` at cycle now: the
 * warps of the other SMs of its GPC whose phase has completed leave the
 * barrier at now + max(1, latency). */
void cluster_net_release(struct cluster_net *n, const struct sm *from, uint64_t now);
/* Whether the shared access d of a warp of CTA slot cta_slot of sm reaches a
 * CTA on another SM. */
int cluster_net_remote(const struct sm *sm, const struct ptx_dyninst *d, uint32_t cta_slot);

#endif
