/* PTX module structure: module directives, function headers and bodies,
 * { } scopes, labels and statements. Declarations are in directives.c,
 * opcode decoding in decode.c, operands in operands.c. */
#include "ptx/parse_internal.h"
#include "ptx/ptx.h"
#include "util/text_input.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- context helpers ------------------------------------------------------ */

void pctx_fail(struct pctx *c, uint32_t line, const char *fmt, ...)
{
    char msg[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (c->err && c->errlen) {
        snprintf(c->err, c->errlen, "%s:%u: %s", c->m->name ? c->m->name : "ptx", line, msg);
        text_printable_msg(c->err, c->errlen); /* it may quote the text */
    }
    longjmp(c->fail, 1);
}

void pctx_grow(struct pctx *c, void **arr, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return;
    uint32_t ncap = *cap ? *cap : 8;
    while (ncap < need) {
        if (ncap > UINT32_MAX / 2)
            pctx_fail(c, c->lx.tok.line, "too many elements");
        ncap *= 2;
    }
    void *p = realloc(*arr, (size_t)ncap * elem);
    if (!p)
        pctx_fail(c, c->lx.tok.line, "out of memory");
    memset((char *)p + (size_t)*cap * elem, 0, (size_t)(ncap - *cap) * elem);
    *arr = p;
    *cap = ncap;
}

char *pctx_strndup(struct pctx *c, const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (!p)
        pctx_fail(c, c->lx.tok.line, "out of memory");
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

int pctx_bind(struct pctx *c, struct strmap *map, const char *key, size_t len, uint32_t v)
{
    if (strmap_get(map, key, len) != STRMAP_NONE) {
        /* bound already: in this scope it is a second declaration */
        if (c->nmarks == 0)
            return -1;
        for (uint32_t i = c->marks[c->nmarks - 1].nundo; i < c->nundo; i++)
            if (c->undo[i].map == map && c->undo[i].len == len &&
                memcmp(c->undo[i].key, key, len) == 0)
                return -1;
    }
    uint32_t old = strmap_put(map, key, len, v);
    if (old == STRMAP_OOM)
        pctx_fail(c, c->lx.tok.line, "out of memory");
    if (c->nmarks == 0)
        return 0; /* module scope: permanent */
    pctx_grow(c, (void **)&c->undo, &c->capundo, c->nundo + 1, sizeof *c->undo);
    c->undo[c->nundo++] = (struct undo_entry){ map, key, (uint32_t)len, old };
    return 0;
}

_Noreturn void pctx_unexpected(struct pctx *c, const char *expected)
{
    const struct lex_token *t = &c->lx.tok;
    if (t->kind == TK_EOF)
        pctx_fail(c, t->line, "unexpected end of file, expected %s", expected);
    pctx_fail(c, t->line, "unexpected '%.*s', expected %s", (int)(t->len > 60 ? 60 : t->len),
              t->s, expected);
}

void pctx_expect(struct pctx *c, int ch, const char *what)
{
    if (c->lx.tok.kind != ch)
        pctx_unexpected(c, what);
    lex_next(&c->lx);
}

uint32_t pctx_new_symbol(struct pctx *c, const char *name, size_t len, uint32_t line)
{
    struct ptx_module *m = c->m;
    pctx_grow(c, (void **)&m->syms, &c->capsyms, m->nsyms + 1, sizeof *m->syms);
    struct ptx_symbol *s = &m->syms[m->nsyms];
    memset(s, 0, sizeof *s);
    s->name = pctx_strndup(c, name, len);
    s->line = line;
    s->scope_func = c->cur;
    return m->nsyms++;
}

static void scope_enter(struct pctx *c)
{
    pctx_grow(c, (void **)&c->marks, &c->capmarks, c->nmarks + 1, sizeof *c->marks);
    c->marks[c->nmarks++] = (struct scope_mark){ c->nundo, c->call_param_off };
}

static void scope_exit(struct pctx *c)
{
    struct scope_mark mk = c->marks[--c->nmarks];
    while (c->nundo > mk.nundo) {
        struct undo_entry *u = &c->undo[--c->nundo];
        strmap_put(u->map, u->key, u->len, u->old); /* key exists: cannot fail */
    }
    c->call_param_off = mk.call_param_off;
}

/* ---- functions ------------------------------------------------------------- */

static struct ptx_function *cur_func(struct pctx *c)
{
    return &c->m->funcs[c->cur];
}

/* Parses "( .param ..., .param ... )" into the context's scratch list
 * (owned by the context, so a failure leaks nothing); returns a malloc'd
 * copy the caller attaches at once. */
static uint32_t *parse_param_list(struct pctx *c, uint32_t *count)
{
    c->nplist = 0;
    pctx_expect(c, '(', "'('");
    while (c->lx.tok.kind != ')') {
        if (c->nplist > 0)
            pctx_expect(c, ',', "',' or ')'");
        if (lex_is(&c->lx, ".reg"))
            pctx_fail(c, c->lx.tok.line, ".reg parameters are not supported");
        if (!lex_is(&c->lx, ".param"))
            pctx_unexpected(c, "'.param'");
        uint32_t s = ptx_parse_var_decl(c, 0, 1);
        pctx_grow(c, (void **)&c->plist, &c->capplist, c->nplist + 1, sizeof *c->plist);
        c->plist[c->nplist++] = s;
    }
    lex_next(&c->lx);
    *count = c->nplist;
    if (!c->nplist)
        return NULL;
    uint32_t *copy = malloc(c->nplist * sizeof *copy);
    if (!copy)
        pctx_fail(c, c->lx.tok.line, "out of memory");
    memcpy(copy, c->plist, c->nplist * sizeof *copy);
    return copy;
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
    return a > 1 ? (v + a - 1) / a * a : v;
}

/* Param offsets within the function's parameter buffer (or return buffer). */
static uint64_t layout_params(struct ptx_module *m, const uint32_t *list, uint32_t n, int fi,
                              int is_ret)
{
    uint64_t off = 0;
    for (uint32_t i = 0; i < n; i++) {
        struct ptx_symbol *s = &m->syms[list[i]];
        s->offset = align_up(off, s->align);
        s->scope_func = fi;
        s->is_func_param = !is_ret;
        s->is_ret_param = (uint8_t)is_ret;
        off = s->offset + s->size;
    }
    return off;
}

static void parse_body(struct pctx *c);

static void parse_function(struct pctx *c, int is_entry, int is_extern)
{
    struct ptx_module *m = c->m;
    uint32_t line = c->lx.tok.line;
    lex_next(&c->lx);
    uint32_t nrets = 0;
    if (!is_entry && c->lx.tok.kind == '(') {
        free(parse_param_list(c, &nrets)); /* kept in c->plist until attached */
    }
    if (c->lx.tok.kind != TK_WORD || c->lx.tok.s[0] == '.')
        pctx_unexpected(c, "a function name");
    struct lex_token name = c->lx.tok;
    uint32_t fi = strmap_get(&c->funcs, name.s, name.len);
    if (fi == STRMAP_NONE) {
        pctx_grow(c, (void **)&m->funcs, &c->capfuncs, m->nfuncs + 1, sizeof *m->funcs);
        fi = m->nfuncs++;
        m->funcs[fi].name = pctx_strndup(c, name.s, name.len);
        if (strmap_put(&c->funcs, m->funcs[fi].name, name.len, fi) == STRMAP_OOM)
            pctx_fail(c, line, "out of memory");
    } else if (m->funcs[fi].defined) {
        pctx_fail(c, name.line, "function '%.*s' is defined twice", (int)name.len, name.s);
    } else if (m->funcs[fi].is_entry != is_entry) {
        pctx_fail(c, name.line, "'%.*s' is declared both as .entry and .func", (int)name.len,
                  name.s);
    }
    struct ptx_function *f = &m->funcs[fi];
    /* a definition after a prototype replaces the prototype's parameters */
    free(f->ret_params);
    free(f->params);
    f->params = f->ret_params = NULL;
    f->nparams = f->nret_params = 0;
    if (nrets) {
        f->ret_params = malloc(nrets * sizeof *f->ret_params);
        if (!f->ret_params)
            pctx_fail(c, line, "out of memory");
        memcpy(f->ret_params, c->plist, nrets * sizeof *f->ret_params);
        f->nret_params = nrets;
    }
    f->is_entry = is_entry;
    f->is_extern = f->is_extern || is_extern;
    f->line = line;
    c->cur = (int32_t)fi;
    lex_next(&c->lx);
    if (c->lx.tok.kind == '(') {
        uint32_t n = 0;
        uint32_t *p = parse_param_list(c, &n);
        f = &m->funcs[fi];
        f->params = p;
        f->nparams = n;
    }
    f = &m->funcs[fi];
    f->ret_bytes = layout_params(m, f->ret_params, f->nret_params, (int)fi, 1);
    f->param_bytes = layout_params(m, f->params, f->nparams, (int)fi, 0);
    while (c->lx.tok.kind == TK_WORD && c->lx.tok.s[0] == '.')
        ptx_parse_perf_directive(c, f);
    if (c->lx.tok.kind == ';') {
        lex_next(&c->lx);
    } else if (c->lx.tok.kind == '{') {
        if (is_extern)
            pctx_fail(c, c->lx.tok.line, ".extern function '%s' has a body", f->name);
        f->defined = 1;
        parse_body(c);
    } else {
        pctx_unexpected(c, "'{' or ';'");
    }
    c->cur = -1;
}

/* Branch targets of the function just parsed. */
static void resolve_labels(struct pctx *c)
{
    struct ptx_function *f = cur_func(c);
    for (uint32_t i = 0; i < c->nlabfix; i++) {
        struct fixup *x = &c->labfix[i];
        uint32_t t = strmap_get(&c->labels, x->key, x->len);
        if (t == STRMAP_NONE)
            pctx_fail(c, x->line, "undefined label '%.*s'", (int)x->len, x->key);
        if (t >= f->ninsts)
            pctx_fail(c, x->line, "label '%.*s' is not followed by an instruction", (int)x->len,
                      x->key);
        f->insts[x->inst].ops[x->opnd].index = t;
        if (f->insts[x->inst].op == PTX_OP_BRA)
            f->insts[x->inst].target = t;
    }
    c->nlabfix = 0;
}

/* Is the word just read followed by a single ':' (a label definition)? */
static int at_label(struct pctx *c)
{
    const char *p = c->lx.p;
    while (p < c->lx.end && (*p == ' ' || *p == '\t'))
        p++;
    return p < c->lx.end && *p == ':' && !(p + 1 < c->lx.end && p[1] == ':');
}

/* The instruction's operands, unread: up to and past its ';' (vector
 * operands' braces hold no ';'). */
static void skip_statement(struct pctx *c)
{
    int depth = 0;
    while (c->lx.tok.kind != ';' || depth) {
        if (c->lx.tok.kind == TK_EOF || (c->lx.tok.kind == '}' && depth == 0) ||
            (c->lx.tok.kind == ';' && depth))
            pctx_unexpected(c, "';'");
        depth += c->lx.tok.kind == '{' ? 1 : c->lx.tok.kind == '}' ? -1 : 0;
        lex_next(&c->lx);
    }
    lex_next(&c->lx);
}

/* Decodes the opcode word into in; 0. An instruction ccgpu does not
 * implement (an unknown word, an unsupported opcode or modifier) is no
 * error of the module: in becomes a PTX_OP_UNSUPPORTED stand-in, its
 * function records the first such message (a launch that reaches it
 * fails with it), its operands are skipped, and 1 is returned. */
static int decode_or_stand_in(struct pctx *c, struct ptx_inst *in, const struct lex_token *op)
{
    jmp_buf outer;
    char msg[384];
    char *err = c->err;
    size_t errlen = c->errlen;
    memcpy(outer, c->fail, sizeof outer);
    c->err = msg;
    c->errlen = sizeof msg;
    msg[0] = '\0';
    if (setjmp(c->fail) == 0) {
        ptx_decode_opcode(c, in, op);
        memcpy(c->fail, outer, sizeof outer);
        c->err = err;
        c->errlen = errlen;
        return 0;
    }
    memcpy(c->fail, outer, sizeof outer);
    c->err = err;
    c->errlen = errlen;
    struct ptx_function *f = cur_func(c);
    in->op = PTX_OP_UNSUPPORTED;
    in->opclass = PTX_CLASS_NOP;
    in->type = in->stype = in->space = in->mode = in->boolop = in->round = in->cache = 0;
    in->flags = 0;
    in->vec = 1;
    in->nops = 0;
    if (!f->unsupported)
        f->unsupported = pctx_strndup(c, msg, strlen(msg));
    lex_next(&c->lx);
    skip_statement(c);
    return 1;
}

static void parse_instruction(struct pctx *c)
{
    struct ptx_function *f = cur_func(c);
    pctx_grow(c, (void **)&f->insts, &c->cap_insts, f->ninsts + 1, sizeof *f->insts);
    struct ptx_inst *in = &f->insts[f->ninsts];
    memset(in, 0, sizeof *in);
    in->guard = in->target = in->reconv = PTX_NO_INDEX;
    in->line = c->lx.tok.line;
    in->loc_file = c->loc_file;
    in->loc_line = c->loc_line;
    in->vec = 1;
    if (c->lx.tok.kind == '@') {
        lex_next(&c->lx);
        if (c->lx.tok.kind == '!') {
            in->guard_not = 1;
            lex_next(&c->lx);
        }
        const struct lex_token *t = &c->lx.tok;
        if (t->kind != TK_WORD)
            pctx_unexpected(c, "a predicate after '@'");
        uint32_t r = strmap_get(&c->regs, t->s, t->len);
        if (r == STRMAP_NONE || !(r & REG_PRED_BIT))
            pctx_fail(c, t->line, "guard '%.*s' is not a declared predicate register",
                      (int)t->len, t->s);
        in->guard = r & ~REG_PRED_BIT;
        lex_next(&c->lx);
        if (c->lx.tok.kind != TK_WORD)
            pctx_unexpected(c, "an instruction after the guard");
    }
    f->ninsts++; /* counted before decoding so fixups may name it */
    struct lex_token op = c->lx.tok;
    if (!decode_or_stand_in(c, in, &op)) {
        lex_next(&c->lx);
        ptx_parse_operands(c, in);
    }
}

/* .pragma "..."[, "..."]; — hints such as "nounroll", accepted and dropped */
static void skip_pragma(struct pctx *c)
{
    lex_next(&c->lx);
    while (c->lx.tok.kind == TK_STRING || c->lx.tok.kind == ',')
        lex_next(&c->lx);
    pctx_expect(c, ';', "';' after .pragma");
}

/* .loc FILE LINE COLUMN[, function_name ..., inlined_at ...]: kept for messages */
static void parse_loc(struct pctx *c)
{
    struct lex_literal a, b;
    lex_next(&c->lx);
    struct lex_token ft = c->lx.tok;
    lex_next(&c->lx);
    if (ft.kind != TK_NUM || c->lx.tok.kind != TK_NUM || lex_number(&ft, &a) ||
        lex_number(&c->lx.tok, &b) || a.kind != LIT_INT || b.kind != LIT_INT)
        pctx_fail(c, ft.line, "malformed .loc");
    c->loc_file = (uint16_t)(a.value > 0xffff ? 0xffff : a.value);
    c->loc_line = (uint32_t)(b.value > UINT32_MAX ? UINT32_MAX : b.value);
    lex_skip_line(&c->lx);
}

/* A directive statement inside a body. */
static void body_directive(struct pctx *c)
{
    const struct lex_token *t = &c->lx.tok;
    if (lex_is(&c->lx, ".reg")) {
        ptx_parse_reg_decl(c);
    } else if (lex_is(&c->lx, ".local") || lex_is(&c->lx, ".shared") ||
               lex_is(&c->lx, ".param") || lex_is(&c->lx, ".const") ||
               lex_is(&c->lx, ".global")) {
        ptx_parse_var_decl(c, 0, 0);
    } else if (lex_is(&c->lx, ".extern")) {
        lex_next(&c->lx);
        ptx_parse_var_decl(c, 1, 0);
    } else if (lex_is(&c->lx, ".loc")) {
        parse_loc(c);
    } else if (lex_is(&c->lx, ".pragma")) {
        skip_pragma(c);
    } else {
        pctx_fail(c, t->line, "unknown directive '%.*s' in a function body", (int)t->len, t->s);
    }
}

/* "NAME:" — the label names the next instruction of the function. */
static void define_label(struct pctx *c)
{
    struct lex_token t = c->lx.tok;
    uint32_t old = strmap_put(&c->labels, t.s, t.len, cur_func(c)->ninsts);
    if (old == STRMAP_OOM)
        pctx_fail(c, t.line, "out of memory");
    if (old != STRMAP_NONE)
        pctx_fail(c, t.line, "label '%.*s' is defined twice", (int)t.len, t.s);
    lex_next(&c->lx);
    pctx_expect(c, ':', "':'");
    if (lex_is(&c->lx, ".callprototype"))
        pctx_fail(c, t.line, "indirect calls (.callprototype) are not supported");
    if (lex_is(&c->lx, ".branchtargets"))
        pctx_fail(c, t.line, "indirect branches (.branchtargets) are not supported");
}

/* The statements of a body; the current token is its '{'. */
static void parse_body(struct pctx *c)
{
    struct ptx_function *f = cur_func(c);
    uint32_t base = c->nmarks;
    c->cap_insts = c->cap_regs = c->cap_regtypes = c->cap_preds = c->cap_vec = c->cap_symp = 0;
    strmap_clear(&c->regs);
    strmap_clear(&c->labels);
    c->nlabfix = 0;
    c->call_param_off = 0;
    scope_enter(c);
    for (uint32_t i = 0; i < f->nret_params + f->nparams; i++) {
        uint32_t s = i < f->nret_params ? f->ret_params[i] : f->params[i - f->nret_params];
        const char *n = c->m->syms[s].name;
        if (pctx_bind(c, &c->syms, n, strlen(n), s) != 0)
            pctx_fail(c, c->m->syms[s].line, "parameter '%s' is declared twice", n);
    }
    lex_next(&c->lx);
    for (;;) {
        const struct lex_token *t = &c->lx.tok;
        if (t->kind == '}') {
            scope_exit(c);
            lex_next(&c->lx);
            if (c->nmarks == base)
                break;
        } else if (t->kind == '{') {
            scope_enter(c);
            lex_next(&c->lx);
        } else if (t->kind == TK_EOF) {
            pctx_fail(c, t->line, "unexpected end of file in the body of '%s'",
                      cur_func(c)->name);
        } else if (t->kind == '@') {
            parse_instruction(c);
        } else if (t->kind != TK_WORD) {
            pctx_unexpected(c, "an instruction, declaration or label");
        } else if (t->s[0] == '.') {
            body_directive(c);
        } else if (at_label(c)) {
            define_label(c);
        } else {
            parse_instruction(c);
        }
    }
    resolve_labels(c);
}

/* ---- module ------------------------------------------------------------------ */

static void parse_version(struct pctx *c)
{
    uint32_t line = c->lx.tok.line;
    lex_next(&c->lx);
    const struct lex_token *t = &c->lx.tok;
    unsigned maj = 0, min = 0;
    char buf[32];
    if (t->kind != TK_NUM || t->len >= sizeof buf)
        pctx_fail(c, line, "malformed .version");
    memcpy(buf, t->s, t->len);
    buf[t->len] = '\0';
    if (sscanf(buf, "%u.%u", &maj, &min) != 2)
        pctx_fail(c, line, "malformed .version '%s'", buf);
    c->m->version_major = maj;
    c->m->version_minor = min;
    lex_next(&c->lx);
}

static void parse_target(struct pctx *c)
{
    lex_next(&c->lx);
    int first = 1;
    for (;;) {
        const struct lex_token *t = &c->lx.tok;
        if (t->kind != TK_WORD)
            pctx_unexpected(c, "a target name");
        if (first) {
            if (t->len >= sizeof c->m->target)
                pctx_fail(c, t->line, "target name too long");
            memcpy(c->m->target, t->s, t->len);
            c->m->target[t->len] = '\0';
            if (strncmp(c->m->target, "sm_", 3) != 0 && strncmp(c->m->target, "compute_", 8) != 0)
                pctx_fail(c, t->line, "unknown target '%s'", c->m->target);
            first = 0;
        } else if (!lex_is(&c->lx, "debug") && !lex_is(&c->lx, "texmode_unified") &&
                   !lex_is(&c->lx, "texmode_independent")) {
            /* map_f64_to_f32 and anything newer would change what programs mean */
            pctx_fail(c, t->line, "unsupported .target option '%.*s'", (int)t->len, t->s);
        }
        lex_next(&c->lx);
        if (c->lx.tok.kind != ',')
            break;
        lex_next(&c->lx);
    }
}

static void parse_file(struct pctx *c)
{
    struct ptx_module *m = c->m;
    uint32_t line = c->lx.tok.line;
    lex_next(&c->lx);
    struct lex_literal id;
    if (c->lx.tok.kind != TK_NUM || lex_number(&c->lx.tok, &id) || id.kind != LIT_INT ||
        id.value > 0xfff0)
        pctx_fail(c, line, "malformed .file");
    lex_next(&c->lx);
    if (c->lx.tok.kind != TK_STRING || c->lx.tok.len < 2 ||
        c->lx.tok.s[c->lx.tok.len - 1] != '"')
        pctx_fail(c, line, "malformed .file");
    uint32_t idx = (uint32_t)id.value;
    if (idx >= m->nfiles) {
        pctx_grow(c, (void **)&m->files, &c->capfiles, idx + 1, sizeof *m->files);
        m->nfiles = idx + 1;
    }
    free(m->files[idx]);
    m->files[idx] = pctx_strndup(c, c->lx.tok.s + 1, c->lx.tok.len - 2);
    lex_skip_line(&c->lx); /* optional timestamp, size */
}

/* .section NAME { ... }: debug information, skipped whole. */
static void skip_section(struct pctx *c)
{
    uint32_t line = c->lx.tok.line;
    lex_next(&c->lx);
    if (c->lx.tok.kind != TK_WORD)
        pctx_unexpected(c, "a section name");
    lex_next(&c->lx);
    if (c->lx.tok.kind != '{')
        return;
    int depth = 0;
    do {
        if (c->lx.tok.kind == '{')
            depth++;
        else if (c->lx.tok.kind == '}')
            depth--;
        else if (c->lx.tok.kind == TK_EOF)
            pctx_fail(c, line, "unterminated .section");
        lex_next(&c->lx);
    } while (depth > 0);
}

static void parse_module(struct pctx *c)
{
    while (c->lx.tok.kind != TK_EOF) {
        const struct lex_token *t = &c->lx.tok;
        if (t->kind != TK_WORD || t->s[0] != '.') {
            if (t->kind == ';') {
                lex_next(&c->lx);
                continue;
            }
            pctx_unexpected(c, "a directive at module scope");
        }
        if (lex_is(&c->lx, ".version")) {
            parse_version(c);
        } else if (lex_is(&c->lx, ".target")) {
            parse_target(c);
        } else if (lex_is(&c->lx, ".address_size")) {
            lex_next(&c->lx);
            struct lex_literal v;
            if (c->lx.tok.kind != TK_NUM || lex_number(&c->lx.tok, &v) || v.kind != LIT_INT ||
                (v.value != 32 && v.value != 64))
                pctx_fail(c, c->lx.tok.line, "malformed .address_size");
            c->m->address_size = (uint32_t)v.value;
            lex_next(&c->lx);
        } else if (lex_is(&c->lx, ".file")) {
            parse_file(c);
        } else if (lex_is(&c->lx, ".section")) {
            skip_section(c);
        } else if (lex_is(&c->lx, ".pragma")) {
            skip_pragma(c);
        } else {
            int is_extern = 0;
            while (lex_is(&c->lx, ".visible") || lex_is(&c->lx, ".weak") ||
                   lex_is(&c->lx, ".extern") || lex_is(&c->lx, ".common")) {
                if (lex_is(&c->lx, ".extern"))
                    is_extern = 1;
                lex_next(&c->lx);
            }
            if (lex_is(&c->lx, ".entry"))
                parse_function(c, 1, is_extern);
            else if (lex_is(&c->lx, ".func"))
                parse_function(c, 0, is_extern);
            else if (lex_is(&c->lx, ".global") || lex_is(&c->lx, ".const") ||
                     lex_is(&c->lx, ".shared"))
                ptx_parse_var_decl(c, is_extern, 0);
            else if (lex_is(&c->lx, ".local"))
                pctx_fail(c, c->lx.tok.line, "module-scope .local variables are not supported");
            else if (c->lx.tok.kind == TK_WORD && c->lx.tok.s[0] == '.')
                pctx_fail(c, c->lx.tok.line, "unknown directive '%.*s'", (int)c->lx.tok.len,
                          c->lx.tok.s);
            else
                pctx_unexpected(c, "'.entry', '.func' or a variable declaration");
        }
    }
}

/* A call's lists against the callee's parameters: same count (the result
 * list may be left out), same sizes, so the engine can copy them blindly. */
static void check_call(struct pctx *c, const struct fixup *x, uint32_t fi)
{
    const struct ptx_module *m = c->m;
    const struct ptx_function *caller = &m->funcs[x->func], *callee = &m->funcs[fi];
    const struct ptx_inst *in = &caller->insts[x->inst];
    for (int list = 0; list < 2; list++) {
        const struct ptx_operand *o = &in->ops[list == 0 ? 0 : 2];
        const uint32_t *want = list == 0 ? callee->ret_params : callee->params;
        uint32_t nwant = list == 0 ? callee->nret_params : callee->nparams;
        if (o->count != nwant && !(list == 0 && o->count == 0))
            pctx_fail(c, x->line, "call to '%s' with %u %s, it takes %u", callee->name, o->count,
                      list == 0 ? "results" : "arguments", nwant);
        for (unsigned k = 0; k < o->count; k++) {
            const struct ptx_symbol *a = &m->syms[caller->sym_pool[o->index + k]];
            const struct ptx_symbol *p = &m->syms[want[k]];
            if (a->size != p->size)
                pctx_fail(c, x->line, "call to '%s': %s %u is %llu bytes, the parameter %llu",
                          callee->name, list == 0 ? "result" : "argument", k + 1,
                          (unsigned long long)a->size, (unsigned long long)p->size);
        }
    }
}

/* Call targets may name functions declared later in the file. */
static void resolve_calls(struct pctx *c)
{
    struct ptx_module *m = c->m;
    for (uint32_t i = 0; i < c->ncallfix; i++) {
        struct fixup *x = &c->callfix[i];
        uint32_t fi = strmap_get(&c->funcs, x->key, x->len);
        if (fi == STRMAP_NONE)
            pctx_fail(c, x->line, "call to undeclared function '%.*s'", (int)x->len, x->key);
        if (m->funcs[fi].is_entry)
            pctx_fail(c, x->line, "call to kernel '%s'", m->funcs[fi].name);
        m->funcs[x->func].insts[x->inst].ops[x->opnd].index = fi;
        check_call(c, x, fi);
    }
    for (uint32_t i = 0; i < m->nfuncs; i++)
        if (!m->funcs[i].defined && !m->funcs[i].is_extern)
            pctx_fail(c, m->funcs[i].line, "function '%s' is declared but never defined",
                      m->funcs[i].name);
}

static void pctx_free(struct pctx *c)
{
    strmap_free(&c->syms);
    strmap_free(&c->funcs);
    strmap_free(&c->regs);
    strmap_free(&c->labels);
    free(c->undo);
    free(c->labfix);
    free(c->callfix);
    free(c->marks);
    free(c->plist);
    strmap_free(&c->opcache);
    free(c->decoded);
}

/* The whole load under one setjmp; 0, or -1 with c->err written. */
static int parse_all(struct pctx *c, const char *text)
{
    if (setjmp(c->fail))
        return -1;
    lex_init(&c->lx, text, strlen(text));
    parse_module(c);
    /* Text with no directive at all (an empty file, only comments) is not an
     * empty module: the PTX ISA requires .version, though ccgpu accepts
     * fragments without it as long as they declare something. */
    if (c->m->version_major == 0 && c->m->nfuncs == 0 && c->m->nsyms == 0)
        pctx_fail(c, 1, "no PTX here: no .version directive and nothing declared");
    resolve_calls(c);
    ptx_layout_symbols(c);
    return ptx_compute_reconvergence(c->m, c->err, c->errlen);
}

struct ptx_module *ptx_parse(const char *text, const char *name, char *err, size_t errlen)
{
    struct ptx_module *m = calloc(1, sizeof *m);
    struct pctx *c = calloc(1, sizeof *c);
    if (m)
        m->name = strdup(name ? name : "ptx");
    if (!m || !c || !m->name) {
        free(c);
        ptx_module_free(m);
        if (err && errlen)
            snprintf(err, errlen, "%s: out of memory", name ? name : "ptx");
        return NULL;
    }
    c->m = m;
    c->err = err;
    c->errlen = errlen;
    c->cur = -1;
    int rc = parse_all(c, text);
    pctx_free(c);
    free(c);
    if (rc != 0) {
        ptx_module_free(m);
        return NULL;
    }
    return m;
}

void ptx_module_free(struct ptx_module *m)
{
    if (!m)
        return;
    for (uint32_t i = 0; i < m->nfuncs; i++) {
        struct ptx_function *f = &m->funcs[i];
        free(f->name);
        free(f->insts);
        free(f->vec_pool);
        free(f->sym_pool);
        free(f->params);
        free(f->ret_params);
        for (uint32_t r = 0; r < f->nregs; r++)
            free(f->reg_names ? f->reg_names[r] : NULL);
        for (uint32_t r = 0; r < f->npreds; r++)
            free(f->pred_names ? f->pred_names[r] : NULL);
        free(f->reg_names);
        free(f->pred_names);
        free(f->reg_types);
        free(f->unsupported);
    }
    free(m->funcs);
    for (uint32_t i = 0; i < m->nsyms; i++) {
        free(m->syms[i].name);
        free(m->syms[i].init);
    }
    free(m->syms);
    for (uint32_t i = 0; i < m->nfiles; i++)
        free(m->files[i]);
    free(m->files);
    free(m->name);
    free(m);
}

int ptx_find_function_index(const struct ptx_module *m, const char *name)
{
    for (uint32_t i = 0; i < m->nfuncs; i++)
        if (strcmp(m->funcs[i].name, name) == 0)
            return (int)i;
    return -1;
}

const struct ptx_function *ptx_find_function(const struct ptx_module *m, const char *name)
{
    int i = ptx_find_function_index(m, name);
    return i < 0 ? NULL : &m->funcs[i];
}
