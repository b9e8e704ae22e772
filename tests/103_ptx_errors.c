/* Every error path of the PTX front end: a one-line "NAME:LINE: message"
 * naming the offending token, never a crash or a silent acceptance. */
#include "check.h"
#include "ptx/ptx.h"
#include "util/embedded.h"
#include <stdlib.h>

/* 8 lines: the body starts on line 9 */
#define HEADER                                                                  \
    ".version 9.0\n.target sm_75\n.address_size 64\n"                          \
    ".global .align 4 .u32 gv[4];\n"                                            \
    ".visible .entry k(.param .u64 k_p0)\n{\n"                                  \
    ".reg .pred %p<3>;\n.reg .b32 %r<9>; .reg .b64 %rd<5>; .reg .f32 %f<3>;\n"

struct bad {
    const char *body;   /* kernel body (after HEADER), or a whole module if full */
    const char *expect; /* the whole message must contain this */
    int full;
};

struct bcase {
    const char *body, *expect;
};

static const struct bcase body_cases[] = {
    { "frob.u32 %r1, %r2;", "t.ptx:9: unknown opcode 'frob.u32'" },
    /* found by fuzzing (tests/fuzz/regress/ptx_launch): a 128-bit product
     * reached the engine's 64-bit extension as a shift by -64 */
    { "mul.wide.u64 %rd1, %rd2, 4;", "t.ptx:9: 'mul.wide.u64': .wide needs a 16- or 32-bit integer type" },
    { "mad.wide.s64 %rd1, %rd2, 4, %rd3;", "t.ptx:9: 'mad.wide.s64': .wide needs a 16- or 32-bit" },
    { "fns.b32 %r1, %r2, %r3, 1;", "t.ptx:9: PTX instruction 'fns.b32' is not supported by ccgpu" },
    { "cp.async.bulk.tensor.1d.shared::cluster.global.tile [%rd1], [%rd2, {%r1}], [%rd3];",
      "t.ptx:9: PTX instruction 'cp.async.bulk.tensor.1d.shared::cluster.global.tile' is not supported" },
    { "mbarrier.arrive.shared::cluster.b64 _, [%rd1];",
      "t.ptx:9: PTX instruction 'mbarrier.arrive.shared::cluster.b64' is not supported" },
    { "redux.sync.min.f32 %f1, %f2, -1;", "t.ptx:9: PTX instruction 'redux.sync.min.f32' is not" },
    { "cp.async.ca.shared.global [%rd1], [%rd2], 12;", "t.ptx:9: 'cp.async': the copy size must be 4, 8 or 16" },
    { "cp.async.cg.shared.global [%rd1], [%rd2], 8;", "t.ptx:9: 'cp.async': cp.async.cg copies 16 bytes" },
    { "cp.async.wait_group %r1;", "t.ptx:9: 'cp.async.wait_group': the group count must be a literal" },
    { "mbarrier.init.shared.b64 [%rd1];", "t.ptx:9: wrong number of operands for 'mbarrier'" },
    { "mbarrier.init.shared.b32 [%rd1], 1;", "t.ptx:9: PTX instruction 'mbarrier.init.shared.b32' is not" },
    { "elect.sync %r1|%p1, %r2, 1;", "t.ptx:9: wrong number of operands for 'elect'" },
    { "add.s32 %r1, %r2 %r3;", "t.ptx:9: unexpected '%r3', expected ',' or ';'" },
    { "add.xyz.s32 %r1, %r2, %r3;", "t.ptx:9: unknown modifier '.xyz' in 'add.xyz.s32'" },
    { "add.rn.rz.f32 %f1, %f1, %f2;", "t.ptx:9: modifier '.rz' conflicts" },
    { "add %r1, %r2, %r3;", "t.ptx:9: 'add' needs a type" },
    { "add.s32.u32 %r1, %r2, %r3;", "t.ptx:9: too many types in 'add.s32.u32'" },
    { "cvt.f32 %f1, %r1;", "t.ptx:9: 'cvt.f32' needs a second type" },
    { "add.s32 %r1, %r2;", "t.ptx:9: wrong number of operands for 'add': 2 given" },
    { "add.s32 %r1, %r2, %r3, %r4;", "t.ptx:9: wrong number of operands for 'add': 4 given" },
    { "mov.u32 %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8;", "t.ptx:9: too many operands" },
    { "\nadd.s32 %r1, %r99, 1;", "t.ptx:10: undeclared register '%r99'" },
    { "mov.u64 %rd1, nosuch;", "t.ptx:9: undeclared symbol 'nosuch'" },
    { "ld.global.u32 %r1, [nosuch+4];", "t.ptx:9: undeclared symbol 'nosuch'" },
    { "bra.uni L_missing;", "t.ptx:9: undefined label 'L_missing'" },
    { "L1:\nadd.s32 %r1, %r1, 1;\nL1:\nret;", "t.ptx:11: label 'L1' is defined twice" },
    { "bra L_end;\nret;\nL_end:\n}\n.visible .entry k2() {\nret;",
      "t.ptx:9: label 'L_end' is not followed by an instruction" },
    { "add.s32 %r1, %p1, 1;", "t.ptx:9: operand 2 of 'add' has the wrong kind" },
    { "setp.lt.s32 %r1, %r2, %r3;", "t.ptx:9: operand 1 of 'setp' has the wrong kind" },
    { "selp.b32 %r1, %r2, %r3, %r4;", "t.ptx:9: operand 4 of 'selp' has the wrong kind" },
    { "ld.global.u32 %r1, %rd1;", "t.ptx:9: operand 2 of 'ld' has the wrong kind" },
    { "st.global.u32 %rd1, %r1;", "t.ptx:9: operand 1 of 'st' has the wrong kind" },
    { "add.s32 %r1, %tid.x, 1;", "t.ptx:9: operand 2 of 'add' has the wrong kind" },
    { "add.u64 %rd1, gv, 1;", "t.ptx:9: operand 2 of 'add' has the wrong kind" },
    { "mov.u32 %r1, %tid.w;", "t.ptx:9: undeclared register '%tid.w'" },
    { "mov.u16 %r1, 70000;", "t.ptx:9: immediate 70000 does not fit .u16" },
    { "mov.s16 %r1, -40000;", "t.ptx:9: immediate -40000 does not fit .s16" },
    { "mov.s64 %rd1, -9223372036854775809;",
      "t.ptx:9: immediate -9223372036854775809 does not fit .s64" },
    { "add.s32 %r1, %r2, 1.5;", "t.ptx:9: floating-point immediate for a .s32 operand" },
    { "mov.u32 %r1, 0x1G;", "t.ptx:9: malformed number '0x1G'" },
    { "mov.f32 %f1, 0f3F80;", "t.ptx:9: malformed number '0f3F80'" },
    { "mov.u64 %rd1, 99999999999999999999;", "t.ptx:9: malformed number" },
    { "@%r1 bra L1;\nL1: ret;", "t.ptx:9: guard '%r1' is not a declared predicate register" },
    { "ld.global.v2.u32 %r1, [%rd1];", "t.ptx:9: 'ld': vector width and operand do not match" },
    { "ld.global.v4.u32 {%r1, %r2}, [%rd1];", "t.ptx:9: 'ld': .v4 needs 4 registers" },
    { "add.s32 %r1|%p1, %r2, %r3;", "t.ptx:9: '|' destination not allowed for 'add'" },
    { "setp.lt.and.s32 %p1, %r1, %r2;", "t.ptx:9: 'setp': .and/.or/.xor goes with a fourth" },
    { "setp.s32 %p1, %r1, %r2;", "t.ptx:9: 'setp.s32' needs a comparison" },
    { "atom.global.u32 %r1, [%rd1], 1;", "t.ptx:9: 'atom.global.u32' needs an operation" },
    { "red.global.cas.b32 [%rd1], 1;", "t.ptx:9: 'red.global.cas.b32': red has no .cas" },
    { "shfl.down.b32 %r1, %r2, 1, 31;", "t.ptx:9: 'shfl.down.b32': only shfl.sync" },
    { "shfl.sync.b32 %r1, %r2, 1, 31, -1;", "t.ptx:9: 'shfl.sync.b32' needs a mode" },
    { "vote.ballot.b32 %r1, %p1;", "t.ptx:9: 'vote.ballot.b32': only the .sync form" },
    { "bar 0;", "t.ptx:9: 'bar' needs .sync, .arrive or .red" },
    { "bar.red.u32 %r1, 0, %p1;", "t.ptx:9: 'bar.red.u32' needs .popc, .and or .or" },
    { "bar.sync.popc 0;", "t.ptx:9: 'bar.sync.popc': reduction outside bar.red" },
    { "mul.s32 %r1, %r2, %r3;", "t.ptx:9: 'mul.s32' needs .lo, .hi or .wide" },
    { "cvta.u64 %rd1, %rd2;", "t.ptx:9: 'cvta.u64' needs a state space" },
    { "brx.idx %r1, tbl;", "t.ptx:9: 'brx.idx': indirect branches are not supported" },
    { "call.uni %rd1, (%r1);", "t.ptx:9: indirect calls are not supported" },
    { "call.uni nosuch, ();", "t.ptx:9: call to undeclared function 'nosuch'" },
    { "{ .param .b32 a;\ncall.uni nosuch, (b); }", "t.ptx:10: call argument 'b' is not a declared" },
    { "proto: .callprototype (.param .b32 _) _ ();",
      "t.ptx:9: indirect calls (.callprototype) are not supported" },
    { ".frob 1;", "t.ptx:9: unknown directive '.frob' in a function body" },
    { "mov.u32 %r1, # 3;", "t.ptx:9: unexpected '#', expected an operand" },
    { "add.s32 %r1, %r2, %r3", "t.ptx:10: unexpected 'ret', expected ',' or ';'" },
    { "{ .reg .b32 %inner;\nmov.u32 %inner, 1; }\nmov.u32 %inner, 2;",
      "t.ptx:11: undeclared register '%inner'" },
    { ".reg .b32 %q<4>;\nmov.u32 %q4, 1;", "t.ptx:10: undeclared register '%q4'" },
    { ".reg .v2 .b32 %v;", "t.ptx:9: vector registers (.reg .v2/.v4) are not supported" },
    { ".reg .u77 %x;", "t.ptx:9: unexpected '.u77', expected a register type" },
    { ".local .align 3 .b8 d[4];", "t.ptx:9: bad alignment 3" },
    { ".local .b8 d[];", "t.ptx:9: array 'd' has no size" },
    { ".shared .u32 s = 5;", "t.ptx:9: initializer on a .shared variable" },
    { ".local .zz .u32 s;", "t.ptx:9: unknown attribute '.zz' in a declaration" },
    { ".local .align 4 x;", "t.ptx:9: declaration without a valid type" },
    { ".pragma \"nounroll\"\nret;", "t.ptx:10: unexpected 'ret', expected ';' after .pragma" },
    { "mov.u32 %r1, !%p1;", "t.ptx:9: operand 2 of 'mov' has the wrong kind" },
    { "mov.u32 %r1, !%r2;", "t.ptx:9: '!' before '%r2', which is not a predicate" },
    { "mov.b64 %rd1, {%r1, 5};", "t.ptx:9: unexpected '5', expected a register in the vector" },
    { "ld.global.u32 %r1, [%p1];", "t.ptx:9: predicate '%p1' used as an address" },
    { "ld.global.u32 %r1, [%rd1+%rd2];", "t.ptx:9: unexpected '%rd2', expected an integer offset" },
    { "mov.u64 %rd1, k;", "t.ptx:9: function address 'k' as an operand is not supported" },
    { "mov.pred %p1, 2.0;", "t.ptx:9: predicate immediate must be 0 or 1" },
    { "st.global.v2.u32 [%rd1], {%r1, _};", "t.ptx:9: '_' in a source vector of 'st'" },
    { "add.s32 %r1, _, 1;", "t.ptx:9: operand 2 of 'add' has the wrong kind" },
    { "setp.lt.s32 %p1|_, %r1, 1;", "t.ptx:9: operand 2 of 'setp' has the wrong kind" },
    { ".reg .b32 %r1;", "t.ptx:9: register '%r1' is declared twice" },
    { ".local .u32 a;\n.local .u32 a;", "t.ptx:10: 'a' is declared twice" },
    { ".local .u32 k_p0;", "t.ptx:9: 'k_p0' is declared twice" },
    { "{ .reg .b32 %r1; .reg .b32 %x;\n.reg .b32 %x; }", "t.ptx:10: register '%x' is declared twice" },
};

