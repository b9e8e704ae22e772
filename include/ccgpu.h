/* ccgpu — host API, in the spirit of the CUDA runtime.
 *
 * A `ccgpu` is one simulated GPU: all state lives in it, so a process may
 * create several. Functions that can fail return 0 on success and -1 on
 * failure; ccgpu_error() then gives a one-line message naming what and where,
 * and ccgpu_error_code() a code to branch on.
 *
 *   ccgpu_config *cfg = ccgpu_config_new();
 *   ccgpu_config_load(cfg, "configs/ccws.cfg");          // optional
 *   ccgpu_config_set(cfg, "ccgpu_mode", "functional");   // or -o key=value
 *   ccgpu *gpu = ccgpu_create(cfg, err, sizeof err);
 *   ccgpu_module *m = ccgpu_module_load_file(gpu, "vecadd.ptx");
 *   ccgpu_devptr a; ccgpu_malloc(gpu, &a, n * 4);
 *   ccgpu_memcpy_htod(gpu, a, host_a, n * 4);
 *   void *args[] = { &a, &n };
 *   ccgpu_launch(gpu, m, "vecadd", grid, block, 0, args, 2);
 *   ccgpu_memcpy_dtoh(gpu, host_a, a, n * 4);
 *   ccgpu_destroy(gpu); ccgpu_config_free(cfg);
 */
#ifndef CCGPU_H
#define CCGPU_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ccgpu ccgpu;               /* one simulated GPU */
typedef struct ccgpu_config ccgpu_config; /* key/value options */
typedef struct ccgpu_module ccgpu_module; /* a loaded PTX module, owned by its ccgpu */
typedef uint64_t ccgpu_devptr;            /* a device (global) address; 0 is never valid */

struct ccgpu_dim3 {
    uint32_t x, y, z;
};
/* dim3 as CUDA's: missing sizes are 1, so CCGPU_DIM3(256) is (256, 1, 1) and
 * CCGPU_DIM3(16, 16) is (16, 16, 1). (A plain `{256}` leaves y = z = 0, which
 * a launch refuses.) */
#define CCGPU_DIM3(...) CCGPU_DIM3_(__VA_ARGS__, 1, 1, 0)
#define CCGPU_DIM3_(x_, y_, z_, ...) ((struct ccgpu_dim3){ (x_), (y_), (z_) })

const char *ccgpu_version(void);

/* ---- configuration ------------------------------------------------------
 * Plain "key value" lines; '#' starts a comment; a leading '-' on the key is
 * accepted so GPGPU-Sim config files load unchanged. Later settings override
 * earlier ones. Every key must be consumed by some module when the GPU is
 * created, else ccgpu_create fails naming the key — except GPGPU-Sim options
 * ccgpu does not model, which are named by ccgpu_warnings(). */
ccgpu_config *ccgpu_config_new(void);
void ccgpu_config_free(ccgpu_config *cfg);
int ccgpu_config_load(ccgpu_config *cfg, const char *path);
int ccgpu_config_load_string(ccgpu_config *cfg, const char *text, const char *origin);
int ccgpu_config_set(ccgpu_config *cfg, const char *key, const char *value);
/* "key=value", as given to the command line's -o option */
int ccgpu_config_override(ccgpu_config *cfg, const char *key_equals_value);
const char *ccgpu_config_error(const ccgpu_config *cfg);

/* ---- the GPU ------------------------------------------------------------- */
/* On failure returns NULL and writes a one-line message into err. The config
 * may be freed after this call. */
ccgpu *ccgpu_create(const ccgpu_config *cfg, char *err, size_t errlen);
void ccgpu_destroy(ccgpu *gpu);
const char *ccgpu_error(const ccgpu *gpu);
/* What the latest failure was, to branch on (ccgpu_error says the details).
 * Like ccgpu_error it stays until the next failure. */
