/* The host API as a CUDA programmer meets it (issue #16): error codes to
 * branch on and never a stale message, dim3 defaults of 1, device
 * properties, what a launch got (registers, CTAs and warps per SM, the
 * limiting resource), ptxas text without figures refused, and an unknown
 * kernel answered with the module's entries. Occupancy figures are derived
 * by hand from the configuration in each comment. */
#include "ccgpu.h"
#include "check.h"
#include <stdlib.h>

/* k: 256-thread CTAs reading one word each; spin: never ends */
static const char *const ptx = ".version 7.0\n.target sm_70\n.address_size 64\n"
                               ".visible .entry k(.param .u64 p)\n{\n"
                               ".reg .b32 %r<3>;\n.reg .b64 %rd<5>;\n"
                               "ld.param.u64 %rd1, [p];\nmov.u32 %r1, %tid.x;\n"
                               "mul.wide.u32 %rd2, %r1, 4;\nadd.s64 %rd3, %rd1, %rd2;\n"
                               "ld.global.u32 %r2, [%rd3];\nret;\n}\n"
                               ".visible .entry _Z4spinv()\n{\nL: bra L;\n}\n";

static ccgpu *make(const char *text)
{
    ccgpu_config *cfg = ccgpu_config_new();
    if (text)
        ccgpu_config_load_string(cfg, text, "t.cfg");
    char err[256];
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    return g;
}

TEST(dim3_defaults_to_one)
{
    struct ccgpu_dim3 a = CCGPU_DIM3(256), b = CCGPU_DIM3(16, 16), c = CCGPU_DIM3(2, 3, 4);
    CHECK(a.x == 256 && a.y == 1 && a.z == 1);
    CHECK(b.x == 16 && b.y == 16 && b.z == 1);
    CHECK(c.x == 2 && c.y == 3 && c.z == 4);
    ccgpu *g = make("ccgpu_mode functional\n");
    ccgpu_module *m = g ? ccgpu_module_load_string(g, ptx, "t.ptx") : NULL;
    CHECK(m != NULL);
    if (!m) {
        ccgpu_destroy(g);
        return;
    }
    ccgpu_devptr d = 0;
    CHECK(ccgpu_malloc(g, &d, 4096) == 0);
    void *args[] = { &d };
    struct ccgpu_dim3 plain = { 256, 0, 0 }; /* what `{256}` gives: the trap CCGPU_DIM3 avoids */
    CHECK(ccgpu_launch(g, m, "k", CCGPU_DIM3(1), plain, 0, args, 1) == -1);
    CHECK_STR_CONTAINS(ccgpu_error(g), "CCGPU_DIM3(x) makes the missing sizes 1");
    CHECK_EQ_INT(ccgpu_error_code(g), CCGPU_ERROR_INVALID_VALUE);
    CHECK(ccgpu_launch(g, m, "k", CCGPU_DIM3(1), CCGPU_DIM3(256), 0, args, 1) == 0);
    ccgpu_destroy(g);
}

