/* Per-instruction facts the SM pipeline needs at every issue, computed once
 * per function: the function unit, latency and unit occupancy, and the
 * register slots read and written (for the scoreboard). */
#ifndef CCGPU_TIMING_TINST_H
#define CCGPU_TIMING_TINST_H
#include <stdint.h>
#include "ptx/ir.h"
#include "timing/sm_config.h"

#define TINST_PRED 0x80000000u /* predicate index space */
#define TINST_MAX_REGS 36

enum { TI_ALU, TI_MEM, TI_BRANCH, TI_BARRIER, TI_EXIT, TI_OTHER };

/* The kind of arithmetic an instruction does, by opcode class and type
 * (the energy model's integer / FP32 / FP64 / SFU operations), whichever
 * unit executes it. */
enum { TOP_NONE, TOP_INT, TOP_FP32, TOP_FP64, TOP_SFU, TOP_COUNT };

/* The asynchronous-copy groups of a warp (cp.async): a copy's load is
 * awaited by the wait_group that covers its group, not by a register. */
enum {
    TASYNC_NONE,
    TASYNC_COPY,     /* cp.async: its load joins the warp's open group */
    TASYNC_COMMIT,   /* cp.async.commit_group: the open group is committed */
    TASYNC_WAIT,     /* cp.async.wait_group N (async_keep): issues once at most N
                      * committed groups are in flight */
    TASYNC_WAIT_ALL, /* cp.async.wait_all (commits, then waits for all), and
                      * cp.async.mbarrier.arrive (issues after every copy) */
};

struct tinst {
    uint8_t unit;    /* enum fu_kind */
    uint8_t kind;    /* TI_* */
    uint8_t nsrc, ndst;
    uint8_t atomic;  /* atom or red: the warp issues nothing more until it completes */
    uint8_t op_kind; /* TOP_* */
    uint8_t async;      /* TASYNC_* */
    uint8_t async_keep; /* TASYNC_WAIT: N */
    uint16_t latency; /* cycles from issue to result (ALU units) */
    uint16_t busy;    /* cycles the unit is held: max(initiation, 32 / simd width) */
    uint32_t reg[TINST_MAX_REGS]; /* sources, then destinations */
};

/* The tables of a module's functions, built on first use. */
struct tinst_cache {
    const struct ptx_module *mod;
    struct tinst **tab; /* by function index */
    uint32_t nfuncs;
    /* byte offset of each function's first instruction in the module's
     * code (rocache.h: ROC_INST_BYTES each, functions one after another);
     * NULL until asked for, or when out of memory (then every function
     * starts at 0) */
    uint64_t *code_base;
};

void tinst_cache_reset(struct tinst_cache *tc, const struct ptx_module *m);
void tinst_cache_free(struct tinst_cache *tc);
/* Byte offset of instruction inst of function f (of tc's module) in the
 * module's code. */
uint64_t tinst_code_offset(struct tinst_cache *tc, const struct ptx_function *f,
                           const struct ptx_inst *inst);
/* Info of the instruction inst (of any function of the module); *func is a
 * hint (the function of the previous lookup) updated in place. NULL on out
 * of memory. */
const struct tinst *tinst_lookup(struct tinst_cache *tc, const struct sm_config *c,
                                 const struct ptx_inst *inst, const struct ptx_function **func);
/* Every function's table and the code offsets built now, so that lookups
 * only read (SMs on threads of their own share the cache): 0, or -1 out of
 * memory. */
int tinst_cache_build(struct tinst_cache *tc, const struct sm_config *c);

#endif
