/* ccgpu cta-exp NAME [--benches A,B] [--out DIR] [run options]: the CTA
 * scheduling experiments of docs/awss.md and docs/clustering.md, one command each, a CSV
 * (DIR/NAME.csv, default DIR .) and gnuplot plots beside it.
 *
 *   awss        AWSS paper Figs. 2, 6, 7, 9 and Table IV: per benchmark
 *               max-TLP (rr), OptTLP (every limit:N, whose points are Fig.
 *               2's contention sweep), AwssSche-Static (awss:lmf,static),
 *               AwssSche (awss:lmf), AwssSche-Relax (awss:mxf), and
 *               AwssSche-Union (awss:lmf,footprint=union: ours, not the paper's),
 *               AwssSche-UnionId (the same, CTAs in id order)
 *   awss-sync   Fig. 11: AwssSche and AwssSche-Relax at ccgpu_cta_sync_cycles
 *               50, 100, 200, 2000, 4000, 8000
 *   awss-sms    Fig. 12: max-TLP, AwssSche, AwssSche-Relax on 8, 15, 16, 32 SMs
 *   awss-l2     Fig. 13: the same with an L2 of 384 KB, 768 KB, 1536 KB
 *               (sets per slice of gpgpu_cache:dl2 scaled; configs/awss-fermi.cfg
 *               layout assumed: 6 slices of 16 ways x 128 B)
 *   awss-input  Fig. 14: the same at --size small and medium
 *   cluster     clustering paper Figs. 12-13: the cuda/examples forms (original,
 *               redirection, agents, throttling, bypass, prefetch) under each
 *               dispatcher model (rr, strict-rr, random:1) and the original
 *               kernel clustered by the dispatcher (cluster, cluster:max=2);
 *               ccgpu_prefetch 1 throughout; --dispatchers A,B runs other
 *               ccgpu_cta_sched values instead (e.g. cluster:x)
 * Synchronisations cost ccgpu_cta_sync_cycles, 70 unless set with -o (the
 * paper's __syncthreads() figure, Table I). */
#include "cli/cli.h"
#include "cli/cta_runs.h"
#include "cli/opttlp.h"
#include "cta/cluster_examples.h"
#include "gpu/config.h"
#include "sweep/afile.h"
#include "sweep/csv.h"
#include "sweep/plot.h"
#include "sweep/sweep_set.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct scheme {
    const char *name, *policy;
};

static const struct scheme awss_schemes[] = {
    { "AwssSche-Static", "awss:lmf,static" },
    { "AwssSche", "awss:lmf" },
    { "AwssSche-Relax", "awss:mxf" },
    { "AwssSche-Union", "awss:lmf,footprint=union" }, /* ours: `awss` only */
    { "AwssSche-UnionId", "awss:lmf,footprint=union,order=id" }, /* ours */
};

/* A table written whole when the experiment succeeded (rc 0), dropped
 * otherwise; the experiment's rc, or 1 when the write failed. */
static int finish_table(struct afile *a, int rc)
{
    char err[256];
    if (rc) {
        afile_abort(a);
        return rc;
    }
    if (afile_commit(a, err, sizeof err)) {
        fprintf(stderr, "ccgpu cta-exp: %s\n", err);
        return 1;
    }
    return 0;
}

static void plot(const char *csv, const char *svg, const char *x, const char *y, const char *group,
                 int bar, const char *title)
{
    struct csv_table t;
    char err[256];
    if (csv_read_file(csv, &t, err, sizeof err)) {
        fprintf(stderr, "ccgpu cta-exp: %s\n", err);
        return;
    }
    struct plot_spec ps = { .x = x, .ny = 0, .bar = bar, .title = title, .svg = svg, .source = csv };
    char ybuf[256], gbuf[256];
    snprintf(ybuf, sizeof ybuf, "%s", y);
    for (char *s = strtok(ybuf, ","); s && ps.ny < PLOT_MAX_COLS; s = strtok(NULL, ","))
        ps.y[ps.ny++] = s;
    if (group) {
        snprintf(gbuf, sizeof gbuf, "%s", group);
        for (char *s = strtok(gbuf, ","); s && ps.ngroup < PLOT_MAX_COLS; s = strtok(NULL, ","))
            ps.group[ps.ngroup++] = s;
    }
    if (plot_make(&t, &ps, stdout, err, sizeof err))
        fprintf(stderr, "ccgpu cta-exp: plot %s: %s\n", svg, err);
    csv_free(&t);
}

