/* Tensor-core instructions (tests/ptx/mma_sm80.cu, nvcc's sm_80 PTX): each
 * kernel computes D = A x B + C with mma.sync on one warp, its fragments
 * loaded as CUTLASS-style code loads them (ldmatrix, .trans for B, or
 * register by register), for f16 (f32 and f16 accumulators), bf16, tf32
 * and s8, and with nvcuda::wmma (f16 with a k loop, tf32, s8, bf16; row-
 * and column-major memory); D must equal a CPU matrix product, in
 * functional and in timing mode. The values are small integers (halves: multiples of 1/4), so every
 * product and sum is exact in each type and the order of summation cannot
 * matter. In timing mode, tensor-core units with a longer mma latency make
 * the kernel take longer. */
#include "ccgpu.h"
#include "check.h"
#include "gpu_setup.h"
#include "util/embedded.h"
#include <math.h>
#include <stdlib.h>

static const char *ptx_file = "tests/ptx/mma_sm80.ptx";

static ccgpu *make_gpu(int timing, const char *extra, ccgpu_module **mod)
{
    ccgpu_config *cfg = ccgpu_config_new();
    if (timing)
        ccgpu_config_load(cfg, "configs/ccws.cfg");
    ccgpu_config_set(cfg, "ccgpu_mode", timing ? "timing" : "functional");
    if (extra)
        ccgpu_config_load_string(cfg, extra, "t");
    return test_gpu_with_ptx(cfg, ptx_file, mod);
}

static uint16_t f16_bits(float f) /* exact for the small values used here */
{
    if (f == 0)
        return 0;
    uint32_t s = f < 0 ? 0x8000 : 0;
    f = fabsf(f);
    int e;
    float m = frexpf(f, &e); /* f = m 2^e, m in [0.5, 1) */
    return (uint16_t)(s | (uint32_t)(e - 1 + 15) << 10 | ((uint32_t)(m * 2048) & 0x3ff));
}

static uint16_t bf16_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return (uint16_t)(u >> 16);
}

static float f16_value(uint16_t h)
{
    if (!(h & 0x7fff))
        return 0;
    float v = ldexpf((float)((h & 0x3ff) | 0x400), ((h >> 10) & 0x1f) - 25);
    return h & 0x8000 ? -v : v;
}

static ccgpu_devptr up(ccgpu *g, const void *p, size_t n)
{
    ccgpu_devptr d = 0;
    ccgpu_malloc(g, &d, n);
    ccgpu_memcpy_htod(g, d, p, n);
    return d;
}

static const struct ccgpu_dim3 ONE = { 1, 1, 1 }, WARP = { 32, 1, 1 };

static int launch4(ccgpu *g, ccgpu_module *m, const char *k, ccgpu_devptr a, ccgpu_devptr b,
                   ccgpu_devptr c, ccgpu_devptr d)
{
    void *args[] = { &a, &b, &c, &d };
    if (ccgpu_launch(g, m, k, ONE, WARP, 0, args, 4)) {
        printf("%s: %s\n", k, ccgpu_error(g));
        return -1;
    }
    return 0;
}

/* f16, bf16 (k16) and tf32 (k8) with f32 accumulators */
static int check_float(ccgpu *g, ccgpu_module *m, const char *kernel)
{
    int tf32 = strcmp(kernel, "mma_tf32") == 0, bf = strcmp(kernel, "mma_bf16") == 0;
    int K = tf32 ? 8 : 16;
    float A[16 * 16], B[16 * 8], C[16 * 8], D[16 * 8];
    uint16_t a16[16 * 16], b16[16 * 8];
    for (int i = 0; i < 16 * K; i++) {
        A[i] = (float)((i * 7 + 3) % 9 - 4) / 4;
        a16[i] = bf ? bf16_bits(A[i]) : f16_bits(A[i]);
    }
    for (int i = 0; i < K * 8; i++) {
        B[i] = (float)((i * 5 + 1) % 7 - 3);
        b16[i] = bf ? bf16_bits(B[i]) : f16_bits(B[i]);
    }
    for (int i = 0; i < 128; i++)
        C[i] = (float)(i % 11) - 5;
    ccgpu_devptr da = tf32 ? up(g, A, 16 * 8 * 4) : up(g, a16, sizeof a16);
    ccgpu_devptr db = tf32 ? up(g, B, 8 * 8 * 4) : up(g, b16, sizeof b16);
    ccgpu_devptr dc = up(g, C, sizeof C), dd = up(g, C, sizeof D);
    if (launch4(g, m, kernel, da, db, dc, dd))
        return 0;
    ccgpu_memcpy_dtoh(g, D, dd, sizeof D);
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 8; c++) {
            float want = C[r * 8 + c];
            for (int k = 0; k < K; k++)
                want += A[r * K + k] * B[k * 8 + c];
            if (D[r * 8 + c] != want) {
                printf("%s D[%d][%d] = %g, want %g\n", kernel, r, c, (double)D[r * 8 + c],
                       (double)want);
                return 0;
            }
        }
    return 1;
}

