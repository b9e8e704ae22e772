/* The sub-core model (gpgpu_sub_core_model 1, src/timing/sm_config.h):
 *   - a scheduler issues only onto its own share of the units: with 4
 *     schedulers, 4 SP units held 4 cycles per warp instruction (8-wide
 *     SIMD) and only scheduler 0's warps working, the SM runs at most one
 *     instruction every 4 cycles (scheduler 0's one unit), while without
 *     sub-cores scheduler 0 reaches the issue limit of 1 on the 4 shared
 *     units; with every scheduler's warps working both give 1;
 *   - every warp scheduler policy runs with sub-cores to the programs'
 *     answers, with byte-identical statistics with the event-driven
 *     shortcuts on and off (the masked walk and the plain walk agree on
 *     every scheduler's own paths);
 *   - configurations that cannot be split evenly are refused with a line
 *     naming the option; option 0 is the same as unset. */
#include "bench_run.h"
#include "ccgpu.h"
#include "check.h"
#include <stdlib.h>

/* Warp w of a CTA works iff bit w % 4 of mask is set: n iterations of 8
 * independent add chains, then out[thread] = their sum. */
static const char *const spread_ptx =
    ".version 7.0\n.target sm_70\n.address_size 64\n"
    ".visible .entry spread(.param .u64 out, .param .u32 n, .param .u32 mask)\n{\n"
    ".reg .pred %p<3>;\n.reg .b32 %r<32>;\n.reg .b64 %rd<4>;\n"
    "mov.u32 %r1, %tid.x;\nshr.u32 %r2, %r1, 5;\nand.b32 %r2, %r2, 3;\n"
    "ld.param.u32 %r3, [mask];\nshr.u32 %r3, %r3, %r2;\nand.b32 %r3, %r3, 1;\n"
    "setp.eq.u32 %p1, %r3, 0;\n@%p1 bra DONE;\n"
    "ld.param.u32 %r4, [n];\n"
    "add.u32 %r10, %r1, 0;\nadd.u32 %r11, %r1, 1;\nadd.u32 %r12, %r1, 2;\n"
    "add.u32 %r13, %r1, 3;\nadd.u32 %r14, %r1, 4;\nadd.u32 %r15, %r1, 5;\n"
    "add.u32 %r16, %r1, 6;\nadd.u32 %r17, %r1, 7;\n"
    "LOOP:\n"
    "add.u32 %r10, %r10, 3;\nadd.u32 %r11, %r11, 3;\nadd.u32 %r12, %r12, 3;\n"
    "add.u32 %r13, %r13, 3;\nadd.u32 %r14, %r14, 3;\nadd.u32 %r15, %r15, 3;\n"
    "add.u32 %r16, %r16, 3;\nadd.u32 %r17, %r17, 3;\n"
    "sub.u32 %r4, %r4, 1;\nsetp.ne.u32 %p2, %r4, 0;\n@%p2 bra LOOP;\n"
    "add.u32 %r20, %r10, %r11;\nadd.u32 %r21, %r12, %r13;\nadd.u32 %r22, %r14, %r15;\n"
    "add.u32 %r23, %r16, %r17;\nadd.u32 %r20, %r20, %r21;\nadd.u32 %r22, %r22, %r23;\n"
    "add.u32 %r20, %r20, %r22;\n"
    "mov.u32 %r5, %ctaid.x;\nmov.u32 %r6, %ntid.x;\nmad.lo.u32 %r7, %r5, %r6, %r1;\n"
    "ld.param.u64 %rd1, [out];\ncvta.to.global.u64 %rd1, %rd1;\n"
    "mul.wide.u32 %rd2, %r7, 4;\nadd.u64 %rd3, %rd1, %rd2;\nst.global.u32 [%rd3], %r20;\n"
    "DONE:\nret;\n}\n";

/* 4 schedulers, 4 SP and 4 SFU units, an 8-wide SIMD, each class's ID_OC
 * and OC_EX 4 wide and 8/4/4 collector units: one of each per scheduler
 * with sub-cores */
#define FOUR_SCHED                                                                              \
    "gpgpu_n_clusters 1\ngpgpu_num_sched_per_core 4\ngpgpu_num_sp_units 4\n"                    \
    "gpgpu_num_sfu_units 4\nccgpu_simd_width 8\ngpgpu_pipeline_widths 4,0,0,4,4,4,0,0,4,4,8\n" \
    "gpgpu_operand_collector_num_units_sp 8\ngpgpu_operand_collector_num_units_sfu 4\n"          \
    "gpgpu_operand_collector_num_units_mem 4\ngpgpu_scheduler lrr\n"

