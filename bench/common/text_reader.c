#include "common/text_reader.h"
#include "util/text_input.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int text_open(struct text_reader *r, const char *path, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->path = path;
    r->err = err;
    r->errlen = errlen;
    r->line = 1;
    size_t n;
    char *buf = text_input_read(path, "input file", TEXT_INPUT_TEXT, &n, err, errlen);
    if (!buf)
        return -1;
    r->buf = buf;
    r->len = n;
    return 0;
}

void text_close(struct text_reader *r)
{
    free(r->buf);
    r->buf = NULL;
}

int text_fail(struct text_reader *r, const char *fmt, ...)
{
    int n = snprintf(r->err, r->errlen, "%s:%u: ", r->path, r->line);
    if (n < 0 || (size_t)n >= r->errlen)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    text_printable_msg(r->err, r->errlen); /* it may quote the file */
    return -1;
}

int text_skip_space(struct text_reader *r, int same_line)
{
    while (r->pos < r->len) {
        char c = r->buf[r->pos];
        if (c == ' ' || c == '\t' || c == '\r') {
            r->pos++;
        } else if (c == '\n') {
            if (same_line)
                return 0;
            r->pos++;
            r->line++;
        } else {
            return 1;
        }
    }
    return 0;
}

int text_skip_comment_lines(struct text_reader *r, const char *comment_chars)
{
    for (;;) {
        if (!text_skip_space(r, 0))
            return 0;
        if (!strchr(comment_chars, r->buf[r->pos]))
            return 1;
        while (r->pos < r->len && r->buf[r->pos] != '\n')
            r->pos++;
    }
}

/* Copies the next token into tok (NUL-terminated); 0 when there is none. */
static int next_token(struct text_reader *r, int same_line, const char *what, char *tok, size_t cap)
{
    if (!text_skip_space(r, same_line))
        return text_fail(r, "expected %s, found %s", what,
                         r->pos >= r->len ? "end of file" : "end of line");
    size_t n = 0;
    while (r->pos < r->len) {
        char c = r->buf[r->pos];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
            break;
        if (n + 1 < cap)
            tok[n] = c;
        n++;
        r->pos++;
    }
    if (n + 1 > cap)
        return text_fail(r, "bad %s (token too long)", what);
    tok[n] = '\0';
    return 0;
}

int text_u32(struct text_reader *r, int same_line, const char *what, uint32_t *out)
{
    char tok[64];
    if (next_token(r, same_line, what, tok, sizeof tok))
        return -1;
    uint64_t v = 0;
    for (const char *p = tok; *p; p++) {
        if (*p < '0' || *p > '9')
            return text_fail(r, "bad %s '%s'", what, tok);
        v = v * 10 + (uint64_t)(*p - '0');
        if (v > UINT32_MAX)
            return text_fail(r, "%s '%s' out of range", what, tok);
    }
    *out = (uint32_t)v;
    return 0;
}

int text_i64(struct text_reader *r, int same_line, const char *what, int64_t *out)
{
    char tok[64];
    if (next_token(r, same_line, what, tok, sizeof tok))
        return -1;
    char *end;
    errno = 0;
    long long v = strtoll(tok, &end, 10);
    if (end == tok || *end || errno)
        return text_fail(r, "bad %s '%s'", what, tok);
    *out = v;
    return 0;
}

int text_f64(struct text_reader *r, int same_line, const char *what, double *out)
{
    char tok[128];
    if (next_token(r, same_line, what, tok, sizeof tok))
        return -1;
    char *end;
    double v = strtod(tok, &end);
    if (end == tok || *end || v - v != 0) /* also NaN and inf */
        return text_fail(r, "bad %s '%s'", what, tok);
    *out = v;
    return 0;
}

int text_line_has_more(struct text_reader *r)
{
    return text_skip_space(r, 1);
}

int text_end_line(struct text_reader *r)
{
    if (text_skip_space(r, 1))
        return text_fail(r, "unexpected text after the last field");
    if (r->pos < r->len) {
        r->pos++; /* the newline */
        r->line++;
    }
    return 0;
}
