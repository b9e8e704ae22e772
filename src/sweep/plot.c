#include "sweep/plot.h"
#include "sweep/afile.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

struct plot_data {
    const struct csv_table *t;
    int xc, yc[PLOT_MAX_COLS], gc[PLOT_MAX_COLS];
    int *rows; /* usable rows, in table order */
    int nrows;
    char **groups; /* distinct group keys, first-appearance order */
    int ngroups;
    int *row_group;   /* by usable-row index */
    size_t prefix;    /* common "name:" prefix stripped from numeric x */
    int numeric;
};

static int parse_num(const char *s, double *v)
{
    char *end;
    if (!*s)
        return -1;
    *v = strtod(s, &end);
    return *end || !isfinite(*v) ? -1 : 0;
}

/* gnuplot single-quoted string: only '' needs escaping */
static void gp_string(FILE *out, const char *s)
{
    fputc('\'', out);
    for (; *s; s++) {
        if (*s == '\'')
            fputc('\'', out);
        fputc(*s == '\n' ? ' ' : *s, out);
    }
    fputc('\'', out);
}

/* a label inside a data block: double-quoted, no quotes or line breaks inside */
static void gp_label(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++)
        fputc(*s == '"' ? '\'' : (*s == '\n' || *s == '\r') ? ' ' : *s, out);
    fputc('"', out);
}

static int find_col(const struct csv_table *t, const char *name, char *err, size_t errlen)
{
    int c = csv_column(t, name);
    if (c < 0) {
        size_t len = (size_t)snprintf(err, errlen, "no column '%s' (columns:", name);
        for (int i = 0; i < t->ncols && len < errlen; i++)
            len += (size_t)snprintf(err + len, errlen - len, " %s", t->header[i]);
        if (len < errlen)
            snprintf(err + len, errlen - len, ")");
    }
    return c;
}

static char *group_key(const struct plot_data *d, const struct plot_spec *p, int r)
{
    size_t n = 1;
    for (int g = 0; g < p->ngroup; g++)
        n += strlen(d->t->rows[r][d->gc[g]]) + 1;
    char *k = malloc(n), *o = k;
    if (!k)
        return NULL;
    for (int g = 0; g < p->ngroup; g++) {
        const char *v = d->t->rows[r][d->gc[g]];
        size_t len = strlen(v);
        memcpy(o, v, len);
        o += len;
        *o++ = '\x1f';
    }
    *o = '\0';
    return k;
}

/* decides numeric x: every usable x parses as a number after a common prefix
 * that ends in ':' (or no prefix) */
static void classify_x(struct plot_data *d)
{
    d->numeric = 0;
    d->prefix = 0;
    if (d->nrows == 0)
        return;
    const char *first = d->t->rows[d->rows[0]][d->xc];
    size_t common = strlen(first);
    for (int i = 1; i < d->nrows; i++) {
        const char *s = d->t->rows[d->rows[i]][d->xc];
        size_t k = 0;
        while (k < common && s[k] == first[k])
            k++;
        common = k;
    }
    while (common > 0 && first[common - 1] != ':')
        common--;
    for (int i = 0; i < d->nrows; i++) {
        double v;
        if (parse_num(d->t->rows[d->rows[i]][d->xc] + common, &v) != 0)
            return;
    }
    d->numeric = 1;
    d->prefix = common;
}

static void free_data(struct plot_data *d)
{
    for (int g = 0; g < d->ngroups; g++)
        free(d->groups[g]);
    free(d->groups);
    free(d->rows);
    free(d->row_group);
}

