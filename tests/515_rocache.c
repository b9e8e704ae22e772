/* The SM's read-only caches (src/timing/rocache.h): the instruction cache
 * (gpgpu_cache:il1) and the constant cache (gpgpu_const_cache:l1).
 *   - rocache alone: LRU replacement, merging into a line's entry up to
 *     max_merge waiters, no free entry, the epoch moving on an eviction;
 *   - one warp running straight-line code of 64 instructions (512 bytes,
 *     tests/ptx/515_rocache.ptx) misses once per 128-byte line: 4 misses;
 *     a later launch on the same SM none (the cache keeps its lines), with
 *     two lines' room 4 again (LRU evicted the first two);
 *   - every miss costs a trip to memory: the same launch is slower than
 *     with gpgpu_perfect_inst_const_cache 1, which also drops the l1i.* and
 *     l1c.* statistics;
 *   - eight warps loading one kernel parameter: one constant-cache miss, the
 *     other seven wait on its entry or hit;
 *   - a cache line longer than the L2's is refused. */
#include "ccgpu.h"
#include "check.h"
#include "timing/rocache.h"
#include "util/embedded.h"

static const char *const IL1 = "gpgpu_cache:il1 N:8:128:4,L:R:f:N:L,S:2:48,4\n";
static const char *const CL1 = "gpgpu_const_cache:l1 N:64:64:2,L:R:f:N:L,S:2:32,4\n";

static ccgpu *make(const char *overrides, ccgpu_module **m, char *err, size_t n)
{
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu_config_load(cfg, "configs/ccws.cfg");
    ccgpu_config_load_string(cfg, "ccgpu_mode timing\n", "test");
    if (overrides)
        ccgpu_config_load_string(cfg, overrides, "test");
    ccgpu *g = ccgpu_create(cfg, err, n);
    ccgpu_config_free(cfg);
    if (g)
        *m = ccgpu_module_load_string(g, embedded_find("tests/ptx/515_rocache.ptx"),
                                      "515_rocache.ptx");
    return g;
}

static double stat(ccgpu *g, const char *name, int kernel)
{
    double v = -1;
    if (ccgpu_stat(g, name, kernel, &v))
        return -1;
    return v;
}

/* Launches kernel once with `threads` threads in one CTA; 0 on success. */
static int run(ccgpu *g, ccgpu_module *m, const char *kernel, uint32_t threads)
{
    ccgpu_devptr out;
    uint32_t val = 7;
    if (ccgpu_malloc(g, &out, 4 * 256))
        return -1;
    void *args[] = { &out, &val };
    struct ccgpu_dim3 grid = { 1, 1, 1 }, block = { threads, 1, 1 };
    int rc = ccgpu_launch(g, m, kernel, grid, block, 0, args, strcmp(kernel, "params") ? 1 : 2);
    if (rc)
        printf("  %s: %s\n", kernel, ccgpu_error(g));
    return rc;
}

TEST(rocache_alone)
{
    struct cache_config c = { .nsets = 1, .line_size = 128, .assoc = 2, .mshr_entries = 2,
                              .mshr_max_merge = 2 };
    struct rocache rc;
    char err[256];
    SETUP(rocache_init(&rc, &c, "test", err, sizeof err) == 0);
    uint16_t tok[ROC_MAX_MERGE];
    CHECK(!rocache_lookup(&rc, 10));
    CHECK_EQ_INT(rocache_miss(&rc, 10, 1), ROC_NEW);
    CHECK_EQ_INT(rocache_miss(&rc, 10, 2), ROC_MERGED);
    CHECK_EQ_INT(rocache_miss(&rc, 10, 3), ROC_FULL); /* two waiters at most */
    CHECK_EQ_INT(rocache_miss(&rc, 11, 4), ROC_NEW);
    CHECK_EQ_INT(rocache_miss(&rc, 12, 5), ROC_FULL); /* both entries in use */
    uint64_t line = 0;
    CHECK(rocache_unsent(&rc, &line) && line == 10);
    rocache_mark_sent(&rc, 10);
    CHECK(rocache_unsent(&rc, &line) && line == 11);
    rocache_mark_sent(&rc, 11);
    CHECK(!rocache_unsent(&rc, &line));
    CHECK_EQ_INT(rocache_fill(&rc, 10, tok), 2);
    CHECK(tok[0] == 1 && tok[1] == 2);
    CHECK_EQ_INT(rocache_fill(&rc, 11, tok), 1);
    CHECK_EQ_U64(rc.epoch, 0);
    CHECK(rocache_lookup(&rc, 10)); /* 10 is now the most recently used */
    CHECK_EQ_INT(rocache_miss(&rc, 12, 6), ROC_NEW);
    rocache_mark_sent(&rc, 12);
    CHECK_EQ_INT(rocache_fill(&rc, 12, tok), 1);
    CHECK_EQ_U64(rc.epoch, 1);  /* 11 evicted */
    CHECK(rocache_lookup(&rc, 10) && rocache_lookup(&rc, 12) && !rocache_lookup(&rc, 11));
    /* accesses: lookups, less the failed miss attempts (retried later) */
    CHECK_EQ_U64(rc.st.misses, 3);
    CHECK_EQ_U64(rc.st.hit_reserved, 1);
    CHECK_EQ_U64(rc.st.res_fail, 2);
    rocache_free(&rc);
}

