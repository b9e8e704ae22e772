/* Validation of one shipped configuration (included by 311..314 with CFG set
 * to the file): the GPU creates; pointer chasing (tests/ptx/501_micro.cu's
 * kernels) measures the L1-hit, L2-hit and DRAM latencies the configuration
 * implies; a streaming kernel reaches >= 80% of its peak DRAM bandwidth; and
 * `ccgpu config --all` of it loads back to a GPU that runs identically.
 *
 * Expected latencies are computed here from the configuration values alone
 * (src/mem/memsys.h gives the path of an isolated read), in core cycles,
 * each plus the SM's path of a dependent load: 5 cycles from issue to the
 * request leaving the LD/ST unit (src/timing/opcollect.h: collector unit 1,
 * operand read 2, OC_EX -> unit 1, the request the cycle after), then
 * gpgpu_l1_latency in the L1 access pipeline to the tag check (a hit is
 * readable then). The L2 and DRAM chases use ld.global.cg, which skips the
 * L1 and its pipeline: their requests go to memory 5 cycles after issue and
 * the data is readable ccgpu_writeback_cycles after the reply:
 *   L1 hit  = 5 + gpgpu_l1_latency
 *   L2 hit  = crossbar there and back + rop + L2 hit latency
 *   DRAM    = crossbar there and back + rop + dram_latency + tCL + burst
 *             transfer, + tRCD per activate, + tRP per precharge (the chase
 *             counts both from the DRAM statistics)
 * with crossbar = latency + serialisation - 1 interconnect cycles each way
 * (a read request is one header; a reply carries the line). Tolerance: each
 * hand-over between clock domains costs up to one cycle of the receiving
 * domain (up to 4 on an L2 hit, 6 on a DRAM access), and the timed region
 * has a fixed prologue/epilogue of at most OVERHEAD cycles in all (the store
 * that consumes the pointer, the clock read).
 * Peak DRAM bandwidth = gpgpu_n_mem x (gpgpu_dram_buswidth x
 * gpgpu_n_mem_per_ctrlr) x dram_data_command_freq_ratio x DRAM MHz,
 * i.e. channels x bus width x data rate, in bytes per core cycle. */
#ifndef CCGPU_TESTS_310_CFGCHECK_H
#define CCGPU_TESTS_310_CFGCHECK_H
#include "ccgpu.h"
#include "check.h"
#include "gpu/config.h"
#include "mem/memsys.h"
#include "util/embedded.h"
#include <stdlib.h>

#define NODES 64
#ifndef STREAM_MIN
#define STREAM_MIN 0.80 /* fraction of peak DRAM bandwidth a stream must reach */
#endif
#define OVERHEAD 48

struct cfg_expect {
    double tc, ti, tl, td;  /* periods in core cycles */
    double l1, l2_lo, l2_hi; /* per-load latencies, core cycles */
    double cg_path;          /* an ld.global.cg's SM part: 5 + writeback */
    double dram_fixed;       /* DRAM access without row commands */
    double trcd, trp;        /* per activate / precharge, core cycles */
    double dram_slack;
    double peak;             /* DRAM bytes per core cycle */
    uint32_t n_sms, threads_per_sm, n_part;
};

static ccgpu_config *cfg_load(const char *overrides)
{
    ccgpu_config *cfg = ccgpu_config_new();
    if (!cfg || ccgpu_config_load(cfg, CFG) ||
        (overrides && ccgpu_config_load_string(cfg, overrides, "test"))) {
        printf("  config: %s\n", cfg ? ccgpu_config_error(cfg) : "out of memory");
        ccgpu_config_free(cfg);
        return NULL;
    }
    return cfg;
}

/* What the configuration implies, read the way the timing model reads it
 * (src/timing/gpu_timing.c: the CCWS memory preset, then the options). */
