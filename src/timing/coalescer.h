/* Coalescer: the lane addresses of one warp memory instruction become line
 * requests, each with the mask of the sectors its lanes touch, in order of
 * the first lane that touches the line. */
#ifndef CCGPU_TIMING_COALESCER_H
#define CCGPU_TIMING_COALESCER_H
#include <stdint.h>
#include "ptx/engine.h"

#define COALESCE_MAX 128 /* 32 lanes x (16-byte elements split over lines / local words) */

#define COALESCE_HASH 256 /* twice COALESCE_MAX: an open-addressing table never fills */

struct coalesced {
    uint32_t n;
    uint64_t line[COALESCE_MAX]; /* line-aligned byte address */
    uint8_t sectors[COALESCE_MAX];
    /* the coalescer's own index from line to request, for the sub-warp
     * being coalesced: entries of generation gen (one per sub-warp) hold a
     * request index; the others are empty */
    uint32_t gen;
    uint32_t hgen[COALESCE_HASH];
    uint8_t hidx[COALESCE_HASH];
};

/* Local memory is per thread; the L1 sees it interleaved word by word so a
 * warp reading the same local offset touches consecutive words (as
 * GPGPU-Sim's local memory map): word k of thread t (GPU-wide thread index)
 * is at base + k * stride + t * 4, stride = 4 x threads on the GPU. */
struct coalesce_local {
    uint64_t base, stride;
    uint32_t first_thread; /* GPU-wide index of lane 0 of this warp */
};

/* out must start zeroed (its index, below); reusing it needs nothing more.
 * line_shift/sector_shift: log2 of line and sector bytes. loc is used when
 * d->space is local, else NULL. parts (1, 2, 4, ...; gpgpu_shmem_warp_parts)
 * splits the warp into sub-warps of 32/parts lanes coalesced one after the
 * other: the same line touched by two sub-warps is two requests, as on
 * compute capability 1.x hardware, which coalesces per half-warp. */
void coalesce(const struct ptx_dyninst *d, uint32_t parts, uint32_t line_shift,
              uint32_t sector_shift, const struct coalesce_local *loc, struct coalesced *out);

/* Atomics, as GPGPU-Sim 4.x's memory_coalescing_arch_atomic (an atomic is
 * .cg there, so its segments are 32-byte chunks on every architecture): one
 * request per 32-byte chunk the lanes touch, in order of the first lane, and
 * lanes whose bytes overlap those of a request already in the chunk start
 * another (conflicting atomics are separate transactions). Each entry's line
 * is the chunk's address, its sectors 1. parts as for coalesce. */
void coalesce_atomic(const struct ptx_dyninst *d, uint32_t parts, struct coalesced *out);

#endif