static int collect(struct plot_data *d, const struct csv_table *t, const struct plot_spec *p,
                   char *err, size_t errlen)
{
    memset(d, 0, sizeof *d);
    d->t = t;
    if (p->ny < 1 || p->ny > PLOT_MAX_COLS || p->ngroup > PLOT_MAX_COLS) {
        snprintf(err, errlen, "between 1 and %d y columns and at most %d group columns",
                 PLOT_MAX_COLS, PLOT_MAX_COLS);
        return -1;
    }
    if ((d->xc = find_col(t, p->x, err, errlen)) < 0)
        return -1;
    for (int i = 0; i < p->ny; i++)
        if ((d->yc[i] = find_col(t, p->y[i], err, errlen)) < 0)
            return -1;
    for (int i = 0; i < p->ngroup; i++)
        if ((d->gc[i] = find_col(t, p->group[i], err, errlen)) < 0)
            return -1;
    int status = p->skip_failed ? csv_column(t, "status") : -1;
    d->rows = malloc(((size_t)t->nrows + 1) * sizeof *d->rows);
    d->row_group = malloc(((size_t)t->nrows + 1) * sizeof *d->row_group);
    d->groups = malloc(((size_t)t->nrows + 1) * sizeof *d->groups);
    if (!d->rows || !d->row_group || !d->groups)
        goto oom;
    for (int r = 0; r < t->nrows; r++) {
        if (status >= 0 && strcmp(t->rows[r][status], "PASS") != 0)
            continue;
        char *k = group_key(d, p, r);
        if (!k)
            goto oom;
        int g = 0;
        while (g < d->ngroups && strcmp(d->groups[g], k) != 0)
            g++;
        if (g == d->ngroups)
            d->groups[d->ngroups++] = k;
        else
            free(k);
        d->row_group[d->nrows] = g;
        d->rows[d->nrows++] = r;
    }
    if (d->nrows == 0) {
        snprintf(err, errlen, "nothing to plot (no %srows)", status >= 0 ? "PASS " : "");
        return -1;
    }
    for (int y = 0; y < p->ny; y++) {
        int any = 0;
        for (int i = 0; i < d->nrows && !any; i++) {
            double v;
            any = parse_num(t->rows[d->rows[i]][d->yc[y]], &v) == 0;
        }
        if (!any) {
            snprintf(err, errlen, "column '%s' has no numbers to plot", p->y[y]);
            return -1;
        }
    }
    classify_x(d);
    return 0;
oom:
    snprintf(err, errlen, "out of memory");
    return -1;
}

/* series title: group values ("bench" bare, others as col=value), then the y
 * column when there are several */
static void series_title(FILE *out, const struct plot_data *d, const struct plot_spec *p, int g,
                         int y)
{
    char buf[1024];
    size_t len = 0;
    buf[0] = '\0';
    const char *k = d->groups[g];
    for (int i = 0; i < p->ngroup && len < sizeof buf; i++) {
        const char *end = strchr(k, '\x1f');
        int vlen = (int)(end - k);
        if (!strcmp(p->group[i], "bench"))
            len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%.*s", i ? " " : "", vlen, k);
        else
            len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s=%.*s", i ? " " : "",
                                    p->group[i], vlen, k);
        k = end + 1;
    }
    if ((p->ny > 1 || p->ngroup == 0) && len < sizeof buf)
        snprintf(buf + len, sizeof buf - len, "%s%s", len ? " " : "", p->y[y]);
    gp_string(out, buf);
}

struct xy {
    double x, y;
};

