/* The engine API a timing model drives (src/ptx/engine.h): CTAs placed on a
 * chosen SM and warp slots, warps stepped one instruction at a time with a
 * filled dynamic-instruction record, barrier states, the memory observer,
 * a caller-provided clock; and determinism across two GPUs. */
#include "ccgpu.h"
#include "check.h"
#include "ptx/engine.h"
#include "ptx/ptx.h"
#include "util/embedded.h"
#include <stdlib.h>

static const char *kernel_text =
    ".version 7.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry k(.param .u64 buf)\n{\n"
    ".reg .b32 %r<8>;\n.reg .b64 %rd<8>;\n.reg .pred %p<2>;\n"
    ".shared .align 4 .b8 sh[256];\n"
    "ld.param.u64 %rd1, [buf];\n"                 /* 0 */
    "mov.u32 %r1, %tid.x;\n"                      /* 1 */
    "mul.wide.u32 %rd2, %r1, 4;\n"                /* 2 */
    "add.s64 %rd3, %rd1, %rd2;\n"                 /* 3 */
    "ld.global.u32 %r2, [%rd3];\n"                /* 4 */
    "mov.u32 %r3, sh;\n"                          /* 5 */
    "mul.lo.u32 %r4, %r1, 4;\n"                   /* 6 */
    "add.u32 %r5, %r3, %r4;\n"                    /* 7 */
    "st.shared.u32 [%r5], %r2;\n"                 /* 8 */
    "bar.sync 0;\n"                               /* 9 */
    "mov.u32 %r6, %clock;\n"                      /* 10 */
    "st.global.u32 [%rd3], %r6;\n"                /* 11 */
    "ret;\n}\n";

struct seen {
    int calls;
    uint32_t last_cta, last_warp;
    uint8_t spaces[8];
};

static void observe(void *ctx, const struct ptx_dyninst *d, uint32_t cta, uint32_t warp)
{
    struct seen *s = ctx;
    if (s->calls < 8)
        s->spaces[s->calls] = d->space;
    s->calls++;
    s->last_cta = cta;
    s->last_warp = warp;
}

