/* gnuplot script generation: lines for numeric x (sorted, log x for
 * geometric steps, "swl:N" prefixes), clustered bars for categorical x, one
 * series per group, failed rows left out, errors naming the column. */
#include "check.h"
#include "sweep/csv.h"
#include "sweep/plot.h"
#include <stdlib.h>

static char script_[16384];

/* script for csv text and spec, or "ERR: ..." */
static const char *script(const char *csv, struct plot_spec *p)
{
    struct csv_table t;
    char err[512];
    if (csv_read_string(csv, "t.csv", &t, err, sizeof err) != 0) {
        snprintf(script_, sizeof script_, "ERR: %s", err);
        return script_;
    }
    if (!p->svg)
        p->svg = "out/fig.svg";
    FILE *f = fmemopen(script_, sizeof script_, "w");
    if (plot_write_script(&t, p, f, err, sizeof err) != 0) {
        fclose(f);
        snprintf(script_, sizeof script_, "ERR: %s", err);
    } else {
        fclose(f);
    }
    csv_free(&t);
    return script_;
}

static const char sweep_csv[] = "bench,gpgpu_scheduler,status,ipc,l1d.mpki\n"
                                "bfs,swl:8,PASS,1.5,10\n"
                                "bfs,swl:1,PASS,0.5,2\n"
                                "bfs,swl:2,PASS,1.0,4\n"
                                "bfs,swl:4,FAIL,9,9\n"
                                "kmeans,swl:1,PASS,0.25,1\n"
                                "kmeans,swl:2,PASS,0.75,3\n";

TEST(lines_numeric_prefix)
{
    struct plot_spec p = { .x = "gpgpu_scheduler", .ny = 1, .y = { "ipc" }, .ngroup = 1,
                           .group = { "bench" }, .skip_failed = 1 };
    const char *s = script(sweep_csv, &p);
    CHECK_STR_CONTAINS(s, "set terminal svg");
    CHECK_STR_CONTAINS(s, "set output 'fig.svg'"); /* relative to the script's folder */
    CHECK_STR_CONTAINS(s, "# render with: gnuplot fig.gp");
    CHECK_STR_CONTAINS(s, "set xlabel 'gpgpu_scheduler (swl:N)'");
    CHECK_STR_CONTAINS(s, "set title 'ipc vs gpgpu_scheduler'");
    CHECK_STR_CONTAINS(s, "noenhanced"); /* underscores stay underscores */
    /* sorted by x, the FAIL row (swl:4) left out; 1,2,8 is not geometric */
    CHECK_STR_CONTAINS(s, "$s0 << EOD\n1 0.5\n2 1\n8 1.5\nEOD\n");
    CHECK_STR_CONTAINS(s, "$s1 << EOD\n1 0.25\n2 0.75\nEOD\n");
    CHECK(strstr(s, "logscale") == NULL);
    CHECK_STR_CONTAINS(s, "$s0 using 1:2 with linespoints title 'bfs'");
    CHECK_STR_CONTAINS(s, "$s1 using 1:2 with linespoints title 'kmeans'");
    CHECK(strstr(s, "histogram") == NULL);
    /* with failed rows kept, swl:4 appears and x is geometric (1,2,4,8) */
    p.skip_failed = 0;
    s = script(sweep_csv, &p);
    CHECK_STR_CONTAINS(s, "4 9\n");
    CHECK_STR_CONTAINS(s, "set logscale x 2");
}

TEST(bars_for_categories)
{
    const char csv[] = "bench,sched,ipc,mpki\n"
                       "bfs,lrr,1.0,30\nbfs,gto,1.5,20\nkm,lrr,0.7,\nkm,gto,0.9,40\n";
    struct plot_spec p = { .x = "sched", .ny = 2, .y = { "ipc", "mpki" }, .ngroup = 1,
                           .group = { "bench" }, .title = "it's" };
    const char *s = script(csv, &p);
    CHECK_STR_CONTAINS(s, "set style histogram clustered");
    CHECK_STR_CONTAINS(s, "set title 'it''s'");
    /* categories in first-appearance order; columns: bfs ipc, km ipc, bfs mpki, km mpki;
     * the empty cell is missing ('?') */
    CHECK_STR_CONTAINS(s, "$bars << EOD\n\"lrr\" 1.0 0.7 30 ?\n\"gto\" 1.5 0.9 20 40\nEOD\n");
    CHECK_STR_CONTAINS(s, "$bars using 2:xtic(1) title 'bfs ipc'");
    CHECK_STR_CONTAINS(s, "'' using 5 title 'km mpki'");
    CHECK_STR_CONTAINS(s, "set ylabel 'ipc, mpki'");
    /* --bar forces bars for numeric x too */
    struct plot_spec q = { .x = "n", .ny = 1, .y = { "v" }, .bar = 1 };
    s = script("n,v\n1,5\n2,6\n", &q);
    CHECK_STR_CONTAINS(s, "\"1\" 5\n\"2\" 6\n");
    CHECK_STR_CONTAINS(s, "title 'v'");
}