static int cfg_expect(struct cfg_expect *x)
{
    ccgpu_config *cfg = cfg_load(NULL);
    struct memsys_config mc;
    char err[256];
    uint32_t l1 = 0, ncl = 0, per = 0, wb = 0;
    const char *pipe;
    memset(x, 0, sizeof *x);
    memsys_config_ccws(&mc);
    if (!cfg || memsys_config_read(&mc, cfg, err, sizeof err) ||
        config_get_u32(cfg, "gpgpu_l1_latency", 20, &l1, err, sizeof err) ||
        config_get_u32(cfg, "ccgpu_writeback_cycles", 2, &wb, err, sizeof err) ||
        config_get_u32(cfg, "gpgpu_n_clusters", 15, &ncl, err, sizeof err) ||
        config_get_u32(cfg, "gpgpu_n_cores_per_cluster", 1, &per, err, sizeof err) ||
        !(pipe = config_get_str(cfg, "gpgpu_shader_core_pipeline", "1536:32"))) {
        printf("  expectations: %s\n", cfg ? err : "no config");
        ccgpu_config_free(cfg);
        return -1;
    }
    x->n_sms = ncl * per;
    x->threads_per_sm = (uint32_t)strtoul(pipe, NULL, 10);
    x->n_part = mc.n_part;
    ccgpu_config_free(cfg);
    x->tc = 1;
    x->ti = mc.core_mhz / mc.icnt_mhz;
    x->tl = mc.core_mhz / mc.l2_mhz;
    x->td = mc.core_mhz / mc.dram_mhz;
    uint32_t fpc = mc.flits_per_cycle ? mc.flits_per_cycle : 1;
    uint32_t req_flits = (mc.ctrl_bytes + mc.flit_bytes - 1) / mc.flit_bytes;
    uint32_t rep_flits = (mc.ctrl_bytes + mc.l2.line_size + mc.flit_bytes - 1) / mc.flit_bytes;
    double xbar = (double)(2 * mc.icnt_latency + (req_flits + fpc - 1) / fpc +
                           (rep_flits + fpc - 1) / fpc - 2) * x->ti;
    x->cg_path = 5 + wb;
    x->l1 = 5 + l1;
    /* rop_latency and dram_latency count core cycles (src/mem/memsys.h) */
    x->l2_lo = x->cg_path + xbar + mc.rop_latency + mc.l2_latency * x->tl;
    x->l2_hi = x->l2_lo + 2 * x->ti + x->tl + x->tc;
    uint32_t burst_bytes = mc.dram.bus_bytes * mc.dram.burst_length;
    uint32_t burst_cycles = (mc.dram.burst_length + mc.dram.data_rate - 1) / mc.dram.data_rate;
    uint32_t xfer = (mc.l2.line_size + burst_bytes - 1) / burst_bytes * burst_cycles;
    x->dram_fixed = x->cg_path + xbar + mc.rop_latency + mc.dram_latency +
                    (mc.dram.t.tCL + xfer) * x->td;
    x->trcd = mc.dram.t.tRCD * x->td;
    x->trp = mc.dram.t.tRP * x->td;
    x->dram_slack = 2 * x->ti + 2 * x->tl + x->td + x->tc;
    x->peak = (double)mc.n_part * mc.dram.bus_bytes * mc.dram.data_rate * mc.dram_mhz / mc.core_mhz;
    return 0;
}

static ccgpu *cfg_gpu_from(ccgpu_config *cfg, ccgpu_module **mod)
{
    char err[256];
    ccgpu *g = cfg ? ccgpu_create(cfg, err, sizeof err) : NULL;
    *mod = NULL;
    if (!g) {
        printf("  ccgpu_create: %s\n", cfg ? err : "no config");
        return NULL;
    }
    const char *text = embedded_find("tests/ptx/501_micro.ptx");
    *mod = text ? ccgpu_module_load_string(g, text, "501_micro.ptx") : NULL;
    if (!*mod)
        printf("  load: %s\n", ccgpu_error(g));
    return g;
}

