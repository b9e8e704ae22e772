/* Runs a whole access stream through the trace cache simulator: one cache
 * per SM for an L1 stream (each SM has its own L1D) or one shared cache, the
 * OPT next-use pass first when the policy needs it, and optionally the
 * locality breakdown in this cache and in an unbounded fully associative one
 * plus reuse distances (all per cache, summed). Reuse distances and the
 * locality breakdown count the accesses the cache sees: writes too, unless
 * the write mode is "ignore". */
#ifndef CCGPU_ANALYSIS_CACHESIM_RUN_H
#define CCGPU_ANALYSIS_CACHESIM_RUN_H
#include "analysis/cachesim.h"
#include "analysis/locality.h"
#include "analysis/reuse.h"
#include "analysis/source.h"

struct cachesim_run_config {
    struct cachesim_config cache;
    int per_sm;   /* one cache per SM id; else one cache for all records */
    int locality; /* locality breakdown (this cache and unbounded) and reuse distances */
    unsigned kinds; /* bit k set: simulate records of kind k; 0 = all kinds */
    int flush_kernels; /* empty every cache when the kernel changes (the timing
                          model invalidates its L1s at each launch) */
    int general;  /* always the general path (cachesim_fast.h's fast path off;
                     the results are the same, tests compare the two) */
    uint64_t sparse_ids; /* the OPT fast path's sparseness limit (cachesim_fast.c's
                            SPARSE_IDS when 0; tests lower it to reach the fallback) */
    uint32_t threads;    /* the OPT fast path runs its caches (one per SM) on up to
                            this many threads (0 or 1: the caller's alone); the
                            results are the same */
};

struct cachesim_run_result {
    uint64_t records;  /* read from the source */
    uint64_t excluded; /* of those, not of a simulated kind */
    uint32_t caches;  /* caches simulated */
    struct cachesim_stats stats;
    /* with locality: */
    struct locality_counts loc, loc_unbounded;
    struct cachesim_stats unbounded;
    struct reuse_hist reuse;
    uint64_t distinct; /* distinct lines (per cache, summed): the compulsory misses */
};

/* Whether record r is of a kind cfg simulates. */
/* Records the fast paths take from their source per call. */
#define CACHESIM_BATCH 256

static inline int cachesim_run_includes(const struct cachesim_run_config *cfg,
                                        const struct trace_record *r)
{
    return !cfg->kinds || (cfg->kinds >> r->kind & 1);
}

static inline int cachesim_run_includes_access(const struct cachesim_run_config *cfg,
                                               const struct trace_access *a)
{
    return !cfg->kinds || (cfg->kinds >> a->kind & 1);
}

/* 0, or -1 with a one-line message (a corrupt source names its file). */
int cachesim_run(const struct cachesim_run_config *cfg, struct access_source *src,
                 struct cachesim_run_result *res, char *err, size_t errlen);

uint64_t cachesim_stats_hits(const struct cachesim_stats *s);
/* sum += s, field by field. */
void cachesim_stats_add(struct cachesim_stats *sum, const struct cachesim_stats *s);
uint64_t cachesim_stats_misses(const struct cachesim_stats *s);

#endif
