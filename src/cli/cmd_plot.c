/* ccgpu plot CSV --x COL --y COL[,COL] [--group COL[,COL]] [--bar] [--out F.svg] [--title T]
 * Plots columns of any CSV (a sweep's results.csv, a comparison table)
 * through gnuplot: lines for numeric x, clustered bars for categorical x. */
#include "cli/cli.h"
#include "sweep/csv.h"
#include "sweep/plot.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: ccgpu plot CSV --x COL --y COL[,COL] [--group COL[,COL]] [--bar] [--out F.svg] "
    "[--title T]\n";

static int split(char *s, const char **list, int *n, const char *opt)
{
    *n = 0;
    for (char *tok = s;;) {
        char *comma = strchr(tok, ',');
        if (comma)
            *comma = '\0';
        if (!*tok || *n == PLOT_MAX_COLS) {
            fprintf(stderr, "ccgpu plot: %s: expected 1 to %d column names separated by commas\n",
                    opt, PLOT_MAX_COLS);
            return -1;
        }
        list[(*n)++] = tok;
        if (!comma)
            return 0;
        tok = comma + 1;
    }
}

int cmd_plot(int argc, char **argv)
{
    struct plot_spec p = { .skip_failed = 1 };
    const char *csv = NULL, *out = NULL;
    char *ybuf = NULL, *gbuf = NULL, *svg = NULL;
    int rc = 2;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has = i + 1 < argc;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            rc = 0;
            goto out;
        } else if (!strcmp(a, "--bar")) {
            p.bar = 1;
        } else if (!strcmp(a, "--x") && has) {
            p.x = argv[++i];
        } else if (!strcmp(a, "--y") && has) {
            free(ybuf);
            if (!(ybuf = strdup(argv[++i])) || split(ybuf, p.y, &p.ny, "--y") != 0)
                goto out;
        } else if (!strcmp(a, "--group") && has) {
            free(gbuf);
            if (!(gbuf = strdup(argv[++i])) || split(gbuf, p.group, &p.ngroup, "--group") != 0)
                goto out;
        } else if (!strcmp(a, "--out") && has) {
            out = argv[++i];
        } else if (!strcmp(a, "--title") && has) {
            p.title = argv[++i];
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "ccgpu plot: %s %s\n", a,
                    has || !strchr("xygot", a[2] ? a[2] : '?') ? "is not an option of plot"
                                                              : "needs a value");
            goto out;
        } else if (!csv) {
            csv = a;
        } else {
            fputs(usage, stderr);
            goto out;
        }
    }
    if (!csv || !p.x || p.ny == 0) {
        fputs(usage, stderr);
        goto out;
    }
    if (!out) { /* F.csv -> F.svg */
        size_t n = strlen(csv);
        if (n >= 4 && !strcmp(csv + n - 4, ".csv"))
            n -= 4;
        if (!(svg = malloc(n + 5)))
            goto oom;
        memcpy(svg, csv, n);
        memcpy(svg + n, ".svg", 5);
        out = svg;
    }
    p.svg = out;
    p.source = csv;
    struct csv_table t;
    char err[1024];
    if (csv_read_file(csv, &t, err, sizeof err) != 0) {
        fprintf(stderr, "ccgpu plot: %s\n", err);
        goto out;
    }
    const char *cols[1 + 2 * PLOT_MAX_COLS];
    int ncols = 0;
    cols[ncols++] = p.x;
    for (int i = 0; i < p.ny; i++)
        cols[ncols++] = p.y[i];
    for (int i = 0; i < p.ngroup; i++)
        cols[ncols++] = p.group[i];
    for (int i = 0; i < ncols; i++)
        if (csv_column(&t, cols[i]) < 0) {
            fprintf(stderr, "ccgpu plot: %s: no column '%s'\n", csv, cols[i]);
            csv_free(&t);
            goto out;
        }
    rc = plot_make(&t, &p, stdout, err, sizeof err) == 0 ? 0 : 1;
    if (rc)
        fprintf(stderr, "ccgpu plot: %s: %s\n", csv, err);
    csv_free(&t);
    goto out;
oom:
    fprintf(stderr, "ccgpu plot: out of memory\n");
    rc = 1;
out:
    free(ybuf);
    free(gbuf);
    free(svg);
    return rc;
}
