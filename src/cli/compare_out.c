#include "cli/compare_out.h"
#include "sweep/afile.h"
#include "sweep/plot.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const columns[] = { "bench",   "sched",   "status",  "swl",     "cycles",
                                       "ipc",     "ipc_norm", "speedup", "l1_mpki", "bel_mpki" };

/* A malloc'd row of n fields from v, or NULL (nothing leaked). */
static char **dup_fields(const char *const *v, int n)
{
    char **row = calloc((size_t)n, sizeof *row);
    if (!row)
        return NULL;
    for (int i = 0; i < n; i++)
        if (!(row[i] = strdup(v[i]))) {
            for (int j = 0; j < i; j++)
                free(row[j]);
            free(row);
            return NULL;
        }
    return row;
}

static void free_row(char **row, int n)
{
    for (int i = 0; i < n; i++)
        free(row[i]);
    free(row);
}

void compare_out_init(struct compare_out *c, int belady)
{
    memset(c, 0, sizeof *c);
    c->belady = belady != 0;
    c->t.ncols = (int)(sizeof columns / sizeof *columns) - (c->belady ? 0 : 1);
    c->t.header = dup_fields(columns, c->t.ncols);
    c->base = c->t.ncols;
    c->oom = !c->t.header;
    if (c->oom)
        c->t.ncols = 0; /* csv_free must not walk a NULL header */
}

/* %.6g keeps the CSV readable; cycles are integers below 2^53. */
static void num(char *buf, size_t n, double v, int integer)
{
    if (!isfinite(v))
        buf[0] = 0;
    else
        snprintf(buf, n, integer ? "%.0f" : "%.6g", v);
}

void compare_out_row(struct compare_out *c, const char *bench, const char *sched,
                     const char *status, unsigned swl, double cycles, double ipc, double norm,
                     double speedup, double mpki, double bel_mpki)
{
    if (c->oom)
        return;
    char f[7][32];
    f[0][0] = 0;
    if (swl)
        snprintf(f[0], sizeof f[0], "%u", swl);
    num(f[1], sizeof f[1], cycles, 1);
    num(f[2], sizeof f[2], ipc, 0);
    num(f[3], sizeof f[3], norm, 0);
    num(f[4], sizeof f[4], speedup, 0);
    num(f[5], sizeof f[5], mpki, 0);
    num(f[6], sizeof f[6], bel_mpki, 0);
    const char *v[] = { bench, sched, status, f[0], f[1], f[2], f[3], f[4], f[5], f[6] };
    if (c->t.nrows == c->t.caprows) {
        int cap = c->t.caprows ? 2 * c->t.caprows : 64;
        char ***rows = realloc(c->t.rows, (size_t)cap * sizeof *rows);
        if (!rows) {
            c->oom = 1;
            return;
        }
        c->t.rows = rows;
        c->t.caprows = cap;
    }
    char **row = dup_fields(v, c->base);
    if (row && c->t.ncols > c->base) { /* --stat columns: empty until filled */
        char **r = realloc(row, (size_t)c->t.ncols * sizeof *r);
        if (!r) {
            free_row(row, c->base);
            row = NULL;
        } else {
            row = r;
            for (int i = c->base; i < c->t.ncols; i++)
                if (!(row[i] = strdup(""))) {
                    free_row(row, i);
                    row = NULL;
                    break;
                }
        }
    }
    if (!row) {
        c->oom = 1;
        return;
    }
    c->t.rows[c->t.nrows++] = row;
}

static int write_csv(const struct compare_out *c, const char *path, char *err, size_t errlen)
{
    struct afile a;
    FILE *f = afile_open(&a, path, err, errlen);
    if (!f)
        return -1;
    for (int r = -1; r < c->t.nrows; r++) {
        char **row = r < 0 ? c->t.header : c->t.rows[r];
        for (int i = 0; i < c->t.ncols; i++) {
            if (i)
                fputc(',', f);
            csv_write_field(f, row[i]);
        }
        fputc('\n', f);
    }
    if (afile_commit(&a, err, errlen) != 0)
        return -1;
    printf("wrote %s\n", path);
    return 0;
}

int compare_out_write(const struct compare_out *c, const char *csv, const char *svg,
                      const char *base, char *err, size_t errlen)
{
    if (c->oom) {
        snprintf(err, errlen, "%s: out of memory", csv ? csv : svg);
        return -1;
    }
    if (csv && write_csv(c, csv, err, errlen) != 0)
        return -1;
    if (!svg)
        return 0;
    char title[128];
    snprintf(title, sizeof title, "IPC normalised to %s", base);
    struct plot_spec p = {
        .x = "bench",
        .y = { "ipc_norm" },
        .ny = 1,
        .group = { "sched" },
        .ngroup = 1,
        .bar = 1,
        .title = title,
        .svg = svg,
        .source = csv ? csv : "ccgpu compare",
    };
    return plot_make(&c->t, &p, stdout, err, errlen);
}

void compare_out_free(struct compare_out *c)
{
    csv_free(&c->t);
}

void compare_out_add_columns(struct compare_out *c, const char *const *names, int n)
{
    if (c->oom || n <= 0)
        return;
    char **h = realloc(c->t.header, (size_t)(c->t.ncols + n) * sizeof *h);
    if (!h) {
        c->oom = 1;
        return;
    }
    c->t.header = h;
    for (int i = 0; i < n; i++)
        if (!(h[c->t.ncols] = strdup(names[i]))) {
            c->oom = 1;
            return;
        } else {
            c->t.ncols++;
        }
}

void compare_out_row_extra(struct compare_out *c, const double *v, int n)
{
    if (c->oom || !c->t.nrows || n != c->t.ncols - c->base)
        return;
    char **row = c->t.rows[c->t.nrows - 1];
    for (int i = 0; i < n; i++) {
        char f[32];
        num(f, sizeof f, v[i], 0);
        char *d = strdup(f);
        if (!d) {
            c->oom = 1;
            return;
        }
        free(row[c->base + i]);
        row[c->base + i] = d;
    }
}