static ccgpu *cfg_gpu(const char *overrides, ccgpu_module **mod)
{
    ccgpu_config *cfg = cfg_load(overrides);
    ccgpu *g = cfg_gpu_from(cfg, mod);
    ccgpu_config_free(cfg);
    return g;
}

/* A chain of NODES pointers, node i at base + i * stride. */
static int cfg_chain(ccgpu *g, uint64_t stride, ccgpu_devptr *base)
{
    size_t bytes = (size_t)stride * NODES;
    uint64_t *host = calloc(1, bytes);
    if (!host || ccgpu_malloc(g, base, bytes)) {
        free(host);
        return -1;
    }
    for (int i = 0; i < NODES; i++)
        host[(size_t)i * stride / 8] = *base + (uint64_t)((i + 1) % NODES) * stride;
    int rc = ccgpu_memcpy_htod(g, *base, host, bytes);
    free(host);
    return rc;
}

/* Cycles of the kernel's timed pass (out[0]), or -1. */
static long long cfg_chase(ccgpu *g, ccgpu_module *m, const char *kernel, uint64_t stride)
{
    ccgpu_devptr base, out;
    long long res[2] = { -1, 0 };
    int n = NODES;
    void *args[] = { &base, &n, &out };
    struct ccgpu_dim3 one = { 1, 1, 1 };
    if (cfg_chain(g, stride, &base) || ccgpu_malloc(g, &out, sizeof res) ||
        ccgpu_launch(g, m, kernel, one, one, 0, args, 3) ||
        ccgpu_memcpy_dtoh(g, res, out, sizeof res)) {
        printf("  %s: %s\n", kernel, ccgpu_error(g));
        return -1;
    }
    return res[0];
}

static double stat_of(ccgpu *g, const char *name)
{
    double v = 0;
    ccgpu_stat(g, name, -1, &v);
    return v;
}

/* A DRAM statistic summed over the channels (dram_pN.what). */
static double part_sum(ccgpu *g, uint32_t n_part, const char *what)
{
    double sum = 0;
    for (uint32_t p = 0; p < n_part; p++) {
        char name[64];
        snprintf(name, sizeof name, "dram_p%u.%s", p, what);
        sum += stat_of(g, name);
    }
    return sum;
}

TEST(creates)
{
    ccgpu_module *m;
    ccgpu *g = cfg_gpu(NULL, &m);
    CHECK(g && m);
    struct cfg_expect x;
    CHECK(cfg_expect(&x) == 0);
    if (g) {
        CHECK_EQ_INT(ccgpu_num_sms(g), x.n_sms);
        printf("  %s: %u SMs x %u threads, %u memory partitions\n", CFG, x.n_sms,
               x.threads_per_sm, x.n_part);
    }
    ccgpu_destroy(g);
}

TEST(l1_hit_latency)
{
    struct cfg_expect x;
    ccgpu_module *m;
    ccgpu *g = cfg_gpu("gpgpu_n_clusters 1\n", &m);
    if (!g || !m || cfg_expect(&x)) {
        CHECK(0);
        ccgpu_destroy(g);
        return;
    }
    long long c = cfg_chase(g, m, "chase_ca", 128);
    printf("  L1 hit: %.2f cycles per load (config: %.0f)\n", (double)c / NODES, x.l1);
    CHECK(c >= NODES * x.l1 && c <= NODES * x.l1 + OVERHEAD);
    CHECK(stat_of(g, "l1d.hits") >= NODES);
    ccgpu_destroy(g);
}

