/* Host API: configuration keys, device memory rules, module errors,
 * statistics per kernel and in total, occupancy. */
#include "ccgpu.h"
#include "check.h"
#include "gpu/funcrun.h"
#include "ptx/ptx.h"
#include <stdlib.h>
#include <unistd.h>

static ccgpu *create(const char *cfgtext, char *err, size_t errlen)
{
    ccgpu_config *cfg = ccgpu_config_new();
    if (cfgtext)
        ccgpu_config_load_string(cfg, cfgtext, "t.cfg");
    ccgpu *g = ccgpu_create(cfg, err, errlen);
    ccgpu_config_free(cfg);
    return g;
}

TEST(config_keys)
{
    char err[256];
    ccgpu *g = create("gpgpu_n_clusters 4\ngpgpu_n_cores_per_cluster 2\n", err, sizeof err);
    CHECK(g != NULL);
    if (g)
        CHECK_EQ_INT(ccgpu_num_sms(g), 8);
    ccgpu_destroy(g);
    g = create("ccgpu_mode timing\n", err, sizeof err); /* the timing model has landed */
    CHECK(g != NULL);
    ccgpu_destroy(g);
    CHECK(create("ccgpu_mode fast\n", err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "ccgpu_mode");
    CHECK(create("gpgpu_shader_core_pipeline 1536:16\n", err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "warp size 16");
    CHECK(create("gpgpu_shader_core_pipeline abc\n", err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "expected THREADS:WARPSIZE");
    CHECK(create("no_such_option 1\n", err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "no_such_option");
    CHECK(create("gpgpu_shader_cta 0\n", err, sizeof err) == NULL);
    g = create(NULL, err, sizeof err);
    CHECK(g != NULL);
    if (g)
        CHECK_EQ_INT(ccgpu_num_sms(g), 15);
    ccgpu_destroy(g);
}

TEST(device_memory_rules)
{
    char err[256];
    ccgpu *g = create(NULL, err, sizeof err);
    ccgpu_devptr a = 0, b = 0, z = 0;
    CHECK_EQ_INT(ccgpu_malloc(g, &a, 10), 0);
    CHECK_EQ_INT(ccgpu_malloc(g, &b, 1000), 0);
    CHECK_EQ_INT(ccgpu_malloc(g, &z, 0), 0);
    CHECK(a >= 0x10000000u);
    CHECK_EQ_INT(a % 256, 0);
    CHECK_EQ_INT(b % 256, 0);
    CHECK(b >= a + 10 && z >= b + 1000);
    char buf[2000] = { 0 };
    CHECK_EQ_INT(ccgpu_memcpy_htod(g, a, "0123456789", 10), 0);
    CHECK_EQ_INT(ccgpu_memcpy_htod(g, a, buf, 11), -1);
    CHECK_STR_CONTAINS(ccgpu_error(g), "memcpy_htod: 11 bytes at 0x");
    CHECK_STR_CONTAINS(ccgpu_error(g), "are not inside one live allocation");
    CHECK_EQ_INT(ccgpu_memcpy_dtoh(g, buf, a + 5, 5), 0);
    CHECK(memcmp(buf, "56789", 5) == 0);
    CHECK_EQ_INT(ccgpu_memcpy_dtod(g, b + 100, a, 10), 0);
    CHECK_EQ_INT(ccgpu_memcpy_dtoh(g, buf, b + 100, 10), 0);
    CHECK(memcmp(buf, "0123456789", 10) == 0);
    CHECK_EQ_INT(ccgpu_memset(g, b, 0xab, 1000), 0);
    CHECK_EQ_INT(ccgpu_memcpy_dtoh(g, buf, b + 999, 1), 0);
    CHECK_EQ_INT((unsigned char)buf[0], 0xab);
    CHECK_EQ_INT(ccgpu_memset(g, b + 1, 0, 1000), -1);
    CHECK_EQ_INT(ccgpu_memcpy_dtoh(g, buf, 0, 4), -1);
    CHECK_EQ_INT(ccgpu_free(g, a + 1), -1);
    CHECK_STR_CONTAINS(ccgpu_error(g), "is not the start of a live allocation");
    CHECK_EQ_INT(ccgpu_free(g, a), 0);
    CHECK_EQ_INT(ccgpu_free(g, a), -1);
    CHECK_EQ_INT(ccgpu_memcpy_dtoh(g, buf, a, 1), -1); /* freed */
    CHECK_EQ_INT(ccgpu_free(g, 0), 0);
    ccgpu_devptr c = 0;
    CHECK_EQ_INT(ccgpu_malloc(g, &c, 16), 0);
    CHECK(c > z); /* addresses are never reused: stale pointers stay invalid */
    ccgpu_destroy(g);
}

static const char *good =
    ".version 7.0\n.target sm_75\n.address_size 64\n"
    ".global .align 4 .u32 gv[2] = {7, 9};\n"
    ".visible .entry inc(.param .u64 p, .param .u32 n)\n{\n"
    ".reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n.reg .pred %p<2>;\n"
    "ld.param.u64 %rd1, [p];\nld.param.u32 %r1, [n];\nmov.u32 %r2, %tid.x;\n"
    "setp.ge.u32 %p1, %r2, %r1;\n@%p1 bra DONE;\n"
    "mul.wide.u32 %rd2, %r2, 4;\nadd.s64 %rd3, %rd1, %rd2;\n"
    "ld.global.u32 %r3, [%rd3];\nadd.u32 %r3, %r3, 1;\nst.global.u32 [%rd3], %r3;\n"
    "DONE:\nret;\n}\n";

TEST(module_errors_and_symbols)
{
    char err[256];
    ccgpu *g = create(NULL, err, sizeof err);
    CHECK(ccgpu_module_load_string(g, ".version 7.0\n.target sm_75\nbogus;\n", "bad.ptx") == NULL);
    CHECK_STR_CONTAINS(ccgpu_error(g), "bad.ptx:3:");
    CHECK(ccgpu_module_load_file(g, "/nonexistent/x.ptx") == NULL);
    CHECK_STR_CONTAINS(ccgpu_error(g), "/nonexistent/x.ptx: cannot open");
    ccgpu_module *m = ccgpu_module_load_string(g, good, "good.ptx");
    CHECK(m != NULL);
    ccgpu_devptr gv;
    size_t size;
    CHECK_EQ_INT(ccgpu_module_symbol(g, m, "gv", &gv, &size), 0);
    CHECK_EQ_INT(size, 8);
    uint32_t v[2] = { 0, 0 };
    CHECK_EQ_INT(ccgpu_memcpy_dtoh(g, v, gv, 8), 0);
    CHECK_EQ_INT(v[0], 7);
    CHECK_EQ_INT(v[1], 9);
    /* the module's variables are device memory like any other */
    uint32_t n = 2;
    void *args[] = { &gv, &n };
    CHECK_EQ_INT(ccgpu_launch(g, m, "inc", (struct ccgpu_dim3){ 1, 1, 1 },
                              (struct ccgpu_dim3){ 32, 1, 1 }, 0, args, 2), 0);
    CHECK_EQ_INT(ccgpu_memcpy_dtoh(g, v, gv, 8), 0);
    CHECK_EQ_INT(v[0], 8);
    CHECK_EQ_INT(v[1], 10);
    ccgpu_destroy(g);
}

TEST(statistics_per_kernel_and_total)
{
    char err[256];
    ccgpu *g = create(NULL, err, sizeof err);
    ccgpu_module *m = ccgpu_module_load_string(g, good, "good.ptx");
    ccgpu_devptr d;
    ccgpu_malloc(g, &d, 64 * 4);
    ccgpu_memset(g, d, 0, 64 * 4);
    uint32_t n = 64;
    void *args[] = { &d, &n };
    CHECK_EQ_INT(ccgpu_launch(g, m, "inc", (struct ccgpu_dim3){ 2, 1, 1 },
                              (struct ccgpu_dim3){ 32, 1, 1 }, 0, args, 2), 0);
    n = 16;
    CHECK_EQ_INT(ccgpu_launch(g, m, "inc", (struct ccgpu_dim3){ 1, 1, 1 },
                              (struct ccgpu_dim3){ 32, 1, 1 }, 0, args, 2), 0);
    CHECK_EQ_INT(ccgpu_num_kernels(g), 2);
    CHECK(strcmp(ccgpu_kernel_name(g, 1), "inc") == 0);
    double v;
    /* launch 0: 2 warps x 11 instructions, all 32 lanes */
    CHECK_EQ_INT(ccgpu_stat(g, "warp_instructions", 0, &v), 0);
    CHECK_EQ_INT(v, 22);
    CHECK_EQ_INT(ccgpu_stat(g, "thread_instructions", 0, &v), 0);
    CHECK_EQ_INT(v, 22 * 32);
    /* launch 1: 16 lanes branch to DONE: 5 instructions at 32 lanes, 5 at 16, ret at 32 */
    CHECK_EQ_INT(ccgpu_stat(g, "warp_instructions", 1, &v), 0);
    CHECK_EQ_INT(v, 11);
    CHECK_EQ_INT(ccgpu_stat(g, "thread_instructions", 1, &v), 0);
    CHECK_EQ_INT(v, 5 * 32 + 5 * 16 + 32);
    CHECK_EQ_INT(ccgpu_stat(g, "warp_loads.global", -1, &v), 0);
    CHECK_EQ_INT(v, 3);
    CHECK_EQ_INT(ccgpu_stat(g, "warp_loads.param", -1, &v), 0);
    CHECK_EQ_INT(v, 6);
    CHECK_EQ_INT(ccgpu_stat(g, "kernels", -1, &v), 0);
    CHECK_EQ_INT(v, 2);
    CHECK_EQ_INT(ccgpu_stat(g, "ctas", -1, &v), 0);
    CHECK_EQ_INT(v, 3);
    CHECK_EQ_INT(ccgpu_stat(g, "ctas", 1, &v), 0);
    CHECK_EQ_INT(v, 1);
    CHECK_EQ_INT(ccgpu_stat(g, "no.such.stat", -1, &v), -1);
    FILE *f = tmpfile();
    CHECK(f != NULL);
    if (f) {
        CHECK_EQ_INT(ccgpu_stats_write_json(g, f), 0);
        rewind(f);
        char buf[8192];
        size_t len = fread(buf, 1, sizeof buf - 1, f);
        buf[len] = 0;
        CHECK_STR_CONTAINS(buf, "thread_instructions");
        fclose(f);
    }
    ccgpu_destroy(g);
}

TEST(occupancy_limits)
{
    struct funcrun_config cfg = { .num_sms = 1, .max_threads_per_sm = 1536, .max_ctas_per_sm = 8,
                                  .shared_per_sm = 49152, .registers_per_sm = 32768 };
    char err[256];
    struct devmem mem;
    devmem_init(&mem);
    static const char *text =
        ".version 7.0\n.target sm_75\n.address_size 64\n"
        ".visible .entry k()\n{\n.shared .align 4 .b8 s[10000];\nret;\n}\n";
    struct ptx_module *m = ptx_parse(text, "o.ptx", err, sizeof err);
    struct ptx_program *p = m ? ptx_program_load(&mem, m, err, sizeof err) : NULL;
    CHECK(p != NULL);
    if (!p)
        return;
    struct ptx_launch_desc d = { .kernel = 0, .grid = { 1, 1, 1 }, .block = { 256, 1, 1 } };
    struct ptx_launch *l = ptx_launch_create(p, &d, err, sizeof err);
    CHECK_EQ_INT(funcrun_ctas_per_sm(&cfg, l), 4); /* 49152 / 10000 */
    ptx_launch_free(l);
    d.block[0] = 512;
    l = ptx_launch_create(p, &d, err, sizeof err);
    CHECK_EQ_INT(funcrun_ctas_per_sm(&cfg, l), 3); /* 1536 / 512 */
    cfg.regs_per_thread = 32;
    CHECK_EQ_INT(funcrun_ctas_per_sm(&cfg, l), 2); /* 32768 / (32 * 512) */
    cfg.regs_per_thread = 255;
    CHECK_EQ_INT(funcrun_ctas_per_sm(&cfg, l), 1); /* an estimate never prevents a launch */
    ptx_launch_free(l);
    d.block[0] = 1024;
    d.dynamic_shared = 40000;
    CHECK(ptx_launch_create(p, &d, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "more than the 49152 available");
    ptx_program_free(p);
    ptx_module_free(m);
    devmem_free_all(&mem);
}

TEST(ptxas_register_figures)
{
    char err[256];
    ccgpu *g = create("gpgpu_n_clusters 1\n", err, sizeof err);
    ccgpu_module *m = ccgpu_module_load_string(g, good, "good.ptx");
    CHECK(m != NULL);
    CHECK_EQ_INT(ccgpu_module_set_ptxas_info(g, m, "ptxas info    : Compiling entry function 'inc' for 'sm_75'\n"), -1);
    CHECK_STR_CONTAINS(ccgpu_error(g), "good.ptx: ");
    CHECK_EQ_INT(ccgpu_module_set_ptxas_info(g, m,
                     "ptxas info    : Compiling entry function 'inc' for 'sm_75'\n"
                     "ptxas info    : Used 200 registers, used 0 barriers, 368 bytes cmem[0]\n"), 0);
    /* 200 registers x 256 threads leave room for one CTA on the only SM; the
     * launch still runs (CTAs one after another) */
    ccgpu_devptr d;
    ccgpu_malloc(g, &d, 1024 * 4);
    ccgpu_memset(g, d, 0, 1024 * 4);
    uint32_t n = 1024;
    void *args[] = { &d, &n };
    CHECK_EQ_INT(ccgpu_launch(g, m, "inc", (struct ccgpu_dim3){ 4, 1, 1 },
                              (struct ccgpu_dim3){ 256, 1, 1 }, 0, args, 2), 0);
    uint32_t h[1024];
    ccgpu_memcpy_dtoh(g, h, d, sizeof h);
    int bad = 0;
    for (int i = 0; i < 256; i++)
        bad += h[i] != 4; /* every CTA increments p[tid.x] */
    CHECK_EQ_INT(bad, 0);
    /* load_file picks up NAME.regs beside NAME.ptx */
    char dir[] = "/tmp/ccgpu302XXXXXX";
    if (mkdtemp(dir)) {
        char ptx[256], regs[256];
        snprintf(ptx, sizeof ptx, "%s/k.ptx", dir);
        snprintf(regs, sizeof regs, "%s/k.regs", dir);
        FILE *f = fopen(ptx, "w");
        fputs(good, f);
        fclose(f);
        f = fopen(regs, "w");
        fputs("ptxas info    : Compiling entry function 'inc' for 'sm_75'\nbroken\n", f);
        fclose(f);
        CHECK(ccgpu_module_load_file(g, ptx) == NULL);
        CHECK_STR_CONTAINS(ccgpu_error(g), "k.ptx: ");
        remove(regs);
        CHECK(ccgpu_module_load_file(g, ptx) != NULL);
        remove(ptx);
        rmdir(dir);
    }
    ccgpu_destroy(g);
}

int main(void)
{
    RUN(config_keys);
    RUN(device_memory_rules);
    RUN(module_errors_and_symbols);
    RUN(statistics_per_kernel_and_total);
    RUN(occupancy_limits);
    RUN(ptxas_register_figures);
    return check_summary();
}
