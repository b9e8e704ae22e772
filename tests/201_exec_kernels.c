/* Functional engine end to end through the host API: CUDA kernels compiled by
 * nvcc (tests/ptx/201_kernels.cu) checked against hand-computed results. */
#include "ccgpu.h"
#include "check.h"
#include "util/embedded.h"
#include <stdlib.h>

static ccgpu *gpu;
static ccgpu_module *mod;
/* the same kernels compiled three ways: default, -G (debug), -use_fast_math */
static const char *ptx_file = "tests/ptx/201_kernels.ptx";

static const char *mode = "functional";
/* the functional runner's ccgpu_functional_warp_run for this pass (config
 * text), NULL for the default */
static const char *warp_run;

static ccgpu *make_gpu(const char *overrides)
{
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu_config_set(cfg, "ccgpu_mode", mode);
    if (warp_run)
        ccgpu_config_load_string(cfg, warp_run, "test");
    if (overrides)
        ccgpu_config_load_string(cfg, overrides, "test");
    char err[256];
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    if (!g)
        printf("ccgpu_create: %s\n", err);
    ccgpu_config_free(cfg);
    return g;
}

static ccgpu_module *load(ccgpu *g)
{
    const char *text = embedded_find(ptx_file);
    ccgpu_module *m = text ? ccgpu_module_load_string(g, text, ptx_file) : NULL;
    if (!m)
        printf("load: %s\n", g ? ccgpu_error(g) : "no gpu");
    return m;
}

static struct ccgpu_dim3 d1(uint32_t x)
{
    return (struct ccgpu_dim3){ x, 1, 1 };
}

static ccgpu_devptr dalloc(size_t bytes)
{
    ccgpu_devptr p = 0;
    CHECK_EQ_INT(ccgpu_malloc(gpu, &p, bytes), 0);
    ccgpu_memset(gpu, p, 0, bytes);
    return p;
}

TEST(vecadd)
{
    enum { N = 1000 };
    float a[N], b[N], c[N];
    for (int i = 0; i < N; i++) {
        a[i] = (float)i;
        b[i] = 0.5f * (float)i;
    }
    ccgpu_devptr da = dalloc(sizeof a), db = dalloc(sizeof b), dc = dalloc(sizeof c);
    ccgpu_memcpy_htod(gpu, da, a, sizeof a);
    ccgpu_memcpy_htod(gpu, db, b, sizeof b);
    int n = N;
    void *args[] = { &da, &db, &dc, &n };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "vecadd", d1(8), d1(128), 0, args, 4), 0);
    ccgpu_memcpy_dtoh(gpu, c, dc, sizeof c);
    int bad = 0;
    for (int i = 0; i < N; i++)
        bad += c[i] != 1.5f * (float)i;
    CHECK_EQ_INT(bad, 0);
    double v;
    int k = ccgpu_num_kernels(gpu) - 1;
    CHECK_EQ_INT(ccgpu_stat(gpu, "ctas", k, &v), 0);
    CHECK_EQ_INT(v, 8);
    CHECK_EQ_INT(ccgpu_stat(gpu, "warp_loads.global", k, &v), 0);
    CHECK_EQ_INT(v, 2 * 32); /* 32 warps, the last with 8 lanes in range, two loads each */
}

static int diverge_ref(int i)
{
    int v;
    if (i & 1)
        v = (i & 2) ? 1 : 2;
    else if (i & 4)
        v = 3;
    else
        return -1;
    for (int k = 0; k < i % 7; k++)
        v += k * 10;
    int found = -1;
    for (int x = 0; x < 8 && found < 0; x++)
        for (int y = 0; y < 8; y++)
            if (x * 8 + y == i % 37) {
                found = x * 100 + y;
                break;
            }
    return v * 100000 + found;
}