static const struct bad module_cases[] = {
    { ".version x\n", "t.ptx:1: malformed .version", 1 },
    /* found by fuzzing (tests/fuzz/regress/ptx_parse): a typo in an array
     * size made the parser calloc 1.9 GB for the initial image */
    { ".version 9.0\n.global .b8 table[1888888882] = {7, 0};\n",
      "t.ptx:2: 'table': initialized variable of 1888888882 bytes, more than the 268435456 ccgpu loads", 1 },
    { ".version 9.0\n.target sm_75\n.address_size 48\n", "t.ptx:3: malformed .address_size", 1 },
    { ".version 9.0\n.frob\n", "t.ptx:2: unknown directive '.frob'", 1 },
    { ".version 9.0\n.file 1 \"", "t.ptx:2: malformed .file", 1 },
    { ".version 9.0\n.file 1 \"abc\n", "t.ptx:2: malformed .file", 1 },
    { ".version 9.0\n.file x \"a\"\n", "t.ptx:2: malformed .file", 1 },
    { ".version 9.0\n.target sm_75, map_f64_to_f32\n",
      "t.ptx:2: unsupported .target option 'map_f64_to_f32'", 1 },
    { ".version 9.0\n.target gfx90a\n", "t.ptx:2: unknown target 'gfx90a'", 1 },
    { ".version 9.0\nadd.s32 %r1, %r1, 1;\n", "t.ptx:2: unexpected 'add.s32', expected a directive", 1 },
    { ".visible .entry k()\n{\nret;\n", "t.ptx:4: unexpected end of file in the body of 'k'", 1 },
    { ".visible .entry k() .maxblocks 4 { ret; }",
      "t.ptx:1: unknown directive '.maxblocks' in a function header", 1 },
    { ".visible .entry k() { ret; }\n.visible .entry k() { ret; }",
      "t.ptx:2: function 'k' is defined twice", 1 },
    { ".func f(.param .b32 a);\n.visible .entry k() { ret; }",
      "t.ptx:1: function 'f' is declared but never defined", 1 },
    { ".extern .func f() { ret; }", "t.ptx:1: .extern function 'f' has a body", 1 },
    { ".func (.param .b32 r) f(.param .b32 a) { ret; }\n.visible .entry k()\n{\n"
      "{ .param .b32 a0; .param .b32 a1;\ncall.uni f, (a0, a1); }\nret;\n}",
      "t.ptx:5: call to 'f' with 2 arguments, it takes 1", 1 },
    { ".func (.param .b32 r) f(.param .b32 a) { ret; }\n.visible .entry k()\n{\n"
      "{ .param .b64 a0; .param .b32 r0;\ncall.uni (r0), f, (a0); }\nret;\n}",
      "t.ptx:5: call to 'f': argument 1 is 8 bytes, the parameter 4", 1 },
    { ".func (.param .b32 r) f() { ret; }\n.visible .entry k()\n{\n"
      "{ .param .b32 r0; .param .b32 r1;\ncall.uni (r0, r1), f, (); }\nret;\n}",
      "t.ptx:5: call to 'f' with 2 results, it takes 1", 1 },
    { ".visible .entry k()\n{\ncall.uni k, ();\nret;\n}", "t.ptx:3: call to kernel 'k'", 1 },
    { ".func f(.reg .b32 a) { ret; }", "t.ptx:1: .reg parameters are not supported", 1 },
    { ".func f(.param .b32 a, .param .b32 a) { ret; }",
      "t.ptx:1: parameter 'a' is declared twice", 1 },
    { ".visible .entry k(.param .u32 a .param .u32 b) { ret; }",
      "t.ptx:1: unexpected '.param', expected ',' or ')'", 1 },
    { ".global .u32 g = {1, 2};", "t.ptx:1: too many initializer values", 1 },
    { ".global .u64 g[2] = {1, other};", "t.ptx:1: address initializers ('other')", 1 },
    { ".global .u32 g;\n.global .u32 g;", "t.ptx:2: 'g' is declared twice", 1 },
    { ".extern .global .u32 g;", "t.ptx:1: .extern variables outside .shared", 1 },
    { ".local .u32 g;", "t.ptx:1: module-scope .local variables are not supported", 1 },
    { ".section .debug_info {\n.b8 1\n", "t.ptx:1: unterminated .section", 1 },
    { ".global .u32 g[1 = {1};", "t.ptx:1: unexpected '=', expected ']'", 1 },
    { ".global .u32 g[1] = {{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{1}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}};",
      "t.ptx:1: initializer nested too deeply", 1 },
    { ".visible .entry k()\n{\nret;\n}\n/* unterminated comment\n.frob",
      "", 1 }, /* accepted: the comment runs to the end */
};

