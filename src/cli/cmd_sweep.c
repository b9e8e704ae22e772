/* ccgpu sweep BENCH[,BENCH...] --param KEY=VALUES [--param ...] --out DIR
 *   [--stats s1,s2] [--jobs N] [--plot Y[:X]] [--best STAT[:min]] [--rerun-failed]
 *   [run options]
 * Runs every benchmark at every point of the cross product of the parameter
 * values; see docs/sweeps.md and src/sweep/. */
#include "cli/cli.h"
#include "cli/options.h"
#include "sweep/sweep_param.h"
#include "sweep/sweep_plan.h"
#include "sweep/sweep_run.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SWEEP_MAX_LIST 256

static const char usage[] =
    "usage: ccgpu sweep BENCH[,BENCH...] --param KEY=VALUES [--param ...] --out DIR\n"
    "         [--stats s1,s2,...] [--jobs N] [--plot Y[:X]] [--best STAT[:min]] [--rerun-failed]\n"
    "         [--config F] [-o key=value] [--size S] [--functional] [--seed N] [--input F] [--data D]\n"
    "  VALUES: a,b,c | 1..32 | 0..100:+10 | 8..128:x2 | swl:1..32 (see docs/sweeps.md)\n";

/* Splits a comma list in place into list[]; -1 on an empty item or too many. */
static int split_list(char *s, const char **list, int *n, int max)
{
    for (char *tok = s;;) {
        char *comma = strchr(tok, ',');
        if (comma)
            *comma = '\0';
        if (!*tok || *n == max)
            return -1;
        list[(*n)++] = tok;
        if (!comma)
            return 0;
        tok = comma + 1;
    }
}

struct sweep_args {
    struct sweep_param params[SWEEP_MAX_PARAMS];
    int nparams;
    const char *stats[SWEEP_MAX_LIST], *plots[SWEEP_MAX_LIST], *benches[SWEEP_MAX_LIST];
    const char *best[SWEEP_MAX_LIST];
    int nstats, nplots, nbenches, nbest;
    char *stats_buf, *bench_buf;
    const char *out;
    int jobs, rerun_failed;
};

static int need(int argc, char **argv, int i)
{
    if (i + 1 < argc)
        return 0;
    fprintf(stderr, "ccgpu sweep: option %s needs a value\n", argv[i]);
    return -1;
}

/* takes the sweep's own options out of argv; the rest goes to rest[].
 * 0, -1 on a usage error (printed), 1 after printing --help. */
static int parse_own(int argc, char **argv, struct sweep_args *a, char **rest, int *nrest)
{
    for (int i = 0; i < argc; i++) {
        const char *o = argv[i];
        if (i > 0 && (!strcmp(o, "--help") || !strcmp(o, "-h"))) {
            fputs(usage, stdout);
            return 1;
        } else if (i == 0 || o[0] != '-') {
            rest[(*nrest)++] = argv[i];
        } else if (!strcmp(o, "--param")) {
            char err[512];
            if (need(argc, argv, i))
                return -1;
            if (a->nparams == SWEEP_MAX_PARAMS) {
                fprintf(stderr, "ccgpu sweep: more than %d --param options\n", SWEEP_MAX_PARAMS);
                return -1;
            }
            if (sweep_param_parse(argv[++i], &a->params[a->nparams], err, sizeof err) != 0) {
                fprintf(stderr, "ccgpu sweep: %s\n", err);
                return -1;
            }
            for (int k = 0; k < a->nparams; k++)
                if (!strcmp(a->params[k].key, a->params[a->nparams].key)) {
                    fprintf(stderr, "ccgpu sweep: --param %s given twice\n", a->params[k].key);
                    sweep_param_free(&a->params[a->nparams]);
                    return -1;
                }
            a->nparams++;
        } else if (!strcmp(o, "--out")) {
            if (need(argc, argv, i))
                return -1;
            a->out = argv[++i];
        } else if (!strcmp(o, "--stats")) {
            if (need(argc, argv, i))
                return -1;
            free(a->stats_buf);
            a->nstats = 0;
            if (!(a->stats_buf = strdup(argv[++i])) ||
                split_list(a->stats_buf, a->stats, &a->nstats, SWEEP_MAX_LIST) != 0) {
                fprintf(stderr, "ccgpu sweep: --stats %s: expected a comma list of statistic names\n",
                        argv[i]);
                return -1;
            }
        } else if (!strcmp(o, "--plot")) {
            if (need(argc, argv, i))
                return -1;
            if (a->nplots == SWEEP_MAX_LIST || !argv[i + 1][0] || argv[i + 1][0] == ':') {
                fprintf(stderr, "ccgpu sweep: --plot %s: expected Y or Y:X\n", argv[i + 1]);
                return -1;
            }
            a->plots[a->nplots++] = argv[++i];
        } else if (!strcmp(o, "--best")) {
            if (need(argc, argv, i))
                return -1;
            if (a->nbest == SWEEP_MAX_LIST || !argv[i + 1][0] || argv[i + 1][0] == ':') {
                fprintf(stderr, "ccgpu sweep: --best %s: expected STAT[:max|:min]\n", argv[i + 1]);
                return -1;
            }
            a->best[a->nbest++] = argv[++i];
        } else if (!strcmp(o, "--jobs") || !strcmp(o, "-j")) {
            char *end;
            if (need(argc, argv, i))
                return -1;
            long j = strtol(argv[++i], &end, 10);
            if (*end || j < 1 || j > 256) {
                fprintf(stderr, "ccgpu sweep: --jobs %s: expected 1..256\n", argv[i]);
                return -1;
            }
            a->jobs = (int)j;
        } else if (!strcmp(o, "--rerun-failed")) {
            a->rerun_failed = 1;
        } else if (!strcmp(o, "--json")) {
            fprintf(stderr, "ccgpu sweep: --json: each point's statistics are in DIR/points/\n");
            return -1;
        } else {
            rest[(*nrest)++] = argv[i];
        }
    }
    return 0;
}

