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

/* Text into a Markdown table cell or heading: '<' and '>' (which a
 * renderer takes for HTML, as in "<sched>-BEL") and '|' (a cell border)
 * escaped. */
static void print_md_text(FILE *f, const char *s)
{
    for (; *s; s++)
        if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else if (*s == '|')
            fputs("\\|", f);
        else
            fputc(*s, f);
}

struct figure_result {
    struct figure_state st;
    char *dir;
};

/* One compared number as found (or not) in the figure's CSV. */
struct value_result {
    char *ours; /* NULL: not found, why says why */
    char why[256];
    int has_ratio;
    double ratio;
};

static void value_find(const struct recipe_value *v, const char *dir, int done,
                       struct value_result *r)
{
    snprintf(r->why, sizeof r->why, "not run");
    r->ours = NULL;
    r->has_ratio = 0;
    if (!done || report_lookup(dir, v, &r->ours, r->why, sizeof r->why) != 0)
        return;
    char *end = NULL;
    double o = strtod(r->ours, &end);
    if (end != r->ours && !*end && isfinite(o) && v->has_paper && v->paper_num != 0) {
        r->has_ratio = 1;
        r->ratio = o / v->paper_num;
    }
}

static void write_value_table_head(FILE *md)
{
    fputs("| | paper | ccgpu | ccgpu / paper |\n|---|---:|---:|---:|\n", md);
}

static void write_value_row(FILE *md, const struct recipe_value *v, const struct value_result *r)
{
    fputs("| ", md);
    print_md_text(md, v->label);
    fprintf(md, " | %s | ", v->has_paper ? v->paper : "—");
    if (r->ours)
        print_number(md, r->ours);
    else
        fprintf(md, "(%s)", r->why);
    if (r->has_ratio)
        fprintf(md, " | %.2f |\n", r->ratio);
    else
        fputs(" | |\n", md);
}

static void write_value_csv(FILE *csv, const struct recipe_figure *fig,
                            const struct recipe_value *v, const struct value_result *r)
{
    csv_write_field(csv, fig->id);
    fputc(',', csv);
    csv_write_field(csv, v->label);
    fputc(',', csv);
    csv_write_field(csv, v->has_paper ? v->paper : "");
    fputc(',', csv);
    csv_write_field(csv, r->ours ? r->ours : "");
    if (r->has_ratio)
        fprintf(csv, ",%.6g\n", r->ratio);
    else
        fputs(",\n", csv);
}

/* OUT/ID/values.md: every value of a finished figure, with and without a
 * paper number. */
static int write_figure_values_page(const struct report_input *in, const struct recipe_figure *fig,
                                    const char *dir, const struct value_result *res, char *err,
                                    size_t errlen)
{
    char *path = sweep_path(dir, "values.md");
    if (!path) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    struct afile a;
    FILE *md = afile_open(&a, path, err, errlen);
    free(path);
    if (!md)
        return -1;
    fprintf(md, "# %s: ", fig->id);
    print_md_text(md, fig->title);
    fprintf(md, "\n\nEvery number of this figure, made by `ccgpu reproduce %s --size %s` from "
                "`%s` (the paper's numbers, where it gives one, beside ccgpu's; the commands, "
                "plots and notes are in [the report](../report.md)).\n\n",
            in->paper, in->size, in->recipe->path);
    write_value_table_head(md);
    for (int k = 0; k < fig->nvalues; k++)
        write_value_row(md, &fig->values[k], &res[k]);
    return afile_commit(&a, err, errlen);
}

/* The figure's values: those with a paper number in report.md, every one in
 * values.csv and (for a finished figure) in OUT/ID/values.md, linked from
 * report.md, so a figure with a long per-benchmark table keeps the report
 * short. */
static int write_values(FILE *md, FILE *csv, const struct report_input *in,
                        const struct recipe_figure *fig, const struct figure_result *fres,
                        char *err, size_t errlen)
{
    if (fig->nvalues == 0)
        return 0;
    struct value_result *res = calloc((size_t)fig->nvalues, sizeof *res);
    if (!res) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int with_paper = 0, rc = 0;
    for (int k = 0; k < fig->nvalues; k++) {
        value_find(&fig->values[k], fres->dir, fres->st.done, &res[k]);
        write_value_csv(csv, fig, &fig->values[k], &res[k]);
        with_paper += fig->values[k].has_paper;
    }
    if (with_paper) {
        write_value_table_head(md);
        for (int k = 0; k < fig->nvalues; k++)
            if (fig->values[k].has_paper)
                write_value_row(md, &fig->values[k], &res[k]);
        fputc('\n', md);
    }
    int ours_only = fig->nvalues - with_paper;
    if (fres->st.done) {
        rc = write_figure_values_page(in, fig, fres->dir, res, err, errlen);
        if (ours_only)
            fprintf(md, "%d more value%s without a paper number (ccgpu's alone): ", ours_only,
                    ours_only == 1 ? "" : "s");
        else
            fputs("The same values: ", md);
        fprintf(md, "[%s/values.md](%s/values.md).\n\n", fig->id, fig->id);
    } else if (ours_only) {
        fprintf(md, "%d value%s without a paper number will be in `%s/values.md` once it has "
                    "run.\n\n",
                ours_only, ours_only == 1 ? "" : "s", fig->id);
    }
    for (int k = 0; k < fig->nvalues; k++)
        free(res[k].ours);
    free(res);
    return rc;
}

static int write_figure(FILE *md, FILE *csv, const struct report_input *in,
                        const struct recipe_figure *fig, const struct figure_result *res,
                        char *err, size_t errlen)
{
    struct figure_job job = { .fig = fig, .recipe = in->recipe->path, .exe = in->exe,
                              .dir = res->dir, .size = in->size, .jobs = in->jobs };
    fprintf(md, "## %s: ", fig->id);
    print_md_text(md, fig->title);
    fputs("\n\n", md);
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
    if (write_values(md, csv, in, fig, res, err, errlen) != 0)
        return -1;
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
    return 0;
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
          "Paper numbers marked `~` are read off a chart. Each figure shows the numbers the "
          "paper gives beside ccgpu's; every number of a figure, ccgpu's alone included, is in "
          "its `values.md` (linked), and `values.csv` holds them all.\n\n"
          "| figure | | finished | CPU | wall |\n|---|---|---|---:|---:|\n", md);
    for (int i = 0; i < r->nfigures; i++) {
        fprintf(md, "| %s | ", r->figures[i].id);
        print_md_text(md, r->figures[i].title);
        fprintf(md, " | %s | ", res[i].st.done ? "yes" : "**no**");
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
        if (write_figure(md, csv, in, &r->figures[i], &res[i], err, errlen) != 0) {
            afile_abort(&acsv);
            afile_abort(&amd);
            goto out;
        }
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
