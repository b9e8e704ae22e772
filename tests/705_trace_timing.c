/* Access traces recorded by the timing model (ccgpu_trace_l1/l2) and the
 * CCWS paper's SAGCS check: the trace holds exactly the L1D accesses the
 * timing model counted, and trace-driven LRU with the L1's geometry (one
 * cache per SM, emptied at each launch) reproduces the timing model's L1
 * miss count within the paper's 0.1%. The residual difference is timing: a
 * line being filled cannot be evicted and a store to it does not
 * invalidate it (l1replay.h). */
#include "check.h"
#include "analysis/l1replay.h"
#include "bench.h"
#include "timing/sm_config.h"
#include <stdlib.h>
#include <unistd.h>

#define SMALL_L1 "8:128:4,L:E:m:N,A:32:8,8" /* 4 KB, 4-way: capacity misses */

struct run {
    double accesses, reads, writes, hits, hit_reserved, misses, evictions, insts, kernels;
    double l2_accesses;
};

static int tmp_path(char *buf, size_t len, const char *tag)
{
    const char *dir = getenv("TMPDIR");
    snprintf(buf, len, "%s/ccgpu705_%s_XXXXXX", dir && dir[0] ? dir : "/tmp", tag);
    int fd = mkstemp(buf);
    if (fd < 0)
        return -1;
    close(fd);
    return 0;
}

/* Runs bench at small in timing mode on configs/ccws.cfg with dl1 (NULL:
 * the file's) and sched, recording to l1 (and l2 when not NULL). */
/* parts: gpgpu_shmem_warp_parts, or NULL for the config's (2, half-warps) */
static int run_traced_parts(const char *bench, const char *dl1, const char *parts,
                            const char *sched, const char *l1, const char *l2, struct run *out)
{
    memset(out, 0, sizeof *out);
    ccgpu_config *cfg = ccgpu_config_new();
    if (!cfg || ccgpu_config_load(cfg, "configs/ccws.cfg") ||
        (dl1 && ccgpu_config_set(cfg, "gpgpu_cache:dl1", dl1)) ||
        (parts && ccgpu_config_set(cfg, "gpgpu_shmem_warp_parts", parts)) ||
        ccgpu_config_set(cfg, "gpgpu_scheduler", sched) ||
        ccgpu_config_set(cfg, "ccgpu_trace_l1", l1) ||
        (l2 && ccgpu_config_set(cfg, "ccgpu_trace_l2", l2))) {
        printf("  config: %s\n", cfg ? ccgpu_config_error(cfg) : "out of memory");
        ccgpu_config_free(cfg);
        return -1;
    }
    char err[512];
    ccgpu *gpu = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    if (!gpu) {
        printf("  ccgpu_create: %s\n", err);
        return -1;
    }
    ccgpu_set_printf_stream(gpu, stderr);
    struct bench_ctx ctx = { .gpu = gpu, .size = BENCH_SMALL, .seed = 12345 };
    int rc = bench_find(bench)->run(&ctx);
    if (rc)
        printf("  %s: %s\n", bench, ctx.error);
    const struct { const char *name; double *v; } st[] = {
        { "l1d.accesses", &out->accesses }, { "l1d.reads", &out->reads },
        { "l1d.writes", &out->writes },     { "l1d.hits", &out->hits },
        { "l1d.hit_reserved", &out->hit_reserved }, { "l1d.misses", &out->misses },
        { "l1d.evictions", &out->evictions }, { "warp_instructions", &out->insts },
        { "kernels", &out->kernels },
    };
    for (size_t i = 0; i < sizeof st / sizeof st[0]; i++)
        rc |= ccgpu_stat(gpu, st[i].name, -1, st[i].v);
    for (int p = 0; p < 64; p++) {
        char name[32];
        double v;
        snprintf(name, sizeof name, "l2_p%d.accesses", p);
        if (ccgpu_stat(gpu, name, -1, &v))
            break;
        out->l2_accesses += v;
    }
    ccgpu_destroy(gpu); /* closes the traces */
    return rc;
}

static void count_trace(const char *path, struct trace_header *h, uint64_t *records,
                        uint64_t *writes, uint64_t *lanes_missing)
{
    char err[512];
    struct trace_reader *rd = trace_reader_open(path, err, sizeof err);
    *records = *writes = *lanes_missing = 0;
    CHECK(rd != NULL);
    if (!rd) {
        printf("  %s\n", err);
        return;
    }
    *h = *trace_reader_header(rd);
    h->kernels = NULL;
    struct trace_record r;
    int st;
    while ((st = trace_reader_next(rd, &r)) == 1) {
        (*records)++;
        *writes += r.write;
        *lanes_missing += r.lanes == 0;
    }
    CHECK_EQ_INT(st, 0);
    trace_reader_close(rd);
}

