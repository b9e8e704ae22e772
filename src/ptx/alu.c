/* Register-to-register instructions: dispatch, moves, predicates, compares
 * and selects. Integer and float arithmetic live in alu_int.c / alu_float.c,
 * conversions in cvt.c. */
#include "ptx/exec_impl.h"
#include <math.h>

static unsigned bits_of(int type)
{
    unsigned b = ptx_type_bytes((enum ptx_type)type) * 8;
    return b ? b : 64;
}

static int is_f(int t)
{
    return t == PTX_T_F32 || t == PTX_T_F64;
}

/* Compare of two lane values of `type` (ftz applies to f32). */
static int compare(int cmp, int type, uint64_t x, uint64_t y, int ftz)
{
    if (is_f(type)) {
        double a, b;
        if (type == PTX_T_F32) {
            if (ftz) {
                x = ftz32(x);
                y = ftz32(y);
            }
            a = f32(x);
            b = f32(y);
        } else {
            a = f64(x);
            b = f64(y);
        }
        int un = isnan(a) || isnan(b);
        switch (cmp) {
        case PTX_CMP_EQ: return !un && a == b;
        case PTX_CMP_NE: return !un && a != b;
        case PTX_CMP_LT: return !un && a < b;
        case PTX_CMP_LE: return !un && a <= b;
        case PTX_CMP_GT: return !un && a > b;
        case PTX_CMP_GE: return !un && a >= b;
        case PTX_CMP_EQU: return un || a == b;
        case PTX_CMP_NEU: return un || a != b;
        case PTX_CMP_LTU: return un || a < b;
        case PTX_CMP_LEU: return un || a <= b;
        case PTX_CMP_GTU: return un || a > b;
        case PTX_CMP_GEU: return un || a >= b;
        case PTX_CMP_NUM: return !un;
        case PTX_CMP_NAN: return un;
        default: return 0;
        }
    }
    unsigned bits = bits_of(type);
    if (ptx_type_is_signed((enum ptx_type)type)) {
        int64_t a = sx(x, bits), b = sx(y, bits);
        switch (cmp) {
        case PTX_CMP_EQ: return a == b;
        case PTX_CMP_NE: return a != b;
        case PTX_CMP_LT: return a < b;
        case PTX_CMP_LE: return a <= b;
        case PTX_CMP_GT: return a > b;
        case PTX_CMP_GE: return a >= b;
        default: break; /* lo/ls/hi/hs compare unsigned even on signed types */
        }
    }
    uint64_t a = zx(x, bits), b = zx(y, bits);
    switch (cmp) {
    case PTX_CMP_EQ: return a == b;
    case PTX_CMP_NE: return a != b;
    case PTX_CMP_LT: case PTX_CMP_LO: return a < b;
    case PTX_CMP_LE: case PTX_CMP_LS: return a <= b;
    case PTX_CMP_GT: case PTX_CMP_HI: return a > b;
    case PTX_CMP_GE: case PTX_CMP_HS: return a >= b;
    default: return 0;
    }
}

static uint32_t combine(int boolop, uint32_t p, uint32_t c)
{
    switch (boolop) {
    case PTX_BOOL_AND: return p & c;
    case PTX_BOOL_OR: return p | c;
    case PTX_BOOL_XOR: return p ^ c;
    default: return p;
    }
}

static void write_pred(struct ptx_warp *w, const struct ptx_operand *o, uint32_t mask, uint32_t v)
{
    if (o->kind != PTX_OPND_PRED || o->index == PTX_NO_INDEX)
        return;
    uint32_t *p = &w->preds[o->index];
    *p = (*p & ~mask) | (v & mask);
}

static int exec_setp(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask)
{
    uint64_t ta[PTX_WARP_SIZE], tb[PTX_WARP_SIZE];
    /* fixed layout: p, q (or none), a, b, c (or none) */
    int two = in->ops[1].kind == PTX_OPND_PRED;
    const uint64_t *a = ptx_exec_src(w, &in->ops[2], ta), *b = ptx_exec_src(w, &in->ops[3], tb);
    int type = in->stype ? in->stype : in->type, ftz = (in->flags & PTX_F_FTZ) != 0;
    uint32_t r = 0;
    for (int l = 0; l < PTX_WARP_SIZE; l++)
        if ((mask >> l) & 1)
            r |= (uint32_t)compare(in->mode, type, a[l], b[l], ftz) << l;
    uint32_t c = in->boolop ? ptx_exec_pred(w, &in->ops[4]) : 0;
    write_pred(w, &in->ops[0], mask, combine(in->boolop, r, c));
    if (two)
        write_pred(w, &in->ops[1], mask, combine(in->boolop, ~r, c));
    return 0;
}

static int exec_set(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask)
{
    uint64_t ta[PTX_WARP_SIZE], tb[PTX_WARP_SIZE];
    const uint64_t *a = ptx_exec_src(w, &in->ops[1], ta), *b = ptx_exec_src(w, &in->ops[2], tb);
    uint64_t *D = ptx_exec_dst(w, &in->ops[0]);
    int ftz = (in->flags & PTX_F_FTZ) != 0;
    uint32_t c = in->boolop && in->nops > 3 ? ptx_exec_pred(w, &in->ops[3]) : 0;
    uint64_t one = in->type == PTX_T_F32 ? 0x3f800000u : zx(~0ull, bits_of(in->type));
    for (int l = 0; l < PTX_WARP_SIZE; l++) {
        if (!((mask >> l) & 1))
            continue;
        uint32_t r = (uint32_t)compare(in->mode, in->stype, a[l], b[l], ftz);
        r = combine(in->boolop, r, (c >> l) & 1) & 1;
        D[l] = r ? one : 0;
    }
    return 0;
}

