/* Function unit, latency and register operands of each instruction.
 * Branches, calls, returns, exits, barriers and no-ops use the SP pipeline
 * with the integer ADD latency, as GPGPU-Sim issues them. Integer division
 * and remainder (opclass SFU) use the integer DIV latency, f32 division the
 * fp DIV latency, other SFU work ptx_opcode_latency_sfu. redux.sync takes
 * the shfl latency (ptx_opcode_latency_int's sixth field), elect.sync the
 * integer ADD's; fences and the cp.async group instructions are no-ops on
 * the SP pipeline, cp.async and mbarrier operations memory instructions
 * (the async-group fields say what waits for what). With
 * ccgpu_gpgpusim_alu_latency the ALU instructions that GPGPU-Sim 4.x's
 * latency table leaves out (gpgpusim_unit_latency) take latency and
 * initiation interval 1 on the INT unit (the SP unit without one), as
 * GPGPU-Sim's ptx_instruction::set_opcode_and_latency and its issue stage
 * treat them. */
#include "timing/tinst.h"
#include "ptx/engine.h"
#include "timing/rocache.h"
#include <stdlib.h>
#include <string.h>

void tinst_cache_reset(struct tinst_cache *tc, const struct ptx_module *m)
{
    if (tc->mod == m && tc->tab)
        return;
    tinst_cache_free(tc);
    tc->mod = m;
}

void tinst_cache_free(struct tinst_cache *tc)
{
    for (uint32_t i = 0; tc->tab && i < tc->nfuncs; i++)
        free(tc->tab[i]);
    free(tc->tab);
    free(tc->code_base);
    tc->code_base = NULL;
    tc->tab = NULL;
    tc->nfuncs = 0;
    tc->mod = NULL;
}

uint64_t tinst_code_offset(struct tinst_cache *tc, const struct ptx_function *f,
                           const struct ptx_inst *inst)
{
    const struct ptx_module *m = tc->mod;
    uint64_t idx = (uint64_t)(inst - f->insts) * ROC_INST_BYTES;
    if (!m || f < m->funcs || f >= m->funcs + m->nfuncs)
        return idx;
    if (!tc->code_base && (tc->code_base = malloc(m->nfuncs * sizeof *tc->code_base))) {
        uint64_t at = 0;
        for (uint32_t i = 0; i < m->nfuncs; i++) {
            tc->code_base[i] = at;
            at += (uint64_t)m->funcs[i].ninsts * ROC_INST_BYTES;
        }
    }
    return (tc->code_base ? tc->code_base[f - m->funcs] : 0) + idx;
}

static int writes_operand(const struct ptx_inst *in, unsigned i)
{
    return i < ptx_inst_num_dst(in);
}

static enum lat_class lat_class_of(const struct ptx_inst *in)
{
    switch (in->op) {
    case PTX_OP_MUL: case PTX_OP_MUL24: return LAT_MUL;
    case PTX_OP_MAD: case PTX_OP_MAD24: case PTX_OP_MADC: case PTX_OP_FMA: return LAT_MAD;
    case PTX_OP_DIV: case PTX_OP_REM: return LAT_DIV;
    case PTX_OP_MIN: case PTX_OP_MAX: return LAT_MAX;
    case PTX_OP_SHFL: case PTX_OP_REDUX: return LAT_SHFL;
    default: return LAT_ADD;
    }
}

/* The opcodes GPGPU-Sim 4.x (cuda-sim.cc, set_opcode_and_latency) gives no
 * latency of its own: latency and initiation interval 1, an ALU_OP, which
 * its issue stage sends to the INT unit when the SM has one. */