static void header(FILE *f, int energy)
{
    fprintf(f, "bench,size,scheme,policy,param,tlp,contention,cycles,ipc,l2_accesses,l2_misses,"
               "l1_hits,l1_misses,dram_reads,tlp_avg,syncs");
    cta_energy_header(f, energy);
    fputc('\n', f);
}

static void row(FILE *f, const char *bench, const char *size, const char *scheme, const char *pol,
                const char *param, uint32_t limit, const struct cta_cell *c,
                const struct cta_prof *p)
{
    uint32_t k = p->dom, per = k < c->nlaunches ? c->ctas_per_sm[k] : 0;
    if (limit && limit < per)
        per = limit;
    uint32_t tlp = per * c->nsms;
    fprintf(f, "%s,%s,%s,\"%s\",%s,%u,%.3f,%.0f,%.4f,%.0f,%.0f,%.0f,%.0f,%.0f,%.2f,%.0f", bench,
            size, scheme, pol, param, tlp, cta_contention(p, k, tlp, c->l2_bytes), c->cycles,
            c->ipc, c->l2_accesses, c->l2_misses, c->l1_hits, c->l1_misses, c->dram_reads,
            c->tlp_avg, c->syncs);
    cta_energy_row(f, c);
    fputc('\n', f);
    fflush(f);
}

/* one scheme run: a row, 0 or cta_run's error */
static int one(const struct cli_run_options *o, const struct bench_ops *b, const char *scheme,
               const char *pol, const char *param, const char *const *over, int nover,
               const struct cta_prof *p, FILE *f)
{
    struct cta_cell c;
    int rc = cta_run(o, b, pol, over, nover, &c);
    if (rc == 0) {
        row(f, b->name, bench_size_name(o->size), scheme, pol, param, 0, &c, p);
        fprintf(stderr, "  %-8s %-16s %-8s %12.0f cycles %10.0f L2 misses\n", b->name, scheme,
                param, c.cycles, c.l2_misses);
    }
    cta_cell_free(&c);
    return rc;
}

static int exp_awss(const struct cli_run_options *o, const struct bench_ops *b,
                    const struct cta_prof *p, FILE *f, FILE *fopt)
{
    struct cta_cell best, maxtlp;
    uint32_t lim = 0;
    memset(&best, 0, sizeof best);
    memset(&maxtlp, 0, sizeof maxtlp);
    int rc = opttlp_search(o, b, NULL, 0, p, fopt, &best, &lim, &maxtlp);
    if (!rc) {
        char param[16];
        snprintf(param, sizeof param, "%u", lim);
        row(f, b->name, bench_size_name(o->size), "max-TLP", "rr", "0", 0, &maxtlp, p);
        row(f, b->name, bench_size_name(o->size), "OptTLP", "limit", param, lim, &best, p);
    }
    cta_cell_free(&best);
    cta_cell_free(&maxtlp);
    for (size_t i = 0; !rc && i < sizeof awss_schemes / sizeof awss_schemes[0]; i++)
        rc = one(o, b, awss_schemes[i].name, awss_schemes[i].policy, "0", NULL, 0, p, f);
    return rc;
}

static int exp_vary(const struct cli_run_options *o, const struct bench_ops *b,
                    const struct cta_prof *p, FILE *f, const char *what)
{
    static const char *const sync[] = { "50", "100", "200", "2000", "4000", "8000" };
    static const char *const sms[] = { "8", "15", "16", "32" };
    static const char *const l2[] = { "32", "64", "128" }; /* sets per slice */
    static const char *const l2kb[] = { "384", "768", "1536" };
    int rc = 0;
    if (!strcmp(what, "awss-sync")) {
        for (size_t i = 0; !rc && i < 6; i++)
            for (size_t s = 1; !rc && s < 3; s++) {
                char ov[64];
                snprintf(ov, sizeof ov, "ccgpu_cta_sync_cycles=%s", sync[i]);
                const char *over[] = { ov };
                rc = one(o, b, awss_schemes[s].name, awss_schemes[s].policy, sync[i], over, 1, p, f);
            }
        return rc;
    }
    int n = !strcmp(what, "awss-sms") ? 4 : 3;
    for (int i = 0; !rc && i < n; i++) {
        char ov[160];
        const char *param;
        if (!strcmp(what, "awss-sms")) {
            snprintf(ov, sizeof ov, "gpgpu_n_clusters=%s", sms[i]);
            param = sms[i];
        } else {
            snprintf(ov, sizeof ov, "gpgpu_cache:dl2=%s:128:16,L:B:m:W,A:32:4,8", l2[i]);
            param = l2kb[i];
        }
        const char *over[] = { ov };
        rc = one(o, b, "max-TLP", "rr", param, over, 1, p, f);
        for (size_t s = 1; !rc && s < 3; s++)
            rc = one(o, b, awss_schemes[s].name, awss_schemes[s].policy, param, over, 1, p, f);
    }
    return rc;
}

