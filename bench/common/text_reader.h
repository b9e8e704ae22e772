/* Reading of the text input formats with line numbers for error messages:
 * the whole file is read once, then tokens are taken either anywhere (formats
 * read like scanf, e.g. Rodinia's) or only from the current line. */
#ifndef CCGPU_BENCH_COMMON_TEXT_READER_H
#define CCGPU_BENCH_COMMON_TEXT_READER_H
#include <stddef.h>
#include <stdint.h>

struct text_reader {
    const char *path;
    char *buf;
    size_t len, pos;
    uint32_t line; /* 1-based line of buf[pos] */
    char *err;
    size_t errlen;
};

/* Reads `path` whole; -1 with "PATH: cannot open: reason" in err. */
int text_open(struct text_reader *r, const char *path, char *err, size_t errlen);
void text_close(struct text_reader *r);

/* Writes "PATH:LINE: message" into r->err; returns -1. */
int text_fail(struct text_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Skips spaces and tabs, and when !same_line also newlines and blank lines.
 * Returns 1 when a token starts at r->pos, 0 at the end of the line (same_line)
 * or of the file. */
int text_skip_space(struct text_reader *r, int same_line);

/* Skips lines that start with one of `comment_chars` (and blank lines);
 * returns 1 when a data line follows, 0 at end of file. */
int text_skip_comment_lines(struct text_reader *r, const char *comment_chars);

/* The next token parsed as a number; `what` names it in errors ("expected
 * WHAT" at a missing token, "bad WHAT 'TOKEN'" at a malformed one). */
int text_u32(struct text_reader *r, int same_line, const char *what, uint32_t *out);
int text_i64(struct text_reader *r, int same_line, const char *what, int64_t *out);
int text_f64(struct text_reader *r, int same_line, const char *what, double *out);

/* Requires the rest of the current line to be blank and moves to the next. */
int text_end_line(struct text_reader *r);

/* 1 when the current line has another token. */
int text_line_has_more(struct text_reader *r);

#endif