TEST(step_fills_dyninst_and_barrier_states)
{
    char err[256];
    struct devmem mem;
    devmem_init(&mem);
    struct ptx_module *m = ptx_parse(kernel_text, "k.ptx", err, sizeof err);
    CHECK(m != NULL);
    if (!m) {
        printf("  %s\n", err);
        return;
    }
    struct ptx_program *p = ptx_program_load(&mem, m, err, sizeof err);
    CHECK(p != NULL);
    uint64_t buf;
    CHECK_EQ_INT(devmem_alloc(&mem, 64 * 4, &buf), 0);
    uint32_t *host = (uint32_t *)devmem_ptr(&mem, buf, 64 * 4);
    for (int i = 0; i < 64; i++)
        host[i] = 100 + (uint32_t)i;
    struct ptx_launch_desc desc = {
        .kernel = ptx_find_function_index(m, "k"),
        .grid = { 3, 1, 1 }, .block = { 64, 1, 1 },
        .params = (const uint8_t *)&buf, .num_sms = 4, .warps_per_sm = 48,
    };
    struct ptx_launch *l = ptx_launch_create(p, &desc, err, sizeof err);
    CHECK(l != NULL);
    if (!l)
        return;
    uint64_t cycle = 12345;
    ptx_launch_set_clock(l, &cycle);
    struct seen seen = { 0 };
    ptx_launch_set_observer(l, observe, &seen);
    uint32_t slots[2] = { 7, 3 };
    struct ptx_cta *c = ptx_cta_create(l, 2, 1, slots);
    CHECK(c != NULL);
    if (!c)
        return;
    CHECK_EQ_INT(ptx_cta_num_warps(c), 2);
    CHECK_EQ_INT(ptx_warp_slot(ptx_cta_warp(c, 0)), 7);
    struct ptx_warp *w0 = ptx_cta_warp(c, 0), *w1 = ptx_cta_warp(c, 1);
    struct ptx_dyninst d;
    /* warp 0 runs to the global load */
    for (int i = 0; i < 4; i++)
        CHECK_EQ_INT(ptx_warp_step(w0, &d), PTX_STEP_OK);
    uint32_t pc = 99, mask = 0;
    const struct ptx_inst *next = ptx_warp_next(w0, &pc, &mask);
    CHECK(next != NULL && next->op == PTX_OP_LD);
    CHECK_EQ_INT(pc, 4);
    CHECK_EQ_U64(mask, 0xffffffffu);
    CHECK_EQ_INT(ptx_warp_step(w0, &d), PTX_STEP_OK);
    CHECK_EQ_INT(d.pc, 4);
    CHECK(d.is_mem && d.is_load && !d.is_store && !d.is_atomic);
    CHECK_EQ_INT(d.space, PTX_SPACE_GLOBAL);
    CHECK_EQ_INT(d.access_size, 4);
    CHECK_EQ_INT(d.vec, 1);
    CHECK_EQ_U64(d.addr[0], buf);
    CHECK_EQ_U64(d.addr[31], buf + 31 * 4);
    CHECK_EQ_INT(d.inst->opclass, PTX_CLASS_MEM);
    for (int i = 0; i < 3; i++)
        CHECK_EQ_INT(ptx_warp_step(w0, &d), PTX_STEP_OK);
    CHECK_EQ_INT(ptx_warp_step(w0, &d), PTX_STEP_OK); /* st.shared */
    CHECK(d.is_store && d.space == PTX_SPACE_SHARED);
    CHECK_EQ_U64(d.addr[5], 20); /* offset in the CTA's shared memory */
    CHECK_EQ_INT(ptx_warp_step(w0, &d), PTX_STEP_BARRIER);
    CHECK_EQ_INT(ptx_warp_state(w0), PTX_WARP_AT_BARRIER);
    CHECK_EQ_INT(ptx_warp_step(w0, &d), PTX_STEP_BARRIER); /* still waiting */
    CHECK(ptx_warp_next(w0, NULL, NULL) == NULL);
    /* warp 1 arrives last: the barrier releases both, and the last arrival
     * does not wait (its step returns OK) */
    enum ptx_step_status st = PTX_STEP_OK;
    for (int i = 0; i < 10; i++)
        st = ptx_warp_step(w1, &d);
    CHECK_EQ_INT(st, PTX_STEP_OK);
    CHECK(d.inst->opclass == PTX_CLASS_BARRIER);
    CHECK_EQ_INT(ptx_warp_state(w0), PTX_WARP_READY);
    CHECK_EQ_INT(ptx_warp_state(w1), PTX_WARP_READY);
    cycle = 777;
    while ((st = ptx_warp_step(w0, &d)) == PTX_STEP_OK)
        ;
    CHECK_EQ_INT(st, PTX_STEP_EXITED);
    while ((st = ptx_warp_step(w1, &d)) == PTX_STEP_OK)
        ;
    CHECK_EQ_INT(st, PTX_STEP_EXITED);
    CHECK(ptx_cta_done(c));
    CHECK_EQ_INT(host[0], 777); /* %clock read the caller's cycle */
    CHECK_EQ_INT(seen.calls, 2 * 4); /* ld.param, ld.global, st.shared, st.global per warp */
    CHECK_EQ_INT(seen.spaces[0], PTX_SPACE_PARAM);
    CHECK_EQ_INT(seen.spaces[1], PTX_SPACE_GLOBAL);
    CHECK_EQ_INT(seen.spaces[2], PTX_SPACE_SHARED);
    CHECK_EQ_INT(seen.last_cta, 2);
    CHECK_EQ_INT(seen.last_warp, 1);
    const struct ptx_counters *cnt = ptx_launch_counters(l);
    CHECK_EQ_INT(cnt->warp_insts, 2 * 13); /* a step while waiting executes nothing */
    ptx_cta_free(c);
    ptx_launch_free(l);
    ptx_program_free(p);
    ptx_module_free(m);
    devmem_free_all(&mem);
}

