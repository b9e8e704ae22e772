/* ccgpu sweep BENCH[,BENCH...] --param KEY=VALUES [--param ...] --out DIR
 *   [--stats s1,s2] [--jobs N] [--plot Y[:X]] [--best STAT[:min]] [--rerun-failed]
 *   [--slurm [--partition P] [--time T] [--mem M] [--chunk K] [--dry-run]
 *    | --status | --collect | --chunk K --task T] [run options]
 * Runs every benchmark at every point of the cross product of the parameter
 * values, here or as a Slurm job array; see docs/sweeps.md and src/sweep/. */
#include "cli/cli.h"
#include "cli/options.h"
#include "sweep/sweep_param.h"
#include "sweep/sweep_plan.h"
#include "sweep/sweep_run.h"
#include "sweep/sweep_slurm.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SWEEP_MAX_LIST 256

static const char usage[] =
    "usage: ccgpu sweep BENCH[,BENCH...] --param KEY=VALUES [--param ...] --out DIR\n"
    "         [--stats s1,s2,...] [--jobs N] [--plot Y[:X]] [--best STAT[:min]] [--rerun-failed]\n"
    "         [--config F] [-o key=value] [--size S] [--functional] [--seed N] [--input F] [--data D]\n"
    "         [--slurm [--partition P] [--time T] [--mem M] [--chunk K] [--dry-run]]\n"
    "         [--status] [--collect]\n"
    "  VALUES: a,b,c | 1..32 | 0..100:+10 | 8..128:x2 | swl:1..32 (see docs/sweeps.md)\n"
    "  --slurm: submit as a Slurm job array, K points per task (default 1); --dry-run: write\n"
    "  DIR/slurm/sweep.sbatch only. --status: points done, running, queued, missing.\n"
    "  --collect: results.csv and plots from the points there are.\n";

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
    enum { MODE_RUN, MODE_SLURM, MODE_STATUS, MODE_COLLECT, MODE_TASK } mode;
    const char *mode_opt;              /* the option that chose the mode */
    struct sweep_slurm_opts slurm;     /* --partition, --time, --mem, --dry-run, --chunk */
    const char *slurm_only;            /* the first such option given, NULL: none */
    int chunk_given;
    long task;
    const char **task_args; /* argv less the Slurm-only options: what each task runs */
    int ntask_args;
};

static int need(int argc, char **argv, int i)
{
    if (i + 1 < argc)
        return 0;
    fprintf(stderr, "ccgpu sweep: option %s needs a value\n", argv[i]);
    return -1;
}

/* --slurm, --status, --collect, --task: one of them at most. */
static int set_mode(struct sweep_args *a, int mode, const char *opt)
{
    if (a->mode_opt) {
        fprintf(stderr, "ccgpu sweep: %s and %s: one at a time\n", a->mode_opt, opt);
        return -1;
    }
    a->mode = mode;
    a->mode_opt = opt;
    return 0;
}

/* A positive count (--chunk) or an index from 0 (--task); -1 if not. */
static long count_arg(const char *opt, const char *v, long min)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (!*v || *end || n < min || n > SWEEP_MAX_POINTS) {
        fprintf(stderr, "ccgpu sweep: %s '%s': expected %s\n", opt, v,
                min ? "a number of points (1 or more)" : "a chunk index (0 or more)");
        return -1;
    }
    return n;
}

/* The options that only shape a Slurm submission (and so are not passed to
 * its tasks), with whether they take a value; -1: not one. */
static int slurm_option(const char *o)
{
    static const char *const with_value[] = { "--partition", "--time", "--mem", "--chunk",
                                              "--task", NULL };
    static const char *const flags[] = { "--slurm", "--dry-run", "--status", "--collect", NULL };
    for (int k = 0; with_value[k]; k++)
        if (!strcmp(o, with_value[k]))
            return 1;
    for (int k = 0; flags[k]; k++)
        if (!strcmp(o, flags[k]))
            return 0;
    return -1;
}

