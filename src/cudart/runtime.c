/* The runtime's context: configuration, fatbinary and kernel registration,
 * launches, the last-error state and the report at exit. */
#include "cudart/cudart.h"
#include "cudart/fatbin.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct cudart ccgpu_rt = { .lock = PTHREAD_MUTEX_INITIALIZER };

static _Thread_local cudaError_t last_error;

void rt_lock(void)
{
    pthread_mutex_lock(&ccgpu_rt.lock);
}

void rt_unlock(void)
{
    pthread_mutex_unlock(&ccgpu_rt.lock);
}

cudaError_t rt_ret(cudaError_t e)
{
    if (e != cudaSuccess)
        last_error = e;
    return e;
}

void rt_say(const char *func, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fflush(stdout);
    fprintf(stderr, "ccgpu: %s: %s\n", func, msg);
}

cudaError_t rt_unsupported(const char *func)
{
    rt_say(func, "not supported by ccgpu's CUDA runtime (see docs/cuda-runtime.md)");
    return rt_ret(cudaErrorNotSupported);
}

/* ---- configuration and the GPU ---- */

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fflush(stdout);
    fputs("ccgpu: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    /* _exit: the lock is held, and exit handlers (the report, the
     * program's unregistration) would wait for it */
    fflush(NULL);
    _exit(1);
}

static int env_true(const char *name)
{
    const char *v = getenv(name);
    return v && *v && strcmp(v, "0") != 0;
}

/* CCGPU_CONFIG: config files separated by ':' (ccgpu exec passes its
 * --config options), else ./gpgpusim.config as GPGPU-Sim reads it;
 * CCGPU_OPTIONS: key=value overrides, one per line; CCGPU_FUNCTIONAL. */
static ccgpu_config *load_config(char *origin, size_t originlen)
{
    ccgpu_config *cfg = ccgpu_config_new();
    if (!cfg)
        die("out of memory");
    const char *files = getenv("CCGPU_CONFIG");
    snprintf(origin, originlen, "default configuration");
    if (files && *files) {
        char *copy = strdup(files), *save = NULL;
        if (!copy)
            die("out of memory");
        for (char *f = strtok_r(copy, ":", &save); f; f = strtok_r(NULL, ":", &save))
            if (ccgpu_config_load(cfg, f))
                die("CCGPU_CONFIG: %s", ccgpu_config_error(cfg));
        snprintf(origin, originlen, "%s", files);
        free(copy);
    } else if (access("gpgpusim.config", R_OK) == 0) {
        if (ccgpu_config_load(cfg, "gpgpusim.config"))
            die("gpgpusim.config: %s", ccgpu_config_error(cfg));
        snprintf(origin, originlen, "gpgpusim.config");
    }
    const char *opts = getenv("CCGPU_OPTIONS");
    if (opts && *opts) {
        char *copy = strdup(opts), *save = NULL;
        if (!copy)
            die("out of memory");
        for (char *o = strtok_r(copy, "\n", &save); o; o = strtok_r(NULL, "\n", &save))
            if (ccgpu_config_override(cfg, o))
                die("CCGPU_OPTIONS: %s", ccgpu_config_error(cfg));
        free(copy);
    }
    if (env_true("CCGPU_FUNCTIONAL") && ccgpu_config_set(cfg, "ccgpu_mode", "functional"))
        die("%s", ccgpu_config_error(cfg));
    return cfg;
}

static void report_at_exit(void);

ccgpu *rt_gpu(void)
{
    if (ccgpu_rt.gpu)
        return ccgpu_rt.gpu;
    char origin[200], err[512];
    ccgpu_config *cfg = load_config(origin, sizeof origin);
    ccgpu_rt.gpu = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    if (!ccgpu_rt.gpu)
        die("%s", err);
    if (ccgpu_warnings(ccgpu_rt.gpu)[0] && !env_true("CCGPU_QUIET"))
        fprintf(stderr, "ccgpu: warning: %s\n", ccgpu_warnings(ccgpu_rt.gpu));
    snprintf(ccgpu_rt.name, sizeof ccgpu_rt.name, "ccgpu simulated GPU (%s)", origin);
    ccgpu_rt.cc_major = 7;
    ccgpu_rt.cc_minor = 5;
    ccgpu_rt.limits[cudaLimitStackSize] = 1024;
    ccgpu_rt.limits[cudaLimitPrintfFifoSize] = 1 << 20;
    ccgpu_rt.limits[cudaLimitMallocHeapSize] = 8 << 20;
    if (!ccgpu_rt.exit_registered) {
        atexit(report_at_exit);
        ccgpu_rt.exit_registered = 1;
    }
    return ccgpu_rt.gpu;
}