TEST(partial_barrier_is_a_deadlock_error)
{
    static const char *text =
        ".version 7.0\n.target sm_75\n.address_size 64\n"
        ".visible .entry k()\n{\n.reg .b32 %r<4>;\n.reg .pred %p<2>;\n"
        "mov.u32 %r1, %tid.x;\nsetp.ge.u32 %p1, %r1, 16;\n@%p1 bra SKIP;\n"
        "bar.sync 0;\nSKIP:\nret;\n}\n";
    char err[256];
    struct devmem mem;
    devmem_init(&mem);
    struct ptx_module *m = ptx_parse(text, "d.ptx", err, sizeof err);
    CHECK(m != NULL);
    if (!m)
        return;
    struct ptx_program *p = ptx_program_load(&mem, m, err, sizeof err);
    struct ptx_launch_desc desc = { .kernel = 0, .grid = { 1, 1, 1 }, .block = { 32, 1, 1 } };
    struct ptx_launch *l = ptx_launch_create(p, &desc, err, sizeof err);
    struct ptx_cta *c = ptx_cta_create(l, 0, 0, NULL);
    enum ptx_step_status st;
    int n = 0;
    while ((st = ptx_warp_step(ptx_cta_warp(c, 0), NULL)) == PTX_STEP_OK && n++ < 100)
        ;
    CHECK_EQ_INT(st, PTX_STEP_ERROR);
    CHECK_STR_CONTAINS(ptx_launch_error(l), "barrier deadlock: 16 of 32 threads wait at barrier 0");
    ptx_cta_free(c);
    ptx_launch_free(l);
    ptx_program_free(p);
    ptx_module_free(m);
    devmem_free_all(&mem);
}

/* %tid of every thread of 3-D blocks whose rows cross warps: thread t of
 * the CTA is (t % bx, t / bx % by, t / (bx * by)), written at out[t]. */
TEST(thread_ids_of_3d_blocks)
{
    static const char *text =
        ".version 7.0\n.target sm_75\n.address_size 64\n"
        ".visible .entry k(.param .u64 out)\n{\n.reg .b32 %r<12>;\n.reg .b64 %rd<4>;\n"
        "ld.param.u64 %rd1, [out];\n"
        "mov.u32 %r1, %tid.x;\nmov.u32 %r2, %tid.y;\nmov.u32 %r3, %tid.z;\n"
        "mov.u32 %r4, %ntid.x;\nmov.u32 %r5, %ntid.y;\n"
        "mad.lo.u32 %r6, %r3, %r5, %r2;\nmad.lo.u32 %r6, %r6, %r4, %r1;\n" /* flat t */
        "mad.lo.u32 %r7, %r2, 1000, %r1;\nmad.lo.u32 %r7, %r3, 1000000, %r7;\n"
        "mul.wide.u32 %rd2, %r6, 4;\nadd.s64 %rd3, %rd1, %rd2;\n"
        "st.global.u32 [%rd3], %r7;\nret;\n}\n";
    static const uint32_t shapes[][3] = { { 5, 3, 4 }, { 7, 9, 2 }, { 33, 1, 3 }, { 1, 1, 64 } };
    char err[256];
    struct devmem mem;
    devmem_init(&mem);
    struct ptx_module *m = ptx_parse(text, "tid.ptx", err, sizeof err);
    CHECK(m != NULL);
    struct ptx_program *p = m ? ptx_program_load(&mem, m, err, sizeof err) : NULL;
    CHECK(p != NULL);
    uint64_t buf = 0;
    CHECK_EQ_INT(devmem_alloc(&mem, 256 * 4, &buf), 0);
    uint32_t *host = (uint32_t *)devmem_ptr(&mem, buf, 256 * 4);
    for (size_t s = 0; p && host && s < sizeof shapes / sizeof shapes[0]; s++) {
        const uint32_t *b = shapes[s];
        struct ptx_launch_desc desc = { .kernel = 0, .grid = { 1, 1, 1 },
                                        .block = { b[0], b[1], b[2] },
                                        .params = (const uint8_t *)&buf };
        struct ptx_launch *l = ptx_launch_create(p, &desc, err, sizeof err);
        CHECK(l != NULL);
        struct ptx_cta *c = l ? ptx_cta_create(l, 0, 0, NULL) : NULL;
        CHECK(c != NULL);
        for (uint32_t i = 0; c && i < ptx_cta_num_warps(c); i++)
            while (ptx_warp_step(ptx_cta_warp(c, i), NULL) == PTX_STEP_OK)
                ;
        uint32_t n = b[0] * b[1] * b[2];
        for (uint32_t t = 0; c && t < n; t++) {
            uint32_t want = t % b[0] + 1000 * (t / b[0] % b[1]) + 1000000 * (t / (b[0] * b[1]));
            if (host[t] != want) {
                CHECK_FAIL_AT_("block %ux%ux%u thread %u: %u, expected %u", b[0], b[1], b[2], t,
                               host[t], want);
                break;
            }
        }
        ptx_cta_free(c);
        ptx_launch_free(l);
    }
    ptx_program_free(p);
    ptx_module_free(m);
    devmem_free_all(&mem);
}

