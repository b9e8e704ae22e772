/* ccgpu's CUDA runtime (libcudart.so.13): internal interface between its
 * files. The runtime is a client of the host API (include/ccgpu.h).
 *
 * The one piece of process-wide mutable state in ccgpu lives here: the CUDA
 * runtime is a process-wide singleton by its API's design (cudaMalloc has
 * no context argument), so the runtime keeps one context, `ccgpu_rt`,
 * created lazily by the first call that needs the GPU (fatbinary
 * registration only records pointers), reported and freed at exit. The
 * simulator core below it has no globals. Calls are serialised by one
 * mutex, so host threads may share the device. */
#ifndef CCGPU_CUDART_CUDART_H
#define CCGPU_CUDART_CUDART_H
#include "ccgpu.h"
#include "cudart/cuda_abi.h"
#include <pthread.h>

struct cudart_fatbin {
    const void *wrapper;       /* as registered */
    ccgpu_module *mod;         /* loaded PTX, or NULL */
    int tried;                 /* load attempted (error printed once) */
    unsigned index;            /* registration order, for names */
    struct cudart_fatbin *next;
};

/* A registered kernel; its address is the cudaKernel_t handle. */
struct cudart_func {
    const void *host;          /* the host stub's address */
    char *name;                /* the kernel's (mangled) PTX name */
    struct cudart_fatbin *fb;
    int nparams;               /* -1 until known */
    const char *refused;       /* ccgpu_kernel_facts.refused, once nparams is known */
    struct cudart_func *next;
};

struct cudart_var {
    const void *host;          /* the host shadow's address */
    void **managed_ptr;        /* __managed__: the host's pointer to set, else NULL */
    char *name;
    size_t size;
    struct cudart_fatbin *fb;
    struct cudart_var *next;
};

/* A host-visible allocation (managed, pinned) mapped at its own address. */
struct cudart_hostmem {
    void *ptr;
    size_t size, mapped_size;
    int kind;                  /* enum cudaMemoryType: Host or Managed */
    unsigned flags;
    int registered;            /* cudaHostRegister: the memory is the program's */
    struct cudart_hostmem *next;
};

struct cudart {
    pthread_mutex_t lock;
    ccgpu *gpu;                /* NULL until first needed */
    struct cudart_fatbin *fatbins;
    unsigned nfatbins;
    struct cudart_func *funcs;
    struct cudart_var *vars;
    struct cudart_hostmem *hostmem;
    struct cudart_stream *streams; /* live streams and events (handles are */
    struct cudart_event *events;   /* checked against these lists) */
    struct cudart_array *arrays;   /* CUDA arrays (texture.c) */
    struct cudart_texobj *texobjs; /* texture and surface objects (texture.c) */
    uintptr_t hostmap_next;    /* where the next host-visible mapping is tried */
    cudaError_t sticky;        /* a failed kernel poisons the context, as in CUDA */
    int device_flags;
    size_t limits[3];
    int exit_registered;
    int failed_launches;       /* rejected or failed: the exit status is then 1 */
    int reported;
    char name[256];            /* device name */
    int cc_major, cc_minor;
};

extern struct cudart ccgpu_rt;

void rt_lock(void);
void rt_unlock(void);
/* The GPU, created on first use from CCGPU_CONFIG / ./gpgpusim.config /
 * CCGPU_OPTIONS / CCGPU_FUNCTIONAL; exits with a one-line message when
 * the configuration is bad. Call with the lock held. */
ccgpu *rt_gpu(void);
/* Records e as the calling thread's last error (when not cudaSuccess) and
 * returns it. */
cudaError_t rt_ret(cudaError_t e);
/* Prints "ccgpu: FUNCTION: message" on stderr (runtime failures that CUDA
 * would only report as a code are worth a line naming the reason). */
void rt_say(const char *func, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The module holding a fatbinary's PTX, loading it on first use; NULL
 * (message printed once) when it has no usable PTX. */
ccgpu_module *rt_module(struct cudart_fatbin *fb);
/* ptxas -v's register counts for a loaded module's kernels, when ptxas is
 * installed (src/cudart/ptxas.c); nothing changes otherwise. */
void rt_apply_ptxas(ccgpu *gpu, ccgpu_module *mod, const char *text, unsigned arch);
struct cudart_var *rt_find_var(const void *host);
struct cudart_hostmem *rt_find_hostmem(const void *p);
/* Simulated time so far in milliseconds (0 in functional mode). */
double rt_now_ms(void);
/* memcpy between any two of host / device / mapped addresses. */
cudaError_t rt_copy(void *dst, const void *src, size_t n, int kind, const char *func);
/* Frees every allocation the runtime made (cudaDeviceReset, exit). */
void rt_free_all_hostmem(void);
/* 0 when s is the default stream or a live stream, else -1 (lock held). */
int rt_check_stream(cudaStream_t s);
/* Destroys every stream and event (lock held). */
void rt_free_streams(void);
/* Forgets every CUDA array and texture/surface object record (their device
 * memory goes with the GPU). */
void rt_free_arrays(void);
/* Prints one line and returns cudaErrorNotSupported. */
cudaError_t rt_unsupported(const char *func);

#endif
