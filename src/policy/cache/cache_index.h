/* Cache set-index functions, a policy kind: one file per function
 * (src/policy/cache/index_NAME.c), each filling one struct cache_index_ops, listed
 * once in cache_index.def. Chosen by exact name ("linear", "ipoly") or by the
 * GPGPU-Sim set-index letter as alias ("L", "P"); "name:args" passes args to
 * init. Shared by the timing model's caches and the trace cache simulator. */
#ifndef CCGPU_POLICY_CACHE_INDEX_H
#define CCGPU_POLICY_CACHE_INDEX_H
#include <stddef.h>
#include <stdint.h>
#include "ccgpu_policy.h"

/* Looks spec ("name" or "name:args") up and initialises idx for nsets sets. */
int cache_index_init(struct cache_index *idx, const char *spec, uint32_t nsets,
                     char *err, size_t errlen);
/* Releases what init allocated (the check around a plugin's function,
 * policy/guard.h; nothing for a built-in one). */
void cache_index_free(struct cache_index *idx);

static inline uint32_t cache_index_set(const struct cache_index *idx, uint64_t block)
{
    return idx->ops->set_of(idx, block);
}

/* Table of all index functions (from cache_index.def), NULL-terminated. */
extern const struct cache_index_ops *const cache_index_table[];

#endif
