/* ccgpu locality BENCH... [--sched A,B,...] [--csv F] [--config F] [--size S]
 * [-o key=value]: the CCWS paper's locality breakdown (MICRO 2012 Fig. 11
 * and 12, CACM Fig. 2). Each benchmark runs in the timing model under each
 * warp scheduler with its L1D stream recorded to a temporary trace
 * (ccgpu_trace_l1); the stream is replayed through the configured L1
 * (geometry, set index, write policy and replacement of gpgpu_cache:dl1,
 * one cache per SM, l1replay.h) and through an unbounded fully associative
 * L1, and every access is classified (analysis/locality.h) as a miss, an
 * intra-warp hit (intra-thread or inter-thread) or an inter-warp hit.
 * Both caches are emptied at each kernel launch, as the timing model's L1s
 * are, so "earlier kernel" hits cannot occur.
 *
 * --types adds SACAT's Fig. 3 breakdown (sacat-tpds2017 §3.1) of the same
 * stream: every hit by type (intra-thread, inter-thread, another warp of the
 * CTA, another CTA of the SM, another SM, an earlier kernel) in bounded and
 * unbounded L1s and L2s (analysis/locality_levels.h). --cta adds the
 * CTA-clustering paper's Fig. 3 and §4.4 (analysis/locality_cta.h): a
 * functional run per benchmark measuring intra- vs inter-CTA reuse of the
 * requests before the L1 and the five-category source, and per scheduler
 * the share of the L1 and L2 hits that are intra-CTA vs inter-CTA
 * (--cta --functional: the functional part only, no timing run). Without
 * either flag the output is as before. */
#include "analysis/l1replay.h"
#include "cli/ccws_runs.h"
#include "cli/characterize_cli.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "gpu/config.h"
#include "timing/sm_config.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_SCHED 32

struct loc_row {
    double insts, timing_misses;
    struct cachesim_run_result res;
    struct locality_levels_result lv; /* --types / --cta */
};

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

/* One timing run with the L1D traced to path; -2 on a setup error. */
static int traced_run(const struct cli_run_options *o, const struct bench_ops *b, const char *sched,
                      const char *path, struct loc_row *row)
{
    if (ccgpu_config_set(o->cfg, "gpgpu_scheduler", sched) ||
        ccgpu_config_set(o->cfg, "ccgpu_mode", "timing") ||
        ccgpu_config_set(o->cfg, "ccgpu_trace_l1", path)) {
        fprintf(stderr, "ccgpu locality: %s\n", ccgpu_config_error(o->cfg));
        return -2;
    }
    char err[512];
    ccgpu *gpu = ccgpu_create(o->cfg, err, sizeof err);
    if (!gpu) {
        fprintf(stderr, "ccgpu locality: %s\n", err);
        return -2;
    }
    ccgpu_set_printf_stream(gpu, stderr);
    struct bench_ctx ctx = { .gpu = gpu, .size = o->size, .input = o->input,
                             .data_dir = o->data_dir, .seed = o->seed };
    int rc = b->run(&ctx);
    if (rc)
        fprintf(stderr, "ccgpu locality: %s with %s: %s\n", b->name, sched, ctx.error);
    ccgpu_stat(gpu, "warp_instructions", -1, &row->insts);
    ccgpu_stat(gpu, "l1d.misses", -1, &row->timing_misses);
    ccgpu_destroy(gpu); /* closes the trace */
    return rc ? -1 : 0;
}

static int replay(const char *dl1, const char *path, struct loc_row *row)
{
    struct l1replay rp;
    char err[512];
    if (l1replay_init(&rp, dl1, CACHESIM_REPL, 1, err, sizeof err) ||
        l1replay_file(&rp, path, &row->res, NULL, err, sizeof err)) {
        fprintf(stderr, "ccgpu locality: %s\n", err);
        return -1;
    }
    return 0;
}

static void print_row(const char *bench, const char *sched, const struct loc_row *r)
{
    const struct locality_counts *c = &r->res.loc, *u = &r->res.loc_unbounded;
    printf("%-10s %-10s %10llu %9.1f %7.1f", bench, sched, (unsigned long long)c->accesses,
           r->insts / 1000.0, pct((uint64_t)r->timing_misses, c->accesses));
    const struct locality_counts *both[2] = { c, u };
    for (int k = 0; k < 2; k++)
        printf(" | %6.1f %6.1f %6.1f %6.1f", pct(both[k]->misses, both[k]->accesses),
               pct(both[k]->intra_thread, both[k]->accesses),
               pct(both[k]->inter_thread, both[k]->accesses),
               pct(locality_inter_warp(both[k]), both[k]->accesses));
    printf("\n");
}

