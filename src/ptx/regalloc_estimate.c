/* Register estimate from PTX liveness: the largest number of 32-bit register
 * values live at once at any instruction boundary (a 64-bit register counts
 * 2, a 128-bit one 4, predicates nothing), by backward dataflow over the CFG.
 * A guarded write does not end its register's previous life (the old value
 * survives in lanes where the guard is false). This ignores what ptxas adds
 * (address temporaries, ABI registers, rematerialisation), so it is an
 * approximation for occupancy when ptxas figures are missing. */
#include "ptx/cfg.h"
#include "ptx/ptx.h"
#include <stdlib.h>
#include <string.h>

static int writes_operand(const struct ptx_inst *in, unsigned i)
{
    switch (in->op) {
    case PTX_OP_ST: case PTX_OP_RED: case PTX_OP_PREFETCH: case PTX_OP_PREFETCHU:
    case PTX_OP_NANOSLEEP: case PTX_OP_PMEVENT: case PTX_OP_BRA: case PTX_OP_CALL:
    case PTX_OP_RET: case PTX_OP_EXIT: case PTX_OP_TRAP: case PTX_OP_MEMBAR: case PTX_OP_FENCE:
        return 0;
    case PTX_OP_BAR: case PTX_OP_BARRIER:
        return in->mode == PTX_BAR_RED && i == 0;
    case PTX_OP_SETP: case PTX_OP_SHFL: case PTX_OP_MATCH:
        return i <= 1;
    default:
        return i == 0;
    }
}

struct live {
    const struct ptx_function *f;
    uint32_t words;
};

#define BIT_SET(s, r) ((s)[(r) >> 6] |= 1ull << ((r) & 63))
#define BIT_CLR(s, r) ((s)[(r) >> 6] &= ~(1ull << ((r) & 63)))
#define BIT_GET(s, r) (((s)[(r) >> 6] >> ((r) & 63)) & 1)

static unsigned weight(const struct ptx_function *f, uint32_t r)
{
    unsigned b = f->reg_types ? ptx_type_bytes((enum ptx_type)f->reg_types[r]) : 4;
    return b <= 4 ? 1 : b / 4;
}

/* Calls fn(reg, is_write) for every register slot the instruction touches. */
static void visit(const struct ptx_function *f, const struct ptx_inst *in,
                  void (*fn)(void *, uint32_t, int), void *arg)
{
    for (unsigned i = 0; i < in->nops; i++) {
        const struct ptx_operand *o = &in->ops[i];
        int w = writes_operand(in, i);
        if (o->kind == PTX_OPND_REG && o->index != PTX_NO_INDEX)
            fn(arg, o->index, w);
        else if (o->kind == PTX_OPND_ADDR_REG)
            fn(arg, o->index, 0);
        else if (o->kind == PTX_OPND_VEC)
            for (unsigned k = 0; k < o->count; k++)
                if (f->vec_pool[o->index + k] != PTX_NO_INDEX)
                    fn(arg, f->vec_pool[o->index + k], w);
    }
}

struct usedef {
    uint64_t *use, *def;
    int guarded;
};

static void ud_fn(void *arg, uint32_t r, int w)
{
    struct usedef *u = arg;
    if (w) {
        if (!u->guarded) {
            BIT_SET(u->def, r);
            BIT_CLR(u->use, r);
        }
    } else {
        BIT_SET(u->use, r);
    }
}

struct walk {
    uint64_t *live;
    const struct ptx_function *f;
    uint32_t count;
    int guarded, phase; /* phase 0: kill writes, 1: add reads */
};

static void walk_fn(void *arg, uint32_t r, int w)
{
    struct walk *k = arg;
    if (k->phase == 0 && w && !k->guarded && BIT_GET(k->live, r)) {
        BIT_CLR(k->live, r);
        k->count -= weight(k->f, r);
    } else if (k->phase == 1 && !w && !BIT_GET(k->live, r)) {
        BIT_SET(k->live, r);
        k->count += weight(k->f, r);
    }
}

uint32_t ptx_estimate_registers(const struct ptx_module *m, const struct ptx_function *f)
{
    (void)m;
    if (!f->ninsts || !f->nregs)
        return 0;
    struct ptx_cfg g;
    if (ptx_cfg_build(f, &g) != 0)
        return 0;
    uint32_t nb = g.nblocks, W = (f->nregs + 63) / 64;
    uint64_t *bits = calloc((size_t)W * (4 * (size_t)nb + 1), sizeof *bits);
    uint32_t best = 0;
    if (!bits)
        goto out;
    uint64_t *use = bits, *def = bits + (size_t)W * nb, *in = bits + 2 * (size_t)W * nb,
             *outs = bits + 3 * (size_t)W * nb, *tmp = bits + 4 * (size_t)W * nb;
    for (uint32_t b = 0; b < nb; b++) {
        struct usedef u = { use + (size_t)W * b, def + (size_t)W * b, 0 };
        for (uint32_t i = g.start[b + 1]; i-- > g.start[b];) {
            u.guarded = f->insts[i].guard != PTX_NO_INDEX;
            /* destinations come first among the operands, so one pass
             * handles the writes of an instruction before its reads */
            visit(f, &f->insts[i], ud_fn, &u);
        }
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t b = nb; b-- > 0;) {
            uint64_t *o = outs + (size_t)W * b;
            for (int k = 0; k < 2; k++) {
                uint32_t s = g.succ[2 * b + k];
                if (s == PTX_NO_INDEX || s == nb)
                    continue;
                for (uint32_t w = 0; w < W; w++)
                    o[w] |= in[(size_t)W * s + w];
            }
            for (uint32_t w = 0; w < W; w++) {
                uint64_t v = use[(size_t)W * b + w] | (o[w] & ~def[(size_t)W * b + w]);
                if (v != in[(size_t)W * b + w]) {
                    in[(size_t)W * b + w] = v;
                    changed = 1;
                }
            }
        }
    }
    for (uint32_t b = 0; b < nb; b++) {
        memcpy(tmp, outs + (size_t)W * b, W * sizeof *tmp);
        struct walk k = { tmp, f, 0, 0, 0 };
        for (uint32_t r = 0; r < f->nregs; r++)
            if (BIT_GET(tmp, r))
                k.count += weight(f, r);
        if (k.count > best)
            best = k.count;
        for (uint32_t i = g.start[b + 1]; i-- > g.start[b];) {
            k.guarded = f->insts[i].guard != PTX_NO_INDEX;
            uint32_t before = k.count;
            k.phase = 0;
            visit(f, &f->insts[i], walk_fn, &k);
            k.phase = 1;
            visit(f, &f->insts[i], walk_fn, &k);
            /* a value written here and one read here coexist for an instant
             * only when the write is live afterwards: `before` covers it */
            if (before > best)
                best = before;
            if (k.count > best)
                best = k.count;
        }
    }
out:
    free(bits);
    ptx_cfg_free(&g);
    return best;
}
