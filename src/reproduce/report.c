#include "reproduce/report.h"
#include "ccgpu.h"
#include "sweep/afile.h"
#include "sweep/csv.h"
#include "sweep/sweep_set.h"
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int report_lookup(const char *fig_dir, const struct recipe_value *v, char **ours, char *err,
                  size_t errlen)
{
    *ours = NULL;
    char *path = sweep_path(fig_dir, v->csv);
    if (!path) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    struct csv_table t;
    char cerr[512];
    if (csv_read_file(path, &t, cerr, sizeof cerr) != 0) {
        snprintf(err, errlen, "%s", errno == ENOENT ? "no CSV" : "unreadable CSV");
        free(path);
        return -1;
    }
    free(path);
    int rc = -1, col = csv_column(&t, v->column), cols[64];
    for (int f = 0; f < v->nfilters; f++)
        if ((cols[f] = csv_column(&t, v->filters[f].column)) < 0) {
            snprintf(err, errlen, "no column %s", v->filters[f].column);
            goto out;
        }
    if (col < 0) {
        snprintf(err, errlen, "no column %s", v->column);
        goto out;
    }
    int found = -1, count = 0;
    for (int r = 0; r < t.nrows; r++) {
        int match = 1;
        for (int f = 0; match && f < v->nfilters; f++)
            match = !strcmp(t.rows[r][cols[f]], v->filters[f].value);
        if (match && count++ == 0)
            found = r;
    }
    if (count != 1) {
        snprintf(err, errlen, "%s", count ? "more than one row" : "no row");
        goto out;
    }
    if (!*t.rows[found][col]) {
        snprintf(err, errlen, "empty");
        goto out;
    }
    if (!(*ours = strdup(t.rows[found][col])))
        snprintf(err, errlen, "out of memory");
    else
        rc = 0;
out:
    csv_free(&t);
    return rc;
}

/* A CSV number as a person reads it: 4 significant digits, whole numbers
 * from 1,000 up; text other than a number as it is. */
static void print_number(FILE *f, const char *s)
{
    char *end;
    double d = strtod(s, &end);
    if (end == s || *end || !isfinite(d))
        fputs(s, f);
    else if (fabs(d) >= 1000)
        fprintf(f, "%.0f", d);
    else
        fprintf(f, "%.4g", d);
}

static void print_seconds(FILE *f, double s)
{
    if (s < 100)
        fprintf(f, "%.1f s", s);
    else
        fprintf(f, "%.0f s (%.1f min)", s, s / 60);
}

struct figure_result {
    struct figure_state st;
    char *dir;
};

static void write_values(FILE *md, FILE *csv, const struct recipe_figure *fig, const char *dir,
                         int done)
{
    if (fig->nvalues == 0)
        return;
    fputs("| | paper | ccgpu | ccgpu / paper |\n|---|---:|---:|---:|\n", md);
    for (int k = 0; k < fig->nvalues; k++) {
        const struct recipe_value *v = &fig->values[k];
        char *ours = NULL, why[256] = "not run";
        int got = done && report_lookup(dir, v, &ours, why, sizeof why) == 0;
        fprintf(md, "| %s | %s | ", v->label, v->has_paper ? v->paper : "—");
        if (got)
            print_number(md, ours);
        else
            fprintf(md, "(%s)", why);
        char *end = NULL;
        double o = got ? strtod(ours, &end) : 0;
        int ratio = got && end != ours && !*end && isfinite(o) && v->has_paper && v->paper_num != 0;
        if (ratio)
            fprintf(md, " | %.2f |\n", o / v->paper_num);
        else
            fputs(" | |\n", md);
        csv_write_field(csv, fig->id);
        fputc(',', csv);
        csv_write_field(csv, v->label);
        fputc(',', csv);
        csv_write_field(csv, v->has_paper ? v->paper : "");
        fputc(',', csv);
        csv_write_field(csv, got ? ours : "");
        if (ratio)
            fprintf(csv, ",%.6g\n", o / v->paper_num);
        else
            fputs(",\n", csv);
        free(ours);
    }
    fputc('\n', md);
}

