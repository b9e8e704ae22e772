/* Operands of one instruction: registers, predicates, immediates (converted
 * to the bits of the operand's type here, once), special registers, symbols,
 * addresses, vectors, labels and call lists; then the fixed operand layout of
 * setp/shfl/match/call and the checks of operand count and kind. */
#include "ptx/parse_internal.h"
#include "ptx/ptx.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- immediates ------------------------------------------------------------- */

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static uint64_t f64_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

static double lit_double(const struct lex_literal *l)
{
    if (l->kind == LIT_F32) {
        float f;
        uint32_t u = (uint32_t)l->value;
        memcpy(&f, &u, 4);
        return f;
    }
    if (l->kind == LIT_F64) {
        double d;
        memcpy(&d, &l->value, 8);
        return d;
    }
    return l->d;
}

/* IEEE binary16 from a double, round to nearest even. */
static uint16_t half_bits(double d)
{
    float f = (float)d;
    uint32_t x = f32_bits(f);
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000);
    uint32_t exp = (x >> 23) & 0xff, man = x & 0x7fffff;
    if (exp == 0xff)
        return sign | 0x7c00 | (man ? 0x200 : 0);
    int e = (int)exp - 127 + 15;
    if (e >= 31)
        return sign | 0x7c00;
    if (e <= 0) {
        if (e < -10)
            return sign;
        man |= 0x800000;
        unsigned shift = (unsigned)(14 - e);
        uint32_t h = man >> shift, rem = man & ((1u << shift) - 1), halfway = 1u << (shift - 1);
        if (rem > halfway || (rem == halfway && (h & 1)))
            h++;
        return sign | (uint16_t)h;
    }
    uint32_t h = ((uint32_t)e << 10) | (man >> 13), rem = man & 0x1fff;
    if (rem > 0x1000 || (rem == 0x1000 && (h & 1)))
        h++; /* may carry into the exponent: still correct (to infinity) */
    return sign | (uint16_t)h;
}

static uint16_t bf16_bits(double d)
{
    uint32_t x = f32_bits((float)d);
    if ((x & 0x7fffffff) > 0x7f800000)
        return (uint16_t)((x >> 16) | 0x40);
    x += 0x7fff + ((x >> 16) & 1);
    return (uint16_t)(x >> 16);
}

uint64_t ptx_imm_bits(struct pctx *c, const struct lex_literal *lit, int neg, enum ptx_type t,
                      uint32_t line)
{
    unsigned bytes = ptx_type_bytes(t);
    if (t == PTX_T_PRED) {
        if (lit->kind != LIT_INT)
            pctx_fail(c, line, "predicate immediate must be 0 or 1");
        return lit->value != 0;
    }
    if (ptx_type_is_float(t) && t != PTX_T_F16X2 && t != PTX_T_BF16X2) {
        double d;
        if (lit->kind == LIT_INT)
            d = (double)lit->value;
        else if (lit->kind == LIT_F32 && t == PTX_T_F32)
            return (uint32_t)(lit->value ^ (neg ? 0x80000000u : 0));
        else if (lit->kind == LIT_F64 && t == PTX_T_F64)
            return lit->value ^ (neg ? 0x8000000000000000ull : 0);
        else
            d = lit_double(lit);
        if (neg)
            d = -d;
        switch (t) {
        case PTX_T_F64: return f64_bits(d);
        case PTX_T_F16: return half_bits(d);
        case PTX_T_BF16: return bf16_bits(d);
        default: return f32_bits((float)d); /* f32, tf32 */
        }
    }
    /* integer and bit types (and packed f16x2 given as bits) */
    uint64_t v;
    if (lit->kind == LIT_INT) {
        v = neg ? (uint64_t)0 - lit->value : lit->value;
        int fits;
        if (bytes < 8) {
            uint64_t lim = 1ull << (8 * bytes);
            fits = neg ? lit->value <= lim / 2 : lit->value < lim;
        } else {
            fits = !neg || lit->value <= 1ull << 63;
        }
        if (!fits)
            pctx_fail(c, line, "immediate %s%llu does not fit .%s", neg ? "-" : "",
                      (unsigned long long)lit->value, ptx_type_name(t));
    } else if ((lit->kind == LIT_F32 && bytes == 4) || (lit->kind == LIT_F64 && bytes == 8)) {
        v = lit->value ^ (neg ? 1ull << (8 * bytes - 1) : 0);
    } else {
        pctx_fail(c, line, "floating-point immediate for a .%s operand", ptx_type_name(t));
    }
    return bytes >= 8 ? v : v & ((1ull << (8 * bytes)) - 1);
}

static enum ptx_type wide_of(enum ptx_type t)
{
    switch (t) {
    case PTX_T_U16: return PTX_T_U32;
    case PTX_T_S16: return PTX_T_S32;
    case PTX_T_U32: return PTX_T_U64;
    case PTX_T_S32: return PTX_T_S64;
    case PTX_T_B32: return PTX_T_B64;
    case PTX_T_B16: return PTX_T_B32;
    default: return t;
    }
}

