/* Timing-model microbenchmarks with known answers (kernels in
 * tests/ptx/501_micro.cu), on the CCWS Table-1 memory system:
 *   - pointer chasing: a load that hits in the L1 takes gpgpu_l1_latency
 *     plus the SM's path (SM_HIT_PATH). The L2-hit and DRAM chases on this
 *     config (same kernels chase_cg / chase_cold, strides 5 and 33 lines,
 *     one SM) are tests/311_cfg_ccws.c's l2_hit_latency and dram_latency,
 *     which check them against latencies computed from the configuration
 *     values alone (tests/310_cfgcheck.h: crossbar, ROP, L2 latency, DRAM
 *     tCL + burst, tRCD/tRP per activate/precharge counted from the DRAM
 *     statistics); this file's former copies compared the run with a replay
 *     through the same memsys code, the model with itself, and are gone;
 *   - a streaming kernel reaches >= 80% of the configured DRAM bandwidth;
 *   - a dependent multiply-add chain runs at one instruction per ALU
 *     latency, independent warps at the issue width / unit occupancy. */
#include "ccgpu.h"
#include "check.h"
#include "util/embedded.h"
#include <stdlib.h>

#define NODES 64
/* the timed region's fixed prologue and epilogue (loop set-up of the
 * unrolled chase, the store that consumes the pointer, the clock read):
 * 42 cycles on the CCWS config (the store goes through the memory path
 * behind the last load), the same for every latency */
#define OVERHEAD 48
/* A dependent load's path in the SM (src/timing/opcollect.h): issue ->
 * collector unit 1 cycle, operand read 2, OC_EX -> LD/ST unit 1, the request
 * leaves the unit the next cycle (5), then gpgpu_l1_latency (20) in the L1
 * access pipeline to the tag check, where a hit is readable. ld.global.cg
 * (the L2 and DRAM chases) skips the L1 and its pipeline: the request goes
 * to memory 5 cycles after issue, the data is readable
 * ccgpu_writeback_cycles (2) after the reply (tests/310_cfgcheck.h). */
#define SM_HIT_PATH 5

static ccgpu_config *make_cfg(const char *overrides)
{
    ccgpu_config *cfg = ccgpu_config_new();
    if (ccgpu_config_load(cfg, "configs/ccws.cfg") ||
        ccgpu_config_load_string(cfg, "ccgpu_mode timing\n", "test") ||
        (overrides && ccgpu_config_load_string(cfg, overrides, "test")))
        printf("  config: %s\n", ccgpu_config_error(cfg));
    return cfg;
}

static ccgpu *make_gpu(const char *overrides, ccgpu_module **mod)
{
    ccgpu_config *cfg = make_cfg(overrides);
    char err[256];
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    if (!g) {
        printf("  ccgpu_create: %s\n", err);
        return NULL;
    }
    const char *text = embedded_find("tests/ptx/501_micro.ptx");
    *mod = text ? ccgpu_module_load_string(g, text, "501_micro.ptx") : NULL;
    if (!*mod)
        printf("  load: %s\n", ccgpu_error(g));
    return g;
}

/* A chain of NODES pointers, node i at base + i * stride (one per line). */
static int build_chain(ccgpu *g, uint64_t stride, ccgpu_devptr *base, uint64_t *lines)
{
    size_t bytes = (size_t)stride * NODES;
    uint64_t *host = calloc(1, bytes);
    if (!host || ccgpu_malloc(g, base, bytes)) {
        free(host);
        return -1;
    }
    for (int i = 0; i < NODES; i++) {
        uint64_t next = *base + (uint64_t)((i + 1) % NODES) * stride;
        host[(size_t)i * stride / 8] = next;
        lines[i] = *base + (uint64_t)i * stride;
    }
    int rc = ccgpu_memcpy_htod(g, *base, host, bytes);
    free(host);
    return rc;
}

/* Cycles of the kernel's timed pass (out[0]). */
static long long run_chase(ccgpu *g, ccgpu_module *m, const char *kernel, ccgpu_devptr start)
{
    ccgpu_devptr out;
    long long res[2] = { 0, 0 };
    int n = NODES;
    void *args[] = { &start, &n, &out };
    struct ccgpu_dim3 one = { 1, 1, 1 };
    if (ccgpu_malloc(g, &out, sizeof res) ||
        ccgpu_launch(g, m, kernel, one, one, 0, args, 3) ||
        ccgpu_memcpy_dtoh(g, res, out, sizeof res)) {
        printf("  %s: %s\n", kernel, ccgpu_error(g));
        return -1;
    }
    return res[0];
}