static int run_case(const struct bad *b, int should_fail)
{
    char text[4096], err[512] = "";
    if (b->full)
        snprintf(text, sizeof text, "%s", b->body);
    else
        snprintf(text, sizeof text, "%s%s\nret;\n}\n", HEADER, b->body);
    struct ptx_module *m = ptx_parse(text, "t.ptx", err, sizeof err);
    int ok;
    /* an instruction ccgpu cannot decode is no error of the module: its
     * function names it (a launch that reaches it fails) */
    const char *refused = NULL;
    for (uint32_t i = 0; m && i < m->nfuncs && !refused; i++)
        refused = m->funcs[i].unsupported;
    if (should_fail && refused) {
        ok = strstr(refused, b->expect) && !strchr(refused, '\n');
        if (!ok)
            printf("  case: %s\n    expected: %s\n    got:      %s\n", b->body, b->expect, refused);
    } else if (!should_fail) {
        ok = m != NULL;
        if (!ok)
            printf("  unexpected failure: %s\n", err);
    } else {
        ok = !m && strstr(err, b->expect) && !strchr(err, '\n');
        if (!ok)
            printf("  case: %s\n    expected: %s\n    got:      %s\n", b->body, b->expect,
                   m ? "(parsed)" : err);
    }
    ptx_module_free(m);
    return ok;
}