/* nvcc-compiled loop kernels (tests/ptx/203_loops.cu) against a CPU reference */
static int run_nearest(ccgpu *g, int *assign, int np, int nc, int nf, double *warp_insts)
{
    ccgpu_module *m = ccgpu_module_load_string(g, embedded_find("tests/ptx/203_loops.ptx"), "203");
    if (!m)
        return -1;
    float *pts = malloc(sizeof(float) * (size_t)(np * nf));
    float *cs = malloc(sizeof(float) * (size_t)(nc * nf));
    uint64_t s = 42;
    for (int i = 0; i < np * nf; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        pts[i] = (float)(s >> 40) / (float)(1 << 24);
    }
    for (int i = 0; i < nc * nf; i++)
        cs[i] = pts[i * 7 % (np * nf)];
    ccgpu_devptr dp, dc, da;
    ccgpu_malloc(g, &dp, sizeof(float) * (size_t)(np * nf));
    ccgpu_malloc(g, &dc, sizeof(float) * (size_t)(nc * nf));
    ccgpu_malloc(g, &da, sizeof(int) * (size_t)np);
    ccgpu_memcpy_htod(g, dp, pts, sizeof(float) * (size_t)(np * nf));
    ccgpu_memcpy_htod(g, dc, cs, sizeof(float) * (size_t)(nc * nf));
    void *args[] = { &dp, &dc, &da, &np, &nc, &nf };
    int rc = ccgpu_launch(g, m, "nearest", (struct ccgpu_dim3){ (uint32_t)(np + 127) / 128, 1, 1 },
                          (struct ccgpu_dim3){ 128, 1, 1 }, 0, args, 6);
    ccgpu_memcpy_dtoh(g, assign, da, sizeof(int) * (size_t)np);
    ccgpu_stat(g, "warp_instructions", -1, warp_insts);
    /* CPU reference with the same float operation order */
    int bad = 0;
    for (int p = 0; p < np; p++) {
        int best = 0;
        float bestd = 3.0e38f;
        for (int c = 0; c < nc; c++) {
            float d = 0.0f;
            for (int f = 0; f < nf; f++) {
                float diff = pts[f * np + p] - cs[c * nf + f];
                d = fmaf(diff, diff, d);
            }
            if (d < bestd) {
                bestd = d;
                best = c;
            }
        }
        bad += assign[p] != best;
    }
    free(pts);
    free(cs);
    return rc ? -1 : bad;
}

static ccgpu *gpu_new(void)
{
    char err[256];
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    return g;
}

TEST(two_gpus_give_identical_independent_results)
{
    enum { NP = 1000, NC = 5, NF = 8 };
    ccgpu *a = gpu_new(), *b = gpu_new();
    CHECK(a && b);
    if (!a || !b)
        return;
    static int ra[NP], rb[NP];
    double wa = 0, wb = 0;
    CHECK_EQ_INT(run_nearest(a, ra, NP, NC, NF, &wa), 0);
    /* interleave a second launch on a before b runs: b must not see it */
    CHECK_EQ_INT(run_nearest(a, ra, NP, NC, NF, &wa), 0);
    CHECK_EQ_INT(run_nearest(b, rb, NP, NC, NF, &wb), 0);
    CHECK(memcmp(ra, rb, sizeof ra) == 0);
    CHECK(wb > 0);
    CHECK_NEAR(wa, 2 * wb, 0); /* a's total counts two launches, b's one */
    CHECK_EQ_INT(ccgpu_num_kernels(a), 2);
    CHECK_EQ_INT(ccgpu_num_kernels(b), 1);
    ccgpu_destroy(a);
    ccgpu_destroy(b);
}

struct ws {
    int calls, loads, stores;
    uint32_t max_cta;
    uint64_t lanes;
};

static void count_accesses(void *ctx, const struct ccgpu_access *a)
{
    struct ws *s = ctx;
    if (a->space != CCGPU_SPACE_GLOBAL)
        return;
    s->calls++;
    s->loads += a->is_load;
    s->stores += a->is_store;
    s->max_cta = a->cta > s->max_cta ? a->cta : s->max_cta;
    s->lanes += (uint64_t)__builtin_popcount(a->mask);
}

