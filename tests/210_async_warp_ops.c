/* The PTX of sm_80 and sm_90 programs (tests/ptx/async_sm80.cu, compiled
 * by nvcc for both targets): warp reductions (redux.sync, and
 * cooperative_groups::reduce), elect.sync and fences, cp.async with
 * commit and wait groups (cuda::pipeline, __pipeline_memcpy_async, zero
 * fill), cuda::barrier with cuda::memcpy_async (sm_80: cp.async.cg and
 * cp.async.mbarrier.arrive; sm_90: cp.async.bulk and mbarrier expect_tx)
 * and mbarrier phases with parity waits. Every kernel runs in functional
 * and in timing mode and must give the CPU's answer in both; in timing
 * mode a wait_group waits for the copies' loads. Also: an instruction
 * ccgpu does not implement fails only the kernels that reach it, at their
 * launch, naming it with file and line. */
#include "ccgpu.h"
#include "check.h"
#include "gpu_setup.h"
#include "ptx/ptx.h"
#include "util/embedded.h"
#include <stdlib.h>

static ccgpu *make_gpu(int timing, const char *ptx_file, ccgpu_module **mod)
{
    ccgpu_config *cfg = ccgpu_config_new();
    if (timing && ccgpu_config_load(cfg, "configs/ccws.cfg")) {
        printf("config: %s\n", ccgpu_config_error(cfg));
        ccgpu_config_free(cfg);
        return NULL;
    }
    ccgpu_config_set(cfg, "ccgpu_mode", timing ? "timing" : "functional");
    if (timing)
        ccgpu_config_load_string(cfg, "gpgpu_n_clusters 2\ngpgpu_n_cores_per_cluster 1\n", "t");
    return test_gpu_with_ptx(cfg, ptx_file, mod);
}

static ccgpu_devptr upload(ccgpu *g, const void *p, size_t n)
{
    ccgpu_devptr d = 0;
    ccgpu_malloc(g, &d, n);
    if (p)
        ccgpu_memcpy_htod(g, d, p, n);
    return d;
}

static const struct ccgpu_dim3 ONE = { 1, 1, 1 };

/* warp_reduce over 4 warps, full and partial (the first `active` lanes) */
static int check_warp_reduce(ccgpu *g, ccgpu_module *m, int active)
{
    enum { T = 128 };
    unsigned in[T], out[T / 32 * 9];
    for (int i = 0; i < T; i++)
        in[i] = (unsigned)(i * 2654435761u >> 20) % 3000 + (i % 7 == 0 ? 0x40 : 0);
    ccgpu_devptr din = upload(g, in, sizeof in), dout = upload(g, NULL, sizeof out);
    void *args[] = { &din, &dout, &active };
    struct ccgpu_dim3 grid = { 1, 1, 1 }, block = { T, 1, 1 };
    if (ccgpu_launch(g, m, "warp_reduce", grid, block, 0, args, 3)) {
        printf("warp_reduce: %s\n", ccgpu_error(g));
        return 0;
    }
    ccgpu_memcpy_dtoh(g, out, dout, sizeof out);
    int ok = 1;
    for (int w = 0; w < T / 32; w++) {
        unsigned add = 0, umin = ~0u, umax = 0, band = ~0u, bor = 0, bxor = 0;
        int smin = 1 << 30, smax = -(1 << 30);
        for (int l = 0; l < active; l++) {
            unsigned v = in[w * 32 + l];
            int s = (int)v - 1000;
            add += v;
            umin = v < umin ? v : umin;
            umax = v > umax ? v : umax;
            smin = s < smin ? s : smin;
            smax = s > smax ? s : smax;
            band &= v | 0x10;
            bor |= v;
            bxor ^= v;
        }
        unsigned want[9] = { add, umin, umax, (unsigned)smin, (unsigned)smax, band, bor, bxor, add };
        for (int k = 0; k < 9; k++)
            if (out[w * 9 + k] != want[k]) {
                printf("warp_reduce warp %d word %d: %u, want %u\n", w, k, out[w * 9 + k], want[k]);
                ok = 0;
            }
    }
    return ok;
}

