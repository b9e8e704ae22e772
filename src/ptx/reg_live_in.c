/* Registers a function may read before writing them: the only register slots
 * a new CTA or a call must zero (launch.c, exec.c). Every other slot is
 * written on every path from the function's entry before any read, so
 * whatever it held (a recycled CTA's last values) can never be seen, and
 * results are the same as if it had been zeroed.
 *
 * Backward liveness over the CFG (cfg.h): a block's live-in is what it reads
 * before writing, plus its successors' live-in less what it writes; the
 * function's set is its entry block's live-in. Reads: every register
 * operand (a destination too, unless below). Writes that count: only the
 * first operand of an unguarded instruction of the kinds listed in
 * full_write(), which the engine writes in every active lane and in all 64
 * bits (ir.h: narrower values zero-extend); anything else (a guarded write,
 * texture and surface loads, shfl/vote/match, bar.red's result) leaves the
 * register live, the conservative side. A lane's path through the code is
 * a path of the CFG, so divergence needs nothing more.
 *
 * Lanes that do not run an instruction can still be read by shfl (from
 * another lane, even an inactive or absent one), so every register a
 * warp-wide operation names is zeroed as well. A function the CFG cannot
 * describe (a brx, which the loader rejects anyway, or a branch out of the
 * body) gets every slot.
 *
 * tests/cli/515 runs the benchmarks with every other slot filled with a
 * pattern (ccgpu_check_register_init) against the golden statistics. */
#include "ptx/cfg.h"
#include "ptx/exec_impl.h"
#include <stdlib.h>
#include <string.h>

static int full_write(enum ptx_opcode op)
{
    switch (op) {
    case PTX_OP_ABS: case PTX_OP_ADD: case PTX_OP_ADDC: case PTX_OP_SUB: case PTX_OP_SUBC:
    case PTX_OP_MUL: case PTX_OP_MUL24: case PTX_OP_MAD: case PTX_OP_MAD24: case PTX_OP_MADC:
    case PTX_OP_FMA: case PTX_OP_SAD: case PTX_OP_DIV: case PTX_OP_REM: case PTX_OP_NEG:
    case PTX_OP_MIN: case PTX_OP_MAX: case PTX_OP_COPYSIGN: case PTX_OP_AND: case PTX_OP_OR:
    case PTX_OP_XOR: case PTX_OP_NOT: case PTX_OP_CNOT: case PTX_OP_LOP3: case PTX_OP_SHL:
    case PTX_OP_SHR: case PTX_OP_SHF: case PTX_OP_BFE: case PTX_OP_BFI: case PTX_OP_BFIND:
    case PTX_OP_POPC: case PTX_OP_CLZ: case PTX_OP_BREV: case PTX_OP_PRMT: case PTX_OP_DP4A:
    case PTX_OP_SET: case PTX_OP_SELP: case PTX_OP_SLCT: case PTX_OP_CVT: case PTX_OP_CVTA:
    case PTX_OP_MOV: case PTX_OP_SQRT: case PTX_OP_RSQRT: case PTX_OP_RCP: case PTX_OP_EX2:
    case PTX_OP_LG2: case PTX_OP_SIN: case PTX_OP_COS: case PTX_OP_TANH: case PTX_OP_LD:
    case PTX_OP_LDU: case PTX_OP_ATOM:
        return 1;
    default:
        return 0;
    }
}

static int warp_wide(enum ptx_opcode op)
{
    return op == PTX_OP_SHFL || op == PTX_OP_VOTE || op == PTX_OP_MATCH ||
           op == PTX_OP_ACTIVEMASK || op == PTX_OP_BAR || op == PTX_OP_BARRIER ||
           op == PTX_OP_REDUX || op == PTX_OP_ELECT || op == PTX_OP_MMA ||
           op == PTX_OP_LDMATRIX || op == PTX_OP_STMATRIX ||
           op == PTX_OP_WMMA_MMA; /* (these read every lane) */
}

/* Beyond these (a hostile module: a million registers and thousands of
 * branches, or a graph that needs many passes) every slot is zeroed, as
 * before this analysis: the same results, only slower. */
#define LIVE_IN_MAX_WORDS ((size_t)1 << 22) /* 32 MB of sets */
#define LIVE_IN_MAX_PASSES 64

/* Sets (or, with kill, clears) slot r in `set`; "_" and bad indices skipped. */
static void mark(const struct ptx_function *f, uint64_t *set, uint32_t r, int kill)
{
    if (r >= f->nregs) /* (PTX_NO_INDEX too) */
        return;
    if (kill)
        set[r >> 6] &= ~(1ull << (r & 63));
    else
        set[r >> 6] |= 1ull << (r & 63);
}

/* mark() for every register slot operand o names. */
static void each_reg(const struct ptx_function *f, const struct ptx_operand *o, uint64_t *set,
                     int kill)
{
    if (o->kind == PTX_OPND_REG || o->kind == PTX_OPND_ADDR_REG)
        mark(f, set, o->index, kill);
    else if (o->kind == PTX_OPND_VEC)
        for (unsigned k = 0; k < o->count && o->index + k < f->nvec_pool; k++)
            mark(f, set, f->vec_pool[o->index + k], kill);
}

