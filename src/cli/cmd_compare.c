/* ccgpu compare BENCH... --sched lrr,gto,2lvl,swl:N,best-swl,ccws [--suite CLASS]
 * [--belady] [--config F] [options]:
 * runs each benchmark under each warp scheduler in the timing model and
 * prints cycles, warp IPC, the speed-up over the base (GTO, or the first
 * scheduler when gto is not in the list: base cycles / cycles), the warp
 * instructions relative to the base's, and L1D MPKI (misses per 1000 warp
 * instructions), with the harmonic mean of the speed-up per scheduler.
 * Warp IPC normalised to the base is speed-up x insts/base: the same as the
 * speed-up unless a scheduler changes the amount of work, e.g. gc's
 * test-before-mark atomics (a '*' marks such rows); the CSV has it as
 * ipc_norm, which --plot draws. --suite adds the
 * benchmarks of a class (hcs, mcs, ci ...); best-swl[:L/L/...] is the best
 * static warp limit (ccws_runs.h); --belady adds the Belady-optimal MPKI of
 * each run's L1 stream (the CCWS paper's <sched>-BEL), Belady's MIN with
 * every miss allocating; --belady-bypass the same with OPT allowed to
 * bypass (never more misses). With either, the hmean rows also give the
 * arithmetic mean MPKI of both columns (the paper's Fig. 10 averages).
 * --csv FILE writes the same table as CSV, --plot FILE.svg the normalised
 * IPC as grouped bars (compare_out.h). --jobs N runs up to N of the
 * benchmark x scheduler runs at once, each in a forked worker (workers.h);
 * the table is the same as with --jobs 1. --stat NAME (up to 8) adds the
 * run's total of any statistic as a column (and to the CSV). A --sched entry
 * may be a variant "sched@key=value@..." or a preset (pric, fgcb, sacat,
 * mrpb ...: docs/sacat.md); runs stopped at a gpgpu_max_* cap count with the
 * statistics up to it, marked (capped). With a power file (-o
 * ccgpu_power_file=F, docs/energy.md) each row also gives the run's energy
 * (uJ) and that energy normalised to the base scheduler's, the mean rows
 * the arithmetic mean of the normalised energy; the CSV gains the columns
 * energy_uj and energy_norm before any --stat ones. --ensemble
 * KEY=VALUE[@KEY=VALUE...] (repeatable) runs every benchmark x scheduler
 * again with those options changed and prints the speed-ups over the
 * ensemble after the table (compare_ensemble.h); the table, its CSV and
 * plot are the configuration given. */
#include "cli/ccws_runs.h"
#include "cli/compare_ensemble.h"
#include "cli/compare_out.h"
#include "cli/progress_lines.h"
#include "cli/cli.h"
#include "sweep/means.h"
#include "sweep/workers.h"
#include "cli/options.h"
#include "gpu/config.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#define MAX_SCHED 32

/* The runs of the table: cells[(bench * nm + member) * ns + sched], member
 * 0 the configuration given, the others --ensemble's (nm = 1 without). */
struct compare_runs {
    const struct cli_run_options *opts; /* per member */
    const struct bench_ops **benches;
    char **scheds;
    const char *const *members; /* per member: its --ensemble changes */
    int ns, nm, belady;
    struct ccws_cell *cells;
    int failed;
    struct progress_lines progress;
};

/* "BENCH with SCHED" (and the member's changes, for an --ensemble member) */
static void cell_name(const struct compare_runs *r, long i, char *buf, size_t len)
{
    long m = i / r->ns % r->nm;
    snprintf(buf, len, "%s with %s%s%s", r->benches[i / r->ns / r->nm]->name, r->scheds[i % r->ns],
             m ? ", " : "", m ? r->members[m] : "");
}

static void cell_finished(struct compare_runs *r, long i)
{
    char what[256];
    cell_name(r, i, what, sizeof what);
    progress_lines_step(&r->progress, what);
}

