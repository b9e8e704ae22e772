/* GPU-wide state that policies of one GPU share (the simulation context's
 * part for policies; no globals). The timing model (gpu_timing.c) owns one,
 * hands it to every SM's warp scheduler and bypass policy through their env,
 * and updates the launch fields at each launch:
 *   launch        counts launches from 1 (0 = none yet); a policy that keeps
 *                 per-kernel state compares it with the value it last saw
 *   kernel_start  the core cycle the launch began (sampling periods count
 *                 from here)
 *   kernel        the kernel's name (DWT-CS remembers warp counts by it)
 *   regions       the launch's base addresses: for each pointer parameter
 *                 that points into a live device allocation, that
 *                 allocation [base, end), in parameter order, duplicates
 *                 removed (FG-CB, sacat-tpds2017 §4.3)
 * dwt is the DWT-CS coordinator (policy/warp/dwt_coord.h), created by the first
 * SM's dwt or sacat scheduler and freed with the context. long_wait answers
 * ccgpu_warp_long_wait (ccgpu_policy.h) for a warp slot of SM sm, with
 * long_wait_ctx; the timing model sets it, NULL where nothing can answer
 * (the query then says 0). */
#ifndef CCGPU_POLICY_POLICY_GPU_H
#define CCGPU_POLICY_POLICY_GPU_H
#include <stdint.h>

#define POLICY_GPU_MAX_REGIONS 64

struct policy_region {
    uint64_t base, end;
};

struct dwt_coord;

struct policy_gpu {
    uint32_t n_sms;
    uint64_t launch;
    uint64_t kernel_start;
    char kernel[128];
    uint32_t nregions;
    struct policy_region regions[POLICY_GPU_MAX_REGIONS];
    struct dwt_coord *dwt;
    int (*long_wait)(void *ctx, uint32_t sm, uint32_t slot, uint64_t at);
    void *long_wait_ctx;
};

/* Index of the region holding addr, or -1. */
static inline int policy_gpu_region_of(const struct policy_gpu *g, uint64_t addr)
{
    for (uint32_t i = 0; i < g->nregions; i++)
        if (addr >= g->regions[i].base && addr < g->regions[i].end)
            return (int)i;
    return -1;
}

/* Frees what policies attached (the DWT-CS coordinator). */
void policy_gpu_release(struct policy_gpu *g);

#endif