double rt_now_ms(void)
{
    double cycles = 0;
    struct ccgpu_device_facts f;
    ccgpu *gpu = rt_gpu();
    ccgpu_device_facts(gpu, &f);
    if (!f.timing || ccgpu_stat(gpu, "cycles", -1, &cycles))
        return 0;
    return cycles / (f.core_mhz * 1e3);
}

/* Statistics at exit, on stderr: one line with the launches and the main
 * totals (ccgpu_stats_print_summary), with CCGPU_STATS=total every total,
 * with CCGPU_STATS=all every kernel's statistics too, nothing with
 * CCGPU_QUIET or CCGPU_STATS=none; JSON (every kernel) to the file
 * CCGPU_JSON names. */
static void report(void)
{
    ccgpu *gpu = ccgpu_rt.gpu;
    if (!gpu || ccgpu_rt.reported)
        return;
    ccgpu_rt.reported = 1;
    int n = ccgpu_num_kernels(gpu);
    const char *mode = getenv("CCGPU_STATS");
    if (!env_true("CCGPU_QUIET") && !(mode && strcmp(mode, "none") == 0)) {
        fflush(stdout);
        fprintf(stderr, "ccgpu: %d kernel launch%s simulated", n, n == 1 ? "" : "es");
        if (n) {
            fputs(": ", stderr);
            ccgpu_stats_print_summary(gpu, stderr);
        }
        fputc('\n', stderr);
        if (n && mode && strcmp(mode, "all") == 0)
            ccgpu_stats_print(gpu, stderr);
        else if (n && mode && strcmp(mode, "total") == 0)
            ccgpu_stats_print_total(gpu, stderr);
    }
    const char *json = getenv("CCGPU_JSON");
    if (json && *json) {
        FILE *f = fopen(json, "w");
        int bad = !f;
        if (f) {
            bad |= ccgpu_stats_write_json(gpu, f) != 0;
            bad |= fclose(f) != 0;
        }
        if (bad)
            fprintf(stderr, "ccgpu: CCGPU_JSON: cannot write %s\n", json);
    }
}

/* At exit: the report, then, when a kernel launch was refused or failed,
 * exit status 1 (a program that ignores CUDA's errors would otherwise end
 * 0 after computing nothing) unless CCGPU_KEEP_GOING is set. */
static void report_at_exit(void)
{
    rt_lock();
    report();
    int failed = ccgpu_rt.failed_launches;
    rt_unlock();
    if (failed && !env_true("CCGPU_KEEP_GOING")) {
        fflush(stdout);
        fprintf(stderr,
                "ccgpu: %d kernel launch%s refused or failed (the reason%s above): exit status 1 "
                "(ccgpu exec --keep-going, or CCGPU_KEEP_GOING=1, keeps the program's own)\n",
                failed, failed == 1 ? "" : "es", failed == 1 ? " is" : "s are");
        fflush(NULL);
        _exit(1);
    }
}

/* ---- fatbinaries, kernels and variables ---- */

ccgpu_module *rt_module(struct cudart_fatbin *fb)
{
    if (fb->mod || fb->tried)
        return fb->mod;
    fb->tried = 1;
    ccgpu *gpu = rt_gpu();
    char err[512];
    const void *data = fatbin_from_wrapper(fb->wrapper, err, sizeof err);
    struct fatbin_ptx ptx[16];
    int n = data ? fatbin_find_ptx(data, 0, ptx, 16, err, sizeof err) : -1;
    if (n < 0) {
        rt_say("__cudaRegisterFatBinary", "%s", err);
        return NULL;
    }
    if (n == 0) {
        rt_say("__cudaRegisterFatBinary",
                   "the fatbinary holds no PTX (only SASS); build with nvcc's default "
                   "architecture or -gencode arch=compute_XX,code=compute_XX");
        return NULL;
    }
    /* the newest PTX ccgpu accepts */
    char name[64];
    for (int i = 0; i < n && i < 16; i++) {
        snprintf(name, sizeof name, "fatbin%u.compute_%u.ptx", fb->index, ptx[i].arch);
        fb->mod = ccgpu_module_load_string(gpu, ptx[i].text, name);
        if (fb->mod) {
            rt_apply_ptxas(gpu, fb->mod, ptx[i].text, ptx[i].arch);
            return fb->mod;
        }
        snprintf(err, sizeof err, "%s", ccgpu_error(gpu));
    }
    rt_say("__cudaRegisterFatBinary", "%s", err);
    return NULL;
}

