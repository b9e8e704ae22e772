/* Belady OPT support: the next-use index of every access, which the OPT and
 * OPT-bypass policies of cachesim.h take with each access.
 *
 * next[i] = index of the next access to the same block in the same stream
 * (one stream per cache: per SM for L1 traces), or CACHESIM_NEVER. The
 * textbook computation is one backward pass over the trace; this is the same
 * array from one forward pass with a last-seen map (when block b is accessed
 * at i, next[last(b)] = i), so the trace never has to be held in memory: the
 * caller streams it once here and once more through the simulator. */
#ifndef CCGPU_ANALYSIS_OPT_H
#define CCGPU_ANALYSIS_OPT_H
#include "analysis/blockmap.h"
#include <stdint.h>

struct opt_nextuse {
    uint32_t *next;           /* next[i] for i < n */
    uint64_t n, cap;
    struct blockmap *streams; /* per stream: block -> index of its last access */
    uint32_t nstreams;
};

void opt_nextuse_init(struct opt_nextuse *o);
void opt_nextuse_free(struct opt_nextuse *o);
/* Appends access n (of `block` in `stream`). -1 when out of memory or past
 * 2^32 - 2 accesses. */
int opt_nextuse_add(struct opt_nextuse *o, uint32_t stream, uint64_t block);
/* Appends an access that the cache will not see (an ignored write). */
int opt_nextuse_skip(struct opt_nextuse *o);

#endif
