/* ccgpu compare BENCH... --sched lrr,gto,2lvl,swl:N,best-swl,ccws [--suite CLASS]
 * [--belady] [--config F] [options]:
 * runs each benchmark under each warp scheduler in the timing model and
 * prints cycles, IPC normalised to GTO (to the first scheduler when gto is
 * not in the list), the speed-up base cycles / cycles, and L1D MPKI (misses
 * per 1000 warp instructions), with the harmonic means of both ratios per
 * scheduler. The two ratios differ when a scheduler changes the amount of
 * work (warp instructions), e.g. gc's test-before-mark atomics: the speed-up
 * compares the time to do the kernel's job, IPC/base the issue rate; a '*'
 * marks such rows. --suite adds the
 * benchmarks of a class (hcs, mcs, ci ...); best-swl[:L/L/...] is the best
 * static warp limit (ccws_runs.h); --belady adds the Belady-optimal MPKI of
 * each run's L1 stream (the CCWS paper's <sched>-BEL), Belady's MIN with
 * every miss allocating; --belady-bypass the same with OPT allowed to
 * bypass (never more misses). With either, the hmean rows also give the
 * arithmetic mean MPKI of both columns (the paper's Fig. 10 averages).
 * --csv FILE writes the same table as CSV, --plot FILE.svg the normalised
 * IPC as grouped bars (compare_out.h). */
#include "cli/ccws_runs.h"
#include "cli/compare_out.h"
#include "cli/cli.h"
#include "sweep/means.h"
#include "cli/options.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SCHED 32

int cmd_compare(int argc, char **argv)
{
    char *rest[256], *list = NULL, *suite = NULL, *csv = NULL, *svg = NULL;
    int nrest = 0, belady = 0;
    for (int i = 0; i < argc && nrest < 256; i++) {
        if (i > 0 && !strcmp(argv[i], "--sched") && i + 1 < argc)
            list = argv[++i];
        else if (i > 0 && !strcmp(argv[i], "--suite") && i + 1 < argc)
            suite = argv[++i];
        else if (i > 0 && !strcmp(argv[i], "--csv") && i + 1 < argc)
            csv = argv[++i];
        else if (i > 0 && !strcmp(argv[i], "--plot") && i + 1 < argc)
            svg = argv[++i];
        else if (i > 0 && !strcmp(argv[i], "--belady"))
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
    char *scheds[MAX_SCHED], buf[512];
    int ns = 0;
    snprintf(buf, sizeof buf, "%s", list ? list : "lrr,gto,2lvl");
    for (char *t = strtok(buf, ","); t && ns < MAX_SCHED; t = strtok(NULL, ","))
        scheds[ns++] = t;
    if (o.help || (o.npositional < 1 && !suite) || ns == 0 || o.functional) {
        fprintf(o.help ? stdout : stderr, "usage: ccgpu compare BENCH... [--suite CLASS] --sched "
                        "lrr,gto,2lvl,swl:N,best-swl,ccws [--belady|--belady-bypass] [--csv F] [--plot F.svg] "
                        "[--config F] [--size S] "
                        "[-o key=value]\n");
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
    /* per scheduler, the passing benchmarks' values behind the mean rows */
    double norm_v[MAX_SCHED][128], speed_v[MAX_SCHED][128], mpki_v[MAX_SCHED][128],
        bel_v[MAX_SCHED][128];
    size_t counted[MAX_SCHED] = { 0 };
    int failed = 0;
    struct compare_out out;
    compare_out_init(&out, belady);
    printf("%-12s %-12s %12s %8s %9s %9s %9s%s\n", "benchmark", "scheduler", "cycles", "IPC",
           "IPC/base", "speedup", "L1 MPKI", belady == 2 ? "  BEL-byp" : belady ? "  BEL MPKI" : "");
    int work_differs = 0;
    for (int i = 0; i < nb; i++) {
        struct ccws_cell cells[MAX_SCHED];
        for (int s = 0; s < ns; s++) {
            int r = ccws_run(&o, benches[i], scheds[s], belady, &cells[s]);
            if (r == -2) {
                compare_out_free(&out);
                cli_run_options_free(&o);
                return 2;
            }
            failed += r != 0;
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
            printf("%-12s %-12s %12.0f %8.3f %9.3f %8.3f%s %9.2f", benches[i]->name, name,
                   c->cycles, c->ipc, norm, speed, differs ? "*" : " ", c->mpki);
            if (belady)
                printf(" %9.2f", c->bel_mpki);
            printf("%s\n", c->ok ? "" : "  FAIL");
            compare_out_row(&out, benches[i]->name, scheds[s], c->ok ? "PASS" : "FAIL", c->swl,
                            c->cycles, c->ipc, norm, speed, c->mpki, belady ? c->bel_mpki : NAN);
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
        printf("%-12s %-12s %12s %8s %9.3f %8.3f ", "hmean", scheds[s], "", "", hmean, hspeed);
        if (belady)
            printf(" %9.2f %9.2f", mpki, bel);
        printf("\n");
        compare_out_row(&out, "hmean", scheds[s], "mean", 0, NAN, NAN, hmean, hspeed, mpki, bel);
    }
    printf("(IPC/base: IPC normalised to %s; speedup: %s cycles / cycles; harmonic means",
           scheds[base], scheds[base]);
    if (work_differs)
        printf("; *: warp instructions differ from %s's, so the two ratios differ", scheds[base]);
    if (belady)
        printf("; MPKI: L1D misses per 1000 warp instructions, arithmetic mean on the hmean "
               "rows; BEL: Belady OPT %s on each run's own L1D stream",
               belady == 2 ? "allowed to bypass" : "with every miss allocating");
    printf(")\n");
    char err[1024];
    int werr = (csv || svg) && compare_out_write(&out, csv, svg, scheds[base], err, sizeof err);
    if (werr)
        fprintf(stderr, "ccgpu compare: %s\n", err);
    compare_out_free(&out);
    cli_run_options_free(&o);
    return werr || failed ? 1 : 0;
}
