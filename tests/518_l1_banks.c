/* gpgpu_l1_banks (src/timing/ldst.c): GPGPU-Sim 4.x's banked L1 access
 * pipeline takes at most one 32-byte sector access a bank a cycle and at
 * most gpgpu_l1_banks a cycle (banks interleaved every
 * gpgpu_l1_banks_byte_interleaving bytes); a line request enters the
 * pipeline with its last sector. One warp chases through the L1 (every
 * load hits after the first pass) with lane l at base + l * stride, the
 * warp coalesced as a whole (gpgpu_shmem_warp_parts 1):
 *   - stride 128: 32 lines, every lane's sector at offset 0, all in bank 0:
 *     32 cycles to admit a load's requests, as with one port and no banks;
 *   - stride 160: 32 lines whose sectors rotate through the 4 banks: 8 cycles
 *     with 4 banks, so each dependent load is 24 cycles shorter; with the
 *     option unset (0) or 1 bank the two strides cost the same;
 *   - stride 4: one line, 4 sectors in 4 banks: one cycle, as one port;
 *   - stride 32 with 2 banks: 8 lines, 32 sectors, 16 per bank: 16 cycles. */
#include "ccgpu.h"
#include "check.h"

static const char *ptx =
    ".version 7.0\n.target sm_70\n.address_size 64\n"
    ".visible .entry lanes(.param .u64 base, .param .u32 stride, .param .u32 n,\n"
    "    .param .u64 out)\n{\n"
    "  .reg .pred %p;\n  .reg .b32 %r<8>;\n  .reg .b64 %rd<8>;\n"
    "  ld.param.u64 %rd1, [base];\n  ld.param.u32 %r1, [stride];\n"
    "  ld.param.u32 %r2, [n];\n  mov.u32 %r3, %tid.x;\n"
    "  mul.wide.u32 %rd2, %r3, %r1;\n  add.s64 %rd3, %rd1, %rd2;\n  mov.u32 %r4, 0;\n"
    "LOOP:\n  ld.global.u32 %r5, [%rd3];\n  cvt.u64.u32 %rd4, %r5;\n"
    "  add.s64 %rd3, %rd3, %rd4;\n  add.s32 %r4, %r4, 1;\n"
    "  setp.lt.u32 %p, %r4, %r2;\n  @%p bra LOOP;\n"
    "  ld.param.u64 %rd5, [out];\n  st.global.u64 [%rd5], %rd3;\n  ret;\n}\n";

/* Cycles of one iteration (a dependent load and its address arithmetic):
 * the difference of 24 and 8 iterations over 16. */
static double per_iteration(const char *banks, uint32_t stride)
{
    double c[2] = { 0, 0 };
    for (int k = 0; k < 2; k++) {
        ccgpu_config *cfg = ccgpu_config_new();
        char over[512];
        snprintf(over, sizeof over,
                 "ccgpu_mode timing\ngpgpu_n_clusters 1\ngpgpu_shmem_warp_parts 1\n"
                 "gpgpu_cache:dl1 S:4:128:64,L:T:m:L:L,A:512:8,16:0,32\n%s", banks);
        if (ccgpu_config_load(cfg, "configs/ccws.cfg") ||
            ccgpu_config_load_string(cfg, over, "test"))
            printf("  config: %s\n", ccgpu_config_error(cfg));
        char err[256];
        ccgpu *g = ccgpu_create(cfg, err, sizeof err);
        ccgpu_config_free(cfg);
        CHECK(g != NULL);
        if (!g)
            return 0;
        ccgpu_module *m = ccgpu_module_load_string(g, ptx, "518_l1_banks.ptx");
        CHECK(m != NULL);
        ccgpu_devptr mem, out;
        uint32_t n = k ? 24 : 8;
        CHECK(ccgpu_malloc(g, &mem, 32 * 160 + 256) == 0);
        CHECK(ccgpu_memset(g, mem, 0, 32 * 160 + 256) == 0);
        ccgpu_devptr base = (mem + 127) / 128 * 128; /* lane 0 at a line's start */
        CHECK(ccgpu_malloc(g, &out, 8) == 0);
        void *args[] = { &base, &stride, &n, &out };
        struct ccgpu_dim3 one = { 1, 1, 1 }, warp = { 32, 1, 1 };
        CHECK(m && ccgpu_launch(g, m, "lanes", one, warp, 0, args, 4) == 0);
        ccgpu_stat(g, "cycles", 0, &c[k]);
        ccgpu_destroy(g);
    }
    return (c[1] - c[0]) / 16;
}

TEST(bank_admission)
{
    double off128 = per_iteration("", 128), off160 = per_iteration("", 160);
    double b128 = per_iteration("gpgpu_l1_banks 4\n", 128);
    double b160 = per_iteration("gpgpu_l1_banks 4\n", 160);
    double one128 = per_iteration("gpgpu_l1_banks 1\n", 128);
    double one160 = per_iteration("gpgpu_l1_banks 1\n", 160);
    double off4 = per_iteration("", 4), b4 = per_iteration("gpgpu_l1_banks 4\n", 4);
    double two32 = per_iteration("gpgpu_l1_banks 2\n", 32);
    printf("  cycles per dependent load: no banks %.1f / %.1f, 4 banks %.1f / %.1f, 1 bank "
           "%.1f / %.1f (strides 128 / 160); one line: %.1f / %.1f\n", off128, off160, b128,
           b160, one128, one160, off4, b4);
    CHECK(off128 > 40);
    CHECK_NEAR(off160, off128, 0.01);
    CHECK_NEAR(b128, off128, 0.01);
    CHECK_NEAR(b160, off128 - 24, 0.01);
    CHECK_NEAR(one128, off128, 0.01);
    CHECK_NEAR(one160, off128, 0.01);
    CHECK_NEAR(b4, off4, 0.01);
    CHECK_NEAR(off4, off128 - 31, 0.01);
    CHECK_NEAR(two32, off4 + 15, 0.01);
}

/* gpgpu_l1_banks must be a power of two up to 32; the interleaving too */
TEST(bad_values)
{
    const char *bad[] = { "gpgpu_l1_banks 3\n", "gpgpu_l1_banks 64\n",
                          "gpgpu_l1_banks 4\ngpgpu_l1_banks_byte_interleaving 48\n",
                          "gpgpu_l1_banks 4\ngpgpu_l1_banks_byte_interleaving 0\n" };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ccgpu_config *cfg = ccgpu_config_new();
        char over[256];
        snprintf(over, sizeof over, "ccgpu_mode timing\n%s", bad[i]);
        ccgpu_config_load(cfg, "configs/ccws.cfg");
        ccgpu_config_load_string(cfg, over, "test");
        char err[256] = "";
        ccgpu *g = ccgpu_create(cfg, err, sizeof err);
        ccgpu_config_free(cfg);
        CHECK(g == NULL);
        CHECK(strstr(err, "gpgpu_l1_banks") != NULL);
        if (g)
            ccgpu_destroy(g);
    }
}

int main(void)
{
    RUN(bank_admission);
    RUN(bad_values);
    return check_summary();
}