static int check_f16_acc(ccgpu *g, ccgpu_module *m)
{
    float A[256], B[128], C[128];
    uint16_t a16[256], b16[128], c16[128], d16[128];
    for (int i = 0; i < 256; i++)
        a16[i] = f16_bits(A[i] = (float)((i * 3) % 5 - 2) / 2);
    for (int i = 0; i < 128; i++) {
        b16[i] = f16_bits(B[i] = (float)((i * 5) % 7 - 3));
        c16[i] = f16_bits(C[i] = (float)(i % 9) - 4);
    }
    ccgpu_devptr da = up(g, a16, sizeof a16), db = up(g, b16, sizeof b16);
    ccgpu_devptr dc = up(g, c16, sizeof c16), dd = up(g, c16, sizeof d16);
    if (launch4(g, m, "mma_f16_f16", da, db, dc, dd))
        return 0;
    ccgpu_memcpy_dtoh(g, d16, dd, sizeof d16);
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 8; c++) {
            float want = C[r * 8 + c];
            for (int k = 0; k < 16; k++)
                want += A[r * 16 + k] * B[k * 8 + c];
            if (f16_value(d16[r * 8 + c]) != want) {
                printf("mma_f16_f16 D[%d][%d] = %g, want %g\n", r, c,
                       (double)f16_value(d16[r * 8 + c]), (double)want);
                return 0;
            }
        }
    return 1;
}

static int check_s8(ccgpu *g, ccgpu_module *m)
{
    int8_t A[16 * 32], B[32 * 8];
    int32_t C[128], D[128];
    for (int i = 0; i < 16 * 32; i++)
        A[i] = (int8_t)((i * 37) % 255 - 127);
    for (int i = 0; i < 32 * 8; i++)
        B[i] = (int8_t)((i * 91) % 251 - 125);
    for (int i = 0; i < 128; i++)
        C[i] = i * 1000 - 64000;
    ccgpu_devptr da = up(g, A, sizeof A), db = up(g, B, sizeof B);
    ccgpu_devptr dc = up(g, C, sizeof C), dd = up(g, C, sizeof D);
    if (launch4(g, m, "mma_s8", da, db, dc, dd))
        return 0;
    ccgpu_memcpy_dtoh(g, D, dd, sizeof D);
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 8; c++) {
            int32_t want = C[r * 8 + c];
            for (int k = 0; k < 32; k++)
                want += A[r * 32 + k] * B[k * 8 + c];
            if (D[r * 8 + c] != want) {
                printf("mma_s8 D[%d][%d] = %d, want %d\n", r, c, D[r * 8 + c], want);
                return 0;
            }
        }
    return 1;
}

/* wmma: 16x16 tiles; f16 with a k loop of n = 48 (A row-major 16 x n, B
 * column-major n x 16) scaled by 2 on the fragment, tf32 with C read
 * column-major, s8, bf16 stored column-major */
