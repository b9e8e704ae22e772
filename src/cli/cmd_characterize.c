/* ccgpu characterize BENCH... [--suite CLASS[,CLASS]] [--csv F] [--plot F.svg]
 * [--config F] [--size S] [-o key=value]: SACAT's workload characterisation
 * (sacat-tpds2017 §3, Figs. 2-5; docs/characterize.md). For each benchmark,
 * four timing runs under the configuration (default configs/sacat-gtx480.cfg):
 *   bypass   gpgpu_gmem_skip_L1D 1: global loads and stores skip the L1 (the
 *            L2 stays: the reading of the paper's "no caches");
 *   L1       the configured L1, its L1D stream recorded;
 *   FA       a fully associative L1 of the same capacity and policies
 *            (1 set x sets*ways ways);
 *   unb      an "unbounded" fully associative L1: 1024 sets (or the
 *            configured count if larger) x 64 ways, ipoly-indexed, same
 *            line, MSHRs and policies; its eviction count is printed, and a
 *            run that evicted is marked, since then it was not unbounded.
 * Fig. 2: warp IPC of the four; Fig. 3: the L1 run's stream replayed through
 * bounded and unbounded L1s and L2s (analysis/locality_levels.h), each hit by
 * locality type; Fig. 4: the L1 run's reservation failures per 1000 cycles by
 * reason; Fig. 5: its L1 MPKI (misses per 1000 warp instructions); the class
 * by analysis/characterize.h's rule. */
#include "analysis/characterize.h"
#include "analysis/l1replay.h"
#include "cli/characterize_cli.h"
#include "cli/cli.h"
#include "gpu/config.h"
#include "mem/cache_config.h"
#include "mem/memsys.h"
#include "sweep/afile.h"
#include "sweep/plot.h"
#include "timing/sm_config.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_CONFIG "configs/sacat-gtx480.cfg"
#define MAX_BENCH 128

double charz_pct(double a, double b) { return b > 0 ? 100.0 * a / b : 0.0; }

int charz_tmp_trace(char *buf, size_t len, const char *who)
{
    const char *dir = getenv("TMPDIR");
    snprintf(buf, len, "%s/ccgpu-charz-XXXXXX", dir && dir[0] ? dir : "/tmp");
    int fd = mkstemp(buf);
    if (fd < 0) {
        fprintf(stderr, "ccgpu %s: cannot create a temporary trace in %s: %s\n", who,
                dir && dir[0] ? dir : "/tmp", strerror(errno));
        return -1;
    }
    close(fd);
    return 0;
}

static double stat_or0(ccgpu *gpu, const char *name)
{
    double v = 0;
    if (ccgpu_stat(gpu, name, -1, &v) != 0)
        return 0;
    return v;
}