enum ptx_type ptx_operand_type(const struct ptx_inst *in, unsigned i)
{
    enum ptx_type t = (enum ptx_type)in->type, s = (enum ptx_type)in->stype;
    switch (in->op) {
    case PTX_OP_CVT: return i >= 1 ? s : t;
    case PTX_OP_SETP: return i <= 1 || i == 4 ? PTX_T_PRED : s;
    case PTX_OP_SET: return i == 0 ? t : i == 3 ? PTX_T_PRED : s;
    case PTX_OP_SLCT: return i == 3 ? s : t;
    case PTX_OP_SELP: return i == 3 ? PTX_T_PRED : t;
    case PTX_OP_SHL: case PTX_OP_SHR: return i == 2 ? PTX_T_U32 : t;
    case PTX_OP_SHF: return i == 3 ? PTX_T_U32 : t;
    case PTX_OP_BFE: return i >= 2 ? PTX_T_U32 : t;
    case PTX_OP_BFI: return i >= 3 ? PTX_T_U32 : t;
    case PTX_OP_POPC: case PTX_OP_CLZ: case PTX_OP_BFIND: return i == 0 ? PTX_T_U32 : t;
    case PTX_OP_MUL: case PTX_OP_MAD:
        if (in->flags & PTX_F_WIDE)
            return i == 0 || i == 3 ? wide_of(t) : t;
        return t;
    case PTX_OP_SHFL: return i == 1 ? PTX_T_PRED : i >= 3 ? PTX_T_B32 : t;
    case PTX_OP_VOTE:
        if (i == 2)
            return PTX_T_B32;
        return i == 0 && in->mode == PTX_VOTE_BALLOT ? PTX_T_B32 : PTX_T_PRED;
    case PTX_OP_MATCH: return i == 1 ? PTX_T_PRED : i == 3 ? PTX_T_B32 : i == 0 ? PTX_T_B32 : t;
    case PTX_OP_BAR: case PTX_OP_BARRIER:
        if (in->mode == PTX_BAR_RED)
            return i == 0 ? t : i == 3 || (i == 2 && in->nops == 3) ? PTX_T_PRED : PTX_T_U32;
        return PTX_T_U32;
    case PTX_OP_PRMT: case PTX_OP_LOP3: case PTX_OP_DP4A: return PTX_T_B32;
    case PTX_OP_NANOSLEEP: return PTX_T_U32;
    case PTX_OP_REDUX: return i == 2 ? PTX_T_B32 : t;
    case PTX_OP_MAPA: return i == 2 ? PTX_T_U32 : t;
    case PTX_OP_GETCTARANK: return i == 0 ? PTX_T_U32 : t;
    case PTX_OP_ELECT: return i == 1 ? PTX_T_PRED : PTX_T_B32;
    case PTX_OP_CP_ASYNC: return i == 3 && in->ops[3].kind == PTX_OPND_PRED ? PTX_T_PRED
                                 : i == 4 ? PTX_T_B64 : PTX_T_U32;
    case PTX_OP_CP_ASYNC_BULK: return i == 4 ? PTX_T_B64 : PTX_T_U32;
    case PTX_OP_CP_ASYNC_WAIT: case PTX_OP_FENCE: case PTX_OP_WMMA_LOAD: case PTX_OP_WMMA_STORE:
        return PTX_T_U32; /* (wmma: the stride) */
    case PTX_OP_MBARRIER:
        switch (in->mode) {
        case PTX_MBAR_TEST_WAIT: case PTX_MBAR_TRY_WAIT:
            return i == 0 ? PTX_T_PRED : i == 2 && !(in->flags & PTX_F_PARITY) ? PTX_T_B64
                                                                                : PTX_T_U32;
        case PTX_MBAR_PENDING_COUNT: return i == 0 ? PTX_T_U32 : PTX_T_B64;
        default: return i == 0 ? PTX_T_B64 : PTX_T_U32;
        }
    case PTX_OP_TESTP: return i == 0 ? PTX_T_PRED : t;
    case PTX_OP_ISSPACEP: return i == 0 ? PTX_T_PRED : PTX_T_U64;
    default: return t;
    }
}

/* ---- operand syntax ---------------------------------------------------------- */

static const struct {
    const char *name;
    uint8_t sreg;
    uint8_t has_dim;
} sregs[] = {
    { "%tid", PTX_SREG_TID, 1 }, { "%ntid", PTX_SREG_NTID, 1 },
    { "%ctaid", PTX_SREG_CTAID, 1 }, { "%nctaid", PTX_SREG_NCTAID, 1 },
    { "%laneid", PTX_SREG_LANEID, 0 }, { "%warpid", PTX_SREG_WARPID, 0 },
    { "%nwarpid", PTX_SREG_NWARPID, 0 }, { "%smid", PTX_SREG_SMID, 0 },
    { "%nsmid", PTX_SREG_NSMID, 0 }, { "%gridid", PTX_SREG_GRIDID, 0 },
    { "%clock", PTX_SREG_CLOCK, 0 }, { "%clock64", PTX_SREG_CLOCK64, 0 },
    { "%clock_hi", PTX_SREG_CLOCK_HI, 0 }, { "%lanemask_eq", PTX_SREG_LANEMASK_EQ, 0 },
    { "%lanemask_le", PTX_SREG_LANEMASK_LE, 0 }, { "%lanemask_lt", PTX_SREG_LANEMASK_LT, 0 },
    { "%lanemask_ge", PTX_SREG_LANEMASK_GE, 0 }, { "%lanemask_gt", PTX_SREG_LANEMASK_GT, 0 },
    { "%globaltimer", PTX_SREG_GLOBALTIMER, 0 },
    { "%globaltimer_lo", PTX_SREG_GLOBALTIMER_LO, 0 },
    { "%globaltimer_hi", PTX_SREG_GLOBALTIMER_HI, 0 },
    { "%dynamic_smem_size", PTX_SREG_DYNAMIC_SMEM_SIZE, 0 },
    { "%total_smem_size", PTX_SREG_TOTAL_SMEM_SIZE, 0 }, { "WARP_SZ", PTX_SREG_WARPSIZE, 0 },
    { "%clusterid", PTX_SREG_CLUSTERID, 1 }, { "%nclusterid", PTX_SREG_NCLUSTERID, 1 },
    { "%cluster_ctaid", PTX_SREG_CLUSTER_CTAID, 1 },
    { "%cluster_nctaid", PTX_SREG_CLUSTER_NCTAID, 1 },
    { "%cluster_ctarank", PTX_SREG_CLUSTER_CTARANK, 0 },
    { "%cluster_nctarank", PTX_SREG_CLUSTER_NCTARANK, 0 },
    { "%is_explicit_cluster", PTX_SREG_IS_EXPLICIT_CLUSTER, 0 },
};