/* Cycles of spread over 8 CTAs of 4 warps (all resident at once: 32 slots,
 * warp w of every CTA in slot 4k + w, scheduler w); -1 on a failure. */
static double spread_cycles(const char *sub_core, uint32_t mask)
{
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256] = "";
    if (!cfg || ccgpu_config_load(cfg, "configs/ccws.cfg") ||
        ccgpu_config_load_string(cfg, "ccgpu_mode timing\n" FOUR_SCHED, "test") ||
        ccgpu_config_load_string(cfg, sub_core, "test")) {
        printf("  config: %s\n", cfg ? ccgpu_config_error(cfg) : "oom");
        ccgpu_config_free(cfg);
        return -1;
    }
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    if (!g) {
        printf("  ccgpu_create: %s\n", err);
        return -1;
    }
    const uint32_t blocks = 8, threads = 128, n = 64;
    ccgpu_module *m = ccgpu_module_load_string(g, spread_ptx, "spread.ptx");
    ccgpu_devptr out;
    uint32_t nn = n, mm = mask;
    void *args[] = { &out, &nn, &mm };
    struct ccgpu_dim3 grid = { blocks, 1, 1 }, block = { threads, 1, 1 };
    uint32_t *host = calloc(blocks * threads, 4);
    double cycles = -1;
    if (!m || !host || ccgpu_malloc(g, &out, blocks * threads * 4) ||
        ccgpu_memset(g, out, 0, blocks * threads * 4) ||
        ccgpu_launch(g, m, "spread", grid, block, 0, args, 3) ||
        ccgpu_memcpy_dtoh(g, host, out, blocks * threads * 4)) {
        printf("  spread: %s\n", ccgpu_error(g));
    } else {
        int right = 1;
        for (uint32_t i = 0; i < blocks * threads; i++) {
            uint32_t t = i % threads, works = mask >> (t / 32 % 4) & 1;
            uint32_t want = works ? 8 * t + 28 + 24 * n : 0;
            right &= host[i] == want;
        }
        CHECK(right);
        if (ccgpu_stat(g, "cycles", 0, &cycles))
            cycles = -1;
    }
    free(host);
    ccgpu_destroy(g);
    return cycles;
}

/* The loop: 8 warps x 64 iterations x (8 adds, sub, setp, bra), all 11 in
 * the SP class (integer arithmetic without INT units, and branches), each
 * holding a unit 4 cycles. Scheduler 0 alone issues one instruction a cycle
 * at most: 8 x 64 x 11 = 5,632 cycles. Its own SP unit (sub-cores) takes one
 * every 4 cycles: 8 x 64 x 11 x 4 = 22,528 cycles at least. With every
 * scheduler's warps (4 x the work) the 4 units bound both at the same. */
TEST(one_scheduler_gets_its_share_of_the_units)
{
    const double issue_bound = 8 * 64 * 11, unit_bound = 8 * 64 * 11 * 4;
    double shared = spread_cycles("gpgpu_sub_core_model 0\n", 1);
    double sub = spread_cycles("gpgpu_sub_core_model 1\n", 1);
    double shared_all = spread_cycles("gpgpu_sub_core_model 0\n", 0xf);
    double sub_all = spread_cycles("gpgpu_sub_core_model 1\n", 0xf);
    printf("  scheduler 0's warps only: %.0f cycles on shared units (issue bound %.0f), %.0f "
           "with sub-cores (its one unit: at least %.0f)\n", shared, issue_bound, sub,
           unit_bound);
    printf("  every scheduler's warps: %.0f cycles shared, %.0f with sub-cores (units: at "
           "least %.0f)\n", shared_all, sub_all, unit_bound);
    CHECK(shared >= issue_bound && shared < 1.2 * issue_bound);
    CHECK(sub >= unit_bound && sub < 1.1 * unit_bound);
    CHECK(shared_all >= unit_bound && shared_all < 1.1 * unit_bound);
    CHECK(sub_all >= unit_bound && sub_all < 1.1 * unit_bound);
}

/* A 4-scheduler SM split into sub-cores on the CCWS memory system, as
 * GPGPU-Sim's Volta files shape it (one ID_OC/OC_EX slot, two collector
 * units and one unit of each class per scheduler). */
#define SUB_CORES                                                                               \
    "gpgpu_n_clusters 6\ngpgpu_num_sched_per_core 4\ngpgpu_num_sp_units 4\n"                    \
    "gpgpu_num_sfu_units 4\ngpgpu_num_int_units 4\ngpgpu_num_dp_units 4\n"                      \
    "gpgpu_pipeline_widths 4,4,4,4,4,4,4,4,4,4,8\ngpgpu_operand_collector_num_units_gen 8\n"    \
    "gpgpu_operand_collector_num_units_sp 0\ngpgpu_operand_collector_num_units_sfu 0\n"         \
    "gpgpu_operand_collector_num_units_mem 0\ngpgpu_operand_collector_num_units_dp 0\n"         \
    "gpgpu_operand_collector_num_units_int 0\ngpgpu_sub_core_model 1\n"