void **__cudaRegisterFatBinary(void *fatCubin)
{
    rt_lock();
    struct cudart_fatbin *fb = calloc(1, sizeof *fb);
    if (!fb)
        die("out of memory");
    fb->wrapper = fatCubin;
    fb->index = ccgpu_rt.nfatbins++;
    fb->next = ccgpu_rt.fatbins;
    ccgpu_rt.fatbins = fb;
    rt_unlock();
    return (void **)fb;
}

void __cudaRegisterFatBinaryEnd(void **fatCubinHandle)
{
    (void)fatCubinHandle;
}

static void free_context(void);

void __cudaUnregisterFatBinary(void **fatCubinHandle)
{
    rt_lock();
    struct cudart_fatbin **p = &ccgpu_rt.fatbins;
    while (*p && *p != (struct cudart_fatbin *)fatCubinHandle)
        p = &(*p)->next;
    if (*p) {
        /* the module stays with the GPU; forget the kernels and variables */
        struct cudart_fatbin *fb = *p;
        *p = fb->next;
        for (struct cudart_func **f = &ccgpu_rt.funcs; *f;) {
            if ((*f)->fb == fb) {
                struct cudart_func *dead = *f;
                *f = dead->next;
                free(dead->name);
                free(dead);
            } else {
                f = &(*f)->next;
            }
        }
        for (struct cudart_var **v = &ccgpu_rt.vars; *v;) {
            if ((*v)->fb == fb) {
                struct cudart_var *dead = *v;
                *v = dead->next;
                free(dead->name);
                free(dead);
            } else {
                v = &(*v)->next;
            }
        }
        free(fb);
    }
    if (!ccgpu_rt.fatbins) /* the program is going away */
        free_context();
    rt_unlock();
}

void __cudaRegisterFunction(void **fatCubinHandle, const char *hostFun, char *deviceFun,
                            const char *deviceName, int thread_limit, uint3 *tid, uint3 *bid,
                            dim3 *bDim, dim3 *gDim, int *wSize)
{
    (void)deviceName, (void)thread_limit, (void)tid, (void)bid, (void)bDim, (void)gDim, (void)wSize;
    rt_lock();
    struct cudart_func *f = calloc(1, sizeof *f);
    if (!f || !(f->name = strdup(deviceFun)))
        die("out of memory");
    f->host = hostFun;
    f->fb = (struct cudart_fatbin *)fatCubinHandle;
    f->nparams = -1;
    f->next = ccgpu_rt.funcs;
    ccgpu_rt.funcs = f;
    rt_unlock();
}

static void add_var(void **handle, const void *host, void **managed, const char *name, size_t size)
{
    rt_lock();
    struct cudart_var *v = calloc(1, sizeof *v);
    if (!v || !(v->name = strdup(name)))
        die("out of memory");
    v->host = host;
    v->managed_ptr = managed;
    v->size = size;
    v->fb = (struct cudart_fatbin *)handle;
    v->next = ccgpu_rt.vars;
    ccgpu_rt.vars = v;
    rt_unlock();
}

void __cudaRegisterVar(void **fatCubinHandle, char *hostVar, char *deviceAddress,
                       const char *deviceName, int ext, size_t size, int constant, int global)
{
    (void)deviceName, (void)ext, (void)constant, (void)global;
    add_var(fatCubinHandle, hostVar, NULL, deviceAddress, size);
}

void __cudaRegisterManagedVar(void **fatCubinHandle, void **hostVarPtrAddress, char *deviceAddress,
                              const char *deviceName, int ext, size_t size, int constant,
                              int global)
{
    (void)deviceName, (void)ext, (void)constant, (void)global;
    add_var(fatCubinHandle, hostVarPtrAddress, hostVarPtrAddress, deviceAddress, size);
}

void __cudaRegisterTexture(void **fatCubinHandle, const void *hostVar, const void **deviceAddress,
                           const char *deviceName, int dim, int norm, int ext)
{
    (void)fatCubinHandle, (void)hostVar, (void)deviceAddress, (void)dim, (void)norm, (void)ext;
    rt_say("__cudaRegisterTexture", "texture references are not supported (texture '%s')",
               deviceName);
}

