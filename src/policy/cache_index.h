/* Cache set-index functions, a policy kind: one file per function
 * (src/policy/index_NAME.c), each filling one struct cache_index_ops, listed
 * once in cache_index.def. Chosen by exact name ("linear", "ipoly") or by the
 * GPGPU-Sim set-index letter as alias ("L", "P"); "name:args" passes args to
 * init. Shared by the timing model's caches and the trace cache simulator. */
#ifndef CCGPU_POLICY_CACHE_INDEX_H
#define CCGPU_POLICY_CACHE_INDEX_H
#include <stddef.h>
#include <stdint.h>

struct cache_index;

struct cache_index_ops {
    int version;       /* 1; hooks may be appended later */
    const char *name;  /* exact name */
    const char *alias; /* GPGPU-Sim letter or NULL */
    /* Validates args (may be NULL) for nsets sets; -1 with a message on error. */
    int (*init)(struct cache_index *idx, const char *args, char *err, size_t errlen);
    /* Set of a block number (byte address / line size). */
    uint32_t (*set_of)(const struct cache_index *idx, uint64_t block);
};

struct cache_index {
    const struct cache_index_ops *ops;
    uint32_t nsets;      /* a power of two unless the function says otherwise */
    uint32_t log2_nsets;
    uint64_t param;      /* function-specific (e.g. the polynomial) */
};

/* Looks spec ("name" or "name:args") up and initialises idx for nsets sets. */
int cache_index_init(struct cache_index *idx, const char *spec, uint32_t nsets,
                     char *err, size_t errlen);

static inline uint32_t cache_index_set(const struct cache_index *idx, uint64_t block)
{
    return idx->ops->set_of(idx, block);
}

/* Table of all index functions (from cache_index.def), NULL-terminated. */
extern const struct cache_index_ops *const cache_index_table[];

#endif
