/* AWSS text files: CTA working-set sizes in, schedules out and back in.
 * Formats are described in docs/awss.md. */
#include "cta/awss.h"
#include "util/text_input.h"
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Reads one unsigned decimal token at *pp; 0 ok, -1 not a number, -2 overflow. */
static int read_u64(const char **pp, uint64_t *out)
{
    const char *p = *pp;
    if (!isdigit((unsigned char)*p))
        return -1;
    uint64_t v = 0;
    for (; isdigit((unsigned char)*p); p++) {
        uint64_t d = (uint64_t)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            return -2;
        v = v * 10 + d;
    }
    if (*p && !isspace((unsigned char)*p) && *p != '#' && *p != ':')
        return -1;
    *pp = p;
    *out = v;
    return 0;
}

static const char *skip_space(const char *p, unsigned *line)
{
    for (;;) {
        while (*p && isspace((unsigned char)*p)) {
            if (*p == '\n')
                (*line)++;
            p++;
        }
        if (*p != '#')
            return p;
        while (*p && *p != '\n')
            p++;
    }
}

static int bad_token(char *msg, size_t msglen, const char *name, unsigned line, const char *p,
                     const char *what)
{
    int len = 0;
    while (p[len] && !isspace((unsigned char)p[len]) && len < 40)
        len++;
    snprintf(msg, msglen, "%s:%u: %s, got '%.*s'", name, line, what, len, p);
    return -2;
}

static int sizes_parse(const char *text, const char *name, uint64_t **sizes, uint32_t *n,
                       char *msg, size_t msglen)
{
    size_t cap = 1024, len = 0;
    uint64_t *v = malloc(cap * sizeof *v);
    unsigned line = 1;
    if (!v) {
        snprintf(msg, msglen, "out of memory");
        return -1;
    }
    for (const char *p = skip_space(text, &line); *p; p = skip_space(p, &line)) {
        uint64_t x;
        int r = read_u64(&p, &x);
        if (r < 0) {
            free(v);
            return bad_token(msg, msglen, name, line, p,
                             r == -2 ? "size too large" : "expected a non-negative integer size");
        }
        if (len == UINT32_MAX - 1) {
            free(v);
            snprintf(msg, msglen, "%s:%u: too many CTAs", name, line);
            return -2;
        }
        if (len == cap) {
            uint64_t *nv = realloc(v, 2 * cap * sizeof *v);
            if (!nv) {
                free(v);
                snprintf(msg, msglen, "out of memory");
                return -1;
            }
            v = nv;
            cap *= 2;
        }
        v[len++] = x;
    }
    if (len == 0) {
        free(v);
        snprintf(msg, msglen, "%s: no CTA sizes", name);
        return -2;
    }
    *sizes = v;
    *n = (uint32_t)len;
    return 0;
}

int awss_schedule_write(FILE *f, const struct awss_schedule *s, const struct awss_problem *p,
                        const char *algo)
{
    fprintf(f, "# ccgpu AWSS schedule (format: docs/awss.md)\n");
    fprintf(f, "ccgpu-awss-schedule 1\n");
    fprintf(f, "ctas %u\nsteps %u\n", s->nctas, s->nsteps);
    if (s->has_launch)
        fprintf(f, "launch %u\n", s->launch);
    fprintf(f, "cap %llu\nmax-tlp %u\n", (unsigned long long)p->cap, p->max_tlp);
    fprintf(f, "mode %s\nstatic %d\ncps %g\n", p->mode == AWSS_RELAXED ? "relaxed" : "hard",
            p->static_tlp, p->cps);
    fprintf(f, "algo %s\nsyncs %u\ncost %g\n", algo, awss_syncs(s), awss_cost(s, p));
    fprintf(f, "# step TLP AWSS : CTA ids\n");
    for (uint32_t st = 0; st < s->nsteps; st++) {
        fprintf(f, "step %u %llu :", awss_step_tlp(s, st),
                (unsigned long long)awss_step_awss(s, st, p->sizes));
        for (uint32_t j = s->start[st]; j < s->start[st + 1]; j++)
            fprintf(f, " %u", s->order[j]);
        fputc('\n', f);
    }
    return ferror(f) ? -1 : 0;
}

/* next word (letters, digits, '-') into buf; returns pointer past it */
static const char *read_word(const char *p, char *buf, size_t n)
{
    size_t i = 0;
    while (*p && !isspace((unsigned char)*p) && *p != '#') {
        if (i + 1 < n)
            buf[i++] = *p;
        p++;
    }
    buf[i] = 0;
    return p;
}

static const char *skip_line_space(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r')
        p++;
    return p;
}