void __cudaRegisterSurface(void **fatCubinHandle, const void *hostVar, const void **deviceAddress,
                           const char *deviceName, int dim, int ext)
{
    (void)fatCubinHandle, (void)hostVar, (void)deviceAddress, (void)dim, (void)ext;
    rt_say("__cudaRegisterSurface", "surface references are not supported (surface '%s')",
               deviceName);
}

/* Loads the module and points every __managed__ variable's host pointer
 * at the variable's device storage (host and device then share it). */
char __cudaInitModule(void **fatCubinHandle)
{
    rt_lock();
    struct cudart_fatbin *fb = (struct cudart_fatbin *)fatCubinHandle;
    ccgpu_module *mod = rt_module(fb);
    ccgpu *gpu = ccgpu_rt.gpu;
    for (struct cudart_var *v = ccgpu_rt.vars; v && mod; v = v->next) {
        if (v->fb != fb || !v->managed_ptr || *v->managed_ptr)
            continue;
        ccgpu_devptr a = 0;
        size_t size = 0;
        if (ccgpu_module_symbol(gpu, mod, v->name, &a, &size) == 0)
            *v->managed_ptr = ccgpu_host_view(gpu, a, size);
    }
    rt_unlock();
    return 1;
}

struct cudart_var *rt_find_var(const void *host)
{
    for (struct cudart_var *v = ccgpu_rt.vars; v; v = v->next)
        if (v->host == host)
            return v;
    return NULL;
}

static struct cudart_func *find_func(const void *p)
{
    for (struct cudart_func *f = ccgpu_rt.funcs; f; f = f->next)
        if (f->host == p || f == p)
            return f;
    return NULL;
}

/* ---- launches ---- */

struct call_config {
    dim3 grid, block;
    size_t shmem;
    void *stream;
};
static _Thread_local struct call_config call_stack[16];
static _Thread_local int call_depth;

unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem, void *stream)
{
    if (call_depth >= 16)
        return 1;
    call_stack[call_depth++] = (struct call_config){ gridDim, blockDim, sharedMem, stream };
    return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem,
                                       void *stream)
{
    if (call_depth == 0)
        return rt_ret(cudaErrorMissingConfiguration);
    struct call_config *c = &call_stack[--call_depth];
    *gridDim = c->grid;
    *blockDim = c->block;
    *sharedMem = c->shmem;
    memcpy(stream, &c->stream, sizeof c->stream);
    return cudaSuccess;
}

cudaError_t __cudaGetKernel(cudaKernel_t *kernel, const void *hostFun)
{
    rt_lock();
    struct cudart_func *f = find_func(hostFun);
    rt_unlock();
    if (!f)
        return rt_ret(cudaErrorInvalidDeviceFunction);
    *kernel = f;
    return cudaSuccess;
}

/* The error a real GPU gives for the kernel fault ccgpu reported: a bad
 * access is cudaErrorIllegalAddress (misaligned: cudaErrorMisalignedAddress),
 * a runaway kernel (ccgpu_max_warp_instructions) cudaErrorLaunchTimeout,
 * anything else (trap, barrier deadlock, a run-length cap) the generic
 * cudaErrorLaunchFailure. All are sticky, as in CUDA. */
static cudaError_t fault_code(const ccgpu *gpu)
{
    const char *msg = ccgpu_error(gpu);
    if (ccgpu_error_code(gpu) == CCGPU_ERROR_LAUNCH_TIMEOUT)
        return cudaErrorLaunchTimeout;
    if (ccgpu_error_code(gpu) != CCGPU_ERROR_LAUNCH_FAILED)
        return cudaErrorLaunchFailure;
    if (strstr(msg, "misaligned"))
        return cudaErrorMisalignedAddress;
    if (strstr(msg, "out-of-bounds") || strstr(msg, "out of bounds"))
        return cudaErrorIllegalAddress;
    return cudaErrorLaunchFailure;
}

/* A launch the runtime turns down before the simulator sees it: the reason
 * and what would change it, on stderr, like every failed launch. */
