#include "sweep/sweep_param.h"
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int add_value(struct sweep_param *p, const char *v, char *err, size_t errlen)
{
    if (p->nvalues == SWEEP_MAX_VALUES) {
        snprintf(err, errlen, "more than %d values", SWEEP_MAX_VALUES);
        return -1;
    }
    if (p->nvalues == p->cap) {
        int cap = p->cap ? p->cap * 2 : 16;
        char **n = realloc(p->values, (size_t)cap * sizeof *n);
        if (!n)
            goto oom;
        p->values = n;
        p->cap = cap;
    }
    if (!(p->values[p->nvalues] = strdup(v)))
        goto oom;
    p->nvalues++;
    return 0;
oom:
    snprintf(err, errlen, "out of memory");
    return -1;
}

static int parse_int(const char *s, const char **end, long long *out)
{
    char *e;
    errno = 0;
    if (!(isdigit((unsigned char)s[0]) || (s[0] == '-' && isdigit((unsigned char)s[1]))))
        return -1;
    *out = strtoll(s, &e, 10);
    *end = e;
    return errno ? -1 : 0;
}

/* elem contains ".." with a digit before it */
static int expand_range(struct sweep_param *p, const char *elem, const char *dots, char *err,
                        size_t errlen)
{
    const char *num = dots;
    while (num > elem && isdigit((unsigned char)num[-1]))
        num--;
    if (num > elem && num[-1] == '-' && (num - 1 == elem || num[-2] == ':'))
        num--;
    size_t plen = (size_t)(num - elem);
    if (plen > 0 && elem[plen - 1] != ':') {
        snprintf(err, errlen, "range '%s': a prefix before the range must end in ':'", elem);
        return -1;
    }
    long long a, b, k = 1;
    const char *e;
    char op = '+';
    if (parse_int(num, &e, &a) != 0 || e != dots || parse_int(dots + 2, &e, &b) != 0) {
        snprintf(err, errlen, "range '%s': expected A..B with integers A and B", elem);
        return -1;
    }
    if (*e == ':' && (e[1] == '+' || e[1] == 'x')) {
        op = e[1];
        if (!isdigit((unsigned char)e[2]) || parse_int(e + 2, &e, &k) != 0 || *e) {
            snprintf(err, errlen, "range '%s': expected a step :+K or :xK with an integer K", elem);
            return -1;
        }
    } else if (*e) {
        snprintf(err, errlen, "range '%s': unexpected '%s' (a step is :+K or :xK)", elem, e);
        return -1;
    }
    if (a > b) {
        snprintf(err, errlen, "range '%s': empty (%lld > %lld)", elem, a, b);
        return -1;
    }
    if ((op == '+' && k < 1) || (op == 'x' && (k < 2 || a < 1))) {
        snprintf(err, errlen, op == '+' ? "range '%s': step must be at least 1"
                                        : "range '%s': a geometric range needs A >= 1 and K >= 2",
                 elem);
        return -1;
    }
    char buf[512];
    if (plen + 24 > sizeof buf) {
        snprintf(err, errlen, "range '%.40s...': prefix too long", elem);
        return -1;
    }
    for (long long v = a;;) {
        snprintf(buf, sizeof buf, "%.*s%lld", (int)plen, elem, v);
        if (add_value(p, buf, err, errlen) != 0)
            return -1;
        /* next value, stopping before it passes b (or would overflow) */
        if (op == '+') {
            if (v > b - k)
                break;
            v += k;
        } else {
            if (v > b / k)
                break;
            v *= k;
        }
    }
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Two equal values would be two points with one file: sort a copy, compare
 * neighbours (n log n: ranges may give thousands of values). */
static int check_duplicates(const struct sweep_param *p, char *err, size_t errlen)
{
    if (p->nvalues < 2)
        return 0;
    char **v = malloc((size_t)p->nvalues * sizeof *v);
    if (!v) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    memcpy(v, p->values, (size_t)p->nvalues * sizeof *v);
    qsort(v, (size_t)p->nvalues, sizeof *v, cmp_str);
    int rc = 0;
    for (int i = 1; i < p->nvalues && rc == 0; i++)
        if (strcmp(v[i - 1], v[i]) == 0) {
            snprintf(err, errlen, "duplicate value '%s'", v[i]);
            rc = -1;
        }
    free(v);
    return rc;
}

int sweep_values_parse(const char *values, struct sweep_param *p, char *err, size_t errlen)
{
    size_t n = strlen(values);
    char *elem = malloc(n + 1);
    if (!elem) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    const char *s = values;
    for (;;) {
        size_t len = 0;
        int escaped = 0;
        while (*s && *s != ',') {
            if (*s == '\\' && s[1]) {
                s++;
                escaped = 1;
            }
            elem[len++] = *s++;
        }
        elem[len] = '\0';
        if (len == 0) {
            snprintf(err, errlen, "empty value in '%s'", values);
            goto fail;
        }
        const char *dots = escaped ? NULL : strstr(elem, "..");
        int rc = dots && dots > elem && isdigit((unsigned char)dots[-1])
                     ? expand_range(p, elem, dots, err, errlen)
                     : add_value(p, elem, err, errlen);
        if (rc != 0)
            goto fail;
        if (!*s)
            break;
        s++; /* the comma */
    }
    free(elem);
    return check_duplicates(p, err, errlen);
fail:
    free(elem);
    return -1;
}

int sweep_param_parse(const char *spec, struct sweep_param *p, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    const char *eq = strchr(spec, '=');
    if (!eq || eq == spec || !eq[1]) {
        snprintf(err, errlen, "--param %s: expected KEY=VALUES", spec);
        return -1;
    }
    for (const char *c = spec; c < eq; c++)
        if (isspace((unsigned char)*c)) {
            snprintf(err, errlen, "--param %s: space in the key", spec);
            return -1;
        }
    char verr[384];
    if (!(p->key = strndup(spec, (size_t)(eq - spec))) ||
        sweep_values_parse(eq + 1, p, verr, sizeof verr) != 0) {
        snprintf(err, errlen, "--param %.*s: %s", (int)(eq - spec), spec,
                 p->key ? verr : "out of memory");
        sweep_param_free(p);
        return -1;
    }
    return 0;
}

void sweep_param_free(struct sweep_param *p)
{
    for (int i = 0; i < p->nvalues; i++)
        free(p->values[i]);
    free(p->values);
    free(p->key);
    memset(p, 0, sizeof *p);
}
