/* The cycle-level GPU: SMs (sm.h) on the memory system (src/mem/memsys.h),
 * clocked in core cycles, with CTA dispatch (dispatch.h). The host API
 * (src/gpu/gpu.c) creates one per GPU in timing mode and runs each launch
 * through it. Time continues across launches; the L1s are invalidated at
 * each launch, the L2 keeps its contents. A launch ends when every CTA has
 * retired and the memory system is idle (posted stores included). */
#ifndef CCGPU_TIMING_GPU_TIMING_H
#define CCGPU_TIMING_GPU_TIMING_H
#include <stddef.h>
#include <stdint.h>
#include "ptx/engine.h"
#include "policy/policy_gpu.h"

struct ccgpu_config;
struct stats;
struct gpu_timing;

struct gpu_timing_params {
    uint32_t n_sms, max_threads_per_sm, max_ctas_per_sm, shmem_per_sm, registers_per_sm;
    uint32_t cores_per_cluster; /* SMs sharing a response FIFO (gpgpu_perfect_mem); 0 = 1 */
};

/* Reads the timing options from store (see sm_config.c and
 * memsys_options.c); NULL with a one-line message on a bad option. */
struct gpu_timing *gpu_timing_create(const struct ccgpu_config *store,
                                     const struct gpu_timing_params *p, char *err,
                                     size_t errlen);
void gpu_timing_free(struct gpu_timing *g);
/* What gpu_timing_create checks, for a functional run (one configuration
 * file serves both modes) without building the model: the options are
 * read and the sizes checked for p's SM count, and the memory system, one
 * SM and the CTA dispatcher are made and freed for their own checks, so
 * the memory it takes does not grow with the SM count; no trace file is
 * opened. 0, or -1 with the message gpu_timing_create would give. */
int gpu_timing_check_options(const struct ccgpu_config *store, const struct gpu_timing_params *p,
                             char *err, size_t errlen);
/* ccgpu_regs_per_thread (0: the launch's own figure is used). */
uint32_t gpu_timing_regs_override(const struct gpu_timing *g);
/* As gpu_timing_free, for a model never used (creation failed, or a
 * functional run): trace files it created are removed, not left as stubs. */
void gpu_timing_discard(struct gpu_timing *g);
/* Registers cycles, warp_ipc, thread_ipc, l1d.*, sched.*, warps.*, ldst.* and
 * the memory system's counters; -1 on allocation failure. l1d.mpki is
 * L1D misses per 1000 warp instructions, l1d.mpki_thread per 1000 thread
 * instructions (GPGPU-Sim's instruction count). */
int gpu_timing_register_stats(struct gpu_timing *g, struct stats *s);

struct energy_activity;
/* The activity the energy model prices (src/power/energy.h), totals since
 * the model was created, as of the latest launch's end: every field but
 * warp_insts, thread_insts and the events counted from them (instruction
 * fetch, scheduler, pipeline, texture), which the host API fills from its
 * own counters. Reads counters only; changes nothing. */
void gpu_timing_energy_activity(const struct gpu_timing *g, struct energy_activity *a);
/* The SM options (latencies for an instruction source's timing facts). */
struct sm_config;
const struct sm_config *gpu_timing_sm_config(const struct gpu_timing *g);
/* The core clock, MHz (gpgpu_clock_domains' first figure). */
double gpu_timing_core_mhz(const struct gpu_timing *g);

struct isrc;
struct tinst;
struct gpu_timing_launch {
    struct ptx_launch *l;           /* the PTX engine's launch, or NULL with src */
    const struct ptx_module *mod;
    uint32_t grid[3];
    uint32_t regs_per_thread;  /* estimate; ccgpu_regs_per_thread overrides */
    uint64_t max_warp_insts;   /* 0 = unlimited */
    /* the allocations the kernel's pointer parameters point into (FG-CB's
     * base addresses, policy_gpu.h); at most POLICY_GPU_MAX_REGIONS used */
    const struct policy_region *regions;
    uint32_t nregions;
    uint32_t index;            /* the launch's index in the run (CTA policies) */
    const uint64_t *ws_bytes;  /* measured per-CTA working sets, or NULL */
    uint32_t ws_n;
    int func_cache;            /* the kernel's cache preference set through the API
                                * (enum carve_pref), or -1: ccgpu_func_cache decides */
    const struct carveout_choice *carve; /* the launch's carve-out, as gpu_timing_carveout
                                          * chose it for this launch */
    /* measured per-CTA line sets (ccgpu_set_cta_linesets), or NULL */
    const uint32_t *ws_off, *ws_lines;
    uint32_t ws_nlines, ws_nsets;
    const struct isrc *src;    /* another instruction source than l (timing/isrc.h), or NULL */
    /* sees every executed warp instruction at its issue (a trace writer), or NULL */
    void (*tap)(void *ctx, const struct ptx_dyninst *d, const struct tinst *ti);
    void *tap_ctx;
};
struct carveout_choice;
/* Runs the launch to completion: 0, or -1 with the message in err. */
int gpu_timing_run(struct gpu_timing *g, const struct gpu_timing_launch *gl, char *err,
                   size_t errlen);
/* The L1D / shared-memory carve-out launch gl will get (carveout.h), the
 * same as gpu_timing_run applies; regs as the dispatcher counts them. -1
 * with a message when the kernel cannot be given one. */
struct carveout_choice;
int gpu_timing_carveout(const struct gpu_timing *g, const struct gpu_timing_launch *gl,
                        uint32_t regs, struct carveout_choice *out, char *err, size_t errlen);
/* Whether any carve-out option is set (launches then report theirs). */
int gpu_timing_carveout_active(const struct gpu_timing *g);
/* A host copy to or from device memory (addr, bytes) happened between
 * launches: with gpgpu_perf_sim_memcpy 1 the L2 slices now hold those
 * sectors, as in GPGPU-Sim (memsys_l2_preload); otherwise nothing. */
void gpu_timing_host_copy(struct gpu_timing *g, uint64_t addr, uint64_t bytes);
/* Core cycles simulated so far. */
uint64_t gpu_timing_cycles(const struct gpu_timing *g);

#endif