static cudaError_t reject(const char *api, const char *kernel, cudaError_t e, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static cudaError_t reject(const char *api, const char *kernel, cudaError_t e, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    rt_say(api, "launch of %s refused (%s): %s", kernel, cudaGetErrorName(e), msg);
    return e;
}

static cudaError_t launch(const char *api, struct cudart_func *f, dim3 grid, dim3 block,
                          void **args, size_t shmem, cudaStream_t stream, const dim3 *cluster);

/* Every launch goes through here: a refused or failed one is counted for
 * the exit status (report_at_exit, registered with the GPU). */
static cudaError_t counted_launch(const char *api, struct cudart_func *f, dim3 grid, dim3 block,
                                  void **args, size_t shmem, cudaStream_t stream,
                                  const dim3 *cluster)
{
    cudaError_t e = launch(api, f, grid, block, args, shmem, stream, cluster);
    if (e != cudaSuccess) {
        ccgpu_rt.failed_launches++;
        rt_gpu();
    }
    return e;
}

static cudaError_t launch(const char *api, struct cudart_func *f, dim3 grid, dim3 block,
                          void **args, size_t shmem, cudaStream_t stream, const dim3 *cluster)
{
    if (!f)
        return reject(api, "a function", cudaErrorInvalidDeviceFunction,
                      "it is not a kernel registered with this runtime");
    if (ccgpu_rt.sticky)
        return reject(api, f->name, ccgpu_rt.sticky,
                      "an earlier kernel failed, and that error stays, as in CUDA");
    if (rt_check_stream(stream))
        return reject(api, f->name, cudaErrorInvalidResourceHandle,
                      "its stream is not one this runtime created");
    ccgpu *gpu = rt_gpu();
    ccgpu_module *mod = rt_module(f->fb);
    if (!mod)
        return reject(api, f->name, cudaErrorNoKernelImageForDevice,
                      "its module has no PTX ccgpu can run (the message at its registration)");
    if (f->nparams < 0) {
        struct ccgpu_kernel_facts k;
        if (ccgpu_kernel_facts(gpu, mod, f->name, &k))
            return reject(api, f->name, cudaErrorInvalidDeviceFunction, "%s", ccgpu_error(gpu));
        f->nparams = k.nparams;
        f->refused = k.refused;
    }
    if (f->refused) /* as a PTX JIT failure: this kernel only, not sticky */
        return reject(api, f->name, cudaErrorInvalidPtx, "%s", f->refused);
    struct ccgpu_device_facts d;
    ccgpu_device_facts(gpu, &d);
    uint64_t threads = (uint64_t)block.x * block.y * block.z;
    if (!grid.x || !grid.y || !grid.z || !threads)
        return reject(api, f->name, cudaErrorInvalidConfiguration,
                      "grid %ux%ux%u of blocks %ux%ux%u has a zero dimension", grid.x, grid.y,
                      grid.z, block.x, block.y, block.z);
    if (threads > 1024 || block.z > 64)
        return reject(api, f->name, cudaErrorInvalidConfiguration,
                      "block %ux%ux%u is beyond CUDA's limits (1024 threads, z at most 64)",
                      block.x, block.y, block.z);
    if (grid.y > 65535 || grid.z > 65535 || grid.x > 0x7fffffffu)
        return reject(api, f->name, cudaErrorInvalidConfiguration,
                      "grid %ux%ux%u is beyond CUDA's limits (x < 2^31, y and z at most 65535)",
                      grid.x, grid.y, grid.z);
    if (shmem > d.shmem_per_sm)
        return reject(api, f->name, cudaErrorInvalidConfiguration,
                      "%zu bytes of dynamic shared memory, more than the %u bytes per SM this "
                      "configuration has; give it more with -o gpgpu_shmem_size=N",
                      shmem, d.shmem_per_sm);
    struct ccgpu_dim3 g = { grid.x, grid.y, grid.z }, b = { block.x, block.y, block.z };
    struct ccgpu_dim3 cl = { cluster ? cluster->x : 0, cluster ? cluster->y : 0,
                             cluster ? cluster->z : 0 };
    if (ccgpu_launch_cluster(gpu, mod, f->name, g, b, cl, (uint32_t)shmem, args, f->nparams)) {
        rt_say(api, "%s", ccgpu_error(gpu));
        ccgpu_rt.sticky = fault_code(gpu);
        return ccgpu_rt.sticky;
    }
    return cudaSuccess;
}

cudaError_t __cudaLaunchKernel(cudaKernel_t kernel, dim3 gridDim, dim3 blockDim, void **args,
                               size_t sharedMem, cudaStream_t stream)
{
    rt_lock();
    cudaError_t e = counted_launch("__cudaLaunchKernel", kernel ? find_func(kernel) : NULL, gridDim,
                                   blockDim, args, sharedMem, stream, NULL);
    rt_unlock();
    return rt_ret(e);
}

cudaError_t __cudaLaunchKernel_ptsz(cudaKernel_t kernel, dim3 gridDim, dim3 blockDim, void **args,
                                    size_t sharedMem, cudaStream_t stream)
{
    return __cudaLaunchKernel(kernel, gridDim, blockDim, args, sharedMem, stream);
}

cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                             size_t sharedMem, cudaStream_t stream)
{
    rt_lock();
    cudaError_t e = counted_launch("cudaLaunchKernel", find_func(func), gridDim, blockDim, args,
                                   sharedMem, stream, NULL);
    rt_unlock();
    return rt_ret(e);
}