TEST(other_params_make_series)
{
    const char csv[] = "bench,l1,sched,status,mpki\n"
                       "bfs,16,lrr,PASS,3\nbfs,16,gto,PASS,2\nbfs,32,lrr,PASS,1.5\nbfs,32,gto,PASS,1\n";
    struct plot_spec p = { .x = "l1", .ny = 1, .y = { "mpki" }, .ngroup = 2,
                           .group = { "bench", "sched" }, .skip_failed = 1 };
    const char *s = script(csv, &p);
    CHECK_STR_CONTAINS(s, "title 'bfs sched=lrr'");
    CHECK_STR_CONTAINS(s, "title 'bfs sched=gto'");
    CHECK_STR_CONTAINS(s, "$s0 << EOD\n16 3\n32 1.5\nEOD\n");
    CHECK(strstr(s, "logscale") == NULL); /* two distinct x values are not a series */
    /* a series without a single number is left out, not an empty data block */
    const char gaps[] = "bench,n,v\nbfs,1,1\nbfs,2,2\nkm,1,\nkm,2,\nnw,1,5\n";
    struct plot_spec q = { .x = "n", .ny = 1, .y = { "v" }, .ngroup = 1, .group = { "bench" } };
    s = script(gaps, &q);
    CHECK(strstr(s, "'km'") == NULL);
    CHECK_STR_CONTAINS(s, "$s1 << EOD\n1 5\nEOD\n");
    CHECK_STR_CONTAINS(s, "$s1 using 1:2 with linespoints title 'nw'");
}

TEST(errors)
{
    struct plot_spec p = { .x = "nope", .ny = 1, .y = { "ipc" } };
    CHECK_STR_CONTAINS(script(sweep_csv, &p), "ERR: no column 'nope' (columns: bench gpgpu_scheduler");
    struct plot_spec q = { .x = "bench", .ny = 1, .y = { "ipc" }, .skip_failed = 1 };
    CHECK_STR_CONTAINS(script("bench,status,ipc\nbfs,FAIL,1\n", &q), "ERR: nothing to plot");
    struct plot_spec y = { .x = "sched", .ny = 1, .y = { "note" } };
    CHECK_STR_CONTAINS(script("sched,note\nlrr,fast\ngto,\n", &y),
                       "ERR: column 'note' has no numbers to plot");
    struct plot_spec r = { .x = "bench", .ny = 0 };
    CHECK_STR_CONTAINS(script(sweep_csv, &r), "ERR: between 1 and");
}

TEST(gnuplot_lookup)
{
    setenv("CCGPU_GNUPLOT", "none", 1);
    CHECK(plot_gnuplot() == NULL);
    setenv("CCGPU_GNUPLOT", "", 1);
    CHECK(plot_gnuplot() == NULL);
    setenv("CCGPU_GNUPLOT", "/opt/gp", 1);
    CHECK(plot_gnuplot() && !strcmp(plot_gnuplot(), "/opt/gp"));
    unsetenv("CCGPU_GNUPLOT");
    const char *saved = getenv("PATH");
    char *copy = saved ? strdup(saved) : NULL;
    setenv("PATH", "/nonexistent", 1);
    CHECK(plot_gnuplot() == NULL);
    if (copy)
        setenv("PATH", copy, 1);
    free(copy);
}

int main(void)
{
    RUN(lines_numeric_prefix);
    RUN(bars_for_categories);
    RUN(other_params_make_series);
    RUN(errors);
    RUN(gnuplot_lookup);
    return check_summary();
}
