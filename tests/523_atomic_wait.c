/* A warp waiting for its atomic is left out of a warp limit until the
 * atomic's data is written back (GPGPU-Sim's shd_warp_t::waiting, whose
 * m_n_atomic falls at the writeback), so another warp may issue meanwhile:
 *   - one scheduler of GPGPU-Sim's SM2_GTX480 file, warp_limiting:2:1 (one
 *     warp may issue), two warps: warp 0 makes ATOMICS shared-memory atomics
 *     one after the other (each waits out gpgpu_smem_latency, 26 cycles),
 *     warp 1 a chain of ADDS dependent adds. The two together take about
 *     as long as the longer alone, not their sum: warp 1 issues while warp 0
 *     waits on its atomics;
 *   - gto (no limit) takes about as long (within 15%);
 *   - on configs/ccws.cfg with swl:2 (the limit with atomics on histogram),
 *     statistics are identical with the fast paths and idle-cycle skipping
 *     off. */
#include "bench_run.h"
#include "ccgpu.h"
#include "check.h"
#include "gpu_setup.h"
#include <stdlib.h>

#define ATOMICS 16
#define ADDS 100

/* the kernel; its parameter w says which warps work (1: warp 0's atomics,
 * 2: warp 1's adds, 3: both) */
static char *kernel_ptx(void)
{
    static char buf[32768];
    size_t k = (size_t)snprintf(
        buf, sizeof buf,
        ".version 7.0\n.target sm_70\n.address_size 64\n"
        ".visible .entry k(.param .u64 p, .param .u32 w)\n{\n.reg .b32 %%r<64>;\n"
        ".reg .b64 %%rd<4>;\n.reg .pred %%p<4>;\n.shared .align 4 .b32 s[32];\n"
        "ld.param.u64 %%rd1, [p];\nld.param.u32 %%r9, [w];\ncvta.to.global.u64 %%rd2, %%rd1;\n"
        "mov.u32 %%r1, %%tid.x;\nshr.u32 %%r2, %%r1, 5;\nand.b32 %%r3, %%r1, 31;\n"
        "shl.b32 %%r4, %%r3, 2;\nmov.u32 %%r5, s;\nadd.u32 %%r6, %%r5, %%r4;\n"
        "mov.u32 %%r10, 1;\nshl.b32 %%r11, %%r10, %%r2;\nand.b32 %%r12, %%r11, %%r9;\n"
        "setp.eq.u32 %%p1, %%r12, 0;\n@%%p1 bra DONE;\nsetp.ne.u32 %%p2, %%r2, 0;\n"
        "@%%p2 bra ADDS;\n");
    for (int i = 0; i < ATOMICS; i++)
        k += (size_t)snprintf(buf + k, sizeof buf - k, "atom.shared.add.u32 %%r%d, [%%r6], 1;\n",
                              20 + i % 8);
    k += (size_t)snprintf(buf + k, sizeof buf - k, "bra DONE;\nADDS:\nmov.u32 %%r30, %%r3;\n");
    for (int i = 0; i < ADDS; i++)
        k += (size_t)snprintf(buf + k, sizeof buf - k, "add.u32 %%r30, %%r30, %d;\n", i);
    snprintf(buf + k, sizeof buf - k, "st.global.u32 [%%rd2], %%r30;\nDONE:\nret;\n}\n");
    return buf;
}

/* cycles of the kernel (two warps, those of `warps` working), or -1 */
static double run(const char *sched, unsigned warps)
{
    char extra[200];
    snprintf(extra, sizeof extra,
             "gpgpu_n_clusters 1\ngpgpu_num_sched_per_core 1\n"
             "gpgpu_perfect_inst_const_cache 1\ngpgpu_scheduler %s\n", sched);
    ccgpu_module *m;
    ccgpu *g = test_gpu_with_ptx_text(test_gtx480_config(extra), kernel_ptx(), "atomics.ptx", &m);
    if (!g)
        return -1;
    ccgpu_devptr d = 0;
    double cycles = -1;
    void *args[] = { &d, &warps };
    struct ccgpu_dim3 one = { 1, 1, 1 }, block = { 64, 1, 1 };
    if (ccgpu_malloc(g, &d, 64) == 0 && ccgpu_launch(g, m, "k", one, block, 0, args, 2) == 0)
        ccgpu_stat(g, "cycles", -1, &cycles);
    else
        printf("  %s\n", ccgpu_error(g));
    ccgpu_destroy(g);
    return cycles;
}

TEST(a_warp_waiting_on_its_atomic_leaves_the_limit)
{
    const char *lim = "warp_limiting:2:1";
    double a = run(lim, 1), b = run(lim, 2), both = run(lim, 3), gto = run("gto", 3);
    printf("  warp_limiting:2:1: %d shared atomics %.0f cycles, %d adds %.0f, both %.0f "
           "(gto %.0f)\n", ATOMICS, a, ADDS, b, both, gto);
    CHECK(a > 0 && b > 0 && both > 0 && gto > 0);
    double longer = a > b ? a : b, shorter = a > b ? b : a;
    /* warp 1 issues during warp 0's waits: well under the sum */
    CHECK(both < longer + shorter / 4);
    CHECK(both < gto * 1.15);
}

TEST(identical_without_shortcuts)
{
    int same = bench_same_without_shortcuts("histogram", "gpgpu_scheduler swl:2\n", NULL);
    CHECK(same == 1);
}

int main(void)
{
    RUN(a_warp_waiting_on_its_atomic_leaves_the_limit);
    RUN(identical_without_shortcuts);
    return check_summary();
}