TEST(l2_hit_latency)
{
    struct cfg_expect x;
    ccgpu_module *m;
    ccgpu *g = cfg_gpu("gpgpu_n_clusters 1\n", &m);
    if (!g || !m || cfg_expect(&x)) {
        CHECK(0);
        ccgpu_destroy(g);
        return;
    }
    long long c = cfg_chase(g, m, "chase_cg", 128 * 5);
    double per = (double)c / NODES;
    printf("  L2 hit: %.2f cycles per load (config: %.2f .. %.2f)\n", per, x.l2_lo, x.l2_hi);
    CHECK(c >= 0 && per >= x.l2_lo && per <= x.l2_hi + (double)OVERHEAD / NODES);
    CHECK(stat_of(g, "mem.l2_read_hits") >= NODES);
    ccgpu_destroy(g);
}

TEST(dram_latency)
{
    struct cfg_expect x;
    ccgpu_module *m;
    ccgpu *g = cfg_gpu("gpgpu_n_clusters 1\n", &m);
    if (!g || !m || cfg_expect(&x)) {
        CHECK(0);
        ccgpu_destroy(g);
        return;
    }
    long long c = cfg_chase(g, m, "chase_cold", 128 * 33);
    double per = (double)c / NODES;
    /* the chase's own row commands (the kernel's other accesses are a few
     * parameter loads and two stores, which activate at most a few rows) */
    double act = part_sum(g, x.n_part, "activates"), pre = part_sum(g, x.n_part, "precharges");
    double reads = part_sum(g, x.n_part, "reads");
    double lo = x.dram_fixed + (x.trcd * (act > NODES ? NODES : act) +
                                x.trp * (pre > NODES ? NODES : pre)) / NODES;
    double hi = x.dram_fixed + x.trcd + x.trp + x.dram_slack + (double)OVERHEAD / NODES;
    double want = x.dram_fixed + (x.trcd * act + x.trp * pre) / reads;
    printf("  DRAM: %.2f cycles per load (config: %.2f = %.2f fixed + row commands: "
           "%.0f activates, %.0f precharges in %.0f reads; accepted %.2f .. %.2f)\n",
           per, want, x.dram_fixed, act, pre, reads, lo - x.dram_slack,
           fmin(hi, want + x.dram_slack + (double)OVERHEAD / NODES));
    CHECK(reads >= NODES);
    CHECK(c >= 0 && per >= lo - x.dram_slack && per <= want + x.dram_slack + (double)OVERHEAD / NODES);
    CHECK(per <= hi);
    ccgpu_destroy(g);
}

TEST(stream_bandwidth)
{
    struct cfg_expect x;
    ccgpu_module *m;
    ccgpu *g = cfg_gpu(NULL, &m);
    if (!g || !m || cfg_expect(&x)) {
        CHECK(0);
        ccgpu_destroy(g);
        return;
    }
    /* full occupancy (256-thread CTAs), about STREAM_CYCLES of data at peak */
    int threads = 256, blocks = (int)(x.n_sms * (x.threads_per_sm / 256));
    int n = (int)(x.peak * STREAM_CYCLES / 16) & ~1023; /* int4 elements */
    ccgpu_devptr a, out;
    CHECK(ccgpu_malloc(g, &a, (size_t)n * 16) == 0);
    CHECK(ccgpu_malloc(g, &out, (size_t)blocks * threads * 4) == 0);
    CHECK(ccgpu_memset(g, a, 1, (size_t)n * 16) == 0);
    void *args[] = { &a, &n, &out };
    struct ccgpu_dim3 grid = { (uint32_t)blocks, 1, 1 }, block = { (uint32_t)threads, 1, 1 };
    CHECK(ccgpu_launch(g, m, "stream_read", grid, block, 0, args, 3) == 0);
    double cycles = 0;
    ccgpu_stat(g, "cycles", 0, &cycles);
    double got = (double)n * 16 / cycles;
    printf("  streaming %d KiB: %.0f cycles, %.1f B/cycle of %.1f peak (%.1f%%)\n", n / 64, cycles,
           got, x.peak, 100 * got / x.peak);
    CHECK(got >= STREAM_MIN * x.peak && got <= x.peak * 1.001);
    if (getenv("CFGCHECK_DEBUG"))
        ccgpu_stats_print(g, stdout);
    ccgpu_destroy(g);
}

