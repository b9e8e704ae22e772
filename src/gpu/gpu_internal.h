/* Internal to the host API (src/gpu/gpu.c, device_memory.c, module.c,
 * texture_objects.c): the simulated GPU's state behind the opaque ccgpu of
 * include/ccgpu.h, and how its calls report failures. */
#ifndef CCGPU_GPU_INTERNAL_H
#define CCGPU_GPU_INTERNAL_H
#include "ccgpu.h"
#include "gpu/ptxas_info.h"
#include "gpu/stats.h"
#include "ptx/devmem.h"
#include "ptx/ptx.h"
#include <stdint.h>
#include <stdio.h>

#define MAX_PTXAS_KERNELS 64

struct ccgpu_module {
    struct ptx_module *mod;
    struct ptx_program *prog;
    struct ccgpu_module *next;
    struct ptxas_kernel_info *ptxas; /* ptxas -v figures, or NULL */
    int nptxas;
};

enum { MODE_FUNCTIONAL, MODE_TIMING };

/* Totals the statistics registry points at. */
struct gpu_counters {
    uint64_t kernels, ctas, warp_insts, thread_insts, thread_insts_exec;
    uint64_t warp_loads[PTX_SPACE_COUNT], warp_stores[PTX_SPACE_COUNT];
    uint64_t warp_atomics[PTX_SPACE_COUNT];
    uint64_t thread_loads[PTX_SPACE_COUNT], thread_stores[PTX_SPACE_COUNT];
    uint64_t branches, divergent_branches, barriers;
};

/* SASS trace replays (gpu_trace.c) */
struct gpu_trace_counters {
    uint64_t kernels, insts, mem_insts, unknown, no_address;
};

struct ccgpu {
    uint32_t n_clusters, cores_per_cluster, num_sms;
    uint32_t max_threads_per_sm, warp_size, max_ctas_per_sm;
    uint32_t shmem_per_sm, registers_per_sm;
    int mode;
    uint64_t max_warp_insts;
    int check_register_init; /* ccgpu_check_register_init: fill unread registers */
    uint64_t functional_warp_run; /* ccgpu_functional_warp_run: a warp's run in functional mode */
    struct devmem mem;
    struct gpu_timing *timing; /* timing mode: the cycle-level model */
    struct energy_stats *energy; /* ccgpu_power_file in timing mode, else NULL */
    struct ccgpu_module *modules;
    struct stats stats;
    struct gpu_counters cnt;
    struct gpu_trace_counters tcnt;
    struct sass_writer *sass_out; /* ccgpu_sass_trace_out, or NULL */
    FILE *printf_out;
    uint32_t launches;
    ccgpu_access_fn observer; /* ccgpu_set_access_observer */
    void *observer_ctx;
    char error[512];
    enum ccgpu_status status; /* of the latest failure */
    struct ccgpu_launch_info *linfo; /* per launch, as the statistics' kernels */
    int nlinfo, caplinfo;
    char *warnings; /* GPGPU-Sim options in the config that ccgpu does not model, or NULL */
    struct ccgpu_device_facts facts;
    struct gpu_ws {
        uint64_t *bytes;
        uint32_t n;
        uint32_t *off, *lines, nlines, nsets; /* ccgpu_set_cta_linesets, or NULL */
    } *ws; /* ccgpu_set_cta_worksets, by launch index */
    uint32_t nws;
    struct gpu_func_cache {
        char *kernel;
        int pref; /* enum carve_pref */
    } *func_cache; /* ccgpu_func_set_cache_config (cudaFuncSetCacheConfig) */
    uint32_t nfunc_cache;
};

/* The energy model (gpu_energy.c): options read at creation (the power
 * file loaded in timing mode), statistics registered, each launch priced
 * after its counters are final and before the registry records them. */
int gpu_energy_create(ccgpu *gpu, const ccgpu_config *cfg, char *err, size_t errlen);
int gpu_energy_register(ccgpu *gpu);
void gpu_energy_launch_end(ccgpu *gpu);
void gpu_energy_free(ccgpu *gpu);

/* Adds a launch's engine counters to the totals. */
struct ptx_counters;
void gpu_add_counters(struct gpu_counters *g, const struct ptx_counters *c);

/* A launch's occupancy figures into li (regs_per_thread set). */
struct isrc;
void gpu_occupancy(const ccgpu *gpu, const struct isrc *l, uint32_t shmem_per_sm,
                   struct ccgpu_launch_info *li);
int gpu_record_launch_info(ccgpu *gpu, const struct ccgpu_launch_info *li);

/* Records the failure of the current call (the message for ccgpu_error, a
 * status inferred from it: out of memory or invalid value); returns -1. */
int gpu_fail(ccgpu *gpu, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* gpu_fail with a status other than the one it infers. */
int gpu_fail_code(ccgpu *gpu, enum ccgpu_status code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