static int lookup_sreg(const struct lex_token *t, struct ptx_operand *o)
{
    const char *dot = memchr(t->s, '.', t->len);
    size_t n = dot ? (size_t)(dot - t->s) : t->len;
    for (size_t i = 0; i < sizeof sregs / sizeof sregs[0]; i++) {
        if (strlen(sregs[i].name) != n || memcmp(sregs[i].name, t->s, n) != 0)
            continue;
        o->kind = PTX_OPND_SREG;
        o->index = sregs[i].sreg;
        if (sregs[i].has_dim) {
            if (!dot || t->len - n != 2 || dot[1] < 'x' || dot[1] > 'z')
                return -1;
            o->dim = (uint8_t)(dot[1] - 'x');
        } else if (dot) {
            return -1;
        }
        return 0;
    }
    return -1;
}

/* A register or predicate by name (or "_"). */
static void reg_operand(struct pctx *c, const struct lex_token *t, struct ptx_operand *o)
{
    if (t->len == 1 && t->s[0] == '_') {
        o->kind = PTX_OPND_REG;
        o->index = PTX_NO_INDEX;
        return;
    }
    uint32_t r = strmap_get(&c->regs, t->s, t->len);
    if (r != STRMAP_NONE) {
        o->kind = (r & REG_PRED_BIT) ? PTX_OPND_PRED : PTX_OPND_REG;
        o->index = r & ~REG_PRED_BIT;
        return;
    }
    if (lookup_sreg(t, o) == 0)
        return;
    if (t->s[0] == '%')
        pctx_fail(c, t->line, "undeclared register '%.*s'", (int)t->len, t->s);
    pctx_fail(c, t->line, "undeclared name '%.*s'", (int)t->len, t->s);
}

static uint32_t symbol_index(struct pctx *c, const struct lex_token *t)
{
    uint32_t s = strmap_get(&c->syms, t->s, t->len);
    if (s == STRMAP_NONE) {
        if (strmap_get(&c->funcs, t->s, t->len) != STRMAP_NONE)
            pctx_fail(c, t->line, "function address '%.*s' as an operand is not supported",
                      (int)t->len, t->s);
        pctx_fail(c, t->line, "undeclared symbol '%.*s'", (int)t->len, t->s);
    }
    return s;
}

static int64_t signed_number(struct pctx *c)
{
    int neg = 0;
    if (c->lx.tok.kind == '-') {
        neg = 1;
        lex_next(&c->lx);
    }
    struct lex_literal v;
    if (c->lx.tok.kind != TK_NUM || lex_number(&c->lx.tok, &v) || v.kind != LIT_INT ||
        v.value > (uint64_t)INT64_MAX)
        pctx_unexpected(c, "an integer offset");
    lex_next(&c->lx);
    return neg ? -(int64_t)v.value : (int64_t)v.value;
}

/* "+N", "-N", "+-N" after a base, or nothing. */
static int64_t offset_suffix(struct pctx *c)
{
    if (c->lx.tok.kind == '+') {
        lex_next(&c->lx);
        return signed_number(c);
    }
    if (c->lx.tok.kind == '-')
        return signed_number(c);
    return 0;
}

static void address_operand(struct pctx *c, struct ptx_operand *o)
{
    lex_next(&c->lx); /* '[' */
    struct lex_token t = c->lx.tok;
    if (t.kind == TK_NUM || t.kind == '-') {
        o->kind = PTX_OPND_ADDR_IMM;
        o->value = signed_number(c);
    } else if (t.kind == TK_WORD) {
        uint32_t r = strmap_get(&c->regs, t.s, t.len);
        if (r != STRMAP_NONE) {
            if (r & REG_PRED_BIT)
                pctx_fail(c, t.line, "predicate '%.*s' used as an address", (int)t.len, t.s);
            o->kind = PTX_OPND_ADDR_REG;
            o->index = r;
        } else if (t.s[0] == '%') {
            pctx_fail(c, t.line, "undeclared register '%.*s'", (int)t.len, t.s);
        } else {
            o->kind = PTX_OPND_ADDR_SYM;
            o->index = symbol_index(c, &t);
        }
        lex_next(&c->lx);
        o->value = offset_suffix(c);
    } else {
        pctx_unexpected(c, "an address");
    }
    pctx_expect(c, ']', "']'");
}

static void vector_operand(struct pctx *c, struct ptx_operand *o)
{
    struct ptx_function *f = &c->m->funcs[c->cur];
    lex_next(&c->lx); /* '{' */
    o->kind = PTX_OPND_VEC;
    o->index = f->nvec_pool;
    for (;;) {
        struct lex_token t = c->lx.tok;
        if (t.kind != TK_WORD)
            pctx_unexpected(c, "a register in the vector");
        struct ptx_operand e = { 0 };
        reg_operand(c, &t, &e);
        if (e.kind != PTX_OPND_REG)
            pctx_fail(c, t.line, "'%.*s' cannot be a vector element", (int)t.len, t.s);
        if (o->count == 8)
            pctx_fail(c, t.line, "vector has more than 8 elements");
        f = &c->m->funcs[c->cur];
        pctx_grow(c, (void **)&f->vec_pool, &c->cap_vec, f->nvec_pool + 1, sizeof *f->vec_pool);
        f->vec_pool[f->nvec_pool++] = e.index;
        o->count++;
        lex_next(&c->lx);
        if (c->lx.tok.kind == '}')
            break;
        pctx_expect(c, ',', "',' or '}' in the vector");
    }
    lex_next(&c->lx);
}

