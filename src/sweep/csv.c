#include "sweep/csv.h"
#include "util/text_input.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

void csv_write_field(FILE *out, const char *s)
{
    size_t n = strlen(s);
    int quote = n && (s[0] == ' ' || s[n - 1] == ' ');
    if (!quote && !strpbrk(s, ",\"\r\n")) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

struct fields {
    char **v;
    int n, cap;
};

static int push_field(struct fields *f, const char *s, size_t len)
{
    if (f->n == f->cap) {
        int cap = f->cap ? f->cap * 2 : 16;
        char **v = realloc(f->v, (size_t)cap * sizeof *v);
        if (!v)
            return -1;
        f->v = v;
        f->cap = cap;
    }
    char *c = malloc(len + 1);
    if (!c)
        return -1;
    memcpy(c, s, len);
    c[len] = '\0';
    f->v[f->n++] = c;
    return 0;
}

static void free_fields(char **v, int n)
{
    for (int i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

static int push_row(struct csv_table *t, char **row)
{
    if (t->nrows == t->caprows) {
        int cap = t->caprows ? t->caprows * 2 : 64;
        char ***r = realloc(t->rows, (size_t)cap * sizeof *r);
        if (!r)
            return -1;
        t->rows = r;
        t->caprows = cap;
    }
    t->rows[t->nrows++] = row;
    return 0;
}

/* Parses one record starting at *p into f; advances *p past its line end.
 * Returns 0, or -1 with *why set. */
static int parse_record(const char **p, struct fields *f, char *scratch, int *line,
                        const char **why)
{
    const char *s = *p;
    for (;;) {
        size_t len = 0;
        if (*s == '"') {
            s++;
            for (;;) {
                if (!*s) {
                    *why = "unterminated quoted field";
                    return -1;
                }
                if (*s == '"' && s[1] == '"') {
                    scratch[len++] = '"';
                    s += 2;
                } else if (*s == '"') {
                    s++;
                    break;
                } else {
                    if (*s == '\n')
                        (*line)++;
                    scratch[len++] = *s++;
                }
            }
            if (*s && *s != ',' && *s != '\n' && !(*s == '\r' && s[1] == '\n')) {
                *why = "text after a closing quote";
                return -1;
            }
        } else {
            while (*s && *s != ',' && *s != '\n' && !(*s == '\r' && s[1] == '\n')) {
                if (*s == '"') {
                    *why = "quote inside an unquoted field";
                    return -1;
                }
                scratch[len++] = *s++;
            }
        }
        if (push_field(f, scratch, len) != 0) {
            *why = "out of memory";
            return -1;
        }
        if (*s == ',') {
            s++;
            continue;
        }
        if (*s == '\r')
            s++;
        if (*s == '\n')
            s++;
        *p = s;
        return 0;
    }
}

int csv_read_string(const char *text, const char *name, struct csv_table *t, char *err,
                    size_t errlen)
{
    memset(t, 0, sizeof *t);
    char *scratch = malloc(strlen(text) + 1);
    if (!scratch) {
        snprintf(err, errlen, "%s: out of memory", name);
        return -1;
    }
    const char *p = text, *why = NULL;
    int line = 1;
    while (*p) {
        int start_line = line;
        struct fields f = { 0 };
        if (parse_record(&p, &f, scratch, &line, &why) != 0) {
            free_fields(f.v, f.n);
            snprintf(err, errlen, "%s:%d: %s", name, start_line, why);
            goto fail;
        }
        line++;
        if (f.n == 1 && !f.v[0][0] && t->header) { /* blank line */
            free_fields(f.v, f.n);
            continue;
        }
        if (!t->header) {
            t->header = f.v;
            t->ncols = f.n;
            continue;
        }
        if (f.n != t->ncols) {
            snprintf(err, errlen, "%s:%d: %d fields, the header has %d", name, start_line, f.n,
                     t->ncols);
            free_fields(f.v, f.n);
            goto fail;
        }
        if (push_row(t, f.v) != 0) {
            free_fields(f.v, f.n);
            snprintf(err, errlen, "%s: out of memory", name);
            goto fail;
        }
    }
    free(scratch);
    if (!t->header) {
        snprintf(err, errlen, "%s: empty file (no header)", name);
        return -1;
    }
    return 0;
fail:
    free(scratch);
    csv_free(t);
    return -1;
}

int csv_read_file(const char *path, struct csv_table *t, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    char *buf = text_input_read(path, "CSV file", TEXT_INPUT_TEXT, NULL, err, errlen);
    if (!buf)
        return -1;
    int rc = csv_read_string(buf, path, t, err, errlen);
    free(buf);
    if (rc)
        text_printable_msg(err, errlen); /* it may quote the file */
    return rc;
}

void csv_free(struct csv_table *t)
{
    if (t->header)
        free_fields(t->header, t->ncols);
    for (int r = 0; r < t->nrows; r++)
        free_fields(t->rows[r], t->ncols);
    free(t->rows);
    memset(t, 0, sizeof *t);
}

int csv_column(const struct csv_table *t, const char *name)
{
    for (int c = 0; c < t->ncols; c++)
        if (strcmp(t->header[c], name) == 0)
            return c;
    return -1;
}
