/* thread_instructions counts the active lanes of every issued warp
 * instruction; thread_instructions_exec only those whose guard predicate is
 * true, which is GPGPU-Sim's gpu_sim_insn (its functional model takes a lane
 * whose guard is false out of the instruction's active mask, and
 * shader_core_ctx::warp_inst_complete adds the active count). The two
 * kernels are nvcc 13's PTX of docs/validation.md's microkernel (labels
 * renamed); GPGPU-Sim 4.2 reports gpu_sim_insn 584 and 744 for them
 * (docs/validation.md). Counts below are derived by hand, per instruction. */
#include "ccgpu.h"
#include "check.h"
#include <stdio.h>

static const char *ptx =
    ".version 9.0\n.target sm_75\n.address_size 64\n"
    /* one CTA of 64 threads = 2 warps; 10 instructions each, straight line */
    ".visible .entry micro(.param .u64 micro_param_0)\n{\n"
    ".reg .b32 %r<4>;\n.reg .b64 %rd<5>;\n"
    "ld.param.u64 %rd1, [micro_param_0];\n" /* 64 lanes, guard-true 64 */
    "cvta.to.global.u64 %rd2, %rd1;\n"      /* 64, 64 */
    "mov.u32 %r2, %tid.x;\n"                /* 64, 64 */
    "mov.u32 %r1, 0;\n"                     /* 64, 64 */
    "{\n.reg .pred p;\n"
    "setp.lt.u32 p, %r2, 8;\n"              /* 64, 64 */
    "@p add.u32 %r1, %r2, 100;\n"           /* 64 issued, guard true on tid 0..7: 8 */
    "}\n"
    "mul.wide.u32 %rd3, %r2, 4;\n"          /* 64, 64 */
    "add.s64 %rd4, %rd2, %rd3;\n"           /* 64, 64 */
    "st.global.u32 [%rd4], %r1;\n"          /* 64, 64 */
    "ret;\n"                                /* 64, 64 */
    "}\n"
    /* if (tid < 8) r = in[tid] * 3; out[tid] = r;  (one CTA of 64 threads) */
    ".visible .entry micro_branch(.param .u64 out, .param .u64 in)\n{\n"
    ".reg .pred %p<2>;\n.reg .b32 %r<7>;\n.reg .b64 %rd<9>;\n"
    "ld.param.u64 %rd1, [out];\n"     /* warp 0: 32 issued / 32 guard-true; warp 1: 32/32 */
    "ld.param.u64 %rd2, [in];\n"      /* 32/32, 32/32 */
    "mov.u32 %r1, %tid.x;\n"          /* 32/32, 32/32 */
    "setp.lt.u32 %p1, %r1, 8;\n"      /* 32/32, 32/32 */
    "@%p1 bra THEN;\n"                /* warp 0: 32/8; warp 1: 32/0 */
    "bra.uni ELSE;\n"                 /* warp 0: lanes 8..31, 24/24; warp 1: 32/32 */
    "THEN:\n"                         /* warp 0 lanes 0..7 only: 6 instructions x 8/8 */
    "cvta.to.global.u64 %rd3, %rd2;\n"
    "mul.wide.u32 %rd4, %r1, 4;\n"
    "add.s64 %rd5, %rd3, %rd4;\n"
    "ld.global.u32 %r5, [%rd5];\n"
    "mul.lo.s32 %r6, %r5, 3;\n"
    "bra.uni JOIN;\n"
    "ELSE:\n"
    "mov.u32 %r6, 0;\n"               /* warp 0: 24/24; warp 1: 32/32 */
    "JOIN:\n"                         /* both warps whole again: 5 instructions x 32/32 */
    "cvta.to.global.u64 %rd6, %rd1;\n"
    "mul.wide.u32 %rd7, %r1, 4;\n"
    "add.s64 %rd8, %rd6, %rd7;\n"
    "st.global.u32 [%rd8], %r6;\n"
    "ret;\n"
    "}\n";