int charz_timing_run(const struct cli_run_options *o, const struct bench_ops *b,
                     const struct charz_set *sets, int n, const char *trace,
                     struct charz_run *out, const char *who)
{
    memset(out, 0, sizeof *out);
    if (ccgpu_config_set(o->cfg, "ccgpu_mode", "timing") ||
        ccgpu_config_set(o->cfg, "ccgpu_trace_l1", trace ? trace : "")) {
        fprintf(stderr, "ccgpu %s: %s\n", who, ccgpu_config_error(o->cfg));
        return -2;
    }
    for (int i = 0; i < n; i++)
        if (sets[i].value && ccgpu_config_set(o->cfg, sets[i].key, sets[i].value)) {
            fprintf(stderr, "ccgpu %s: %s\n", who, ccgpu_config_error(o->cfg));
            return -2;
        }
    char err[512];
    ccgpu *gpu = ccgpu_create(o->cfg, err, sizeof err);
    if (!gpu) {
        fprintf(stderr, "ccgpu %s: %s\n", who, err);
        return -2;
    }
    ccgpu_set_printf_stream(gpu, stderr);
    struct bench_ctx ctx = { .gpu = gpu, .size = o->size, .input = o->input,
                             .data_dir = o->data_dir, .seed = o->seed };
    int rc = b->run(&ctx);
    /* a run-length cap (as the SACAT paper caps its long benchmarks) is not a
     * failure: the statistics cover the run up to it, as in ccgpu run */
    if (rc && ccgpu_error_code(gpu) == CCGPU_ERROR_STOPPED) {
        out->capped = 1;
        rc = 0;
    }
    if (rc)
        fprintf(stderr, "ccgpu %s: %s: %s\n", who, b->name, ctx.error);
    out->ok = rc == 0;
    out->cycles = stat_or0(gpu, "cycles");
    out->ipc = stat_or0(gpu, "warp_ipc");
    out->insts = stat_or0(gpu, "warp_instructions");
    out->mpki = stat_or0(gpu, "l1d.mpki");
    out->l1_accesses = stat_or0(gpu, "l1d.accesses");
    out->l1_misses = stat_or0(gpu, "l1d.misses");
    out->l1_evictions = stat_or0(gpu, "l1d.evictions");
    out->rf_line_alloc = stat_or0(gpu, "l1d.res_fail_line_alloc");
    out->rf_mshr_entry = stat_or0(gpu, "l1d.res_fail_mshr_entry");
    out->rf_mshr_merge = stat_or0(gpu, "l1d.res_fail_mshr_merge");
    out->rf_miss_queue = stat_or0(gpu, "l1d.res_fail_miss_queue");
    ccgpu_destroy(gpu); /* closes the trace */
    if (trace)
        ccgpu_config_set(o->cfg, "ccgpu_trace_l1", "");
    return rc ? -1 : 0;
}

int charz_levels_config(const struct cli_run_options *o, const char *dl1,
                        struct locality_levels_config *lc, char *err, size_t errlen)
{
    memset(lc, 0, sizeof *lc);
    struct l1replay rp;
    if (l1replay_init(&rp, dl1, CACHESIM_REPL, 1, err, errlen))
        return -1;
    lc->l1 = rp.run.cache;
    /* the replay's index name points into rp: keep it in lc */
    snprintf(lc->index_buf, sizeof lc->index_buf, "%s", rp.l1.index);
    lc->l1.index = lc->index_buf;
    snprintf(lc->l1_repl_buf, sizeof lc->l1_repl_buf, "%s", rp.l1.repl);
    lc->l1.repl = lc->l1_repl_buf;
    struct memsys_config mc;
    memsys_config_ccws(&mc); /* the timing model's base (gpu_timing.c) */
    if (memsys_config_read(&mc, o->cfg, err, errlen))
        return -1;
    if (mc.l2.disabled)
        return 0;
    if (mc.l2.line_size < rp.l1.line_size || mc.l2.line_size % rp.l1.line_size) {
        snprintf(err, errlen, "gpgpu_cache:dl2: a %u-byte line is not a multiple of the L1's %u",
                 mc.l2.line_size, rp.l1.line_size);
        return -1;
    }
    int p = cachesim_policy_parse(mc.l2.repl);
    snprintf(lc->l2_repl_buf, sizeof lc->l2_repl_buf, "%s", mc.l2.repl);
    lc->l2_enabled = 1;
    lc->l2_factor = mc.l2.line_size / rp.l1.line_size;
    struct cachesim_config *c = &lc->l2;
    c->policy = p == CACHESIM_LRU || p == CACHESIM_FIFO ? (enum cachesim_policy)p : CACHESIM_REPL;
    c->repl = lc->l2_repl_buf;
    c->size = (uint64_t)mc.l2.nsets * mc.l2.assoc * mc.l2.line_size * mc.n_part;
    c->assoc = mc.l2.assoc;
    c->line_size = mc.l2.line_size;
    c->index = "linear";
    c->seed = 1;
    c->writes = c->local_writes = mc.l2.write_policy == CACHE_WRITE_BACK && mc.l2.write_allocate
                                      ? CACHESIM_WRITES_ALLOCATE
                                      : CACHESIM_WRITES_THROUGH;
    return 0;
}

