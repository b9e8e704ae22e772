/* ccgpu_fetch_icache 1 (src/timing/sm.c sm_fetch_grant): with the fetch
 * stage, the I-cache is looked up by the fetch, as in GPGPU-Sim:
 *   - on GPGPU-Sim's SM2_GTX480 file (one SM; I-cache miss entries S:2:32),
 *     48 warps start on one line: 32 wait on its entry and 16 find no room.
 *     With the option those 16 try again at each of their fetch turns while
 *     the line is on its way (hundreds of reservation failures a line, as
 *     GPGPU-Sim counts them); without it each waits for the fill and counts
 *     once. The same instructions issue either way;
 *   - on configs/ccws.cfg with an I-cache, statistics are identical with
 *     the fast paths and idle-cycle skipping off (gto, two_level_active);
 *   - the option needs ccgpu_fetch_stage 1 (refused without). */
#include "bench_run.h"
#include "ccgpu.h"
#include "check.h"
#include "gpu_setup.h"
#include <stdlib.h>

#define N 64

/* a kernel of N independent adds (4 lines of 128 bytes, and the ret) */
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

struct straight {
    double cycles, insts, res_fail, misses, hit_reserved;
};

/* 48 warps (two CTAs of 768 threads) of the kernel on one SM; 0 on success */
static int run_straight(int icache, struct straight *r)
{
    char extra[200];
    snprintf(extra, sizeof extra, "gpgpu_n_clusters 1\nccgpu_fetch_stage 1\nccgpu_fetch_icache %d\n",
             icache);
    ccgpu_module *m;
    ccgpu *g = test_gpu_with_ptx_text(test_gtx480_config(extra), straight_ptx(), "straight.ptx", &m);
    if (!g)
        return -1;
    ccgpu_devptr d = 0;
    void *args[] = { &d };
    struct ccgpu_dim3 two = { 2, 1, 1 }, block = { 768, 1, 1 };
    int rc = -1;
    if (ccgpu_launch(g, m, "k", two, block, 0, args, 1) == 0 &&
        ccgpu_stat(g, "cycles", -1, &r->cycles) == 0 &&
        ccgpu_stat(g, "warp_instructions", -1, &r->insts) == 0 &&
        ccgpu_stat(g, "l1i.res_fail", -1, &r->res_fail) == 0 &&
        ccgpu_stat(g, "l1i.misses", -1, &r->misses) == 0 &&
        ccgpu_stat(g, "l1i.hit_reserved", -1, &r->hit_reserved) == 0)
        rc = 0;
    else
        printf("  %s\n", ccgpu_error(g));
    ccgpu_destroy(g);
    return rc;
}

TEST(no_entry_retries_at_each_fetch)
{
    struct straight off, on;
    CHECK(run_straight(0, &off) == 0 && run_straight(1, &on) == 0);
    printf("  48 warps, %d instructions: %.0f cycles, %.0f reservation failures, %.0f misses, "
           "%.0f merged without; %.0f cycles, %.0f, %.0f, %.0f with the lookup at the fetch\n",
           N, off.cycles, off.res_fail, off.misses, off.hit_reserved, on.cycles, on.res_fail,
           on.misses, on.hit_reserved);
    CHECK(on.insts == off.insts && on.insts == 48 * (N + 2));
    /* 5 lines, one miss each; at each, 16 warps find the entry full */
    CHECK(off.misses == 5 && on.misses == 5);
    CHECK(off.res_fail <= 16 * 5);
    /* the 16 retry one a fetch for as long as the line takes (over 100
     * cycles from the L2 or DRAM) */
    CHECK(on.res_fail >= 100);
    CHECK(on.res_fail >= 4 * off.res_fail);
}

TEST(identical_without_shortcuts)
{
    const char *scheds[] = { "gto", "two_level_active:6:0:1" };
    const char *benches[] = { "bfs", "histogram" };
    for (size_t i = 0; i < sizeof scheds / sizeof scheds[0]; i++)
        for (size_t k = 0; k < sizeof benches / sizeof benches[0]; k++) {
            char o0[300];
            snprintf(o0, sizeof o0,
                     "gpgpu_n_clusters 6\ngpgpu_cache:il1 N:4:128:4,L:R:f:N:L,S:2:32,4\n"
                     "ccgpu_fetch_stage 1\nccgpu_fetch_icache 1\ngpgpu_scheduler %s\n",
                     scheds[i]);
            int same = bench_same_without_shortcuts(benches[k], o0, NULL);
            CHECK(same >= 0);
            if (same == 0)
                printf("  %s with %s: statistics differ without the shortcuts\n", benches[k],
                       scheds[i]);
            CHECK(same == 1);
        }
}

TEST(needs_fetch_stage)
{
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256] = "";
    ccgpu_config_load(cfg, "configs/ccws.cfg");
    ccgpu_config_load_string(cfg, "ccgpu_mode timing\nccgpu_fetch_icache 1\n", "test");
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    CHECK(g == NULL);
    CHECK_STR_CONTAINS(err, "ccgpu_fetch_icache");
    ccgpu_destroy(g);
}

int main(void)
{
    RUN(no_entry_retries_at_each_fetch);
    RUN(identical_without_shortcuts);
    RUN(needs_fetch_stage);
    return check_summary();
}