/* 0 ok, 1 the run failed, 2 a bad configuration (message printed) */
static int run_cell(struct compare_runs *r, long i)
{
    int rc = ccws_run(&r->opts[i / r->ns % r->nm], r->benches[i / r->ns / r->nm],
                      r->scheds[i % r->ns], r->belady, &r->cells[i]);
    return rc == -2 ? 2 : rc != 0;
}

static int work_cell(void *ctx, long i, int result_fd)
{
    struct compare_runs *r = ctx;
    int rc = run_cell(r, i);
    if (rc != 2 && workers_send(result_fd, &r->cells[i], sizeof r->cells[i]) != 0)
        return 3;
    return rc;
}

static int cell_done(void *ctx, long i, int status, const void *result, size_t len)
{
    struct compare_runs *r = ctx;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (code == 2)
        return 2;
    if ((code == 0 || code == 1) && len == sizeof r->cells[i]) {
        memcpy(&r->cells[i], result, len);
    } else {
        char what[256];
        cell_name(r, i, what, sizeof what);
        if (WIFSIGNALED(status))
            fprintf(stderr, "ccgpu compare: %s: worker killed by signal %d\n", what,
                    WTERMSIG(status));
        else
            fprintf(stderr, "ccgpu compare: %s: worker exited with status %d\n", what, code);
        memset(&r->cells[i], 0, sizeof r->cells[i]);
    }
    r->failed += !r->cells[i].ok;
    cell_finished(r, i);
    return 0;
}

/* Runs cells [first, first + n) in this process; 2 on a bad configuration. */
static int run_serial(struct compare_runs *r, long first, long n)
{
    for (long i = first; i < first + n; i++) {
        int rc = run_cell(r, i);
        if (rc == 2)
            return 2;
        r->failed += rc;
        cell_finished(r, i);
    }
    return 0;
}

static int run_parallel(struct compare_runs *r, long n, int jobs)
{
    static const struct workers_ops ops = { .work = work_cell, .done = cell_done };
    char err[256];
    int rc = workers_run(&ops, r, n, NULL, jobs, err, sizeof err);
    if (rc < 0)
        fprintf(stderr, "ccgpu compare: %s\n", err);
    return rc < 0 ? 1 : rc;
}

