/* The victim tag array of CCWS's lost intra-warp locality detector
 * (ccws-micro2012 §3.3.3, Fig. 5 items 10-13): tags only, no data, divided
 * into one private share per warp slot. The L1D writes the tag of every line
 * it evicts into the share of the warp that reserved the line; an L1D miss
 * probes the missing warp's own share, and a hit there says the warp lost
 * locality it would have kept with more exclusive use of the cache.
 *
 * A share holds `entries` tags organised as entries/assoc sets of `assoc`
 * ways, LRU within a set; set = block number mod sets. The paper's design
 * point, 16 entries 8-way, is 2 sets x 8 ways per warp (512 entries for 32
 * warps), which is also how the public CCWS release organises it. assoc >=
 * entries makes a share fully associative (the paper's Fig. 13 1-4 entry
 * points). Tags are whole block numbers, so no two lines alias.
 *
 * Readings (not stated by the paper, see docs/ccws.md):
 * - set index: with hash_index (the public release's choice) the block
 *   number is XOR-folded into the set bits, so lines a power-of-two stride
 *   apart (a feature-major array, a matrix column) do not all fall into one
 *   set of the share; otherwise set = block mod sets.
 * - a probe that hits keeps the tag with keep_on_hit (the public release:
 *   it only probes), else removes it (the line is being brought back, as a
 *   victim-cache hit moves it back, and re-enters the share when evicted).
 * - inserting a tag already in the share refreshes it instead of storing a
 *   duplicate. */
#ifndef CCGPU_POLICY_CCWS_VTA_H
#define CCGPU_POLICY_CCWS_VTA_H
#include <stddef.h>
#include <stdint.h>

#define CCWS_VTA_EMPTY UINT64_MAX

struct ccws_vta {
    uint32_t n_warps, entries, assoc, nsets;
    uint64_t *tag;   /* [warp][set][way], CCWS_VTA_EMPTY when free */
    uint64_t *stamp; /* last insert of each entry (LRU) */
    uint64_t clock;
    int hash_index;  /* XOR-fold the block into the set bits (else mod) */
    int keep_on_hit; /* a probe hit leaves the tag in place */
    uint32_t set_bits;
    /* How many entries of all shares hold a block of each hash bucket
     * (VTA_BUCKETS of them): a store to a block whose bucket is empty is in
     * no share, and clear_block returns at once. */
    uint32_t *bucket;
    /* statistics */
    uint64_t probes, hits, inserts, store_clears;
};

/* entries and assoc >= 1, entries a multiple of assoc unless assoc >=
 * entries; -1 with a message otherwise or on out of memory. hash_index and
 * keep_on_hit start at 0; set them before the first insert. */
int ccws_vta_init(struct ccws_vta *v, uint32_t n_warps, uint32_t entries, uint32_t assoc,
                  char *err, size_t errlen);
void ccws_vta_free(struct ccws_vta *v);
/* Empties a warp's share (a new warp took the slot). */
void ccws_vta_clear_warp(struct ccws_vta *v, uint32_t warp);
/* The L1D evicted block, reserved by warp (ignored when out of range). */
void ccws_vta_insert(struct ccws_vta *v, int32_t warp, uint64_t block);
/* An L1D miss of warp on block: 1 when block is in the warp's own share
 * (the tag removed unless keep_on_hit), else 0. */
int ccws_vta_probe(struct ccws_vta *v, int32_t warp, uint64_t block);
/* A global store to block: removes the tag from every share (the public
 * release's behaviour, optional in ccgpu). */
void ccws_vta_clear_block(struct ccws_vta *v, uint64_t block);
/* Whether block is in warp's share (no side effects; for tests and tools). */
int ccws_vta_contains(const struct ccws_vta *v, uint32_t warp, uint64_t block);

#endif
