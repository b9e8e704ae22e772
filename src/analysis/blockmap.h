/* Open-addressing hash map from a block (line) number to a 32-bit value, used
 * by the trace cache simulator (tag lookup in O(1) whatever the associativity),
 * OPT's next-use pass and the reuse-distance tracker. Linear probing with
 * backward-shift deletion, so there are no tombstones and lookups stay short
 * under the heavy insert/remove churn of a cache. */
#ifndef CCGPU_ANALYSIS_BLOCKMAP_H
#define CCGPU_ANALYSIS_BLOCKMAP_H
#include <stdint.h>

struct blockmap_entry {
    uint64_t key;
    uint32_t val;
    uint32_t used;
};

struct blockmap {
    struct blockmap_entry *e;
    uint64_t mask;  /* capacity - 1; capacity is a power of two */
    uint64_t count;
    unsigned shift; /* 64 - log2(capacity) */
};

/* Room for `expected` keys without growing. -1 when out of memory. */
int blockmap_init(struct blockmap *m, uint64_t expected);
void blockmap_free(struct blockmap *m);
/* The value slot of key, or NULL. */
uint32_t *blockmap_find(const struct blockmap *m, uint64_t key);
/* The value slot of key, inserted with value `val` when absent (*added = 1).
 * NULL when out of memory. */
uint32_t *blockmap_insert(struct blockmap *m, uint64_t key, uint32_t val, int *added);
/* Removes key if present. */
void blockmap_remove(struct blockmap *m, uint64_t key);

#endif
