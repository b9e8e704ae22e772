/* The set of a launch's CTAs already dispatched, in memory proportional to
 * the CTAs dispatched so far rather than to the grid: one bit per CTA in
 * chunks allocated on first use, so a grid of 2^31-1 CTAs that stops early
 * (an error, ccgpu_max_warp_instructions) costs a few pages, not 2 GB. */
#ifndef CCGPU_TIMING_CTA_SET_H
#define CCGPU_TIMING_CTA_SET_H
#include <stdint.h>

struct cta_set {
    uint64_t **chunk; /* CTA_SET_CHUNK bits each, NULL until used */
    uint32_t nchunks, cap;
};

void cta_set_init(struct cta_set *s);
void cta_set_free(struct cta_set *s);
/* Empties the set and sizes it for ids 0..n-1; -1 out of memory. */
int cta_set_reset(struct cta_set *s, uint32_t n);
int cta_set_has(const struct cta_set *s, uint32_t id);
/* -1 out of memory. */
int cta_set_add(struct cta_set *s, uint32_t id);

#endif
