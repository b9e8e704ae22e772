/* Replays a recorded L1D stream (ccgpu_trace_l1) through the trace cache
 * simulator shaped like the timing model's L1D: the same sets, ways, line
 * size and set-index function, one cache per SM, every cache emptied at
 * each kernel launch (the timing model invalidates its L1s then), and the
 * cache's write policy mapped onto cachesim's write modes:
 *   E write-evict, R read-only  -> evict (global and local stores)
 *   T write-through             -> through
 *   B write-back                -> allocate with write-allocate, else through
 *   L local WB / global WT      -> through for global stores; local stores
 *                                  as B
 * The replacement policy is the caller's (LRU for the SAGCS check, OPT for
 * the <sched>-BEL figures); CACHESIM_REPL asks for the L1's own (lru and
 * fifo by cachesim's code, any other through the timing model's policy). What the replay cannot reproduce is timing:
 * a line being filled (reserved) cannot be evicted in the timing model and
 * a store to it does not invalidate it, while in the replay every line is
 * present from its miss on; a sectored L1 counts sector misses that a
 * line-granular replay does not see. */
#ifndef CCGPU_ANALYSIS_L1REPLAY_H
#define CCGPU_ANALYSIS_L1REPLAY_H
#include "analysis/cachesim_run.h"
#include "mem/cache_config.h"

struct l1replay {
    struct cache_config l1;
    struct cachesim_run_config run;
};

/* dl1: a gpgpu_cache:dl1 string. -1 with a one-line message ("none", or a
 * bad string). */
int l1replay_init(struct l1replay *r, const char *dl1, enum cachesim_policy policy, int locality,
                  char *err, size_t errlen);
/* Runs the trace file; *insts (may be NULL) gets the trace's instruction
 * count. -1 with a one-line message (a trace of another level or line size
 * is refused). */
int l1replay_file(const struct l1replay *r, const char *path, struct cachesim_run_result *res,
                  uint64_t *insts, char *err, size_t errlen);

#endif
