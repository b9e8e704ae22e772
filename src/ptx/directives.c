/* Declarations: .reg registers, .global/.const/.shared/.local/.param
 * variables (alignment, arrays, initializers) and the performance directives
 * of a function header. Global, constant, local and parameter offsets are
 * assigned here as declarations are read; shared memory is laid out in
 * layout.c once the kernels that use each variable are known. */
#include "ptx/parse_internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    enum ptx_type type;
} type_words[] = {
    { "pred", PTX_T_PRED }, { "b8", PTX_T_B8 },     { "b16", PTX_T_B16 },
    { "b32", PTX_T_B32 },   { "b64", PTX_T_B64 },   { "b128", PTX_T_B128 },
    { "u8", PTX_T_U8 },     { "u16", PTX_T_U16 },   { "u32", PTX_T_U32 },
    { "u64", PTX_T_U64 },   { "s8", PTX_T_S8 },     { "s16", PTX_T_S16 },
    { "s32", PTX_T_S32 },   { "s64", PTX_T_S64 },   { "f16", PTX_T_F16 },
    { "f16x2", PTX_T_F16X2 }, { "bf16", PTX_T_BF16 }, { "bf16x2", PTX_T_BF16X2 },
    { "tf32", PTX_T_TF32 }, { "f32", PTX_T_F32 },   { "f64", PTX_T_F64 },
};

/* "f32" (without the dot) -> PTX_T_F32, or -1. */
int ptx_type_from_word(const char *s, size_t n)
{
    for (size_t i = 0; i < sizeof type_words / sizeof type_words[0]; i++)
        if (n && type_words[i].name[0] == s[0] && strncmp(type_words[i].name, s, n) == 0 &&
            type_words[i].name[n] == '\0')
            return (int)type_words[i].type;
    return -1;
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
    return a > 1 ? (v + a - 1) / a * a : v;
}

static uint64_t number_arg(struct pctx *c, const char *what)
{
    struct lex_literal v;
    if (c->lx.tok.kind != TK_NUM || lex_number(&c->lx.tok, &v) || v.kind != LIT_INT)
        pctx_unexpected(c, what);
    lex_next(&c->lx);
    return v.value;
}

/* ---- registers -------------------------------------------------------------- */

static void add_reg(struct pctx *c, char *name, enum ptx_type t)
{
    struct ptx_function *f = &c->m->funcs[c->cur];
    uint32_t v;
    if (t == PTX_T_PRED) {
        pctx_grow(c, (void **)&f->pred_names, &c->cap_preds, f->npreds + 1,
                  sizeof *f->pred_names);
        f->pred_names[f->npreds] = name;
        v = f->npreds++ | REG_PRED_BIT;
    } else {
        pctx_grow(c, (void **)&f->reg_names, &c->cap_regs, f->nregs + 1, sizeof *f->reg_names);
        pctx_grow(c, (void **)&f->reg_types, &c->cap_regtypes, f->nregs + 1,
                  sizeof *f->reg_types);
        f->reg_names[f->nregs] = name;
        f->reg_types[f->nregs] = (uint8_t)t;
        v = f->nregs++;
    }
    if (pctx_bind(c, &c->regs, name, strlen(name), v) != 0)
        pctx_fail(c, c->lx.tok.line, "register '%s' is declared twice", name);
}

void ptx_parse_reg_decl(struct pctx *c)
{
    uint32_t line = c->lx.tok.line;
    lex_next(&c->lx);
    if (lex_is(&c->lx, ".v2") || lex_is(&c->lx, ".v4"))
        pctx_fail(c, line, "vector registers (.reg .v2/.v4) are not supported");
    const struct lex_token *t = &c->lx.tok;
    int type = t->kind == TK_WORD && t->s[0] == '.' ? ptx_type_from_word(t->s + 1, t->len - 1)
                                                     : -1;
    if (type < 0)
        pctx_unexpected(c, "a register type");
    lex_next(&c->lx);
    for (;;) {
        struct lex_token nt = c->lx.tok;
        if (nt.kind != TK_WORD || nt.s[0] == '.')
            pctx_unexpected(c, "a register name");
        lex_next(&c->lx);
        if (c->lx.tok.kind == '<') {
            lex_next(&c->lx);
            uint64_t n = number_arg(c, "a register count");
            pctx_expect(c, '>', "'>'");
            if (n > (1u << 20))
                pctx_fail(c, nt.line, "too many registers in '%.*s<%llu>'", (int)nt.len, nt.s,
                          (unsigned long long)n);
            for (uint64_t i = 0; i < n; i++) {
                char buf[96];
                int len = snprintf(buf, sizeof buf, "%.*s%llu", (int)(nt.len > 64 ? 64 : nt.len),
                                   nt.s, (unsigned long long)i);
                add_reg(c, pctx_strndup(c, buf, (size_t)len), (enum ptx_type)type);
            }
        } else {
            add_reg(c, pctx_strndup(c, nt.s, nt.len), (enum ptx_type)type);
        }
        if (c->lx.tok.kind == ';')
            break;
        pctx_expect(c, ',', "',' or ';'");
    }
    lex_next(&c->lx);
}

