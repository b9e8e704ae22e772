/* ccgpu opttlp BENCH [--limits L,L,...] [--csv FILE] [--plot F.svg] [run options]:
 * the AWSS paper's OptTLP oracle (TODAES 2014, Sec. 6: "exhaustively
 * searching every possible TLP") -- the benchmark under the static per-SM CTA
 * limit limit:N for every N from 1 to what occupancy allows (the most CTAs
 * per SM of any launch; above it limit:N is max-TLP itself), plus max-TLP
 * (rr). Prints one CSV row per point (cycles, L2 misses, and the cache
 * contention ratio of the launch with the largest working sets at that TLP)
 * and a last row "opttlp" repeating the point with the fewest cycles (ties:
 * the smaller limit). */
#include "cli/cli.h"
#include "cli/progress_lines.h"
#include "cli/cta_runs.h"
#include "cli/opttlp.h"
#include "gpu/config.h"
#include "sweep/csv.h"
#include "sweep/plot.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void opttlp_header(FILE *f, int energy)
{
    fprintf(f, "bench,size,policy,limit,tlp,contention,cycles,ipc,l2_accesses,l2_misses,l1_hits,"
               "l1_misses,dram_reads,tlp_avg,syncs");
    cta_energy_header(f, energy);
    fputc('\n', f);
}

void opttlp_row(FILE *f, const char *bench, const char *size, const char *policy, uint32_t limit,
                const struct cta_cell *c, const struct cta_prof *p)
{
    uint32_t k = p->dom, per = k < c->nlaunches ? c->ctas_per_sm[k] : 0;
    if (limit && limit < per)
        per = limit;
    uint32_t tlp = per * c->nsms;
    fprintf(f, "%s,%s,%s,%u,%u,%.3f,%.0f,%.4f,%.0f,%.0f,%.0f,%.0f,%.0f,%.2f,%.0f", bench, size,
            policy, limit, tlp, cta_contention(p, k, tlp, c->l2_bytes), c->cycles, c->ipc,
            c->l2_accesses, c->l2_misses, c->l1_hits, c->l1_misses, c->dram_reads, c->tlp_avg,
            c->syncs);
    cta_energy_row(f, c);
    fputc('\n', f);
    fflush(f);
}

int opttlp_search(const struct cli_run_options *o, const struct bench_ops *b, const uint32_t *lim,
                  int nlim, const struct cta_prof *p, FILE *out, struct cta_cell *best,
                  uint32_t *best_limit, struct cta_cell *maxtlp)
{
    const char *size = bench_size_name(o->size);
    int rc = cta_run(o, b, "rr", NULL, 0, maxtlp);
    if (rc)
        return rc;
    if (out)
        opttlp_row(out, b->name, size, "rr", 0, maxtlp, p);
    uint32_t most = 0;
    for (uint32_t k = 0; k < maxtlp->nlaunches; k++)
        most = maxtlp->ctas_per_sm[k] > most ? maxtlp->ctas_per_sm[k] : most;
    uint32_t all[256];
    if (!nlim) {
        for (uint32_t n = 1; n <= most && n <= 256; n++)
            all[nlim++] = n;
        lim = all;
    }
    memset(best, 0, sizeof *best);
    *best_limit = 0;
    struct progress_lines progress;
    progress_lines_begin(&progress, "opttlp", nlim);
    for (int i = 0; i < nlim; i++) {
        char pol[32], what[96];
        snprintf(pol, sizeof pol, "limit:%u", lim[i]);
        struct cta_cell c;
        if ((rc = cta_run(o, b, pol, NULL, 0, &c)))
            return rc;
        snprintf(what, sizeof what, "%s with %s", b->name, pol);
        progress_lines_step(&progress, what);
        if (out)
            opttlp_row(out, b->name, size, pol, lim[i], &c, p);
        if (!best->ok || c.cycles < best->cycles) {
            cta_cell_free(best);
            *best = c;
            *best_limit = lim[i];
        } else
            cta_cell_free(&c);
    }
    return 0;
}

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

