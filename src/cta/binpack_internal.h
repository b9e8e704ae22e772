/* Helpers shared by the bin packers in src/cta/ (not part of the public API). */
#ifndef CCGPU_CTA_BINPACK_INTERNAL_H
#define CCGPU_CTA_BINPACK_INTERNAL_H
#include "cta/awss.h"
#include <stdint.h>

/* CTA ids sorted by decreasing size, ties by increasing id (deterministic).
 * Returns a malloc'd array of n ids, or NULL on allocation failure. */
uint32_t *binpack_sort_desc(const uint64_t *sizes, uint32_t n);

/* The packers on CTA ids already sorted by binpack_sort_desc, so that
 * Algorithm 1's repeated packings sort once. */
int binpack_lmf_sorted(const uint64_t *sizes, const uint32_t *ids, uint32_t n, uint64_t cap,
                       uint32_t k, int open_end, struct awss_schedule *out);
int binpack_iwfd_sorted(const uint64_t *sizes, const uint32_t *ids, uint32_t n, uint64_t cap,
                        uint32_t k, struct awss_schedule *out);
int binpack_static_sorted(const uint64_t *sizes, const uint32_t *ids, uint32_t n, uint64_t cap,
                          uint32_t k, enum awss_mode mode, struct awss_schedule *out);

#endif