TEST(chase_l1_hit)
{
    ccgpu_module *m;
    ccgpu *g = make_gpu("gpgpu_n_clusters 1\n", &m);
    ccgpu_devptr base;
    uint64_t lines[NODES];
    CHECK(g && m && build_chain(g, 128, &base, lines) == 0);
    if (!g || !m)
        return;
    long long c = run_chase(g, m, "chase_ca", base);
    double per = (double)c / NODES;
    printf("  L1 hit: %lld cycles for %d dependent loads = %.2f per load (gpgpu_l1_latency 20 "
           "+ SM path %d)\n", c, NODES, per, SM_HIT_PATH);
    CHECK(c >= NODES * (20 + SM_HIT_PATH) && c <= NODES * (20 + SM_HIT_PATH) + OVERHEAD);
    double hits = 0;
    ccgpu_stat(g, "l1d.hits", -1, &hits);
    CHECK(hits >= NODES);
    ccgpu_destroy(g);
}

TEST(stream_bandwidth)
{
    ccgpu_module *m;
    ccgpu *g = make_gpu(NULL, &m);
    if (!g || !m)
        return;
    int n = 1 << 17; /* int4 elements: 2 MiB */
    ccgpu_devptr a, out;
    int blocks = 120, threads = 256;
    CHECK(ccgpu_malloc(g, &a, (size_t)n * 16) == 0);
    CHECK(ccgpu_malloc(g, &out, (size_t)blocks * threads * 4) == 0);
    CHECK(ccgpu_memset(g, a, 1, (size_t)n * 16) == 0);
    void *args[] = { &a, &n, &out };
    struct ccgpu_dim3 grid = { (uint32_t)blocks, 1, 1 }, block = { (uint32_t)threads, 1, 1 };
    CHECK(ccgpu_launch(g, m, "stream_read", grid, block, 0, args, 3) == 0);
    double cycles = 0;
    ccgpu_stat(g, "cycles", 0, &cycles);
    /* 8 channels x 4-byte bus x 2 transfers x 800 MHz, in 1300 MHz core cycles */
    double peak = 8.0 * 4 * 2 * 800 / 1300;
    double got = (double)n * 16 / cycles;
    printf("  streaming: %.0f cycles, %.1f B/cycle of %.1f peak (%.0f%%)\n", cycles, got, peak,
           100 * got / peak);
    CHECK(got >= 0.8 * peak && got <= peak * 1.001);
    ccgpu_destroy(g);
}

static double alu_run(const char *overrides, int blocks, int threads, int n, double *cycles)
{
    ccgpu_module *m;
    ccgpu *g = make_gpu(overrides, &m);
    if (!g || !m)
        return 0;
    ccgpu_devptr out;
    int a = 3, b = 1;
    CHECK(ccgpu_malloc(g, &out, (size_t)blocks * threads * 4) == 0);
    void *args[] = { &out, &n, &a, &b };
    struct ccgpu_dim3 grid = { (uint32_t)blocks, 1, 1 }, block = { (uint32_t)threads, 1, 1 };
    CHECK(ccgpu_launch(g, m, "alu_chain", grid, block, 0, args, 4) == 0);
    int x = 0;
    CHECK(ccgpu_memcpy_dtoh(g, &x, out, 4) == 0);
    uint32_t want = 0; /* the kernel's int arithmetic wraps like this */
    for (int i = 0; i < n * 128; i++)
        want = want * (uint32_t)a + (uint32_t)b;
    CHECK_EQ_INT((uint32_t)x, want);
    double ipc = 0;
    ccgpu_stat(g, "warp_ipc", 0, &ipc);
    ccgpu_stat(g, "cycles", 0, cycles);
    if (getenv("MICRO_DEBUG"))
        ccgpu_stats_print(g, stdout);
    ccgpu_destroy(g);
    return ipc;
}

/* One warp, one iteration of alu_chain = 3 ld.param, 128 dependent mad
 * (latency L), add, setp, bra (latency 4 each), with the default
 * ccgpu_writeback_cycles W = 2 and the issue -> unit path of opcollect.h:
 * an ALU instruction with register sources issued at t is taken by its
 * unit at t + 4 (collector unit at t + 1, operands read by t + 3), so a
 * dependent one issues L + 4 + W cycles later. The loop branch at B refetches
 * (+1 fetch, +1 taken branch): the ld.params issue at B+2..B+4; a param load
 * has no register source, so the LD/ST unit takes it 3 cycles after issue,
 * works on it the next cycle and its data is there 20 cycles later, + W: the
 * third is readable at B+4 + 3 + 1 + 20 + W = B+30, when the first mad
 * issues. After the last mad (M): add at M+1 (its unit is free at M+5, as
 * its own path allows), readable at M+11, setp then, readable at M+21, bra.
 * An iteration takes 127 (L + 6) + 30 + 21 cycles. Two runs (4 and 8
 * iterations) cancel the kernel's start and end.
 * In general, with an issue -> unit path of P cycles (P - 1 without
 * register sources) and a setp of latency S: 127 (L + P + W) for the mads,
 * (P - 1) + 1 + 20 + W + 4 before the first, and after the last the add
 * readable at M + 1 + P + 4 + W, the setp issued then and readable P + S + W
 * later. gpgpu_reg_file_port_throughput 2 (two operand-collector steps a
 * cycle: operands read in the cycle of the allocation) makes P 3;
 * ccgpu_gpgpusim_alu_latency 1 makes S 1 (GPGPU-Sim's latency of setp). */