TEST(divergence_and_reconvergence)
{
    enum { N = 300 };
    ccgpu_devptr d = dalloc(N * 4);
    int n = N;
    void *args[] = { &d, &n };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "diverge", d1(3), d1(128), 0, args, 2), 0);
    int out[N];
    ccgpu_memcpy_dtoh(gpu, out, d, sizeof out);
    int bad = 0;
    for (int i = 0; i < N; i++)
        if (out[i] != diverge_ref(i)) {
            if (bad++ < 3)
                printf("  diverge[%d] = %d, expected %d\n", i, out[i], diverge_ref(i));
        }
    CHECK_EQ_INT(bad, 0);
    double v;
    CHECK_EQ_INT(ccgpu_stat(gpu, "divergent_branches", ccgpu_num_kernels(gpu) - 1, &v), 0);
    CHECK(v > 0);
}

TEST(shared_memory_and_barriers)
{
    enum { B = 256, G = 4 };
    int h[B * G];
    for (int i = 0; i < B * G; i++)
        h[i] = i * 7;
    ccgpu_devptr d = dalloc(sizeof h);
    ccgpu_memcpy_htod(gpu, d, h, sizeof h);
    void *args[] = { &d };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "reverse_block", d1(G), d1(B), 0, args, 1), 0);
    int out[B * G];
    ccgpu_memcpy_dtoh(gpu, out, d, sizeof out);
    int bad = 0;
    for (int g = 0; g < G; g++)
        for (int t = 0; t < B; t++)
            bad += out[g * B + t] != (g * B + B - 1 - t) * 7;
    CHECK_EQ_INT(bad, 0);

    ccgpu_devptr in = dalloc(sizeof h), sums = dalloc(G * 4);
    ccgpu_memcpy_htod(gpu, in, h, sizeof h);
    void *args2[] = { &in, &sums };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "dyn_shared_sum", d1(G), d1(B), B * 4, args2, 2), 0);
    int s[G];
    ccgpu_memcpy_dtoh(gpu, s, sums, sizeof s);
    for (int g = 0; g < G; g++) {
        int ref = 0;
        for (int t = 0; t < B; t++)
            ref += h[g * B + t];
        CHECK_EQ_INT(s[g], ref);
    }
}

TEST(atomics_under_contention)
{
    enum { T = 512 };
    unsigned init[9] = { 0, 0, 3, 0, 100000, 0, 0, 0xffffffffu, 0 };
    ccgpu_devptr c = dalloc(sizeof init), fmax = dalloc(4), fsum = dalloc(4), dsum = dalloc(8);
    ccgpu_devptr vals = dalloc(T * 4);
    ccgpu_memcpy_htod(gpu, c, init, sizeof init);
    float v[T], neg = -1e30f, vmax = neg;
    for (int i = 0; i < T; i++) {
        v[i] = (float)((i * 37) % 1001) - 500.0f;
        vmax = v[i] > vmax ? v[i] : vmax;
    }
    ccgpu_memcpy_htod(gpu, vals, v, sizeof v);
    ccgpu_memcpy_htod(gpu, fmax, &neg, 4);
    void *args[] = { &c, &fmax, &fsum, &dsum, &vals };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "atomics", d1(4), d1(T / 4), 0, args, 5), 0);
    unsigned out[9];
    ccgpu_memcpy_dtoh(gpu, out, c, sizeof out);
    CHECK_EQ_INT(out[0], T);
    CHECK_EQ_INT(out[1], T % 10);          /* inc wraps 0..9 */
    /* dec from 3 with bound 5: 3 2 1 0 5 4 3 2 1 0 5 ... period 6 */
    unsigned dec = 3;
    for (int i = 0; i < T; i++)
        dec = (dec == 0 || dec > 5) ? 5 : dec - 1;
    CHECK_EQ_INT(out[2], dec);
    CHECK_EQ_INT(out[3], T - 1);
    CHECK_EQ_INT(out[4], 1000 - (T - 1));
    CHECK_EQ_U64(out[5], 0xffffffffu);
    unsigned x = 0;
    for (int i = 0; i < T; i++)
        x ^= (unsigned)i;
    CHECK_EQ_U64(out[6], x);
    CHECK_EQ_U64(out[7], 0xffff0000u);
    CHECK_EQ_INT(out[8], 77);
    float fm, fs;
    double ds;
    ccgpu_memcpy_dtoh(gpu, &fm, fmax, 4);
    ccgpu_memcpy_dtoh(gpu, &fs, fsum, 4);
    ccgpu_memcpy_dtoh(gpu, &ds, dsum, 8);
    CHECK_NEAR(fm, vmax, 0);
    CHECK_NEAR(fs, T * 0.5, 0);
    CHECK_NEAR(ds, T * 0.25, 0);
}

