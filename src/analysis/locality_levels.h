/* L1 and L2 locality by type, bounded and unbounded (SACAT §3.1, Fig. 3),
 * from one recorded L1D stream (ccgpu_trace_l1), plus two measures the
 * characterisation's classifier reads (analysis/characterize.h).
 *
 * Caches replayed, every access classified by locality.h:
 *   L1 bounded    one cache per SM, the geometry/index/replacement/write
 *                 policy the caller gives (l1replay.h builds it from
 *                 gpgpu_cache:dl1); emptied at each kernel launch;
 *   L1 unbounded  one unbounded fully associative cache per SM, same write
 *                 policy, emptied at each launch (as the timing model's L1s);
 *   L2 bounded    one cache shared by all SMs with the L2's total capacity
 *                 (slices x sets x ways), its associativity, replacement and
 *                 write policy; never emptied (the L2 keeps its contents
 *                 across launches, so inter-kernel hits occur);
 *   L2 unbounded  one unbounded fully associative cache, never emptied.
 * Both L2s see the stream the *bounded* L1 sends down ("the L2 cache was
 * evaluated when the L1 cache is bounded", SACAT §3.1): its read misses,
 * every store of a write-evict / write-through L1, and the line fetch of a
 * store miss in a write-allocate L1. Dirty write-backs of a write-back L1
 * are not generated (no suite config uses one for global data).
 *
 * Readings chosen (not modelled exactly):
 *   - the bounded L2 is one cache of sets = slices x sets per slice with a
 *     linear index of the line address, not the timing model's address
 *     mapping onto slices (which spreads lines by DRAM-channel bits); the
 *     capacity and associativity are the L2's;
 *   - requests that bypass the L1 in the timing model (.cg loads, atomics,
 *     gpgpu_gmem_skip_L1D) are not in an L1 trace, so they are not in this
 *     L2 stream either;
 *   - the replay has no timing: a line is present from its miss on (the
 *     timing model's MSHR merges appear here as hits).
 *
 * once_accesses: L1 accesses to lines referenced exactly once by their SM
 * during one kernel (reads and writes alike): the part of the stream with no
 * reuse at all even in an unbounded cache. SACAT's "streaming" part.
 *
 * Intra-warp conflict (SACAT §3.2.2, §4.2 Fig. 7): a warp memory
 * instruction is taken as the run of consecutive records of one SM with the
 * same kernel, warp and pc and no repeated line (the LD/ST unit of an SM
 * processes one instruction at a time, so its requests are adjacent in that
 * SM's stream). It has an intra-warp conflict when more of its distinct lines
 * map to one set of the bounded L1 (its index function) than the L1 has ways:
 * the instruction alone overflows the set. iw_conflict_accesses counts the
 * records of such instructions. */
#ifndef CCGPU_ANALYSIS_LOCALITY_LEVELS_H
#define CCGPU_ANALYSIS_LOCALITY_LEVELS_H
#include "analysis/cachesim.h"
#include "analysis/locality.h"
#include "analysis/source.h"

struct locality_levels_config {
    struct cachesim_config l1; /* bounded L1, one per SM */
    struct cachesim_config l2; /* bounded L2, shared */
    int l2_enabled;            /* 0: no L2 columns (gpgpu_cache:dl2 none) */
    uint32_t l2_factor;        /* L2 line / L1 line (a power of two >= 1) */
    char index_buf[256];       /* storage a caller may point l1.index at */
    char l1_repl_buf[256], l2_repl_buf[256]; /* ... and l1.repl, l2.repl (policy specs, as cache_config) */
};

struct locality_levels_result {
    uint64_t records;
    struct locality_counts l1, l1_unb, l2, l2_unb;
    uint64_t once_accesses;
    uint64_t mem_insts;            /* instructions found (see above) */
    uint64_t iw_conflict_insts;    /* of those, overflowing one L1 set */
    uint64_t iw_conflict_accesses; /* records of those instructions */
};

/* 0, or -1 with a one-line message (bad config, corrupt source, OOM). */
int locality_levels_run(const struct locality_levels_config *cfg, struct access_source *src,
                        struct locality_levels_result *res, char *err, size_t errlen);

#endif
