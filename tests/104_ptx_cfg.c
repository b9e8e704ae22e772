/* Control flow: reconvergence points (immediate post-dominators) on known
 * shapes, hand-written and from nvcc, and the liveness register estimate. */
#include "check.h"
#include "ptx/ptx.h"
#include "util/embedded.h"
#include <stdlib.h>

#define HEADER                                                                  \
    ".version 9.0\n.target sm_75\n.address_size 64\n"                          \
    ".visible .entry k(.param .u64 k_p0)\n{\n"                                  \
    ".reg .pred %p<5>;\n.reg .b32 %r<10>;\n.reg .b64 %rd<5>;\n"

static struct ptx_module *parse_body(const char *body)
{
    static char text[8192];
    char err[256];
    snprintf(text, sizeof text, "%s%s\n}\n", HEADER, body);
    struct ptx_module *m = ptx_parse(text, "t.ptx", err, sizeof err);
    if (!m)
        printf("  parse failed: %s\n", err);
    return m;
}

#define NONE PTX_NO_INDEX

/* Checks reconv of the instructions listed as {index, expected} pairs. */
static void expect_reconv(const char *body, const uint32_t (*pairs)[2], size_t n)
{
    struct ptx_module *m = parse_body(body);
    CHECK(m != NULL);
    if (!m)
        return;
    const struct ptx_function *f = &m->funcs[0];
    for (size_t i = 0; i < n; i++) {
        uint32_t at = pairs[i][0];
        CHECK(at < f->ninsts);
        if (at < f->ninsts && f->insts[at].reconv != pairs[i][1]) {
            printf("  instruction %u: reconv %d, expected %d\n", at, (int)f->insts[at].reconv,
                   (int)pairs[i][1]);
            CHECK(0);
        }
    }
    for (uint32_t i = 0; i < f->ninsts; i++) /* only branches carry one */
        if (f->insts[i].op != PTX_OP_BRA && f->insts[i].guard == NONE)
            CHECK_EQ_U64(f->insts[i].reconv, NONE);
    ptx_module_free(m);
}

#define EXPECT(body, ...)                                                       \
    do {                                                                        \
        static const uint32_t pairs_[][2] = { __VA_ARGS__ };                   \
        expect_reconv(body, pairs_, sizeof pairs_ / sizeof pairs_[0]);          \
    } while (0)

TEST(if_else)
{
    EXPECT("setp.eq.s32 %p1, %r1, 0;\n"       /* 0 */
           "@%p1 bra ELSE;\n"                 /* 1 */
           "add.s32 %r2, %r1, 1;\n"           /* 2 */
           "bra.uni JOIN;\n"                  /* 3 */
           "ELSE: sub.s32 %r2, %r1, 1;\n"     /* 4 */
           "JOIN: add.s32 %r3, %r2, 1;\n"     /* 5 */
           "ret;",                            /* 6 */
           { 1, 5 }, { 3, 5 });
}

TEST(if_without_else)
{
    EXPECT("setp.eq.s32 %p1, %r1, 0;\n"       /* 0 */
           "@!%p1 bra SKIP;\n"                /* 1 */
           "add.s32 %r2, %r1, 1;\n"           /* 2 */
           "SKIP: ret;",                      /* 3 */
           { 1, 3 });
}

TEST(nested_if)
{
    EXPECT("@%p1 bra A;\n"                    /* 0 */
           "@%p2 bra B;\n"                    /* 1 */
           "add.s32 %r1, %r1, 1;\n"           /* 2 */
           "B: add.s32 %r1, %r1, 2;\n"        /* 3 */
           "A: add.s32 %r1, %r1, 3;\n"        /* 4 */
           "ret;",                            /* 5 */
           { 0, 4 }, { 1, 3 });
}

TEST(nested_loops_with_break)
{
    EXPECT("mov.u32 %r1, 0;\n"                /* 0 */
           "OUTER: mov.u32 %r2, 0;\n"         /* 1 */
           "INNER: add.s32 %r3, %r3, %r2;\n"  /* 2 */
           "setp.gt.s32 %p1, %r3, 100;\n"     /* 3 */
           "@%p1 bra AFTER;\n"                /* 4: breaks out of both loops */
           "add.s32 %r2, %r2, 1;\n"           /* 5 */
           "setp.lt.s32 %p2, %r2, %r1;\n"     /* 6 */
           "@%p2 bra INNER;\n"                /* 7 */
           "add.s32 %r1, %r1, 1;\n"           /* 8 */
           "setp.lt.s32 %p3, %r1, 10;\n"      /* 9 */
           "@%p3 bra OUTER;\n"                /* 10 */
           "AFTER: ret;",                     /* 11 */
           { 4, 11 }, { 7, 11 }, { 10, 11 });
    /* without the break, the inner loop reconverges at its exit */
    EXPECT("mov.u32 %r1, 0;\n"                /* 0 */
           "OUTER: mov.u32 %r2, 0;\n"         /* 1 */
           "INNER: add.s32 %r2, %r2, 1;\n"    /* 2 */
           "setp.lt.s32 %p2, %r2, %r1;\n"     /* 3 */
           "@%p2 bra INNER;\n"                /* 4 */
           "add.s32 %r1, %r1, 1;\n"           /* 5 */
           "setp.lt.s32 %p3, %r1, 10;\n"      /* 6 */
           "@%p3 bra OUTER;\n"                /* 7 */
           "ret;",                            /* 8 */
           { 4, 5 }, { 7, 8 });
}

