/* stmatrix (sm_90): a warp stores four 8x8 matrices of 16-bit elements
 * from its fragments (lane l holds row l / 4, columns 2 (l % 4) and the
 * next, of each matrix; .trans the transposed pair) to the rows whose
 * addresses lanes 0-31 give; the stored shared memory must be the matrices
 * laid out row by row (transposed with .trans), and ldmatrix must read the
 * fragments back; in functional and timing mode. Bad rows (misaligned,
 * outside shared memory) fail the launch naming stmatrix. */
#include "ccgpu.h"
#include "check.h"
#include <stdio.h>
#include <string.h>

/* Each kernel: lane l's fragment registers hold, in matrix j, the element
 * numbers j x 64 + 2l (low half) and j x 64 + 2l + 1 (high half); row
 * address: sm + 16 l (matrix l / 8, row l % 8). st and st_trans copy the
 * shared memory out (thread t its bytes 16t..16t+15); round_trip loads the
 * fragments back with ldmatrix.trans and writes them out (lane l's four
 * registers at word 4l). bad stores from a misaligned row. */
#define HEAD(NAME)                                                                             \
    ".visible .entry " NAME "(.param .u64 p)\n{\n.reg .b32 %r<16>;\n.reg .b64 %rd<4>;\n"        \
    ".shared .align 16 .b8 sm[512];\n"                                                         \
    "ld.param.u64 %rd1, [p];\ncvta.to.global.u64 %rd1, %rd1;\nmov.u32 %r1, %tid.x;\n"          \
    "shl.b32 %r2, %r1, 1;\nor.b32 %r3, %r2, 1;\nshl.b32 %r3, %r3, 16;\nor.b32 %r4, %r2, %r3;\n" \
    "add.u32 %r5, %r4, 4194368;\nadd.u32 %r6, %r5, 4194368;\nadd.u32 %r7, %r6, 4194368;\n"    \
    "mov.u32 %r8, sm;\nshl.b32 %r9, %r1, 4;\nadd.u32 %r10, %r8, %r9;\n"                       \
    "mul.wide.u32 %rd2, %r1, 16;\nadd.s64 %rd3, %rd1, %rd2;\n"
#define COPY_OUT                                                                               \
    "bar.sync 0;\nld.shared.v4.u32 {%r11, %r12, %r13, %r14}, [%r10];\n"                        \
    "st.global.v4.u32 [%rd3], {%r11, %r12, %r13, %r14};\nret;\n}\n"

static const char *ptx =
    ".version 8.0\n.target sm_90\n.address_size 64\n"
    HEAD("st") "stmatrix.sync.aligned.m8n8.x4.shared.b16 [%r10], {%r4, %r5, %r6, %r7};\n" COPY_OUT
    HEAD("st_trans")
    "stmatrix.sync.aligned.m8n8.x4.trans.shared::cta.b16 [%r10], {%r4, %r5, %r6, %r7};\n" COPY_OUT
    HEAD("round_trip")
    "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%r10], {%r4, %r5, %r6, %r7};\nbar.sync 0;\n"
    "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r11, %r12, %r13, %r14}, [%r10];\n"
    "st.global.v4.u32 [%rd3], {%r11, %r12, %r13, %r14};\nret;\n}\n"
    HEAD("bad") "add.u32 %r10, %r10, 4;\n"
    "stmatrix.sync.aligned.m8n8.x1.shared.b16 [%r10], {%r4};\nret;\n}\n";

static int run(ccgpu *g, ccgpu_module *m, const char *kernel, uint16_t out[256])
{
    ccgpu_devptr d = 0;
    ccgpu_malloc(g, &d, 512);
    ccgpu_memset(g, d, 0xff, 512);
    void *args[] = { &d };
    struct ccgpu_dim3 grid = { 1, 1, 1 }, block = { 32, 1, 1 };
    if (ccgpu_launch(g, m, kernel, grid, block, 0, args, 1)) {
        printf("%s: %s\n", kernel, ccgpu_error(g));
        return 0;
    }
    ccgpu_memcpy_dtoh(g, out, d, 512);
    return 1;
}

static void run_all(int timing)
{
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256];
    if (timing)
        ccgpu_config_load(cfg, "configs/ccws.cfg");
    ccgpu_config_set(cfg, "ccgpu_mode", timing ? "timing" : "functional");
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    ccgpu_module *m = g ? ccgpu_module_load_string(g, ptx, "stmatrix.ptx") : NULL;
    CHECK(m != NULL);
    if (!m) {
        printf("%s\n", g ? ccgpu_error(g) : err);
        ccgpu_destroy(g);
        return;
    }
    uint16_t out[256];
    /* row by row: matrix j's element (r, c) at 64j + 8r + c holds 64j + 8r + c */
    CHECK(run(g, m, "st", out));
    for (unsigned k = 0; k < 256; k++)
        if (out[k] != k) {
            printf("st: element %u holds %u\n", k, out[k]);
            CHECK(0);
            break;
        }
    /* .trans: (r, c) holds the fragment element of (c, r) */
    CHECK(run(g, m, "st_trans", out));
    for (unsigned j = 0; j < 4; j++)
        for (unsigned r = 0; r < 8; r++)
            for (unsigned c = 0; c < 8; c++)
                if (out[64 * j + 8 * r + c] != 64 * j + 8 * c + r) {
                    printf("st_trans: matrix %u (%u,%u) holds %u\n", j, r, c, out[64 * j + 8 * r + c]);
                    CHECK(0);
                    j = 4, r = 8;
                    break;
                }
    /* ldmatrix.trans reads back what stmatrix.trans wrote */
    CHECK(run(g, m, "round_trip", out));
    uint32_t words[128];
    memcpy(words, out, sizeof words);
    for (unsigned l = 0; l < 32; l++)
        for (unsigned j = 0; j < 4; j++) {
            uint32_t want = (64 * j + 2 * l) | (64 * j + 2 * l + 1) << 16;
            if (words[4 * l + j] != want) {
                printf("round_trip lane %u register %u: 0x%x, want 0x%x\n", l, j, words[4 * l + j], want);
                CHECK(0);
                l = 32;
                break;
            }
        }
    CHECK(!run(g, m, "bad", out));
    CHECK_STR_CONTAINS(ccgpu_error(g), "misaligned stmatrix row");
    ccgpu_destroy(g);
}

TEST(stmatrix_functional) { run_all(0); }
TEST(stmatrix_timing) { run_all(1); }

int main(void)
{
    RUN(stmatrix_functional);
    RUN(stmatrix_timing);
    return check_summary();
}
