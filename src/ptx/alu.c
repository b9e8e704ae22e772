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

/* Lane loops of a comparison with the operator outside the loop. */
#define CMP_CASES(X, Y)                                                              \
    switch (cmp) {                                                                   \
    case PTX_CMP_EQ: CMP_LOOP(X == Y); break;                                        \
    case PTX_CMP_NE: CMP_LOOP(X < Y || X > Y); break;                                \
    case PTX_CMP_LT: case PTX_CMP_LO: CMP_LOOP(X < Y); break;                        \
    case PTX_CMP_LE: case PTX_CMP_LS: CMP_LOOP(X <= Y); break;                       \
    case PTX_CMP_GT: case PTX_CMP_HI: CMP_LOOP(X > Y); break;                        \
    case PTX_CMP_GE: case PTX_CMP_HS: CMP_LOOP(X >= Y); break;                       \
    case PTX_CMP_EQU: CMP_LOOP(!(X < Y || X > Y)); break;                            \
    case PTX_CMP_NEU: CMP_LOOP(X != Y); break;                                       \
    case PTX_CMP_LTU: CMP_LOOP(!(X >= Y)); break;                                    \
    case PTX_CMP_LEU: CMP_LOOP(!(X > Y)); break;                                     \
    case PTX_CMP_GTU: CMP_LOOP(!(X <= Y)); break;                                    \
    case PTX_CMP_GEU: CMP_LOOP(!(X < Y)); break;                                     \
    case PTX_CMP_NUM: CMP_LOOP(X == X && Y == Y); break;                             \
    case PTX_CMP_NAN: CMP_LOOP(X != X || Y != Y); break;                             \
    default: break;                                                                  \
    }
#define CMP_LOOP(e)                                                                  \
    do {                                                                             \
        if (mask == FULL_MASK) {                                                     \
            for (int l = 0; l < PTX_WARP_SIZE; l++)                                  \
                r |= (uint32_t)(e) << l;                                             \
        } else {                                                                     \
            for (uint32_t m_ = mask; m_; m_ &= m_ - 1) {                             \
                int l = __builtin_ctz(m_);                                           \
                r |= (uint32_t)(e) << l;                                             \
            }                                                                        \
        }                                                                            \
    } while (0)
/* converts the active lanes' operands into x[], y[] */
#define CMP_LOAD(cx, cy)                                                             \
    do {                                                                             \
        if (mask == FULL_MASK) {                                                     \
            for (int l = 0; l < PTX_WARP_SIZE; l++) {                                \
                x[l] = cx;                                                           \
                y[l] = cy;                                                           \
            }                                                                        \
        } else {                                                                     \
            for (uint32_t m_ = mask; m_; m_ &= m_ - 1) {                             \
                int l = __builtin_ctz(m_);                                           \
                x[l] = cx;                                                           \
                y[l] = cy;                                                           \
            }                                                                        \
        }                                                                            \
    } while (0)

/* One bit per active lane: a[l] CMP b[l]. */
static uint32_t compare_lanes(int cmp, int type, const uint64_t *a, const uint64_t *b, int ftz,
                              uint32_t mask)
{
    uint32_t r = 0;
    if (type == PTX_T_F32) {
        float x[PTX_WARP_SIZE], y[PTX_WARP_SIZE];
        CMP_LOAD(f32(ftz ? ftz32(a[l]) : a[l]), f32(ftz ? ftz32(b[l]) : b[l]));
        CMP_CASES(x[l], y[l]);
        return r;
    }
    if (type == PTX_T_F64) {
        double x[PTX_WARP_SIZE], y[PTX_WARP_SIZE];
        CMP_LOAD(f64(a[l]), f64(b[l]));
        CMP_CASES(x[l], y[l]);
        return r;
    }
    unsigned bits = bits_of(type);
    /* lo/ls/hi/hs compare unsigned even on signed types */
    int sgn = ptx_type_is_signed((enum ptx_type)type) && cmp <= PTX_CMP_GE;
    /* 32-bit operands compared as 32-bit values: the same order as their
     * 64-bit extensions, in lane loops the vectoriser takes */
    if (sgn && bits == 32) {
        int32_t x[PTX_WARP_SIZE], y[PTX_WARP_SIZE];
        CMP_LOAD((int32_t)(uint32_t)a[l], (int32_t)(uint32_t)b[l]);
        CMP_CASES(x[l], y[l]);
    } else if (sgn) {
        int64_t x[PTX_WARP_SIZE], y[PTX_WARP_SIZE];
        CMP_LOAD(sx(a[l], bits), sx(b[l], bits));
        CMP_CASES(x[l], y[l]);
    } else if (bits == 32) {
        uint32_t x[PTX_WARP_SIZE], y[PTX_WARP_SIZE];
        CMP_LOAD((uint32_t)a[l], (uint32_t)b[l]);
        CMP_CASES(x[l], y[l]);
    } else {
        uint64_t x[PTX_WARP_SIZE], y[PTX_WARP_SIZE];
        CMP_LOAD(zx(a[l], bits), zx(b[l], bits));
        CMP_CASES(x[l], y[l]);
    }
    return r;
}