int charz_levels_file(const struct locality_levels_config *lc, const char *path,
                      struct locality_levels_result *res, char *err, size_t errlen)
{
    char e[512];
    struct trace_reader *rd = trace_reader_open(path, e, sizeof e);
    if (!rd) {
        snprintf(err, errlen, "%s", e);
        return -1;
    }
    const struct trace_header *h = trace_reader_header(rd);
    int rc = -1;
    if (h->level != TRACE_LEVEL_L1 || h->line_size != lc->l1.line_size) {
        snprintf(err, errlen, "%s: not an L1D trace of %u-byte lines", path, lc->l1.line_size);
    } else {
        struct access_source src;
        access_source_reader(&src, rd);
        rc = locality_levels_run(lc, &src, res, err, errlen);
    }
    trace_reader_close(rd);
    return rc;
}

int charz_cta_reuse(const struct cli_run_options *o, const struct bench_ops *b,
                    uint32_t line_bytes, struct cta_reuse_counts *out, const char *who)
{
    struct cta_reuse cr;
    if (cta_reuse_init(&cr, line_bytes) != 0) {
        fprintf(stderr, "ccgpu %s: out of memory (or line size %u)\n", who, line_bytes);
        return 1;
    }
    if (ccgpu_config_set(o->cfg, "ccgpu_mode", "functional") ||
        ccgpu_config_set(o->cfg, "ccgpu_trace_l1", "")) {
        fprintf(stderr, "ccgpu %s: %s\n", who, ccgpu_config_error(o->cfg));
        cta_reuse_free(&cr);
        return 2;
    }
    char err[512];
    ccgpu *gpu = ccgpu_create(o->cfg, err, sizeof err);
    if (!gpu) {
        fprintf(stderr, "ccgpu %s: %s\n", who, err);
        cta_reuse_free(&cr);
        return 2;
    }
    ccgpu_set_printf_stream(gpu, stderr);
    ccgpu_set_access_observer(gpu, cta_reuse_observe, &cr);
    struct bench_ctx ctx = { .gpu = gpu, .size = o->size, .input = o->input,
                             .data_dir = o->data_dir, .seed = o->seed };
    int rc = b->run(&ctx);
    ccgpu_destroy(gpu);
    if (rc)
        fprintf(stderr, "ccgpu %s: %s: %s\n", who, b->name, ctx.error);
    else if (cr.error)
        fprintf(stderr, "ccgpu %s: %s: %s\n", who, b->name,
                cr.error == 1 ? "out of memory measuring inter-CTA reuse"
                              : "an address or CTA id beyond the inter-CTA analysis' range");
    *out = cr.c;
    int bad = rc || cr.error;
    cta_reuse_free(&cr);
    return bad ? 1 : 0;
}

/* ---- the command ---------------------------------------------------------- */

struct charz_bench {
    const struct bench_ops *b;
    int ok;
    struct charz_run run[4]; /* bypass, L1, FA, unbounded */
    struct locality_levels_result loc;
    struct sacat_figures fig;
    struct sacat_class_result cls;
};

static const char *const scenario[4] = { "bypass", "L1", "FA", "unbounded" };

static double hit_rate(const struct locality_counts *c)
{
    return c->accesses ? (double)(c->accesses - c->misses) / (double)c->accesses : 0.0;
}

static double per_kcycle(double n, double cycles) { return cycles > 0 ? 1000.0 * n / cycles : 0.0; }

static void fill_figures(struct charz_bench *cb, int have_l2)
{
    const struct charz_run *l1 = &cb->run[1];
    struct sacat_figures *f = &cb->fig;
    f->ipc_bypass = cb->run[0].ipc;
    f->ipc_l1 = l1->ipc;
    f->ipc_fa = cb->run[2].ipc;
    f->ipc_unb = cb->run[3].ipc;
    f->l1_hit = hit_rate(&cb->loc.l1);
    f->l1_unb_hit = hit_rate(&cb->loc.l1_unb);
    f->l2_hit = have_l2 ? hit_rate(&cb->loc.l2) : -1;
    f->l2_unb_hit = have_l2 ? hit_rate(&cb->loc.l2_unb) : -1;
    uint64_t acc = cb->loc.l1.accesses;
    f->once_share = acc ? (double)cb->loc.once_accesses / (double)acc : 0;
    f->iw_conflict_share = acc ? (double)cb->loc.iw_conflict_accesses / (double)acc : 0;
    f->rf_line_alloc = per_kcycle(l1->rf_line_alloc, l1->cycles);
    f->rf_mshr = per_kcycle(l1->rf_mshr_entry + l1->rf_mshr_merge, l1->cycles);
    f->rf_miss_queue = per_kcycle(l1->rf_miss_queue, l1->cycles);
    f->mpki = l1->mpki;
    cb->cls = sacat_classify(f);
}