/* ---- variables ------------------------------------------------------------------- */

static enum ptx_space space_of_word(const struct lexer *lx)
{
    if (lex_is(lx, ".global"))
        return PTX_SPACE_GLOBAL;
    if (lex_is(lx, ".shared"))
        return PTX_SPACE_SHARED;
    if (lex_is(lx, ".const"))
        return PTX_SPACE_CONST;
    if (lex_is(lx, ".local"))
        return PTX_SPACE_LOCAL;
    if (lex_is(lx, ".param"))
        return PTX_SPACE_PARAM;
    return PTX_SPACE_NONE;
}

/* Element `idx` of an initializer list, stored little-endian. */
static void init_element(struct pctx *c, uint8_t *buf, uint64_t cap_elems, uint64_t *idx,
                         unsigned esize, enum ptx_type et)
{
    uint32_t line = c->lx.tok.line;
    int neg = 0;
    if (c->lx.tok.kind == '-') {
        neg = 1;
        lex_next(&c->lx);
    }
    if (c->lx.tok.kind == TK_WORD)
        pctx_fail(c, line, "address initializers ('%.*s') are not supported",
                  (int)c->lx.tok.len, c->lx.tok.s);
    struct lex_literal lit;
    if (c->lx.tok.kind != TK_NUM || lex_number(&c->lx.tok, &lit))
        pctx_unexpected(c, "a number in the initializer");
    if (*idx >= cap_elems)
        pctx_fail(c, line, "too many initializer values");
    uint64_t bits = ptx_imm_bits(c, &lit, neg, et, line);
    for (unsigned b = 0; b < esize; b++)
        buf[*idx * esize + b] = (uint8_t)(bits >> (8 * b));
    (*idx)++;
    lex_next(&c->lx);
}

static void init_list(struct pctx *c, uint8_t *buf, uint64_t cap_elems, uint64_t *idx,
                      unsigned esize, enum ptx_type et, unsigned depth)
{
    if (c->lx.tok.kind != '{') {
        init_element(c, buf, cap_elems, idx, esize, et);
        return;
    }
    if (depth > 32)
        pctx_fail(c, c->lx.tok.line, "initializer nested too deeply");
    lex_next(&c->lx);
    /* nested braces are flattened in order (row-major, as nvcc writes them) */
    while (c->lx.tok.kind != '}') {
        init_list(c, buf, cap_elems, idx, esize, et, depth + 1);
        if (c->lx.tok.kind == ',')
            lex_next(&c->lx);
        else if (c->lx.tok.kind != '}')
            pctx_unexpected(c, "',' or '}' in the initializer");
    }
    lex_next(&c->lx);
}

/* Counts the scalar values of an initializer without consuming it. */
static uint64_t count_init(const struct pctx *c)
{
    struct lexer lx = c->lx;
    uint64_t n = 0;
    int depth = 0;
    if (lx.tok.kind != '{')
        return 1; /* a scalar */
    do {
        if (lx.tok.kind == '{')
            depth++;
        else if (lx.tok.kind == '}')
            depth--;
        else if (lx.tok.kind == TK_NUM || lx.tok.kind == TK_WORD)
            n++;
        else if (lx.tok.kind == TK_EOF || lx.tok.kind == ';')
            break;
        lex_next(&lx);
    } while (depth > 0);
    return n;
}

