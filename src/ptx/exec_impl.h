/* Internals of the functional engine shared by its files (program.c, launch.c,
 * exec.c, alu.c, memops.c, vprintf.c). Nothing outside src/ptx/exec* uses it. */
#ifndef CCGPU_PTX_EXEC_IMPL_H
#define CCGPU_PTX_EXEC_IMPL_H
#include "ptx/engine.h"
#include "util/bits.h"
#include <stdarg.h>
#include <stdatomic.h>
#include <string.h>

#define FULL_MASK 0xffffffffu
#define PTX_NUM_BARRIERS 16
/* Per-thread call stack reserved beyond the kernel's own frame when the
 * kernel calls functions (CUDA's default stack is 1 KiB per thread). */
#define PTX_CALL_STACK_BYTES 1024u
#define PTX_MAX_CALL_DEPTH 64u

/* How a symbol's value is formed at run time. */
enum sym_kind {
    SYMK_GLOBAL,  /* device address (global and const variables) */
    SYMK_SHARED,  /* offset in the CTA's shared memory */
    SYMK_DYNSHARED, /* .extern .shared: after the kernel's static shared */
    SYMK_LOCAL,   /* offset in the current frame of the thread's local memory */
    SYMK_KPARAM,  /* offset in the kernel parameter buffer */
    SYMK_FPARAM,  /* offset in the per-lane parameter frame of a function */
    SYMK_FUNC,    /* a function name (not addressable here) */
};

struct ptx_program {
    const struct ptx_module *mod;
    struct devmem *mem;
    uint8_t *sym_kind;     /* per symbol */
    uint64_t *sym_val;     /* per symbol, see enum sym_kind */
    uint32_t *param_frame; /* per function: bytes of its per-lane parameter frame */
    uint64_t *static_shared; /* per function (entries): static shared bytes */
    uint64_t *func_local;  /* per function: bytes of its local frame */
    uint64_t *kparam_bytes; /* per function (entries): parameter buffer bytes */
    uint64_t max_func_local; /* largest .func local frame */
    int has_calls;           /* the module defines non-extern .funcs */
    /* per function: the register slots its code may read before writing
     * (reg_live_in.c), zeroed_regs[zeroed_start[f] .. zeroed_start[f + 1]);
     * a new CTA or a call zeroes only these */
    uint32_t *zeroed_regs, *zeroed_start;
    /* CTAs of finished launches (ptx_cta_recycle), linked by pool_next: the
     * next ptx_cta_create of any launch reuses their buffers */
    struct ptx_cta *cta_pool;
    uint64_t global_base, const_base;
    /* per function: what of its own body the engine cannot execute, and
     * per kernel: the message a launch of it fails with (program.c) */
    char **refusal, **kernel_refusal;
    const char **kernel_cross_sm; /* per kernel: cross_sm's first reason, or NULL */
};

struct ptx_launch {
    struct ptx_program *prog;
    const struct ptx_module *mod;
    const struct ptx_function *kernel;
    int kernel_idx;
    uint32_t grid[3], block[3];
    uint32_t nctas, threads_per_cta, warps_per_cta;
    uint64_t static_shared, shared_per_cta, dyn_shared;
    uint64_t local_per_thread;
    uint8_t *params;
    uint32_t num_sms, warps_per_sm, gridid;
    FILE *printf_out;
    uint64_t register_fill;  /* ptx_launch_desc.register_fill */
    const uint64_t *clock;
    ptx_mem_observer observer;
    void *observer_ctx;
    /* clusters (cluster.c): dimensions, CTAs per cluster, whether the
     * launch asked for them; with more than one CTA per cluster, the
     * resident CTAs by linear id and each cluster's barrier.cluster state */
    uint32_t cluster[3], cluster_size, explicit_cluster;
    struct ptx_cta **resident;
    uint32_t *cbar_count, *cbar_gen;
    struct ptx_counters cnt;
    /* ptx_launch_set_sm_state: per SM, where its warps count and read %clock */
    struct ptx_counters *const *sm_cnt;
    const uint64_t *const *sm_clock;
    uint32_t sm_state_n;
    atomic_int failed; /* (set once, first writer wins: SMs may run on threads) */
    char error[512];
};

