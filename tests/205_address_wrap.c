/* Shared-space addresses formed in 32-bit registers wrap modulo 2^32 in
 * [reg+offset] (nvcc relies on it: Needleman-Wunsch computes reg-140 then
 * addresses [reg+72]). */
#include "ccgpu.h"
#include "check.h"

static const char *const wrap_ptx =
    ".version 9.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry wrap(.param .u64 out)\n{\n"
    "  .reg .b32 %r<6>;\n  .reg .b64 %rd<3>;\n"
    "  .shared .align 4 .b8 buf[64];\n"
    "  mov.u32 %r1, buf;\n"
    "  st.shared.u32 [%r1+8], 1234;\n"
    "  add.s32 %r2, %r1, -8;\n"          /* below the window start: wraps to 0xfffffff8 */
    "  ld.shared.u32 %r3, [%r2+16];\n"   /* (0xfffffff8 + 16) mod 2^32 = buf + 8 */
    "  ld.param.u64 %rd1, [out];\n  cvta.to.global.u64 %rd2, %rd1;\n"
    "  st.global.u32 [%rd2], %r3;\n  ret;\n}\n";

TEST(shared_address_wraps_at_32_bits)
{
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256];
    ccgpu *gpu = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    CHECK(gpu != NULL);
    if (!gpu)
        return;
    ccgpu_module *m = ccgpu_module_load_string(gpu, wrap_ptx, "wrap.ptx");
    CHECK(m != NULL);
    ccgpu_devptr out = 0;
    CHECK_EQ_INT(ccgpu_malloc(gpu, &out, 4), 0);
    void *args[] = { &out };
    struct ccgpu_dim3 one = { 1, 1, 1 };
    int rc = m ? ccgpu_launch(gpu, m, "wrap", one, one, 0, args, 1) : -1;
    if (rc != 0)
        printf("  launch: %s\n", ccgpu_error(gpu));
    CHECK_EQ_INT(rc, 0);
    uint32_t v = 0;
    ccgpu_memcpy_dtoh(gpu, &v, out, 4);
    CHECK_EQ_INT(v, 1234);
    ccgpu_destroy(gpu);
}

int main(void)
{
    RUN(shared_address_wraps_at_32_bits);
    return check_summary();
}
