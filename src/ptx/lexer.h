/* PTX tokens. A word is an identifier, a directive (.entry), a dotted opcode
 * (ld.global.v2.f32), a register (%r12) or a special register (%tid.x): PTX
 * identifiers never contain '.', so a dotted word is always opcode+modifiers
 * or register+component. "::" inside a word is kept (L2::128B, shared::cta).
 * Numbers are scanned here and converted by lex_number(). */
#ifndef CCGPU_PTX_LEXER_H
#define CCGPU_PTX_LEXER_H
#include <stddef.h>
#include <stdint.h>

enum {
    TK_EOF = 0,
    TK_WORD = 256,
    TK_NUM,
    TK_STRING, /* "..." with the quotes */
    TK_BAD,    /* a character PTX does not use */
};

struct lex_token {
    int kind; /* TK_* or the punctuation character itself */
    const char *s;
    uint32_t len;
    uint32_t line;
};

struct lexer {
    const char *p, *end;
    uint32_t line;
    struct lex_token tok; /* the current token */
};

/* A numeric literal. */
enum lit_kind {
    LIT_INT,    /* value: the integer (two's complement when negated) */
    LIT_F32,    /* 0fXXXXXXXX: value = the 32 bits */
    LIT_F64,    /* 0dXXXXXXXXXXXXXXXX: value = the 64 bits */
    LIT_DOUBLE, /* decimal float: d */
};

struct lex_literal {
    enum lit_kind kind;
    uint64_t value;
    double d;
};

void lex_init(struct lexer *lx, const char *text, size_t len);
/* Moves to the next token (lx->tok). */
void lex_next(struct lexer *lx);
/* Skips the rest of the current line, then reads the next token. */
void lex_skip_line(struct lexer *lx);
/* Converts a TK_NUM token; returns 0, or -1 when malformed/out of range. */
int lex_number(const struct lex_token *t, struct lex_literal *out);
/* Is the current token the word w? */
int lex_is(const struct lexer *lx, const char *w);

#endif
