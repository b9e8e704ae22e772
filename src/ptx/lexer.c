#include "ptx/lexer.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int is_word_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' ||
           c == '%' || c == '.';
}

static int is_word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '$' || c == '.';
}

static int is_alnum(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '.' || c == '_';
}

void lex_init(struct lexer *lx, const char *text, size_t len)
{
    lx->p = text;
    lx->end = text + len;
    lx->line = 1;
    lex_next(lx);
}

/* Skips blanks and comments, counting lines. */
static void skip_space(struct lexer *lx)
{
    const char *p = lx->p, *end = lx->end;
    while (p < end) {
        char c = *p;
        if (c == '\n') {
            lx->line++;
            p++;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            p++;
        } else if (c == '/' && p + 1 < end && p[1] == '/') {
            while (p < end && *p != '\n')
                p++;
        } else if (c == '/' && p + 1 < end && p[1] == '*') {
            p += 2;
            while (p < end && !(*p == '*' && p + 1 < end && p[1] == '/')) {
                if (*p == '\n')
                    lx->line++;
                p++;
            }
            p = p < end ? p + 2 : end;
        } else {
            break;
        }
    }
    lx->p = p;
}

void lex_next(struct lexer *lx)
{
    skip_space(lx);
    const char *p = lx->p, *end = lx->end;
    struct lex_token *t = &lx->tok;
    t->s = p;
    t->line = lx->line;
    if (p >= end) {
        t->kind = TK_EOF;
        t->len = 0;
        return;
    }
    char c = *p;
    if (is_word_start(c)) {
        p++;
        while (p < end) {
            if (is_word_char(*p))
                p++;
            else if (*p == ':' && p + 1 < end && p[1] == ':' && p + 2 < end && is_alnum(p[2]))
                p += 2;
            else
                break;
        }
        t->kind = TK_WORD;
    } else if (c >= '0' && c <= '9') {
        /* digits, letters (hex, 0f/0d, suffix U), '.', and exponent signs */
        p++;
        while (p < end) {
            char d = *p;
            if (is_alnum(d))
                p++;
            else if ((d == '+' || d == '-') && (p[-1] == 'e' || p[-1] == 'E') &&
                     !(t->s[0] == '0' && p - t->s >= 2 && strchr("xXfFdDbB", t->s[1])))
                p++;
            else
                break;
        }
        t->kind = TK_NUM;
    } else if (c == '"') {
        p++;
        while (p < end && *p != '"' && *p != '\n') {
            if (*p == '\\' && p + 1 < end)
                p++;
            p++;
        }
        if (p < end && *p == '"')
            p++;
        t->kind = TK_STRING;
    } else if (strchr(",;:{}[]()<>+-@!|=*", c)) {
        p++;
        t->kind = c;
    } else {
        p++;
        t->kind = TK_BAD;
    }
    t->len = (uint32_t)(p - t->s);
    lx->p = p;
}

void lex_skip_line(struct lexer *lx)
{
    const char *p = lx->p;
    while (p < lx->end && *p != '\n')
        p++;
    lx->p = p;
    lex_next(lx);
}

int lex_is(const struct lexer *lx, const char *w)
{
    size_t n = strlen(w);
    return lx->tok.kind == TK_WORD && lx->tok.len == n && memcmp(lx->tok.s, w, n) == 0;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Digits of s[0..n) in base b; -1 when a digit is invalid or it overflows. */
static int parse_base(const char *s, size_t n, unsigned b, uint64_t *out)
{
    uint64_t v = 0;
    if (n == 0)
        return -1;
    for (size_t i = 0; i < n; i++) {
        int d = hex_digit(s[i]);
        if (d < 0 || (unsigned)d >= b)
            return -1;
        if (v > (UINT64_MAX - (uint64_t)d) / b)
            return -1;
        v = v * b + (uint64_t)d;
    }
    *out = v;
    return 0;
}

int lex_number(const struct lex_token *t, struct lex_literal *out)
{
    const char *s = t->s;
    size_t n = t->len;
    char buf[64];
    if (n >= 2 && s[0] == '0' && (s[1] == 'f' || s[1] == 'F')) {
        out->kind = LIT_F32;
        return n == 10 ? parse_base(s + 2, 8, 16, &out->value) : -1;
    }
    if (n >= 2 && s[0] == '0' && (s[1] == 'd' || s[1] == 'D')) {
        out->kind = LIT_F64;
        return n == 18 ? parse_base(s + 2, 16, 16, &out->value) : -1;
    }
    if (memchr(s, '.', n) || ((memchr(s, 'e', n) || memchr(s, 'E', n)) &&
                              !(n > 1 && (s[1] == 'x' || s[1] == 'X')))) {
        if (n >= sizeof buf)
            return -1;
        memcpy(buf, s, n);
        buf[n] = '\0';
        char *endp;
        errno = 0;
        out->kind = LIT_DOUBLE;
        out->d = strtod(buf, &endp);
        return *endp == '\0' ? 0 : -1;
    }
    out->kind = LIT_INT;
    if (n > 1 && (s[n - 1] == 'U' || s[n - 1] == 'u'))
        n--;
    if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        return parse_base(s + 2, n - 2, 16, &out->value);
    if (n > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
        return parse_base(s + 2, n - 2, 2, &out->value);
    if (n > 1 && s[0] == '0')
        return parse_base(s + 1, n - 1, 8, &out->value);
    return parse_base(s, n, 10, &out->value);
}
