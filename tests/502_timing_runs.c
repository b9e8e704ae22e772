/* The timing model on real benchmarks (CCWS Table-1 config, fewer SMs to
 * keep the test fast): results still check against the CPU reference;
 * idle-cycle skipping changes no statistic; the same run twice gives the
 * same statistics; GTO beats LRR on k-means when the warps' working sets
 * exceed the L1 (ccws-micro2012 Fig. 3/7 direction). */
#include "bench_run.h"
#include "check.h"
#include "util/embedded.h"
#include <stdlib.h>

struct run {
    int rc;
    char *json; /* every statistic, per kernel and total */
    size_t len;
    double cycles, misses, ipc, throttled;
    double warp_insts, thread_insts;
};

static struct run run_bench(const char *name, const char *overrides)
{
    struct run r = { -1, NULL, 0, 0, 0, 0, 0, 0, 0 };
    ccgpu *gpu = bench_run_timing(name, "configs/ccws.cfg", "ccgpu_mode timing\n",
                                  overrides, &r.rc, &r.json, &r.len);
    if (!gpu)
        return r;
    ccgpu_stat(gpu, "cycles", -1, &r.cycles);
    ccgpu_stat(gpu, "l1d.misses", -1, &r.misses);
    ccgpu_stat(gpu, "warp_ipc", -1, &r.ipc);
    ccgpu_stat(gpu, "sched.throttled", -1, &r.throttled);
    ccgpu_stat(gpu, "warp_instructions", -1, &r.warp_insts);
    ccgpu_stat(gpu, "thread_instructions", -1, &r.thread_insts);
    ccgpu_destroy(gpu);
    return r;
}

static int same(const struct run *a, const struct run *b)
{
    return a->json && b->json && a->len == b->len && memcmp(a->json, b->json, a->len) == 0;
}

/* Checked against an independent model: the functional engine (ccgpu_mode
 * functional, no timing model) runs the same benchmark, size and seed; the
 * timing model must not change what executes, so the warp and thread
 * instruction counts agree exactly. Left out: gc, whose mark phase tests a
 * mark before its atomicExch, so how many objects a thread finds unmarked,
 * and the instructions it runs, depend on the interleaving (small: 77382
 * warp instructions functional, 78910 timing). The atomics of histogram
 * (add) and sssp (atomicMin into a tentative array read by the next kernel)
 * return values nothing branches on, so their counts do not depend on order.
 * And the issue-rate bound from the config set here: at most issue width x
 * schedulers x SMs = 1 x 1 x 4 warp instructions issue per core cycle. */
TEST(benchmarks_check_in_timing_mode)
{
    /* graph, dense, barriers + shared memory, atomics, 2-D stencil, DP */
    const char *names[] = { "bfs", "kmeans", "reduction", "histogram", "nw", "hotspot", "sssp" };
    const char *shape = "gpgpu_n_clusters 4\ngpgpu_n_cores_per_cluster 1\n"
                        "gpgpu_num_sched_per_core 1\nccgpu_issue_width 1\n";
    const double per_cycle = 1.0 * 1 * 4; /* issue width x schedulers x SMs */
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char fo[256];
        snprintf(fo, sizeof fo, "%sccgpu_mode functional\n", shape);
        struct run r = run_bench(names[i], shape), f = run_bench(names[i], fo);
        printf("  %s: timing %.0f cycles %.0f warp / %.0f thread insts; functional %.0f / %.0f\n",
               names[i], r.cycles, r.warp_insts, r.thread_insts, f.warp_insts, f.thread_insts);
        CHECK_EQ_INT(r.rc, 0);
        CHECK_EQ_INT(f.rc, 0);
        CHECK(f.warp_insts > 0 && f.thread_insts >= f.warp_insts);
        CHECK_EQ_INT(r.warp_insts, f.warp_insts);
        CHECK_EQ_INT(r.thread_insts, f.thread_insts);
        CHECK(r.cycles >= r.warp_insts / per_cycle);
        free(r.json);
        free(f.json);
    }
}

TEST(skip_idle_changes_nothing)
{
    const char *names[] = { "bfs", "reduction", "histogram", "kmeans" };
    const char *scheds[] = { "gto", "lrr", "swl:3", "two_level_active:6:0:1" };
    for (size_t i = 0; i < 4; i++) {
        char o0[128], o1[128];
        snprintf(o0, sizeof o0, "gpgpu_n_clusters 3\ngpgpu_scheduler %s\nccgpu_skip_idle 0\n",
                 scheds[i]);
        snprintf(o1, sizeof o1, "gpgpu_n_clusters 3\ngpgpu_scheduler %s\nccgpu_skip_idle 1\n",
                 scheds[i]);
        struct run a = run_bench(names[i], o0), b = run_bench(names[i], o1);
        CHECK(a.rc == 0 && b.rc == 0);
        if (!same(&a, &b))
            printf("  %s with %s: statistics differ with skipping on and off\n", names[i],
                   scheds[i]);
        CHECK(same(&a, &b));
        free(a.json);
        free(b.json);
    }
}

TEST(deterministic)
{
    struct run a = run_bench("kmeans", "gpgpu_n_clusters 2\n");
    struct run b = run_bench("kmeans", "gpgpu_n_clusters 2\n");
    CHECK(a.rc == 0 && same(&a, &b));
    free(a.json);
    free(b.json);
}

