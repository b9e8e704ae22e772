#include "reproduce/recipe.h"
#include "util/text_input.h"
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct parser {
    const char *name;
    int line;
    char *err;
    size_t errlen;
    struct recipe *r;
};

static int fail(struct parser *p, const char *fmt, ...)
{
    int n = snprintf(p->err, p->errlen, "%s:%d: ", p->name, p->line);
    if (n >= 0 && (size_t)n < p->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(p->err + n, p->errlen - (size_t)n, fmt, ap);
        va_end(ap);
    }
    text_printable_msg(p->err, p->errlen);
    return -1;
}

static int oom(struct parser *p)
{
    return fail(p, "out of memory");
}

/* s[0..n) without leading and trailing blanks, as a new string. */
static char *dup_trimmed(const char *s, size_t n)
{
    while (n && (*s == ' ' || *s == '\t')) {
        s++;
        n--;
    }
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    return strndup(s, n);
}

/* Grows *arr (elements of size sz) to hold one more than *n; -1 at the cap. */
static int grow(void **arr, int n, size_t sz, int cap)
{
    if (n >= cap)
        return -1;
    if ((n & (n - 1)) == 0) { /* 0, 1, 2, 4, ...: double */
        void *a = realloc(*arr, sz * (size_t)(n ? 2 * n : 1));
        if (!a)
            return -1;
        *arr = a;
    }
    return 0;
}

static int id_ok(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (!(islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '-' || *s == '_'))
            return 0;
    return 1;
}

/* A path under the figure's folder: relative, no "..", no blanks. */
static int relative_path_ok(const char *s)
{
    if (!*s || *s == '/' || strpbrk(s, " \t|"))
        return 0;
    for (const char *c = s; (c = strstr(c, "..")); c += 2)
        if ((c == s || c[-1] == '/') && (c[2] == '\0' || c[2] == '/'))
            return 0;
    return 1;
}

static int placeholders_ok(const char *w)
{
    for (const char *c = w; (c = strchr(c, '{')); c++)
        if (strncmp(c, "{size}", 6) && strncmp(c, "{jobs}", 6) && strncmp(c, "{out}", 5))
            return 0;
    return 1;
}

static struct recipe_figure *current(struct parser *p, const char *kw)
{
    if (p->r->nfigures == 0) {
        fail(p, "'%s' before the first 'figure' line", kw);
        return NULL;
    }
    return &p->r->figures[p->r->nfigures - 1];
}

static int parse_run(struct parser *p, struct recipe_figure *f, const char *rest)
{
    if (grow((void **)&f->runs, f->nruns, sizeof *f->runs, RECIPE_MAX_LINES))
        return fail(p, "too many run lines (at most %d)", RECIPE_MAX_LINES);
    struct recipe_run *run = &f->runs[f->nruns++];
    *run = (struct recipe_run){ .line = p->line };
    for (const char *c = rest;;) {
        c += strspn(c, " \t");
        if (!*c)
            break;
        size_t n = strcspn(c, " \t");
        if (grow((void **)&run->words, run->nwords, sizeof *run->words, RECIPE_MAX_WORDS))
            return fail(p, "too many words in a run line (at most %d)", RECIPE_MAX_WORDS);
        if (!(run->words[run->nwords] = strndup(c, n)))
            return oom(p);
        if (!placeholders_ok(run->words[run->nwords++]))
            return fail(p, "'%s': the placeholders are {size}, {jobs} and {out}",
                        run->words[run->nwords - 1]);
        c += n;
    }
    if (run->nwords == 0)
        return fail(p, "'run' without a command");
    if (!strcmp(run->words[0], "reproduce"))
        return fail(p, "a run line cannot be 'reproduce' itself");
    return 0;
}

/* The length of the filter at s: up to the first comma not written "\,". */
static size_t filter_length(const char *s)
{
    size_t n = 0;
    while (s[n] && s[n] != ',')
        n += (s[n] == '\\' && s[n + 1] == ',') ? 2 : 1;
    return n;
}