/* mov, including vector pack/unpack ({lo, hi} of b32/b64) */
static int exec_mov(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask)
{
    const struct ptx_operand *d = &in->ops[0], *s = &in->ops[1];
    uint64_t t[PTX_WARP_SIZE];
    if (in->type == PTX_T_PRED) {
        write_pred(w, d, mask, ptx_exec_pred(w, s));
        return 0;
    }
    unsigned bits = bits_of(in->type);
    if (s->kind == PTX_OPND_VEC) { /* pack: element 0 is least significant */
        unsigned eb = bits / (s->count ? s->count : 1);
        uint64_t *D = ptx_exec_dst(w, d);
        uint64_t acc[PTX_WARP_SIZE] = { 0 };
        for (unsigned e = 0; e < s->count; e++) {
            uint32_t r = w->func->vec_pool[s->index + e];
            if (r == PTX_NO_INDEX)
                continue;
            const uint64_t *v = &w->regs[(size_t)r * PTX_WARP_SIZE];
            for (int l = 0; l < PTX_WARP_SIZE; l++)
                acc[l] |= zx(v[l], eb) << (e * eb);
        }
        LANES(acc[l]);
        return 0;
    }
    const uint64_t *a = ptx_exec_src(w, s, t);
    if (d->kind == PTX_OPND_VEC) { /* unpack */
        unsigned eb = bits / (d->count ? d->count : 1);
        uint64_t copy[PTX_WARP_SIZE];
        memcpy(copy, a, sizeof copy);
        for (unsigned e = 0; e < d->count; e++) {
            uint32_t r = w->func->vec_pool[d->index + e];
            uint64_t *D = r == PTX_NO_INDEX ? w->sink : &w->regs[(size_t)r * PTX_WARP_SIZE];
            LANES(zx(copy[l] >> (e * eb), eb));
        }
        return 0;
    }
    uint64_t *D = ptx_exec_dst(w, d);
    LANES(zx(a[l], bits));
    return 0;
}

/* and/or/xor/not of predicates */
static int exec_pred_logic(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask)
{
    uint32_t a = ptx_exec_pred(w, &in->ops[1]);
    uint32_t b = in->nops > 2 ? ptx_exec_pred(w, &in->ops[2]) : 0, r;
    switch (in->op) {
    case PTX_OP_AND: r = a & b; break;
    case PTX_OP_OR: r = a | b; break;
    case PTX_OP_XOR: r = a ^ b; break;
    case PTX_OP_NOT: r = ~a; break;
    default: r = a; break;
    }
    write_pred(w, &in->ops[0], mask, r);
    return 0;
}

int ptx_exec_alu(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask)
{
    uint64_t t1[PTX_WARP_SIZE], t2[PTX_WARP_SIZE], t3[PTX_WARP_SIZE], t4[PTX_WARP_SIZE];
    switch (in->op) {
    case PTX_OP_SETP: return exec_setp(w, in, mask);
    case PTX_OP_SET: return exec_set(w, in, mask);
    case PTX_OP_MOV: return exec_mov(w, in, mask);
    case PTX_OP_SELP: {
        const uint64_t *a = ptx_exec_src(w, &in->ops[1], t1), *b = ptx_exec_src(w, &in->ops[2], t2);
        uint32_t p = ptx_exec_pred(w, &in->ops[3]);
        uint64_t *D = ptx_exec_dst(w, &in->ops[0]);
        unsigned bits = bits_of(in->type);
        LANES(zx(((p >> l) & 1) ? a[l] : b[l], bits));
        return 0;
    }
    case PTX_OP_SLCT: {
        const uint64_t *a = ptx_exec_src(w, &in->ops[1], t1), *b = ptx_exec_src(w, &in->ops[2], t2);
        const uint64_t *c = ptx_exec_src(w, &in->ops[3], t3);
        uint64_t *D = ptx_exec_dst(w, &in->ops[0]);
        unsigned bits = bits_of(in->type);
        if (in->stype == PTX_T_F32) {
            int ftz = (in->flags & PTX_F_FTZ) != 0;
            LANES(zx((ftz ? f32(ftz32(c[l])) : f32(c[l])) >= 0.0f ? a[l] : b[l], bits));
        } else {
            LANES(zx(sx(c[l], 32) >= 0 ? a[l] : b[l], bits));
        }
        return 0;
    }
    case PTX_OP_CVT: {
        const uint64_t *a = ptx_exec_src(w, &in->ops[1], t1);
        return ptx_alu_cvt(w, in, mask, ptx_exec_dst(w, &in->ops[0]), a);
    }
    default: break;
    }
    if (in->type == PTX_T_PRED)
        return exec_pred_logic(w, in, mask);
    const uint64_t *a = in->nops > 1 ? ptx_exec_src(w, &in->ops[1], t1) : t1;
    const uint64_t *b = in->nops > 2 ? ptx_exec_src(w, &in->ops[2], t2) : t2;
    const uint64_t *c = in->nops > 3 ? ptx_exec_src(w, &in->ops[3], t3) : t3;
    const uint64_t *e = in->nops > 4 ? ptx_exec_src(w, &in->ops[4], t4) : t4;
    uint64_t *D = ptx_exec_dst(w, &in->ops[0]);
    if (is_f(in->type))
        return ptx_alu_float(w, in, mask, D, a, b, c);
    return ptx_alu_int(w, in, mask, D, a, b, c, e);
}