TEST(gto_beats_lrr_when_the_l1_is_too_small)
{
    /* k-means small on one SM: 32 warps (kmeans_assign uses 60 registers by
     * ptxas, so the SM gets 64 K registers to hold them) each re-read 16 lines per cluster,
     * 64 KB of intra-warp locality against a 32 KB L1 */
    struct run g = run_bench("kmeans", "gpgpu_n_clusters 1\ngpgpu_shader_registers 65536\ngpgpu_scheduler gto\n");
    struct run l = run_bench("kmeans", "gpgpu_n_clusters 1\ngpgpu_shader_registers 65536\ngpgpu_scheduler lrr\n");
    printf("  kmeans small, 1 SM: GTO %.0f cycles %.0f L1 misses; LRR %.0f cycles %.0f misses\n",
           g.cycles, g.misses, l.cycles, l.misses);
    CHECK(g.rc == 0 && l.rc == 0);
    CHECK(g.cycles < l.cycles);
    CHECK(g.misses < 0.8 * l.misses);
    free(g.json);
    free(l.json);
}

TEST(swl_throttles)
{
    struct run a = run_bench("kmeans", "gpgpu_n_clusters 1\ngpgpu_scheduler swl:2\n");
    struct run b = run_bench("kmeans", "gpgpu_n_clusters 1\ngpgpu_scheduler warp_limiting:2:2\n");
    CHECK(a.rc == 0 && a.throttled > 0);
    CHECK(same(&a, &b)); /* one scheduler: per SM and per scheduler agree */
    free(a.json);
    free(b.json);
}

/* With two schedulers GPGPU-Sim's warp_limiting:2:N limits N warps per
 * scheduler (as ccgpu's swl:N:sched, but also letting the slot that issued
 * last issue), swl:N N per SM. */
TEST(swl_per_scheduler)
{
    const char *two = "gpgpu_n_clusters 1\ngpgpu_num_sched_per_core 2\n";
    char c1[200], c2[200], c3[200];
    snprintf(c1, sizeof c1, "%sgpgpu_scheduler warp_limiting:2:2\n", two);
    snprintf(c2, sizeof c2, "%sgpgpu_scheduler swl:2:sched\n", two);
    snprintf(c3, sizeof c3, "%sgpgpu_scheduler swl:2\n", two);
    struct run a = run_bench("kmeans", c1), b = run_bench("kmeans", c2), c = run_bench("kmeans", c3);
    CHECK(a.rc == 0 && b.rc == 0 && c.rc == 0);
    CHECK(a.throttled > 0 && b.throttled > 0);
    /* the greedy slot lets a few more issues through than swl:2:sched's 2
     * per scheduler, far fewer than swl:2's 2 per SM would hold back */
    CHECK(a.throttled <= b.throttled);
    CHECK(!same(&a, &c)); /* 4 warps may issue, not 2 */
    free(a.json);
    free(b.json);
    free(c.json);
}

/* A launch that fails with memory requests in flight (the runaway limit
 * stops it) leaves the GPU usable: the next launch runs and checks. */
TEST(recovers_after_failed_launch)
{
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256];
    ccgpu_config_load(cfg, "configs/ccws.cfg");
    ccgpu_config_load_string(cfg, "gpgpu_n_clusters 2\nccgpu_max_warp_instructions 3000\n", "t");
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    CHECK(g != NULL);
    if (!g)
        return;
    ccgpu_module *m = ccgpu_module_load_string(g, embedded_find("tests/ptx/501_micro.ptx"), "m");
    ccgpu_devptr a = 0, out = 0;
    int n = 1 << 16;
    CHECK(m && ccgpu_malloc(g, &a, (size_t)n * 16) == 0 && ccgpu_malloc(g, &out, 1 << 16) == 0);
    CHECK(ccgpu_memset(g, a, 1, (size_t)n * 16) == 0);
    void *sargs[] = { &a, &n, &out };
    struct ccgpu_dim3 grid = { 32, 1, 1 }, block = { 256, 1, 1 }, one = { 1, 1, 1 };
    CHECK(ccgpu_launch(g, m, "stream_read", grid, block, 0, sargs, 3) == -1);
    CHECK_STR_CONTAINS(ccgpu_error(g), "runaway");
    int iters = 1, x = 3, y = 1;
    void *cargs[] = { &out, &iters, &x, &y };
    CHECK(ccgpu_launch(g, m, "alu_chain", one, block, 0, cargs, 4) == 0);
    int v[2] = { 0, 0 };
    CHECK(ccgpu_memcpy_dtoh(g, v, out, sizeof v) == 0);
    uint32_t want = 1; /* thread 1: x = 1, then 128 times x = 3x + 1 */
    for (int i = 0; i < 128; i++)
        want = want * 3 + 1;
    CHECK_EQ_INT((uint32_t)v[1], want);
    ccgpu_destroy(g);
}

int main(void)
{
    RUN(benchmarks_check_in_timing_mode);
    RUN(skip_idle_changes_nothing);
    RUN(deterministic);
    RUN(gto_beats_lrr_when_the_l1_is_too_small);
    RUN(swl_throttles);
    RUN(swl_per_scheduler);
    RUN(recovers_after_failed_launch);
    return check_summary();
}