struct simt_entry {
    uint32_t pc, rpc, mask;
    /* lanes parked at a barrier while a sibling path runs: barrier id + 1
     * (0 = none) and the barrier's generation when they arrived */
    uint32_t wait_bar, wait_gen;
};

/* A call frame: what `ret` restores. */
struct call_frame {
    uint32_t func, ret_pc;
    uint32_t simt_base;     /* SIMT stack depth at the call */
    uint32_t ret_mask;      /* lanes that executed ret */
    size_t reg_base, pred_base, param_base; /* caller's frame offsets */
    uint64_t fp;            /* caller's local frame pointer */
    const struct ptx_inst *call; /* the call instruction (for return values) */
};

struct ptx_warp {
    struct ptx_cta *cta;
    struct ptx_launch *launch;
    uint32_t index, slot;
    struct ptx_counters *cnt; /* where its steps count (the launch's, or its SM's) */
    const uint64_t *clock;    /* what %clock reads (NULL: the launch's warp instructions) */
    uint32_t live;          /* lanes that exist and have not exited */
    uint8_t state;          /* enum ptx_warp_state */
    uint8_t bar_id;
    const struct ptx_inst *bar_inst;
    /* a bar.red awaiting its result: instruction, lanes, barrier id */
    const struct ptx_inst *red_inst;
    uint32_t red_mask, red_id;
    /* current function */
    const struct ptx_function *func;
    uint32_t func_idx;
    uint64_t *regs;         /* regs[slot * 32 + lane] of the current frame */
    size_t reg_base, pred_base, param_base; /* current frame in the stacks */
    uint32_t *preds;        /* one lane mask per predicate register */
    uint8_t *params;        /* per-lane parameter frame: params[lane * size + off] */
    uint64_t fp;            /* local frame pointer (offset in each thread's local memory) */
    /* stacks */
    struct simt_entry *simt;
    uint32_t sp, simt_cap;
    struct call_frame *frames;
    uint32_t nframes;
    size_t frames_cap;
    uint32_t cc;            /* carry flag per lane (add.cc / addc) */
    uint32_t cbar_gen;      /* barrier.cluster phase the warp last arrived in */
    uint64_t last_global_load; /* first lane's address of the warp's last global load */
    uint64_t *regstack;
    size_t reg_cap;   /* in 64-bit slots */
    uint32_t *predstack;
    size_t pred_cap;
    uint8_t *paramstack;
    size_t param_cap;
    uint64_t sink[PTX_WARP_SIZE]; /* destination "_" */
    /* per-lane thread ids */
    uint32_t tid[3][PTX_WARP_SIZE];
};

struct ptx_cta {
    struct ptx_launch *launch;
    uint32_t linear, sm;
    uint32_t ctaid[3];
    uint32_t nwarps;
    struct ptx_warp *warps; /* warps_cap allocated (a recycled CTA's may be more) */
    uint8_t *shared;        /* shared_per_cta bytes used of shared_cap */
    uint8_t *local;         /* threads * local_per_thread bytes used of local_cap */
    uint32_t warps_cap;
    size_t shared_cap, local_cap;
    uint32_t live_threads;
    uint32_t bar_count[PTX_NUM_BARRIERS];   /* threads arrived */
    uint32_t bar_expected[PTX_NUM_BARRIERS]; /* 0 = all live threads */
    uint32_t bar_red[PTX_NUM_BARRIERS];     /* bar.red: lanes with a true predicate */
    uint8_t bar_red_all[PTX_NUM_BARRIERS];  /* bar.red: every arriving lane true */
    uint32_t bar_gen[PTX_NUM_BARRIERS];     /* releases so far */
    uint32_t warps_done, warps_waiting;
    uint32_t cluster_id, cluster_rank; /* its cluster (linear) and rank in it */
    uint8_t registered;               /* in launch->resident (cluster.c) */
    struct ptx_cta *pool_next;
};

