/* ccgpu run BENCH [options]: runs one benchmark, checks it against its CPU
 * reference, prints its result line, each kernel's occupancy and a summary
 * of the statistics (run_summary.h); --stats all every statistic of every
 * launch, --stats total every total, --stats none (or --quiet) nothing
 * after the result line; --per-kernel a row per launch; --json F every
 * statistic as JSON. */
#include "cli/cli.h"
#include "cli/options.h"
#include "cli/run_summary.h"
#include <stdio.h>
#include <string.h>

/* run's own options (its parser takes these, its help prints them) */
static const struct cli_option run_options[] = {
    { "--stats", "summary|all|total|none",
      "after the result line: the summary (default), every statistic of every launch, "
      "every total, or nothing" },
    { "--per-kernel", NULL, "a table with one row per kernel launch" },
    { NULL, NULL, NULL },
};

static void usage(FILE *out)
{
    fprintf(out, "usage: ccgpu run BENCH [options]\n"
                 "runs one benchmark, checks it against its CPU reference, prints the result, "
                 "each kernel's occupancy and a summary of the statistics\n"
                 "options of run:\n");
    cli_print_options(out, run_options);
}

int cmd_run(int argc, char **argv)
{
    /* run's own options, taken out before the shared ones are parsed */
    char *rest[256];
    int nrest = 0, per_kernel = 0;
    const char *stats = "summary";
    for (int i = 0; i < argc && nrest < 256; i++) {
        if (i > 0 && !strcmp(argv[i], run_options[0].name)) {
            if (i + 1 >= argc) {
                fprintf(stderr, "ccgpu run: option --stats needs a value\n");
                return 2;
            }
            stats = argv[++i];
            if (strcmp(stats, "summary") && strcmp(stats, "all") && strcmp(stats, "total") &&
                strcmp(stats, "none")) {
                fprintf(stderr, "ccgpu run: --stats %s: expected summary, all, total or none\n",
                        stats);
                return 2;
            }
        } else if (i > 0 && !strcmp(argv[i], run_options[1].name)) {
            per_kernel = 1;
        } else {
            rest[nrest++] = argv[i];
        }
    }
    if (nrest == 256) {
        fprintf(stderr, "ccgpu run: too many arguments\n");
        return 2;
    }
    struct cli_run_options o;
    int rc = cli_parse_run_options(nrest, rest, &o);
    if (rc != 0) {
        cli_run_options_free(&o);
        return rc;
    }
    if (o.help || o.npositional != 1) {
        if (o.help) {
            usage(stdout);
            cli_shared_help(stdout);
        } else {
            fprintf(stderr, "usage: ccgpu run BENCH [options] (ccgpu run --help lists them)\n");
        }
        cli_run_options_free(&o);
        return o.help ? 0 : 2;
    }
    const struct bench_ops *b = bench_find(o.positional[0]);
    if (!b) {
        fprintf(stderr, "ccgpu run: unknown benchmark '%s' (see ccgpu list)\n", o.positional[0]);
        cli_run_options_free(&o);
        return 2;
    }
    ccgpu *gpu = NULL;
    rc = cli_run_bench(&o, b, &gpu);
    if (o.quiet)
        stats = "none";
    if (gpu)
        run_summary_print(gpu, stats, per_kernel, stdout);
    if (gpu && o.json_path) {
        FILE *f = fopen(o.json_path, "w");
        if (!f || ccgpu_stats_write_json(gpu, f) != 0 || fclose(f) != 0) {
            fprintf(stderr, "ccgpu run: cannot write %s\n", o.json_path);
            rc = -1;
        }
    }
    ccgpu_destroy(gpu);
    cli_run_options_free(&o);
    return rc == 0 ? 0 : rc == -2 ? 2 : 1;
}