static void check_chain_path(const char *overrides, int lat, int path, int setp_lat)
{
    double c4, c8;
    alu_run(overrides, 1, 32, 4, &c4);
    alu_run(overrides, 1, 32, 8, &c8);
    double per = (c8 - c4) / 4;
    const int w = 2;
    int want = 127 * (lat + path + w) + (path + 24 + w) + (2 * path + 5 + setp_lat + 2 * w);
    printf("  dependent mad chain, latency %d, path %d, setp %d: %.1f cycles per iteration "
           "(predicted %d)\n", lat, path, setp_lat, per, want);
    CHECK_NEAR(per, want, 0.01);
}

static void check_chain(const char *overrides, int lat)
{
    check_chain_path(overrides, lat, 4, 4);
}

TEST(alu_dependent_chain)
{
    check_chain("gpgpu_n_clusters 1\nccgpu_simd_width 32\n", 5);
    check_chain("gpgpu_n_clusters 1\nccgpu_simd_width 32\nptx_opcode_latency_int 4,13,4,9,145\n",
                9);
    check_chain_path("gpgpu_n_clusters 1\nccgpu_simd_width 32\n"
                     "gpgpu_reg_file_port_throughput 2\n", 5, 3, 4);
    check_chain_path("gpgpu_n_clusters 1\nccgpu_simd_width 32\n"
                     "ccgpu_gpgpusim_alu_latency 1\n", 5, 4, 1);
    check_chain_path("gpgpu_n_clusters 1\nccgpu_simd_width 32\n"
                     "gpgpu_reg_file_port_throughput 2\nccgpu_gpgpusim_alu_latency 1\n", 5, 3, 1);
}

TEST(alu_independent_warps)
{
    double c;
    /* LRR keeps all warps in step, so the kernel does not end with a tail
     * of a few warps that cannot hide the latency (GTO's oldest-first order
     * finishes warps one group at a time) */
    double ipc = alu_run("gpgpu_n_clusters 1\nccgpu_simd_width 32\ngpgpu_scheduler lrr\n", 4, 256,
                         8, &c);
    printf("  32 independent warps, 1 scheduler, 32-wide SIMD: IPC %.3f (predicted 1)\n", ipc);
    CHECK(ipc >= 0.95 && ipc <= 1.0);
    ipc = alu_run("gpgpu_n_clusters 1\n", 4, 256, 2, &c);
    /* only the mad/add/setp/bra hold the SP unit; ld.param and the store do not */
    printf("  the same with the CCWS 8-wide SIMD: IPC %.3f (predicted 0.25)\n", ipc);
    CHECK(ipc >= 0.24 && ipc <= 0.26);
    ipc = alu_run("gpgpu_n_clusters 1\nccgpu_simd_width 32\ngpgpu_num_sched_per_core 2\n"
                  "gpgpu_num_sp_units 2\ngpgpu_scheduler lrr\n", 4, 256, 8, &c);
    printf("  2 schedulers, 2 SP units: IPC %.3f (predicted 2)\n", ipc);
    CHECK(ipc >= 1.9 && ipc <= 2.0);
    ipc = alu_run("gpgpu_n_clusters 1\nccgpu_simd_width 32\nccgpu_issue_width 2\n"
                  "gpgpu_max_insn_issue_per_warp 2\ngpgpu_num_sp_units 2\ngpgpu_scheduler lrr\n",
                  4, 256, 8, &c);
    printf("  1 scheduler issuing 2 per cycle, 2 SP units: IPC %.3f (predicted 2)\n", ipc);
    CHECK(ipc >= 1.9 && ipc <= 2.0);
    /* GPGPU-Sim's rule: both from one warp, whose mads depend on each other */
    ipc = alu_run("gpgpu_n_clusters 1\nccgpu_simd_width 32\nccgpu_issue_width 2\n"
                  "ccgpu_issue_one_warp 1\ngpgpu_max_insn_issue_per_warp 2\n"
                  "gpgpu_num_sp_units 2\ngpgpu_scheduler lrr\n",
                  4, 256, 8, &c);
    printf("  the same, one warp per cycle (dependent chains): IPC %.3f (predicted 1)\n", ipc);
    CHECK(ipc >= 0.95 && ipc <= 1.0);
}

int main(void)
{
    RUN(chase_l1_hit);
    RUN(stream_bandwidth);
    RUN(alu_dependent_chain);
    RUN(alu_independent_warps);
    return check_summary();
}