static void layout_now(struct pctx *c, struct ptx_symbol *s)
{
    struct ptx_module *m = c->m;
    switch (s->space) {
    case PTX_SPACE_GLOBAL:
        s->offset = align_up(m->global_bytes, s->align);
        m->global_bytes = s->offset + s->size;
        break;
    case PTX_SPACE_CONST:
        s->offset = align_up(m->const_bytes, s->align);
        m->const_bytes = s->offset + s->size;
        break;
    case PTX_SPACE_LOCAL: {
        struct ptx_function *f = &m->funcs[c->cur];
        s->offset = align_up(f->local_bytes, s->align);
        f->local_bytes = s->offset + s->size;
        break;
    }
    case PTX_SPACE_PARAM: { /* a .param declared in a body: call arguments/results */
        struct ptx_function *f = &m->funcs[c->cur];
        s->offset = align_up(c->call_param_off, s->align);
        c->call_param_off = s->offset + s->size;
        if (c->call_param_off > f->call_param_bytes)
            f->call_param_bytes = c->call_param_off;
        break;
    }
    default: /* shared: layout.c */
        break;
    }
}

uint32_t ptx_parse_var_decl(struct pctx *c, int is_extern, int is_param_list)
{
    uint32_t line = c->lx.tok.line;
    enum ptx_space space = space_of_word(&c->lx);
    if (space == PTX_SPACE_NONE)
        pctx_unexpected(c, "a state space");
    if (is_extern && space != PTX_SPACE_SHARED)
        pctx_fail(c, line, ".extern variables outside .shared are not supported");
    lex_next(&c->lx);
    uint64_t align = 0;
    unsigned vecn = 1;
    int type = -1;
    while (c->lx.tok.kind == TK_WORD && c->lx.tok.s[0] == '.') {
        const struct lex_token *t = &c->lx.tok;
        int ty = ptx_type_from_word(t->s + 1, t->len - 1);
        if (ty >= 0) {
            type = ty;
            lex_next(&c->lx);
        } else if (lex_is(&c->lx, ".align")) {
            lex_next(&c->lx);
            align = number_arg(c, "an alignment");
            if (align == 0 || (align & (align - 1)) || align > 4096)
                pctx_fail(c, line, "bad alignment %llu", (unsigned long long)align);
        } else if (lex_is(&c->lx, ".v2") || lex_is(&c->lx, ".v4") || lex_is(&c->lx, ".v8")) {
            vecn = (unsigned)(t->s[2] - '0');
            lex_next(&c->lx);
        } else if (lex_is(&c->lx, ".attribute") && space == PTX_SPACE_GLOBAL) {
            /* .attribute(.managed) / .attribute(.unified): __managed__
             * variables, ordinary globals to the simulator (the CUDA
             * runtime shares their storage with the host) */
            lex_next(&c->lx);
            pctx_expect(c, '(', "'(' after .attribute");
            if (!lex_is(&c->lx, ".managed") && !lex_is(&c->lx, ".unified"))
                pctx_unexpected(c, ".managed or .unified");
            lex_next(&c->lx);
            pctx_expect(c, ')', "')'");
        } else if (lex_is(&c->lx, ".ptr") && is_param_list) {
            /* .ptr [.space] [.align N]: a pointer attribute, the param itself
             * keeps its natural alignment */
            lex_next(&c->lx);
            if (space_of_word(&c->lx) != PTX_SPACE_NONE)
                lex_next(&c->lx);
            if (lex_is(&c->lx, ".align")) {
                lex_next(&c->lx);
                number_arg(c, "an alignment");
            }
        } else {
            pctx_fail(c, t->line, "unknown attribute '%.*s' in a declaration", (int)t->len, t->s);
        }
    }
    if (type < 0 || type == PTX_T_PRED)
        pctx_fail(c, line, "declaration without a valid type");
    unsigned esize = ptx_type_bytes((enum ptx_type)type) * vecn;
    if (!align)
        align = esize;
    uint32_t last = PTX_NO_INDEX;
    for (;;) {
        struct lex_token nt = c->lx.tok;
        if (nt.kind != TK_WORD || nt.s[0] == '.' || nt.s[0] == '%')
            pctx_unexpected(c, "a variable name");
        lex_next(&c->lx);
        uint64_t count = 1;
        int unsized = 0;
        while (c->lx.tok.kind == '[') {
            lex_next(&c->lx);
            if (c->lx.tok.kind == ']') {
                unsized = 1;
            } else {
                uint64_t d = number_arg(c, "an array size");
                if (d && count > (UINT64_MAX >> 8) / d)
                    pctx_fail(c, nt.line, "array '%.*s' is too large", (int)nt.len, nt.s);
                count *= d;
            }
            pctx_expect(c, ']', "']'");
        }
        uint64_t ninit = 0;
        if (c->lx.tok.kind == '=') {
            if (space != PTX_SPACE_GLOBAL && space != PTX_SPACE_CONST)
                pctx_fail(c, nt.line, "initializer on a %s variable", space == PTX_SPACE_SHARED
                                                                        ? ".shared" : "non-global");
            lex_next(&c->lx);
            ninit = count_init(c);
            if (unsized)
                count = (ninit + vecn - 1) / vecn;
        } else if (unsized && !is_extern) {
            pctx_fail(c, nt.line, "array '%.*s' has no size", (int)nt.len, nt.s);
        }
        if (unsized && is_extern)
            count = 0;
        uint32_t si = pctx_new_symbol(c, nt.s, nt.len, nt.line);
        struct ptx_symbol *s = &c->m->syms[si];
        s->space = (uint8_t)space;
        s->type = (uint8_t)type;
        s->is_extern = (uint8_t)is_extern;
        s->align = (uint32_t)align;
        s->size = count * esize;
        /* the initial image is held in host memory while loading: a typo in
         * the array size must not ask for gigabytes */
        if (ninit && s->size > PTX_MAX_INITIALIZED_BYTES)
            pctx_fail(c, nt.line, "'%.*s': initialized variable of %llu bytes, more than the %u ccgpu "
                      "loads", (int)nt.len, nt.s, (unsigned long long)s->size,
                      PTX_MAX_INITIALIZED_BYTES);
        if (ninit) {
            s->init = calloc(1, s->size ? s->size : 1);
            if (!s->init)
                pctx_fail(c, nt.line, "out of memory");
            uint64_t idx = 0;
            unsigned scalar = ptx_type_bytes((enum ptx_type)type);
            init_list(c, c->m->syms[si].init, count * vecn, &idx, scalar, (enum ptx_type)type, 0);
        }
        s = &c->m->syms[si];
        if (is_param_list)
            return si;
        if (c->cur >= 0 || space != PTX_SPACE_SHARED)
            layout_now(c, s);
        if (pctx_bind(c, &c->syms, s->name, nt.len, si) != 0)
            pctx_fail(c, nt.line, "'%s' is declared twice", s->name);
        last = si;
        if (c->lx.tok.kind == ';')
            break;
        pctx_expect(c, ',', "',' or ';'");
    }
    lex_next(&c->lx);
    return last;
}