/* The trace holds one record per L1D access (l1d.accesses: hits,
 * hit-reserved and misses; loads and stores), with lanes, the instruction
 * count and one kernel name per launch; the L2 trace one per L2 lookup. */
TEST(trace_records_every_l1_access)
{
    char l1[256], l2[256];
    CHECK(tmp_path(l1, sizeof l1, "l1") == 0 && tmp_path(l2, sizeof l2, "l2") == 0);
    struct run r;
    CHECK(run_traced_parts("bfs", NULL, NULL, "gto", l1, l2, &r) == 0);
    struct trace_header h;
    uint64_t n, w, nolanes;
    count_trace(l1, &h, &n, &w, &nolanes);
    CHECK(r.accesses > 1000);
    CHECK_EQ_U64(n, (uint64_t)r.accesses);
    CHECK_EQ_U64(w, (uint64_t)r.writes);
    CHECK_EQ_U64(nolanes, 0);
    CHECK_EQ_U64(h.insts, (uint64_t)r.insts);
    CHECK_EQ_INT(h.kernel_count, (int)r.kernels);
    CHECK_EQ_INT(h.level, TRACE_LEVEL_L1);
    CHECK_EQ_INT(h.line_size, 128);
    CHECK(strstr(h.config, "gpgpu_scheduler=gto") != NULL);
    count_trace(l2, &h, &n, &w, &nolanes);
    CHECK(r.l2_accesses > 0);
    CHECK_EQ_U64(n, (uint64_t)r.l2_accesses);
    CHECK_EQ_INT(h.level, TRACE_LEVEL_L2);
    remove(l1);
    remove(l2);
}

/* SAGCS: trace-driven LRU against the timing model's own L1 misses. */
static void lru_reproduces(const char *bench, const char *dl1, const char *parts,
                           double tolerance)
{
    char l1[256];
    CHECK(tmp_path(l1, sizeof l1, bench) == 0);
    struct run r;
    CHECK(run_traced_parts(bench, dl1, parts, "gto", l1, NULL, &r) == 0);
    struct l1replay rp;
    char err[512];
    CHECK(l1replay_init(&rp, dl1 ? dl1 : "32:128:8,L:E:m:N,A:32:8,8", CACHESIM_LRU, 0, err,
                        sizeof err) == 0);
    struct cachesim_run_result res;
    uint64_t insts = 0;
    int rc = l1replay_file(&rp, l1, &res, &insts, err, sizeof err);
    if (rc)
        printf("  %s\n", err);
    CHECK(rc == 0);
    uint64_t misses = cachesim_stats_misses(&res.stats);
    uint64_t hits = cachesim_stats_hits(&res.stats);
    double diff = fabs((double)misses - r.misses) / r.misses;
    printf("  %-7s timing misses %.0f (hits %.0f + hit-reserved %.0f, evictions %.0f), "
           "trace LRU misses %llu (hits %llu): %.4f%%\n", bench, r.misses, r.hits,
           r.hit_reserved, r.evictions, (unsigned long long)misses, (unsigned long long)hits,
           100 * diff);
    CHECK_EQ_U64(misses + hits, (uint64_t)r.accesses);
    CHECK(diff <= tolerance);
    /* LRU makes replacement decisions: without evictions any policy would
     * reproduce the misses (compulsory only) */
    CHECK(r.evictions > r.accesses / 10);
    remove(l1);
}

TEST(trace_lru_reproduces_timing_l1_misses)
{
    /* the Table-1 32 KB L1 with half-warp requests, as configured, on
     * benchmarks that evict there (point-major kmeans, spmv and bfs at small
     * evict 0-2% of their accesses on it: they are the 4 KB cases below) */
    lru_reproduces("kmeans_fm", NULL, NULL, 0.001);
    lru_reproduces("gc", NULL, NULL, 0.001);
    lru_reproduces("atax", NULL, NULL, 0.001);
    lru_reproduces("gesummv", NULL, NULL, 0.001);
    /* a 4 KB L1 full of capacity misses, whole-warp requests (since the L1
     * access pipeline, spmv 0.10%: more of its misses find their victim
     * reserved) */
    lru_reproduces("gc", SMALL_L1, "1", 0.001);
    lru_reproduces("spmv", SMALL_L1, "1", 0.002);
}

