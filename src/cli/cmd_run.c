/* ccgpu run BENCH [options]: runs one benchmark, checks it against its CPU
 * reference, prints statistics (and JSON with --json). */
#include "cli/cli.h"
#include "cli/options.h"
#include <stdio.h>
#include <string.h>

static void usage(FILE *out)
{
    fprintf(out, "usage: ccgpu run BENCH [--functional] [--size small|medium|large] "
                 "[--input FILE] [--config F] [-o key=value] [--json F] [--seed N] [--quiet]\n");
}

/* One line per kernel (its first launch): what the launch got, as
 * cudaOccupancyMaxActiveBlocksPerMultiprocessor would say; with carve-out
 * options set, a second line with its L1D / shared-memory carve-out. */
static void print_occupancy(const ccgpu *gpu, FILE *out)
{
    int n = ccgpu_num_kernels(gpu);
    for (int k = 0; k < n; k++) {
        const char *name = ccgpu_kernel_name(gpu, k);
        int seen = 0;
        for (int j = 0; j < k && !seen; j++)
            seen = !strcmp(name, ccgpu_kernel_name(gpu, j));
        struct ccgpu_launch_info li;
        if (seen || ccgpu_launch_info(gpu, k, &li) != 0)
            continue;
        fprintf(out,
                "occupancy %s: %u registers/thread (%s), %u threads/CTA, %u CTAs = %u warps per "
                "SM, limited by %s\n",
                name, li.regs_per_thread, li.regs_from_ptxas ? "ptxas" : "estimate",
                li.threads_per_cta, li.ctas_per_sm, li.warps_per_sm, ccgpu_limit_name(li.limit));
        if (li.carveout) /* only then: the line is as before without carve-out options */
            fprintf(out, "carve-out %s: %s\n", name, li.carveout_desc);
    }
}

int cmd_run(int argc, char **argv)
{
    struct cli_run_options o;
    int rc = cli_parse_run_options(argc, argv, &o);
    if (rc != 0) {
        cli_run_options_free(&o);
        return rc;
    }
    if (o.help || o.npositional != 1) {
        usage(o.help ? stdout : stderr);
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
    if (gpu && !o.quiet) {
        print_occupancy(gpu, stdout);
        ccgpu_stats_print(gpu, stdout);
    }
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