TEST(early_return)
{
    EXPECT("@%p1 bra L;\n"                    /* 0 */
           "ret;\n"                           /* 1 */
           "L: add.s32 %r1, %r1, 1;\n"        /* 2 */
           "ret;",                            /* 3 */
           { 0, NONE });
    /* a guarded ret parts the warp; the rest meets again only at the exit */
    EXPECT("@%p1 ret;\n"                      /* 0 */
           "add.s32 %r1, %r1, 1;\n"           /* 1 */
           "@%p2 bra L;\n"                    /* 2 */
           "add.s32 %r1, %r1, 1;\n"           /* 3 */
           "L: ret;",                         /* 4 */
           { 0, NONE }, { 2, 4 });
    /* a guarded exit inside an if: some paths leave through the exit, so
     * only the exit post-dominates the if (as GPGPU-Sim computes it; the
     * lanes that exit never need to reconverge, the others run on) */
    EXPECT("@%p1 bra A;\n"                    /* 0 */
           "@%p2 exit;\n"                     /* 1 */
           "add.s32 %r1, %r1, 1;\n"           /* 2 */
           "A: ret;",                         /* 3 */
           { 0, NONE }, { 1, NONE });
}

TEST(loops_without_exit)
{
    /* an infinite loop has no post-dominator: reconv is "exit" */
    EXPECT("L: add.s32 %r1, %r1, 1;\n"        /* 0 */
           "@%p1 bra M;\n"                    /* 1 */
           "add.s32 %r1, %r1, 2;\n"           /* 2 */
           "M: bra.uni L;\n"                  /* 3 */
           "ret;",                            /* 4: unreachable */
           { 1, NONE }, { 3, NONE });
    /* branch to the next instruction; a loop back to instruction 0 */
    EXPECT("L: @%p1 bra N;\n"                 /* 0 */
           "N: add.s32 %r1, %r1, 1;\n"        /* 1 */
           "setp.lt.s32 %p2, %r1, 5;\n"       /* 2 */
           "@%p2 bra L;\n"                    /* 3 */
           "ret;",                            /* 4 */
           { 0, 1 }, { 3, 4 });
}

TEST(switch_chain)
{
    EXPECT("setp.eq.s32 %p1, %r1, 0;\n"       /* 0 */
           "@%p1 bra C0;\n"                   /* 1 */
           "setp.eq.s32 %p2, %r1, 1;\n"       /* 2 */
           "@%p2 bra C1;\n"                   /* 3 */
           "mov.u32 %r2, 9;\n"                /* 4 */
           "bra.uni END;\n"                   /* 5 */
           "C0: mov.u32 %r2, 7;\n"            /* 6 */
           "bra.uni END;\n"                   /* 7 */
           "C1: mov.u32 %r2, 8;\n"            /* 8 */
           "END: ret;",                       /* 9 */
           { 1, 9 }, { 3, 9 }, { 5, 9 }, { 7, 9 });
}

/* nvcc's own shapes (tests/ptx/control.cu): every forward branch's reconv
 * lies after it or is the exit, and the known joins are where CUDA says. */
static const struct ptx_function *kernel(const struct ptx_module *m, const char *name)
{
    const struct ptx_function *f = ptx_find_function(m, name);
    CHECK(f != NULL);
    return f;
}

/* reconv of the n-th guarded bra of f (0-based), or a sentinel */
static uint32_t nth_guarded_bra(const struct ptx_function *f, int n)
{
    for (uint32_t i = 0; f && i < f->ninsts; i++)
        if (f->insts[i].op == PTX_OP_BRA && f->insts[i].guard != NONE && n-- == 0)
            return i;
    return NONE - 1;
}

