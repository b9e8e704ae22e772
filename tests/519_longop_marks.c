/* ccgpu_longop_marks 1 (src/timing/longop.c): GPGPU-Sim's stale long-latency
 * marks, which only two_level_active reads:
 *   - one warp on one scheduler of GPGPU-Sim's SM2_GTX480 file loads %r1
 *     from global memory, waits for it, then reads %r1 again READS times
 *     (a run of independent adds between reads): with the marks each later
 *     read demotes the warp, which waits for the FIFO (its scheduler's
 *     other 47 slots, empty) to bring it back, so the run is longer by
 *     several cycles a read; without them only the first read waits;
 *   - an ALU write of %r1 before the reads ends the mark once its result
 *     is written: then the marks cost nothing;
 *   - gto ignores the marks (statistics identical with and without);
 *   - on configs/ccws.cfg with two_level_active, statistics are identical
 *     with the fast paths and idle-cycle skipping off. */
#include "bench_run.h"
#include "ccgpu.h"
#include "check.h"
#include "gpu_setup.h"
#include <stdlib.h>

#define READS 16
#define GAP 8

/* rewrite: an ALU instruction writes %r1 after the load's data is used */
static char *reads_ptx(int rewrite)
{
    static char buf[16384];
    size_t k = (size_t)snprintf(buf, sizeof buf,
                                ".version 7.0\n.target sm_70\n.address_size 64\n"
                                ".visible .entry k(.param .u64 p)\n{\n.reg .b32 %%r<64>;\n"
                                ".reg .b64 %%rd<4>;\nld.param.u64 %%rd1, [p];\n"
                                "cvta.to.global.u64 %%rd2, %%rd1;\nld.global.u32 %%r1, [%%rd2];\n"
                                "add.u32 %%r2, %%r1, 1;\n");
    if (rewrite) { /* (and time for its result to be written before the reads) */
        k += (size_t)snprintf(buf + k, sizeof buf - k, "add.u32 %%r1, %%r2, 1;\n");
        for (int j = 0; j < 2 * GAP; j++)
            k += (size_t)snprintf(buf + k, sizeof buf - k, "add.u32 %%r%d, %%r2, %d;\n", 20 + j,
                                  j);
    }
    for (int i = 0; i < READS; i++) {
        for (int j = 0; j < GAP; j++)
            k += (size_t)snprintf(buf + k, sizeof buf - k, "add.u32 %%r%d, %%r2, %d;\n",
                                  20 + j, i * GAP + j);
        k += (size_t)snprintf(buf + k, sizeof buf - k, "add.u32 %%r%d, %%r1, %d;\n", 40 + i % 16,
                              i);
    }
    snprintf(buf + k, sizeof buf - k, "st.global.u32 [%%rd2+4], %%r40;\nret;\n}\n");
    return buf;
}

/* cycles of one warp of the kernel, or -1 */
static double run_reads(const char *sched, int marks, int rewrite)
{
    char extra[200];
    snprintf(extra, sizeof extra,
             "gpgpu_n_clusters 1\ngpgpu_num_sched_per_core 1\n"
             "gpgpu_perfect_inst_const_cache 1\ngpgpu_scheduler %s\nccgpu_longop_marks %d\n",
             sched, marks);
    ccgpu_module *m;
    ccgpu *g = test_gpu_with_ptx_text(test_gtx480_config(extra), reads_ptx(rewrite), "reads.ptx", &m);
    if (!g)
        return -1;
    ccgpu_devptr d = 0;
    double cycles = -1;
    unsigned v[2] = { 5, 0 };
    void *args[] = { &d };
    struct ccgpu_dim3 one = { 1, 1, 1 }, block = { 32, 1, 1 };
    if (ccgpu_malloc(g, &d, sizeof v) == 0 && ccgpu_memcpy_htod(g, d, v, sizeof v) == 0 &&
        ccgpu_launch(g, m, "k", one, block, 0, args, 1) == 0) {
        ccgpu_stat(g, "cycles", -1, &cycles);
    } else {
        printf("  %s\n", ccgpu_error(g));
    }
    ccgpu_destroy(g);
    return cycles;
}

TEST(stale_reads_demote)
{
    const char *tla = "two_level_active:6:0:1";
    double off = run_reads(tla, 0, 0), on = run_reads(tla, 1, 0);
    printf("  %d reads of a load's register long after its data: %.0f cycles, %.0f with the "
           "marks\n", READS, off, on);
    CHECK(off > 0 && on > 0);
    /* each read after the first: at least a few cycles in the FIFO */
    CHECK(on - off >= 3 * (READS - 1));
}

TEST(alu_write_ends_mark)
{
    const char *tla = "two_level_active:6:0:1";
    double off = run_reads(tla, 0, 1), on = run_reads(tla, 1, 1);
    printf("  the same after an ALU write of the register: %.0f cycles, %.0f with the marks\n",
           off, on);
    CHECK(off > 0 && on > 0);
    CHECK(on == off);
}

TEST(gto_ignores_marks)
{
    double off = run_reads("gto", 0, 0), on = run_reads("gto", 1, 0);
    CHECK(off > 0 && on == off);
}

TEST(identical_without_shortcuts)
{
    const char *benches[] = { "bfs", "histogram" };
    for (size_t k = 0; k < sizeof benches / sizeof benches[0]; k++) {
        const char *o0 = "gpgpu_n_clusters 6\nccgpu_longop_marks 1\n"
                         "gpgpu_scheduler two_level_active:6:0:1\n";
        char *a = NULL;
        int rcd;
        int same = bench_same_without_shortcuts(benches[k], o0, &a);
        char *dflt = bench_run_json(benches[k],
                                    "gpgpu_n_clusters 6\ngpgpu_scheduler two_level_active:6:0:1\n",
                                    &rcd);
        CHECK(same >= 0 && rcd == 0 && dflt);
        if (same == 0)
            printf("  %s: statistics differ without the shortcuts\n", benches[k]);
        CHECK(same == 1);
        printf("  %s: the marks %s the statistics\n", benches[k],
               a && dflt && strcmp(a, dflt) ? "change" : "do not change");
        free(a);
        free(dflt);
    }
}

int main(void)
{
    RUN(stale_reads_demote);
    RUN(alu_write_ends_mark);
    RUN(gto_ignores_marks);
    RUN(identical_without_shortcuts);
    return check_summary();
}