TEST(shuffles_and_votes)
{
    ccgpu_devptr d = dalloc(64 * 8 * 4);
    void *args[] = { &d };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "warp_ops", d1(1), d1(64), 0, args, 1), 0);
    int out[64 * 8];
    ccgpu_memcpy_dtoh(gpu, out, d, sizeof out);
    int bad = 0;
    for (int t = 0; t < 64; t++) {
        int lane = t & 31, *o = &out[t * 8];
        unsigned ballot = 0;
        for (int k = 0; k < 32; k++)
            ballot |= (unsigned)(k % 3 == 0) << k;
        int exp[8] = { 528, (int)ballot, 1, 0, lane >= 3 ? (lane - 3) * 2 : lane * 2,
                       lane ^ 1, (lane & ~7) + 2, 32 };
        for (int k = 0; k < 8; k++)
            if (o[k] != exp[k] && bad++ < 5)
                printf("  thread %d value %d: %d, expected %d\n", t, k, o[k], exp[k]);
    }
    CHECK_EQ_INT(bad, 0);
}

static int fib(int n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

TEST(device_function_calls)
{
    ccgpu_devptr d = dalloc(64 * 4), f = dalloc(64 * 4);
    void *args[] = { &d, &f };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "calls", d1(1), d1(64), 0, args, 2), 0);
    int out[64];
    float fo[64];
    ccgpu_memcpy_dtoh(gpu, out, d, sizeof out);
    ccgpu_memcpy_dtoh(gpu, fo, f, sizeof fo);
    int bad = 0;
    for (int t = 0; t < 64; t++) {
        float r = (float)t;
        for (int i = 0; i < t % 4; i++)
            r = r * 2.0f + 1.0f;
        bad += out[t] != fib(t % 12);
        bad += fo[t] != r;
    }
    CHECK_EQ_INT(bad, 0);
}

TEST(printf_output)
{
    FILE *tmp = tmpfile();
    CHECK(tmp != NULL);
    if (!tmp)
        return;
    ccgpu_set_printf_stream(gpu, tmp);
    int n = 2;
    void *args[] = { &n };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "hello", d1(1), d1(32), 0, args, 1), 0);
    ccgpu_set_printf_stream(gpu, NULL);
    char buf[512] = { 0 };
    rewind(tmp);
    size_t len = fread(buf, 1, sizeof buf - 1, tmp);
    fclose(tmp);
    buf[len] = 0;
    CHECK_STR_CONTAINS(buf,
                       "t=0 u=0 x=ff f=0.00 s=str c=A ll=-5000000000 %\n"
                       "t=1 u=2 x=100 f=0.50 s=str c=B ll=-5000000000 %\n");
}