static void write_figure(FILE *md, FILE *csv, const struct report_input *in,
                         const struct recipe_figure *fig, const struct figure_result *res)
{
    struct figure_job job = { .fig = fig, .recipe = in->recipe->path, .exe = in->exe,
                              .dir = res->dir, .size = in->size, .jobs = in->jobs };
    fprintf(md, "## %s: %s\n\n", fig->id, fig->title);
    if (fig->source)
        fprintf(md, "The paper's numbers: %s.\n\n", fig->source);
    char *cmds = figure_commands(&job);
    fprintf(md, "```\n%s```\n\n", cmds ? cmds : "(out of memory)\n");
    free(cmds);
    if (!res->st.done) {
        char *log = sweep_path(res->dir, "log.txt");
        int tried = log && access(log, F_OK) == 0;
        free(log);
        if (tried)
            fprintf(md, "**Failed or stopped** (its output: `%s/log.txt`). ", fig->id);
        else
            fputs("**Not run.** ", md);
        fprintf(md, "`ccgpu reproduce %s --size %s --out %s --only %s` runs it.\n\n", in->paper,
                in->size, in->out, fig->id);
    }
    write_values(md, csv, fig, res->dir, res->st.done);
    for (int k = 0; k < fig->nplots && res->st.done; k++) {
        char *plot = sweep_path(res->dir, fig->plots[k]);
        if (plot && access(plot, F_OK) == 0)
            fprintf(md, "![%s](%s/%s)\n\n", fig->plots[k], fig->id, fig->plots[k]);
        else
            fprintf(md, "(%s/%s not drawn: gnuplot was not installed; its script is beside it)\n\n",
                    fig->id, fig->plots[k]);
        free(plot);
    }
    for (int k = 0; k < fig->nnotes; k++)
        fprintf(md, "%s%s", fig->notes[k], k + 1 < fig->nnotes ? "\n" : "\n\n");
    if (res->st.done) {
        fputs("Run time: CPU ", md);
        print_seconds(md, res->st.cpu_s);
        fputs(", wall ", md);
        print_seconds(md, res->st.wall_s);
        fputs(".\n\n", md);
    }
}

int report_write(const struct report_input *in, char *err, size_t errlen)
{
    const struct recipe *r = in->recipe;
    struct figure_result *res = calloc((size_t)r->nfigures, sizeof *res);
    char *md_path = sweep_path(in->out, "report.md"), *csv_path = sweep_path(in->out, "values.csv");
    int rc = -1, ndone = 0;
    double cpu = 0, wall = 0;
    if (!res || !md_path || !csv_path) {
        snprintf(err, errlen, "out of memory");
        goto out;
    }
    for (int i = 0; i < r->nfigures; i++) {
        if (!(res[i].dir = sweep_path(in->out, r->figures[i].id))) {
            snprintf(err, errlen, "out of memory");
            goto out;
        }
        struct figure_job job = { .fig = &r->figures[i], .recipe = r->path, .exe = in->exe,
                                  .dir = res[i].dir, .size = in->size, .jobs = in->jobs };
        figure_state_read(&job, &res[i].st);
        ndone += res[i].st.done;
        cpu += res[i].st.cpu_s;
        wall += res[i].st.wall_s;
    }
    struct afile amd, acsv;
    FILE *md = afile_open(&amd, md_path, err, errlen);
    if (!md)
        goto out;
    FILE *csv = afile_open(&acsv, csv_path, err, errlen);
    if (!csv) {
        afile_abort(&amd);
        goto out;
    }
    fprintf(md, "# %s: ccgpu beside the paper\n\n", r->title);
    fprintf(md, "Made by `ccgpu reproduce %s --size %s` (ccgpu %s) from `%s`: each figure's "
                "commands, the paper's numbers beside ccgpu's, and its plots. Figures finished: "
                "%d of %d; CPU time ", in->paper, in->size, ccgpu_version(), r->path, ndone,
            r->nfigures);
    print_seconds(md, cpu);
    fputs(", wall ", md);
    print_seconds(md, wall);
    fputs(" (figures run one after another; the runs inside a figure as its commands say). "
          "Paper numbers marked `~` are read off a chart. `values.csv` holds every number "
          "below.\n\n| figure | | finished | CPU | wall |\n|---|---|---|---:|---:|\n", md);
    for (int i = 0; i < r->nfigures; i++) {
        fprintf(md, "| %s | %s | %s | ", r->figures[i].id,
                r->figures[i].title, res[i].st.done ? "yes" : "**no**");
        if (res[i].st.done) {
            print_seconds(md, res[i].st.cpu_s);
            fputs(" | ", md);
            print_seconds(md, res[i].st.wall_s);
        } else {
            fputs(" | ", md);
        }
        fputs(" |\n", md);
    }
    fputc('\n', md);
    fputs("figure,label,paper,ccgpu,ccgpu_over_paper\n", csv);
    for (int i = 0; i < r->nfigures; i++)
        write_figure(md, csv, in, &r->figures[i], &res[i]);
    if (afile_commit(&acsv, err, errlen) != 0) {
        afile_abort(&amd);
        goto out;
    }
    rc = afile_commit(&amd, err, errlen);
out:
    for (int i = 0; res && i < r->nfigures; i++)
        free(res[i].dir);
    free(res);
    free(md_path);
    free(csv_path);
    return rc;
}