/* A Slurm-only option: a mode, or a value of the submission. */
static int parse_slurm(int argc, char **argv, int *i, struct sweep_args *a)
{
    const char *o = argv[*i];
    if (!strcmp(o, "--slurm"))
        return set_mode(a, MODE_SLURM, o);
    if (!strcmp(o, "--status"))
        return set_mode(a, MODE_STATUS, o);
    if (!strcmp(o, "--collect"))
        return set_mode(a, MODE_COLLECT, o);
    if (!strcmp(o, "--dry-run")) {
        a->slurm.dry_run = 1;
        a->slurm_only = a->slurm_only ? a->slurm_only : o;
        return 0;
    }
    if (need(argc, argv, *i))
        return -1;
    const char *v = argv[++*i];
    if (!strcmp(o, "--chunk")) {
        a->chunk_given = 1;
        return (a->slurm.chunk = count_arg(o, v, 1)) < 0 ? -1 : 0;
    }
    if (!strcmp(o, "--task"))
        return (a->task = count_arg(o, v, 0)) < 0 ? -1 : set_mode(a, MODE_TASK, o);
    a->slurm_only = a->slurm_only ? a->slurm_only : o;
    if (!strcmp(o, "--partition"))
        a->slurm.partition = v;
    else if (!strcmp(o, "--time"))
        a->slurm.time = v;
    else
        a->slurm.mem = v;
    return 0;
}

/* takes the sweep's own options out of argv; the rest goes to rest[].
 * 0, -1 on a usage error (printed), 1 after printing --help. */
static int parse_own(int argc, char **argv, struct sweep_args *a, char **rest, int *nrest)
{
    for (int i = 0; i < argc; i++) {
        const char *o = argv[i];
        if (i > 0 && (!strcmp(o, "--help") || !strcmp(o, "-h"))) {
            fputs(usage, stdout);
            cli_shared_help(stdout);
            return 1;
        } else if (i == 0 || o[0] != '-') {
            rest[(*nrest)++] = argv[i];
        } else if (slurm_option(o) >= 0) {
            if (parse_slurm(argc, argv, &i, a) != 0)
                return -1;
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

/* The Slurm-only options must go with their mode; the tasks get argv less
 * those options. */
static int check_slurm(int argc, char **argv, struct sweep_args *a)
{
    if (a->slurm_only && a->mode != MODE_SLURM) {
        fprintf(stderr, "ccgpu sweep: %s goes with --slurm\n", a->slurm_only);
        return -1;
    }
    if (a->chunk_given && a->mode != MODE_SLURM && a->mode != MODE_TASK) {
        fprintf(stderr, "ccgpu sweep: --chunk goes with --slurm (or --task)\n");
        return -1;
    }
    if (!a->chunk_given)
        a->slurm.chunk = 1;
    if (!(a->task_args = calloc((size_t)argc + 1, sizeof *a->task_args)))
        return -1;
    for (int i = 1; i < argc; i++) {
        int kind = slurm_option(argv[i]);
        if (kind < 0)
            a->task_args[a->ntask_args++] = argv[i];
        else
            i += kind;
    }
    a->slurm.args = a->task_args;
    a->slurm.nargs = a->ntask_args;
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
    if (check_slurm(argc, argv, &a) != 0)
        goto out;
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
    static const enum sweep_mode run_mode[] = { [MODE_RUN] = SWEEP_RUN, [MODE_TASK] = SWEEP_TASK,
                                                [MODE_COLLECT] = SWEEP_COLLECT };
    struct sweep_opts so = {
        .mode = run_mode[a.mode],
        .chunk = a.slurm.chunk,
        .task = a.task,
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
    if (a.mode == MODE_SLURM)
        rc = sweep_slurm_submit(&so, &a.slurm);
    else if (a.mode == MODE_STATUS)
        rc = sweep_slurm_status(&so);
    else
        rc = sweep_run(&so);
out:
    for (int k = 0; k < a.nparams; k++)
        sweep_param_free(&a.params[k]);
    free(a.stats_buf);
    free(a.bench_buf);
    free(a.task_args);
    free(rest);
    cli_run_options_free(&o);
    return rc;
}