TEST(gpu_memory_observer_hook)
{
    ccgpu *g = gpu_new();
    struct ws s = { 0 };
    ccgpu_set_access_observer(g, count_accesses, &s);
    static int assign[1000];
    double wi;
    CHECK_EQ_INT(run_nearest(g, assign, 1000, 5, 8, &wi), 0);
    /* per thread: 5 clusters x 8 features x 2 loads + 1 store; 8 CTAs of 4 warps */
    CHECK_EQ_INT(s.loads, 32 * 80);
    CHECK_EQ_INT(s.stores, 32);
    CHECK_EQ_INT(s.lanes, 1000 * 81);
    CHECK_EQ_INT(s.max_cta, 7);
    ccgpu_destroy(g);
}

/* producer/consumer with bar.arrive: warp 0 (stepped first) waits at
 * bar.sync 1, 64; warp 1 writes shared memory and arrives; then warp 0 reads */
TEST(bar_arrive_producer_consumer)
{
    static const char *text =
        ".version 7.0\n.target sm_75\n.address_size 64\n"
        ".visible .entry pc(.param .u64 out)\n{\n.reg .b32 %r<8>;\n.reg .b64 %rd<4>;\n"
        ".reg .pred %p<2>;\n.shared .align 4 .b8 buf[128];\n"
        "mov.u32 %r1, %tid.x;\nand.b32 %r2, %r1, 31;\nshl.b32 %r3, %r2, 2;\nmov.u32 %r4, buf;\n"
        "add.u32 %r4, %r4, %r3;\nsetp.lt.u32 %p1, %r1, 32;\n@%p1 bra CONSUME;\n"
        "mul.lo.u32 %r5, %r2, 3;\nst.shared.u32 [%r4], %r5;\nbar.arrive 1, 64;\nret;\n"
        "CONSUME:\nbar.sync 1, 64;\nld.shared.u32 %r6, [%r4];\n"
        "ld.param.u64 %rd1, [out];\nmul.wide.u32 %rd2, %r2, 4;\nadd.s64 %rd3, %rd1, %rd2;\n"
        "st.global.u32 [%rd3], %r6;\nret;\n}\n";
    ccgpu *g = gpu_new();
    ccgpu_module *m = ccgpu_module_load_string(g, text, "pc.ptx");
    CHECK(m != NULL);
    ccgpu_devptr d;
    ccgpu_malloc(g, &d, 128);
    ccgpu_memset(g, d, 0, 128);
    void *args[] = { &d };
    CHECK_EQ_INT(ccgpu_launch(g, m, "pc", (struct ccgpu_dim3){ 1, 1, 1 },
                              (struct ccgpu_dim3){ 64, 1, 1 }, 0, args, 1), 0);
    uint32_t h[32];
    ccgpu_memcpy_dtoh(g, h, d, sizeof h);
    for (int i = 0; i < 32; i++)
        CHECK_EQ_INT(h[i], 3 * i);
    ccgpu_destroy(g);
}

TEST(runaway_recursion_is_an_error)
{
    static const char *text =
        ".version 7.0\n.target sm_75\n.address_size 64\n"
        ".func (.param .b32 r) f(.param .b32 x)\n{\n.reg .b32 %r<4>;\n"
        "ld.param.b32 %r1, [x];\nadd.s32 %r2, %r1, 1;\n"
        "{\n.param .b32 a;\n.param .b32 b;\nst.param.b32 [a], %r2;\n"
        "call.uni (b), f, (a);\nld.param.b32 %r3, [b];\n}\n"
        "st.param.b32 [r], %r3;\nret;\n}\n"
        ".visible .entry k()\n{\n.reg .b32 %r<2>;\n"
        "{\n.param .b32 a;\n.param .b32 b;\nst.param.b32 [a], 0;\n"
        "call.uni (b), f, (a);\n}\nret;\n}\n";
    ccgpu *g = gpu_new();
    ccgpu_module *m = ccgpu_module_load_string(g, text, "rec.ptx");
    CHECK(m != NULL);
    if (m) {
        CHECK_EQ_INT(ccgpu_launch(g, m, "k", (struct ccgpu_dim3){ 1, 1, 1 },
                                  (struct ccgpu_dim3){ 32, 1, 1 }, 0, NULL, 0), -1);
        CHECK_STR_CONTAINS(ccgpu_error(g), "kernel k: CTA (0,0,0) thread (0,0,0): call depth exceeds 64");
    } else {
        printf("  %s\n", ccgpu_error(g));
    }
    ccgpu_destroy(g);
}