static int is_texop(int op)
{
    return op >= PTX_OP_TEX && op <= PTX_OP_SUQ;
}

/* "[h, {c, ...}]" of tex/tld4/suld/sust (h a register holding the object,
 * the coordinates a vector) or "[h]" of txq/suq: the handle into *h as
 * [reg + 0], the coordinates into *coords; 1 when coordinates were given. */
static int tex_address(struct pctx *c, struct ptx_operand *h, struct ptx_operand *coords)
{
    lex_next(&c->lx); /* '[' */
    struct lex_token t = c->lx.tok;
    uint32_t r = t.kind == TK_WORD ? strmap_get(&c->regs, t.s, t.len) : STRMAP_NONE;
    if (t.kind == TK_WORD && r == STRMAP_NONE && t.s[0] != '%')
        pctx_fail(c, t.line, "texture/surface reference '%.*s': only texture and surface "
                  "objects (a register) are supported", (int)t.len, t.s);
    if (r == STRMAP_NONE || (r & REG_PRED_BIT))
        pctx_unexpected(c, "a register holding a texture or surface object");
    h->kind = PTX_OPND_ADDR_REG;
    h->index = r;
    lex_next(&c->lx);
    int has = 0;
    if (c->lx.tok.kind == ',') {
        lex_next(&c->lx);
        if (c->lx.tok.kind != '{')
            pctx_unexpected(c, "'{' and the coordinates");
        vector_operand(c, coords);
        has = 1;
    }
    pctx_expect(c, ']', "']'");
    return has;
}

/* One operand into *o; an immediate literal is returned in *lit (*is_lit). */
static void one_operand(struct pctx *c, struct ptx_operand *o, struct lex_literal *lit,
                        int *neg, int *is_lit, int want_label)
{
    struct lex_token t = c->lx.tok;
    *is_lit = 0;
    switch (t.kind) {
    case '[':
        address_operand(c, o);
        return;
    case '{':
        vector_operand(c, o);
        return;
    case '!':
        lex_next(&c->lx);
        t = c->lx.tok;
        if (t.kind != TK_WORD)
            pctx_unexpected(c, "a predicate after '!'");
        reg_operand(c, &t, o);
        if (o->kind != PTX_OPND_PRED)
            pctx_fail(c, t.line, "'!' before '%.*s', which is not a predicate", (int)t.len, t.s);
        o->flags |= PTX_OPNDF_NOT;
        lex_next(&c->lx);
        return;
    case '-':
    case TK_NUM:
        *neg = 0;
        if (t.kind == '-') {
            *neg = 1;
            lex_next(&c->lx);
            t = c->lx.tok;
        }
        if (t.kind != TK_NUM || lex_number(&t, lit))
            pctx_fail(c, t.line, "malformed number '%.*s'", (int)t.len, t.s);
        o->kind = PTX_OPND_IMM;
        *is_lit = 1;
        lex_next(&c->lx);
        return;
    case TK_WORD:
        break;
    default:
        pctx_unexpected(c, "an operand");
    }
    if (want_label) {
        struct ptx_function *f = &c->m->funcs[c->cur];
        pctx_grow(c, (void **)&c->labfix, &c->caplabfix, c->nlabfix + 1, sizeof *c->labfix);
        c->labfix[c->nlabfix++] =
            (struct fixup){ (uint32_t)c->cur, f->ninsts - 1, 0, t.s, t.len, t.line };
        o->kind = PTX_OPND_LABEL;
        lex_next(&c->lx);
        return;
    }
    if (t.s[0] == '%' || (t.len == 1 && t.s[0] == '_') ||
        (t.len == 7 && !memcmp(t.s, "WARP_SZ", 7))) {
        reg_operand(c, &t, o);
        lex_next(&c->lx);
        return;
    }
    if (strmap_get(&c->regs, t.s, t.len) != STRMAP_NONE) { /* registers need no '%' */
        reg_operand(c, &t, o);
        lex_next(&c->lx);
        return;
    }
    o->kind = PTX_OPND_SYMBOL;
    o->index = symbol_index(c, &t);
    lex_next(&c->lx);
    o->value = offset_suffix(c);
}

/* "(a, b, c)" of call: .param symbols into the function's sym_pool. */
static void symlist(struct pctx *c, struct ptx_operand *o)
{
    struct ptx_function *f = &c->m->funcs[c->cur];
    o->kind = PTX_OPND_SYMLIST;
    o->index = f->nsym_pool;
    pctx_expect(c, '(', "'('");
    while (c->lx.tok.kind != ')') {
        if (o->count)
            pctx_expect(c, ',', "',' or ')'");
        struct lex_token t = c->lx.tok;
        if (t.kind != TK_WORD)
            pctx_unexpected(c, "a .param name");
        uint32_t s = strmap_get(&c->syms, t.s, t.len);
        if (s == STRMAP_NONE || c->m->syms[s].space != PTX_SPACE_PARAM)
            pctx_fail(c, t.line, "call argument '%.*s' is not a declared .param variable",
                      (int)t.len, t.s);
        if (o->count == 255)
            pctx_fail(c, t.line, "too many call arguments");
        f = &c->m->funcs[c->cur];
        pctx_grow(c, (void **)&f->sym_pool, &c->cap_symp, f->nsym_pool + 1, sizeof *f->sym_pool);
        f->sym_pool[f->nsym_pool++] = s;
        o->count++;
        lex_next(&c->lx);
    }
    lex_next(&c->lx);
}

