/* Functional PTX engine: executes decoded PTX (ir.h) one warp instruction at a
 * time, "execute at issue" as GPGPU-Sim does. The caller (the timing model, or
 * the functional runner in src/gpu/funcrun.c) owns the schedule: it creates a
 * launch, places CTAs on SMs with the hardware warp slots it chose, and steps
 * warps in any order it likes. Each step executes one warp instruction
 * completely (registers, memory, control flow, barrier arrival) and describes
 * it in a struct ptx_dyninst, so the timing model sees real addresses and real
 * control flow and only has to decide *when* things happen.
 *
 *   struct ptx_program *p = ptx_program_load(mem, module, err, len);
 *   struct ptx_launch *l = ptx_launch_create(p, &desc, err, len);
 *   ptx_launch_set_clock(l, &cycle);               // %clock reads the model's cycle
 *   struct ptx_cta *c = ptx_cta_create(l, cta_linear_id, sm_id, warp_slots);
 *   for each cycle, for each warp w the scheduler picks:
 *       const struct ptx_inst *in = ptx_warp_next(w, &pc, &mask); // NULL: not issuable
 *       ... scoreboard check with ptx_inst_regset(func, in, &rs) ...
 *       switch (ptx_warp_step(w, &d)) {            // executes it, fills d
 *       case PTX_STEP_OK: ... d.is_mem -> coalescer with d.addr[], d.exec_mask ...
 *       case PTX_STEP_BARRIER: the warp waits until ptx_warp_state() is READY again
 *       case PTX_STEP_EXITED: the warp is done; ptx_cta_done(c) when all are
 *       case PTX_STEP_ERROR: stop; ptx_launch_error(l) says what and where
 *       }
 *   ptx_cta_free(c) when done (frees its slots); ptx_launch_free(l).
 *
 * Semantics the caller can rely on:
 * - A warp's state changes only inside ptx_warp_step of some warp of the same
 *   CTA: a barrier is released by the step of the last arriving thread (or of
 *   a warp whose exit completes it), which sets every waiting warp READY.
 * - Barriers count threads: a warp arriving with some lanes active adds only
 *   those; the expected count is the CTA's non-exited threads (or bar's
 *   thread-count operand). Lanes parked at a barrier let the warp run its
 *   other pending SIMT paths first. When every live warp of a CTA waits and
 *   none can be released, the step returns PTX_STEP_ERROR ("barrier deadlock").
 * - Counters: every executed step adds 1 warp instruction and popcount(active
 *   mask at issue) thread instructions (predicated-off lanes included, as the
 *   lanes occupy the pipeline); a step of a waiting warp executes nothing.
 * - Reconvergence: per-warp SIMT stack at immediate post-dominators (inst.
 *   reconv from the parser); calls push a frame with their own registers,
 *   per-lane .param frame and local frame.
 *
 * No global state: everything lives in the program / launch / CTA objects;
 * objects of different launches may be stepped interleaved (one thread). */
#ifndef CCGPU_PTX_ENGINE_H
#define CCGPU_PTX_ENGINE_H
#include "ptx/devmem.h"
#include "ptx/ir.h"
#include <stdint.h>
#include <stdio.h>

struct ptx_program; /* a module placed in one GPU's device memory */
struct ptx_launch;  /* one kernel launch: grid, block, parameters */
struct ptx_cta;     /* one resident CTA: its warps, shared memory, barriers */
struct ptx_warp;    /* one warp: registers, SIMT stack, call frames */

/* Generic address windows (cvta, isspacep, generic ld/st). Global device
 * memory lies below PTX_GENERIC_LOCAL_BASE. A shared address is an offset in
 * the CTA's shared memory, a local address an offset in the thread's frame. */
#define PTX_GENERIC_LOCAL_BASE 0x00007e0000000000ull
#define PTX_GENERIC_SHARED_BASE 0x00007f0000000000ull
#define PTX_GENERIC_WINDOW 0x0000000100000000ull /* 4 GiB each */

/* ---- program: module + device memory --------------------------------------
 * Places module .global/.const variables in device memory (with their
 * initializers) and lays out shared, local and parameter symbols. The module
 * must outlive the program. NULL on error with "NAME:LINE: message" in err. */
struct ptx_program *ptx_program_load(struct devmem *mem, const struct ptx_module *m,
                                     char *err, size_t errlen);
