/* Register estimate from PTX liveness: the largest number of 32-bit register
 * values live at once at any instruction boundary (a 64-bit register counts
 * 2, a 128-bit one 4, predicates nothing), by backward dataflow over the CFG.
 * A guarded write does not end its register's previous life (the old value
 * survives in lanes where the guard is false). Loads are first moved up
 * within their block as a latency-hiding scheduler would (see below), and a
 * call adds the callee's estimate to the values live across it. What ptxas
 * adds beyond that (address arithmetic hoisted with the loads, ABI registers,
 * unrolling) is not modelled: on the 29 benchmark kernels the estimate is
 * 5 registers below ptxas -v on average, 7.7 off in absolute terms (9.4
 * before loads were hoisted); it is for occupancy when no ptxas figures
 * are at hand. */
#include "ptx/cfg.h"
#include "ptx/engine.h"
#include "ptx/ptx.h"
#include <stdlib.h>
#include <string.h>

static int writes_operand(const struct ptx_inst *in, unsigned i)
{
    return i < ptx_inst_num_dst(in);
}

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

/* ---- the scheduler's view: loads issued early --------------------------------
 * ptxas hoists loads ahead of independent work to hide memory latency, so a
 * loaded value is live from soon after its address is known, not from where
 * PTX writes the load. Within a block, each load moves up past instructions
 * it does not depend on (at most HOIST_WINDOW of them), never past a write
 * of its address or guard, a read or write of its destination, or a memory
 * ordering point (a store or atomic to the same state space, a barrier,
 * fence or call). */
#define HOIST_WINDOW 64

struct touch {
    uint32_t reg[24];
    uint8_t write[24];
    unsigned n;
};

static void touch_fn(void *arg, uint32_t r, int w)
{
    struct touch *t = arg;
    if (t->n < 24) {
        t->reg[t->n] = r;
        t->write[t->n++] = (uint8_t)w;
    }
}

/* Must load l stay after j for memory order? Stores and atomics only order
 * loads from the same state space (or when either is generic). */
static int orders_memory(const struct ptx_inst *j, const struct ptx_inst *l)
{
    switch (j->op) {
    case PTX_OP_ST: case PTX_OP_ATOM: case PTX_OP_RED:
        return j->space == PTX_SPACE_GENERIC || l->space == PTX_SPACE_GENERIC ||
               j->space == l->space;
    case PTX_OP_BAR: case PTX_OP_BARRIER: case PTX_OP_MEMBAR: case PTX_OP_FENCE:
    case PTX_OP_CALL:
        return 1;
    default:
        return 0;
    }
}

static int hoistable(const struct ptx_inst *in)
{
    return (in->op == PTX_OP_LD || in->op == PTX_OP_LDU) && in->space != PTX_SPACE_PARAM &&
           !(in->flags & (PTX_F_VOLATILE | PTX_F_ACQUIRE | PTX_F_RELAXED));
}

/* May load l move above j? */
static int independent(const struct ptx_function *f, const struct ptx_inst *j,
                       const struct ptx_inst *l)
{
    if (orders_memory(j, l))
        return 0;
    if (l->guard != PTX_NO_INDEX)
        for (unsigned k = 0; k < j->nops; k++)
            if (j->ops[k].kind == PTX_OPND_PRED && j->ops[k].index == l->guard &&
                writes_operand(j, k))
                return 0;
    struct touch tj = { .n = 0 }, tl = { .n = 0 };
    visit(f, j, touch_fn, &tj);
    visit(f, l, touch_fn, &tl);
    for (unsigned a = 0; a < tl.n; a++)
        for (unsigned b = 0; b < tj.n; b++)
            if (tl.reg[a] == tj.reg[b] && (tl.write[a] || tj.write[b]))
                return 0;
    return 1;
}

/* The block's instructions [s, e) in the order the scheduler would issue them. */
static void schedule_block(const struct ptx_function *f, uint32_t s, uint32_t e, uint32_t *order)
{
    uint32_t len = 0;
    for (uint32_t i = s; i < e; i++) {
        uint32_t p = len;
        if (hoistable(&f->insts[i])) {
            uint32_t lim = len > HOIST_WINDOW ? len - HOIST_WINDOW : 0;
            while (p > lim && independent(f, &f->insts[order[p - 1]], &f->insts[i]))
                p--;
            memmove(order + p + 1, order + p, (len - p) * sizeof *order);
        }
        order[p] = i;
        len++;
    }
}

#define MEMO_NONE UINT32_MAX
#define MEMO_BUSY (UINT32_MAX - 1)

/* Registers of function fi: its own peak, and at each call the values live
 * across the call plus the callee's need (recursion counts the callee as 0). */
static uint32_t estimate(const struct ptx_module *m, uint32_t fi, uint32_t *memo)
{
    const struct ptx_function *f = &m->funcs[fi];
    if (memo[fi] != MEMO_NONE)
        return memo[fi] == MEMO_BUSY ? 0 : memo[fi];
    memo[fi] = MEMO_BUSY;
    if (!f->ninsts) {
        memo[fi] = 0;
        return 0;
    }
    struct ptx_cfg g;
    if (ptx_cfg_build(f, &g) != 0) {
        memo[fi] = 0;
        return 0;
    }
    uint32_t nb = g.nblocks, W = (f->nregs + 64) / 64; /* >= 1 word */
    uint64_t *bits = calloc((size_t)W * (4 * (size_t)nb + 1), sizeof *bits);
    uint32_t best = 0, *order = NULL;
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
    order = malloc((f->ninsts + 1) * sizeof *order);
    if (!order)
        goto out;
    for (uint32_t b = 0; b < nb; b++) {
        schedule_block(f, g.start[b], g.start[b + 1], order);
        memcpy(tmp, outs + (size_t)W * b, W * sizeof *tmp);
        struct walk k = { tmp, f, 0, 0, 0 };
        for (uint32_t r = 0; r < f->nregs; r++)
            if (BIT_GET(tmp, r))
                k.count += weight(f, r);
        if (k.count > best)
            best = k.count;
        for (uint32_t oi = g.start[b + 1] - g.start[b]; oi-- > 0;) {
            uint32_t i = order[oi];
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
            const struct ptx_inst *in_i = &f->insts[i];
            if (in_i->op == PTX_OP_CALL && in_i->ops[1].index < m->nfuncs) {
                /* a call has no register operands: k.count is what lives across it */
                uint32_t ce = estimate(m, in_i->ops[1].index, memo);
                if (k.count + ce > best)
                    best = k.count + ce;
            }
        }
    }
out:
    free(order);
    free(bits);
    ptx_cfg_free(&g);
    memo[fi] = best;
    return best;
}

uint32_t ptx_estimate_registers(const struct ptx_module *m, const struct ptx_function *f)
{
    if (f < m->funcs || f >= m->funcs + m->nfuncs)
        return 0;
    uint32_t *memo = malloc(m->nfuncs * sizeof *memo);
    if (!memo)
        return 0;
    for (uint32_t i = 0; i < m->nfuncs; i++)
        memo[i] = MEMO_NONE;
    uint32_t r = estimate(m, (uint32_t)(f - m->funcs), memo);
    free(memo);
    return r;
}