cudaError_t cudaLaunchKernel_ptsz(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                  size_t sharedMem, cudaStream_t stream)
{
    return cudaLaunchKernel(func, gridDim, blockDim, args, sharedMem, stream);
}

/* cudaLaunchKernelEx (the C++ template calls this): the cluster dimension
 * attribute gives thread-block clusters; a cooperative launch runs as a
 * normal one (below); any other attribute is refused, naming it, rather
 * than ignored. */
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args)
{
    if (!config)
        return rt_ret(cudaErrorInvalidValue);
    dim3 cluster = { 0, 0, 0 };
    for (unsigned i = 0; i < config->numAttrs; i++) {
        const cudaLaunchAttribute *a = &config->attrs[i];
        if (a->id == cudaLaunchAttributeClusterDimension) {
            memcpy(&cluster, a->val.pad, sizeof cluster);
        } else if (a->id != cudaLaunchAttributeCooperative && a->id != cudaLaunchAttributeIgnore) {
            rt_say("cudaLaunchKernelExC", "launch attribute %d is not supported by ccgpu's "
                   "CUDA runtime (only the cluster dimension and cooperative)", (int)a->id);
            return rt_ret(cudaErrorNotSupported);
        }
    }
    rt_lock();
    cudaError_t e = counted_launch("cudaLaunchKernelExC", find_func(func), config->gridDim,
                                   config->blockDim, args, config->dynamicSmemBytes,
                                   config->stream, &cluster);
    rt_unlock();
    return rt_ret(e);
}

cudaError_t cudaLaunchKernelExC_ptsz(const cudaLaunchConfig_t *config, const void *func,
                                     void **args)
{
    return cudaLaunchKernelExC(config, func, args);
}

/* Grid-wide synchronisation (cooperative groups) is not modelled; a
 * cooperative kernel that never syncs the grid runs as a normal launch. */
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream)
{
    return cudaLaunchKernel(func, gridDim, blockDim, args, sharedMem, stream);
}

static cudaError_t func_facts(const void *func, struct ccgpu_kernel_facts *k)
{
    struct cudart_func *f = find_func(func);
    ccgpu_module *mod = f ? rt_module(f->fb) : NULL;
    if (!mod || ccgpu_kernel_facts(rt_gpu(), mod, f->name, k))
        return cudaErrorInvalidDeviceFunction;
    return cudaSuccess;
}

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func)
{
    if (!attr)
        return rt_ret(cudaErrorInvalidValue);
    rt_lock();
    struct ccgpu_kernel_facts k;
    cudaError_t e = func_facts(func, &k);
    if (!e) {
        struct ccgpu_device_facts d;
        ccgpu_device_facts(ccgpu_rt.gpu, &d);
        memset(attr, 0, sizeof *attr);
        attr->sharedSizeBytes = (size_t)k.static_shared;
        attr->localSizeBytes = (size_t)k.local_bytes;
        attr->maxThreadsPerBlock = (int)k.max_threads;
        attr->numRegs = (int)k.registers;
        attr->ptxVersion = ccgpu_rt.cc_major * 10 + ccgpu_rt.cc_minor;
        attr->binaryVersion = attr->ptxVersion;
        attr->maxDynamicSharedSizeBytes = (int)(d.shmem_per_sm - k.static_shared);
        attr->preferredShmemCarveout = -1;
    }
    rt_unlock();
    return rt_ret(e);
}