void ptx_program_free(struct ptx_program *p);
const struct ptx_module *ptx_program_module(const struct ptx_program *p);
/* Device address and size of a module-scope .global/.const symbol; -1 if none. */
int ptx_program_symbol(const struct ptx_program *p, const char *name, uint64_t *addr,
                       uint64_t *size);
/* Static shared bytes of a kernel (module-scope + its own + called .funcs). */
uint64_t ptx_program_static_shared(const struct ptx_program *p, int kernel);
/* Kernel parameter i: offset and size in the parameter buffer; -1 if no such
 * parameter. ptx_program_param_bytes: the buffer's size. */
int ptx_program_param(const struct ptx_program *p, int kernel, uint32_t i, uint64_t *offset,
                      uint64_t *size);
uint64_t ptx_program_param_bytes(const struct ptx_program *p, int kernel);
/* Why a launch of this kernel is refused: "NAME:LINE: message" naming the
 * first instruction the engine cannot execute that the kernel reaches (in
 * its body or a function it calls), or NULL when it can run. The module's
 * other kernels are not affected. */
const char *ptx_program_refusal(const struct ptx_program *p, int kernel);
/* Local bytes per thread a launch of this kernel reserves (frame + call stack). */
uint64_t ptx_program_local_per_thread(const struct ptx_program *p, int kernel);

/* ---- memory observer -------------------------------------------------------
 * Called once per executed warp memory instruction (ld/st/atom/red in any
 * space, after the access), for working-set analysis and traces. */
struct ptx_dyninst;
typedef void (*ptx_mem_observer)(void *ctx, const struct ptx_dyninst *d, uint32_t cta_linear,
                                 uint32_t warp_in_cta);

/* ---- launch ----------------------------------------------------------------- */
struct ptx_launch_desc {
    int kernel;             /* function index of the .entry in the module */
    uint32_t grid[3], block[3];
    uint32_t dynamic_shared;
    const uint8_t *params;  /* kernel parameter buffer, param_bytes of the kernel */
    uint32_t num_sms;       /* %nsmid */
    uint32_t warps_per_sm;  /* %nwarpid */
    uint32_t gridid;        /* %gridid */
    FILE *printf_out;       /* vprintf stream (NULL = stdout) */
    uint32_t max_threads_per_cta; /* 0 = 1024 */
    uint64_t max_shared_per_cta;  /* 0 = 48 KiB */
    /* Registers are zeroed at a CTA's start and a call only where the code
     * may read them before writing (reg_live_in.c); the others keep what a
     * recycled CTA left, which no instruction can see. Non-zero: those
     * others are filled with this value instead, a check that results do
     * not change (ccgpu_check_register_init). */
    uint64_t register_fill;
    /* Thread-block cluster dimensions (cudaLaunchAttributeClusterDimension);
     * 0 = none given: the kernel's .reqnctapercluster, else one-CTA
     * clusters. A cluster's CTAs must all be created (ptx_cta_create)
     * before any of them runs and stay until the last of them is done:
     * barrier.cluster and distributed shared memory reach across them. */
    uint32_t cluster[3];
};
/* Validates the launch (block size, shared memory, grid) and copies params. */
struct ptx_launch *ptx_launch_create(struct ptx_program *p, const struct ptx_launch_desc *d,
                                     char *err, size_t errlen);
void ptx_launch_free(struct ptx_launch *l);
/* %clock/%clock64 read *cycle; unset, they read the launch's warp-instruction count. */
void ptx_launch_set_clock(struct ptx_launch *l, const uint64_t *cycle);
void ptx_launch_set_observer(struct ptx_launch *l, ptx_mem_observer fn, void *ctx);
uint32_t ptx_launch_num_ctas(const struct ptx_launch *l);
/* CTAs per cluster (1 without clusters), and the linear id of the CTA of
 * rank `rank` in cluster `cluster` (0 .. num_ctas / cluster size - 1). */
uint32_t ptx_launch_cluster_size(const struct ptx_launch *l);
uint32_t ptx_launch_cluster_cta(const struct ptx_launch *l, uint32_t cluster, uint32_t rank);
/* The cluster of the CTA of linear id `cta` (0 without clusters), and the
 * grid counted in clusters (the grid itself without clusters). */
uint32_t ptx_launch_cta_cluster(const struct ptx_launch *l, uint32_t cta);
void ptx_launch_cluster_grid(const struct ptx_launch *l, uint32_t out[3]);
uint32_t ptx_launch_warps_per_cta(const struct ptx_launch *l);
uint32_t ptx_launch_threads_per_cta(const struct ptx_launch *l);
/* Shared bytes one CTA of this launch occupies (static + dynamic). */
uint64_t ptx_launch_shared_per_cta(const struct ptx_launch *l);
/* The first error of this launch (one line naming kernel, CTA, thread, address,
 * line), or "" when none. */
