/* Reuse (LRU stack) distance: for each access, the number of distinct other
 * blocks accessed in the same stream since the previous access to its block;
 * a fully associative LRU cache of C lines hits exactly the accesses with
 * distance < C. Exact, O(log n) per access: a Fenwick tree over access times
 * marks each block's latest access; the distance is the number of marks after
 * the block's previous access. The tree grows with the stream. */
#ifndef CCGPU_ANALYSIS_REUSE_H
#define CCGPU_ANALYSIS_REUSE_H
#include "analysis/blockmap.h"
#include <stdint.h>

/* bucket 0: distance 0; bucket k >= 1: 2^(k-1) <= distance < 2^k */
#define REUSE_BUCKETS 33

struct reuse_hist {
    uint64_t bucket[REUSE_BUCKETS];
    uint64_t cold; /* first accesses: infinite distance */
};

struct reuse_tracker {
    struct blockmap last; /* block -> time (1-based) of its latest access */
    uint32_t *tree;       /* Fenwick tree, 1-based */
    uint64_t n, cap;
};

int reuse_init(struct reuse_tracker *t);
void reuse_free(struct reuse_tracker *t);
/* Records an access to block; adds its distance to h. *distance (may be NULL)
 * gets it, UINT64_MAX for a first access. -1 when out of memory. */
int reuse_access(struct reuse_tracker *t, uint64_t block, struct reuse_hist *h,
                 uint64_t *distance);
/* Distinct blocks seen. */
uint64_t reuse_distinct(const struct reuse_tracker *t);
unsigned reuse_bucket(uint64_t distance);
void reuse_hist_add(struct reuse_hist *sum, const struct reuse_hist *h);

#endif