static int check_wmma(ccgpu *g, ccgpu_module *m)
{
    enum { N = 48 };
    int ok = 1;
    { /* f16 */
        float A[16 * N], B[N * 16], D[256];
        uint16_t a16[16 * N], b16[N * 16];
        for (int i = 0; i < 16 * N; i++)
            a16[i] = f16_bits(A[i] = (float)((i * 7) % 9 - 4) / 2);
        for (int i = 0; i < N * 16; i++)
            b16[i] = f16_bits(B[i] = (float)((i * 3) % 5 - 2));
        ccgpu_devptr da = up(g, a16, sizeof a16), db = up(g, b16, sizeof b16), dd = up(g, D, sizeof D);
        int n = N;
        void *args[] = { &da, &db, &dd, &n };
        if (ccgpu_launch(g, m, "wmma_f16", ONE, WARP, 0, args, 4)) {
            printf("wmma_f16: %s\n", ccgpu_error(g));
            return 0;
        }
        ccgpu_memcpy_dtoh(g, D, dd, sizeof D);
        for (int r = 0; r < 16; r++)
            for (int c = 0; c < 16; c++) {
                float want = 0;
                for (int k = 0; k < N; k++)
                    want += A[r * N + k] * B[c * N + k]; /* B column-major */
                if (D[r * 16 + c] != 2 * want) {
                    printf("wmma_f16 D[%d][%d] = %g, want %g\n", r, c, (double)D[r * 16 + c],
                           (double)(2 * want));
                    ok = 0;
                    r = c = 16;
                }
            }
    }
    { /* tf32 */
        float A[16 * 8], B[8 * 16], C[256], D[256];
        for (int i = 0; i < 128; i++) {
            A[i] = (float)((i * 5) % 9 - 4);
            B[i] = (float)((i * 7) % 5 - 2) / 4;
        }
        for (int i = 0; i < 256; i++)
            C[i] = (float)(i % 13);
        ccgpu_devptr da = up(g, A, sizeof A), db = up(g, B, sizeof B), dc = up(g, C, sizeof C);
        void *args[] = { &da, &db, &dc };
        if (ccgpu_launch(g, m, "wmma_tf32", ONE, WARP, 0, args, 3)) {
            printf("wmma_tf32: %s\n", ccgpu_error(g));
            return 0;
        }
        ccgpu_memcpy_dtoh(g, D, dc, sizeof D);
        for (int r = 0; r < 16; r++)
            for (int c = 0; c < 16; c++) {
                float want = C[c * 16 + r]; /* read column-major */
                for (int k = 0; k < 8; k++)
                    want += A[r * 8 + k] * B[k * 16 + c];
                if (D[r * 16 + c] != want) {
                    printf("wmma_tf32 D[%d][%d] = %g, want %g\n", r, c, (double)D[r * 16 + c],
                           (double)want);
                    ok = 0;
                    r = c = 16;
                }
            }
    }
    { /* s8 */
        int8_t A[256], B[256];
        int32_t D[256];
        for (int i = 0; i < 256; i++) {
            A[i] = (int8_t)((i * 37) % 255 - 127);
            B[i] = (int8_t)((i * 11) % 253 - 126);
        }
        ccgpu_devptr da = up(g, A, sizeof A), db = up(g, B, sizeof B), dd = up(g, D, sizeof D);
        void *args[] = { &da, &db, &dd };
        if (ccgpu_launch(g, m, "wmma_s8", ONE, WARP, 0, args, 3)) {
            printf("wmma_s8: %s\n", ccgpu_error(g));
            return 0;
        }
        ccgpu_memcpy_dtoh(g, D, dd, sizeof D);
        for (int r = 0; r < 16; r++)
            for (int c = 0; c < 16; c++) {
                int32_t want = 0;
                for (int k = 0; k < 16; k++)
                    want += A[r * 16 + k] * B[k * 16 + c];
                if (D[r * 16 + c] != want) {
                    printf("wmma_s8 D[%d][%d] = %d, want %d\n", r, c, D[r * 16 + c], want);
                    ok = 0;
                    r = c = 16;
                }
            }
    }
    { /* bf16, stored column-major */
        float A[256], B[256], D[256];
        uint16_t a16[256], b16[256];
        for (int i = 0; i < 256; i++) {
            a16[i] = bf16_bits(A[i] = (float)((i * 3) % 7 - 3));
            b16[i] = bf16_bits(B[i] = (float)((i * 5) % 9 - 4) / 8);
        }
        ccgpu_devptr da = up(g, a16, sizeof a16), db = up(g, b16, sizeof b16), dd = up(g, D, sizeof D);
        void *args[] = { &da, &db, &dd };
        if (ccgpu_launch(g, m, "wmma_bf16", ONE, WARP, 0, args, 3)) {
            printf("wmma_bf16: %s\n", ccgpu_error(g));
            return 0;
        }
        ccgpu_memcpy_dtoh(g, D, dd, sizeof D);
        for (int r = 0; r < 16; r++)
            for (int c = 0; c < 16; c++) {
                float want = 1;
                for (int k = 0; k < 16; k++)
                    want += A[r * 16 + k] * B[k * 16 + c];
                if (D[c * 16 + r] != want) {
                    printf("wmma_bf16 D[%d][%d] = %g, want %g\n", r, c, (double)D[c * 16 + r],
                           (double)want);
                    ok = 0;
                    r = c = 16;
                }
            }
    }
    return ok;
}

static void run_all(int timing)
{
    ccgpu_module *m;
    ccgpu *g = make_gpu(timing, NULL, &m);
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK(check_float(g, m, "mma_f16"));
    CHECK(check_float(g, m, "mma_bf16"));
    CHECK(check_float(g, m, "mma_tf32"));
    CHECK(check_f16_acc(g, m));
    CHECK(check_s8(g, m));
    CHECK(check_wmma(g, m));
    ccgpu_destroy(g);
}

TEST(mma_functional) { run_all(0); }
TEST(mma_timing) { run_all(1); }

/* the tensor-core latency is what the option says */
static double cycles_with(const char *extra)
{
    ccgpu_module *m;
    ccgpu *g = make_gpu(1, extra, &m);
    double cyc = -1;
    if (g && check_float(g, m, "mma_f16"))
        ccgpu_stat(g, "cycles", -1, &cyc);
    ccgpu_destroy(g);
    return cyc;
}

TEST(tensor_latency_option)
{
    const char *units = "gpgpu_tensor_core_avail 1\ngpgpu_num_tensor_core_units 1\n";
    char fast[256], slow[256];
    snprintf(fast, sizeof fast, "%sptx_opcode_latency_tesnor 8\nptx_opcode_initiation_tensor 8\n", units);
    snprintf(slow, sizeof slow, "%sptx_opcode_latency_tesnor 408\nptx_opcode_initiation_tensor 8\n", units);
    double a = cycles_with(fast), b = cycles_with(slow);
    printf("  cycles: mma latency 8: %.0f, 408: %.0f\n", a, b);
    CHECK(a > 0 && b >= a + 350); /* the mma is on the critical path */
}

int main(void)
{
    RUN(mma_functional);
    RUN(mma_timing);
    RUN(tensor_latency_option);
    return check_summary();
}
