/* ccgpu compare BENCH... --sched lrr,gto,2lvl,swl:N [--config F] [options]:
 * runs each benchmark under each warp scheduler in the timing model and
 * prints cycles, IPC normalised to GTO (to the first scheduler when gto is
 * not in the list) and L1D MPKI (misses per 1000 warp instructions), with
 * the harmonic mean of the normalised IPC per scheduler. With --belady
 * (or --belady-bypass) each run's L1D stream is also replayed with Belady
 * OPT (belady.h) and printed as the <sched>-BEL MPKI column (Fig. 8/10),
 * with the mean MPKI of both columns on the hmean rows. */
#include "cli/belady.h"
#include "cli/cli.h"
#include "cli/options.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SCHED 32

struct cell {
    int ok;
    double cycles, ipc, mpki, bel_mpki;
};

static int run_one(const struct cli_run_options *o, const struct bench_ops *b, const char *sched,
                   struct cli_belady *bel, struct cell *c)
{
    memset(c, 0, sizeof *c);
    c->bel_mpki = NAN;
    if (bel->on && cli_belady_prepare(bel, o->cfg))
        return -2;
    if (ccgpu_config_set(o->cfg, "gpgpu_scheduler", sched) ||
        ccgpu_config_set(o->cfg, "ccgpu_mode", "timing")) {
        fprintf(stderr, "ccgpu compare: %s\n", ccgpu_config_error(o->cfg));
        cli_belady_cleanup(bel);
        return -2;
    }
    char err[512];
    ccgpu *gpu = ccgpu_create(o->cfg, err, sizeof err);
    if (!gpu) {
        fprintf(stderr, "ccgpu compare: %s\n", err);
        cli_belady_cleanup(bel);
        return -2;
    }
    ccgpu_set_printf_stream(gpu, stderr);
    struct bench_ctx ctx = { .gpu = gpu, .size = o->size, .input = o->input,
                             .data_dir = o->data_dir, .seed = o->seed };
    int rc = b->run(&ctx);
    if (rc)
        fprintf(stderr, "ccgpu compare: %s with %s: %s\n", b->name, sched, ctx.error);
    c->ok = rc == 0;
    ccgpu_stat(gpu, "cycles", -1, &c->cycles);
    ccgpu_stat(gpu, "ipc", -1, &c->ipc);
    ccgpu_stat(gpu, "l1d.mpki", -1, &c->mpki);
    ccgpu_destroy(gpu);
    if (bel->on && cli_belady_mpki(bel, o->cfg, &c->bel_mpki))
        return -2;
    return rc;
}

int cmd_compare(int argc, char **argv)
{
    char *rest[256], *list = NULL;
    int nrest = 0;
    struct cli_belady bel = { 0 };
    for (int i = 0; i < argc && nrest < 256; i++) {
        if (i > 0 && !strcmp(argv[i], "--sched") && i + 1 < argc)
            list = argv[++i];
        else if (i > 0 && !strcmp(argv[i], "--belady"))
            bel.on = 1;
        else if (i > 0 && !strcmp(argv[i], "--belady-bypass"))
            bel.on = bel.bypass = 1;
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
    if (o.npositional < 1 || ns == 0 || o.functional) {
        fprintf(stderr, "usage: ccgpu compare BENCH... --sched lrr,gto,2lvl,swl:N [--config F] "
                        "[--size S] [-o key=value] [--belady | --belady-bypass]\n");
        cli_run_options_free(&o);
        return 2;
    }
    int base = 0;
    for (int s = 0; s < ns; s++)
        if (!strcmp(scheds[s], "gto"))
            base = s;
    const struct bench_ops *benches[64];
    for (int i = 0; i < o.npositional; i++)
        if (!(benches[i] = bench_find(o.positional[i]))) {
            fprintf(stderr, "ccgpu compare: unknown benchmark '%s' (see ccgpu list)\n",
                    o.positional[i]);
            cli_run_options_free(&o);
            return 2;
        }
    double inv_sum[MAX_SCHED] = { 0 }, mpki_sum[MAX_SCHED] = { 0 }, bel_sum[MAX_SCHED] = { 0 };
    int counted[MAX_SCHED] = { 0 }, failed = 0;
    printf("%-12s %-12s %12s %8s %9s %9s%s\n", "benchmark", "scheduler", "cycles", "IPC",
           "IPC/base", "L1 MPKI", bel.on ? (bel.bypass ? "  BEL-byp MPKI" : "  BEL MPKI") : "");
    for (int i = 0; i < o.npositional; i++) {
        struct cell cells[MAX_SCHED];
        for (int s = 0; s < ns; s++) {
            int r = run_one(&o, benches[i], scheds[s], &bel, &cells[s]);
            if (r == -2) {
                cli_run_options_free(&o);
                return 2;
            }
            failed += r != 0;
        }
        for (int s = 0; s < ns; s++) {
            const struct cell *c = &cells[s];
            double norm = cells[base].ok && cells[base].ipc > 0 ? c->ipc / cells[base].ipc : NAN;
            printf("%-12s %-12s %12.0f %8.3f %9.3f %9.2f", benches[i]->name, scheds[s],
                   c->cycles, c->ipc, norm, c->mpki);
            if (bel.on)
                printf(" %9.2f", c->bel_mpki);
            printf("%s\n", c->ok ? "" : "  FAIL");
            if (c->ok && norm > 0) {
                inv_sum[s] += 1.0 / norm;
                mpki_sum[s] += c->mpki;
                bel_sum[s] += c->bel_mpki;
                counted[s]++;
            }
        }
    }
    for (int s = 0; s < ns; s++) {
        printf("%-12s %-12s %12s %8s %9.3f", "hmean", scheds[s], "", "",
               counted[s] ? counted[s] / inv_sum[s] : NAN);
        if (bel.on)
            printf(" %9.2f %9.2f", counted[s] ? mpki_sum[s] / counted[s] : NAN,
                   counted[s] ? bel_sum[s] / counted[s] : NAN);
        printf("\n");
    }
    printf("(IPC/base: IPC normalised to %s, harmonic mean", scheds[base]);
    if (bel.on)
        printf("; MPKI per 1000 warp instructions, arithmetic mean on the hmean rows; BEL: "
               "Belady OPT %s on the scheduler's own L1D stream",
               bel.bypass ? "allowed to bypass" : "without bypass (every miss allocates)");
    printf(")\n");
    cli_run_options_free(&o);
    return failed ? 1 : 0;
}