static void call_operands(struct pctx *c, struct ptx_inst *in)
{
    in->nops = 3;
    if (c->lx.tok.kind == '(') {
        symlist(c, &in->ops[0]);
        pctx_expect(c, ',', "',' after the return list");
    } else {
        in->ops[0].kind = PTX_OPND_SYMLIST;
        in->ops[0].index = c->m->funcs[c->cur].nsym_pool;
    }
    struct lex_token t = c->lx.tok;
    if (t.kind != TK_WORD)
        pctx_unexpected(c, "a function name");
    if (t.s[0] == '%')
        pctx_fail(c, t.line, "indirect calls are not supported");
    struct ptx_function *f = &c->m->funcs[c->cur];
    pctx_grow(c, (void **)&c->callfix, &c->capcallfix, c->ncallfix + 1, sizeof *c->callfix);
    c->callfix[c->ncallfix++] = (struct fixup){ (uint32_t)c->cur, f->ninsts - 1, 1, t.s, t.len,
                                                t.line };
    in->ops[1].kind = PTX_OPND_FUNC;
    lex_next(&c->lx);
    if (c->lx.tok.kind == ',') {
        lex_next(&c->lx);
        symlist(c, &in->ops[2]);
    } else {
        in->ops[2].kind = PTX_OPND_SYMLIST;
        in->ops[2].index = c->m->funcs[c->cur].nsym_pool;
    }
    if (c->lx.tok.kind == ',')
        pctx_fail(c, c->lx.tok.line, "indirect calls (prototype lists) are not supported");
    pctx_expect(c, ';', "';'");
}

/* ---- layout and checks ------------------------------------------------------------ */

struct raw {
    struct ptx_operand o;
    struct lex_literal lit;
    int neg, is_lit, piped; /* piped: written as the "|q" second destination */
    uint32_t line;
};

enum role { R_DST, R_SRC, R_PDST, R_PSRC, R_OPT_PDST, R_ADDR, R_LABEL, R_ANY };

/* How many operand slots the instruction takes: [*lo, *hi]. */
static void expected_count(const struct ptx_inst *in, int *lo, int *hi)
{
    int n = 0, m = -1;
    switch (in->op) {
    case PTX_OP_ABS: case PTX_OP_NEG: case PTX_OP_NOT: case PTX_OP_CNOT: case PTX_OP_POPC:
    case PTX_OP_CLZ: case PTX_OP_BREV: case PTX_OP_BFIND: case PTX_OP_MOV: case PTX_OP_CVTA:
    case PTX_OP_SQRT: case PTX_OP_RSQRT: case PTX_OP_RCP: case PTX_OP_EX2: case PTX_OP_LG2:
    case PTX_OP_SIN: case PTX_OP_COS: case PTX_OP_TANH: case PTX_OP_TESTP:
    case PTX_OP_ISSPACEP: case PTX_OP_LD: case PTX_OP_LDU: case PTX_OP_ST: case PTX_OP_RED:
        n = 2;
        break;
    case PTX_OP_CVT: n = (in->flags & PTX_F_CVT_PACK) ? 3 : 2; break;
    case PTX_OP_ADD: case PTX_OP_SUB: case PTX_OP_ADDC: case PTX_OP_SUBC: case PTX_OP_MUL:
    case PTX_OP_MUL24: case PTX_OP_DIV: case PTX_OP_REM: case PTX_OP_MIN: case PTX_OP_MAX:
    case PTX_OP_AND: case PTX_OP_OR: case PTX_OP_XOR: case PTX_OP_SHL: case PTX_OP_SHR:
    case PTX_OP_COPYSIGN: case PTX_OP_VOTE:
        n = 3;
        break;
    case PTX_OP_MAD: case PTX_OP_MAD24: case PTX_OP_MADC: case PTX_OP_FMA: case PTX_OP_SAD:
    case PTX_OP_SLCT: case PTX_OP_SELP: case PTX_OP_SHF: case PTX_OP_BFE: case PTX_OP_PRMT:
    case PTX_OP_DP4A: case PTX_OP_MATCH:
        n = 4;
        break;
    case PTX_OP_BFI: case PTX_OP_LOP3: case PTX_OP_SETP: n = 5; break;
    case PTX_OP_TEX: case PTX_OP_TLD4: case PTX_OP_SULD: case PTX_OP_SUST: n = 3; break;
    case PTX_OP_TXQ: case PTX_OP_SUQ: n = 2; break;
    case PTX_OP_SHFL: n = 6; break;
    case PTX_OP_SET: n = in->boolop ? 4 : 3; break;
    case PTX_OP_ATOM: n = in->mode == PTX_ATOM_CAS ? 4 : 3; break;
    case PTX_OP_PREFETCH: case PTX_OP_PREFETCHU: case PTX_OP_BRA: case PTX_OP_ACTIVEMASK:
    case PTX_OP_NANOSLEEP: case PTX_OP_PMEVENT:
        n = 1;
        break;
    case PTX_OP_REDUX: case PTX_OP_ELECT: n = 3; break;
    case PTX_OP_MMA: case PTX_OP_WMMA_MMA: n = 4; break;
    case PTX_OP_WMMA_LOAD: case PTX_OP_WMMA_STORE: n = 2, m = 3; break;
    case PTX_OP_LDMATRIX: case PTX_OP_STMATRIX: n = 2; break;
    case PTX_OP_CP_ASYNC: n = 3, m = 5; break;
    case PTX_OP_CP_ASYNC_BULK: n = 4, m = 5; break;
    case PTX_OP_CP_ASYNC_WAIT: case PTX_OP_CP_ASYNC_MBAR_ARRIVE: n = 1; break;
    case PTX_OP_FENCE: case PTX_OP_MEMBAR: n = 0, m = 2; break; /* fence.proxy.tensormap [a], size */
    case PTX_OP_MBARRIER:
        switch (in->mode) {
        case PTX_MBAR_INVAL: n = 1; break;
        case PTX_MBAR_INIT: case PTX_MBAR_EXPECT_TX: case PTX_MBAR_COMPLETE_TX:
        case PTX_MBAR_PENDING_COUNT:
            n = 2;
            break;
        case PTX_MBAR_ARRIVE: case PTX_MBAR_ARRIVE_DROP:
            n = (in->flags & PTX_F_EXPECT_TX) ? 3 : 2, m = 3;
            break;
        default: n = 3, m = 4; break; /* test_wait / try_wait (suspend-time hint) */
        }
        break;
    case PTX_OP_MAPA: n = 3; break;
    case PTX_OP_GETCTARANK: n = 2; break;
    case PTX_OP_BAR: case PTX_OP_BARRIER:
        if (in->flags & PTX_F_SCOPE_CLUSTER)
            n = 0;
        else if (in->mode == PTX_BAR_RED)
            n = 3, m = 4;
        else if (in->mode == PTX_BAR_WARP_SYNC)
            n = 1;
        else
            n = 1, m = 2;
        break;
    default: /* membar fence ret exit trap brkpt */
        n = 0;
        break;
    }
    *lo = n;
    *hi = m < 0 ? n : m;
}