static void csv_counts(FILE *f, const struct locality_counts *c, double insts)
{
    uint64_t v[] = { c->misses, c->intra_thread, c->inter_thread, locality_inter_warp(c),
                     c->inter_warp_cta, c->inter_warp_sm };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        fprintf(f, ",%llu", (unsigned long long)v[i]);
    for (size_t i = 0; i < 4; i++)
        fprintf(f, ",%.4f", insts > 0 ? 1000.0 * (double)v[i] / insts : 0.0);
}

static void csv_row(FILE *f, const char *bench, const char *sched, const char *size,
                    const struct loc_row *r)
{
    fprintf(f, "%s,%s,%s,%.0f,%llu,%.0f", bench, sched, size, r->insts,
            (unsigned long long)r->res.loc.accesses, r->timing_misses);
    csv_counts(f, &r->res.loc, r->insts);
    csv_counts(f, &r->res.loc_unbounded, r->insts);
    fprintf(f, "\n");
}

static const char csv_header[] =
    "benchmark,scheduler,size,warp_insts,l1_accesses,timing_l1_misses,"
    "misses,intra_thread,inter_thread,inter_warp,inter_warp_same_cta,inter_warp_other_cta,"
    "misses_pki,intra_thread_pki,inter_thread_pki,inter_warp_pki,"
    "unb_misses,unb_intra_thread,unb_inter_thread,unb_inter_warp,unb_inter_warp_same_cta,"
    "unb_inter_warp_other_cta,unb_misses_pki,unb_intra_thread_pki,unb_inter_thread_pki,"
    "unb_inter_warp_pki\n";

static int tmp_trace(char *buf, size_t len)
{
    const char *dir = getenv("TMPDIR");
    snprintf(buf, len, "%s/ccgpu-locality-XXXXXX", dir && dir[0] ? dir : "/tmp");
    int fd = mkstemp(buf);
    if (fd < 0) {
        fprintf(stderr, "ccgpu locality: cannot create a temporary trace in %s: %s\n",
                dir && dir[0] ? dir : "/tmp", strerror(errno));
        return -1;
    }
    close(fd);
    return 0;
}

/* --cta: the clustering paper's Fig. 3 (functional, per benchmark) and the
 * intra/inter-CTA split of the replayed caches' hits (per scheduler). */