const char *ptx_launch_error(const struct ptx_launch *l);
const char *ptx_launch_kernel_name(const struct ptx_launch *l);

/* Counters summed over every warp of the launch (the caller may read them at
 * any time; they are plain fields so the hot path only increments). */
struct ptx_counters {
    uint64_t warp_insts, thread_insts;
    /* lanes of issued warp instructions that are active AND whose guard
     * predicate is true: GPGPU-Sim's gpu_sim_insn (its functional model drops
     * a lane whose guard is false from the instruction's active mask) */
    uint64_t thread_insts_exec;
    uint64_t warp_loads[PTX_SPACE_COUNT], warp_stores[PTX_SPACE_COUNT];
    uint64_t warp_atomics[PTX_SPACE_COUNT];
    uint64_t thread_loads[PTX_SPACE_COUNT], thread_stores[PTX_SPACE_COUNT];
    uint64_t branches, divergent_branches, barriers;
    /* global loads whose first lane's address differs from their warp's
     * previous global load's: a walk through memory (pointer chasing, row
     * walking), which a spin re-reading one flag is not. Counted only for
     * steps given a ptx_dyninst (a timing model's); not a statistic: the
     * timing model's runaway check counts it as forward progress. */
    uint64_t load_walks;
};
const struct ptx_counters *ptx_launch_counters(const struct ptx_launch *l);
/* Why the kernel's results may depend on the order in which different SMs
 * run its CTAs (atomics outside shared memory, fences, volatile or ordered
 * accesses, printf), or NULL: race-free, it computes the same whatever that
 * order. */
const char *ptx_launch_cross_sm(const struct ptx_launch *l);
/* The launch's counters += c (every field is a count), then c zeroed. */
void ptx_launch_add_counters(struct ptx_launch *l, struct ptx_counters *c);
/* A timing model whose SMs run on threads of their own: the warps of a CTA
 * created on SM sm (< nsms) count into *cnt[sm] (which the model adds into
 * the launch's counters, ptx_launch_add_counters, where no warp runs) and read
 * %clock from *clock[sm]. NULL arrays: the launch's own counters and clock
 * (the default). CTAs created before keep what they had. */
void ptx_launch_set_sm_state(struct ptx_launch *l, uint32_t nsms, struct ptx_counters *const *cnt,
                             const uint64_t *const *clock);

/* ---- CTAs ------------------------------------------------------------------
 * cta_linear = x + y*gx + z*gx*gy. warp_slots[i] is the hardware warp slot
 * (%warpid) of the CTA's warp i; NULL means 0, 1, 2... NULL on allocation
 * failure or bad id (message in ptx_launch_error). */
struct ptx_cta *ptx_cta_create(struct ptx_launch *l, uint32_t cta_linear, uint32_t sm_id,
                               const uint32_t *warp_slots);
void ptx_cta_free(struct ptx_cta *c);
/* Like ptx_cta_free, but keeps c's memory in its program for the next
 * ptx_cta_create of any launch of that program, which starts it as a fresh
 * CTA (zeroed shared and local memory, and zeroed registers wherever the
 * kernel can read one before writing it: reg_live_in.c); freed with the
 * program. Only while c's launch lives. */
void ptx_cta_recycle(struct ptx_cta *c);
uint32_t ptx_cta_num_warps(const struct ptx_cta *c);
struct ptx_warp *ptx_cta_warp(struct ptx_cta *c, uint32_t i);
uint32_t ptx_cta_linear_id(const struct ptx_cta *c);
uint32_t ptx_cta_sm(const struct ptx_cta *c);
/* All warps exited. */
int ptx_cta_done(const struct ptx_cta *c);
/* CTAs in c's cluster (1 without clusters). A warp at barrier.cluster.wait
 * waits (AT_BARRIER) until a step of a warp of any CTA of its cluster
 * completes the phase: a timing model looks at the warps of every CTA of
 * the cluster after a barrier instruction or an exit. */
uint32_t ptx_cta_cluster_size(const struct ptx_cta *c);
/* Every live warp waits at a barrier that cannot be released: the error
 * is recorded in the launch and 1 returned. */
int ptx_cta_check_deadlock(struct ptx_cta *c);

