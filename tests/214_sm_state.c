/* What the lookahead mode needs of the PTX engine to split a launch's SMs
 * over threads (docs/parallel.md): ptx_launch_cross_sm names why a kernel's
 * results could depend on the order in which different SMs run it (atomics
 * outside shared memory, fences, volatile or ordered accesses outside
 * shared and local memory, printf, also in a function it calls), and
 * nothing for a race-free kernel or shared-memory atomics;
 * ptx_launch_set_sm_state makes a CTA's warps count into their SM's
 * counters and read %clock from their SM's clock, and ptx_launch_add_counters
 * adds those into the launch's. */
#include "check.h"
#include "ptx/devmem.h"
#include "ptx/engine.h"
#include "ptx/ptx.h"
#include <string.h>

#define HEAD ".version 7.0\n.target sm_75\n.address_size 64\n"

static const char *module_text =
    HEAD
    ".extern .func (.param .b32 r) vprintf (.param .b64 f, .param .b64 a);\n"
    ".visible .entry plain(.param .u64 buf)\n{\n"
    ".reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n"
    "ld.param.u64 %rd1, [buf];\n"
    "mov.u32 %r1, %tid.x;\n"
    "mov.u32 %r2, %clock;\n"
    "mul.wide.u32 %rd2, %r1, 4;\n"
    "add.s64 %rd3, %rd1, %rd2;\n"
    "st.global.u32 [%rd3], %r2;\n"
    "ret;\n}\n"
    ".visible .entry shared_atomics()\n{\n"
    ".reg .b32 %r<4>;\n.shared .align 4 .b8 sh[4];\n"
    "mov.u32 %r1, sh;\n"
    "atom.shared.add.u32 %r2, [%r1], 1;\n"
    "ret;\n}\n"
    ".visible .entry global_atomics(.param .u64 buf)\n{\n"
    ".reg .b32 %r<4>;\n.reg .b64 %rd<2>;\n"
    "ld.param.u64 %rd1, [buf];\n"
    "atom.global.add.u32 %r2, [%rd1], 1;\n"
    "ret;\n}\n"
    ".func helper(.param .b64 p)\n{\n"
    ".reg .b32 %r<2>;\n.reg .b64 %rd<2>;\n"
    "ld.param.u64 %rd1, [p];\n"
    "red.add.u32 [%rd1], 1;\n"
    "ret;\n}\n"
    ".visible .entry calls_atomics(.param .u64 buf)\n{\n"
    ".reg .b64 %rd<2>;\n"
    "ld.param.u64 %rd1, [buf];\n"
    "{ .param .b64 a; st.param.b64 [a], %rd1; call helper, (a); }\n"
    "ret;\n}\n"
    ".visible .entry fenced()\n{\n"
    "membar.gl;\n"
    "ret;\n}\n"
    ".visible .entry volatile_flag(.param .u64 buf)\n{\n"
    ".reg .b32 %r<2>;\n.reg .b64 %rd<2>;\n"
    "ld.param.u64 %rd1, [buf];\n"
    "ld.volatile.global.u32 %r1, [%rd1];\n"
    "ret;\n}\n"
    ".visible .entry prints()\n{\n"
    ".reg .b64 %rd<2>;\n.reg .b32 %r<2>;\n"
    "mov.u64 %rd1, 0;\n"
    "{ .param .b64 f; .param .b64 a; .param .b32 r; st.param.b64 [f], %rd1;\n"
    "  st.param.b64 [a], %rd1; call (r), vprintf, (f, a); }\n"
    "ret;\n}\n";

struct fixture {
    struct devmem mem;
    struct ptx_module *m;
    struct ptx_program *p;
    uint64_t buf;
};

static int setup(struct fixture *f)
{
    char err[256];
    devmem_init(&f->mem);
    f->m = ptx_parse(module_text, "sm_state.ptx", err, sizeof err);
    if (!f->m) {
        printf("  %s\n", err);
        return -1;
    }
    f->p = ptx_program_load(&f->mem, f->m, err, sizeof err);
    if (!f->p) {
        printf("  %s\n", err);
        return -1;
    }
    return devmem_alloc(&f->mem, 64 * 4, &f->buf);
}

static void teardown(struct fixture *f)
{
    ptx_program_free(f->p);
    ptx_module_free(f->m);
    devmem_free_all(&f->mem);
}