static enum role role_of(const struct ptx_inst *in, unsigned i)
{
    switch (in->op) {
    case PTX_OP_LD: case PTX_OP_LDU: return i == 0 ? R_DST : R_ADDR;
    case PTX_OP_TEX: case PTX_OP_TLD4: case PTX_OP_SULD: case PTX_OP_TXQ: case PTX_OP_SUQ:
        return i == 0 ? R_DST : i == 1 ? R_ADDR : R_SRC;
    case PTX_OP_SUST: return i == 0 ? R_ADDR : R_SRC;
    case PTX_OP_ST: case PTX_OP_RED: return i == 0 ? R_ADDR : R_SRC;
    case PTX_OP_ATOM: return i == 0 ? R_DST : i == 1 ? R_ADDR : R_SRC;
    case PTX_OP_PREFETCH: case PTX_OP_PREFETCHU: return R_ADDR;
    case PTX_OP_BRA: return R_LABEL;
    case PTX_OP_ELECT: return i == 0 ? R_DST : i == 1 ? R_OPT_PDST : R_SRC;
    case PTX_OP_CP_ASYNC: return i <= 1 ? R_ADDR : i == 3 ? R_ANY : R_SRC;
    case PTX_OP_CP_ASYNC_BULK: return i <= 1 || i == 3 ? R_ADDR : R_SRC;
    case PTX_OP_CP_ASYNC_MBAR_ARRIVE: return R_ADDR;
    case PTX_OP_CP_ASYNC_WAIT: return R_SRC;
    case PTX_OP_MMA: case PTX_OP_WMMA_MMA: return i == 0 ? R_DST : R_SRC;
    case PTX_OP_WMMA_LOAD: return i == 0 ? R_DST : i == 1 ? R_ADDR : R_SRC;
    case PTX_OP_WMMA_STORE: return i == 0 ? R_ADDR : R_SRC;
    case PTX_OP_LDMATRIX: return i == 0 ? R_DST : R_ADDR;
    case PTX_OP_STMATRIX: return i == 0 ? R_ADDR : R_SRC;
    case PTX_OP_FENCE: case PTX_OP_MEMBAR: return i == 0 ? R_ADDR : R_SRC;
    case PTX_OP_MBARRIER:
        switch (in->mode) {
        case PTX_MBAR_INIT: case PTX_MBAR_INVAL: case PTX_MBAR_EXPECT_TX:
        case PTX_MBAR_COMPLETE_TX:
            return i == 0 ? R_ADDR : R_SRC;
        case PTX_MBAR_TEST_WAIT: case PTX_MBAR_TRY_WAIT:
            return i == 0 ? R_PDST : i == 1 ? R_ADDR : R_SRC;
        case PTX_MBAR_PENDING_COUNT: return i == 0 ? R_DST : R_SRC;
        default: return i == 0 ? R_DST : i == 1 ? R_ADDR : R_SRC;
        }
    case PTX_OP_SETP: return i == 0 ? R_PDST : i == 1 ? R_OPT_PDST : i == 4 ? R_PSRC : R_SRC;
    case PTX_OP_SET: return i == 0 ? R_DST : i == 3 ? R_PSRC : R_SRC;
    case PTX_OP_SELP: return i == 0 ? R_DST : i == 3 ? R_PSRC : R_SRC;
    case PTX_OP_SHFL: case PTX_OP_MATCH: return i == 0 ? R_DST : i == 1 ? R_OPT_PDST : R_SRC;
    case PTX_OP_TESTP: case PTX_OP_ISSPACEP: return i == 0 ? R_PDST : R_SRC;
    case PTX_OP_VOTE:
        if (i == 0)
            return in->mode == PTX_VOTE_BALLOT ? R_DST : R_PDST;
        return i == 1 ? R_PSRC : R_SRC;
    case PTX_OP_BAR: case PTX_OP_BARRIER:
        if (in->mode == PTX_BAR_RED) {
            if (i == 0)
                return in->type == PTX_T_PRED ? R_PDST : R_DST;
            return i == (unsigned)in->nops - 1 ? R_PSRC : R_SRC;
        }
        return R_SRC;
    default:
        if (in->type == PTX_T_PRED && in->op != PTX_OP_CVT)
            return i == 0 ? R_PDST : R_PSRC;
        return i == 0 && in->op != PTX_OP_NANOSLEEP && in->op != PTX_OP_PMEVENT ? R_DST : R_SRC;
    }
}