/* ---- warps ------------------------------------------------------------------ */
enum ptx_warp_state { PTX_WARP_READY, PTX_WARP_AT_BARRIER, PTX_WARP_EXITED, PTX_WARP_ERROR };
enum ptx_warp_state ptx_warp_state(const struct ptx_warp *w);
uint32_t ptx_warp_slot(const struct ptx_warp *w);      /* hardware slot (%warpid) */
uint32_t ptx_warp_index(const struct ptx_warp *w);     /* warp index within its CTA */
struct ptx_cta *ptx_warp_cta(const struct ptx_warp *w);
/* The next instruction the warp would issue (NULL unless READY), its pc and
 * active mask, for a timing model's fetch/decode/scoreboard. */
const struct ptx_inst *ptx_warp_next(const struct ptx_warp *w, uint32_t *pc, uint32_t *mask);

/* One executed warp instruction. */
struct ptx_dyninst {
    uint32_t cta_linear, warp_in_cta; /* where it executed: CTA and warp index, */
    uint32_t sm, slot;                /* SM and hardware warp slot */
    const struct ptx_inst *inst;     /* decoded instruction: op, opclass, operands */
    const struct ptx_function *func; /* function it belongs to */
    uint32_t pc;                     /* instruction index in func */
    uint32_t active_mask;            /* SIMT-stack active lanes at issue */
    uint32_t exec_mask;              /* lanes that executed: active & guard */
    /* memory instructions (inst->opclass == PTX_CLASS_MEM), else is_mem = 0 */
    uint8_t is_mem, is_load, is_store, is_atomic; /* atomics are load+store too */
    uint8_t space;       /* resolved space (generic -> space of the lanes) */
    uint8_t mixed_space; /* generic access whose lanes resolved to different spaces */
    uint8_t access_size; /* bytes per element */
    uint8_t vec;         /* elements per lane (1, 2, 4) */
    uint8_t prefetch;    /* prefetch/prefetchu of global or local memory: the
                          * level to fetch the lines into, 1 (L1) or 2 (L2);
                          * is_load/is_store 0, one byte per lane; else 0 */
    /* per lane (valid for exec_mask lanes): global/const: device address;
     * shared: offset in the CTA's shared memory; local: offset in the
     * thread's local memory; param: offset in the parameter buffer. For a
     * mixed generic access each lane's address is in its own space. Filled
     * only when d is passed (or an observer is set). */
    uint64_t addr[PTX_WARP_SIZE];
};

/* Registers an instruction reads and writes, for a timing model's
 * scoreboard: slots of the function's register file (regs[slot * 32 + lane])
 * and predicate indices. Vector operands are expanded, the base register of
 * [reg+offset] addresses and the guard predicate count as reads. The carry
 * flag of add.cc/addc is not a register and is not listed. */
#define PTX_REGSET_MAX 16
struct ptx_regset {
    uint32_t src[PTX_REGSET_MAX], dst[PTX_REGSET_MAX];
    uint32_t psrc[4], pdst[2];
    uint8_t nsrc, ndst, npsrc, npdst;
};
void ptx_inst_regset(const struct ptx_function *f, const struct ptx_inst *in,
                     struct ptx_regset *out);
/* How many leading operands an instruction writes (its destinations; an
 * optional "|q" second destination counts, present or not). */
unsigned ptx_inst_num_dst(const struct ptx_inst *in);

enum ptx_step_status {
    PTX_STEP_OK,      /* executed; the warp can issue again */
    PTX_STEP_BARRIER, /* executed, and the warp now waits at a barrier (state
                       * AT_BARRIER): a bar.sync, or the last instruction of a
                       * divergent path whose sibling lanes are parked at one */
    PTX_STEP_EXITED,  /* the warp's last threads exited */
    PTX_STEP_ERROR,   /* the launch failed: ptx_launch_error() */
};
/* Executes the warp's next instruction. d may be NULL (functional fast path). */
enum ptx_step_status ptx_warp_step(struct ptx_warp *w, struct ptx_dyninst *d);
/* One turn of a CTA, the functional runner's loop: its warps round-robin,
 * each READY warp stepping up to `run` instructions (fewer when it reaches
 * a barrier or exits) before the next, for up to `rounds` rounds or until
 * none of them can run; a warp a barrier released rejoins at its next
 * visit. Adds the number executed to *executed; PTX_STEP_ERROR when the
 * launch failed, else PTX_STEP_OK. */
enum ptx_step_status ptx_cta_run(struct ptx_cta *c, uint64_t run, uint64_t rounds,
                                 uint64_t *executed);

#endif