/* The Fig. 3 columns of one cache: % of its accesses. */
static const char *const type_cols[] = { "miss", "intra_thread", "inter_thread", "intra_cta",
                                          "intra_sm", "inter_sm", "inter_kernel" };
#define NTYPE 7

static void type_values(const struct locality_counts *c, double v[NTYPE])
{
    double a = (double)c->accesses;
    v[0] = charz_pct((double)c->misses, a);
    v[1] = charz_pct((double)c->intra_thread, a);
    v[2] = charz_pct((double)c->inter_thread, a);
    v[3] = charz_pct((double)c->inter_warp_cta, a);
    v[4] = charz_pct((double)c->inter_warp_sm, a);
    v[5] = charz_pct((double)c->inter_warp_remote, a);
    v[6] = charz_pct((double)c->inter_kernel, a);
}

void charz_print_types(const char *bench, const struct locality_levels_result *r, int have_l2)
{
    const struct locality_counts *c[4] = { &r->l1, &r->l1_unb, &r->l2, &r->l2_unb };
    static const char *const name[4] = { "L1 bounded", "L1 unbounded", "L2 bounded", "L2 unbounded" };
    for (int k = 0; k < (have_l2 ? 4 : 2); k++) {
        double v[NTYPE];
        type_values(c[k], v);
        printf("%-12s %-13s %10llu", bench, name[k], (unsigned long long)c[k]->accesses);
        for (int t = 0; t < NTYPE; t++)
            printf(" %7.1f", v[t]);
        printf("\n");
    }
}

void charz_print_types_header(void)
{
    printf("%-12s %-13s %10s %7s %7s %7s %7s %7s %7s %7s\n", "benchmark", "cache", "accesses",
           "miss", "intraT", "interT", "intraCTA", "intraSM", "interSM", "interK");
}

static int grow_rows(struct csv_table *t)
{
    if (t->nrows < t->caprows)
        return 0;
    int cap = t->caprows ? 2 * t->caprows : 64;
    char ***rows = realloc(t->rows, (size_t)cap * sizeof *rows);
    if (!rows)
        return -1;
    t->rows = rows;
    t->caprows = cap;
    return 0;
}

static int add_row(struct csv_table *t, char **fields)
{
    if (grow_rows(t)) {
        for (int i = 0; i < t->ncols; i++)
            free(fields[i]);
        free(fields);
        return -1;
    }
    t->rows[t->nrows++] = fields;
    return 0;
}

static char *fmt(double v)
{
    char buf[40];
    snprintf(buf, sizeof buf, "%.6g", v);
    return strdup(buf);
}

static int set_header(struct csv_table *t, const char *const *names, int n)
{
    t->header = calloc((size_t)n, sizeof *t->header);
    if (!t->header)
        return -1;
    t->ncols = n;
    for (int i = 0; i < n; i++)
        if (!(t->header[i] = strdup(names[i])))
            return -1;
    return 0;
}

