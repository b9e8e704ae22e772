/* State shared by the files of the PTX front end while one module is parsed
 * (parser.c, directives.c, decode.c, operands.c, layout.c). Not part of the
 * API. Errors unwind with longjmp to ptx_parse (the Lua way): everything
 * allocated so far is owned either by the module, which ptx_module_free can
 * release in any partial state, or by this context. */
#ifndef CCGPU_PTX_PARSE_INTERNAL_H
#define CCGPU_PTX_PARSE_INTERNAL_H
#include "ptx/ir.h"
#include "ptx/lexer.h"
#include "ptx/strmap.h"
#include <setjmp.h>
#include <stddef.h>
#include <string.h>

#define REG_PRED_BIT 0x80000000u /* in the register map: a predicate index */
/* the largest module-scope variable with an initializer (its image is built
 * in host memory while parsing) */
#define PTX_MAX_INITIALIZED_BYTES (256u << 20)

struct undo_entry { /* a binding to restore when a { } scope closes */
    struct strmap *map;
    const char *key;
    uint32_t len;
    uint32_t old;
};

struct fixup { /* a name used before it is known: label or call target */
    uint32_t func, inst, opnd;
    const char *key;
    uint32_t len, line;
};

struct pctx {
    struct lexer lx;
    struct ptx_module *m;
    char *err;
    size_t errlen;
    jmp_buf fail;

    struct strmap syms;   /* visible variable/param name -> symbol index */
    struct strmap funcs;  /* function name -> function index */
    struct strmap regs;   /* register name -> slot, or predicate | REG_PRED_BIT */
    struct strmap labels; /* label -> instruction index (current function) */
    struct undo_entry *undo;
    uint32_t nundo, capundo;
    struct fixup *labfix, *callfix;
    uint32_t nlabfix, caplabfix, ncallfix, capcallfix;

    int32_t cur;               /* function being parsed, -1 at module scope */
    /* capacities of the current function's growing arrays, then the module's */
    uint32_t cap_insts, cap_regs, cap_regtypes, cap_preds, cap_vec, cap_symp;
    uint32_t capsyms, capfuncs, capfiles;
    struct scope_mark { uint32_t nundo; uint64_t call_param_off; } *marks;
    uint32_t nmarks, capmarks;
    struct strmap opcache;     /* opcode word -> index in decoded[] */
    struct ptx_inst *decoded;
    uint32_t ndecoded, capdecoded;
    uint32_t *plist; /* scratch: parameter list being read */
    uint32_t nplist, capplist;
    uint64_t call_param_off;   /* next free byte of the scoped .param frame */
    uint16_t loc_file;         /* last .loc */
    uint32_t loc_line;
};

/* Reports "NAME:LINE: message" and unwinds; never returns. */
_Noreturn void pctx_fail(struct pctx *c, uint32_t line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Makes room for `need` elements in *arr (capacity *cap), or fails. */
void pctx_grow(struct pctx *c, void **arr, uint32_t *cap, uint32_t need, size_t elem);
char *pctx_strndup(struct pctx *c, const char *s, size_t n);
/* Binds name in map for the current scope (remembered for undo); -1 (and
 * no binding) when the current scope already declares it. */
int pctx_bind(struct pctx *c, struct strmap *map, const char *key, size_t len, uint32_t v);
/* Expects the current token to be punctuation ch and moves past it. */
void pctx_expect(struct pctx *c, int ch, const char *what);
/* Fails with "unexpected 'TOKEN'" context message. */
_Noreturn void pctx_unexpected(struct pctx *c, const char *expected);

/* A new zeroed symbol of the module (name copied); returns its index. */
uint32_t pctx_new_symbol(struct pctx *c, const char *name, size_t len, uint32_t line);

/* directives.c: declarations. The current token is the state space word
 * (.reg, .global ...); linkage flags were consumed by the caller. */
void ptx_parse_reg_decl(struct pctx *c);
uint32_t ptx_parse_var_decl(struct pctx *c, int is_extern, int is_param_list);
void ptx_parse_perf_directive(struct pctx *c, struct ptx_function *f);
int ptx_type_from_word(const char *s, size_t n);
/* Whether the word m[0..n) is w. */
static inline int ptx_word_is(const char *m, size_t n, const char *w)
{
    return strlen(w) == n && memcmp(m, w, n) == 0;
}
/* The next of an instruction token's '.'-separated words: *at is the '.'
 * before it (NULL or end: none left); returns the word, its length in *n,
 * and moves *at to the '.' after it (NULL after the last). */
static inline const char *ptx_next_word(const char **at, const char *end, size_t *n)
{
    const char *p = *at;
    if (!p || p >= end)
        return NULL;
    const char *m = p + 1, *q = memchr(m, '.', (size_t)(end - m));
    *n = q ? (size_t)(q - m) : (size_t)(end - m);
    *at = q;
    return m;
}

/* decode.c: the opcode word into in->op and modifier fields. */
void ptx_decode_opcode(struct pctx *c, struct ptx_inst *in, const struct lex_token *t);
/* operands.c: the operand list after the opcode, up to and including ';'. */
void ptx_parse_operands(struct pctx *c, struct ptx_inst *in);
/* mma.* and ldmatrix.* words (mma_parse.c). */
void ptx_decode_mmaop(struct pctx *c, struct ptx_inst *in, const struct lex_token *t);
/* cp.async.* and mbarrier.* words (async_parse.c). */
void ptx_decode_asyncop(struct pctx *c, struct ptx_inst *in, const struct lex_token *t);
/* The modifiers of tex/tld4/suld/sust/txq/suq (texture_parse.c). */
void ptx_decode_texop(struct pctx *c, struct ptx_inst *in, const struct lex_token *t);
/* The bits of literal `lit` (negated when neg) as a value of type t, zero-
 * extended to 64 bits; fails naming `what` when it does not fit the type. */
uint64_t ptx_imm_bits(struct pctx *c, const struct lex_literal *lit, int neg, enum ptx_type t,
                      uint32_t line);

/* layout.c: offsets of every symbol once the module is read. */
void ptx_layout_symbols(struct pctx *c);

#endif