int cmd_compare(int argc, char **argv)
{
    char *rest[256], *list = NULL, *suite = NULL, *csv = NULL, *svg = NULL;
    const char *members[COMPARE_ENSEMBLE_MAX];
    int nrest = 0, belady = 0, jobs = 1, nstats = 0, nmembers = 0;
    const char *stats[CCWS_MAX_STATS] = { 0 };
    for (int i = 0; i < argc && nrest < 256; i++) {
        if (i > 0 && (!strcmp(argv[i], "--jobs") || !strcmp(argv[i], "-j")) && i + 1 < argc) {
            char *end;
            long j = strtol(argv[++i], &end, 10);
            if (*end || j < 1 || j > 256) {
                fprintf(stderr, "ccgpu compare: --jobs %s: expected 1..256\n", argv[i]);
                return 2;
            }
            jobs = (int)j;
        } else if (i > 0 && !strcmp(argv[i], "--sched") && i + 1 < argc)
            list = argv[++i];
        else if (i > 0 && !strcmp(argv[i], "--suite") && i + 1 < argc)
            suite = argv[++i];
        else if (i > 0 && !strcmp(argv[i], "--csv") && i + 1 < argc)
            csv = argv[++i];
        else if (i > 0 && !strcmp(argv[i], "--plot") && i + 1 < argc)
            svg = argv[++i];
        else if (i > 0 && !strcmp(argv[i], "--stat") && i + 1 < argc) {
            if (nstats == CCWS_MAX_STATS) {
                fprintf(stderr, "ccgpu compare: at most %d --stat\n", CCWS_MAX_STATS);
                return 2;
            }
            stats[nstats++] = argv[++i];
        } else if (i > 0 && !strcmp(argv[i], "--ensemble") && i + 1 < argc) {
            if (nmembers == COMPARE_ENSEMBLE_MAX) {
                fprintf(stderr, "ccgpu compare: at most %d --ensemble members\n",
                        COMPARE_ENSEMBLE_MAX);
                return 2;
            }
            members[nmembers++] = argv[++i];
        } else if (i > 0 && !strcmp(argv[i], "--belady"))
            belady = 1;
        else if (i > 0 && !strcmp(argv[i], "--belady-bypass"))
            belady = 2;
        else
            rest[nrest++] = argv[i];
    }
    struct cli_run_options o;
    int rc = cli_parse_run_options(nrest, rest, &o);
    if (rc) {
        cli_run_options_free(&o);
        return rc;
    }
    char *scheds[MAX_SCHED], buf[1024];
    int ns = cli_split_scheds(list ? list : "lrr,gto,2lvl", buf, sizeof buf, scheds, MAX_SCHED,
                              "compare");
    if (ns < 0) {
        cli_run_options_free(&o);
        return 2;
    }
    if (o.help || (o.npositional < 1 && !suite) || ns == 0 || o.functional) {
        fprintf(o.help ? stdout : stderr, "usage: ccgpu compare BENCH... [--suite CLASS] --sched "
                        "lrr,gto,2lvl,swl:N,best-swl,ccws [--belady|--belady-bypass] [--csv F] [--plot F.svg] "
                        "[--ensemble KEY=VALUE[@KEY=VALUE...]]... [--jobs N] [--config F] [--size S] "
                        "[-o key=value]\n");
        if (o.help)
            cli_shared_help(stdout);
        cli_run_options_free(&o);
        return o.help ? 0 : 2;
    }
    int base = 0;
    for (int s = 0; s < ns; s++)
        if (!strcmp(scheds[s], "gto"))
            base = s;
    const struct bench_ops *benches[128];
    int nb = 0;
    for (int i = 0; i < o.npositional; i++)
        if (!(benches[nb++] = bench_find(o.positional[i]))) {
            fprintf(stderr, "ccgpu compare: unknown benchmark '%s' (see ccgpu list)\n",
                    o.positional[i]);
            cli_run_options_free(&o);
            return 2;
        }
    for (int i = 0; suite && bench_table[i] && nb < 128; i++)
        if (!strcmp(bench_table[i]->klass, suite))
            benches[nb++] = bench_table[i];
    if (suite && nb == o.npositional) {
        fprintf(stderr, "ccgpu compare: --suite %s: no benchmark of that class (see ccgpu list)\n",
                suite);
        cli_run_options_free(&o);
        return 2;
    }
    struct compare_ensemble ens;
    if (compare_ensemble_init(&ens, &o, members, nmembers)) {
        cli_run_options_free(&o);
        return 2;
    }
    const int nm = ens.n + 1;
    /* per scheduler, the passing benchmarks' values behind the mean rows */
    double norm_v[MAX_SCHED][128], speed_v[MAX_SCHED][128], mpki_v[MAX_SCHED][128],
        bel_v[MAX_SCHED][128];
    size_t counted[MAX_SCHED] = { 0 };
    const long row = (long)nm * ns; /* a benchmark's cells */
    struct compare_runs runs = { .opts = ens.opts, .benches = benches, .scheds = scheds,
                                 .members = ens.spec, .ns = ns, .nm = nm, .belady = belady,
                                 .cells = calloc((size_t)(nb * row) + 1, sizeof *runs.cells) };
    if (!runs.cells) {
        fprintf(stderr, "ccgpu compare: out of memory\n");
        compare_ensemble_free(&ens);
        cli_run_options_free(&o);
        return 1;
    }
    for (long i = 0; i < nb * row; i++)
        memcpy(runs.cells[i].want, stats, sizeof stats);
    progress_lines_begin(&runs.progress, "compare", nb * row);
    rc = jobs > 1 ? run_parallel(&runs, nb * row, jobs) : 0;
    if (rc) {
        free(runs.cells);
        compare_ensemble_free(&ens);
        cli_run_options_free(&o);
        return rc;
    }
    const struct config_entry *power = config_peek(o.cfg, "ccgpu_power_file");
    int energy = power && power->value[0];
    /* the CSV's extra columns: energy's (when on), then the --stat ones */
    static const char *const energy_cols[] = { "energy_uj", "energy_norm" };
    int ne = energy ? 2 : 0;
    double extra[2 + CCWS_MAX_STATS + COMPARE_ENSEMBLE_COLUMNS];
    const int nx = ens.n ? COMPARE_ENSEMBLE_COLUMNS : 0; /* the ensemble's columns, last */
    double energy_v[MAX_SCHED][128];
    size_t energy_n[MAX_SCHED] = { 0 };
    struct compare_out out;
    compare_out_init(&out, belady);
    compare_out_add_columns(&out, energy_cols, ne);
    compare_out_add_columns(&out, stats, nstats);
    compare_out_add_columns(&out, compare_ensemble_columns, nx);
    /* a second header line gives each column's unit */
    printf("%-12s %-12s %12s %8s %9s %10s %9s%s", "benchmark", "scheduler", "cycles", "warp IPC",
           "speedup", "insts/base", "L1D MPKI", belady == 2 ? "   BEL-byp" : belady ? "  BEL MPKI" : "");
    if (energy)
        printf(" %11s %8s", "energy", "E/base");
    for (int k = 0; k < nstats; k++)
        printf(" %s", stats[k]);
    printf("\n%-12s %-12s %12s %8s %9s %10s %9s%s", "", "", "(core)", "(/cycle)", "(x base)",
           "(x base)", "(/1k wi)", belady ? "  (/1k wi)" : "");
    if (energy)
        printf(" %11s %8s", "(uJ)", "(x base)");
    printf("\n");
    int work_differs = 0;
    for (int i = 0; i < nb; i++) {
        const struct ccws_cell *cells = &runs.cells[i * row]; /* the base member's */
        if (jobs == 1 && run_serial(&runs, i * row, row) != 0) {
            compare_out_free(&out);
            free(runs.cells);
            compare_ensemble_free(&ens);
            cli_run_options_free(&o);
            return 2;
        }
        for (int s = 0; s < ns; s++) {
            const struct ccws_cell *c = &cells[s];
            const struct ccws_cell *b = &cells[base];
            double norm = b->ok && b->ipc > 0 ? c->ipc / b->ipc : NAN;
            double speed = b->ok && c->ok && c->cycles > 0 ? b->cycles / c->cycles : NAN;
            int differs = b->ok && c->ok && c->insts != b->insts;
            work_differs |= differs;
            char name[64];
            if (c->swl)
                snprintf(name, sizeof name, "%s(%u)", scheds[s], c->swl);
            else
                snprintf(name, sizeof name, "%s", scheds[s]);
            double work = b->ok && c->ok && b->insts > 0 ? c->insts / b->insts : NAN;
            printf("%-12s %-12s %12.0f %8.3f %9.3f %9.3f%s %9.2f", benches[i]->name, name,
                   c->cycles, c->ipc, speed, work, differs ? "*" : " ", c->mpki);
            if (belady)
                printf(" %9.2f", c->bel_mpki);
            double uj = c->ok ? c->energy_pj * 1e-6 : NAN;
            double enorm = c->ok && b->ok && b->energy_pj > 0 ? c->energy_pj / b->energy_pj : NAN;
            if (energy)
                printf(" %11.3f %8.3f", uj, enorm);
            extra[0] = uj;
            extra[1] = enorm;
            if (energy && isfinite(enorm))
                energy_v[s][energy_n[s]++] = enorm;
            for (int k = 0; k < nstats; k++)
                extra[ne + k] = c->stat[k];
            for (int k = 0; k < nstats; k++)
                printf(" %*.6g", (int)strlen(stats[k]) > 9 ? (int)strlen(stats[k]) : 9, c->stat[k]);
            printf("%s\n", !c->ok ? "  FAIL" : c->capped ? "  (capped)" : "");
            compare_out_row(&out, benches[i]->name, scheds[s], c->ok ? "PASS" : "FAIL", c->swl,
                            c->cycles, c->ipc, norm, speed, c->mpki, belady ? c->bel_mpki : NAN);
            if (nx) {
                struct compare_ensemble_row er;
                compare_ensemble_row(&ens, runs.cells, i, ns, s, base, &er);
                compare_ensemble_values(&er, extra + ne + nstats);
            }
            compare_out_row_extra(&out, extra, ne + nstats + nx);
            if (c->ok && norm > 0 && speed > 0) {
                norm_v[s][counted[s]] = norm;
                speed_v[s][counted[s]] = speed;
                mpki_v[s][counted[s]] = c->mpki;
                bel_v[s][counted[s]] = c->bel_mpki;
                counted[s]++;
            }
        }
    }
    for (int s = 0; s < ns; s++) {
        double hmean = NAN, hspeed = NAN, mpki = NAN, bel = NAN; /* NAN: no passing benchmark */
        means_harmonic(norm_v[s], counted[s], &hmean);
        means_harmonic(speed_v[s], counted[s], &hspeed);
        means_arithmetic(mpki_v[s], counted[s], &mpki);
        if (belady)
            means_arithmetic(bel_v[s], counted[s], &bel);
        printf("%-12s %-12s %12s %8s %9.3f %10s ", "hmean", scheds[s], "", "", hspeed, "");
        if (belady)
            printf(" %9.2f %9.2f", mpki, bel);
        double emean = NAN;
        if (energy) {
            means_arithmetic(energy_v[s], energy_n[s], &emean);
            printf("%*s %8.3f", belady ? 10 : 21, "", emean);
        }
        printf("\n");
        compare_out_row(&out, "hmean", scheds[s], "mean", 0, NAN, NAN, hmean, hspeed, mpki, bel);
        if (energy) {
            extra[0] = NAN;
            extra[1] = emean;
            for (int k = 0; k < nstats + nx; k++)
                extra[ne + k] = NAN;
            compare_out_row_extra(&out, extra, ne + nstats + nx);
        }
    }
    printf("(base: %s. speedup: %s's cycles / the run's, its harmonic mean on the hmean rows; "
           "insts/base: the run's warp instructions / %s's, 1.000 when both did the same work, "
           "and then the speedup is also the warp IPC normalised to %s",
           scheds[base], scheds[base], scheds[base], scheds[base]);
    if (work_differs)
        printf("; *: warp instructions differ from %s's, so warp IPC / %s's is speedup x "
               "insts/base (the CSV's ipc_norm)",
               scheds[base], scheds[base]);
    printf("; MPKI: L1D misses per 1,000 warp instructions (wi)%s",
           belady ? ", arithmetic mean on the hmean rows" : "");
    if (energy)
        printf("; E/base: energy / %s's energy, arithmetic mean on the hmean rows", scheds[base]);
    if (belady)
        printf("; BEL: Belady OPT %s on each run's own L1D stream",
               belady == 2 ? "allowed to bypass" : "with every miss allocating");
    printf(")\n");
    /* the SRAM the SACAT paper's mechanisms need (its Table 5), when any */
    int any_bits = 0;
    for (int s = 0; s < ns && nb; s++)
        any_bits |= runs.cells[s].storage_bits > 0;
    if (any_bits) {
        printf("storage (SRAM bits, whole GPU, sacat-tpds2017 Table 5 accounting):");
        for (int s = 0; s < ns; s++)
            printf(" %s %.0f%s", scheds[s], runs.cells[s].storage_bits, s + 1 < ns ? "," : "\n");
    }
    if (ens.n) {
        const char *names[128];
        for (int i = 0; i < nb; i++)
            names[i] = benches[i]->name;
        compare_ensemble_print(&ens, names, nb, scheds, ns, base, runs.cells);
    }
    char err[1024];
    int werr = (csv || svg) && compare_out_write(&out, csv, svg, scheds[base], err, sizeof err);
    if (werr)
        fprintf(stderr, "ccgpu compare: %s\n", err);
    compare_out_free(&out);
    free(runs.cells);
    compare_ensemble_free(&ens);
    cli_run_options_free(&o);
    return werr || runs.failed ? 1 : 0;
}