/* barriers (launch.c) */
/* Counts `mask`'s lanes at barrier id; releases waiting warps when complete. */
void ptx_bar_arrive(struct ptx_cta *c, uint32_t id, uint32_t mask, uint32_t expected);
/* Threads exited: re-checks every barrier. */
void ptx_bar_threads_exited(struct ptx_cta *c, uint32_t n);

/* ---- shared helpers (exec.c) ---- */
/* Records the launch's first error, prefixed with kernel, CTA, thread of
 * `lane` (or none when lane < 0) and suffixed with the PTX line. */
void ptx_exec_fail(struct ptx_warp *w, int lane, const struct ptx_inst *in, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Lane values of a source operand (registers directly, others via tmp). */
const uint64_t *ptx_exec_src(struct ptx_warp *w, const struct ptx_operand *o, uint64_t *tmp);
/* Value of a symbol operand for one lane's frame (uniform over the warp). */
uint64_t ptx_exec_symbol(const struct ptx_warp *w, uint32_t sym);
uint32_t ptx_exec_pred(const struct ptx_warp *w, const struct ptx_operand *o);
uint64_t ptx_exec_sreg(const struct ptx_warp *w, const struct ptx_operand *o, int lane);

/* names for messages (exec.c) */
const char *ptx_op_name(int op);
const char *ptx_type_str(int t);

/* ---- alu.c: arithmetic, logic, compare, convert, move; 0 = ok, -1 = error ---- */
int ptx_exec_alu(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask);
/* ---- warpops.c: shfl, vote, match, activemask, redux, elect ---- */
int ptx_exec_warpop(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask);
/* ---- memops.c: ld/st/atom/red/cvta/isspacep; d may be NULL ---- */
int ptx_exec_mem(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                 struct ptx_dyninst *d);
/* ---- cvt.c: IEEE half and bfloat16 <-> float, round to nearest even ---- */
float ptx_half_to_float(uint32_t h);
uint32_t ptx_float_to_half(float f);
float ptx_bf16_to_float(uint32_t h);
uint32_t ptx_float_to_bf16(float f);
/* ---- mmaops.c: mma.sync, ldmatrix ---- */
int ptx_exec_mma(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                 struct ptx_dyninst *d);
/* ---- cluster.c: thread-block clusters ---- */
/* Cluster dimensions of a launch and its per-cluster state; -1 with err. */
int ptx_cluster_launch(struct ptx_launch *l, const uint32_t dims[3], char *err, size_t errlen);
void ptx_cluster_launch_free(struct ptx_launch *l);
void ptx_cluster_cta_enter(struct ptx_cta *c);
void ptx_cluster_cta_leave(struct ptx_cta *c);
/* Host pointer to `size` bytes at a shared::cluster address (rank + 1 in
 * bits 24..31, offset below), or NULL. */
uint8_t *ptx_cluster_shared_ptr(struct ptx_warp *w, uint64_t addr, uint32_t size);
/* Threads of c exited: a barrier.cluster phase may be complete. */
void ptx_cluster_threads_exited(struct ptx_cta *c);
/* mapa, getctarank, barrier.cluster.arrive/wait; 0 or -1 */
int ptx_exec_cluster(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                     uint32_t pc);
/* ---- asyncops.c: cp.async*, mbarrier; d may be NULL ---- */
int ptx_exec_async(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                   struct ptx_dyninst *d);
/* ---- texture.c: tex/tld4/suld/sust/txq/suq on texture and surface objects ---- */
int ptx_exec_tex(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                 struct ptx_dyninst *d);
/* Host pointer to `size` bytes at a generic/space address for one lane, or
 * NULL (bounds error not reported). */
uint8_t *ptx_mem_lane_ptr(struct ptx_warp *w, int space, uint64_t addr, uint32_t size,
                          int lane);
/* ---- reg_live_in.c ---- */
/* The register slots f may read before writing them (or read in another
 * lane), ascending, in a malloc'd *out (NULL when none); 0, or -1 when out
 * of memory. */
int ptx_read_before_write(const struct ptx_function *f, uint32_t **out, uint32_t *nout);
/* Zeroes (or, with `fill` non-zero, fills the others with `fill`) f's
 * register frame at regs, as a new CTA or a call needs it (launch.c). */
void ptx_regs_start(const struct ptx_program *p, uint32_t f, uint64_t *regs, uint64_t fill);

/* ---- vprintf.c ---- */
int ptx_exec_vprintf(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                     const uint32_t *arg_syms, uint32_t nargs);

int ptx_alu_int(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask, uint64_t *D,
                const uint64_t *a, const uint64_t *b, const uint64_t *c, const uint64_t *e);
int ptx_alu_float(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask, uint64_t *D,
                  const uint64_t *a, const uint64_t *b, const uint64_t *c);
int ptx_alu_cvt(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask, uint64_t *D,
                const uint64_t *a);
/* Lanes of a source operand; registers without a call. */
static inline const uint64_t *ptx_src(struct ptx_warp *w, const struct ptx_operand *o,
                                      uint64_t *tmp)
{
    if (o->kind == PTX_OPND_REG && o->index != PTX_NO_INDEX)
        return &w->regs[(size_t)o->index * PTX_WARP_SIZE];
    if (o->kind == PTX_OPND_IMM) {
        uint64_t v = (uint64_t)o->value;
        for (int l = 0; l < PTX_WARP_SIZE; l++)
            tmp[l] = v;
        return tmp;
    }
    return ptx_exec_src(w, o, tmp);
}


/* Destination register lanes ("_" writes to a scratch). */
static inline uint64_t *ptx_exec_dst(struct ptx_warp *w, const struct ptx_operand *o)
{
    if (o->kind == PTX_OPND_REG && o->index != PTX_NO_INDEX)
        return &w->regs[(size_t)o->index * PTX_WARP_SIZE];
    return w->sink;
}

/* Lane loop with a full-mask fast path the compiler can vectorise; partial
 * masks visit only their set bits (divergent code often has few lanes).
 * Expects `mask` and `D` in scope and `l` as the lane variable. */
#define LANES(expr)                                                           \
    do {                                                                      \
        if (mask == FULL_MASK) {                                              \
            for (int l = 0; l < PTX_WARP_SIZE; l++)                           \
                D[l] = (expr);                                                \
        } else {                                                              \
            for (uint32_t m_ = mask; m_; m_ &= m_ - 1) {                      \
                int l = __builtin_ctz(m_);                                    \
                D[l] = (expr);                                                \
            }                                                                 \
        }                                                                     \
    } while (0)

/* zero / sign extension from `bits` (1..64): branch-free so that lane loops
 * hoist the mask */
static inline uint64_t zx(uint64_t v, unsigned bits)
{
    return v & (~0ull >> (64 - bits));
}
static inline int64_t sx(uint64_t v, unsigned bits)
{
    return (int64_t)(v << (64 - bits)) >> (64 - bits);
}
static inline float f32(uint64_t v)
{
    uint32_t u = (uint32_t)v;
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static inline uint64_t fb32(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static inline double f64(uint64_t v)
{
    double d;
    memcpy(&d, &v, 8);
    return d;
}
static inline uint64_t fb64(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}
/* .ftz: subnormal f32 becomes zero of the same sign */
static inline uint64_t ftz32(uint64_t v)
{
    return ((v & 0x7f800000u) == 0) ? (v & 0x80000000u) : (v & 0xffffffffu);
}

#endif