/* The wide CSV: one row per benchmark. */
static int build_csv(struct csv_table *t, const struct charz_bench *cb, int nb, const char *size)
{
    const char *fixed[] = { "bench", "size", "status", "class",
                            "ipc_bypass", "ipc_l1", "ipc_fa", "ipc_unbounded", "unbounded_evictions",
                            "cycles_l1", "rf_line_alloc_pkc", "rf_mshr_entry_pkc",
                            "rf_mshr_merge_pkc", "rf_miss_queue_pkc", "l1_mpki",
                            "once_share", "iw_conflict_share" };
    const int nfixed = (int)(sizeof fixed / sizeof *fixed);
    static const char *const cache[4] = { "l1", "l1u", "l2", "l2u" };
    const char *names[64];
    char namebuf[28][32];
    int n = 0;
    for (int i = 0; i < nfixed; i++)
        names[n++] = fixed[i];
    for (int k = 0; k < 4; k++)
        for (int ty = 0; ty < NTYPE; ty++) {
            snprintf(namebuf[k * NTYPE + ty], sizeof namebuf[0], "%s_%s_pct", cache[k], type_cols[ty]);
            names[n++] = namebuf[k * NTYPE + ty];
        }
    if (set_header(t, names, n))
        return -1;
    for (int i = 0; i < nb; i++) {
        const struct charz_bench *c = &cb[i];
        char **f = calloc((size_t)n, sizeof *f);
        if (!f)
            return -1;
        char label[96];
        int j = 0;
        f[j++] = strdup(c->b->name);
        f[j++] = strdup(size);
        f[j++] = strdup(c->ok ? "PASS" : "FAIL");
        f[j++] = strdup(c->ok ? sacat_class_label(&c->cls, label, sizeof label) : "");
        f[j++] = fmt(c->run[0].ipc);
        f[j++] = fmt(c->run[1].ipc);
        f[j++] = fmt(c->run[2].ipc);
        f[j++] = fmt(c->run[3].ipc);
        f[j++] = fmt(c->run[3].l1_evictions);
        f[j++] = fmt(c->run[1].cycles);
        f[j++] = fmt(per_kcycle(c->run[1].rf_line_alloc, c->run[1].cycles));
        f[j++] = fmt(per_kcycle(c->run[1].rf_mshr_entry, c->run[1].cycles));
        f[j++] = fmt(per_kcycle(c->run[1].rf_mshr_merge, c->run[1].cycles));
        f[j++] = fmt(per_kcycle(c->run[1].rf_miss_queue, c->run[1].cycles));
        f[j++] = fmt(c->run[1].mpki);
        f[j++] = fmt(c->fig.once_share);
        f[j++] = fmt(c->fig.iw_conflict_share);
        const struct locality_counts *lc[4] = { &c->loc.l1, &c->loc.l1_unb, &c->loc.l2, &c->loc.l2_unb };
        for (int k = 0; k < 4; k++) {
            double v[NTYPE];
            type_values(lc[k], v);
            for (int ty = 0; ty < NTYPE; ty++)
                f[j++] = fmt(v[ty]);
        }
        for (int k = 0; k < n; k++)
            if (!f[k]) {
                for (int m = 0; m < n; m++)
                    free(f[m]);
                free(f);
                return -1;
            }
        if (add_row(t, f))
            return -1;
    }
    return 0;
}

/* The Fig. 2 plot's long table: bench, scenario, IPC / IPC(L1). */
static int build_plot_table(struct csv_table *t, const struct charz_bench *cb, int nb)
{
    const char *names[] = { "bench", "scenario", "ipc_norm" };
    if (set_header(t, names, 3))
        return -1;
    for (int i = 0; i < nb; i++) {
        if (!cb[i].ok || cb[i].run[1].ipc <= 0)
            continue;
        for (int s = 0; s < 4; s++) {
            char **f = calloc(3, sizeof *f);
            if (!f)
                return -1;
            f[0] = strdup(cb[i].b->name);
            f[1] = strdup(scenario[s]);
            f[2] = fmt(cb[i].run[s].ipc / cb[i].run[1].ipc);
            if (!f[0] || !f[1] || !f[2] || add_row(t, f))
                return -1;
        }
    }
    return 0;
}

static int write_csv(const struct csv_table *t, const char *path, char *err, size_t errlen)
{
    struct afile a;
    FILE *f = afile_open(&a, path, err, errlen);
    if (!f)
        return -1;
    for (int r = -1; r < t->nrows; r++) {
        char **row = r < 0 ? t->header : t->rows[r];
        for (int i = 0; i < t->ncols; i++) {
            if (i)
                fputc(',', f);
            csv_write_field(f, row[i]);
        }
        fputc('\n', f);
    }
    if (afile_commit(&a, err, errlen) != 0)
        return -1;
    printf("wrote %s\n", path);
    return 0;
}