TEST(math_loop_kernel)
{
    ccgpu *g = gpu_new();
    ccgpu_module *m = g ? ccgpu_module_load_string(g, embedded_find("tests/ptx/203_loops.ptx"), "203") : NULL;
    CHECK(m != NULL);
    if (!m) {
        ccgpu_destroy(g);
        return;
    }
    enum { N = 256 };
    int iters = 37;
    float in[N], out[N];
    for (int i = 0; i < N; i++)
        in[i] = (float)i * 0.25f;
    ccgpu_devptr di, dout;
    ccgpu_malloc(g, &di, sizeof in);
    ccgpu_malloc(g, &dout, sizeof out);
    ccgpu_memcpy_htod(g, di, in, sizeof in);
    void *args[] = { &di, &dout, &iters };
    CHECK_EQ_INT(ccgpu_launch(g, m, "mathloop", (struct ccgpu_dim3){ 2, 1, 1 },
                              (struct ccgpu_dim3){ 128, 1, 1 }, 0, args, 3), 0);
    ccgpu_memcpy_dtoh(g, out, dout, sizeof out);
    int bad = 0;
    for (int i = 0; i < N; i++) {
        float x = in[i], acc = 0.0f;
        unsigned h = (unsigned)i;
        for (int k = 0; k < iters; k++) {
            acc = fmaf(acc, 0.999f, x);
            h = h * 1664525u + 1013904223u;
            x = fmaf((float)(h >> 28), 0.001f, x);
        }
        float ref = acc + (float)(h & 0xff);
        if (out[i] != ref && bad++ < 3)
            printf("  out[%d] = %.9g, expected %.9g\n", i, out[i], ref);
    }
    CHECK_EQ_INT(bad, 0);
    ccgpu_destroy(g);
}

TEST(register_sets_for_a_scoreboard)
{
    static const char *text =
        ".version 7.0\n.target sm_75\n.address_size 64\n"
        ".visible .entry k(.param .u64 p)\n{\n.reg .b32 %r<8>;\n.reg .b64 %rd<4>;\n.reg .pred %p<4>;\n"
        "ld.param.u64 %rd1, [p];\n"                       /* 0 */
        "ld.global.v2.u32 {%r1, %r2}, [%rd1+8];\n"        /* 1 */
        "@%p1 add.s32 %r3, %r1, %r2;\n"                   /* 2 */
        "st.global.u32 [%rd1], %r3;\n"                    /* 3 */
        "setp.lt.and.s32 %p2|%p3, %r3, 5, %p1;\n"         /* 4 */
        "ret;\n}\n";
    char err[256];
    struct ptx_module *m = ptx_parse(text, "r.ptx", err, sizeof err);
    CHECK(m != NULL);
    if (!m)
        return;
    const struct ptx_function *f = &m->funcs[0];
    struct ptx_regset r;
    ptx_inst_regset(f, &f->insts[1], &r);
    CHECK_EQ_INT(r.ndst, 2);
    CHECK_EQ_INT(r.nsrc, 1); /* %rd1 */
    ptx_inst_regset(f, &f->insts[2], &r);
    CHECK_EQ_INT(r.ndst, 1);
    CHECK_EQ_INT(r.nsrc, 2);
    CHECK_EQ_INT(r.npsrc, 1); /* the guard */
    ptx_inst_regset(f, &f->insts[3], &r);
    CHECK_EQ_INT(r.ndst, 0);
    CHECK_EQ_INT(r.nsrc, 2); /* address base and value */
    ptx_inst_regset(f, &f->insts[4], &r);
    CHECK_EQ_INT(r.npdst, 2);
    CHECK_EQ_INT(r.npsrc, 1);
    CHECK_EQ_INT(r.nsrc, 1);
    ptx_module_free(m);
}

int main(void)
{
    RUN(step_fills_dyninst_and_barrier_states);
    RUN(partial_barrier_is_a_deadlock_error);
    RUN(thread_ids_of_3d_blocks);
    RUN(two_gpus_give_identical_independent_results);
    RUN(math_loop_kernel);
    RUN(runaway_recursion_is_an_error);
    RUN(bar_arrive_producer_consumer);
    RUN(gpu_memory_observer_hook);
    RUN(register_sets_for_a_scoreboard);
    return check_summary();
}
