/* Functional runner: executes a launch without timing, dispatching CTAs like
 * a hardware CTA scheduler so %smid and %warpid are real: as many CTAs per SM
 * as occupancy allows, initial fill round-robin over SMs, then each freed slot
 * takes the next CTA. The resident CTAs take turns, SM by SM; in a CTA's turn
 * its warps run round-robin, each `warp_run` instructions at a time (or until
 * it reaches a barrier or exits), so the warps of a CTA advance together as
 * on a GPU and no warp runs far ahead of its siblings; a turn ends when each
 * warp has had `batch` instructions or none can run. Fully deterministic. */
#ifndef CCGPU_GPU_FUNCRUN_H
#define CCGPU_GPU_FUNCRUN_H
#include "ptx/engine.h"

/* ccgpu_functional_warp_run's default */
#define FUNCRUN_DEFAULT_WARP_RUN 1

struct funcrun_config {
    uint32_t num_sms;
    uint32_t max_threads_per_sm; /* warp slots = this / 32 */
    uint32_t max_ctas_per_sm;
    uint64_t shared_per_sm;
    uint32_t registers_per_sm;
    uint32_t regs_per_thread;    /* of the kernel (estimate), 0 = ignore */
    uint64_t max_warp_insts;     /* 0 = unlimited */
    uint64_t batch;              /* instructions per warp in a CTA's turn, 0 = default */
    uint64_t warp_run;           /* instructions a warp runs before the next warp of
                                  * its CTA (ccgpu_functional_warp_run), 0 = default */
};

/* CTAs one SM holds for this launch (0 when one CTA does not fit). */
uint32_t funcrun_ctas_per_sm(const struct funcrun_config *cfg, const struct ptx_launch *l);

/* Runs the launch to completion. 0, or -1 with the message in err. */
int funcrun_run(struct ptx_launch *l, const struct funcrun_config *cfg, char *err, size_t errlen);

#endif
