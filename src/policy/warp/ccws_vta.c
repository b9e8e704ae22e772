/* CCWS victim tag array: per-warp shares, set-associative, LRU. */
#include "ccws_vta.h"
#include <stdio.h>
#include <stdlib.h>

#define VTA_BUCKETS 4096u

static uint32_t bucket_of(uint64_t block)
{
    return (uint32_t)((block * 0x9e3779b97f4a7c15ull) >> 52); /* 12 bits */
}
_Static_assert(VTA_BUCKETS == 1u << 12, "bucket_of gives 12 bits");

/* Entry i of the array now holds block (or CCWS_VTA_EMPTY), the buckets
 * kept in step. */
static void retag(struct ccws_vta *v, size_t i, uint64_t block)
{
    if (v->tag[i] != CCWS_VTA_EMPTY)
        v->bucket[bucket_of(v->tag[i])]--;
    if (block != CCWS_VTA_EMPTY)
        v->bucket[bucket_of(block)]++;
    v->tag[i] = block;
}

int ccws_vta_init(struct ccws_vta *v, uint32_t n_warps, uint32_t entries, uint32_t assoc,
                  char *err, size_t errlen)
{
    *v = (struct ccws_vta){ 0 };
    if (!entries || !assoc) {
        snprintf(err, errlen, "ccws: vta entries and assoc must be at least 1 (got %u, %u)",
                 entries, assoc);
        return -1;
    }
    if (assoc > entries)
        assoc = entries;
    if (entries % assoc) {
        snprintf(err, errlen, "ccws: vta entries (%u) must be a multiple of assoc (%u)", entries,
                 assoc);
        return -1;
    }
    size_t n = (size_t)n_warps * entries;
    v->tag = malloc((n ? n : 1) * sizeof *v->tag);
    v->stamp = calloc(n ? n : 1, sizeof *v->stamp);
    v->bucket = calloc(VTA_BUCKETS, sizeof *v->bucket);
    if (!v->tag || !v->stamp || !v->bucket) {
        ccws_vta_free(v);
        snprintf(err, errlen, "ccws: out of memory for the victim tag array");
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        v->tag[i] = CCWS_VTA_EMPTY;
    v->n_warps = n_warps;
    v->entries = entries;
    v->assoc = assoc;
    v->nsets = entries / assoc;
    while (((uint64_t)1 << v->set_bits) < v->nsets)
        v->set_bits++;
    return 0;
}

void ccws_vta_free(struct ccws_vta *v)
{
    free(v->tag);
    free(v->stamp);
    free(v->bucket);
    v->tag = NULL;
    v->stamp = NULL;
    v->bucket = NULL;
}

static uint64_t set_of(const struct ccws_vta *v, uint64_t block)
{
    if (!v->hash_index || v->nsets == 1)
        return block % v->nsets;
    uint64_t x = 0, mask = ((uint64_t)1 << v->set_bits) - 1;
    for (uint64_t h = block; h; h >>= v->set_bits)
        x ^= h & mask;
    return x % v->nsets;
}

/* First entry of the set of block in warp's share. */
static size_t set_base(const struct ccws_vta *v, uint32_t warp, uint64_t block)
{
    return (size_t)warp * v->entries + (size_t)set_of(v, block) * v->assoc;
}

static int find(const struct ccws_vta *v, size_t base, uint64_t block)
{
    for (uint32_t w = 0; w < v->assoc; w++)
        if (v->tag[base + w] == block)
            return (int)w;
    return -1;
}

void ccws_vta_clear_warp(struct ccws_vta *v, uint32_t warp)
{
    if (warp >= v->n_warps)
        return;
    for (uint32_t i = 0; i < v->entries; i++)
        retag(v, (size_t)warp * v->entries + i, CCWS_VTA_EMPTY);
}

void ccws_vta_insert(struct ccws_vta *v, int32_t warp, uint64_t block)
{
    if (warp < 0 || (uint32_t)warp >= v->n_warps || block == CCWS_VTA_EMPTY)
        return;
    size_t base = set_base(v, (uint32_t)warp, block);
    int w = find(v, base, block);
    if (w < 0) { /* an empty way, else the least recently inserted */
        w = 0;
        for (uint32_t i = 0; i < v->assoc; i++) {
            if (v->tag[base + i] == CCWS_VTA_EMPTY) {
                w = (int)i;
                break;
            }
            if (v->stamp[base + i] < v->stamp[base + (uint32_t)w])
                w = (int)i;
        }
    }
    retag(v, base + (uint32_t)w, block);
    v->stamp[base + (uint32_t)w] = ++v->clock;
    v->inserts++;
}

int ccws_vta_probe(struct ccws_vta *v, int32_t warp, uint64_t block)
{
    if (warp < 0 || (uint32_t)warp >= v->n_warps)
        return 0;
    v->probes++;
    size_t base = set_base(v, (uint32_t)warp, block);
    int w = find(v, base, block);
    if (w < 0)
        return 0;
    if (!v->keep_on_hit)
        retag(v, base + (uint32_t)w, CCWS_VTA_EMPTY);
    v->hits++;
    return 1;
}

void ccws_vta_clear_block(struct ccws_vta *v, uint64_t block)
{
    if (block == CCWS_VTA_EMPTY || !v->bucket[bucket_of(block)])
        return; /* in no share */
    size_t base = (size_t)set_of(v, block) * v->assoc; /* the same set in every share */
    for (uint32_t warp = 0; warp < v->n_warps; warp++, base += v->entries) {
        int w = find(v, base, block);
        if (w >= 0) {
            retag(v, base + (uint32_t)w, CCWS_VTA_EMPTY);
            v->store_clears++;
        }
    }
}

int ccws_vta_contains(const struct ccws_vta *v, uint32_t warp, uint64_t block)
{
    return warp < v->n_warps && find(v, set_base(v, warp, block), block) >= 0;
}