/* --config absent: the SACAT config, found beside the working directory or
 * the executable (build/ccgpu -> ../configs). NULL when neither exists. */
static const char *default_config(char *buf, size_t len)
{
    if (access(DEFAULT_CONFIG, R_OK) == 0)
        return DEFAULT_CONFIG;
    char exe[512];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return NULL;
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (!slash)
        return NULL;
    *slash = 0;
    snprintf(buf, len, "%s/../%s", exe, DEFAULT_CONFIG);
    return access(buf, R_OK) == 0 ? buf : NULL;
}

static int geometry(const char *dl1, uint32_t nsets, uint32_t assoc, const char *index, char *out,
                    size_t len, char *err, size_t errlen)
{
    struct cache_config c;
    if (cache_config_parse(&c, dl1, err, errlen))
        return -1;
    if (c.disabled) {
        snprintf(err, errlen, "gpgpu_cache:dl1 is none: there is no L1 to characterise");
        return -1;
    }
    uint32_t lines = c.nsets * c.assoc;
    c.nsets = nsets ? nsets : 1;
    c.assoc = assoc ? assoc : lines / c.nsets;
    snprintf(c.index, sizeof c.index, "%s", index);
    cache_config_format(&c, out, len);
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: ccgpu characterize BENCH... [--suite CLASS[,CLASS...]] [--csv F] "
               "[--plot F.svg] [--config F (default " DEFAULT_CONFIG ")] [--size S] "
               "[-o key=value]\n");
}