TEST(error_codes_and_fresh_messages)
{
    ccgpu *g = make("ccgpu_mode functional\nccgpu_max_warp_instructions 1000\n");
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK_EQ_INT(ccgpu_error_code(g), CCGPU_SUCCESS);
    double v;
    CHECK(ccgpu_stat(g, "no_such_stat", -1, &v) == -1);
    CHECK_STR_CONTAINS(ccgpu_error(g), "stat: unknown statistic 'no_such_stat'");
    CHECK_EQ_INT(ccgpu_error_code(g), CCGPU_ERROR_NOT_FOUND);
    /* two IPCs named apart: a bare "ipc" says which is which */
    CHECK(ccgpu_stat(g, "ipc", -1, &v) == -1);
    CHECK_STR_CONTAINS(ccgpu_error(g), "warp_ipc, warp instructions per cycle, and thread_ipc");
    CHECK(ccgpu_stat(g, "warp_instructions", 3, &v) == -1);
    CHECK_STR_CONTAINS(ccgpu_error(g), "stat warp_instructions: no kernel 3 (0 launched)");
    CHECK_EQ_INT(ccgpu_error_code(g), CCGPU_ERROR_INVALID_VALUE);
    CHECK(ccgpu_module_load_string(g, ".version 7.0\n.entry k(\n", "bad.ptx") == NULL);
    CHECK_EQ_INT(ccgpu_error_code(g), CCGPU_ERROR_INVALID_PTX);
    ccgpu_module *m = ccgpu_module_load_string(g, ptx, "t.ptx");
    CHECK(m != NULL);
    if (m) {
        CHECK(ccgpu_launch(g, m, "spin", CCGPU_DIM3(1), CCGPU_DIM3(32), 0, NULL, 0) == -1);
        CHECK_EQ_INT(ccgpu_error_code(g), CCGPU_ERROR_NOT_FOUND);
        /* the entries are listed, with the usual cause named */
        CHECK_STR_CONTAINS(ccgpu_error(g), "unknown kernel 'spin' in t.ptx; its kernels: k, _Z4spinv");
        CHECK_STR_CONTAINS(ccgpu_error(g), "C++ names are mangled");
        CHECK(ccgpu_launch(g, m, "_Z4spinv", CCGPU_DIM3(1), CCGPU_DIM3(32), 0, NULL, 0) == -1);
        CHECK_EQ_INT(ccgpu_error_code(g), CCGPU_ERROR_LAUNCH_TIMEOUT);
        ccgpu_devptr d = 0;
        ccgpu_malloc(g, &d, 16); /* k reads 256 words: out of bounds */
        void *args[] = { &d };
        CHECK(ccgpu_launch(g, m, "k", CCGPU_DIM3(1), CCGPU_DIM3(256), 0, args, 1) == -1);
        CHECK_EQ_INT(ccgpu_error_code(g), CCGPU_ERROR_LAUNCH_FAILED);
    }
    ccgpu_destroy(g);
}

TEST(device_props)
{
    ccgpu *g = make("gpgpu_n_clusters 4\ngpgpu_n_cores_per_cluster 2\ngpgpu_shader_cta 6\n"
                    "gpgpu_shmem_size 32768\ngpgpu_shader_registers 16384\n"
                    "gpgpu_shader_core_pipeline 1024:32\n");
    CHECK(g != NULL);
    if (!g)
        return;
    struct ccgpu_device_facts p;
    ccgpu_device_facts(g, &p);
    CHECK_EQ_INT(p.num_sms, 8);
    CHECK_EQ_INT(p.warp_size, 32);
    CHECK_EQ_INT(p.max_threads_per_sm, 1024);
    CHECK_EQ_INT(p.max_threads_per_cta, 1024);
    CHECK_EQ_INT(p.max_ctas_per_sm, 6);
    CHECK_EQ_INT(p.shmem_per_sm, 32768);
    CHECK_EQ_INT(p.registers_per_sm, 16384);
    CHECK_EQ_INT(p.timing, 1);
    ccgpu_destroy(g);
}

/* 256-thread CTAs (8 warps) on SMs of 1536 threads (48 warp slots), 8 CTA
 * slots, 32768 registers: threads allow 48/8 = 6 CTAs; with ptxas's 32
 * registers, 32768 / (32 x 256) = 4 CTAs = 32 warps, registers bound it;
 * with 12 registers, 32768 / 3072 = 10 > 6, threads bound it (48 warps). */
