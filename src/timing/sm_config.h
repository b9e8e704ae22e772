/* Options of the SM pipeline, read from the config store (GPGPU-Sim names
 * where GPGPU-Sim has the option, ccgpu_* otherwise). See sm_config.c for
 * every key, its default and what ccgpu does with it. */
#ifndef CCGPU_TIMING_SM_CONFIG_H
#define CCGPU_TIMING_SM_CONFIG_H
#include "timing/carveout.h"
#include "timing/mrpb.h"
#include <stddef.h>
#include <stdint.h>
#include "mem/cache_config.h"
#include "timing/opcollect.h"

struct ccgpu_config;

/* Function units. DP runs on the SFU when there are no DP units, integer
 * arithmetic on the SP when there are no INT units (GPGPU-Sim 3.x), mma on
 * the SP when there are no tensor-core units. The ALU kinds come before
 * FU_MEM. */
enum fu_kind { FU_SP, FU_SFU, FU_DP, FU_INT, FU_TENSOR, FU_MEM, FU_COUNT };

/* Latency classes of ptx_opcode_latency_* (GPGPU-Sim's ADD,MAX,MUL,MAD,DIV;
 * SHFL only in the _int lists, GPGPU-Sim 4.x's sixth field). */
enum lat_class { LAT_ADD, LAT_MAX, LAT_MUL, LAT_MAD, LAT_DIV, LAT_SHFL, LAT_COUNT };

/* Most instances of one kind of function unit per SM (gpgpu_num_*_units). */
#define SM_MAX_UNITS 32

struct sm_config {
    /* from the GPU (gpu.c reads these keys) */
    uint32_t n_sms, n_slots, max_threads, max_ctas;
    uint32_t shmem_bytes, registers;
    uint32_t regs_per_thread; /* ccgpu_regs_per_thread; 0 = PTX liveness estimate */
    /* issue */
    uint32_t n_sched, issue_width, max_issue_per_warp;
    int issue_one_warp; /* a scheduler issues from at most one warp a cycle (GPGPU-Sim) */
    uint32_t fetch_delay, branch_delay;
    /* ccgpu_fetch_stage: GPGPU-Sim's fetch stage (sm.c fetch_grant), fetch_width
     * warps a cycle (gpgpu_inst_fetch_throughput); 0: every warp refetches
     * after ccgpu_fetch_delay */
    int fetch_stage;
    uint32_t fetch_width;
    /* ccgpu_fetch_icache (with fetch_stage): the I-cache is looked up by the
     * fetch, and a line's waiters are fetched first when it arrives
     * (sm.c sm_fetch_grant) */
    int fetch_icache;
    /* ccgpu_longop_marks: GPGPU-Sim's stale long-latency marks (longop.c):
     * a register a long-latency load wrote stays long for the two-level
     * scheduler's demotion until an ALU instruction writes it */
    int longop_marks;
    struct cache_config il1; /* gpgpu_cache:il1, when icache */
    int icache;              /* instruction fetches miss to memory (rocache.h) */
    /* issue -> unit path per unit class (opcollect.h), and the cycles from a
     * result leaving its unit to a dependent instruction's issue */
    struct oc_shape oc[FU_COUNT];
    uint32_t oc_steps; /* gpgpu_reg_file_port_throughput: collector steps a cycle */
    int gpgpusim_alu_latency; /* ccgpu_gpgpusim_alu_latency (tinst.c) */
    uint32_t writeback_cycles;
    /* gpgpu_sub_core_model: each scheduler s has issue path s of every class
     * (its share of the ID_OC registers, collector units and OC_EX registers,
     * path_oc) and its own path_units unit instances of each ALU class; the
     * LD/ST unit stays shared. Without it there is one path (n_paths 1) of
     * the whole shapes and units, shared by every scheduler. */
    int sub_core;
    uint32_t n_paths;
    struct oc_shape path_oc[FU_COUNT];
    uint32_t path_units[FU_COUNT];
    /* function units */
    uint32_t n_units[FU_COUNT];
    uint32_t simd_width;
    uint16_t lat_int[LAT_COUNT], lat_fp[LAT_COUNT], lat_dp[LAT_COUNT], lat_sfu;
    uint16_t init_int[LAT_COUNT], init_fp[LAT_COUNT], init_dp[LAT_COUNT], init_sfu;
    uint16_t lat_tensor, init_tensor; /* mma (ptx_opcode_latency_tesnor, _initiation_tensor) */
    /* memory pipeline */
    struct cache_config l1;
    uint32_t l1_latency, l1_ports;
    uint32_t l1_banks, l1_bank_shift; /* gpgpu_l1_banks (0: off), log2 of its interleaving */
    int gmem_skip_l1d; /* gpgpu_gmem_skip_L1D: global accesses bypass the L1 */
    int flush_l1;      /* gpgpu_flush_l1_cache: L1 invalidated between kernels */
    struct carveout_config carve; /* per-launch L1/shared carve-out (carveout.h); l1 and
                                   * shmem_bytes above are a launch's, set by the timing
                                   * model from carve at each launch */
    uint32_t smem_latency, smem_banks;
    int cluster_spread;      /* ccgpu_cluster_spread: a thread-block cluster's CTAs over the
                              * SMs of one GPC (cluster_net.h); 0: all on one SM */
    uint32_t dsmem_latency;  /* ccgpu_dsmem_latency: SM-to-SM network cycles */
    uint32_t const_latency;
    struct cache_config cl1; /* gpgpu_const_cache:l1, when ccache */
    int ccache;              /* constant and parameter loads through a constant cache (rocache.h) */
    uint32_t max_loads; /* in-flight memory instructions per SM */
    uint32_t warp_parts; /* gpgpu_shmem_warp_parts: sub-warps coalesced apart */
    /* policies and simulation */
    char sched[64];
    char cta_sched[512];
    char bypass[128]; /* ccgpu_bypass: cache bypass policy (policy/bypass/bypass.def) */
    struct mrpb_config mrpb; /* ccgpu_mrpb (timing/mrpb.h) */
    uint64_t cta_sync_cycles; /* ccgpu_cta_sync_cycles */
    int prefetch;             /* ccgpu_prefetch: execute PTX prefetch */
    int skip_idle;
    int fast_paths; /* ccgpu_fast_paths: event-driven shortcuts */
    uint32_t sm_wake; /* ccgpu_sm_wake: SMs visited when an event wakes them (gpu_timing.c),
                         timing wheel cycles; 0 off */
    uint32_t issue_mask_warps; /* ccgpu_issue_mask_warps: live warps per scheduler from which
                                * the issue stage walks by masks (sm_issue.c) */
};

/* gpgpu_cache:dl1 when the configuration does not set it */
#define SM_CONFIG_DEFAULT_L1 "32:128:4,L:E:m:N,A:32:8,8"

struct sm_config_gpu {
    uint32_t n_sms, max_threads, max_ctas, shmem_bytes, registers;
};

/* Reads every SM option; -1 with a one-line message naming the option. */
int sm_config_read(struct sm_config *c, const struct sm_config_gpu *gpu,
                   const struct ccgpu_config *store, char *err, size_t errlen);

#endif