enum ccgpu_status {
    CCGPU_SUCCESS = 0,         /* nothing has failed on this GPU */
    CCGPU_ERROR_INVALID_VALUE, /* a bad argument: size, address, dimension, count */
    CCGPU_ERROR_NOT_FOUND,     /* no such kernel, symbol or statistic */
    CCGPU_ERROR_OUT_OF_MEMORY, /* host or device memory */
    CCGPU_ERROR_INVALID_PTX,   /* the module text or its ptxas figures */
    CCGPU_ERROR_LAUNCH_FAILED, /* the kernel failed: bad access, trap, deadlock */
    CCGPU_ERROR_LAUNCH_TIMEOUT, /* runaway kernel: ccgpu_max_warp_instructions */
    CCGPU_ERROR_IO,            /* a file (module, trace) could not be read or written */
    CCGPU_ERROR_STOPPED,       /* a run-length cap (gpgpu_max_cycle, gpgpu_max_insn,
                                * gpgpu_max_cta) was reached: the statistics cover the
                                * run up to it; later launches return this too */
};
enum ccgpu_status ccgpu_error_code(const ccgpu *gpu);
/* "" or a message naming every GPGPU-Sim option of the configuration that
 * ccgpu does not model and ignored, each with its origin, wrapped into lines
 * of about 100 columns (ccgpu_unmodelled_options error refuses them
 * instead). Unknown options are always an error. */
const char *ccgpu_warnings(const ccgpu *gpu);
/* Where device printf (vprintf) writes; stdout by default. */
void ccgpu_set_printf_stream(ccgpu *gpu, FILE *out);
/* Number of SMs. */
uint32_t ccgpu_num_sms(const ccgpu *gpu);
/* Read-only facts of the configured GPU (what cudaGetDeviceProperties
 * reports). */
struct ccgpu_device_facts {
    uint32_t num_sms, warp_size, max_threads_per_sm, max_ctas_per_sm;
    uint32_t max_threads_per_cta;
    uint32_t shmem_per_sm;     /* bytes */
    uint32_t registers_per_sm; /* 32-bit registers */
    uint32_t mem_partitions;  /* gpgpu_n_mem */
    uint32_t dram_bus_bits;   /* per partition */
    uint64_t l2_bytes;        /* all L2 slices together */
    uint32_t l2_line_bytes;
    double core_mhz, dram_mhz; /* gpgpu_clock_domains: core and DRAM */
    int timing;               /* 1 cycle-level, 0 functional */
};
void ccgpu_device_facts(const ccgpu *gpu, struct ccgpu_device_facts *out);

/* ---- device memory ------------------------------------------------------- */
int ccgpu_malloc(ccgpu *gpu, ccgpu_devptr *out, size_t bytes);
int ccgpu_free(ccgpu *gpu, ccgpu_devptr ptr);
int ccgpu_memcpy_htod(ccgpu *gpu, ccgpu_devptr dst, const void *src, size_t bytes);
int ccgpu_memcpy_dtoh(ccgpu *gpu, void *dst, ccgpu_devptr src, size_t bytes);
int ccgpu_memcpy_dtod(ccgpu *gpu, ccgpu_devptr dst, ccgpu_devptr src, size_t bytes);
int ccgpu_memset(ccgpu *gpu, ccgpu_devptr dst, int value, size_t bytes);

/* ---- texture and surface objects ------------------------------------------
 * An object describes texels in device memory (a linear buffer, a pitched 2D
 * allocation or a CUDA array's storage); its handle (a 64-bit value passed to
 * a kernel as cudaTextureObject_t / cudaSurfaceObject_t) is what PTX's
 * tex / tld4 / txq (texture) and suld / sust / suq (surface) take. The
 * handle is the device address of the descriptor the object writes (104
 * bytes of device memory); docs/cuda-runtime.md says what is modelled. */