static char *run_json(const char *bench, const char *sched, int fast, int *rc)
{
    char o[2048], *json = NULL;
    size_t len = 0;
    snprintf(o, sizeof o, SUB_CORES "gpgpu_scheduler %s\nccgpu_fast_paths %d\n%s", sched, fast,
             fast ? "ccgpu_issue_mask_warps 0\n" : "");
    ccgpu *g = bench_run_timing(bench, "configs/ccws.cfg", "ccgpu_mode timing\n", o, rc, &json,
                                &len);
    ccgpu_destroy(g);
    return json;
}

TEST(every_policy_with_sub_cores)
{
    const char *scheds[] = { "gto", "lrr", "oldest", "2lvl:2", "swl:6", "swl:2:sched",
                             "warp_limiting:2:2", "two_level_active:6:0:1", "ccws", "dwt" };
    const char *benches[] = { "kmeans", "histogram", "bfs" };
    for (size_t i = 0; i < sizeof scheds / sizeof scheds[0]; i++)
        for (size_t k = 0; k < sizeof benches / sizeof benches[0]; k++) {
            int rc0, rc1;
            char *a = run_json(benches[k], scheds[i], 0, &rc0);
            char *b = run_json(benches[k], scheds[i], 1, &rc1);
            CHECK(rc0 == 0 && rc1 == 0 && a && b);
            int same = a && b && !strcmp(a, b);
            if (!same)
                printf("  %s with %s and sub-cores: statistics differ with ccgpu_fast_paths 0 "
                       "and 1\n", benches[k], scheds[i]);
            CHECK(same);
            free(a);
            free(b);
        }
}

/* The statistics of a run with the option set to 0 and with it unset. */
TEST(off_is_unset)
{
    int rc0, rc1;
    char *a = NULL, *b = NULL;
    size_t la = 0, lb = 0;
    ccgpu_destroy(bench_run_timing("kmeans", "configs/ccws.cfg", "ccgpu_mode timing\n", NULL,
                                   &rc0, &a, &la));
    ccgpu_destroy(bench_run_timing("kmeans", "configs/ccws.cfg", "ccgpu_mode timing\n",
                                   "gpgpu_sub_core_model 0\n", &rc1, &b, &lb));
    CHECK(rc0 == 0 && rc1 == 0 && a && b && !strcmp(a, b));
    free(a);
    free(b);
}

static void refused(const char *overrides, const char *want)
{
    ccgpu_config *cfg = ccgpu_config_new();
    char err[512] = "";
    CHECK(cfg && ccgpu_config_load(cfg, "configs/ccws.cfg") == 0 &&
          ccgpu_config_load_string(cfg, "ccgpu_mode timing\n", "test") == 0 &&
          ccgpu_config_load_string(cfg, overrides, "test") == 0);
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    CHECK(!g);
    ccgpu_destroy(g);
    if (!strstr(err, want))
        printf("  got '%s', wanted '%s'\n", err, want);
    CHECK(strstr(err, "gpgpu_sub_core_model") && strstr(err, want));
}

TEST(uneven_shares_refused)
{
    /* the default widths: MEM's ID_OC of 1 cannot be split 2 ways */
    refused("gpgpu_num_sched_per_core 2\ngpgpu_num_sp_units 2\ngpgpu_num_sfu_units 2\n"
            "gpgpu_sub_core_model 1\n", "MEM class");
    /* one SFU for two schedulers */
    refused("gpgpu_num_sched_per_core 2\ngpgpu_num_sp_units 2\ngpgpu_num_sfu_units 1\n"
            "gpgpu_pipeline_widths 2,0,0,2,2,2,0,0,2,2,2\ngpgpu_sub_core_model 1\n", "SFU class");
    /* 3 collector units for 2 schedulers */
    refused("gpgpu_num_sched_per_core 2\ngpgpu_num_sp_units 2\ngpgpu_num_sfu_units 2\n"
            "gpgpu_pipeline_widths 2,0,0,2,2,2,0,0,2,2,2\n"
            "gpgpu_operand_collector_num_units_sp 3\ngpgpu_sub_core_model 1\n", "SP class");
}

int main(void)
{
    RUN(one_scheduler_gets_its_share_of_the_units);
    RUN(uneven_shares_refused);
    RUN(off_is_unset);
    RUN(every_policy_with_sub_cores);
    return check_summary();
}