/* ---- performance directives of a function header ------------------------------ */

static void dims(struct pctx *c, uint32_t out[3])
{
    lex_next(&c->lx);
    for (int i = 0; i < 3; i++) {
        uint64_t v = number_arg(c, "a thread count");
        out[i] = (uint32_t)(v > UINT32_MAX ? UINT32_MAX : v);
        if (c->lx.tok.kind != ',')
            break;
        lex_next(&c->lx);
    }
    for (int i = 0; i < 3; i++)
        if (!out[i])
            out[i] = 1;
}

void ptx_parse_perf_directive(struct pctx *c, struct ptx_function *f)
{
    const struct lex_token *t = &c->lx.tok;
    if (lex_is(&c->lx, ".maxntid")) {
        dims(c, f->maxntid);
    } else if (lex_is(&c->lx, ".reqntid")) {
        dims(c, f->reqntid);
    } else if (lex_is(&c->lx, ".minnctapersm")) {
        lex_next(&c->lx);
        f->minnctapersm = (uint32_t)number_arg(c, "a CTA count");
    } else if (lex_is(&c->lx, ".maxnreg")) {
        lex_next(&c->lx);
        f->maxnreg = (uint32_t)number_arg(c, "a register count");
    } else if (lex_is(&c->lx, ".noreturn")) {
        lex_next(&c->lx);
    } else if (lex_is(&c->lx, ".reqnctapercluster")) {
        dims(c, f->reqnctapercluster);
    } else if (lex_is(&c->lx, ".explicitcluster")) {
        lex_next(&c->lx);
        f->explicitcluster = 1;
    } else if (lex_is(&c->lx, ".maxclusterrank")) {
        lex_next(&c->lx);
        f->maxclusterrank = (uint32_t)number_arg(c, "a CTA count");
    } else {
        pctx_fail(c, t->line, "unknown directive '%.*s' in a function header", (int)t->len, t->s);
    }
}