int cmd_characterize(int argc, char **argv)
{
    char *rest[260] = { 0 }, *suite = NULL, *csv = NULL, *svg = NULL;
    int nrest = 0, have_config = 0;
    for (int i = 0; i < argc && nrest < 256; i++) {
        if (i > 0 && !strcmp(argv[i], "--suite") && i + 1 < argc)
            suite = argv[++i];
        else if (i > 0 && !strcmp(argv[i], "--csv") && i + 1 < argc)
            csv = argv[++i];
        else if (i > 0 && !strcmp(argv[i], "--plot") && i + 1 < argc)
            svg = argv[++i];
        else {
            if (i > 0 && !strcmp(argv[i], "--config"))
                have_config = 1;
            rest[nrest++] = argv[i];
        }
    }
    char cfgbuf[600];
    char *args[262];
    int nargs = 0;
    args[nargs++] = nrest > 0 ? rest[0] : (char *)"characterize";
    if (!have_config) {
        const char *d = default_config(cfgbuf, sizeof cfgbuf);
        if (d) {
            args[nargs++] = "--config";
            args[nargs++] = (char *)d;
        }
    }
    for (int i = 1; i < nrest; i++)
        args[nargs++] = rest[i];
    struct cli_run_options o;
    int rc = cli_parse_run_options(nargs, args, &o);
    if (rc) {
        cli_run_options_free(&o);
        return rc;
    }
    if (o.help) {
        usage(stdout);
        cli_shared_help(stdout);
        cli_run_options_free(&o);
        return 0;
    }
    if ((o.npositional < 1 && !suite) || o.functional) {
        usage(stderr);
        cli_run_options_free(&o);
        return 2;
    }
    if (!have_config && nargs == nrest) {
        fprintf(stderr, "ccgpu characterize: " DEFAULT_CONFIG " not found (run from the source "
                        "tree or pass --config)\n");
        cli_run_options_free(&o);
        return 2;
    }
    const struct bench_ops *benches[MAX_BENCH];
    int nb = 0;
    for (int i = 0; i < o.npositional && nb < MAX_BENCH; i++)
        if (!(benches[nb++] = bench_find(o.positional[i]))) {
            fprintf(stderr, "ccgpu characterize: unknown benchmark '%s' (see ccgpu list)\n",
                    o.positional[i]);
            cli_run_options_free(&o);
            return 2;
        }
    if (suite) {
        char sbuf[256];
        snprintf(sbuf, sizeof sbuf, "%s", suite);
        for (char *cls = strtok(sbuf, ","); cls; cls = strtok(NULL, ",")) {
            int found = 0;
            for (int i = 0; bench_table[i] && nb < MAX_BENCH; i++)
                if (!strcmp(bench_table[i]->klass, cls)) {
                    benches[nb++] = bench_table[i];
                    found = 1;
                }
            if (!found) {
                fprintf(stderr, "ccgpu characterize: --suite %s: no benchmark of class '%s' "
                                "(see ccgpu list)\n", suite, cls);
                cli_run_options_free(&o);
                return 2;
            }
        }
    }
    if (nb == 0) {
        usage(stderr);
        cli_run_options_free(&o);
        return 2;
    }
    char dl1[256], fa[256], unb[256], err[512];
    snprintf(dl1, sizeof dl1, "%s", config_get_str(o.cfg, "gpgpu_cache:dl1", SM_CONFIG_DEFAULT_L1));
    struct cache_config l1c;
    struct locality_levels_config lc;
    if (cache_config_parse(&l1c, dl1, err, sizeof err) ||
        geometry(dl1, 1, 0, "linear", fa, sizeof fa, err, sizeof err) ||
        geometry(dl1, l1c.nsets > 1024 ? l1c.nsets : 1024, 64, "ipoly", unb, sizeof unb, err,
                 sizeof err) ||
        charz_levels_config(&o, dl1, &lc, err, sizeof err)) {
        fprintf(stderr, "ccgpu characterize: %s\n", err);
        cli_run_options_free(&o);
        return 2;
    }
    struct charz_bench *cb = calloc((size_t)nb + 1, sizeof *cb);
    if (!cb) {
        fprintf(stderr, "ccgpu characterize: out of memory\n");
        cli_run_options_free(&o);
        return 1;
    }
    printf("SACAT characterisation (sacat-tpds2017 Sec. 3), L1 %s\n", dl1);
    printf("  FA: %s\n  unbounded: %s\n", fa, unb);
    int failed = 0;
    rc = 0;
    for (int i = 0; i < nb && rc == 0; i++) {
        struct charz_bench *c = &cb[i];
        c->b = benches[i];
        const char *skip[4] = { "1", "0", "0", "0" };
        const char *geo[4] = { dl1, dl1, fa, unb };
        char path[512];
        if (charz_tmp_trace(path, sizeof path, "characterize")) {
            rc = 1;
            break;
        }
        int ok = 1;
        for (int s = 0; s < 4 && rc == 0; s++) {
            struct charz_set sets[2] = { { "gpgpu_gmem_skip_L1D", skip[s] },
                                         { "gpgpu_cache:dl1", geo[s] } };
            int r = charz_timing_run(&o, c->b, sets, 2, s == 1 ? path : NULL, &c->run[s],
                                     "characterize");
            if (r == -2)
                rc = 2;
            ok &= r == 0;
        }
        /* restore the configured L1 for the next benchmark's first run */
        ccgpu_config_set(o.cfg, "gpgpu_cache:dl1", dl1);
        ccgpu_config_set(o.cfg, "gpgpu_gmem_skip_L1D", "0");
        if (rc == 0 && charz_levels_file(&lc, path, &c->loc, err, sizeof err)) {
            fprintf(stderr, "ccgpu characterize: %s: %s\n", c->b->name, err);
            rc = 1;
        }
        remove(path);
        if (rc)
            break;
        c->ok = ok;
        failed += !ok;
        fill_figures(c, lc.l2_enabled);
    }
    if (rc == 0) {
        printf("\nFig. 2 (warp IPC; norm = / L1), Fig. 4 (L1 reservation failures per 1000 cycles), "
               "Fig. 5 (L1 MPKI: misses per 1,000 warp instructions)\n");
        printf("%-12s %7s %7s %7s %7s | %6s %6s %6s | %8s %8s %8s %8s | %7s | %s\n", "benchmark",
               "bypass", "L1", "FA", "unb", "bypass", "FA", "unb", "lineAll", "mshr", "merge",
               "missQ", "MPKI", "unb evictions");
        for (int i = 0; i < nb; i++) {
            const struct charz_bench *c = &cb[i];
            double base = c->run[1].ipc > 0 ? c->run[1].ipc : 1;
            const struct charz_run *l1 = &c->run[1];
            printf("%-12s %7.3f %7.3f %7.3f %7.3f | %6.2f %6.2f %6.2f | %8.2f %8.2f %8.2f %8.2f | "
                   "%7.2f | %.0f%s\n",
                   c->b->name, c->run[0].ipc, c->run[1].ipc, c->run[2].ipc, c->run[3].ipc,
                   c->run[0].ipc / base, c->run[2].ipc / base, c->run[3].ipc / base,
                   per_kcycle(l1->rf_line_alloc, l1->cycles), per_kcycle(l1->rf_mshr_entry, l1->cycles),
                   per_kcycle(l1->rf_mshr_merge, l1->cycles), per_kcycle(l1->rf_miss_queue, l1->cycles),
                   l1->mpki, c->run[3].l1_evictions,
                   c->run[3].l1_evictions > 0 ? " (not unbounded)" : "");
        }
        printf("\nFig. 3 (%% of each cache's accesses: misses and hits by locality type; L2s fed "
               "by the bounded L1's misses and stores)\n");
        charz_print_types_header();
        for (int i = 0; i < nb; i++)
            charz_print_types(cb[i].b->name, &cb[i].loc, lc.l2_enabled);
        printf("\nClass (docs/characterize.md: rule)\n");
        printf("%-12s %7s %7s %7s %7s %7s %7s  %s\n", "benchmark", "L1uHit", "L2uHit", "once",
               "iwConf", "FA/L1", "unb/FA", "class");
        for (int i = 0; i < nb; i++) {
            const struct charz_bench *c = &cb[i];
            char label[96];
            printf("%-12s %6.1f%% %6.1f%% %6.1f%% %6.1f%% %7.2f %7.2f  %s%s\n", c->b->name,
                   100 * c->fig.l1_unb_hit, c->fig.l2_unb_hit < 0 ? 0 : 100 * c->fig.l2_unb_hit,
                   100 * c->fig.once_share, 100 * c->fig.iw_conflict_share,
                   c->fig.ipc_l1 > 0 ? c->fig.ipc_fa / c->fig.ipc_l1 : 0,
                   c->fig.ipc_fa > 0 ? c->fig.ipc_unb / c->fig.ipc_fa : 0,
                   sacat_class_label(&c->cls, label, sizeof label),
                   !c->ok ? " (a run FAILED)"
                   : c->run[0].capped || c->run[1].capped || c->run[2].capped || c->run[3].capped
                       ? " (stopped at a gpgpu_max_* cap)"
                       : "");
        }
    }
    if (rc == 0 && (csv || svg)) {
        struct csv_table wide, lng;
        memset(&wide, 0, sizeof wide);
        memset(&lng, 0, sizeof lng);
        if (build_csv(&wide, cb, nb, bench_size_name(o.size)) ||
            build_plot_table(&lng, cb, nb)) {
            fprintf(stderr, "ccgpu characterize: out of memory\n");
            rc = 1;
        } else if (csv && write_csv(&wide, csv, err, sizeof err)) {
            fprintf(stderr, "ccgpu characterize: %s\n", err);
            rc = 1;
        } else if (svg) {
            struct plot_spec p = {
                .x = "bench", .y = { "ipc_norm" }, .ny = 1, .group = { "scenario" }, .ngroup = 1,
                .bar = 1, .title = "IPC normalised to the configured L1 (SACAT Fig. 2)",
                .svg = svg, .source = csv ? csv : "ccgpu characterize",
            };
            if (lng.nrows == 0) {
                fprintf(stderr, "ccgpu characterize: --plot: no benchmark passed\n");
                rc = 1;
            } else if (plot_make(&lng, &p, stdout, err, sizeof err)) {
                fprintf(stderr, "ccgpu characterize: %s\n", err);
                rc = 1;
            }
        }
        csv_free(&wide);
        csv_free(&lng);
    }
    free(cb);
    cli_run_options_free(&o);
    return rc ? rc : failed ? 1 : 0;
}
