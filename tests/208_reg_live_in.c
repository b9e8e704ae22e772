/* Registers a function may read before writing (reg_live_in.c, issue 13): the
 * only slots a new CTA or a call zeroes. A slot read on some path before any
 * write is in the set; a guarded write, a write on one side of a branch, or
 * a write later in a loop does not take it out; a write on every path does;
 * shfl's registers are always in it (another lane may read them). The
 * benchmark suite's runs with every other slot filled with a pattern
 * (tests/cli/515) check the set against whole programs. */
#include "check.h"
#include "ptx/exec_impl.h"
#include "ptx/ptx.h"
#include <stdlib.h>

/* The set of the only function in body's kernel, as "%r1 %rd2 ..." */
static void set_of(const char *regs_and_body, char *out, size_t len)
{
    char text[4096], err[256];
    snprintf(text, sizeof text,
             ".version 7.0\n.target sm_75\n.address_size 64\n"
             ".visible .entry k(.param .u64 buf)\n{\n"
             ".reg .pred %%p<4>;\n.reg .b32 %%r<8>;\n.reg .b64 %%rd<4>;\n%s\nret;\n}\n",
             regs_and_body);
    out[0] = 0;
    struct ptx_module *m = ptx_parse(text, "k.ptx", err, sizeof err);
    CHECK(m != NULL);
    if (!m) {
        printf("  %s\n", err);
        snprintf(out, len, "(parse error)");
        return;
    }
    uint32_t *regs = NULL, n = 0;
    CHECK_EQ_INT(ptx_read_before_write(&m->funcs[0], &regs, &n), 0);
    size_t used = 0;
    for (uint32_t i = 0; i < n && used < len; i++)
        used += (size_t)snprintf(out + used, len - used, "%s%s", i ? " " : "",
                                 m->funcs[0].reg_names[regs[i]]);
    free(regs);
    ptx_module_free(m);
}

#define EXPECT_SET(body, want)                                                  \
    do {                                                                        \
        char got_[512];                                                         \
        set_of(body, got_, sizeof got_);                                        \
        if (strcmp(got_, want) != 0)                                            \
            CHECK_FAIL_AT_("set \"%s\", expected \"%s\"", got_, want);           \
    } while (0)

TEST(straight_line)
{
    EXPECT_SET("mov.u32 %r1, 5;\nadd.u32 %r2, %r1, 1;", "");
    EXPECT_SET("add.u32 %r2, %r1, 1;\nmov.u32 %r1, 5;", "%r1");
    EXPECT_SET("add.u32 %r1, %r1, 1;", "%r1");              /* reads itself first */
    EXPECT_SET("ld.param.u64 %rd1, [buf];\nst.global.u32 [%rd1], %r3;", "%r3");
    EXPECT_SET("st.global.u32 [%rd2], %r3;", "%r3 %rd2");   /* an address is read */
}

TEST(guarded_write_keeps_the_old_value)
{
    EXPECT_SET("setp.eq.u32 %p1, %r2, 0;\n@%p1 mov.u32 %r1, 5;\nadd.u32 %r3, %r1, 1;",
               "%r1 %r2");
}

TEST(branches)
{
    /* written on one side only */
    EXPECT_SET("mov.u32 %r2, %tid.x;\nsetp.eq.u32 %p1, %r2, 0;\n@%p1 bra L1;\n"
               "mov.u32 %r1, 5;\nL1:\nadd.u32 %r3, %r1, 1;",
               "%r1");
    /* written on both sides */
    EXPECT_SET("mov.u32 %r2, %tid.x;\nsetp.eq.u32 %p1, %r2, 0;\n@%p1 bra L1;\n"
               "mov.u32 %r1, 5;\nbra.uni L2;\nL1:\nmov.u32 %r1, 6;\nL2:\nadd.u32 %r3, %r1, 1;",
               "");
    /* an early exit on the side that skips the write */
    EXPECT_SET("mov.u32 %r2, %tid.x;\nsetp.eq.u32 %p1, %r2, 0;\n@%p1 ret;\n"
               "mov.u32 %r1, 5;\nadd.u32 %r3, %r1, 1;",
               "");
}