static int schedule_parse(const char *text, const char *name, struct awss_schedule *s,
                          char *msg, size_t msglen)
{
    unsigned line = 1;
    char word[64];
    uint64_t nctas = UINT64_MAX, nsteps = UINT64_MAX;
    uint8_t *seen = NULL;
    struct awss_schedule t;
    awss_schedule_init(&t);
    const char *p = skip_space(text, &line);
    p = read_word(p, word, sizeof word);
    if (strcmp(word, "ccgpu-awss-schedule") != 0)
        return bad_token(msg, msglen, name, line, word, "expected 'ccgpu-awss-schedule'");
    uint64_t version;
    p = skip_line_space(p);
    if (read_u64(&p, &version) < 0 || version != 1) {
        snprintf(msg, msglen, "%s:%u: unsupported schedule version", name, line);
        return -2;
    }
    uint32_t step = 0, pos = 0;
    for (p = skip_space(p, &line); *p; p = skip_space(p, &line)) {
        unsigned at = line;
        p = read_word(p, word, sizeof word);
        p = skip_line_space(p);
        if (strcmp(word, "step") != 0) {
            uint64_t v;
            if (strcmp(word, "launch") == 0) {
                /* which launch the schedule is for: once, before the steps */
                if (t.order || t.has_launch) {
                    snprintf(msg, msglen, "%s:%u: '%s' %s", name, at, word,
                             t.order ? "after the first step" : "given twice");
                    goto fail;
                }
                if (read_u64(&p, &v) < 0 || v >= UINT32_MAX)
                    return bad_token(msg, msglen, name, at, p, "expected a launch index");
                t.has_launch = 1;
                t.launch = (uint32_t)v;
            } else if (strcmp(word, "ctas") == 0 || strcmp(word, "steps") == 0) {
                /* the arrays are sized from these counts at the first step */
                if (t.order) {
                    snprintf(msg, msglen, "%s:%u: '%s' after the first step", name, at, word);
                    goto fail;
                }
                if (read_u64(&p, &v) < 0 || v >= UINT32_MAX)
                    return bad_token(msg, msglen, name, at, p, "expected a count");
                *(strcmp(word, "ctas") == 0 ? &nctas : &nsteps) = v;
            }
            while (*p && *p != '\n') /* other header keys are informational */
                p++;
            continue;
        }
        if (nctas == UINT64_MAX || nsteps == UINT64_MAX) {
            snprintf(msg, msglen, "%s:%u: 'ctas' and 'steps' must precede the steps", name, at);
            goto fail;
        }
        if (!t.order) {
            /* Counts the rest of the file cannot hold are refused before any
             * allocation: every CTA id takes at least one character and every
             * step lists at least one CTA after the word 'step'. */
            size_t rest = strlen(p);
            if (nctas > rest || nsteps > nctas || nsteps > rest / 4 + 1) {
                snprintf(msg, msglen,
                         "%s:%u: header says %llu CTAs in %llu steps, more than the "
                         "%zu bytes left can list",
                         name, at, (unsigned long long)nctas, (unsigned long long)nsteps, rest);
                goto fail;
            }
            if (!(t.order = malloc((nctas + 1) * sizeof *t.order)) ||
                !(t.start = malloc((nsteps + 1) * sizeof *t.start)) ||
                !(seen = calloc(nctas + 1, 1))) {
                snprintf(msg, msglen, "out of memory");
                awss_schedule_free(&t);
                free(seen);
                return -1;
            }
            t.nctas = (uint32_t)nctas;
            t.nsteps = (uint32_t)nsteps;
        }
        uint64_t tlp, awss;
        if (read_u64(&p, &tlp) < 0 || (p = skip_line_space(p), read_u64(&p, &awss)) < 0 ||
            (p = skip_line_space(p), *p != ':')) {
            snprintf(msg, msglen, "%s:%u: expected 'step TLP AWSS : ids'", name, at);
            goto fail;
        }
        if (step == nsteps) {
            snprintf(msg, msglen, "%s:%u: more steps than the header's %llu", name, at,
                     (unsigned long long)nsteps);
            goto fail;
        }
        t.start[step] = pos;
        p = skip_line_space(p + 1);
        uint64_t got = 0;
        while (*p && *p != '\n' && *p != '#') {
            uint64_t id = UINT64_MAX;
            if (read_u64(&p, &id) < 0 || id >= nctas || seen[id]) {
                snprintf(msg, msglen, "%s:%u: CTA id %s", name, at,
                         id >= nctas ? "out of range or malformed" : "repeated");
                goto fail;
            }
            seen[id] = 1;
            t.order[pos++] = (uint32_t)id;
            got++;
            p = skip_line_space(p);
        }
        if (got != tlp || got == 0) {
            snprintf(msg, msglen, "%s:%u: step lists %llu CTAs, TLP says %llu", name, at,
                     (unsigned long long)got, (unsigned long long)tlp);
            goto fail;
        }
        step++;
    }
    if (!t.order || step != nsteps || pos != nctas) {
        snprintf(msg, msglen, "%s: %u steps with %u CTAs, header says %llu and %llu", name, step,
                 pos, (unsigned long long)nsteps, (unsigned long long)nctas);
        goto fail;
    }
    t.start[step] = pos;
    free(seen);
    awss_schedule_free(s);
    *s = t;
    return 0;
fail:
    free(seen);
    awss_schedule_free(&t);
    return -2;
}

/* The messages quote the file: printable excerpts only (a binary file's
 * bytes as \xHH). */
int awss_sizes_parse(const char *text, const char *name, uint64_t **sizes, uint32_t *n,
                     char *msg, size_t msglen)
{
    int rc = sizes_parse(text, name, sizes, n, msg, msglen);
    if (rc)
        text_printable_msg(msg, msglen);
    return rc;
}

int awss_schedule_parse(const char *text, const char *name, struct awss_schedule *s,
                        char *msg, size_t msglen)
{
    int rc = schedule_parse(text, name, s, msg, msglen);
    if (rc)
        text_printable_msg(msg, msglen);
    return rc;
}