static int check_elect(ccgpu *g, ccgpu_module *m)
{
    enum { T = 64 };
    unsigned out[T], flags[T];
    ccgpu_devptr dout = upload(g, NULL, sizeof out), dflags = upload(g, NULL, sizeof flags);
    void *args[] = { &dout, &dflags };
    struct ccgpu_dim3 block = { T, 1, 1 };
    if (ccgpu_launch(g, m, "elect_fence", ONE, block, 0, args, 2)) {
        printf("elect_fence: %s\n", ccgpu_error(g));
        return 0;
    }
    ccgpu_memcpy_dtoh(g, out, dout, sizeof out);
    ccgpu_memcpy_dtoh(g, flags, dflags, sizeof flags);
    int ok = 1;
    for (int t = 0; t < T; t++) {
        unsigned lane = (unsigned)t & 31;
        int member = (lane / 4) & 1;
        unsigned want = member ? 4 : 99, wflag = member ? lane == 4 : 7;
        if (out[t] != want || flags[t] != wflag) {
            printf("elect_fence thread %d: %u %u, want %u %u\n", t, out[t], flags[t], want, wflag);
            ok = 0;
        }
    }
    return ok;
}

static int check_pipeline(ccgpu *g, ccgpu_module *m)
{
    enum { N = 256 * 5 };
    float in[N], out[N];
    for (int i = 0; i < N; i++)
        in[i] = (float)(i % 97) - 13.5f;
    ccgpu_devptr din = upload(g, in, sizeof in), dout = upload(g, NULL, sizeof out);
    int n = N;
    void *args[] = { &din, &dout, &n };
    struct ccgpu_dim3 block = { 256, 1, 1 };
    if (ccgpu_launch(g, m, "pipeline_copy", ONE, block, 0, args, 3)) {
        printf("pipeline_copy: %s\n", ccgpu_error(g));
        return 0;
    }
    ccgpu_memcpy_dtoh(g, out, dout, sizeof out);
    for (int t = 0; t < N / 256; t++)
        for (int i = 0; i < 256; i++)
            if (out[t * 256 + i] != 2.0f * in[t * 256 + (i + 1) % 256]) {
                printf("pipeline_copy [%d][%d]: %g\n", t, i, (double)out[t * 256 + i]);
                return 0;
            }
    return 1;
}

static int check_barrier_copy(ccgpu *g, ccgpu_module *m)
{
    enum { B = 3, N = B * 128 * 4 };
    int in[N], out[N];
    for (int i = 0; i < N; i++)
        in[i] = i * 7 - 100;
    ccgpu_devptr din = upload(g, in, sizeof in), dout = upload(g, NULL, sizeof out);
    void *args[] = { &din, &dout };
    struct ccgpu_dim3 grid = { B, 1, 1 }, block = { 128, 1, 1 };
    if (ccgpu_launch(g, m, "barrier_copy", grid, block, 0, args, 2)) {
        printf("barrier_copy: %s\n", ccgpu_error(g));
        return 0;
    }
    ccgpu_memcpy_dtoh(g, out, dout, sizeof out);
    for (int b = 0; b < B; b++)
        for (int t = 0; t < 128; t++)
            for (int k = 0; k < 4; k++)
                if (out[(b * 128 + t) * 4 + k] != in[(b * 128 + 127 - t) * 4 + k]) {
                    printf("barrier_copy block %d thread %d\n", b, t);
                    return 0;
                }
    return 1;
}

static int check_prim_copy(ccgpu *g, ccgpu_module *m)
{
    int in[1024], out[64];
    for (int i = 0; i < 1024; i++)
        in[i] = i % 251 + 1;
    ccgpu_devptr din = upload(g, in, sizeof in), dout = upload(g, NULL, sizeof out);
    void *args[] = { &din, &dout };
    struct ccgpu_dim3 block = { 64, 1, 1 };
    if (ccgpu_launch(g, m, "prim_copy", ONE, block, 0, args, 2)) {
        printf("prim_copy: %s\n", ccgpu_error(g));
        return 0;
    }
    ccgpu_memcpy_dtoh(g, out, dout, sizeof out);
    for (int t = 0; t < 64; t++) {
        int i = 63 - t, want = in[i];
        /* __pipeline_memcpy_async(d, s, size, zfill): size - zfill bytes
         * copied (the src-size operand), zfill bytes of zeros */
        want += in[128 + 2 * i] + (i & 4 ? 0 : in[128 + 2 * i + 1]);
        want += in[512 + 4 * i] + in[512 + 4 * i + 1];
        if (!(i & 8))
            want += in[512 + 4 * i + 2] + in[512 + 4 * i + 3];
        if (out[t] != want) {
            printf("prim_copy thread %d: %d, want %d\n", t, out[t], want);
            return 0;
        }
    }
    return 1;
}

