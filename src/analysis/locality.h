/* Locality classification of a cache's accesses (CCWS Fig. 1, 11, 12; SACAT
 * §3.2), fed with each access's outcome from cachesim_access.
 *
 * Definition implemented. A line's owner is the warp whose access missed and
 * brought the line into the cache (for the unbounded cache: the first warp
 * ever to reference it, unless a write-evict store removed it since). A hit is
 *   intra-warp  when the hitting warp is the owner ("data initially referenced
 *               and re-referenced from the same wavefront"), split into
 *     intra-thread  some lane of this access touched the line before during
 *                   this residency (a thread re-references its own data), and
 *     inter-thread  none of this access's lanes had (data shared among the
 *                   threads of one warp);
 *   inter-warp  otherwise ("initially referenced by one wavefront and
 *               re-referenced by another"), split as SACAT does by where the
 *               owner ran: same CTA, another CTA on the same SM, another SM
 *               (only possible in an L2 stream), or an earlier kernel.
 * A warp is (kernel, global warp id). Hits by other warps neither change the
 * owner nor add lanes. */
#ifndef CCGPU_ANALYSIS_LOCALITY_H
#define CCGPU_ANALYSIS_LOCALITY_H
#include "analysis/cachesim.h"

struct locality_counts {
    uint64_t accesses, misses;
    uint64_t intra_thread, inter_thread; /* intra-warp hits */
    uint64_t inter_warp_cta;             /* inter-warp: owner in the same CTA */
    uint64_t inter_warp_sm;              /* ... another CTA on the same SM */
    uint64_t inter_warp_remote;          /* ... another SM */
    uint64_t inter_kernel;               /* ... an earlier kernel */
};

/* outcome: the return value of cachesim_access; owner: what it reported. */
void locality_account(struct locality_counts *c, const struct trace_record *r, int outcome,
                      const struct cachesim_owner *owner);
void locality_add(struct locality_counts *sum, const struct locality_counts *c);
uint64_t locality_intra_warp(const struct locality_counts *c);
uint64_t locality_inter_warp(const struct locality_counts *c);
/* The clustering paper's split (cta-clustering-asplos2017 Fig. 3) of the hits:
 * intra-CTA = intra-thread + inter-thread + another warp of the same CTA;
 * inter-CTA = another CTA on the same SM + another SM. Hits on a line an
 * earlier kernel brought in are neither (CTA ids restart at each launch). */
uint64_t locality_intra_cta(const struct locality_counts *c);
uint64_t locality_inter_cta(const struct locality_counts *c);

#endif
