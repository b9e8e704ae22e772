/* ccgpu swl-sweep BENCH [--limits 1,2,4,...] [--belady] [run options]:
 * static wavefront limiting (ccws-micro2012 §3.2) at every limit - 1..32 by
 * default, as the paper's Best-SWL ("all possible limitation values (32 to
 * 1) were run and the best performing case is picked") - printing cycles,
 * IPC, L1 MPKI (and the Belady MPKI of the stream) per limit, then the best. */
#include "cli/ccws_runs.h"
#include "cli/cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_limits(const char *s, uint32_t *out, int max)
{
    int n = 0;
    while (*s && n < max) {
        char *end;
        unsigned long v = strtoul(s, &end, 10);
        if (end == s || v == 0 || v > 1024 || (*end && *end != ','))
            return -1;
        out[n++] = (uint32_t)v;
        s = *end ? end + 1 : end;
    }
    return *s ? -1 : n;
}

int cmd_swl_sweep(int argc, char **argv)
{
    char *rest[256];
    int nrest = 0, belady = 0, nlim = 0;
    uint32_t lim[64];
    for (int i = 0; i < argc && nrest < 256; i++) {
        if (i > 0 && !strcmp(argv[i], "--limits") && i + 1 < argc) {
            if ((nlim = parse_limits(argv[++i], lim, 64)) <= 0) {
                fprintf(stderr, "ccgpu swl-sweep: --limits %s: expected positive integers "
                                "separated by commas\n", argv[i]);
                return 2;
            }
        } else if (i > 0 && !strcmp(argv[i], "--belady")) {
            belady = 1;
        } else {
            rest[nrest++] = argv[i];
        }
    }
    struct cli_run_options o;
    int rc = cli_parse_run_options(nrest, rest, &o);
    if (rc) {
        cli_run_options_free(&o);
        return rc;
    }
    const struct bench_ops *b = o.npositional == 1 ? bench_find(o.positional[0]) : NULL;
    if (!b || o.functional || o.help) {
        if (o.npositional == 1 && !b && !o.help)
            fprintf(stderr, "ccgpu swl-sweep: unknown benchmark '%s' (see ccgpu list)\n",
                    o.positional[0]);
        else
            fprintf(o.help ? stdout : stderr, "usage: ccgpu swl-sweep BENCH [--limits 1,2,4,...] [--belady] "
                            "[--config F] [--size S] [-o key=value]\n");
        if (o.help)
            cli_shared_help(stdout);
        cli_run_options_free(&o);
        return o.help ? 0 : 2;
    }
    printf("%-12s %-12s %12s %8s %9s%s\n", "benchmark", "scheduler", "cycles", "warp IPC",
           "L1D MPKI", belady ? "  BEL MPKI" : "");
    printf("%-12s %-12s %12s %8s %9s%s\n", "", "", "(core)", "(/cycle)", "(/1k wi)",
           belady ? "  (/1k wi)" : "");
    struct ccws_cell best = { 0 }; /* no --stat: want[] empty */
    rc = ccws_best_swl(&o, b, lim, nlim, belady, stdout, &best);
    if (rc == -2) {
        cli_run_options_free(&o);
        return 2;
    }
    if (best.ok) {
        printf("best-swl     %u warps: %.0f cycles, warp IPC %.3f, L1D MPKI %.2f", best.swl,
               best.cycles, best.ipc, best.mpki);
        if (belady)
            printf(", Belady MPKI %.2f", best.bel_mpki);
        printf(" (MPKI: misses per 1,000 warp instructions)\n");
    }
    cli_run_options_free(&o);
    return rc ? 1 : 0;
}