static int gpgpusim_unit_latency(enum ptx_opcode op)
{
    switch (op) {
    case PTX_OP_ABS: case PTX_OP_NEG: case PTX_OP_AND: case PTX_OP_OR: case PTX_OP_XOR:
    case PTX_OP_NOT: case PTX_OP_CNOT: case PTX_OP_SHL: case PTX_OP_SHR: case PTX_OP_SHF:
    case PTX_OP_BFE: case PTX_OP_BFI: case PTX_OP_BFIND: case PTX_OP_POPC: case PTX_OP_CLZ:
    case PTX_OP_BREV: case PTX_OP_PRMT: case PTX_OP_DP4A: case PTX_OP_SAD: case PTX_OP_SETP:
    case PTX_OP_SET: case PTX_OP_SELP: case PTX_OP_SLCT: case PTX_OP_CVT: case PTX_OP_CVTA:
    case PTX_OP_MOV: case PTX_OP_ISSPACEP: case PTX_OP_VOTE: case PTX_OP_ACTIVEMASK:
        return 1;
    default:
        return 0;
    }
}

static void add_reg(struct tinst *t, uint32_t *regs, unsigned *n, uint32_t r)
{
    (void)t;
    if (*n < TINST_MAX_REGS)
        regs[(*n)++] = r; /* more than 36 never occur (wmma.mma: 32 and a guard) */
}

static void fill(struct tinst *t, const struct sm_config *c, const struct ptx_function *f,
                 const struct ptx_inst *in)
{
    uint32_t src[TINST_MAX_REGS], dst[TINST_MAX_REGS];
    unsigned ns = 0, nd = 0;
    memset(t, 0, sizeof *t);
    if (in->guard != PTX_NO_INDEX)
        add_reg(t, src, &ns, in->guard | TINST_PRED);
    for (unsigned i = 0; i < in->nops; i++) {
        const struct ptx_operand *o = &in->ops[i];
        int w = writes_operand(in, i);
        uint32_t *list = w ? dst : src;
        unsigned *n = w ? &nd : &ns;
        if (o->kind == PTX_OPND_REG && o->index != PTX_NO_INDEX)
            add_reg(t, list, n, o->index);
        else if (o->kind == PTX_OPND_PRED)
            add_reg(t, list, n, o->index | TINST_PRED);
        else if (o->kind == PTX_OPND_ADDR_REG)
            add_reg(t, src, &ns, o->index);
        else if (o->kind == PTX_OPND_VEC)
            for (unsigned k = 0; k < o->count; k++)
                if (f->vec_pool[o->index + k] != PTX_NO_INDEX)
                    add_reg(t, list, n, f->vec_pool[o->index + k]);
    }
    if (ns + nd > TINST_MAX_REGS)
        nd = TINST_MAX_REGS - ns;
    memcpy(t->reg, src, ns * sizeof *src);
    memcpy(t->reg + ns, dst, nd * sizeof *dst);
    t->nsrc = (uint8_t)ns;
    t->ndst = (uint8_t)nd;

    enum lat_class lc = lat_class_of(in);
    int is_float = ptx_type_is_float((enum ptx_type)in->type);
    uint32_t lat = c->lat_int[LAT_ADD], init = c->init_int[LAT_ADD];
    t->unit = FU_SP;
    t->kind = TI_ALU;
    switch (in->opclass) {
    case PTX_CLASS_ALU:
        if (lc == LAT_SHFL) /* ptx_opcode_latency_int's sixth field, whatever the type */
            is_float = 0;
        lat = is_float ? c->lat_fp[lc] : c->lat_int[lc];
        init = is_float ? c->init_fp[lc] : c->init_int[lc];
        t->unit = (!is_float && c->n_units[FU_INT]) ? FU_INT : FU_SP;
        t->op_kind = !is_float ? TOP_INT : in->type == PTX_T_F64 ? TOP_FP64 : TOP_FP32;
        break;
    case PTX_CLASS_SFU:
        t->unit = FU_SFU;
        t->op_kind = TOP_SFU;
        if (lc == LAT_DIV) {
            lat = is_float ? c->lat_fp[LAT_DIV] : c->lat_int[LAT_DIV];
            init = is_float ? c->init_fp[LAT_DIV] : c->init_int[LAT_DIV];
        } else {
            lat = c->lat_sfu;
            init = c->init_sfu;
        }
        break;
    case PTX_CLASS_DP:
        t->unit = c->n_units[FU_DP] ? FU_DP : FU_SFU;
        t->op_kind = TOP_FP64;
        lat = c->lat_dp[lc];
        init = c->init_dp[lc];
        break;
    case PTX_CLASS_TENSOR:
        t->unit = c->n_units[FU_TENSOR] ? FU_TENSOR : FU_SP;
        t->op_kind = TOP_NONE; /* not an arithmetic kind the energy model knows */
        lat = c->lat_tensor;
        init = c->init_tensor;
        break;
    case PTX_CLASS_MEM:
        t->unit = FU_MEM;
        t->kind = TI_MEM;
        t->atomic = in->op == PTX_OP_ATOM || in->op == PTX_OP_RED;
        break;
    case PTX_CLASS_BARRIER:
        t->kind = TI_BARRIER;
        break;
    case PTX_CLASS_BRANCH: case PTX_CLASS_CALL: case PTX_CLASS_RET:
        t->kind = TI_BRANCH;
        break;
    case PTX_CLASS_EXIT:
        t->kind = TI_EXIT;
        break;
    default:
        t->kind = TI_OTHER;
        break;
    }
    switch (in->op) {
    case PTX_OP_CP_ASYNC: t->async = TASYNC_COPY; break;
    case PTX_OP_CP_ASYNC_COMMIT: t->async = TASYNC_COMMIT; break;
    case PTX_OP_CP_ASYNC_WAIT:
        t->async = TASYNC_WAIT;
        t->async_keep = (uint8_t)(in->ops[0].value > 255 ? 255 : in->ops[0].value);
        break;
    case PTX_OP_CP_ASYNC_WAIT_ALL: case PTX_OP_CP_ASYNC_MBAR_ARRIVE:
        t->async = TASYNC_WAIT_ALL;
        break;
    default: break;
    }
    if (c->gpgpusim_alu_latency && (in->opclass == PTX_CLASS_ALU || in->opclass == PTX_CLASS_DP) &&
        gpgpusim_unit_latency((enum ptx_opcode)in->op)) {
        lat = init = 1;
        t->unit = c->n_units[FU_INT] ? FU_INT : FU_SP;
    }
    /* bar.red writes a register like an ALU op; membar is a no-op for timing */
    uint32_t simd = 32 / c->simd_width;
    t->latency = (uint16_t)lat;
    t->busy = (uint16_t)(init > simd ? init : simd);
}

