/* The correlation microkernels (class micro): small stays small and passes,
 * the checks hold for other seeds, generated-only inputs, and rowwalk's
 * occupancy on GPGPU-Sim's GTX480 file is 2 CTAs per SM, limited by
 * registers (the reason for its 43 registers; docs/benchmarks.md). */
#include "check.h"
#include "bench.h"
#include <stdlib.h>

#define GTX480_CFG "tests/fixtures/gpgpusim-configs/accel-sim-tested-SM2_GTX480/gpgpusim.config"

struct outcome {
    int rc;
    int kernels;
    double warp_insts, thread_insts;
    struct ccgpu_launch_info launch;
    char error[512];
};

/* One run on a fresh GPU: functional, or timing on the configuration file
 * cfg_path, stopped after max_insn thread instructions (0: no cap). */
static struct outcome run(const char *name, uint64_t seed, const char *input, const char *cfg_path,
                          const char *max_insn)
{
    struct outcome o = { .rc = -1 };
    const struct bench_ops *b = bench_find(name);
    if (!b) {
        snprintf(o.error, sizeof o.error, "no benchmark %s", name);
        return o;
    }
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256] = "";
    struct bench_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    if (cfg && (cfg_path ? ccgpu_config_load(cfg, cfg_path) ||
                               ccgpu_config_set(cfg, "gpgpu_max_insn", max_insn)
                         : ccgpu_config_set(cfg, "ccgpu_mode", "functional")) == 0)
        ctx.gpu = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    if (!ctx.gpu) {
        snprintf(o.error, sizeof o.error, "cannot create a GPU: %s", err);
        return o;
    }
    ctx.size = BENCH_SMALL;
    ctx.seed = seed;
    ctx.input = input;
    o.rc = b->run(&ctx);
    o.kernels = ccgpu_num_kernels(ctx.gpu);
    if (ccgpu_stat(ctx.gpu, "warp_instructions", -1, &o.warp_insts) ||
        ccgpu_stat(ctx.gpu, "thread_instructions", -1, &o.thread_insts))
        o.warp_insts = o.thread_insts = -1;
    if (o.kernels > 0 && ccgpu_launch_info(ctx.gpu, 0, &o.launch) != 0)
        o.launch.ctas_per_sm = 0;
    memcpy(o.error, ctx.error, sizeof o.error);
    ccgpu_destroy(ctx.gpu);
    return o;
}

static const char *const micro[] = { "rowwalk", "chase", "transpose", "hashprobe" };
#define NMICRO (sizeof micro / sizeof micro[0])

TEST(listed_as_micro_with_sizes)
{
    for (size_t i = 0; i < NMICRO; i++) {
        const struct bench_ops *b = bench_find(micro[i]);
        CHECK(b != NULL);
        if (!b)
            continue;
        CHECK(strcmp(b->klass, "micro") == 0);
        CHECK(strstr(b->sizes, "small") && strstr(b->sizes, "medium") && strstr(b->sizes, "large"));
    }
}

/* one launch each, and a few hundred thousand to a few million thread
 * instructions at small */
TEST(small_is_small_and_passes)
{
    for (size_t i = 0; i < NMICRO; i++) {
        struct outcome o = run(micro[i], 12345, NULL, NULL, NULL);
        if (o.rc)
            printf("  %s: %s\n", micro[i], o.error);
        CHECK_EQ_INT(o.rc, 0);
        CHECK_EQ_INT(o.kernels, 1);
        CHECK(o.thread_insts > 400000 && o.thread_insts < 4000000);
        CHECK(o.warp_insts * 32 >= o.thread_insts);
    }
}

/* Other seeds pass; rowwalk, chase and transpose do the same work whatever
 * the data (hashprobe's probe lengths depend on it). */
TEST(other_seeds_pass)
{
    for (size_t i = 0; i < NMICRO; i++) {
        struct outcome a = run(micro[i], 1, NULL, NULL, NULL);
        struct outcome b = run(micro[i], 0xdeadbeefull, NULL, NULL, NULL);
        if (a.rc || b.rc)
            printf("  %s: %s%s\n", micro[i], a.error, b.error);
        CHECK_EQ_INT(a.rc, 0);
        CHECK_EQ_INT(b.rc, 0);
        if (strcmp(micro[i], "hashprobe") != 0)
            CHECK_NEAR(a.thread_insts, b.thread_insts, 0);
    }
}

TEST(generated_only)
{
    for (size_t i = 0; i < NMICRO; i++) {
        struct outcome o = run(micro[i], 12345, "whatever", NULL, NULL);
        CHECK_EQ_INT(o.rc, -1);
        CHECK_STR_CONTAINS(o.error, "takes no --input");
        CHECK_EQ_INT(o.kernels, 0);
    }
}

/* 43 registers x 256 threads: 32768 / 11008 = 2 CTAs (GPGPU-Sim, rounding
 * to 44 registers, also 2; at 41 or 42 ccgpu would give 3). The occupancy is
 * set at the launch, so the run stops early (and is not checked). */
TEST(rowwalk_two_ctas_per_sm_on_gtx480)
{
    struct outcome o = run("rowwalk", 12345, NULL, GTX480_CFG, "100000");
    CHECK_EQ_INT(o.kernels, 1);
    CHECK_EQ_INT(o.launch.regs_per_thread, 43);
    CHECK_EQ_INT(o.launch.regs_from_ptxas, 1);
    CHECK_EQ_INT(o.launch.threads_per_cta, 256);
    CHECK_EQ_INT(o.launch.ctas_per_sm, 2);
    CHECK_EQ_INT(o.launch.limit, CCGPU_LIMIT_REGISTERS);
}

int main(void)
{
    RUN(listed_as_micro_with_sizes);
    RUN(small_is_small_and_passes);
    RUN(other_seeds_pass);
    RUN(generated_only);
    RUN(rowwalk_two_ctas_per_sm_on_gtx480);
    return check_summary();
}