TEST(smid_and_warpid_follow_dispatch)
{
    /* 2 SMs, 1536 threads and at most 8 CTAs each: 20 CTAs of 64 threads fill
     * 8 per SM round-robin (CTA i -> SM i%2), then freed slots */
    ccgpu *g = make_gpu("gpgpu_n_clusters 2\n");
    ccgpu_module *m = g ? load(g) : NULL;
    CHECK(m != NULL);
    if (!m) {
        ccgpu_destroy(g);
        return;
    }
    ccgpu_devptr d;
    ccgpu_malloc(g, &d, 20 * 64 * 8);
    void *args[] = { &d };
    CHECK_EQ_INT(ccgpu_launch(g, m, "ids", d1(20), d1(64), 0, args, 1), 0);
    unsigned out[20 * 64 * 2];
    ccgpu_memcpy_dtoh(g, out, d, sizeof out);
    for (int c = 0; c < 16; c++) {
        CHECK_EQ_INT(out[2 * (c * 64)], c % 2);          /* smid */
        CHECK_EQ_INT(out[2 * (c * 64)] < 2, 1);
        CHECK_EQ_INT(out[2 * (c * 64) + 1], (c / 2) * 2); /* first warp slot */
        CHECK_EQ_INT(out[2 * (c * 64 + 32) + 1], (c / 2) * 2 + 1);
    }
    for (int c = 16; c < 20; c++)
        CHECK(out[2 * (c * 64)] < 2 && out[2 * (c * 64) + 1] < 48);
    ccgpu_destroy(g);
}

TEST(module_globals_and_constants)
{
    ccgpu_devptr d = dalloc(8 * 4);
    void *args[] = { &d };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "globals", d1(1), d1(8), 0, args, 1), 0);
    int out[8];
    ccgpu_memcpy_dtoh(gpu, out, d, sizeof out);
    for (int t = 0; t < 8; t++)
        CHECK_EQ_INT(out[t], 10 * (t % 4 + 1) + 5);
    ccgpu_devptr gaddr;
    size_t gsize;
    CHECK_EQ_INT(ccgpu_module_symbol(gpu, mod, "gcounter", &gaddr, &gsize), 0);
    CHECK_EQ_INT(gsize, 4);
    int gc = 0;
    ccgpu_memcpy_dtoh(gpu, &gc, gaddr, 4);
    CHECK_EQ_INT(gc, 99);
    CHECK_EQ_INT(ccgpu_module_symbol(gpu, mod, "nosuch", &gaddr, &gsize), -1);
}

TEST(generic_addressing)
{
    ccgpu_devptr g = dalloc(32 * 4), out = dalloc(32 * 4);
    int h[32];
    for (int i = 0; i < 32; i++)
        h[i] = 1000 + i;
    ccgpu_memcpy_htod(gpu, g, h, sizeof h);
    void *args[] = { &g, &out };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "generic", d1(1), d1(32), 0, args, 2), 0);
    int o[32];
    ccgpu_memcpy_dtoh(gpu, o, out, sizeof o);
    for (int t = 0; t < 32; t++) {
        int exp = t % 3 == 0 ? (31 - t) * 3 : t % 3 == 1 ? t * 10 + (t & 3) : 1000 + t;
        CHECK_EQ_INT(o[t], exp);
    }
}

TEST(kernel_errors_name_kernel_cta_thread_line)
{
    ccgpu_devptr d = dalloc(100 * 4);
    int n = 1;
    void *args[] = { &d, &n };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "oob", d1(1), d1(128), 0, args, 2), -1);
    CHECK_STR_CONTAINS(ccgpu_error(gpu), "kernel oob: CTA (0,0,0) thread (100,0,0): "
                                         "out-of-bounds global store of 4 bytes at 0x");
    CHECK_STR_CONTAINS(ccgpu_error(gpu), "(line ");

    void *args1[] = { &d };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "misaligned", d1(1), d1(4), 0, args1, 1), -1);
    CHECK_STR_CONTAINS(ccgpu_error(gpu), "thread (0,0,0): misaligned global store of 4 bytes");

    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "deadlock", d1(1), d1(32), 0, args1, 1), -1);
    CHECK_STR_CONTAINS(ccgpu_error(gpu), "kernel deadlock: CTA (0,0,0): barrier deadlock: 16 of 32");

    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "trapper", d1(2), d1(32), 0, args1, 1), -1);
    CHECK_STR_CONTAINS(ccgpu_error(gpu), "kernel trapper: CTA (0,0,0) thread (7,0,0): trap");
}