enum ccgpu_channel_kind { CCGPU_CHANNEL_UNSIGNED, CCGPU_CHANNEL_SIGNED, CCGPU_CHANNEL_FLOAT };
/* numbered as cudaTextureAddressMode and cudaTextureFilterMode */
enum ccgpu_address_mode { CCGPU_ADDRESS_WRAP, CCGPU_ADDRESS_CLAMP, CCGPU_ADDRESS_MIRROR,
                          CCGPU_ADDRESS_BORDER };
enum ccgpu_filter_mode { CCGPU_FILTER_POINT, CCGPU_FILTER_LINEAR };
struct ccgpu_texture_desc {
    ccgpu_devptr base;               /* texel (0,0,0) */
    uint32_t dims;                   /* 1, 2 or 3 */
    uint32_t width, height, depth;   /* texels; unused sizes 0 or 1 */
    uint64_t pitch;                  /* bytes per row; 0 = width x texel size */
    uint64_t slice_pitch;            /* bytes per 2D slice; 0 = pitch x height */
    uint32_t channels;               /* 1, 2 or 4 */
    uint32_t channel_bits;           /* 8, 16 or 32 */
    enum ccgpu_channel_kind channel_kind;
    enum ccgpu_address_mode address[3];
    enum ccgpu_filter_mode filter;   /* linear needs a float read (float channels or read_normalized) */
    int read_normalized;             /* 8/16-bit integers read as [0,1] / [-1,1] floats */
    int normalized_coords;           /* coordinates in [0,1) */
    float border[4];                 /* border colour */
};
int ccgpu_texture_create(ccgpu *gpu, const struct ccgpu_texture_desc *desc, uint64_t *handle);
/* the same description (filter, read_normalized, normalized_coords unused) */
int ccgpu_surface_create(ccgpu *gpu, const struct ccgpu_texture_desc *desc, uint64_t *handle);
/* destroys a texture or surface object */
int ccgpu_texture_destroy(ccgpu *gpu, uint64_t handle);
/* 0 when p lies inside a live allocation (its start and size in *base and
 * *size, either may be NULL), else -1 (and no error message is set). */
int ccgpu_find_allocation(ccgpu *gpu, ccgpu_devptr p, ccgpu_devptr *base, size_t *size);
/* Makes host memory [host, host+bytes) visible to kernels at the device
 * address equal to the host address (unified addressing: managed and mapped
 * pinned memory). The range must lie below CCGPU_HOST_MAP_LIMIT and overlap
 * no allocation; the memory stays the caller's (ccgpu_unmap_host forgets it,
 * ccgpu_free refuses it). */
/* The host memory behind [p, p+bytes) of one live allocation, or NULL: the
 * storage of device memory itself, stable until the allocation is freed
 * (for host code that shares a variable with kernels: __managed__). */
void *ccgpu_host_view(ccgpu *gpu, ccgpu_devptr p, size_t bytes);
#define CCGPU_HOST_MAP_LIMIT 0x00007e0000000000ull
int ccgpu_map_host(ccgpu *gpu, void *host, size_t bytes);
int ccgpu_unmap_host(ccgpu *gpu, void *host);

/* ---- modules ------------------------------------------------------------- */
/* NULL on error (ccgpu_error: "FILE:LINE: message"). Modules live until the
 * GPU is destroyed. `name` labels errors for text modules. */
ccgpu_module *ccgpu_module_load_file(ccgpu *gpu, const char *path);
ccgpu_module *ccgpu_module_load_string(ccgpu *gpu, const char *ptx, const char *name);
/* Address and size of a module-scope .global or .const variable
 * (cudaGetSymbolAddress / cudaMemcpyToSymbol go through this). */
int ccgpu_module_symbol(ccgpu *gpu, ccgpu_module *mod, const char *name,
                        ccgpu_devptr *addr, size_t *size);

/* Facts of one kernel (.entry) of a module (cudaFuncGetAttributes); -1 when
 * the module has no kernel of that name. */