/* `ccgpu config --all` of the file, loaded back: the same dump, and a GPU
 * that runs a kernel to the same cycle and the same statistics. */
static ccgpu_config *dump_reload(const char *overrides, char **text)
{
    ccgpu_config *cfg = cfg_load(overrides);
    char err[256];
    size_t len = 0;
    *text = NULL;
    FILE *f = open_memstream(text, &len);
    ccgpu *g = cfg && f ? ccgpu_create(cfg, err, sizeof err) : NULL;
    int ok = g && config_dump(cfg, f, CONFIG_DUMP_ALL, err, sizeof err) == 0;
    ccgpu_destroy(g);
    if (f)
        fclose(f);
    ccgpu_config_free(cfg);
    ccgpu_config *back = ok ? ccgpu_config_new() : NULL;
    if (back && ccgpu_config_load_string(back, *text, "dump")) {
        printf("  reload: %s\n", ccgpu_config_error(back));
        ccgpu_config_free(back);
        back = NULL;
    }
    return back;
}

TEST(dump_round_trip)
{
    const char *ov = "gpgpu_n_clusters 2\n";
    char *t1 = NULL, *t2 = NULL;
    ccgpu_config *c1 = dump_reload(ov, &t1);
    CHECK(c1 != NULL);
    /* the dump of the dump */
    size_t len = 0;
    char err[256];
    FILE *f = open_memstream(&t2, &len);
    ccgpu *g = c1 && f ? ccgpu_create(c1, err, sizeof err) : NULL;
    CHECK(g && config_dump(c1, f, CONFIG_DUMP_ALL | CONFIG_DUMP_PLAIN, err, sizeof err) == 0);
    ccgpu_destroy(g);
    if (f)
        fclose(f);
    /* t1 has origin comments, t2 none: compare option lines */
    ccgpu_config *c2 = ccgpu_config_new();
    CHECK(c2 && t2 && ccgpu_config_load_string(c2, t2, "dump2") == 0);
    CHECK(c1 && c2 && c1->count == c2->count);
    for (int i = 0; c1 && c2 && i < c1->count && i < c2->count; i++) {
        CHECK(strcmp(c1->entries[i].key, c2->entries[i].key) == 0);
        CHECK(strcmp(c1->entries[i].value, c2->entries[i].value) == 0);
    }
    ccgpu_config_free(c2);
    /* same run */
    ccgpu_module *m1, *m2;
    ccgpu_config *c0 = cfg_load(ov);
    ccgpu *g0 = cfg_gpu_from(c0, &m1), *g1 = cfg_gpu_from(c1, &m2);
    CHECK(g0 && m1 && g1 && m2);
    if (g0 && m1 && g1 && m2) {
        long long a = cfg_chase(g0, m1, "chase_cold", 128 * 33);
        long long b = cfg_chase(g1, m2, "chase_cold", 128 * 33);
        double s0 = stat_of(g0, "cycles"), s1 = stat_of(g1, "cycles");
        printf("  original and reloaded dump: %lld / %lld timed cycles, %.0f / %.0f total\n", a, b,
               s0, s1);
        CHECK(a > 0 && a == b && s0 == s1);
        CHECK_EQ_INT(stat_of(g0, "dram.activates"), stat_of(g1, "dram.activates"));
    }
    ccgpu_destroy(g0);
    ccgpu_destroy(g1);
    ccgpu_config_free(c0);
    ccgpu_config_free(c1);
    free(t1);
    free(t2);
}

static int cfgcheck_main(void)
{
    RUN(creates);
    RUN(l1_hit_latency);
    RUN(l2_hit_latency);
    RUN(dram_latency);
    RUN(stream_bandwidth);
    RUN(dump_round_trip);
    return check_summary();
}

#endif
