/* Functional runner: executes a launch without timing, dispatching CTAs like
 * a hardware CTA scheduler so %smid and %warpid are real: as many CTAs per SM
 * as occupancy allows, initial fill round-robin over SMs, then each freed slot
 * takes the next CTA. Each warp runs a batch of instructions until it blocks
 * or exits, then the next warp; fully deterministic. */
#ifndef CCGPU_GPU_FUNCRUN_H
#define CCGPU_GPU_FUNCRUN_H
#include "ptx/engine.h"

struct funcrun_config {
    uint32_t num_sms;
    uint32_t max_threads_per_sm; /* warp slots = this / 32 */
    uint32_t max_ctas_per_sm;
    uint64_t shared_per_sm;
    uint32_t registers_per_sm;
    uint32_t regs_per_thread;    /* of the kernel (estimate), 0 = ignore */
    uint64_t max_warp_insts;     /* 0 = unlimited */
    uint64_t batch;              /* instructions per warp turn, 0 = default */
};

/* CTAs one SM holds for this launch (0 when one CTA does not fit). */
uint32_t funcrun_ctas_per_sm(const struct funcrun_config *cfg, const struct ptx_launch *l);

/* Runs the launch to completion. 0, or -1 with the message in err. */
int funcrun_run(struct ptx_launch *l, const struct funcrun_config *cfg, char *err, size_t errlen);

#endif