static int exec_setp(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask)
{
    uint64_t ta[PTX_WARP_SIZE], tb[PTX_WARP_SIZE];
    /* fixed layout: p, q (or none), a, b, c (or none) */
    int two = in->ops[1].kind == PTX_OPND_PRED;
    const uint64_t *a = ptx_src(w, &in->ops[2], ta), *b = ptx_src(w, &in->ops[3], tb);
    int type = in->stype ? in->stype : in->type, ftz = (in->flags & PTX_F_FTZ) != 0;
    uint32_t r = compare_lanes(in->mode, type, a, b, ftz, mask);
    uint32_t c = in->boolop ? ptx_exec_pred(w, &in->ops[4]) : 0;
    write_pred(w, &in->ops[0], mask, combine(in->boolop, r, c));
    if (two)
        write_pred(w, &in->ops[1], mask, combine(in->boolop, ~r, c));
    return 0;
}

static int exec_set(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask)
{
    uint64_t ta[PTX_WARP_SIZE], tb[PTX_WARP_SIZE];
    const uint64_t *a = ptx_src(w, &in->ops[1], ta), *b = ptx_src(w, &in->ops[2], tb);
    uint64_t *D = ptx_exec_dst(w, &in->ops[0]);
    int ftz = (in->flags & PTX_F_FTZ) != 0;
    uint32_t c = in->boolop && in->nops > 3 ? ptx_exec_pred(w, &in->ops[3]) : 0;
    uint64_t one = in->type == PTX_T_F32 ? 0x3f800000u : zx(~0ull, bits_of(in->type));
    uint32_t r = combine(in->boolop, compare_lanes(in->mode, in->stype, a, b, ftz, mask), c);
    LANES(((r >> l) & 1) ? one : 0);
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
    const uint64_t *a = ptx_src(w, s, t);
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
        const uint64_t *a = ptx_src(w, &in->ops[1], t1), *b = ptx_src(w, &in->ops[2], t2);
        uint32_t p = ptx_exec_pred(w, &in->ops[3]);
        uint64_t *D = ptx_exec_dst(w, &in->ops[0]);
        unsigned bits = bits_of(in->type);
        LANES(zx(((p >> l) & 1) ? a[l] : b[l], bits));
        return 0;
    }
    case PTX_OP_SLCT: {
        const uint64_t *a = ptx_src(w, &in->ops[1], t1), *b = ptx_src(w, &in->ops[2], t2);
        const uint64_t *c = ptx_src(w, &in->ops[3], t3);
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
        const uint64_t *a = ptx_src(w, &in->ops[1], t1);
        return ptx_alu_cvt(w, in, mask, ptx_exec_dst(w, &in->ops[0]), a);
    }
    default: break;
    }
    if (in->type == PTX_T_PRED)
        return exec_pred_logic(w, in, mask);
    const uint64_t *a = in->nops > 1 ? ptx_src(w, &in->ops[1], t1) : t1;
    const uint64_t *b = in->nops > 2 ? ptx_src(w, &in->ops[2], t2) : t2;
    const uint64_t *c = in->nops > 3 ? ptx_src(w, &in->ops[3], t3) : t3;
    const uint64_t *e = in->nops > 4 ? ptx_src(w, &in->ops[4], t4) : t4;
    uint64_t *D = ptx_exec_dst(w, &in->ops[0]);
    if (is_f(in->type))
        return ptx_alu_float(w, in, mask, D, a, b, c);
    return ptx_alu_int(w, in, mask, D, a, b, c, e);
}