static void check_kind(struct pctx *c, const struct ptx_inst *in, unsigned i, uint32_t line,
                       const char *opname)
{
    const struct ptx_operand *o = &in->ops[i];
    enum role r = role_of(in, i);
    int ok;
    switch (r) {
    case R_DST:
        ok = o->kind == PTX_OPND_REG ||
             (o->kind == PTX_OPND_VEC && (in->op == PTX_OP_MOV || in->op == PTX_OP_LD ||
                                          in->op == PTX_OP_LDU || in->op == PTX_OP_TEX ||
                                          in->op == PTX_OP_TLD4 || in->op == PTX_OP_SULD ||
                                          in->op == PTX_OP_MMA || in->op == PTX_OP_LDMATRIX ||
                                          in->op == PTX_OP_WMMA_LOAD || in->op == PTX_OP_WMMA_MMA));
        break;
    case R_PDST: ok = o->kind == PTX_OPND_PRED; break;
    case R_OPT_PDST:
        ok = o->kind == PTX_OPND_PRED || o->kind == PTX_OPND_NONE;
        break;
    case R_PSRC:
        ok = o->kind == PTX_OPND_PRED || o->kind == PTX_OPND_IMM ||
             (in->op == PTX_OP_SETP && o->kind == PTX_OPND_NONE) ||
             (in->op == PTX_OP_MOV && o->kind == PTX_OPND_SREG &&
              o->index == PTX_SREG_IS_EXPLICIT_CLUSTER);
        break;
    case R_ADDR:
        ok = o->kind == PTX_OPND_ADDR_REG || o->kind == PTX_OPND_ADDR_SYM ||
             o->kind == PTX_OPND_ADDR_IMM;
        break;
    case R_LABEL: ok = o->kind == PTX_OPND_LABEL; break;
    case R_ANY: /* a source register, literal or predicate */
        ok = (o->kind == PTX_OPND_REG && o->index != PTX_NO_INDEX) || o->kind == PTX_OPND_IMM ||
             o->kind == PTX_OPND_PRED;
        break;
    default: /* R_SRC */
        ok = (o->kind == PTX_OPND_REG && o->index != PTX_NO_INDEX) || o->kind == PTX_OPND_IMM ||
             (o->kind == PTX_OPND_SREG && (in->op == PTX_OP_MOV || in->op == PTX_OP_CVT)) ||
             (o->kind == PTX_OPND_SYMBOL && (in->op == PTX_OP_MOV || in->op == PTX_OP_CVTA)) ||
             (o->kind == PTX_OPND_VEC && (in->op == PTX_OP_MOV || in->op == PTX_OP_ST ||
                                          in->op == PTX_OP_MMA || in->op == PTX_OP_WMMA_MMA ||
                                          in->op == PTX_OP_WMMA_STORE || in->op == PTX_OP_STMATRIX ||
                                          is_texop(in->op)));
        break;
    }
    if (!ok)
        pctx_fail(c, line, "operand %u of '%s' has the wrong kind", i + 1, opname);
    if (r == R_SRC && o->kind == PTX_OPND_VEC) {
        const struct ptx_function *f = &c->m->funcs[c->cur];
        for (unsigned k = 0; k < o->count; k++)
            if (f->vec_pool[o->index + k] == PTX_NO_INDEX)
                pctx_fail(c, line, "'_' in a source vector of '%s'", opname);
    }
    if ((o->flags & PTX_OPNDF_NOT) &&
        !(r == R_PSRC && (in->op == PTX_OP_SETP || in->op == PTX_OP_SET ||
                          in->op == PTX_OP_BAR || in->op == PTX_OP_BARRIER ||
                          in->op == PTX_OP_VOTE)))
        pctx_fail(c, line, "'!' is not allowed on operand %u of '%s'", i + 1, opname);
}

