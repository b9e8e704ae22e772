/* Register read/write sets of an instruction (engine.h), computed from the
 * decoded operands: what a scoreboard needs without knowing PTX syntax. */
#include "ptx/engine.h"
#include <string.h>

static void add(uint32_t *v, uint8_t *n, unsigned cap, uint32_t x)
{
    if (x == PTX_NO_INDEX)
        return;
    for (unsigned i = 0; i < *n; i++)
        if (v[i] == x)
            return;
    if (*n < cap)
        v[(*n)++] = x;
}

static void operand(const struct ptx_function *f, const struct ptx_operand *o, int write,
                    struct ptx_regset *r)
{
    switch (o->kind) {
    case PTX_OPND_REG:
        if (write)
            add(r->dst, &r->ndst, PTX_REGSET_MAX, o->index);
        else
            add(r->src, &r->nsrc, PTX_REGSET_MAX, o->index);
        break;
    case PTX_OPND_PRED:
        if (write)
            add(r->pdst, &r->npdst, 2, o->index);
        else
            add(r->psrc, &r->npsrc, 4, o->index);
        break;
    case PTX_OPND_ADDR_REG: /* the base register is read even by a store */
        add(r->src, &r->nsrc, PTX_REGSET_MAX, o->index);
        break;
    case PTX_OPND_VEC:
        for (unsigned i = 0; i < o->count && o->index + i < f->nvec_pool; i++) {
            uint32_t reg = f->vec_pool[o->index + i];
            if (write)
                add(r->dst, &r->ndst, PTX_REGSET_MAX, reg);
            else
                add(r->src, &r->nsrc, PTX_REGSET_MAX, reg);
        }
        break;
    default:
        break;
    }
}

unsigned ptx_inst_num_dst(const struct ptx_inst *in)
{
    switch (in->op) {
    case PTX_OP_ST: case PTX_OP_SUST: case PTX_OP_RED: case PTX_OP_BRA: case PTX_OP_BRX: case PTX_OP_CALL:
    case PTX_OP_RET: case PTX_OP_EXIT: case PTX_OP_TRAP: case PTX_OP_MEMBAR: case PTX_OP_FENCE:
    case PTX_OP_PREFETCH: case PTX_OP_PREFETCHU: case PTX_OP_BRKPT: case PTX_OP_NANOSLEEP:
    case PTX_OP_PMEVENT: case PTX_OP_CP_ASYNC: case PTX_OP_CP_ASYNC_COMMIT:
    case PTX_OP_CP_ASYNC_WAIT: case PTX_OP_CP_ASYNC_WAIT_ALL: case PTX_OP_CP_ASYNC_MBAR_ARRIVE:
    case PTX_OP_CP_ASYNC_BULK: case PTX_OP_UNSUPPORTED: case PTX_OP_WMMA_STORE: case PTX_OP_STMATRIX:
        return 0;
    case PTX_OP_BAR: case PTX_OP_BARRIER:
        return in->mode == PTX_BAR_RED ? 1 : 0;
    case PTX_OP_MBARRIER:
        return in->mode == PTX_MBAR_INIT || in->mode == PTX_MBAR_INVAL ||
                       in->mode == PTX_MBAR_EXPECT_TX || in->mode == PTX_MBAR_COMPLETE_TX
                   ? 0
                   : 1;
    case PTX_OP_SETP: case PTX_OP_SHFL: case PTX_OP_MATCH: case PTX_OP_ELECT:
        return 2; /* the second ("|q") may be absent */
    default:
        return in->nops ? 1 : 0;
    }
}

void ptx_inst_regset(const struct ptx_function *f, const struct ptx_inst *in,
                     struct ptx_regset *out)
{
    memset(out, 0, sizeof *out);
    if (in->guard != PTX_NO_INDEX)
        add(out->psrc, &out->npsrc, 4, in->guard);
    unsigned nd = ptx_inst_num_dst(in);
    for (unsigned i = 0; i < in->nops && i < PTX_MAX_OPERANDS; i++)
        operand(f, &in->ops[i], i < nd && in->ops[i].kind != PTX_OPND_ADDR_REG, out);
}