TEST(nvcc_shapes)
{
    char err[256];
    const char *paths[] = { "tests/ptx/control.ptx", "tests/ptx/control_g.ptx" };
    for (int p = 0; p < 2; p++) {
        struct ptx_module *m = ptx_parse(embedded_find(paths[p]), paths[p], err, sizeof err);
        CHECK(m != NULL);
        if (!m)
            continue;
        /* ifelse: the if/else join is the store: every guarded branch of the
         * kernel reconverges at the st.global */
        const struct ptx_function *f = kernel(m, "_Z6ifelsePiPKi");
        uint32_t st = NONE;
        for (uint32_t i = 0; f && i < f->ninsts; i++)
            if (f->insts[i].op == PTX_OP_ST && f->insts[i].space != PTX_SPACE_PARAM)
                st = i;
        uint32_t b0 = nth_guarded_bra(f, 0);
        CHECK(f && b0 < f->ninsts);
        if (f && b0 < f->ninsts) {
            uint32_t r = f->insts[b0].reconv;
            CHECK(r != NONE && r > b0 && r <= st);
            /* at the join, all paths meet: nothing between it and the store branches */
            for (uint32_t i = r; r != NONE && i < st; i++)
                CHECK(f->insts[i].op != PTX_OP_BRA);
        }
        /* loops: because of the goto out of both loops, every conditional
         * branch of the kernel reconverges at one point, the `done:` label:
         * after the last backward branch, straight-line code to the ret */
        f = kernel(m, "_Z5loopsPiPKii");
        uint32_t last_back = 0, common = NONE - 1;
        int nguarded = 0;
        for (uint32_t i = 0; f && i < f->ninsts; i++) {
            const struct ptx_inst *in = &f->insts[i];
            if (in->op == PTX_OP_BRA && in->target <= i)
                last_back = i;
        }
        for (uint32_t i = 0; f && i < f->ninsts; i++) {
            const struct ptx_inst *in = &f->insts[i];
            if (in->op != PTX_OP_BRA || in->guard == NONE)
                continue;
            nguarded++;
            if (common == NONE - 1)
                common = in->reconv;
            CHECK_EQ_INT(in->reconv, common);
        }
        CHECK(nguarded >= 4);
        CHECK(common > last_back && common < NONE - 1);
        for (uint32_t i = common; f && i < f->ninsts; i++)
            CHECK(f->insts[i].op != PTX_OP_BRA);
        /* early: both returns meet at the exit or the final ret */
        f = kernel(m, "_Z5earlyPfPKfi");
        b0 = nth_guarded_bra(f, 0);
        if (f && b0 < f->ninsts) {
            uint32_t r = f->insts[b0].reconv;
            CHECK(r == NONE || f->insts[r].op == PTX_OP_RET);
        }
        ptx_module_free(m);
    }
}