int cmd_sweep(int argc, char **argv)
{
    struct sweep_args a = { .jobs = 1 };
    struct cli_run_options o;
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    int nrest = 0, rc = 2;
    memset(&o, 0, sizeof o);
    if (!rest) {
        fprintf(stderr, "ccgpu sweep: out of memory\n");
        return 1;
    }
    int own = parse_own(argc, argv, &a, rest, &nrest);
    if (own != 0) {
        rc = own > 0 ? 0 : 2; /* 1: --help was answered */
        goto out;
    }
    if (cli_parse_run_options(nrest, rest, &o) != 0)
        goto out;
    if (o.npositional != 1 || !a.out) {
        fputs(usage, stderr);
        goto out;
    }
    if (!(a.bench_buf = strdup(o.positional[0])) ||
        split_list(a.bench_buf, a.benches, &a.nbenches, SWEEP_MAX_LIST) != 0) {
        fprintf(stderr, "ccgpu sweep: '%s': expected BENCH[,BENCH...]\n", o.positional[0]);
        goto out;
    }
    for (int b = 0; b < a.nbenches; b++) {
        if (!bench_find(a.benches[b])) {
            fprintf(stderr, "ccgpu sweep: unknown benchmark '%s' (see ccgpu list)\n", a.benches[b]);
            goto out;
        }
        for (int c = 0; c < b; c++)
            if (!strcmp(a.benches[b], a.benches[c])) {
                fprintf(stderr, "ccgpu sweep: benchmark '%s' given twice\n", a.benches[b]);
                goto out;
            }
    }
    if (o.functional && ccgpu_config_set(o.cfg, "ccgpu_mode", "functional") != 0) {
        fprintf(stderr, "ccgpu sweep: %s\n", ccgpu_config_error(o.cfg));
        goto out;
    }
    struct sweep_opts so = {
        .dir = a.out,
        .benches = a.benches,
        .nbenches = a.nbenches,
        .params = a.params,
        .nparams = a.nparams,
        .base = o.cfg,
        .size = o.size,
        .seed = o.seed,
        .input = o.input,
        .data_dir = o.data_dir,
        .stats = a.nstats ? a.stats : NULL,
        .nstats = a.nstats,
        .plots = a.plots,
        .nplots = a.nplots,
        .best = a.best,
        .nbest = a.nbest,
        .jobs = a.jobs,
        .rerun_failed = a.rerun_failed,
        .verbose = o.verbose,
    };
    rc = sweep_run(&so);
out:
    for (int k = 0; k < a.nparams; k++)
        sweep_param_free(&a.params[k]);
    free(a.stats_buf);
    free(a.bench_buf);
    free(rest);
    cli_run_options_free(&o);
    return rc;
}