/* "\," becomes "," in place. */
static void unescape_commas(char *s)
{
    char *out = s;
    for (; *s; s++)
        if (!(s[0] == '\\' && s[1] == ','))
            *out++ = *s;
    *out = '\0';
}

static int parse_filters(struct parser *p, struct recipe_value *v, const char *s)
{
    while (*s) {
        size_t n = filter_length(s);
        char *item = dup_trimmed(s, n);
        if (!item)
            return oom(p);
        unescape_commas(item);
        char *eq = strchr(item, '=');
        if (!eq || eq == item) {
            free(item);
            return fail(p, "filter '%.*s': expected column=value", (int)n, s);
        }
        if (grow((void **)&v->filters, v->nfilters, sizeof *v->filters, 64)) {
            free(item);
            return fail(p, "too many filters (at most 64)");
        }
        *eq = '\0';
        char *col = dup_trimmed(item, strlen(item)), *val = dup_trimmed(eq + 1, strlen(eq + 1));
        free(item);
        v->filters[v->nfilters++] = (struct recipe_filter){ col, val };
        if (!col || !val)
            return oom(p);
        s += n;
        if (*s == ',')
            s++;
    }
    return 0;
}

static int parse_paper_number(struct parser *p, struct recipe_value *v)
{
    const char *s = v->paper;
    if (!strcmp(s, "-"))
        return 0;
    if (*s == '~')
        s++;
    char *end;
    errno = 0;
    double d = strtod(s, &end);
    if (end == s || *end || errno || !isfinite(d) || !(isdigit((unsigned char)*s) || *s == '-' ||
                                                       *s == '.'))
        return fail(p, "paper value '%s': expected a number, ~number or -", v->paper);
    v->has_paper = 1;
    v->paper_num = d;
    return 0;
}

static int parse_value(struct parser *p, struct recipe_figure *f, const char *rest)
{
    const char *field[5];
    size_t len[5];
    int n = 0;
    for (const char *c = rest;; n++) {
        size_t k = strcspn(c, "|");
        if (n < 5) {
            field[n] = c;
            len[n] = k;
        }
        if (!c[k])
            break;
        c += k + 1;
    }
    if (n + 1 != 5)
        return fail(p, "'value' needs 5 fields separated by '|' (LABEL | PAPER | CSV | FILTERS | "
                       "COLUMN), found %d", n + 1);
    if (grow((void **)&f->values, f->nvalues, sizeof *f->values, RECIPE_MAX_LINES))
        return fail(p, "too many value lines (at most %d)", RECIPE_MAX_LINES);
    struct recipe_value *v = &f->values[f->nvalues++];
    *v = (struct recipe_value){ .line = p->line };
    char *filters = NULL;
    if (!(v->label = dup_trimmed(field[0], len[0])) || !(v->paper = dup_trimmed(field[1], len[1])) ||
        !(v->csv = dup_trimmed(field[2], len[2])) || !(filters = dup_trimmed(field[3], len[3])) ||
        !(v->column = dup_trimmed(field[4], len[4]))) {
        free(filters);
        return oom(p);
    }
    int rc = !*v->label ? fail(p, "'value' with an empty label")
             : !relative_path_ok(v->csv)
                 ? fail(p, "CSV '%s': expected a relative path under the figure's folder", v->csv)
             : !*v->column ? fail(p, "'value' with an empty column")
                           : parse_paper_number(p, v);
    if (rc == 0)
        rc = parse_filters(p, v, filters);
    free(filters);
    return rc;
}

/* Appends a copy of s to a string list. */
static int push_string(struct parser *p, char ***list, int *n, const char *s, const char *what)
{
    if (grow((void **)list, *n, sizeof **list, RECIPE_MAX_LINES))
        return fail(p, "too many %s lines (at most %d)", what, RECIPE_MAX_LINES);
    if (!((*list)[*n] = strdup(s)))
        return oom(p);
    (*n)++;
    return 0;
}