static struct ptx_launch *launch_of(struct fixture *f, const char *kernel, uint32_t threads)
{
    char err[256];
    struct ptx_launch_desc d = {
        .kernel = ptx_find_function_index(f->m, kernel),
        .grid = { 2, 1, 1 }, .block = { threads, 1, 1 },
        .params = (const uint8_t *)&f->buf, .num_sms = 2, .warps_per_sm = 48,
    };
    struct ptx_launch *l = ptx_launch_create(f->p, &d, err, sizeof err);
    if (!l)
        printf("  %s: %s\n", kernel, err);
    return l;
}

TEST(cross_sm_reasons)
{
    struct fixture f;
    CHECK(setup(&f) == 0);
    static const struct { const char *kernel, *why; } cases[] = {
        { "plain", NULL },
        { "shared_atomics", NULL },
        { "global_atomics", "atomics" },
        { "calls_atomics", "atomics" },
        { "fenced", "memory fences" },
        { "volatile_flag", "volatile or ordered memory accesses" },
        { "prints", "printf" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct ptx_launch *l = launch_of(&f, cases[i].kernel, 32);
        CHECK(l != NULL);
        if (!l)
            continue;
        const char *why = ptx_launch_cross_sm(l);
        if (cases[i].why ? !why || strcmp(why, cases[i].why) : why != NULL) {
            printf("  %s: got %s\n", cases[i].kernel, why ? why : "(none)");
            CHECK(!"cross_sm reason");
        }
        ptx_launch_free(l);
    }
    teardown(&f);
}

TEST(per_sm_counters_and_clock)
{
    struct fixture f;
    CHECK(setup(&f) == 0);
    struct ptx_launch *l = launch_of(&f, "plain", 32);
    CHECK(l != NULL);
    if (!l) {
        teardown(&f);
        return;
    }
    struct ptx_counters c0 = { 0 }, c1 = { 0 };
    uint64_t clock0 = 100, clock1 = 200;
    struct ptx_counters *cnt[2] = { &c0, &c1 };
    const uint64_t *clock[2] = { &clock0, &clock1 };
    ptx_launch_set_sm_state(l, 2, cnt, clock);
    struct ptx_dyninst d;
    struct ptx_cta *a = ptx_cta_create(l, 0, 1, NULL); /* on SM 1 */
    CHECK(a != NULL);
    while (a && ptx_warp_step(ptx_cta_warp(a, 0), &d) == PTX_STEP_OK)
        ;
    const uint32_t *host = (const uint32_t *)devmem_ptr(&f.mem, f.buf, 64 * 4);
    CHECK_EQ_INT(host[0], 200);       /* SM 1's clock */
    CHECK(c1.warp_insts > 0);         /* SM 1's counters */
    CHECK_EQ_U64(c0.warp_insts, 0);
    CHECK_EQ_U64(ptx_launch_counters(l)->warp_insts, 0);
    uint64_t n = c1.warp_insts, stores = c1.warp_stores[PTX_SPACE_GLOBAL];
    CHECK_EQ_U64(stores, 1);
    ptx_launch_add_counters(l, &c1);
    CHECK_EQ_U64(ptx_launch_counters(l)->warp_insts, n);
    CHECK_EQ_U64(ptx_launch_counters(l)->warp_stores[PTX_SPACE_GLOBAL], 1);
    CHECK_EQ_U64(c1.warp_insts, 0); /* zeroed */
    /* unset: a later CTA counts into the launch's and reads its clock */
    ptx_launch_set_sm_state(l, 0, NULL, NULL);
    uint64_t launch_clock = 7;
    ptx_launch_set_clock(l, &launch_clock);
    struct ptx_cta *b = ptx_cta_create(l, 1, 0, NULL);
    CHECK(b != NULL);
    while (b && ptx_warp_step(ptx_cta_warp(b, 0), &d) == PTX_STEP_OK)
        ;
    CHECK_EQ_INT(host[0], 7);
    CHECK_EQ_U64(ptx_launch_counters(l)->warp_insts, 2 * n);
    if (a)
        ptx_cta_free(a);
    if (b)
        ptx_cta_free(b);
    ptx_launch_free(l);
    teardown(&f);
}

int main(void)
{
    RUN(cross_sm_reasons);
    RUN(per_sm_counters_and_clock);
    return check_summary();
}