static ccgpu *make_gpu(const char *mode)
{
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu_config_set(cfg, "ccgpu_mode", mode);
    char err[256];
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    if (!g)
        printf("ccgpu_create: %s\n", err);
    ccgpu_config_free(cfg);
    return g;
}

static void counts(const char *mode)
{
    ccgpu *gpu = make_gpu(mode);
    CHECK(gpu != NULL);
    if (!gpu)
        return;
    ccgpu_module *m = ccgpu_module_load_string(gpu, ptx, "207.ptx");
    CHECK(m != NULL);
    ccgpu_devptr out = 0, in = 0;
    CHECK_EQ_INT(ccgpu_malloc(gpu, &out, 64 * 4), 0);
    CHECK_EQ_INT(ccgpu_malloc(gpu, &in, 64 * 4), 0);
    uint32_t h[64];
    for (int i = 0; i < 64; i++)
        h[i] = (uint32_t)i;
    ccgpu_memcpy_htod(gpu, in, h, sizeof h);
    struct ccgpu_dim3 one = { 1, 1, 1 }, block = { 64, 1, 1 };
    void *a1[] = { &out };
    void *a2[] = { &out, &in };
    CHECK_EQ_INT(ccgpu_launch(gpu, m, "micro", one, block, 0, a1, 1), 0);
    CHECK_EQ_INT(ccgpu_memcpy_dtoh(gpu, h, out, sizeof h), 0);
    CHECK_EQ_INT(h[3], 103);
    CHECK_EQ_INT(h[9], 0);
    CHECK_EQ_INT(ccgpu_launch(gpu, m, "micro_branch", one, block, 0, a2, 2), 0);
    CHECK_EQ_INT(ccgpu_memcpy_dtoh(gpu, h, out, sizeof h), 0);
    CHECK_EQ_INT(h[7], 21);
    CHECK_EQ_INT(h[8], 0);
    double w = 0, t = 0, e = 0;
    /* micro: 2 warps x 10 = 20; 20 x 32 = 640 issued; 9 x 64 + 8 = 584 */
    CHECK_EQ_INT(ccgpu_stat(gpu, "warp_instructions", 0, &w), 0);
    CHECK_EQ_INT(ccgpu_stat(gpu, "thread_instructions", 0, &t), 0);
    CHECK_EQ_INT(ccgpu_stat(gpu, "thread_instructions_exec", 0, &e), 0);
    CHECK_EQ_INT(w, 20);
    CHECK_EQ_INT(t, 640);
    CHECK_EQ_INT(e, 584);
    /* micro_branch: warp 0 5 + 6 + 2 + 5 = 18, warp 1 5 + 2 + 5 = 12 -> 30;
     * issued: 5x32 + 6x8 + 2x24 + 5x32 = 416 and 12x32 = 384 -> 800;
     * guard-true: the bra counts 8 (warp 0) and 0 (warp 1) instead of 32
     * each -> 800 - 24 - 32 = 744 */
    CHECK_EQ_INT(ccgpu_stat(gpu, "warp_instructions", 1, &w), 0);
    CHECK_EQ_INT(ccgpu_stat(gpu, "thread_instructions", 1, &t), 0);
    CHECK_EQ_INT(ccgpu_stat(gpu, "thread_instructions_exec", 1, &e), 0);
    CHECK_EQ_INT(w, 30);
    CHECK_EQ_INT(t, 800);
    CHECK_EQ_INT(e, 744);
    /* whole run */
    CHECK_EQ_INT(ccgpu_stat(gpu, "thread_instructions_exec", -1, &e), 0);
    CHECK_EQ_INT(e, 584 + 744);
    ccgpu_destroy(gpu);
}

TEST(functional_counts)
{
    counts("functional");
}

TEST(timing_counts)
{
    counts("timing");
}

int main(void)
{
    RUN(functional_counts);
    RUN(timing_counts);
    return check_summary();
}