TEST(launch_errors)
{
    ccgpu_devptr d = dalloc(64);
    void *args[] = { &d };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "nosuch", d1(1), d1(1), 0, args, 1), -1);
    CHECK_STR_CONTAINS(ccgpu_error(gpu), "unknown kernel 'nosuch'");
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "vecadd", d1(1), d1(1), 0, args, 1), -1);
    CHECK_STR_CONTAINS(ccgpu_error(gpu), "launch vecadd: 1 argument given, the kernel takes 4");
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "trapper", d1(1), d1(2048), 0, args, 1), -1);
    CHECK_STR_CONTAINS(ccgpu_error(gpu), "2048 threads, more than the 1024 allowed");
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "trapper", d1(0), d1(32), 0, args, 1), -1);
    CHECK_STR_CONTAINS(ccgpu_error(gpu), "empty grid");
    ccgpu_devptr in = dalloc(64);
    void *args2[] = { &in, &d };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "dyn_shared_sum", d1(1), d1(32), 60000, args2, 2), -1);
    CHECK_STR_CONTAINS(ccgpu_error(gpu), "bytes of shared memory per CTA");
}

TEST(runaway_kernel_is_stopped)
{
    ccgpu *g = make_gpu("ccgpu_max_warp_instructions 10000\n");
    ccgpu_module *m = g ? load(g) : NULL;
    CHECK(m != NULL);
    if (!m) {
        ccgpu_destroy(g);
        return;
    }
    ccgpu_devptr d;
    ccgpu_malloc(g, &d, 8);
    ccgpu_memset(g, d, 0, 8);
    void *args[] = { &d };
    CHECK_EQ_INT(ccgpu_launch(g, m, "spin", d1(1), d1(32), 0, args, 1), -1);
    CHECK_STR_CONTAINS(ccgpu_error(g), "ccgpu_max_warp_instructions");
    CHECK_STR_CONTAINS(ccgpu_error(g), "-o ccgpu_max_warp_instructions=N, 0 for none");
    ccgpu_destroy(g);
}

/* Whole warps that exit before a barrier no longer count at it. (A warp
 * that reaches a barrier with only some of its lanes, while the others wait
 * at the reconvergence point, is a deadlock: see kernel_errors.) */
TEST(barrier_reductions_and_exited_threads)
{
    enum { B = 96, N = 64 };
    ccgpu_devptr d = dalloc(B * 4);
    int n = N;
    void *args[] = { &d, &n };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "sync_reduce", d1(1), d1(B), 0, args, 2), 0);
    int out[B];
    ccgpu_memcpy_dtoh(gpu, out, d, sizeof out);
    int cnt = 0;
    for (int t = 0; t < N; t++)
        cnt += t % 3 == 0;
    for (int t = 0; t < N; t++)
        CHECK_EQ_INT(out[t], cnt * 100 + 10 + 1);
    CHECK_EQ_INT(out[N], 0);
}

TEST(named_barriers_with_counts)
{
    ccgpu_devptr d = dalloc(128 * 4);
    void *args[] = { &d };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "named_barriers", d1(1), d1(128), 0, args, 1), 0);
    int out[128];
    ccgpu_memcpy_dtoh(gpu, out, d, sizeof out);
    int bad = 0;
    for (int t = 0; t < 128; t++)
        bad += out[t] != (t / 64) * 64 + 63 - t % 64;
    CHECK_EQ_INT(bad, 0);
}

TEST(barrier_on_both_sides_of_a_branch)
{
    ccgpu_devptr d = dalloc(64 * 4);
    void *args[] = { &d };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "split_barrier", d1(1), d1(64), 0, args, 1), 0);
    int out[64];
    ccgpu_memcpy_dtoh(gpu, out, d, sizeof out);
    int bad = 0;
    for (int t = 0; t < 64; t++)
        bad += out[t] != ((t & 1) ? 20 : 100);
    CHECK_EQ_INT(bad, 0);
}