struct ccgpu_kernel_facts {
    int nparams;
    uint32_t registers;       /* ptxas figure, else the liveness estimate */
    uint64_t static_shared;   /* bytes of static .shared */
    uint64_t local_bytes;     /* per-thread .local frame */
    uint32_t max_threads;     /* .maxntid product, else 1024 */
    /* Why a launch of it is refused: "FILE:LINE: message" naming the first
     * instruction ccgpu cannot execute that the kernel reaches (in its body
     * or a function it calls), or NULL when it runs. Owned by the module. */
    const char *refused;
};
int ccgpu_kernel_facts(ccgpu *gpu, ccgpu_module *mod, const char *kernel,
                       struct ccgpu_kernel_facts *out);

/* Real register counts for occupancy: the text `ptxas -v` printed for this
 * module (the NAME.regs file committed beside NAME.ptx; load_file reads it
 * from beside the PTX by itself). Kernels without figures use an estimate
 * from PTX liveness. -1 (ccgpu_error) when the text is malformed or names a
 * kernel the module lacks (a stale .regs file). */
int ccgpu_module_set_ptxas_info(ccgpu *gpu, ccgpu_module *mod, const char *ptxas_output);

/* ---- launches ------------------------------------------------------------
 * args[i] points at the value of parameter i (as cudaLaunchKernel); nargs must
 * equal the kernel's parameter count. The launch runs to completion before the
 * call returns (one stream, in order); errors inside the kernel (out-of-bounds
 * access, deadlock, trap) fail the launch with a message naming kernel, CTA,
 * thread, address and PTX line. */
/* A launch that executes more warp instructions than the option
 * ccgpu_max_warp_instructions fails as a runaway kernel (an infinite loop
 * would otherwise hang the caller). The default is about 17 times the largest
 * shipped benchmark kernel (syrk at large size, 228 M); set the option to a
 * larger count, or to 0 for no limit. */
#define CCGPU_DEFAULT_MAX_WARP_INSTRUCTIONS 4000000000ull
/* A timing-mode launch in which no warp instruction issues anywhere for
 * ccgpu_watchdog_cycles cycles (after the launch latency; looked at once
 * per that many cycles, so after one to two times the limit) fails with an
 * error naming the option and what holds the launch (a barrier deadlock,
 * the CTA policy, the warp scheduler's veto, else the timing model): no
 * legitimate wait comes near the default (a DRAM access under heavy load is
 * thousands of cycles), so it catches a wake-up the timing model lost,
 * which would otherwise never end. 0 turns it off. */
#define CCGPU_DEFAULT_WATCHDOG_CYCLES 10000000ull
/* A timing-mode launch in which no warp makes forward progress - no global
 * store, no atomic, no barrier arrival, no warp exit, no global load from
 * another address than the warp's previous global load, anywhere - for
 * ccgpu_runaway_cycles cycles fails as a runaway kernel, naming the kernel,
 * a CTA and warp still issuing and the PTX lines of its loop (an infinite
 * loop, a spin on a flag nothing sets). The default is far above the
 * longest such gap of any shipped benchmark on any shipped configuration
 * (docs/configuration.md); 0 turns it off. ccgpu_launch_seconds (default 0,
 * none) bounds a timing-mode launch's wall-clock time the same way. */
#define CCGPU_DEFAULT_RUNAWAY_CYCLES 100000000ull
int ccgpu_launch(ccgpu *gpu, ccgpu_module *mod, const char *kernel,
                 struct ccgpu_dim3 grid, struct ccgpu_dim3 block,
                 uint32_t dynamic_shared_bytes, void **args, int nargs);
/* The same with thread-block clusters of cluster.x x .y x .z CTAs
 * (cudaLaunchAttributeClusterDimension; 0,0,0 = the kernel's
 * .reqnctapercluster, or none). The grid must be a multiple of it; a
 * cluster's CTAs run on one SM, together. */
int ccgpu_launch_cluster(ccgpu *gpu, ccgpu_module *mod, const char *kernel,
                         struct ccgpu_dim3 grid, struct ccgpu_dim3 block,
                         struct ccgpu_dim3 cluster, uint32_t dynamic_shared_bytes, void **args,
                         int nargs);