const struct tinst *tinst_lookup(struct tinst_cache *tc, const struct sm_config *c,
                                 const struct ptx_inst *inst, const struct ptx_function **func)
{
    const struct ptx_module *m = tc->mod;
    const struct ptx_function *f = *func;
    if (!f || inst < f->insts || inst >= f->insts + f->ninsts) {
        f = NULL;
        for (uint32_t i = 0; i < m->nfuncs; i++)
            if (m->funcs[i].insts && inst >= m->funcs[i].insts &&
                inst < m->funcs[i].insts + m->funcs[i].ninsts) {
                f = &m->funcs[i];
                break;
            }
        if (!f)
            return NULL;
        *func = f;
    }
    if (!tc->tab) {
        tc->tab = calloc(m->nfuncs ? m->nfuncs : 1, sizeof *tc->tab);
        if (!tc->tab)
            return NULL;
        tc->nfuncs = m->nfuncs;
    }
    uint32_t fi = (uint32_t)(f - m->funcs);
    if (!tc->tab[fi]) {
        struct tinst *t = calloc(f->ninsts ? f->ninsts : 1, sizeof *t);
        if (!t)
            return NULL;
        for (uint32_t i = 0; i < f->ninsts; i++)
            fill(&t[i], c, f, &f->insts[i]);
        tc->tab[fi] = t;
    }
    return &tc->tab[fi][inst - f->insts];
}

int tinst_cache_build(struct tinst_cache *tc, const struct sm_config *c)
{
    const struct ptx_module *m = tc->mod;
    for (uint32_t i = 0; m && i < m->nfuncs; i++) {
        const struct ptx_function *f = &m->funcs[i], *hint = f;
        if (!f->insts || !f->ninsts)
            continue;
        if (!tinst_lookup(tc, c, &f->insts[0], &hint))
            return -1;
        tinst_code_offset(tc, f, &f->insts[0]);
    }
    return m && m->nfuncs && !tc->code_base ? -1 : 0;
}