TEST(printf_formats)
{
    FILE *tmp = tmpfile();
    CHECK(tmp != NULL);
    if (!tmp)
        return;
    ccgpu_set_printf_stream(gpu, tmp);
    long long big = 123456789012345ll;
    uint64_t ptr = 0x1234abcd;
    void *args[] = { &big, &ptr };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "hello2", d1(1), d1(1), 0, args, 2), 0);
    ccgpu_set_printf_stream(gpu, NULL);
    char buf[512] = { 0 }, ref[512];
    rewind(tmp);
    size_t len = fread(buf, 1, sizeof buf - 1, tmp);
    fclose(tmp);
    buf[len] = 0;
    snprintf(ref, sizeof ref, "%i %X %e %g 0x%llx %lld %llu %llu [%5d|%-4d] %s\n", -42, 0xBEEFu,
             1234.5, 0.0001, (unsigned long long)ptr, big, (unsigned long long)big,
             (unsigned long long)big, 7, 3, "end");
    CHECK(strcmp(buf, ref) == 0);
    if (strcmp(buf, ref) != 0)
        printf("  got '%s'\n  expected '%s'\n", buf, ref);
}

TEST(shared_out_of_bounds)
{
    ccgpu_devptr d = dalloc(32 * 4);
    int k = 100;
    void *args[] = { &d, &k };
    CHECK_EQ_INT(ccgpu_launch(gpu, mod, "shared_oob", d1(1), d1(32), 0, args, 2), -1);
    /* 0x190 in the shared window, or its generic address (nvcc -G) */
    CHECK_STR_CONTAINS(ccgpu_error(gpu), "kernel shared_oob: CTA (0,0,0) thread (1,0,0): "
                                         "out-of-bounds shared store of 4 bytes at 0x");
    CHECK_STR_CONTAINS(ccgpu_error(gpu), "190 (line ");
}

static void run_all(void)
{
    RUN(vecadd);
    RUN(divergence_and_reconvergence);
    RUN(shared_memory_and_barriers);
    RUN(atomics_under_contention);
    RUN(shuffles_and_votes);
    RUN(device_function_calls);
    RUN(printf_output);
    RUN(smid_and_warpid_follow_dispatch);
    RUN(module_globals_and_constants);
    RUN(generic_addressing);
    RUN(kernel_errors_name_kernel_cta_thread_line);
    RUN(launch_errors);
    RUN(runaway_kernel_is_stopped);
    RUN(barrier_reductions_and_exited_threads);
    RUN(named_barriers_with_counts);
    RUN(barrier_on_both_sides_of_a_branch);
    RUN(printf_formats);
    RUN(shared_out_of_bounds);
}

int main(void)
{
    /* the same kernels compiled three ways, on the functional runner; the
     * default build also on the timing model, which steps the engine
     * itself, and on the functional runner with its warps interleaved in
     * runs of 3 instructions and in runs of 4096 (one warp's whole batch
     * before the next): barriers, divergence and exits in any order */
    static const char *const files[] = { "tests/ptx/201_kernels.ptx", "tests/ptx/201_kernels_g.ptx",
                                         "tests/ptx/201_kernels_fast.ptx",
                                         "tests/ptx/201_kernels.ptx", "tests/ptx/201_kernels.ptx",
                                         "tests/ptx/201_kernels.ptx" };
    static const char *const runs[] = { NULL, NULL, NULL, NULL, "ccgpu_functional_warp_run 3\n",
                                        "ccgpu_functional_warp_run 4096\n" };
    for (int i = 0; i < 6; i++) {
        ptx_file = files[i];
        mode = i == 3 ? "timing" : "functional";
        warp_run = runs[i];
        printf("# %s (%s%s)\n", ptx_file, mode,
               i == 4 ? ", runs of 3" : i == 5 ? ", runs of 4096" : "");
        gpu = make_gpu(NULL);
        mod = gpu ? load(gpu) : NULL;
        if (!mod) {
            printf("FAIL load %s\n", ptx_file);
            check_state_.failed++;
            ccgpu_destroy(gpu);
            continue;
        }
        run_all();
        ccgpu_destroy(gpu);
    }
    return check_summary();
}