TEST(loops)
{
    /* read at the top, written at the bottom: the first trip reads it unset */
    EXPECT_SET("mov.u32 %r2, 0;\nL1:\nadd.u32 %r3, %r1, 1;\nmov.u32 %r1, %r3;\n"
               "add.u32 %r2, %r2, 1;\nsetp.lt.u32 %p1, %r2, 4;\n@%p1 bra L1;",
               "%r1");
    EXPECT_SET("mov.u32 %r2, 0;\nmov.u32 %r1, 0;\nL1:\nadd.u32 %r1, %r1, 1;\n"
               "add.u32 %r2, %r2, 1;\nsetp.lt.u32 %p1, %r2, 4;\n@%p1 bra L1;",
               "");
}

TEST(vectors_and_sinks)
{
    EXPECT_SET("ld.param.u64 %rd1, [buf];\nld.global.v2.u32 {%r1, %r2}, [%rd1];\n"
               "add.u32 %r3, %r1, %r2;",
               "");
    EXPECT_SET("ld.param.u64 %rd1, [buf];\nld.global.v2.u32 {%r1, _}, [%rd1];\n"
               "add.u32 %r3, %r1, %r2;",
               "%r2");
    EXPECT_SET("mov.b64 {%r1, %r2}, %rd2;\nmov.u64 %rd2, 0;", "%rd2");
    EXPECT_SET("mov.u32 %r1, 1;\nmov.u32 %r2, 2;\nmov.b64 %rd1, {%r1, %r2};\n"
               "mov.b64 {%r3, %r4}, %rd1;\nadd.u32 %r5, %r3, %r4;",
               "");
}

TEST(warp_wide_registers_always)
{
    /* written before the shfl, but another lane (even an inactive one) may
     * be read: zeroed all the same */
    EXPECT_SET("mov.u32 %r1, %tid.x;\nshfl.sync.down.b32 %r2, %r1, 1, 31, -1;\n"
               "add.u32 %r3, %r2, 1;",
               "%r1 %r2");
}

/* Too large to analyse (a hostile module's million registers and thousands
 * of branches): every slot, quickly, as before the analysis. */
TEST(too_large_means_every_slot)
{
    size_t cap = 1 << 16, used = 0;
    char *text = malloc(cap), err[256];
    CHECK(text != NULL);
    if (!text)
        return;
    used += (size_t)snprintf(text, cap, ".version 7.0\n.target sm_75\n.address_size 64\n"
                             ".visible .entry k()\n{\n.reg .pred %%p<2>;\n"
                             ".reg .b32 %%q<300000>;\nmov.u32 %%q1, 1;\n"
                             "setp.eq.u32 %%p1, %%q1, 0;\n");
    for (int i = 0; i < 1200 && used + 64 < cap; i++)
        used += (size_t)snprintf(text + used, cap - used, "@%%p1 bra L%d;\nL%d:\n", i, i);
    snprintf(text + used, cap - used, "ret;\n}\n");
    struct ptx_module *m = ptx_parse(text, "big.ptx", err, sizeof err);
    CHECK(m != NULL);
    if (m) {
        uint32_t *regs = NULL, n = 0;
        CHECK_EQ_INT(ptx_read_before_write(&m->funcs[0], &regs, &n), 0);
        CHECK_EQ_INT(n, m->funcs[0].nregs);
        free(regs);
        ptx_module_free(m);
    } else {
        printf("  %s\n", err);
    }
    free(text);
}

int main(void)
{
    RUN(straight_line);
    RUN(guarded_write_keeps_the_old_value);
    RUN(branches);
    RUN(loops);
    RUN(vectors_and_sinks);
    RUN(warp_wide_registers_always);
    RUN(too_large_means_every_slot);
    return check_summary();
}