TEST(launch_info_reports_occupancy)
{
    ccgpu *g = make("ccgpu_mode functional\ngpgpu_shader_core_pipeline 1536:32\n"
                    "gpgpu_shader_cta 8\ngpgpu_shader_registers 32768\ngpgpu_n_clusters 2\n");
    ccgpu_module *m = g ? ccgpu_module_load_string(g, ptx, "t.ptx") : NULL;
    CHECK(m != NULL);
    if (!m) {
        ccgpu_destroy(g);
        return;
    }
    struct ccgpu_launch_info li;
    CHECK(ccgpu_launch_info(g, -1, &li) == -1); /* nothing launched yet */
    CHECK_EQ_INT(ccgpu_error_code(g), CCGPU_ERROR_NOT_FOUND);
    ccgpu_devptr d = 0;
    CHECK(ccgpu_malloc(g, &d, 4096) == 0);
    void *args[] = { &d };
    CHECK(ccgpu_module_set_ptxas_info(g, m, "ptxas info    : Compiling entry function 'k' for "
                                            "'sm_70'\nptxas info    : Used 32 registers\n") == 0);
    CHECK(ccgpu_launch(g, m, "k", CCGPU_DIM3(64), CCGPU_DIM3(256), 0, args, 1) == 0);
    CHECK(ccgpu_launch_info(g, -1, &li) == 0);
    CHECK_EQ_INT(li.regs_per_thread, 32);
    CHECK_EQ_INT(li.regs_from_ptxas, 1);
    CHECK_EQ_INT(li.threads_per_cta, 256);
    CHECK_EQ_INT(li.ctas_per_sm, 4);
    CHECK_EQ_INT(li.warps_per_sm, 32);
    CHECK_EQ_INT(li.limit, CCGPU_LIMIT_REGISTERS);
    CHECK(strcmp(ccgpu_limit_name(li.limit), "registers") == 0);
    CHECK(ccgpu_module_set_ptxas_info(g, m, "ptxas info    : Compiling entry function 'k' for "
                                            "'sm_70'\nptxas info    : Used 12 registers\n") == 0);
    CHECK(ccgpu_launch(g, m, "k", CCGPU_DIM3(64), CCGPU_DIM3(256), 0, args, 1) == 0);
    CHECK(ccgpu_launch_info(g, 1, &li) == 0);
    CHECK_EQ_INT(li.ctas_per_sm, 6);
    CHECK_EQ_INT(li.warps_per_sm, 48);
    CHECK_EQ_INT(li.limit, CCGPU_LIMIT_THREADS);
    /* 3 CTAs on 2 SMs: at most 2 on one, the grid bounds it */
    CHECK(ccgpu_launch(g, m, "k", CCGPU_DIM3(3), CCGPU_DIM3(256), 0, args, 1) == 0);
    CHECK(ccgpu_launch_info(g, 2, &li) == 0);
    CHECK_EQ_INT(li.ctas_per_sm, 2);
    CHECK_EQ_INT(li.limit, CCGPU_LIMIT_GRID);
    CHECK(ccgpu_launch_info(g, 0, &li) == 0);
    CHECK_EQ_INT(li.regs_per_thread, 32);
    ccgpu_destroy(g);
}

/* ptxas text with no kernel figures (an empty or unrelated .regs file) was
 * accepted, so the liveness estimate silently replaced the real figure. */
TEST(ptxas_info_without_figures_is_refused)
{
    ccgpu *g = make("ccgpu_mode functional\n");
    ccgpu_module *m = g ? ccgpu_module_load_string(g, ptx, "t.ptx") : NULL;
    CHECK(m != NULL);
    if (m) {
        CHECK(ccgpu_module_set_ptxas_info(g, m, "") == -1);
        CHECK_STR_CONTAINS(ccgpu_error(g), "t.ptx: ptxas info has no kernel figures");
        CHECK_EQ_INT(ccgpu_error_code(g), CCGPU_ERROR_INVALID_PTX);
        CHECK(ccgpu_module_set_ptxas_info(g, m, "nvcc warning : something unrelated\n") == -1);
    }
    ccgpu_destroy(g);
}

int main(void)
{
    RUN(dim3_defaults_to_one);
    RUN(error_codes_and_fresh_messages);
    RUN(device_props);
    RUN(launch_info_reports_occupancy);
    RUN(ptxas_info_without_figures_is_refused);
    return check_summary();
}