/* "  kernel  form ...  cycles hits misses reads" lines of the examples' log */
static void cluster_rows(FILE *log, const char *dispatcher, FILE *f)
{
    char line[512];
    rewind(log);
    while (fgets(line, sizeof line, log)) {
        if (line[0] != ' ' || line[1] != ' ')
            continue;
        char kernel[64];
        double v[4];
        char *end = line + strlen(line);
        while (end > line && (end[-1] == '\n' || end[-1] == ' '))
            *--end = 0;
        int ok = 1;
        for (int i = 3; i >= 0 && ok; i--) {
            char *sp = strrchr(line, ' ');
            ok = sp && sscanf(sp + 1, "%lf", &v[i]) == 1;
            if (ok)
                while (sp > line && sp[-1] == ' ')
                    *sp-- = 0, (void)0;
            if (ok)
                *sp = 0;
        }
        if (!ok || sscanf(line, " %63s", kernel) != 1)
            continue;
        char *form = strstr(line, kernel) + strlen(kernel);
        while (*form == ' ')
            form++;
        fprintf(f, "%s,\"%s\",\"%s\",%.0f,%.0f,%.0f,%.0f\n", kernel, form, dispatcher, v[0], v[1],
                v[2], v[3]);
    }
    fflush(f);
}

#define MAX_DISPATCHERS 8

/* The cluster experiment: every example under each dispatcher model, on
 * the configuration of the command line (its --config files and -o
 * settings, in their order), with ccgpu_prefetch 1 unless that sets it. */
static int exp_cluster(const char *only, const ccgpu_config *cfg, int small,
                       const char *const *disp, size_t ndisp, FILE *f)
{
    fprintf(f, "kernel,form,dispatcher,cycles,l1_hits,l1_misses,l2_reads\n");
    const char *prefetch = config_find(cfg, "ccgpu_prefetch") ? "" : "ccgpu_prefetch 1\n";
    for (size_t i = 0; i < ndisp; i++) {
        char err[512], extra[320];
        if (snprintf(extra, sizeof extra, "%sccgpu_cta_sched %s\n", prefetch, disp[i]) >=
            (int)sizeof extra) {
            fprintf(stderr, "ccgpu cta-exp cluster: dispatcher '%.40s...' is too long\n", disp[i]);
            return -1;
        }
        FILE *log = tmpfile();
        int runs = 0, bad = 0;
        if (!log) {
            fprintf(stderr, "ccgpu cta-exp: cannot create a temporary file\n");
            return -1;
        }
        if (cluster_examples_timing_on(only, cfg, extra, !small, log, &runs, &bad, err,
                                       sizeof err)) {
            fprintf(stderr, "ccgpu cta-exp cluster (%s): %s\n", disp[i], err);
            fclose(log);
            return -1;
        }
        if (bad)
            fprintf(stderr, "ccgpu cta-exp cluster (%s): %d of %d clustered runs wrote a different "
                            "output\n", disp[i], bad, runs);
        cluster_rows(log, disp[i], f);
        fclose(log);
        fprintf(stderr, "  cluster examples under %s: %d runs\n", disp[i], runs);
        if (bad)
            return -1;
    }
    return 0;
}