TEST(register_estimate)
{
    struct ptx_module *m = parse_body("mov.u32 %r1, 1;\n"
                                      "mov.u32 %r2, 2;\n"
                                      "add.s32 %r3, %r1, %r2;\n"
                                      "ld.param.u64 %rd1, [k_p0];\n"
                                      "st.global.u32 [%rd1], %r3;\n"
                                      "ret;");
    CHECK(m != NULL);
    if (m) /* at the st: %r3 (1) + %rd1 (2) */
        CHECK_EQ_INT(ptx_estimate_registers(m, &m->funcs[0]), 3);
    ptx_module_free(m);
    /* a loop keeps its counter and bound live around the back edge */
    m = parse_body("mov.u32 %r1, 0;\n"
                   "mov.u32 %r2, 0;\n"
                   "mov.u32 %r5, 7;\n"
                   "L: add.s32 %r2, %r2, %r1;\n"
                   "add.s32 %r1, %r1, 1;\n"
                   "setp.lt.s32 %p1, %r1, 10;\n"
                   "@%p1 bra L;\n"
                   "ld.param.u64 %rd1, [k_p0];\n"
                   "st.global.u32 [%rd1], %r2;\n"
                   "st.global.u32 [%rd1+4], %r5;\n"
                   "ret;");
    if (m) /* r1 r2 r5 in the loop; r2 r5 rd1 after it: 4 */
        CHECK_EQ_INT(ptx_estimate_registers(m, &m->funcs[0]), 4);
    ptx_module_free(m);
    /* a guarded write does not end the old value's life */
    m = parse_body("mov.u32 %r1, 1;\n"
                   "mov.u32 %r2, 2;\n"
                   "@%p1 mov.u32 %r1, 3;\n"
                   "add.s32 %r3, %r1, %r2;\n"
                   "ret;");
    if (m)
        CHECK_EQ_INT(ptx_estimate_registers(m, &m->funcs[0]), 2);
    ptx_module_free(m);
    /* loads issue early: four independent global loads, each consumed at
     * once in PTX order, are all in flight together after scheduling;
     * a shared store between them does not hold back global loads */
    m = parse_body("ld.param.u64 %rd1, [k_p0];\n"
                   "ld.global.u32 %r1, [%rd1];\nadd.s32 %r5, %r5, %r1;\n"
                   "ld.global.u32 %r2, [%rd1+4];\nadd.s32 %r5, %r5, %r2;\n"
                   "st.shared.u32 [%rd1], %r5;\n"
                   "ld.global.u32 %r3, [%rd1+8];\nadd.s32 %r5, %r5, %r3;\n"
                   "ld.global.u32 %r4, [%rd1+12];\nadd.s32 %r5, %r5, %r4;\n"
                   "st.global.u32 [%rd1], %r5;\nret;");
    if (m) /* %rd1 (2) + %r1..%r4 + %r5 */
        CHECK_EQ_INT(ptx_estimate_registers(m, &m->funcs[0]), 7);
    ptx_module_free(m);
    /* ... but not above a store to the same space, nor above a write of the
     * address: here at most two loaded values coexist */
    m = parse_body("ld.param.u64 %rd1, [k_p0];\n"
                   "ld.global.u32 %r1, [%rd1];\nadd.s32 %r5, %r5, %r1;\n"
                   "ld.global.u32 %r2, [%rd1+4];\nadd.s32 %r5, %r5, %r2;\n"
                   "st.global.u32 [%rd1], %r5;\n"
                   "ld.global.u32 %r3, [%rd1+8];\nadd.s32 %r5, %r5, %r3;\n"
                   "add.s64 %rd1, %rd1, 16;\n"
                   "ld.global.u32 %r4, [%rd1];\nadd.s32 %r5, %r5, %r4;\n"
                   "st.global.u32 [%rd1], %r5;\nret;");
    if (m) /* %rd1 (2) + two loaded values + %r5 */
        CHECK_EQ_INT(ptx_estimate_registers(m, &m->funcs[0]), 5);
    ptx_module_free(m);
    /* a call: values live across it plus what the callee needs */
    char err2[256];
    m = ptx_parse(".version 9.0\n.target sm_75\n.address_size 64\n"
                  ".func (.param .b32 r) f(.param .b32 a)\n{\n.reg .b32 %r<6>;\n"
                  "ld.param.b32 %r1, [a];\nadd.s32 %r2, %r1, 1;\nadd.s32 %r3, %r1, 2;\n"
                  "add.s32 %r4, %r1, 3;\nadd.s32 %r5, %r2, %r3;\nadd.s32 %r5, %r5, %r4;\n"
                  "add.s32 %r5, %r5, %r1;\nst.param.b32 [r], %r5;\nret;\n}\n"
                  ".func g()\n{\ncall.uni g, ();\nret;\n}\n" /* recursion terminates */
                  ".visible .entry k(.param .u64 p)\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<2>;\n"
                  "ld.param.u64 %rd1, [p];\nmov.u32 %r1, 7;\n"
                  "{ .param .b32 a0; .param .b32 r0;\nst.param.b32 [a0], %r1;\n"
                  "call.uni (r0), f, (a0);\nld.param.b32 %r2, [r0]; }\n"
                  "call.uni g, ();\n"
                  "add.s32 %r3, %r2, %r1;\nst.global.u32 [%rd1], %r3;\nret;\n}\n",
                  "t.ptx", err2, sizeof err2);
    CHECK(m != NULL);
    if (m) {
        /* f: %r1..%r4 live at once = 4; across the call to f: %rd1 (2) + %r1 = 3 */
        CHECK_EQ_INT(ptx_estimate_registers(m, ptx_find_function(m, "f")), 4);
        CHECK_EQ_INT(ptx_estimate_registers(m, ptx_find_function(m, "k")), 7);
        CHECK_EQ_INT(ptx_estimate_registers(m, ptx_find_function(m, "g")), 0);
    }
    ptx_module_free(m);
    /* real kernels give plausible numbers */
    char err[256];
    m = ptx_parse(embedded_find("tests/ptx/vecadd.ptx"), "v", err, sizeof err);
    if (m) {
        uint32_t r = ptx_estimate_registers(m, &m->funcs[0]);
        CHECK(r >= 6 && r <= 16);
    }
    ptx_module_free(m);
}

int main(void)
{
    RUN(if_else);
    RUN(if_without_else);
    RUN(nested_if);
    RUN(nested_loops_with_break);
    RUN(early_return);
    RUN(loops_without_exit);
    RUN(switch_chain);
    RUN(nvcc_shapes);
    RUN(register_estimate);
    return check_summary();
}
