/* cachesim_run's fast path for the common configurations (see
 * cachesim_fast.c): same results as the general path. */
#ifndef CCGPU_ANALYSIS_CACHESIM_FAST_H
#define CCGPU_ANALYSIS_CACHESIM_FAST_H
#include "analysis/cachesim_run.h"

/* Whether cfg is one the fast path simulates: OPT or OPT-bypass, bounded, at
 * most 64 ways, no locality breakdown. */
int cachesim_fast_eligible(const struct cachesim_run_config *cfg);
/* As cachesim_run, for an eligible cfg; or 1, nothing reported, when the
 * trace touches its blocks too sparsely for dense ids (the caller rewinds
 * the source and takes the general path). */
int cachesim_run_fast(const struct cachesim_run_config *cfg, struct access_source *src,
                      struct cachesim_run_result *res, char *err, size_t errlen);

/* The LRU/FIFO fast path (cachesim_scan.c): bounded, at most 64 ways, no
 * locality breakdown. Same results as the general path. */
int cachesim_scan_eligible(const struct cachesim_run_config *cfg);
int cachesim_run_scan(const struct cachesim_run_config *cfg, struct access_source *src,
                      struct cachesim_run_result *res, char *err, size_t errlen);

#endif