int cmd_opttlp(int argc, char **argv)
{
    char *rest[256];
    int nrest = 0, nlim = 0;
    uint32_t lim[64];
    const char *csv = NULL, *svg = NULL;
    for (int i = 0; i < argc && nrest < 256; i++) {
        const char *a = argv[i];
        int takes = i > 0 && (!strcmp(a, "--limits") || !strcmp(a, "--csv") || !strcmp(a, "--plot"));
        if (takes && i + 1 >= argc) {
            fprintf(stderr, "ccgpu opttlp: %s needs a value\n", a);
            return 2;
        }
        if (takes && !strcmp(a, "--limits")) {
            if ((nlim = parse_limits(argv[++i], lim, 64)) <= 0) {
                fprintf(stderr, "ccgpu opttlp: --limits %s: expected positive integers separated "
                                "by commas\n", argv[i]);
                return 2;
            }
        } else if (takes && !strcmp(a, "--csv"))
            csv = argv[++i];
        else if (takes)
            svg = argv[++i];
        else
            rest[nrest++] = argv[i];
    }
    struct cli_run_options o;
    int rc = cli_parse_run_options(nrest, rest, &o);
    if (rc) {
        cli_run_options_free(&o);
        return rc;
    }
    const struct bench_ops *b = o.npositional == 1 ? bench_find(o.positional[0]) : NULL;
    if (o.help || !b || o.functional) {
        if (o.npositional == 1 && !b)
            fprintf(stderr, "ccgpu opttlp: unknown benchmark '%s' (see ccgpu list)\n",
                    o.positional[0]);
        else
            fprintf(o.help ? stdout : stderr,
                    "usage: ccgpu opttlp BENCH [--limits L,L,...] [--csv FILE] [--plot F.svg]\n"
                    "                    [--config F] [--size S] [-o key=value]\n"
                    "OptTLP: the benchmark under ccgpu_cta_sched limit:N for every N up to the\n"
                    "occupancy limit, and max-TLP (rr); one CSV row per point, then the best.\n");
        if (o.help)
            cli_shared_help(stdout);
        cli_run_options_free(&o);
        return o.help ? 0 : 2;
    }
    FILE *out = stdout;
    if (csv && !(out = fopen(csv, "w"))) {
        fprintf(stderr, "ccgpu opttlp: cannot write %s\n", csv);
        cli_run_options_free(&o);
        return 1;
    }
    struct cta_prof p;
    struct cta_cell best, maxtlp;
    uint32_t best_limit = 0;
    memset(&best, 0, sizeof best);
    memset(&maxtlp, 0, sizeof maxtlp);
    rc = cta_profile(&o, b, 128, &p) ? -1 : 0;
    if (!rc) {
        opttlp_header(out, cta_energy_on(&o));
        rc = opttlp_search(&o, b, nlim ? lim : NULL, nlim, &p, out, &best, &best_limit, &maxtlp);
        if (!rc && best.ok) {
            char pol[32];
            snprintf(pol, sizeof pol, "opttlp");
            opttlp_row(out, b->name, bench_size_name(o.size), pol, best_limit, &best, &p);
        }
        cta_prof_free(&p);
    }
    if (out != stdout)
        fclose(out);
    if (!rc && best.ok)
        fprintf(csv ? stdout : stderr, "opttlp %s: limit:%u, %.0f cycles (max-TLP %.0f), L2 misses "
                "%.0f (max-TLP %.0f)\n", b->name, best_limit, best.cycles, maxtlp.cycles,
                best.l2_misses, maxtlp.l2_misses);
    if (!rc && csv && svg) {
        struct csv_table t;
        char err[256];
        struct plot_spec ps = { .x = "limit", .y = { "cycles" }, .ny = 1, .title = "OptTLP: cycles vs per-SM CTA limit",
                                .svg = svg, .source = csv };
        if (csv_read_file(csv, &t, err, sizeof err) == 0) {
            if (plot_make(&t, &ps, stdout, err, sizeof err))
                fprintf(stderr, "ccgpu opttlp: plot: %s\n", err);
            csv_free(&t);
        }
    }
    cta_cell_free(&best);
    cta_cell_free(&maxtlp);
    cli_run_options_free(&o);
    return rc == -2 ? 2 : rc ? 1 : 0;
}