static int cmp_xy(const void *a, const void *b)
{
    const struct xy *p = a, *q = b;
    return (p->x > q->x) - (p->x < q->x);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* log scale when the distinct x values (at least 3, all positive) form a
 * geometric series, as 8..128:x2 sweeps do: returns the ratio, else 0 */
static double geometric_ratio(const struct plot_data *d)
{
    double *v = malloc((size_t)d->nrows * sizeof *v);
    if (!v)
        return 0;
    for (int i = 0; i < d->nrows; i++)
        v[i] = strtod(d->t->rows[d->rows[i]][d->xc] + d->prefix, NULL);
    qsort(v, (size_t)d->nrows, sizeof *v, cmp_double);
    int n = 0;
    for (int i = 0; i < d->nrows; i++)
        if (n == 0 || v[i] != v[n - 1])
            v[n++] = v[i];
    double ratio = n >= 3 && v[0] > 0 ? v[1] / v[0] : 0;
    for (int i = 2; i < n && ratio > 0; i++)
        if (fabs(v[i] / v[i - 1] - ratio) > 1e-9 * ratio)
            ratio = 0;
    free(v);
    return ratio > 1 ? ratio : 0;
}

/* one line per (y column, group) that has at least one numeric y */
static int write_lines(FILE *out, const struct plot_data *d, const struct plot_spec *p)
{
    struct xy *pts = malloc((size_t)d->nrows * sizeof *pts);
    int *series = malloc((size_t)(p->ny * d->ngroups) * sizeof *series);
    int nseries = 0;
    if (!pts || !series) {
        free(pts);
        free(series);
        return -1;
    }
    for (int y = 0; y < p->ny; y++) {
        for (int g = 0; g < d->ngroups; g++) {
            int n = 0;
            for (int i = 0; i < d->nrows; i++) {
                const char **row = (const char **)d->t->rows[d->rows[i]];
                if (d->row_group[i] != g || parse_num(row[d->yc[y]], &pts[n].y) != 0)
                    continue;
                parse_num(row[d->xc] + d->prefix, &pts[n].x);
                n++;
            }
            if (n == 0)
                continue;
            qsort(pts, (size_t)n, sizeof *pts, cmp_xy);
            fprintf(out, "$s%d << EOD\n", nseries);
            for (int i = 0; i < n; i++)
                fprintf(out, "%.17g %.17g\n", pts[i].x, pts[i].y);
            fprintf(out, "EOD\n");
            series[nseries++] = y * d->ngroups + g;
        }
    }
    free(pts);
    fprintf(out, "plot ");
    for (int k = 0; k < nseries; k++) {
        fprintf(out, "%s$s%d using 1:2 with linespoints title ", k ? ", \\\n     " : "", k);
        series_title(out, d, p, series[k] % d->ngroups, series[k] / d->ngroups);
    }
    fprintf(out, "\n");
    free(series);
    return 0;
}

/* one row per x category (first-appearance order), one column per series */
static int write_bars(FILE *out, const struct plot_data *d, const struct plot_spec *p)
{
    int *cat = malloc((size_t)d->nrows * sizeof *cat); /* usable-row index of each category's first row */
    int *row_cat = malloc((size_t)d->nrows * sizeof *row_cat);
    int ncat = 0;
    if (!cat || !row_cat) {
        free(cat);
        free(row_cat);
        return -1;
    }
    for (int i = 0; i < d->nrows; i++) {
        const char *x = d->t->rows[d->rows[i]][d->xc];
        int c = 0;
        while (c < ncat && strcmp(d->t->rows[d->rows[cat[c]]][d->xc], x) != 0)
            c++;
        if (c == ncat)
            cat[ncat++] = i;
        row_cat[i] = c;
    }
    fprintf(out, "set datafile missing '?'\n"
                 "set style data histogram\nset style histogram clustered gap 1\n"
                 "set style fill solid 0.85 border -1\nset boxwidth 0.9\n");
    if (ncat > 8)
        fprintf(out, "set xtics rotate by -45\n");
    fprintf(out, "$bars << EOD\n");
    for (int c = 0; c < ncat; c++) {
        gp_label(out, d->t->rows[d->rows[cat[c]]][d->xc]);
        for (int y = 0; y < p->ny; y++)
            for (int g = 0; g < d->ngroups; g++) {
                /* the last row of this category and series wins */
                const char *v = NULL;
                double num;
                for (int i = 0; i < d->nrows; i++)
                    if (row_cat[i] == c && d->row_group[i] == g &&
                        parse_num(d->t->rows[d->rows[i]][d->yc[y]], &num) == 0)
                        v = d->t->rows[d->rows[i]][d->yc[y]];
                fprintf(out, " %s", v ? v : "?");
            }
        fputc('\n', out);
    }
    fprintf(out, "EOD\nplot ");
    int col = 2;
    for (int y = 0; y < p->ny; y++)
        for (int g = 0; g < d->ngroups; g++, col++) {
            if (col == 2)
                fprintf(out, "$bars using 2:xtic(1) title ");
            else
                fprintf(out, ", \\\n     '' using %d title ", col);
            series_title(out, d, p, g, y);
        }
    fprintf(out, "\n");
    free(cat);
    free(row_cat);
    return 0;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* F.svg -> F.gp (malloc'd) */
static char *script_path(const char *svg)
{
    size_t n = strlen(svg);
    if (n >= 4 && !strcmp(svg + n - 4, ".svg"))
        n -= 4;
    char *s = malloc(n + 4);
    if (s) {
        memcpy(s, svg, n);
        memcpy(s + n, ".gp", 4);
    }
    return s;
}

static int y_nonnegative(const struct plot_data *d, const struct plot_spec *p)
{
    for (int i = 0; i < d->nrows; i++)
        for (int y = 0; y < p->ny; y++) {
            double v;
            if (parse_num(d->t->rows[d->rows[i]][d->yc[y]], &v) == 0 && v < 0)
                return 0;
        }
    return 1;
}

int plot_write_script(const struct csv_table *t, const struct plot_spec *p, FILE *out,
                      char *err, size_t errlen)
{
    struct plot_data d;
    if (collect(&d, t, p, err, errlen) != 0) {
        free_data(&d);
        return -1;
    }
    int bars = p->bar || !d.numeric;
    char ylabel[512];
    size_t len = 0;
    ylabel[0] = '\0';
    for (int y = 0; y < p->ny && len < sizeof ylabel; y++)
        len += (size_t)snprintf(ylabel + len, sizeof ylabel - len, "%s%s", y ? ", " : "", p->y[y]);
    fprintf(out, "# ccgpu plot: %s against %s, from %s\n", ylabel, p->x,
            p->source ? p->source : "a CSV table");
    char *gp = script_path(p->svg);
    if (gp)
        fprintf(out, "# render with: gnuplot %s (in this folder; Debian package gnuplot-nox)\n",
                base_name(gp));
    free(gp);
    fprintf(out, "set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'\n");
    fprintf(out, "set output ");
    gp_string(out, base_name(p->svg));
    fprintf(out, "\nset title ");
    if (p->title) {
        gp_string(out, p->title);
    } else {
        char title[1024];
        snprintf(title, sizeof title, "%s vs %s", ylabel, p->x);
        gp_string(out, title);
    }
    char xlabel[512];
    if (d.numeric && d.prefix && !bars)
        snprintf(xlabel, sizeof xlabel, "%s (%.*sN)", p->x, (int)d.prefix,
                 t->rows[d.rows[0]][d.xc]);
    else
        snprintf(xlabel, sizeof xlabel, "%s", p->x);
    fprintf(out, "\nset xlabel ");
    gp_string(out, xlabel);
    fprintf(out, "\nset ylabel ");
    gp_string(out, ylabel);
    fprintf(out, "\nset key outside right top\nset grid ytics\n%s",
            y_nonnegative(&d, p) ? "set yrange [0:*]\n" : "");
    int rc;
    if (bars) {
        rc = write_bars(out, &d, p);
    } else {
        double ratio = geometric_ratio(&d);
        if (ratio > 0)
            fprintf(out, "set logscale x %g\n", ratio == floor(ratio) && ratio <= 16 ? ratio : 10.0);
        rc = write_lines(out, &d, p);
    }
    free_data(&d);
    if (rc != 0 || ferror(out)) {
        snprintf(err, errlen, "cannot write the plot script");
        return -1;
    }
    return 0;
}

const char *plot_gnuplot(void)
{
    const char *env = getenv("CCGPU_GNUPLOT");
    if (env)
        return *env && strcmp(env, "none") != 0 ? env : NULL;
    const char *path = getenv("PATH");
    if (!path)
        return NULL;
    char buf[4096];
    for (const char *p = path; *p;) {
        const char *colon = strchr(p, ':');
        size_t len = colon ? (size_t)(colon - p) : strlen(p);
        if (len > 0 && len + 9 < sizeof buf) {
            snprintf(buf, sizeof buf, "%.*s/gnuplot", (int)len, p);
            if (access(buf, X_OK) == 0)
                return "gnuplot";
        }
        p += len + (colon ? 1 : 0);
    }
    return NULL;
}

/* runs gnuplot on the script in its own folder, so the script's relative
 * output name lands beside it */
static int render(const char *prog, const char *gp, char *err, size_t errlen)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "cannot start %s: %s", prog, strerror(errno));
        return -1;
    }
    if (pid == 0) {
        const char *slash = strrchr(gp, '/');
        if (slash) {
            char *dir = strndup(gp, (size_t)(slash - gp + 1));
            if (!dir || chdir(dir) != 0)
                _exit(126);
            gp = slash + 1;
        }
        execlp(prog, prog, gp, (char *)NULL);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            snprintf(err, errlen, "waiting for %s: %s", prog, strerror(errno));
            return -1;
        }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
        snprintf(err, errlen, "cannot run %s", prog);
    else
        snprintf(err, errlen, "%s failed on %s (status %d)", prog, gp,
                 WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
    return -1;
}

int plot_make(const struct csv_table *t, const struct plot_spec *p, FILE *msg, char *err,
              size_t errlen)
{
    char *gp = script_path(p->svg);
    if (!gp) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    struct afile a;
    FILE *f = afile_open(&a, gp, err, errlen);
    int rc = -1;
    if (!f)
        goto out;
    if (plot_write_script(t, p, f, err, errlen) != 0) {
        afile_abort(&a);
        goto out;
    }
    if (afile_commit(&a, err, errlen) != 0)
        goto out;
    const char *prog = plot_gnuplot();
    if (!prog) {
        fprintf(msg, "plot: wrote %s; gnuplot not found, render it with: gnuplot %s "
                     "(in its folder; apt-get install gnuplot-nox)\n", gp, base_name(gp));
        rc = 0;
        goto out;
    }
    struct stat st;
    remove(p->svg); /* so a stale picture is never taken for this one */
    if (render(prog, gp, err, errlen) != 0)
        goto out;
    if (stat(p->svg, &st) != 0) {
        snprintf(err, errlen, "%s did not write %s", prog, p->svg);
        goto out;
    }
    fprintf(msg, "plot: %s (script %s)\n", p->svg, gp);
    rc = 0;
out:
    free(gp);
    return rc;
}