/* The dynamic shared memory a kernel may ask for is checked against the
 * configuration's shared memory per SM (less the kernel's static shared
 * memory), as CUDA checks it against the device's; other attributes are
 * accepted and change nothing. */
cudaError_t cudaFuncSetAttribute(const void *func, int attr, int value)
{
    rt_lock();
    struct cudart_func *f = find_func(func);
    cudaError_t e = f ? cudaSuccess : cudaErrorInvalidDeviceFunction;
    struct ccgpu_kernel_facts k;
    if (f && attr == cudaFuncAttributeMaxDynamicSharedMemorySize && !func_facts(func, &k)) {
        struct ccgpu_device_facts d;
        ccgpu_device_facts(ccgpu_rt.gpu, &d);
        uint64_t room = d.shmem_per_sm > k.static_shared ? d.shmem_per_sm - k.static_shared : 0;
        if (value < 0 || (uint64_t)value > room) {
            rt_say("cudaFuncSetAttribute",
                   "%s: %d bytes of dynamic shared memory, more than the %llu bytes per SM this "
                   "configuration leaves it (gpgpu_shmem_size %u less %llu static); give it more "
                   "with -o gpgpu_shmem_size=N",
                   f->name, value, (unsigned long long)room, d.shmem_per_sm,
                   (unsigned long long)k.static_shared);
            e = cudaErrorInvalidValue;
        }
    }
    rt_unlock();
    return rt_ret(e);
}

/* The preference reaches the simulator's per-kernel map (GPGPU-Sim's
 * m_special_cache_config): carve-out per docs/configuration.md. */
cudaError_t cudaFuncSetCacheConfig(const void *func, int cacheConfig)
{
    rt_lock();
    struct cudart_func *f = find_func(func);
    cudaError_t e = !f                                  ? cudaErrorInvalidDeviceFunction
                  : cacheConfig < 0 || cacheConfig > 3 ? cudaErrorInvalidValue
                  : ccgpu_func_set_cache_config(rt_gpu(), f->name, cacheConfig)
                      ? cudaErrorInvalidValue
                      : cudaSuccess;
    rt_unlock();
    return rt_ret(e);
}

cudaError_t cudaFuncSetSharedMemConfig(const void *func, int config)
{
    return cudaFuncSetAttribute(func, 0, config);
}

/* CTAs of this kernel one SM holds, by threads, CTA slots, registers and
 * shared memory (as the simulator's CTA dispatcher counts them). */
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func,
                                                                   int blockSize,
                                                                   size_t dynamicSMemSize,
                                                                   unsigned flags)
{
    (void)flags;
    if (!numBlocks || blockSize <= 0)
        return rt_ret(cudaErrorInvalidValue);
    rt_lock();
    struct ccgpu_kernel_facts k;
    cudaError_t e = func_facts(func, &k);
    if (!e) {
        struct ccgpu_device_facts d;
        ccgpu_device_facts(ccgpu_rt.gpu, &d);
        uint32_t warps = ((uint32_t)blockSize + 31) / 32;
        uint64_t n = d.max_ctas_per_sm;
        uint64_t by_threads = d.max_threads_per_sm / (warps * 32);
        n = by_threads < n ? by_threads : n;
        uint64_t regs = (uint64_t)k.registers * warps * 32;
        if (regs && d.registers_per_sm / regs < n)
            n = d.registers_per_sm / regs;
        uint64_t shm = k.static_shared + dynamicSMemSize;
        if (shm && d.shmem_per_sm / shm < n)
            n = d.shmem_per_sm / shm;
        *numBlocks = (int)n;
    }
    rt_unlock();
    return rt_ret(e);
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func,
                                                          int blockSize, size_t dynamicSMemSize)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, func, blockSize,
                                                                  dynamicSMemSize, 0);
}

/* ---- errors ---- */

cudaError_t cudaGetLastError(void)
{
    cudaError_t e = last_error;
    last_error = ccgpu_rt.sticky;
    return e;
}

cudaError_t cudaPeekAtLastError(void)
{
    return last_error;
}

/* ---- teardown ---- */

static void free_context(void)
{
    report();
    rt_free_all_hostmem();
    rt_free_streams();
    rt_free_arrays();
    ccgpu_destroy(ccgpu_rt.gpu);
    ccgpu_rt.gpu = NULL;
}

__attribute__((destructor)) static void cudart_unload(void)
{
    rt_lock();
    if (ccgpu_rt.gpu)
        free_context();
    rt_unlock();
}
