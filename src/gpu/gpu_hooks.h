/* Library-internal hooks into a ccgpu for analyses that need more than the
 * public API: every warp memory instruction the functional engine executes
 * (per-CTA working sets, access traces without the timing model). */
#ifndef CCGPU_GPU_GPU_HOOKS_H
#define CCGPU_GPU_GPU_HOOKS_H
#include "ccgpu.h"
#include "ptx/engine.h"

/* fn (NULL = none) is called for each executed warp ld/st/atom/red of every
 * later launch, with the dyninst (addresses, space, lanes, cta/warp/sm/slot).
 * During a launch, ccgpu_num_kernels(gpu) is the running launch's index. */
void gpu_set_mem_observer(ccgpu *gpu, ptx_mem_observer fn, void *ctx);

#endif