int cmd_cta_exp(int argc, char **argv)
{
    char *rest[256];
    int nrest = 0, small = 0;
    const char *benches = NULL, *dir = ".", *examples = NULL, *dispatchers = NULL;
    for (int i = 0; i < argc && nrest < 256; i++) {
        const char *a = argv[i];
        int takes = i > 0 && (!strcmp(a, "--benches") || !strcmp(a, "--out") ||
                              !strcmp(a, "--examples") || !strcmp(a, "--dispatchers"));
        if (takes && i + 1 >= argc) {
            fprintf(stderr, "ccgpu cta-exp: %s needs a value\n", a);
            return 2;
        }
        if (takes && !strcmp(a, "--benches"))
            benches = argv[++i];
        else if (takes && !strcmp(a, "--out"))
            dir = argv[++i];
        else if (takes && !strcmp(a, "--dispatchers"))
            dispatchers = argv[++i];
        else if (takes)
            examples = argv[++i];
        else if (i > 0 && !strcmp(a, "--small-examples"))
            small = 1;
        else
            rest[nrest++] = argv[i];
    }
    struct cli_run_options o;
    int rc = cli_parse_run_options(nrest, rest, &o);
    if (rc) {
        cli_run_options_free(&o);
        return rc;
    }
    static const char *const names[] = { "awss", "awss-sync", "awss-sms", "awss-l2", "awss-input",
                                         "cluster", NULL };
    const char *what = o.npositional == 1 ? o.positional[0] : NULL;
    int known = 0;
    for (int i = 0; what && names[i]; i++)
        known |= !strcmp(what, names[i]);
    if (o.help || !known || o.functional) {
        if (what && !known)
            fprintf(stderr, "ccgpu cta-exp: unknown experiment '%s' (awss, awss-sync, awss-sms, "
                            "awss-l2, awss-input, cluster)\n", what);
        else
            fprintf(o.help ? stdout : stderr,
                    "usage: ccgpu cta-exp awss|awss-sync|awss-sms|awss-l2|awss-input [--benches A,B]\n"
                    "                     [--out DIR] [--config F] [--size S] [-o key=value]\n"
                    "       ccgpu cta-exp cluster [--examples NAME] [--small-examples] [--config F]\n"
                    "                     [--dispatchers A,B] (ccgpu_cta_sched values; default rr,\n"
                    "                     strict-rr,random:1,cluster,cluster:max=2)\n"
                    "CTA-scheduling experiments (docs/awss.md and docs/clustering.md): DIR/NAME.csv and plots.\n");
        if (o.help)
            cli_shared_help(stdout);
        cli_run_options_free(&o);
        return o.help ? 0 : 2;
    }
    /* the cluster experiment's dispatcher models (ccgpu_cta_sched values) */
    const char *disp[MAX_DISPATCHERS] = { "rr", "strict-rr", "random:1", "cluster", "cluster:max=2" };
    size_t ndisp = 5;
    char displist[256];
    if (dispatchers) {
        if (strlen(dispatchers) >= sizeof displist) {
            fprintf(stderr, "ccgpu cta-exp: --dispatchers: list too long\n");
            cli_run_options_free(&o);
            return 2;
        }
        strcpy(displist, dispatchers);
        ndisp = 0;
        for (char *p = displist, *c; p; p = c) {
            if ((c = strchr(p, ',')))
                *c++ = 0;
            if (!*p || ndisp == MAX_DISPATCHERS) {
                fprintf(stderr, "ccgpu cta-exp: --dispatchers '%s': %s\n", dispatchers,
                        *p ? "at most 8 dispatchers" : "an empty name");
                cli_run_options_free(&o);
                return 2;
            }
            disp[ndisp++] = p;
        }
    }
    char csv[512], csv2[512], svg[512], ferr[256];
    snprintf(csv, sizeof csv, "%s/%s.csv", dir, what);
    /* the tables are written whole or not at all (afile.h): a failed or
     * killed run leaves the previous file, never part of a new one */
    struct afile acsv, aopt;
    FILE *f = NULL;
    if (sweep_make_dirs(dir) != 0)
        snprintf(ferr, sizeof ferr, "%s", strerror(errno));
    else
        f = afile_open(&acsv, csv, ferr, sizeof ferr);
    if (!f) {
        fprintf(stderr, "ccgpu cta-exp: cannot write %s: %s\n", csv, ferr);
        cli_run_options_free(&o);
        return 1;
    }
    if (!strcmp(what, "cluster")) {
        rc = exp_cluster(examples, o.cfg, small, disp, ndisp, f);
        rc = finish_table(&acsv, rc);
        if (!rc) {
            snprintf(svg, sizeof svg, "%s/cluster-l2.svg", dir);
            plot(csv, svg, "form", "l2_reads", "kernel,dispatcher", 1,
                 "L1-to-L2 reads per form and dispatcher model");
            snprintf(svg, sizeof svg, "%s/cluster-cycles.svg", dir);
            plot(csv, svg, "form", "cycles", "kernel,dispatcher", 1,
                 "cycles per form and dispatcher model");
        }
        cli_run_options_free(&o);
        return rc ? 1 : 0;
    }
    /* synchronisations cost the paper's 70 cycles unless -o set them */
    if (!config_find(o.cfg, "ccgpu_cta_sync_cycles"))
        ccgpu_config_set(o.cfg, "ccgpu_cta_sync_cycles", "70");
    char list[512];
    snprintf(list, sizeof list, "%s", benches ? benches : "mesh,bfs,spmv");
    FILE *fopt = NULL;
    if (!strcmp(what, "awss")) {
        snprintf(csv2, sizeof csv2, "%s/awss-opttlp.csv", dir);
        if (!(fopt = afile_open(&aopt, csv2, ferr, sizeof ferr))) {
            fprintf(stderr, "ccgpu cta-exp: cannot write %s: %s\n", csv2, ferr);
            afile_abort(&acsv);
            cli_run_options_free(&o);
            return 1;
        }
        opttlp_header(fopt, cta_energy_on(&o));
    }
    header(f, cta_energy_on(&o));
    enum bench_size sizes[2] = { o.size, o.size };
    int nsizes = 1;
    if (!strcmp(what, "awss-input")) {
        sizes[0] = BENCH_SMALL;
        sizes[1] = BENCH_MEDIUM;
        nsizes = 2;
    }
    for (char *s = strtok(list, ","); s && !rc; s = strtok(NULL, ",")) {
        const struct bench_ops *b = bench_find(s);
        if (!b) {
            fprintf(stderr, "ccgpu cta-exp: unknown benchmark '%s'\n", s);
            rc = -2;
            break;
        }
        for (int z = 0; z < nsizes && !rc; z++) {
            o.size = sizes[z];
            struct cta_prof p;
            if (cta_profile(&o, b, 128, &p)) {
                rc = -1;
                break;
            }
            if (!strcmp(what, "awss"))
                rc = exp_awss(&o, b, &p, f, fopt);
            else if (!strcmp(what, "awss-input")) {
                rc = one(&o, b, "max-TLP", "rr", bench_size_name(o.size), NULL, 0, &p, f);
                for (size_t i = 1; !rc && i < 3; i++)
                    rc = one(&o, b, awss_schemes[i].name, awss_schemes[i].policy,
                             bench_size_name(o.size), NULL, 0, &p, f);
            } else
                rc = exp_vary(&o, b, &p, f, what);
            cta_prof_free(&p);
        }
    }
    rc = finish_table(&acsv, rc);
    if (fopt)
        rc = finish_table(&aopt, rc);
    if (!rc) {
        snprintf(svg, sizeof svg, "%s/%s-cycles.svg", dir, what);
        if (!strcmp(what, "awss")) {
            plot(csv, svg, "scheme", "cycles", "bench", 1, "cycles per scheme (Fig. 9)");
            snprintf(svg, sizeof svg, "%s/awss-l2-misses.svg", dir);
            plot(csv, svg, "scheme", "l2_misses", "bench", 1, "L2 misses per scheme (Fig. 6)");
            snprintf(svg, sizeof svg, "%s/awss-tlp.svg", dir);
            plot(csv, svg, "scheme", "tlp_avg", "bench", 1, "mean resident CTAs (Fig. 7)");
            snprintf(svg, sizeof svg, "%s/awss-fig2.svg", dir);
            plot(csv2, svg, "contention", "cycles,l2_misses", "bench", 0,
                 "cycles and L2 misses vs cache contention ratio (Fig. 2)");
            if (cta_energy_on(&o)) {
                snprintf(svg, sizeof svg, "%s/awss-energy.svg", dir);
                plot(csv, svg, "scheme", "energy_uj", "bench", 1, "energy per scheme (Fig. 10)");
                snprintf(svg, sizeof svg, "%s/awss-fig3.svg", dir);
                plot(csv2, svg, "contention", "e_sm_uj,e_noc_uj,e_l2mc_uj,e_dram_uj,e_const_uj",
                     "bench", 0, "energy by group vs cache contention ratio (Fig. 3)");
            }
        } else
            plot(csv, svg, "param", "cycles", "bench,scheme", 0, what);
    }
    cli_run_options_free(&o);
    return rc == -2 ? 2 : rc ? 1 : 0;
}