int ccgpu_synchronize(ccgpu *gpu);

/* Accel-Sim SASS traces (docs/traces.md): every command of a command list
 * (kernelslist.g) in order, on a timing-mode GPU: MemcpyHtoD lines as host
 * copies (ccgpu_host_copy's effect on the L2 with gpgpu_perf_sim_memcpy),
 * each kernel trace (kernel-N.traceg or .traceg.xz) as a launch whose warps
 * replay their recorded instructions. Statistics as for launches, plus
 * trace.* counters. table(ctx, arch) gives the opcode table's text for an
 * architecture ("volta", "turing", "ampere", "ada", "hopper"), or NULL;
 * arch (NULL or "" for the header's binary version) picks one for every
 * kernel; warn (may be NULL) receives one-line warnings (implausible header
 * fields, opcodes not in the table). 0, or -1 with ccgpu_error naming the
 * file and line. */
struct ccgpu_trace_options {
    const char *arch;
    const char *(*table)(void *ctx, const char *arch);
    void (*warn)(void *ctx, const char *msg);
    void *ctx;
};
int ccgpu_trace_run(ccgpu *gpu, const char *kernelslist, const struct ccgpu_trace_options *o);

/* A kernel's L1 / shared-memory preference (cudaFuncSetCacheConfig; GPGPU-Sim
 * keeps the same per-kernel map): later launches of kernel get the carve-out
 * of gpgpu_cache:dl1PrefL1 / gpgpu_shmem_size_PrefL1 (L1),
 * gpgpu_cache:dl1PrefShared / gpgpu_shmem_size_PrefShared (SHARED) or the
 * default (NONE, EQUAL); it overrides the option ccgpu_func_cache for that
 * kernel. Values as cudaFuncCache. docs/configuration.md. */
enum {
    CCGPU_FUNC_CACHE_PREFER_NONE = 0,
    CCGPU_FUNC_CACHE_PREFER_SHARED = 1,
    CCGPU_FUNC_CACHE_PREFER_L1 = 2,
    CCGPU_FUNC_CACHE_PREFER_EQUAL = 3,
};
int ccgpu_func_set_cache_config(ccgpu *gpu, const char *kernel, int pref);

/* What a launch got (cudaOccupancyMaxActiveBlocksPerMultiprocessor after the
 * fact): kernel as in ccgpu_stat (0-based launch index, -1 the latest).
 * -1 when there is no such launch. */
enum ccgpu_limit {
    CCGPU_LIMIT_CTA_SLOTS, /* gpgpu_shader_cta */
    CCGPU_LIMIT_THREADS,   /* threads (warp slots) per SM */
    CCGPU_LIMIT_SHARED,    /* shared memory per SM */
    CCGPU_LIMIT_REGISTERS, /* registers per SM */
    CCGPU_LIMIT_GRID,      /* the grid has fewer CTAs than the SMs hold */
};
struct ccgpu_launch_info {
    uint32_t regs_per_thread;  /* ptxas figure, ccgpu_regs_per_thread, or the estimate */
    int regs_from_ptxas;       /* 1: the module's ptxas figures gave regs_per_thread */
    uint32_t threads_per_cta, shared_per_cta; /* shared: static + dynamic bytes */
    uint32_t ctas_per_sm;      /* CTAs of this kernel one SM holds at once */
    uint32_t warps_per_sm;     /* ctas_per_sm x warps per CTA */
    enum ccgpu_limit limit;    /* what bounds ctas_per_sm */
    /* the L1D / shared-memory carve-out (timing mode; docs/configuration.md) */
    uint32_t shared_per_sm;    /* shared memory per SM the launch got */
    uint32_t l1d_bytes;        /* its L1D capacity per SM (0: no L1D) */
    int carveout;              /* 1: carve-out options are set (ccgpu run then prints
                                * carveout_desc) */
    char carveout_desc[128];   /* which carve-out the launch got (timing mode) */
    int regs_from_config;      /* 1: ccgpu_regs_per_thread set regs_per_thread */
};
int ccgpu_launch_info(const ccgpu *gpu, int kernel, struct ccgpu_launch_info *out);
const char *ccgpu_limit_name(enum ccgpu_limit limit);