void ptx_parse_operands(struct pctx *c, struct ptx_inst *in)
{
    const char *opname = ptx_opcode_name((enum ptx_opcode)in->op);
    uint32_t line = in->line;
    if (in->op == PTX_OP_CALL) {
        call_operands(c, in);
        return;
    }
    struct raw raw[PTX_MAX_OPERANDS + 1];
    unsigned n = 0;
    memset(raw, 0, sizeof raw);
    if (c->lx.tok.kind != ';') {
        for (;;) {
            if (n == PTX_MAX_OPERANDS + 1)
                pctx_fail(c, line, "too many operands for '%s'", opname);
            struct raw *r = &raw[n];
            r->line = c->lx.tok.line;
            if (is_texop(in->op) && c->lx.tok.kind == '[' && n < PTX_MAX_OPERANDS) {
                raw[n + 1].line = r->line;
                n += 1 + (unsigned)tex_address(c, &r->o, &raw[n + 1].o);
                if (c->lx.tok.kind == ';')
                    break;
                pctx_expect(c, ',', "',' or ';'");
                continue;
            }
            one_operand(c, &r->o, &r->lit, &r->neg, &r->is_lit, in->op == PTX_OP_BRA);
            n++;
            if (c->lx.tok.kind == '|') {
                if (n != 1)
                    pctx_fail(c, line, "'|' only joins two destinations");
                lex_next(&c->lx);
                raw[n].piped = 1;
                continue;
            }
            if (c->lx.tok.kind == ';')
                break;
            pctx_expect(c, ',', "',' or ';'");
        }
    }
    lex_next(&c->lx);
    /* fixed layouts: an optional "|q" destination gets slot 1 */
    unsigned k = 0;
    int has_pipe_slot = in->op == PTX_OP_SETP || in->op == PTX_OP_SHFL || in->op == PTX_OP_MATCH ||
                        in->op == PTX_OP_ELECT;
    if (n > 1 && raw[1].piped && !has_pipe_slot)
        pctx_fail(c, line, "'|' destination not allowed for '%s'", opname);
    for (unsigned i = 0; i < n; i++) {
        if (has_pipe_slot && i == 1 && !raw[1].piped)
            k++; /* leave slot 1 empty */
        if (k >= PTX_MAX_OPERANDS)
            pctx_fail(c, line, "too many operands for '%s'", opname);
        in->ops[k++] = raw[i].o; /* literals are converted below */
    }
    int lo, hi;
    expected_count(in, &lo, &hi);
    if (in->op == PTX_OP_SETP && k == 4)
        k = 5; /* no .and/.or/.xor source */
    if ((int)k < lo || (int)k > hi)
        pctx_fail(c, line, "wrong number of operands for '%s': %u given", opname, n);
    in->nops = (uint8_t)k;
    if (in->op == PTX_OP_SETP && (in->boolop != 0) != (in->ops[4].kind != PTX_OPND_NONE))
        pctx_fail(c, line, "'%s': .and/.or/.xor goes with a fourth source predicate", opname);
    /* convert literals to the bits of their operand's type */
    k = 0;
    for (unsigned i = 0; i < n; i++) {
        if (has_pipe_slot && i == 1 && !raw[1].piped)
            k++;
        if (raw[i].is_lit)
            in->ops[k].value =
                (int64_t)ptx_imm_bits(c, &raw[i].lit, raw[i].neg, ptx_operand_type(in, k),
                                      raw[i].line);
        k++;
    }
    for (unsigned i = 0; i < in->nops; i++)
        check_kind(c, in, i, line, opname);
    if ((in->op == PTX_OP_LD || in->op == PTX_OP_LDU || in->op == PTX_OP_ST) &&
        (in->vec > 1) != (in->ops[in->op == PTX_OP_ST ? 1 : 0].kind == PTX_OPND_VEC))
        pctx_fail(c, line, "'%s': vector width and operand do not match", opname);
    if (is_texop(in->op) && in->op != PTX_OP_TXQ && in->op != PTX_OP_SUQ) {
        const struct ptx_operand *co = &in->ops[in->op == PTX_OP_SUST ? 1 : 2];
        const struct ptx_operand *dv = &in->ops[in->op == PTX_OP_SUST ? 2 : 0];
        unsigned want = in->op == PTX_OP_SULD || in->op == PTX_OP_SUST ? (in->vec ? in->vec : 1)
                                                                         : 4;
        if (co->kind != PTX_OPND_VEC || co->count < in->mode)
            pctx_fail(c, line, "'%s': needs %u coordinates in braces", opname, in->mode);
        if ((dv->kind == PTX_OPND_VEC ? dv->count : 1u) != want)
            pctx_fail(c, line, "'%s': needs %u data registers", opname, want);
        return;
    }
    if (in->op == PTX_OP_MMA || in->op == PTX_OP_LDMATRIX || in->op == PTX_OP_WMMA_LOAD ||
        in->op == PTX_OP_WMMA_STORE || in->op == PTX_OP_WMMA_MMA || in->op == PTX_OP_STMATRIX) {
        unsigned want[4];
        unsigned nv = ptx_mma_fragment_regs(in, want);
        unsigned first = in->op == PTX_OP_WMMA_STORE || in->op == PTX_OP_STMATRIX;
        for (unsigned i = 0; i < nv; i++)
            if (in->ops[first + i].kind != PTX_OPND_VEC || in->ops[first + i].count != want[i])
                pctx_fail(c, line, "'%s': operand %u needs {%u registers}", opname, first + i + 1,
                          want[i]);
        return;
    }
    if (in->op == PTX_OP_CP_ASYNC_WAIT && in->ops[0].kind != PTX_OPND_IMM)
        pctx_fail(c, line, "'%s': the group count must be a literal", opname);
    if (in->op == PTX_OP_CP_ASYNC) {
        const struct ptx_operand *sz = &in->ops[2];
        if (sz->kind != PTX_OPND_IMM || (sz->value != 4 && sz->value != 8 && sz->value != 16))
            pctx_fail(c, line, "'%s': the copy size must be 4, 8 or 16", opname);
        if (in->cache == PTX_CACHE_CG && sz->value != 16)
            pctx_fail(c, line, "'%s': cp.async.cg copies 16 bytes", opname);
        if (in->nops == 5 && in->ops[3].kind == PTX_OPND_PRED)
            pctx_fail(c, line, "'%s': a cache policy goes with a source size", opname);
    }
    if (in->vec > 1) {
        const struct ptx_operand *v = &in->ops[in->op == PTX_OP_ST ? 1 : 0];
        if (v->kind == PTX_OPND_VEC && v->count != in->vec)
            pctx_fail(c, line, "'%s': .v%u needs %u registers", opname, in->vec, in->vec);
    }
}