/* With many fills in flight in a 4 KB L1, reserved lines (not evictable in
 * the timing model) make the two differ by more. Measured (with the L1
 * access pipeline): bfs 0.7%; kmeans_fm (feature-major) 0.09% whole
 * warps, 0.05% half-warps; point-major kmeans, whose uncoalesced loads keep
 * 32 fills of one warp in flight, 0.9% (whole warps) and 1.1% (half-warps);
 * gc 0.04%, spmv 0.2%. mvt on the 32 KB L1: 0.23% (its row-strided kernel
 * keeps many fills in flight in few sets). */
TEST(trace_lru_close_under_heavy_reservation)
{
    lru_reproduces("mvt", NULL, NULL, 0.005);
    lru_reproduces("bfs", SMALL_L1, NULL, 0.03);
    lru_reproduces("kmeans_fm", SMALL_L1, "1", 0.005);
    lru_reproduces("kmeans_fm", SMALL_L1, NULL, 0.005);
    lru_reproduces("kmeans", SMALL_L1, "1", 0.02);
    lru_reproduces("kmeans", SMALL_L1, NULL, 0.02);
    lru_reproduces("gc", SMALL_L1, NULL, 0.005);
    lru_reproduces("spmv", SMALL_L1, NULL, 0.005);
}

TEST(bad_trace_options_are_one_line_errors)
{
    ccgpu_config *cfg = ccgpu_config_new();
    char err[512] = "";
    CHECK(ccgpu_config_set(cfg, "ccgpu_trace_l1", "/nonexistent-dir/x.trace") == 0);
    ccgpu *gpu = ccgpu_create(cfg, err, sizeof err);
    CHECK(gpu == NULL);
    CHECK(strstr(err, "/nonexistent-dir/x.trace") != NULL && strchr(err, '\n') == NULL);
    ccgpu_destroy(gpu);
    /* a GPU that fails at creation leaves no trace stub behind (issue #16:
     * this case once left a 109-byte same.trace in the working directory) */
    char dir[] = "/tmp/ccgpu-705-XXXXXX", same[64];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(same, sizeof same, "%s/same.trace", dir);
    CHECK(ccgpu_config_set(cfg, "ccgpu_trace_l1", same) == 0);
    CHECK(ccgpu_config_set(cfg, "ccgpu_trace_l2", same) == 0);
    gpu = ccgpu_create(cfg, err, sizeof err);
    CHECK(gpu == NULL && strstr(err, "same file") != NULL);
    ccgpu_destroy(gpu);
    CHECK(access(same, F_OK) != 0);
    CHECK(ccgpu_config_set(cfg, "ccgpu_trace_l2", "") == 0);
    CHECK(ccgpu_config_set(cfg, "no_such_option", "1") == 0);
    gpu = ccgpu_create(cfg, err, sizeof err);
    CHECK(gpu == NULL && strstr(err, "no_such_option") != NULL);
    CHECK(access(same, F_OK) != 0);
    ccgpu_config_free(cfg);
    cfg = ccgpu_config_new();
    remove(same);
    rmdir(dir);
    CHECK(ccgpu_config_set(cfg, "ccgpu_trace_l1", "") == 0);
    CHECK(ccgpu_config_set(cfg, "ccgpu_trace_l2", "/nonexistent-dir/y.trace") == 0);
    gpu = ccgpu_create(cfg, err, sizeof err);
    CHECK(gpu == NULL && strstr(err, "ccgpu_trace_l2") != NULL && strchr(err, '\n') == NULL);
    ccgpu_destroy(gpu);
    ccgpu_config_free(cfg);
    struct l1replay rp;
    CHECK(l1replay_init(&rp, "none", CACHESIM_LRU, 0, err, sizeof err) == -1);
    CHECK(l1replay_init(&rp, "8:100:4,L:E:m:N,A:32:8,8", CACHESIM_LRU, 0, err, sizeof err) == -1);
    CHECK(l1replay_init(&rp, SM_CONFIG_DEFAULT_L1, CACHESIM_LRU, 0, err, sizeof err) == 0);
    CHECK_EQ_U64(rp.run.cache.size, 16384);
}

/* Two warps of one CTA. Per warp: lanes 0-15 load a[tid] (a miss: the
 * warp's own line), lanes 16-31 load a[tid] (the same line, other lanes: an
 * intra-warp inter-thread hit), all lanes load a[tid] again (intra-thread),
 * then all load b[0] (the first warp misses, the second hits: inter-warp,
 * same CTA) -- whatever order the scheduler picks. */