static int print_cta(const struct cli_run_options *o, const struct bench_ops *const *benches, int nb,
                     char *const *scheds, int ns, const struct loc_row *rows, uint32_t line,
                     int have_l2)
{
    printf("\nInter-CTA reuse (cta-clustering-asplos2017 Fig. 3, Sec. 3.2/4.4): line requests "
           "before the L1, functional run, %u-byte lines\n", line);
    printf("%-12s %10s %7s | %7s %7s | %8s %8s %8s | %7s %7s %7s  %s\n", "benchmark", "requests",
           "reuse%", "intraCTA", "interCTA", "sameData", "lineOnly", "wrBroken", "shared", "gather",
           "coalesc", "category");
    int failed = 0;
    for (int i = 0; i < nb; i++) {
        struct cta_reuse_counts c;
        int r = charz_cta_reuse(o, benches[i], line, &c, "locality");
        if (r == 2)
            return 2;
        failed |= r;
        uint64_t reuse = c.intra_cta + c.inter_cta;
        struct cta_class k = cta_classify(&c);
        printf("%-12s %10llu %6.1f%% | %7.1f%% %7.1f%% | %7.1f%% %7.1f%% %7.1f%% | %6.1f%% %6.1f%% "
               "%6.1f%%  %s%s%s%s\n",
               benches[i]->name, (unsigned long long)c.requests,
               charz_pct((double)reuse, (double)c.requests),
               charz_pct((double)c.intra_cta, (double)reuse), charz_pct((double)c.inter_cta, (double)reuse),
               charz_pct((double)c.inter_same_data, (double)c.inter_cta),
               charz_pct((double)c.inter_line_only, (double)c.inter_cta),
               charz_pct((double)c.write_broken, (double)c.inter_cta),
               charz_pct((double)c.inter_cta, (double)c.cold),
               charz_pct((double)c.irregular_insts, (double)c.insts),
               charz_pct((double)c.bytes_wanted, (double)c.bytes_lines), cta_category_name(k.cat),
               k.also_data ? " +data" : "", k.also_write ? " +write" : "", r ? " (FAILED)" : "");
    }
    printf("(reuse%%: of requests; intra/inter: of reuse; sameData/lineOnly/wrBroken: of inter-CTA "
           "reuse; shared: inter-CTA reuse / cold requests; gather: instructions whose lane address steps take "
           "over 3 values; coalesc: bytes used / bytes of lines touched)\n");
    if (ns == 0)
        return failed ? 1 : 0;
    printf("\nHits of the replayed caches by CTA (timing run): %% of each cache's hits\n");
    printf("%-12s %-10s | %-15s | %-15s | %-15s | %-15s\n", "benchmark", "scheduler", "L1 bounded",
           "L1 unbounded", "L2 bounded", "L2 unbounded");
    printf("%-12s %-10s |", "", "");
    for (int k = 0; k < 4; k++)
        printf(" %7s %7s |", "intraC", "interC");
    printf("\n");
    for (int i = 0; i < nb; i++)
        for (int s = 0; s < ns; s++) {
            const struct locality_levels_result *lv = &rows[i * ns + s].lv;
            const struct locality_counts *c[4] = { &lv->l1, &lv->l1_unb, &lv->l2, &lv->l2_unb };
            printf("%-12s %-10s |", benches[i]->name, scheds[s]);
            for (int k = 0; k < 4; k++) {
                double hits = (double)(c[k]->accesses - c[k]->misses);
                if (k >= 2 && !have_l2)
                    printf(" %7s %7s |", "-", "-");
                else
                    printf(" %6.1f%% %6.1f%% |", charz_pct((double)locality_intra_cta(c[k]), hits),
                           charz_pct((double)locality_inter_cta(c[k]), hits));
            }
            printf("\n");
        }
    printf("(the rest of the hits, to 100%%, are on lines an earlier kernel brought in)\n");
    return failed ? 1 : 0;
}