TEST(body_errors)
{
    for (size_t i = 0; i < sizeof body_cases / sizeof body_cases[0]; i++) {
        struct bad b = { body_cases[i].body, body_cases[i].expect, 0 };
        CHECK(run_case(&b, 1));
    }
}

TEST(module_errors)
{
    size_t n = sizeof module_cases / sizeof module_cases[0];
    for (size_t i = 0; i < n; i++)
        CHECK(run_case(&module_cases[i], module_cases[i].expect[0] != '\0'));
}

/* The error buffer is optional and may be tiny. */
TEST(small_error_buffer)
{
    char err[8];
    CHECK(ptx_parse(".frob", "t.ptx", err, sizeof err) == NULL);
    CHECK_EQ_INT(strlen(err), 7);
    CHECK(ptx_parse(".frob", "t.ptx", NULL, 0) == NULL);
}

/* Every truncation of a real module fails cleanly or parses (ASan checks
 * that nothing leaks or overreads on any error path). */
TEST(truncations)
{
    static const char text[] =
        ".version 9.0\n.target sm_75\n.address_size 64\n"
        ".global .align 4 .b8 s[3] = {1, 2, 3};\n"
        ".func (.param .b32 r) f(.param .b32 a)\n{\n.reg .b32 %r<3>;\n"
        "ld.param.b32 %r1, [a];\nst.param.b32 [r], %r1;\nret;\n}\n"
        ".visible .entry k(.param .u64 p)\n{\n.reg .pred %p<2>;\n.reg .b32 %r<4>;\n"
        ".shared .align 4 .b8 sh[16];\n"
        "setp.eq.s32 %p1, %r1, 0;\n@%p1 bra L;\n{ .param .b32 a0; .param .b32 r0;\n"
        "st.param.b32 [a0], %r1;\ncall.uni (r0), f, (a0);\nld.param.b32 %r2, [r0]; }\n"
        "L:\nst.shared.u32 [sh+4], %r2;\nret;\n}\n";
    char buf[sizeof text], err[256];
    size_t n = strlen(text);
    int parsed = 0;
    for (size_t cut = 0; cut <= n; cut++) {
        memcpy(buf, text, cut);
        buf[cut] = '\0';
        struct ptx_module *m = ptx_parse(buf, "t.ptx", err, sizeof err);
        parsed += m != NULL;
        ptx_module_free(m);
    }
    CHECK(parsed >= 1); /* at least the whole text */
    struct ptx_module *m = ptx_parse(text, "t.ptx", err, sizeof err);
    CHECK(m != NULL);
    ptx_module_free(m);
}