static const char tiny_ptx[] =
    ".version 6.0\n.target sm_30\n.address_size 64\n"
    ".visible .entry tiny(.param .u64 pa, .param .u64 pb)\n{\n"
    "  .reg .u32 %r<8>;\n  .reg .u64 %rd<8>;\n  .reg .pred %p<2>;\n"
    "  ld.param.u64 %rd1, [pa];\n  ld.param.u64 %rd2, [pb];\n"
    "  mov.u32 %r1, %tid.x;\n  and.b32 %r2, %r1, 31;\n"
    "  mul.wide.u32 %rd3, %r1, 4;\n  add.u64 %rd4, %rd1, %rd3;\n"
    "  setp.lt.u32 %p1, %r2, 16;\n"
    "  @%p1 ld.global.u32 %r3, [%rd4];\n"
    "  @!%p1 ld.global.u32 %r4, [%rd4];\n"
    "  ld.global.u32 %r5, [%rd4];\n"
    "  ld.global.u32 %r6, [%rd2];\n"
    "  ret;\n}\n";

TEST(locality_of_a_tiny_kernel)
{
    char l1[256], err[512];
    CHECK(tmp_path(l1, sizeof l1, "tiny") == 0);
    ccgpu_config *cfg = ccgpu_config_new();
    CHECK(ccgpu_config_load(cfg, "configs/ccws.cfg") == 0);
    CHECK(ccgpu_config_set(cfg, "ccgpu_trace_l1", l1) == 0);
    CHECK(ccgpu_config_set(cfg, "gpgpu_shmem_warp_parts", "1") == 0); /* whole-warp requests */
    /* one SM: both launches run there (a launch starts at the SM after the
     * previous launch's last one) */
    CHECK(ccgpu_config_set(cfg, "gpgpu_n_clusters", "1") == 0);
    ccgpu *gpu = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    CHECK(gpu != NULL);
    if (!gpu)
        return;
    ccgpu_module *m = ccgpu_module_load_string(gpu, tiny_ptx, "tiny.ptx");
    CHECK(m != NULL);
    ccgpu_devptr a = 0, b = 0;
    CHECK(ccgpu_malloc(gpu, &a, 1024) == 0 && ccgpu_malloc(gpu, &b, 1024) == 0);
    CHECK(a % 128 == 0 && b % 128 == 0);
    ccgpu_memset(gpu, a, 0, 1024);
    ccgpu_memset(gpu, b, 0, 1024);
    void *args[] = { &a, &b };
    for (int k = 0; k < 2; k++) /* twice: the L1 starts empty each time */
        CHECK_EQ_INT(ccgpu_launch(gpu, m, "tiny", (struct ccgpu_dim3){ 1, 1, 1 },
                                  (struct ccgpu_dim3){ 64, 1, 1 }, 0, args, 2), 0);
    double acc = 0;
    ccgpu_stat(gpu, "l1d.accesses", -1, &acc);
    ccgpu_destroy(gpu);
    CHECK_EQ_INT(acc, 16);
    struct l1replay rp;
    struct cachesim_run_result res;
    CHECK(l1replay_init(&rp, SM_CONFIG_DEFAULT_L1, CACHESIM_LRU, 1, err, sizeof err) == 0);
    CHECK(l1replay_file(&rp, l1, &res, NULL, err, sizeof err) == 0);
    const struct locality_counts *both[2] = { &res.loc, &res.loc_unbounded };
    for (int k = 0; k < 2; k++) {
        const struct locality_counts *c = both[k];
        CHECK_EQ_U64(c->accesses, 16);
        CHECK_EQ_U64(c->misses, 6);
        CHECK_EQ_U64(c->inter_thread, 4);
        CHECK_EQ_U64(c->intra_thread, 4);
        CHECK_EQ_U64(c->inter_warp_cta, 2);
        CHECK_EQ_U64(locality_inter_warp(c), 2);
    }
    /* without the per-launch flush the second launch would hit throughout */
    rp.run.flush_kernels = 0;
    CHECK(l1replay_file(&rp, l1, &res, NULL, err, sizeof err) == 0);
    CHECK_EQ_U64(res.loc.misses, 3);
    CHECK_EQ_U64(res.loc.inter_kernel, 8);
    remove(l1);
}

int main(void)
{
    RUN(trace_records_every_l1_access);
    RUN(trace_lru_reproduces_timing_l1_misses);
    RUN(trace_lru_close_under_heavy_reservation);
    RUN(bad_trace_options_are_one_line_errors);
    RUN(locality_of_a_tiny_kernel);
    return check_summary();
}