/* live = (live - written) + read, for one instruction, walking backwards. */
static void step_back(const struct ptx_function *f, const struct ptx_inst *in, uint64_t *live)
{
    int kills = in->guard == PTX_NO_INDEX && full_write((enum ptx_opcode)in->op) && in->nops &&
                (in->ops[0].kind == PTX_OPND_REG || in->ops[0].kind == PTX_OPND_VEC);
    if (kills)
        each_reg(f, &in->ops[0], live, 1);
    for (unsigned i = kills ? 1 : 0; i < in->nops && i < PTX_MAX_OPERANDS; i++)
        each_reg(f, &in->ops[i], live, 0);
}

/* Whether the CFG holds every edge a thread can take (see the header). */
static int cfg_complete(const struct ptx_function *f)
{
    for (uint32_t i = 0; i < f->ninsts; i++) {
        const struct ptx_inst *in = &f->insts[i];
        if (in->op == PTX_OP_BRX || (in->op == PTX_OP_BRA && in->target >= f->ninsts))
            return 0;
    }
    return 1;
}

int ptx_read_before_write(const struct ptx_function *f, uint32_t **out, uint32_t *nout)
{
    uint32_t W = (f->nregs + 63) / 64;
    *out = NULL;
    *nout = 0;
    if (!f->nregs || !f->ninsts)
        return 0;
    uint64_t *entry = calloc(W, sizeof *entry);
    if (!entry)
        return -1;
    struct ptx_cfg g = { 0 };
    int all = !cfg_complete(f), rc = -1;
    uint64_t *in_sets = NULL, *tmp = NULL;
    if (!all && ptx_cfg_build(f, &g))
        goto out_entry;
    if (!all && ((size_t)g.nblocks + 1) * W > LIVE_IN_MAX_WORDS) {
        ptx_cfg_free(&g);
        all = 1;
    }
    if (!all) {
        uint32_t nb = g.nblocks;
        in_sets = calloc(((size_t)nb + 1) * W, sizeof *in_sets); /* node nb: exit, empty */
        tmp = malloc(W * sizeof *tmp);
        if (!in_sets || !tmp)
            goto out;
        int passes = 0;
        for (int changed = 1; changed && !all;) {
            changed = 0;
            if (++passes > LIVE_IN_MAX_PASSES)
                all = 1;
            for (uint32_t b = nb; b-- > 0;) {
                memset(tmp, 0, W * sizeof *tmp);
                for (int k = 0; k < 2; k++) {
                    uint32_t s = g.succ[2 * b + k];
                    if (s != PTX_NO_INDEX)
                        for (uint32_t w = 0; w < W; w++)
                            tmp[w] |= in_sets[(size_t)s * W + w];
                }
                for (uint32_t i = g.start[b + 1]; i-- > g.start[b];)
                    step_back(f, &f->insts[i], tmp);
                uint64_t *cur = &in_sets[(size_t)b * W];
                if (memcmp(cur, tmp, W * sizeof *tmp)) {
                    memcpy(cur, tmp, W * sizeof *tmp);
                    changed = 1;
                }
            }
        }
        ptx_cfg_free(&g);
        memcpy(entry, in_sets, W * sizeof *entry);
        for (uint32_t i = 0; i < f->ninsts; i++)
            if (warp_wide((enum ptx_opcode)f->insts[i].op))
                for (unsigned k = 0; k < f->insts[i].nops && k < PTX_MAX_OPERANDS; k++)
                    each_reg(f, &f->insts[i].ops[k], entry, 0);
    }
    uint32_t n = 0;
    for (uint32_t r = 0; r < f->nregs; r++)
        n += all || (entry[r >> 6] >> (r & 63) & 1);
    if (n && !(*out = malloc(n * sizeof **out)))
        goto out;
    for (uint32_t r = 0; r < f->nregs; r++)
        if (all || (entry[r >> 6] >> (r & 63) & 1))
            (*out)[(*nout)++] = r;
    rc = 0;
out:
    free(in_sets);
    free(tmp);
    ptx_cfg_free(&g);
out_entry:
    free(entry);
    return rc;
}

void ptx_regs_start(const struct ptx_program *p, uint32_t f, uint64_t *regs, uint64_t fill)
{
    const struct ptx_function *fn = &p->mod->funcs[f];
    uint32_t n = p->zeroed_start[f + 1] - p->zeroed_start[f];
    /* (zeroed_regs is NULL when no function of the module has any) */
    const uint32_t *r = n ? &p->zeroed_regs[p->zeroed_start[f]] : NULL;
    if (fill) {
        for (size_t i = 0; i < (size_t)fn->nregs * PTX_WARP_SIZE; i++)
            regs[i] = fill;
    } else if (n == fn->nregs) {
        memset(regs, 0, (size_t)n * PTX_WARP_SIZE * sizeof *regs);
        return;
    }
    for (uint32_t i = 0; i < n; i++)
        memset(&regs[(size_t)r[i] * PTX_WARP_SIZE], 0, PTX_WARP_SIZE * sizeof *regs);
}