/* Seeded random edits of real nvcc output (a character replaced, a span
 * deleted or duplicated): every result parses or fails with one message,
 * and under ASan nothing leaks, overreads or crashes. */
TEST(mutations)
{
    static const char alphabet[] = "{}[](),;:%.@!|-+0x1f_$ \n\"/*";
    const char *orig = embedded_find("tests/ptx/control.ptx");
    CHECK(orig != NULL);
    if (!orig)
        return;
    size_t n = strlen(orig);
    char *buf = malloc(2 * n + 1), err[512];
    uint64_t s = 0x9e3779b97f4a7c15ull;
    int failed = 0, parsed = 0;
    for (int iter = 0; buf && iter < 1500; iter++) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17; /* xorshift64 */
        size_t at = (size_t)(s % n), len = (size_t)((s >> 20) % 40) + 1;
        if (at + len > n)
            len = n - at;
        switch ((s >> 40) % 3) {
        case 0: /* replace one character */
            memcpy(buf, orig, n + 1);
            buf[at] = alphabet[(s >> 50) % (sizeof alphabet - 1)];
            break;
        case 1: /* delete a span */
            memcpy(buf, orig, at);
            memcpy(buf + at, orig + at + len, n - at - len + 1);
            break;
        default: /* duplicate a span */
            memcpy(buf, orig, at + len);
            memcpy(buf + at + len, orig + at, n - at + 1);
            break;
        }
        err[0] = '\0';
        struct ptx_module *m = ptx_parse(buf, "mut.ptx", err, sizeof err);
        if (m)
            parsed++;
        else if (strncmp(err, "mut.ptx:", 8) != 0 || strchr(err, '\n'))
            failed++;
        ptx_module_free(m);
    }
    free(buf);
    CHECK_EQ_INT(failed, 0);
    CHECK(parsed > 0 && parsed < 1500);
}

int main(void)
{
    RUN(body_errors);
    RUN(module_errors);
    RUN(small_error_buffer);
    RUN(truncations);
    RUN(mutations);
    return check_summary();
}