TEST(icache_straight_line)
{
    /* two SMs: launches 0 and 2 run on SM 0, launch 1 on SM 1 (each launch
     * starts at the SM after the previous launch's last one) */
    char err[256], cfg[512];
    ccgpu_module *m = NULL;
    snprintf(cfg, sizeof cfg, "%s%sgpgpu_n_clusters 2\n", IL1, CL1);
    ccgpu *g = make(cfg, &m, err, sizeof err);
    SETUP(g && m);
    SETUP(run(g, m, "straight", 32) == 0 && run(g, m, "straight", 32) == 0 &&
          run(g, m, "straight", 32) == 0);
    CHECK_NEAR(stat(g, "l1i.misses", 0), 4, 0);
    CHECK_NEAR(stat(g, "l1i.accesses", 0), 4, 0);
    CHECK_NEAR(stat(g, "l1i.misses", 1), 4, 0); /* SM 1: cold */
    CHECK_NEAR(stat(g, "l1i.misses", 2), 0, 0); /* SM 0 kept its lines */
    ccgpu_destroy(g);
    /* room for two lines: SM 0 misses every line again */
    g = make("gpgpu_cache:il1 N:1:128:2,L:R:f:N:L,S:2:48,4\ngpgpu_n_clusters 2\n", &m, err,
             sizeof err);
    SETUP(g && m);
    SETUP(run(g, m, "straight", 32) == 0 && run(g, m, "straight", 32) == 0 &&
          run(g, m, "straight", 32) == 0);
    CHECK_NEAR(stat(g, "l1i.misses", 0), 4, 0);
    CHECK_NEAR(stat(g, "l1i.misses", 2), 4, 0);
    ccgpu_destroy(g);
}

TEST(misses_cost_cycles)
{
    char err[256], cfg[512];
    ccgpu_module *m = NULL;
    snprintf(cfg, sizeof cfg, "%s%s", IL1, CL1);
    ccgpu *g = make(cfg, &m, err, sizeof err);
    SETUP(g && m);
    SETUP(run(g, m, "straight", 32) == 0);
    double real = stat(g, "cycles", 0);
    ccgpu_destroy(g);
    snprintf(cfg, sizeof cfg, "%s%sgpgpu_perfect_inst_const_cache 1\n", IL1, CL1);
    g = make(cfg, &m, err, sizeof err);
    SETUP(g && m);
    SETUP(run(g, m, "straight", 32) == 0);
    double perfect = stat(g, "cycles", 0);
    double v;
    CHECK(ccgpu_stat(g, "l1i.misses", -1, &v) != 0); /* not registered */
    CHECK(ccgpu_stat(g, "l1c.misses", -1, &v) != 0);
    ccgpu_destroy(g);
    /* four line misses, each to DRAM (the code is in no cache yet), and the
     * parameter's: several hundred cycles on configs/ccws.cfg */
    CHECK(real > perfect + 400);
}

TEST(const_cache_one_line)
{
    char err[256];
    ccgpu_module *m = NULL;
    ccgpu *g = make(CL1, &m, err, sizeof err);
    SETUP(g && m);
    SETUP(run(g, m, "params", 256) == 0); /* 8 warps, two ld.param each */
    CHECK_NEAR(stat(g, "l1c.misses", 0), 1, 0);
    CHECK_NEAR(stat(g, "l1c.accesses", 0), 16, 0);
    CHECK(stat(g, "l1c.hit_reserved", 0) >= 1);
    CHECK(stat(g, "l1i.misses", 0) < 0); /* no I-cache configured */
    ccgpu_destroy(g);
}

TEST(line_longer_than_l2)
{
    char err[256];
    ccgpu_module *m = NULL;
    ccgpu *g = make("gpgpu_cache:il1 N:8:256:4,L:R:f:N:L,S:2:48,4\n", &m, err, sizeof err);
    CHECK(!g);
    CHECK_STR_CONTAINS(err, "gpgpu_cache:il1");
    if (g)
        ccgpu_destroy(g);
}

int main(void)
{
    RUN(rocache_alone);
    RUN(icache_straight_line);
    RUN(misses_cost_cycles);
    RUN(const_cache_one_line);
    RUN(line_longer_than_l2);
    return check_summary();
}
