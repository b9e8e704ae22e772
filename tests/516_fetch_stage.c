/* ccgpu_fetch_stage 1 (src/timing/sm.c sm_fetch_grant): GPGPU-Sim's fetch
 * stage:
 *   - on GPGPU-Sim's SM2_GTX480 file (one SM, perfect I-cache), one warp of
 *     64 independent instructions: a fetch brings two, issuable two cycles
 *     after it, and the next fetch waits until both issued, so each pair
 *     costs one cycle more than without the stage (32 cycles);
 *   - gpgpu_inst_fetch_throughput is the fetches per SM cycle: 8 warps of
 *     that kernel on two schedulers take longer at 1 than at 8, and at 8
 *     about as long as without the stage;
 *   - on configs/ccws.cfg, statistics are identical with the fast paths and
 *     idle-cycle skipping off, for schedulers with and without vetoes
 *     (two_level_active reads whether a warp's next instruction is in its
 *     I-buffer);
 *   - off, results are those of the default model (the golden checksums);
 *     a throughput of 0 or above 64 is refused. */
#include "bench_run.h"
#include "ccgpu.h"
#include "check.h"
#include "gpu_setup.h"
#include <stdlib.h>

#define N 64

/* a kernel of N adds, each to one of 16 registers (16 apart: no hazard) */
static char *straight_ptx(void)
{
    static char buf[8192];
    size_t k = (size_t)snprintf(buf, sizeof buf,
                                ".version 7.0\n.target sm_70\n.address_size 64\n"
                                ".visible .entry k(.param .u64 p)\n{\n.reg .b32 %%r<40>;\n"
                                ".reg .b64 %%rd<4>;\nmov.u32 %%r30, 7;\n");
    for (int i = 0; i < N; i++)
        k += (size_t)snprintf(buf + k, sizeof buf - k, "add.u32 %%r%d, %%r30, %d;\n", i % 16, i);
    snprintf(buf + k, sizeof buf - k, "ret;\n}\n");
    return buf;
}

/* cycles of the kernel with `warps` warps in one CTA on one SM, or -1 */
static double run_straight(const char *extra, unsigned warps)
{
    char lines[400];
    snprintf(lines, sizeof lines,
             "gpgpu_n_clusters 1\ngpgpu_num_sched_per_core 1\ngpgpu_perfect_inst_const_cache 1\n%s",
             extra ? extra : "");
    ccgpu_module *m;
    ccgpu *g = test_gpu_with_ptx_text(test_gtx480_config(lines), straight_ptx(), "straight.ptx", &m);
    if (!g)
        return -1;
    ccgpu_devptr d = 0;
    double cycles = -1;
    void *args[] = { &d };
    struct ccgpu_dim3 one = { 1, 1, 1 }, block = { 32 * warps, 1, 1 };
    if (ccgpu_launch(g, m, "k", one, block, 0, args, 1) == 0)
        ccgpu_stat(g, "cycles", -1, &cycles);
    else
        printf("  %s\n", ccgpu_error(g));
    ccgpu_destroy(g);
    return cycles;
}

TEST(a_pair_per_fetch)
{
    double off = run_straight(NULL, 1), on = run_straight("ccgpu_fetch_stage 1\n", 1);
    CHECK(off > 0 && on > 0);
    printf("  one warp, %d instructions: %.0f cycles, %.0f with the fetch stage\n", N, off, on);
    CHECK(on - off >= N / 2 - 2 && on - off <= N / 2 + 4);
}

TEST(fetches_per_cycle)
{
    /* two schedulers issue up to 2 a cycle, which one fetch a cycle (2
     * instructions, then the warp's issues) does not keep up with */
    const char *two = "gpgpu_num_sched_per_core 2\n";
    char c1[160], c8[160];
    snprintf(c1, sizeof c1, "%sccgpu_fetch_stage 1\ngpgpu_inst_fetch_throughput 1\n", two);
    snprintf(c8, sizeof c8, "%sccgpu_fetch_stage 1\ngpgpu_inst_fetch_throughput 8\n", two);
    double w1 = run_straight(c1, 8), w8 = run_straight(c8, 8), off = run_straight(two, 8);
    printf("  8 warps: %.0f cycles fetching 1 warp a cycle, %.0f fetching 8, %.0f without\n",
           w1, w8, off);
    CHECK(w1 > 0 && w8 > 0 && off > 0);
    CHECK(w1 > w8 + 20);
    CHECK(w8 >= off && w8 <= off + 4);
}

TEST(identical_without_shortcuts)
{
    const char *scheds[] = { "gto", "two_level_active:6:0:1", "warp_limiting:2:2", "ccws" };
    const char *benches[] = { "bfs", "histogram" };
    for (size_t i = 0; i < sizeof scheds / sizeof scheds[0]; i++)
        for (size_t k = 0; k < sizeof benches / sizeof benches[0]; k++) {
            char o0[200];
            snprintf(o0, sizeof o0, "gpgpu_n_clusters 6\nccgpu_fetch_stage 1\n"
                                    "gpgpu_scheduler %s\n", scheds[i]);
            int same = bench_same_without_shortcuts(benches[k], o0, NULL);
            CHECK(same >= 0);
            if (same == 0)
                printf("  %s with %s: statistics differ without the shortcuts\n", benches[k],
                       scheds[i]);
            CHECK(same == 1);
        }
}

TEST(bad_throughput)
{
    const char *bad[] = { "ccgpu_fetch_stage 1\ngpgpu_inst_fetch_throughput 0\n",
                          "ccgpu_fetch_stage 1\ngpgpu_inst_fetch_throughput 65\n" };
    for (int i = 0; i < 2; i++) {
        ccgpu_config *cfg = ccgpu_config_new();
        char err[256] = "";
        ccgpu_config_load(cfg, "configs/ccws.cfg");
        ccgpu_config_load_string(cfg, "ccgpu_mode timing\n", "test");
        ccgpu_config_load_string(cfg, bad[i], "test");
        ccgpu *g = ccgpu_create(cfg, err, sizeof err);
        ccgpu_config_free(cfg);
        CHECK(g == NULL);
        CHECK_STR_CONTAINS(err, "gpgpu_inst_fetch_throughput");
        ccgpu_destroy(g);
    }
}

int main(void)
{
    RUN(a_pair_per_fetch);
    RUN(fetches_per_cycle);
    RUN(identical_without_shortcuts);
    RUN(bad_throughput);
    return check_summary();
}