static int parse_figure(struct parser *p, const char *rest)
{
    struct recipe *r = p->r;
    if (!r->title || !r->size)
        return fail(p, "'title' and 'size' come before the first figure");
    if (r->nfigures > 0 && r->figures[r->nfigures - 1].nruns == 0)
        return fail(p, "figure '%s' (line %d) has no run line", r->figures[r->nfigures - 1].id,
                    r->figures[r->nfigures - 1].line);
    size_t n = strcspn(rest, " \t");
    if (grow((void **)&r->figures, r->nfigures, sizeof *r->figures, RECIPE_MAX_FIGURES))
        return fail(p, "too many figures (at most %d)", RECIPE_MAX_FIGURES);
    struct recipe_figure *f = &r->figures[r->nfigures++];
    *f = (struct recipe_figure){ .line = p->line };
    if (!(f->id = strndup(rest, n)) || !(f->title = dup_trimmed(rest + n, strlen(rest + n))))
        return oom(p);
    if (!id_ok(f->id))
        return fail(p, "figure id '%s': expected letters a-z, digits, '-' or '_'", f->id);
    if (!*f->title)
        return fail(p, "figure '%s' without a title", f->id);
    for (int i = 0; i + 1 < r->nfigures; i++)
        if (!strcmp(r->figures[i].id, f->id))
            return fail(p, "figure '%s' again (first at line %d)", f->id, r->figures[i].line);
    return 0;
}

static int parse_line(struct parser *p, const char *line)
{
    size_t k = strcspn(line, " \t");
    const char *rest = line + k;
    rest += strspn(rest, " \t");
    char kw[16];
    if (k >= sizeof kw)
        return fail(p, "unknown line '%.*s'", (int)(k > 40 ? 40 : k), line);
    memcpy(kw, line, k);
    kw[k] = '\0';
    struct recipe *r = p->r;
    struct recipe_figure *f;
    if (!strcmp(kw, "title") || !strcmp(kw, "size")) {
        char **slot = kw[0] == 't' ? &r->title : &r->size;
        if (*slot)
            return fail(p, "'%s' given twice", kw);
        if (r->nfigures)
            return fail(p, "'%s' after the first figure", kw);
        if (!*rest)
            return fail(p, "'%s' without a value", kw);
        if (!(*slot = strdup(rest)))
            return oom(p);
        if (kw[0] == 's' && strcmp(rest, "small") && strcmp(rest, "medium") && strcmp(rest, "large"))
            return fail(p, "size '%s': expected small, medium or large", rest);
        return 0;
    }
    if (!strcmp(kw, "figure"))
        return parse_figure(p, rest);
    if (strcmp(kw, "source") && strcmp(kw, "run") && strcmp(kw, "plot") && strcmp(kw, "value") &&
        strcmp(kw, "note"))
        return fail(p, "unknown line '%s' (title, size, figure, source, run, plot, value, note)",
                    kw);
    if (!(f = current(p, kw)))
        return -1;
    if (!*rest)
        return fail(p, "'%s' without a value", kw);
    switch (kw[0]) {
    case 's':
        if (f->source)
            return fail(p, "'source' given twice for figure '%s'", f->id);
        return (f->source = strdup(rest)) ? 0 : oom(p);
    case 'r':
        return parse_run(p, f, rest);
    case 'p':
        if (!relative_path_ok(rest))
            return fail(p, "plot '%s': expected a relative path under the figure's folder", rest);
        return push_string(p, &f->plots, &f->nplots, rest, "plot");
    case 'v':
        return parse_value(p, f, rest);
    default:
        return push_string(p, &f->notes, &f->nnotes, rest, "note");
    }
}