int cmd_locality(int argc, char **argv)
{
    char *rest[256], *list = NULL, *csv = NULL;
    int nrest = 0, types = 0, cta = 0;
    for (int i = 0; i < argc && nrest < 256; i++) {
        if (i > 0 && !strcmp(argv[i], "--types"))
            types = 1;
        else if (i > 0 && !strcmp(argv[i], "--cta"))
            cta = 1;
        else if (i > 0 && !strcmp(argv[i], "--sched") && i + 1 < argc)
            list = argv[++i];
        else if (i > 0 && !strcmp(argv[i], "--csv") && i + 1 < argc)
            csv = argv[++i];
        else
            rest[nrest++] = argv[i];
    }
    struct cli_run_options o;
    int rc = cli_parse_run_options(nrest, rest, &o);
    if (rc) {
        cli_run_options_free(&o);
        return rc;
    }
    char *scheds[MAX_SCHED], buf[1024];
    int ns = cli_split_scheds(list ? list : "lrr,gto,ccws", buf, sizeof buf, scheds, MAX_SCHED,
                              "locality");
    if (ns < 0) {
        cli_run_options_free(&o);
        return 2;
    }
    /* --cta --functional: only the functional (data-driven) part */
    int cta_only = cta && o.functional && !types && !csv;
    if (o.help || o.npositional < 1 || ns == 0 || (o.functional && !cta_only)) {
        fprintf(o.help ? stdout : stderr, "usage: ccgpu locality BENCH... [--sched lrr,gto,ccws] [--types] [--cta "
                        "[--functional]] [--csv F] [--config F] [--size S] [-o key=value]\n");
        if (o.help)
            cli_shared_help(stdout);
        cli_run_options_free(&o);
        return o.help ? 0 : 2;
    }
    const struct bench_ops *benches[64];
    for (int i = 0; i < o.npositional; i++)
        if (!(benches[i] = bench_find(o.positional[i]))) {
            fprintf(stderr, "ccgpu locality: unknown benchmark '%s' (see ccgpu list)\n",
                    o.positional[i]);
            cli_run_options_free(&o);
            return 2;
        }
    const char *dl1 = config_get_str(o.cfg, "gpgpu_cache:dl1", SM_CONFIG_DEFAULT_L1);
    char dl1_copy[256];
    snprintf(dl1_copy, sizeof dl1_copy, "%s", dl1);
    struct locality_levels_config lc;
    char lerr[512];
    if ((types || cta) && charz_levels_config(&o, dl1_copy, &lc, lerr, sizeof lerr)) {
        fprintf(stderr, "ccgpu locality: %s\n", lerr);
        cli_run_options_free(&o);
        return 2;
    }
    struct loc_row *rows = NULL;
    if ((types || cta) && !(rows = calloc((size_t)(o.npositional * ns) + 1, sizeof *rows))) {
        fprintf(stderr, "ccgpu locality: out of memory\n");
        cli_run_options_free(&o);
        return 1;
    }
    FILE *f = NULL;
    if (csv && !(f = fopen(csv, "w"))) {
        fprintf(stderr, "ccgpu locality: %s: cannot create: %s\n", csv, strerror(errno));
        cli_run_options_free(&o);
        return 1;
    }
    if (cta_only) {
        rc = print_cta(&o, benches, o.npositional, NULL, 0, NULL, lc.l1.line_size, lc.l2_enabled);
        free(rows);
        cli_run_options_free(&o);
        return rc;
    }
    if (f)
        fputs(csv_header, f);
    printf("L1D %s replayed per SM (its own replacement), and an unbounded fully associative L1;\n"
           "%% of L1D accesses: miss, intra-warp hits (intra-thread, inter-thread), inter-warp hits\n",
           dl1_copy);
    printf("%-10s %-10s %10s %9s %7s | %-27s | %-27s\n", "benchmark", "scheduler", "accesses",
           "kinsts", "tm-miss", "configured L1", "unbounded L1");
    printf("%-10s %-10s %10s %9s %7s | %6s %6s %6s %6s | %6s %6s %6s %6s\n", "", "", "", "", "%",
           "miss", "intraT", "interT", "interW", "miss", "intraT", "interT", "interW");
    int failed = 0;
    rc = 0;
    for (int i = 0; i < o.npositional && rc == 0; i++)
        for (int s = 0; s < ns && rc == 0; s++) {
            char path[512];
            struct loc_row row;
            memset(&row, 0, sizeof row);
            if (tmp_trace(path, sizeof path)) {
                rc = 1;
                break;
            }
            int r = traced_run(&o, benches[i], scheds[s], path, &row);
            if (r == -2)
                rc = 2;
            else if (replay(dl1_copy, path, &row))
                rc = 1;
            else if ((types || cta) && charz_levels_file(&lc, path, &row.lv, lerr, sizeof lerr)) {
                fprintf(stderr, "ccgpu locality: %s\n", lerr);
                rc = 1;
            }
            remove(path);
            if (rows && rc == 0)
                rows[i * ns + s] = row;
            if (rc)
                break;
            failed += r != 0;
            print_row(benches[i]->name, scheds[s], &row);
            if (f)
                csv_row(f, benches[i]->name, scheds[s], bench_size_name(o.size), &row);
        }
    if (rc == 0)
        printf("(tm-miss: the timing model's own L1D miss rate; the replay differs by what "
               "timing does to reserved lines)\n");
    if (rc == 0 && types) {
        printf("\nSACAT Fig. 3: %% of each cache's accesses by locality type (L2s fed by the "
               "bounded L1's misses and stores)\n");
        charz_print_types_header();
        for (int i = 0; i < o.npositional; i++)
            for (int s = 0; s < ns; s++) {
                char name[64];
                snprintf(name, sizeof name, "%s/%s", benches[i]->name, scheds[s]);
                charz_print_types(name, &rows[i * ns + s].lv, lc.l2_enabled);
            }
    }
    if (rc == 0 && cta)
        rc = print_cta(&o, benches, o.npositional, scheds, ns, rows, lc.l1.line_size, lc.l2_enabled);
    if (f && (ferror(f) | fclose(f)) && rc == 0) {
        fprintf(stderr, "ccgpu locality: %s: write failed\n", csv);
        rc = 1;
    }
    free(rows);
    cli_run_options_free(&o);
    return rc ? rc : failed ? 1 : 0;
}
