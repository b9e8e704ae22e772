/* What stops a launch that cannot or should not go on, for the GPU loop
 * (gpu_timing.c): a plugin policy's broken contract, ccgpu_max_warp_instructions,
 * the watchdog (no warp instruction issued for ccgpu_watchdog_cycles),
 * the runaway check (no forward progress for ccgpu_runaway_cycles) and
 * ccgpu_launch_seconds; and the report of a launch with nothing left to
 * wait for. None of them changes a statistic of a launch that runs on. */
#ifndef CCGPU_TIMING_LAUNCH_GUARD_H
#define CCGPU_TIMING_LAUNCH_GUARD_H
#include "timing/gpu_timing_state.h"

struct launch_guard {
    const struct ptx_counters *cnt; /* the launch's instruction counts */
    uint64_t start;                 /* the launch's first cycle */
    uint64_t due;                   /* the earliest cycle the watchdog or runaway check looks */
    uint64_t wd_insts, wd_at, wd_due;
    uint64_t rw_prog, rw_at, rw_step, rw_due;
    uint32_t wall_count;
    double wall_start;
};

/* At cycle now, after the launch's dispatch began (start: its first cycle). */
void launch_guard_begin(struct launch_guard *gd, const struct gpu_timing *g,
                        const struct ptx_counters *cnt, uint64_t start, uint64_t now);
int launch_guard_slow(struct launch_guard *gd, struct gpu_timing *g, const struct isrc *l,
                      const struct gpu_timing_launch *gl, uint64_t now, char *err, size_t errlen);
/* Once per loop iteration at cycle now: 0 to go on, or -1 with err set. */
static inline int launch_guard_check(struct launch_guard *gd, struct gpu_timing *g,
                                     const struct isrc *l, const struct gpu_timing_launch *gl,
                                     uint64_t now, char *err, size_t errlen)
{
    if (!g->fault.set && !(gl->max_warp_insts && gd->cnt->warp_insts > gl->max_warp_insts) &&
        now < gd->due && !g->launch_seconds)
        return 0;
    return launch_guard_slow(gd, g, l, gl, now, err, errlen);
}
/* Why a launch cannot go on (what: how that was seen), in err; -1. */
int launch_stalled(struct gpu_timing *g, const struct isrc *l, uint64_t start, const char *what,
                   char *err, size_t errlen);

#endif