int recipe_parse(const char *text, const char *name, struct recipe *r, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    struct parser p = { .name = name, .err = err, .errlen = errlen, .r = r };
    int rc = 0;
    char *buf = NULL;
    size_t cap = 0;
    for (const char *s = text; *s && rc == 0;) {
        size_t n = strcspn(s, "\n");
        p.line++;
        if (n + 1 > cap) {
            free(buf);
            if (!(buf = malloc(cap = n + 1))) {
                rc = oom(&p);
                break;
            }
        }
        memcpy(buf, s, n);
        buf[n] = '\0';
        while (n && (buf[n - 1] == '\r' || buf[n - 1] == ' ' || buf[n - 1] == '\t'))
            buf[--n] = '\0';
        const char *line = buf + strspn(buf, " \t");
        if (*line && *line != '#')
            rc = parse_line(&p, line);
        s += s[n] ? n + 1 : n;
    }
    free(buf);
    if (rc == 0) {
        p.line++;
        if (!r->title || !r->size)
            rc = fail(&p, "end of file without 'title' and 'size'");
        else if (r->nfigures == 0)
            rc = fail(&p, "end of file without a figure");
        else if (r->figures[r->nfigures - 1].nruns == 0)
            rc = fail(&p, "figure '%s' (line %d) has no run line", r->figures[r->nfigures - 1].id,
                      r->figures[r->nfigures - 1].line);
    }
    if (rc == 0 && !(r->path = strdup(name)))
        rc = oom(&p);
    if (rc)
        recipe_free(r);
    return rc;
}

int recipe_read(const char *path, struct recipe *r, char *err, size_t errlen)
{
    size_t len;
    char *text = text_input_read(path, "recipe", TEXT_INPUT_TEXT, &len, err, errlen);
    if (!text) {
        memset(r, 0, sizeof *r);
        return -1;
    }
    int rc = recipe_parse(text, path, r, err, errlen);
    free(text);
    return rc;
}

static void free_list(char **l, int n)
{
    for (int i = 0; i < n; i++)
        free(l[i]);
    free(l);
}

void recipe_free(struct recipe *r)
{
    for (int i = 0; i < r->nfigures; i++) {
        struct recipe_figure *f = &r->figures[i];
        free(f->id);
        free(f->title);
        free(f->source);
        for (int k = 0; k < f->nruns; k++)
            free_list(f->runs[k].words, f->runs[k].nwords);
        free(f->runs);
        free_list(f->plots, f->nplots);
        for (int k = 0; k < f->nvalues; k++) {
            struct recipe_value *v = &f->values[k];
            free(v->label);
            free(v->paper);
            free(v->csv);
            free(v->column);
            for (int j = 0; j < v->nfilters; j++) {
                free(v->filters[j].column);
                free(v->filters[j].value);
            }
            free(v->filters);
        }
        free(f->values);
        free_list(f->notes, f->nnotes);
    }
    free(r->figures);
    free(r->path);
    free(r->title);
    free(r->size);
    memset(r, 0, sizeof *r);
}

const struct recipe_figure *recipe_figure(const struct recipe *r, const char *id)
{
    for (int i = 0; i < r->nfigures; i++)
        if (!strcmp(r->figures[i].id, id))
            return &r->figures[i];
    return NULL;
}

char *recipe_expand(const char *word, const char *size, int jobs, const char *out)
{
    char jbuf[16];
    snprintf(jbuf, sizeof jbuf, "%d", jobs);
    size_t cap = strlen(word) + 1;
    for (const char *c = word; (c = strchr(c, '{')); c++)
        cap += strlen(size) + strlen(jbuf) + strlen(out);
    char *s = malloc(cap), *d = s;
    if (!s)
        return NULL;
    for (const char *c = word; *c;) {
        const char *rep = NULL;
        size_t skip = 0;
        if (!strncmp(c, "{size}", 6))
            rep = size, skip = 6;
        else if (!strncmp(c, "{jobs}", 6))
            rep = jbuf, skip = 6;
        else if (!strncmp(c, "{out}", 5))
            rep = out, skip = 5;
        if (rep) {
            size_t k = strlen(rep);
            memcpy(d, rep, k);
            d += k;
            c += skip;
        } else {
            *d++ = *c++;
        }
    }
    *d = '\0';
    return s;
}