static int check_phases(ccgpu *g, ccgpu_module *m)
{
    int out[32], rounds = 5;
    ccgpu_devptr dout = upload(g, NULL, sizeof out);
    void *args[] = { &dout, &rounds };
    struct ccgpu_dim3 block = { 64, 1, 1 };
    if (ccgpu_launch(g, m, "mbarrier_phases", ONE, block, 0, args, 2)) {
        printf("mbarrier_phases: %s\n", ccgpu_error(g));
        return 0;
    }
    ccgpu_memcpy_dtoh(g, out, dout, sizeof out);
    for (int l = 0; l < 32; l++) {
        int want = 0;
        for (int r = 0; r < rounds; r++)
            want += r * 100 + l;
        if (out[l] != want) {
            printf("mbarrier_phases lane %d: %d, want %d\n", l, out[l], want);
            return 0;
        }
    }
    return 1;
}

static void run_all(const char *ptx_file, int timing)
{
    ccgpu_module *m;
    ccgpu *g = make_gpu(timing, ptx_file, &m);
    CHECK(g != NULL);
    if (!g)
        return;
    printf("  %s, %s\n", ptx_file, timing ? "timing" : "functional");
    CHECK(check_warp_reduce(g, m, 32));
    CHECK(check_warp_reduce(g, m, 19));
    CHECK(check_elect(g, m));
    CHECK(check_pipeline(g, m));
    CHECK(check_barrier_copy(g, m));
    CHECK(check_prim_copy(g, m));
    CHECK(check_phases(g, m));
    if (timing) {
        double cycles = 0;
        CHECK(ccgpu_stat(g, "cycles", -1, &cycles) == 0 && cycles > 0);
    }
    ccgpu_destroy(g);
}

TEST(sm80_kernels_functional) { run_all("tests/ptx/async_sm80.ptx", 0); }
TEST(sm80_kernels_timing) { run_all("tests/ptx/async_sm80.ptx", 1); }
TEST(sm90_kernels_functional) { run_all("tests/ptx/async_sm90.ptx", 0); }
TEST(sm90_kernels_timing) { run_all("tests/ptx/async_sm90.ptx", 1); }

/* In timing mode a wait_group waits for the loads of the groups it covers
 * and no others: the same copy of one line, committed as the warp's only
 * group, then cp.async.wait_group 0 (waits for it) or 1 (does not), then a
 * read of the copied word. The wait costs at least a DRAM round trip, and
 * in both runs the copied data is there (the engine executes at issue). */
static const char *wait_ptx =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".visible .entry k(.param .u64 p)\n{\n"
    ".reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n.shared .align 16 .b8 s[16];\n"
    "ld.param.u64 %rd1, [p];\ncvta.to.global.u64 %rd1, %rd1;\nmov.u32 %r1, s;\n"
    "cp.async.cg.shared.global [%r1], [%rd1], 16;\ncp.async.commit_group;\n"
    "cp.async.wait_group WAIT;\nld.shared.u32 %r2, [%r1+4];\nadd.s32 %r2, %r2, 1;\n"
    "st.global.u32 [%rd1+16], %r2;\nret;\n}\n";

static double wait_run(const char *n, uint32_t *result)
{
    char text[1024];
    const char *at = strstr(wait_ptx, "WAIT");
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - wait_ptx), wait_ptx, n, at + 4);
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256];
    ccgpu_config_load(cfg, "configs/ccws.cfg");
    ccgpu_config_set(cfg, "ccgpu_mode", "timing");
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    ccgpu_module *m = g ? ccgpu_module_load_string(g, text, "wait.ptx") : NULL;
    double cycles = -1;
    uint32_t data[8] = { 5, 6, 7, 8, 0, 0, 0, 0 };
    ccgpu_devptr d = m ? upload(g, data, sizeof data) : 0;
    void *args[] = { &d };
    if (m && ccgpu_launch(g, m, "k", ONE, ONE, 0, args, 1) == 0) {
        ccgpu_stat(g, "cycles", -1, &cycles);
        ccgpu_memcpy_dtoh(g, data, d, sizeof data);
        *result = data[4];
    } else {
        printf("wait_group %s: %s\n", n, g ? ccgpu_error(g) : err);
    }
    ccgpu_destroy(g);
    return cycles;
}

TEST(wait_group_waits_for_its_groups_only)
{
    uint32_t r0 = 0, r1 = 0;
    double waits = wait_run("0", &r0), passes = wait_run("1", &r1);
    printf("  cycles: wait_group 0 %.0f, wait_group 1 %.0f\n", waits, passes);
    CHECK(passes > 0 && waits > passes + 50);
    CHECK_EQ_U64(r0, 7);
    CHECK_EQ_U64(r1, 7);
}

int main(void)
{
    RUN(sm80_kernels_functional);
    RUN(sm80_kernels_timing);
    RUN(sm90_kernels_functional);
    RUN(sm90_kernels_timing);
    RUN(wait_group_waits_for_its_groups_only);
    return check_summary();
}
