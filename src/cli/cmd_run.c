/* ccgpu run BENCH [options]: runs one benchmark, checks it against its CPU
 * reference, prints statistics (and JSON with --json). */
#include "cli/cli.h"
#include "cli/options.h"
#include <stdio.h>
#include <string.h>

int cmd_run(int argc, char **argv)
{
    struct cli_run_options o;
    int rc = cli_parse_run_options(argc, argv, &o);
    if (rc != 0) {
        cli_run_options_free(&o);
        return rc;
    }
    if (o.npositional != 1) {
        fprintf(stderr, "usage: ccgpu run BENCH [--functional] [--size small|medium|large] "
                        "[--input FILE] [--config F] [-o key=value] [--json F] [--seed N]\n");
        cli_run_options_free(&o);
        return 2;
    }
    const struct bench_ops *b = bench_find(o.positional[0]);
    if (!b) {
        fprintf(stderr, "ccgpu run: unknown benchmark '%s' (see ccgpu list)\n", o.positional[0]);
        cli_run_options_free(&o);
        return 2;
    }
    ccgpu *gpu = NULL;
    rc = cli_run_bench(&o, b, &gpu);
    if (gpu && !o.quiet)
        ccgpu_stats_print(gpu, stdout);
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