/* ---- statistics ----------------------------------------------------------
 * Every counter has a dotted name ("warp_instructions", "l1d.misses"...).
 * kernel = -1 gives the total over all launches so far, else the index of a
 * launch (0-based, in launch order). */
int ccgpu_stat(const ccgpu *gpu, const char *name, int kernel, double *value);
int ccgpu_num_kernels(const ccgpu *gpu);
const char *ccgpu_kernel_name(const ccgpu *gpu, int kernel);
void ccgpu_stats_print(const ccgpu *gpu, FILE *out);
/* The names of the statistics the listings show (ccgpu_stats_print's
 * order): i from 0 to ccgpu_stat_count() - 1; NULL past the end. */
int ccgpu_stat_count(const ccgpu *gpu);
const char *ccgpu_stat_name(const ccgpu *gpu, int i);
/* The total block of ccgpu_stats_print only. */
void ccgpu_stats_print_total(const ccgpu *gpu, FILE *out);
/* The totals in one line, no newline: "cycles N, warp_instructions N,
 * warp_ipc X, l1d.miss_rate X, l2.miss_rate X" (a functional run:
 * warp_instructions and thread_instructions). */
void ccgpu_stats_print_summary(const ccgpu *gpu, FILE *out);
int ccgpu_stats_write_json(const ccgpu *gpu, FILE *out);

/* ---- memory access observer ------------------------------------------------
 * fn is called after every executed warp memory instruction of every later
 * launch, for working-set analysis and traces; fn = NULL turns it off. The
 * record is valid during the call only. */
enum ccgpu_space { CCGPU_SPACE_GLOBAL, CCGPU_SPACE_SHARED, CCGPU_SPACE_LOCAL, CCGPU_SPACE_OTHER };
struct ccgpu_access {
    uint32_t launch;      /* 0-based launch index on this GPU (as ccgpu_stat's kernel) */
    uint32_t cta;         /* linear CTA id: x + y*gx + z*gx*gy */
    uint32_t warp;        /* warp index within the CTA */
    uint32_t mask;        /* lanes that accessed */
    uint8_t space;        /* enum ccgpu_space */
    uint8_t is_load, is_store, is_atomic; /* atomics are load and store */
    uint32_t bytes;       /* bytes each lane accessed from its address */
    const uint64_t *addr; /* per lane (32): global address, or shared/local offset */
};
typedef void (*ccgpu_access_fn)(void *ctx, const struct ccgpu_access *a);
void ccgpu_set_access_observer(ccgpu *gpu, ccgpu_access_fn fn, void *ctx);

/* ---- CTA working sets for the awss: CTA dispatch policy ---------------------
 * The measured working set in bytes of each CTA (by linear id) of launch
 * `launch` (0-based, as ccgpu_access.launch), copied; the ccgpu_cta_sched
 * awss policy schedules that launch from them. nctas must equal the launch's
 * CTA count for the policy to use them. 0, or -1 on bad arguments or OOM. */
int ccgpu_set_cta_worksets(ccgpu *gpu, int launch, const uint64_t *bytes, uint32_t nctas);
/* The measured line set of each CTA of launch `launch`, copied, for the awss
 * policy's footprint=union option: CTA c touched lines[off[c] .. off[c+1]-1]
 * (off has nctas + 1 entries, off[0] = 0, non-decreasing), each a line id
 * below nlines, no id twice within a CTA. 0, or -1 on bad arguments or OOM. */
int ccgpu_set_cta_linesets(ccgpu *gpu, int launch, uint32_t nctas, const uint32_t *off,
                           const uint32_t *lines, uint32_t nlines);

#ifdef __cplusplus
}
#endif
#endif
