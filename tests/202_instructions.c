/* Instruction semantics against hand-computed values: each case is a one-
 * thread kernel written in PTX whose body leaves its result in %rd0. Edge
 * cases: overflow, shifts by >= width, division by zero, NaN, rounding,
 * saturation, bit-field limits. */
#include "ccgpu.h"
#include "check.h"
#include <stdlib.h>
#include <string.h>

static ccgpu *gpu;
static ccgpu_devptr out;

static const char *head =
    ".version 7.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry t(.param .u64 out)\n{\n"
    ".reg .b16 %h<8>;\n.reg .b32 %r<16>;\n.reg .b64 %rd<16>;\n"
    ".reg .f32 %f<16>;\n.reg .f64 %fd<16>;\n.reg .pred %p<8>;\n";
static const char *tail =
    "ld.param.u64 %rd15, [out];\nst.global.u64 [%rd15], %rd0;\nret;\n}\n";

/* Runs body in one thread; returns %rd0 (and marks failure on errors). */
static uint64_t run(const char *body)
{
    static char text[8192];
    snprintf(text, sizeof text, "%s%s\n%s", head, body, tail);
    ccgpu_module *m = ccgpu_module_load_string(gpu, text, "case.ptx");
    if (!m) {
        CHECK_FAIL_AT_("load: %s", ccgpu_error(gpu));
        return 0xdeadbeef;
    }
    uint64_t zero = 0, r = 0;
    ccgpu_memcpy_htod(gpu, out, &zero, 8);
    void *args[] = { &out };
    struct ccgpu_dim3 one = { 1, 1, 1 };
    if (ccgpu_launch(gpu, m, "t", one, one, 0, args, 1)) {
        CHECK_FAIL_AT_("launch: %s", ccgpu_error(gpu));
        return 0xdeadbeef;
    }
    ccgpu_memcpy_dtoh(gpu, &r, out, 8);
    return r;
}

/* result in %r0 */
static uint32_t r32(const char *body)
{
    char b[4096];
    snprintf(b, sizeof b, "%s\ncvt.u64.u32 %%rd0, %%r0;", body);
    return (uint32_t)run(b);
}

static float f32r(const char *body)
{
    char b[4096];
    snprintf(b, sizeof b, "%s\nmov.b32 %%r0, %%f0;\ncvt.u64.u32 %%rd0, %%r0;", body);
    uint32_t u = (uint32_t)run(b);
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint32_t f32bits(const char *body)
{
    char b[4096];
    snprintf(b, sizeof b, "%s\nmov.b32 %%r0, %%f0;\ncvt.u64.u32 %%rd0, %%r0;", body);
    return (uint32_t)run(b);
}

static double f64r(const char *body)
{
    char b[4096];
    snprintf(b, sizeof b, "%s\nmov.b64 %%rd0, %%fd0;", body);
    uint64_t u = run(b);
    double d;
    memcpy(&d, &u, 8);
    return d;
}

static int pred(const char *body)
{
    char b[4096];
    snprintf(b, sizeof b, "%s\nselp.u64 %%rd0, 1, 0, %%p0;", body);
    return (int)run(b);
}

/* 32 lanes: body leaves each lane's result in %r0; %r10 = %laneid */
static int run_warp(const char *body, uint32_t out32[32])
{
    static char text[8192];
    snprintf(text, sizeof text,
             "%s.shared .align 4 .b8 sh[128];\n.local .align 4 .b8 loc[16];\n"
             "mov.u32 %%r10, %%laneid;\n%s\n"
             "ld.param.u64 %%rd15, [out];\nmul.wide.u32 %%rd14, %%r10, 4;\n"
             "add.s64 %%rd15, %%rd15, %%rd14;\nst.global.u32 [%%rd15], %%r0;\nret;\n}\n",
             head, body);
    ccgpu_module *m = ccgpu_module_load_string(gpu, text, "warp.ptx");
    static ccgpu_devptr wout;
    if (!wout && ccgpu_malloc(gpu, &wout, 128))
        return -1;
    void *args[] = { &wout };
    if (!m || ccgpu_launch(gpu, m, "t", (struct ccgpu_dim3){ 1, 1, 1 },
                           (struct ccgpu_dim3){ 32, 1, 1 }, 0, args, 1)) {
        CHECK_FAIL_AT_("warp case: %s", ccgpu_error(gpu));
        return -1;
    }
    return ccgpu_memcpy_dtoh(gpu, out32, wout, 128);
}

TEST(warp_level_instructions)
{
    uint32_t o[32];
    /* shfl.idx with a segment mask: width 8 (c = 0x1807), source lane 3 of each segment */
    if (run_warp("shfl.sync.idx.b32 %r0|%p1, %r10, 3, 0x1807, -1;", o) == 0)
        for (int l = 0; l < 32; l++)
            CHECK_EQ_INT(o[l], (l & ~7) + 3);
    /* shfl.up: lanes below the delta keep their value and get p = false */
    if (run_warp("shfl.sync.up.b32 %r1|%p1, %r10, 5, 0, -1;\nselp.u32 %r2, 100, 0, %p1;\n"
                 "add.u32 %r0, %r1, %r2;", o) == 0)
        for (int l = 0; l < 32; l++)
            CHECK_EQ_INT(o[l], l >= 5 ? (l - 5) + 100 : l);
    /* shfl.down clamps at 31 */
    if (run_warp("shfl.sync.down.b32 %r0, %r10, 4, 31, -1;", o) == 0)
        for (int l = 0; l < 32; l++)
            CHECK_EQ_INT(o[l], l + 4 <= 31 ? l + 4 : l);
    /* shfl.bfly */
    if (run_warp("shfl.sync.bfly.b32 %r0, %r10, 5, 31, -1;", o) == 0)
        for (int l = 0; l < 32; l++)
            CHECK_EQ_INT(o[l], l ^ 5);
    /* vote: uni true when all equal, false otherwise; ballot of odd lanes */
    if (run_warp("and.b32 %r1, %r10, 1;\nsetp.eq.u32 %p1, %r1, 1;\n"
                 "vote.sync.ballot.b32 %r2, %p1, -1;\nvote.sync.uni.pred %p2, %p1, -1;\n"
                 "setp.lt.u32 %p3, %r10, 64;\nvote.sync.uni.pred %p4, %p3, -1;\n"
                 "selp.u32 %r3, 1, 0, %p2;\nselp.u32 %r4, 2, 0, %p4;\n"
                 "add.u32 %r5, %r3, %r4;\nxor.b32 %r0, %r2, %r5;", o) == 0)
        for (int l = 0; l < 32; l++)
            CHECK_EQ_U64(o[l], 0xaaaaaaaau ^ 2u);
    /* vote.all / any with a negated predicate */
    if (run_warp("setp.lt.u32 %p1, %r10, 31;\nvote.sync.all.pred %p2, %p1, -1;\n"
                 "vote.sync.any.pred %p3, !%p1, -1;\nselp.u32 %r1, 1, 0, %p2;\n"
                 "selp.u32 %r2, 2, 0, %p3;\nor.b32 %r0, %r1, %r2;", o) == 0)
        for (int l = 0; l < 32; l++)
            CHECK_EQ_INT(o[l], 2);
    /* generic addressing: cvta round trips and isspacep */
    if (run_warp("mov.u64 %rd1, sh;\ncvta.shared.u64 %rd2, %rd1;\n"
                 "isspacep.shared %p1, %rd2;\nisspacep.global %p2, %rd2;\n"
                 "mov.u64 %rd3, loc;\ncvta.local.u64 %rd4, %rd3;\nisspacep.local %p3, %rd4;\n"
                 "cvta.to.shared.u64 %rd5, %rd2;\nsetp.eq.u64 %p4, %rd5, %rd1;\n"
                 "st.u32 [%rd2], %r10;\nld.shared.u32 %r1, [sh];\n"
                 "selp.u32 %r2, 1, 0, %p1;\nselp.u32 %r3, 2, 0, %p2;\nselp.u32 %r4, 4, 0, %p3;\n"
                 "selp.u32 %r5, 8, 0, %p4;\nadd.u32 %r6, %r2, %r3;\nadd.u32 %r6, %r6, %r4;\n"
                 "add.u32 %r6, %r6, %r5;\nshl.b32 %r7, %r1, 8;\nor.b32 %r0, %r6, %r7;", o) == 0)
        for (int l = 0; l < 32; l++)
            CHECK_EQ_INT(o[l], 1 + 4 + 8 + (31 << 8)); /* lanes store in order: 31 wins */
    /* activemask under divergence and %lanemask_lt */
    if (run_warp("and.b32 %r1, %r10, 3;\nsetp.eq.u32 %p1, %r1, 0;\nmov.u32 %r0, 0;\n"
                 "@!%p1 bra SKIP;\nactivemask.b32 %r0;\nSKIP:\n"
                 "mov.u32 %r2, %lanemask_lt;\nadd.u32 %r0, %r0, %r2;", o) == 0)
        for (int l = 0; l < 32; l++)
            CHECK_EQ_U64(o[l], ((l & 3) == 0 ? 0x11111111u : 0) + ((1u << l) - 1));
}

TEST(integer_arithmetic_wraps)
{
    CHECK_EQ_U64(r32("mov.u32 %r1, 0xffffffff;\nadd.u32 %r0, %r1, 2;"), 1);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x7fffffff;\nadd.sat.s32 %r0, %r1, 1;"), 0x7fffffff);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x80000000;\nsub.sat.s32 %r0, %r1, 1;"), 0x80000000);
    CHECK_EQ_U64(r32("mov.u32 %r1, 3;\nsub.u32 %r0, %r1, 5;"), 0xfffffffe);
    CHECK_EQ_U64(run("mov.u64 %rd1, 0xffffffffffffffff;\nadd.u64 %rd0, %rd1, 1;"), 0);
    CHECK_EQ_U64(r32("mov.u16 %h1, 0xffff;\nadd.u16 %h2, %h1, 3;\ncvt.u32.u16 %r0, %h2;"), 2);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x80000000;\nabs.s32 %r0, %r1;"), 0x80000000);
    CHECK_EQ_U64(r32("mov.u32 %r1, 5;\nneg.s32 %r0, %r1;"), 0xfffffffb);
    CHECK_EQ_U64(r32("mov.u32 %r1, -7;\nmin.s32 %r0, %r1, 3;"), (uint32_t)-7);
    CHECK_EQ_U64(r32("mov.u32 %r1, -7;\nmin.u32 %r0, %r1, 3;"), 3);
    CHECK_EQ_U64(r32("mov.u32 %r1, -7;\nmax.u32 %r0, %r1, 3;"), (uint32_t)-7);
    CHECK_EQ_U64(r32("mov.u32 %r1, 10;\nmov.u32 %r2, 3;\nsad.u32 %r0, %r2, %r1, 100;"), 107);
}

TEST(multiply_hi_lo_wide)
{
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x80000000;\nmul.hi.u32 %r0, %r1, 4;"), 2);
    CHECK_EQ_U64(r32("mov.u32 %r1, -2;\nmul.hi.s32 %r0, %r1, 3;"), 0xffffffff);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x10001;\nmul.lo.u32 %r0, %r1, 0x10001;"), 0x20001);
    CHECK_EQ_U64(run("mov.u32 %r1, -3;\nmul.wide.s32 %rd0, %r1, 5;"), (uint64_t)-15);
    CHECK_EQ_U64(run("mov.u32 %r1, 0xffffffff;\nmul.wide.u32 %rd0, %r1, 2;"), 0x1fffffffeull);
    CHECK_EQ_U64(r32("mov.u16 %h1, 0xffff;\nmul.wide.u16 %r0, %h1, %h1;"), 0xfffe0001u);
    CHECK_EQ_U64(r32("mov.u16 %h1, 0x8000;\nmul.hi.s16 %h2, %h1, 2;\ncvt.u32.u16 %r0, %h2;"), 0xffff);
    CHECK_EQ_U64(run("mov.u64 %rd1, 0xffffffffffffffff;\nmul.hi.u64 %rd0, %rd1, %rd1;"),
                 0xfffffffffffffffeull);
    CHECK_EQ_U64(run("mov.u64 %rd1, -1;\nmul.hi.s64 %rd0, %rd1, %rd1;"), 0);
    CHECK_EQ_U64(run("mov.u64 %rd1, 0x100000000;\nmul.hi.u64 %rd0, %rd1, %rd1;"), 1);
    CHECK_EQ_U64(run("mov.u32 %r1, 7;\nmov.u64 %rd1, 100;\nmad.wide.u32 %rd0, %r1, 6, %rd1;"), 142);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x00ffffff;\nmul24.lo.u32 %r0, %r1, 2;"), 0x01fffffe);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x7fffffff;\nmad.hi.sat.s32 %r0, %r1, %r1, 0x7fffffff;"), 0x7fffffff);
}

TEST(division_and_remainder_edge_cases)
{
    CHECK_EQ_U64(r32("mov.u32 %r1, 7;\ndiv.u32 %r0, %r1, 0;"), 0xffffffff);
    CHECK_EQ_U64(r32("mov.u32 %r1, 7;\nrem.u32 %r0, %r1, 0;"), 7);
    CHECK_EQ_U64(r32("mov.u32 %r1, -7;\ndiv.s32 %r0, %r1, 2;"), (uint32_t)-3);
    CHECK_EQ_U64(r32("mov.u32 %r1, -7;\nrem.s32 %r0, %r1, 2;"), (uint32_t)-1);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x80000000;\ndiv.s32 %r0, %r1, -1;"), 0x80000000);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x80000000;\nrem.s32 %r0, %r1, -1;"), 0);
    CHECK_EQ_U64(r32("mov.u32 %r1, 5;\ndiv.s32 %r0, %r1, 0;"), 0xffffffff);
    CHECK_EQ_U64(run("mov.u64 %rd1, 1000000000000;\ndiv.u64 %rd0, %rd1, 7;"), 142857142857ull);
}

TEST(shifts_by_width_or_more)
{
    CHECK_EQ_U64(r32("mov.u32 %r1, 1;\nshl.b32 %r0, %r1, 31;"), 0x80000000);
    CHECK_EQ_U64(r32("mov.u32 %r1, 1;\nshl.b32 %r0, %r1, 32;"), 0);
    CHECK_EQ_U64(r32("mov.u32 %r1, 1;\nmov.u32 %r2, 100;\nshl.b32 %r0, %r1, %r2;"), 0);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x80000000;\nshr.u32 %r0, %r1, 40;"), 0);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x80000000;\nshr.s32 %r0, %r1, 40;"), 0xffffffff);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x80000000;\nshr.s32 %r0, %r1, 4;"), 0xf8000000);
    CHECK_EQ_U64(run("mov.u64 %rd1, 1;\nshl.b64 %rd0, %rd1, 64;"), 0);
    CHECK_EQ_U64(run("mov.u64 %rd1, 0x8000000000000000;\nshr.s64 %rd0, %rd1, 63;"), ~0ull);
    CHECK_EQ_U64(r32("mov.u16 %h1, 0x8000;\nshr.s16 %h2, %h1, 20;\ncvt.u32.u16 %r0, %h2;"), 0xffff);
    /* shf: funnel shifts, wrap and clamp */
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x89abcdef;\nmov.u32 %r2, 0x01234567;\n"
                     "shf.l.wrap.b32 %r0, %r1, %r2, 8;"), 0x23456789);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x89abcdef;\nmov.u32 %r2, 0x01234567;\n"
                     "shf.r.wrap.b32 %r0, %r1, %r2, 40;"), 0x6789abcd);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x89abcdef;\nmov.u32 %r2, 0x01234567;\n"
                     "shf.r.clamp.b32 %r0, %r1, %r2, 40;"), 0x01234567);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x89abcdef;\nmov.u32 %r2, 0x01234567;\n"
                     "shf.l.clamp.b32 %r0, %r1, %r2, 33;"), 0x89abcdef);
}

TEST(bit_field_and_bit_counting)
{
    CHECK_EQ_U64(r32("mov.u32 %r1, 0xf0f0;\nbfe.u32 %r0, %r1, 4, 8;"), 0x0f);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0xf0f0;\nbfe.s32 %r0, %r1, 4, 4;"), 0xffffffff);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0xf0f0;\nbfe.s32 %r0, %r1, 4, 0;"), 0);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x80000000;\nbfe.s32 %r0, %r1, 40, 4;"), 0xffffffff);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x80000000;\nbfe.u32 %r0, %r1, 28, 8;"), 0x8);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0xffffffff;\nmov.u32 %r2, 0;\nbfi.b32 %r0, %r1, %r2, 4, 8;"), 0xff0);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0xffffffff;\nmov.u32 %r2, 0;\nbfi.b32 %r0, %r1, %r2, 28, 8;"),
                 0xf0000000);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0xffffffff;\nmov.u32 %r2, 5;\nbfi.b32 %r0, %r1, %r2, 40, 8;"), 5);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x00010000;\nbfind.u32 %r0, %r1;"), 16);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0;\nbfind.u32 %r0, %r1;"), 0xffffffff);
    CHECK_EQ_U64(r32("mov.u32 %r1, -1;\nbfind.s32 %r0, %r1;"), 0xffffffff);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0xffff0000;\nbfind.s32 %r0, %r1;"), 15);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x00010000;\nbfind.shiftamt.u32 %r0, %r1;"), 15);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0xf000000f;\npopc.b32 %r0, %r1;"), 8);
    CHECK_EQ_U64(r32("mov.u64 %rd1, -1;\npopc.b64 %r0, %rd1;"), 64);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0;\nclz.b32 %r0, %r1;"), 32);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x00800000;\nclz.b32 %r0, %r1;"), 8);
    CHECK_EQ_U64(r32("mov.u64 %rd1, 1;\nclz.b64 %r0, %rd1;"), 63);
    CHECK_EQ_U64(r32("mov.u32 %r1, 1;\nbrev.b32 %r0, %r1;"), 0x80000000);
    CHECK_EQ_U64(run("mov.u64 %rd1, 3;\nbrev.b64 %rd0, %rd1;"), 0xc000000000000000ull);
}

TEST(logic_lop3_prmt)
{
    CHECK_EQ_U64(r32("mov.u32 %r1, 0xff00ff00;\nnot.b32 %r0, %r1;"), 0x00ff00ff);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0;\ncnot.b32 %r0, %r1;"), 1);
    CHECK_EQ_U64(r32("mov.u32 %r1, 9;\ncnot.b32 %r0, %r1;"), 0);
    /* lut 0x96 = a ^ b ^ c; 0xe8 = majority; 0x80 = a & b & c */
    CHECK_EQ_U64(r32("mov.u32 %r1, 0xf0f0f0f0;\nmov.u32 %r2, 0xcccccccc;\nmov.u32 %r3, 0xaaaaaaaa;\n"
                     "lop3.b32 %r0, %r1, %r2, %r3, 0x96;"), 0xf0f0f0f0u ^ 0xccccccccu ^ 0xaaaaaaaau);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0xf0f0f0f0;\nmov.u32 %r2, 0xcccccccc;\nmov.u32 %r3, 0xaaaaaaaa;\n"
                     "lop3.b32 %r0, %r1, %r2, %r3, 0xe8;"), 0xe8e8e8e8);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x03020100;\nmov.u32 %r2, 0x07060504;\n"
                     "prmt.b32 %r0, %r1, %r2, 0x7531;"), 0x07050301);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x03028100;\nmov.u32 %r2, 0;\n"
                     "prmt.b32 %r0, %r1, %r2, 0x9910;"), 0xffff8100);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x03020100;\nmov.u32 %r2, 0x07060504;\n"
                     "prmt.b32.f4e %r0, %r1, %r2, 1;"), 0x04030201);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0x03020100;\nmov.u32 %r2, 0x07060504;\n"
                     "prmt.b32.rc8 %r0, %r1, %r2, 2;"), 0x02020202);
}

TEST(compare_select_and_predicates)
{
    CHECK_EQ_INT(pred("mov.u32 %r1, -1;\nsetp.lt.s32 %p0, %r1, 0;"), 1);
    CHECK_EQ_INT(pred("mov.u32 %r1, -1;\nsetp.lt.u32 %p0, %r1, 0;"), 0);
    CHECK_EQ_INT(pred("mov.u32 %r1, -1;\nsetp.hi.u32 %p0, %r1, 5;"), 1);
    CHECK_EQ_INT(pred("mov.f32 %f1, 0f7FC00000;\nsetp.eq.f32 %p0, %f1, %f1;"), 0);
    CHECK_EQ_INT(pred("mov.f32 %f1, 0f7FC00000;\nsetp.neu.f32 %p0, %f1, %f1;"), 1);
    CHECK_EQ_INT(pred("mov.f32 %f1, 0f7FC00000;\nsetp.nan.f32 %p0, %f1, %f1;"), 1);
    CHECK_EQ_INT(pred("mov.f32 %f1, 0f3F800000;\nsetp.num.f32 %p0, %f1, %f1;"), 1);
    CHECK_EQ_INT(pred("mov.f32 %f1, 0f7FC00000;\nsetp.ltu.f32 %p0, %f1, 0f00000000;"), 1);
    CHECK_EQ_INT(pred("mov.f32 %f1, 0f7FC00000;\nsetp.lt.f32 %p0, %f1, 0f00000000;"), 0);
    CHECK_EQ_INT(pred("mov.pred %p1, 0;\nmov.u32 %r1, 3;\n"
                      "setp.gt.and.s32 %p0, %r1, 1, %p1;"), 0);
    CHECK_EQ_INT(pred("mov.pred %p1, 0;\nmov.u32 %r1, 3;\n"
                      "setp.gt.or.s32 %p0, %r1, 5, !%p1;"), 1);
    CHECK_EQ_INT(pred("mov.u32 %r1, 3;\nsetp.gt.s32 %p2|%p0, %r1, 5;"), 1); /* q = !cmp */
    CHECK_EQ_INT(pred("mov.pred %p1, 1;\nmov.pred %p2, 1;\nxor.pred %p0, %p1, %p2;"), 0);
    CHECK_EQ_INT(pred("mov.pred %p1, 0;\nnot.pred %p0, %p1;"), 1);
    CHECK_EQ_U64(r32("mov.u32 %r1, 5;\nsetp.eq.u32 %p1, %r1, 5;\nselp.b32 %r0, 10, 20, %p1;"), 10);
    CHECK_EQ_U64(r32("mov.u32 %r1, -1;\nslct.u32.s32 %r0, 10, 20, %r1;"), 20);
    CHECK_EQ_U64(r32("mov.f32 %f1, 0f80000000;\nslct.u32.f32 %r0, 10, 20, %f1;"), 10);
    CHECK_EQ_U64(r32("mov.u32 %r1, 4;\nset.gt.u32.s32 %r0, %r1, 3;"), 0xffffffff);
    CHECK(f32r("mov.u32 %r1, 4;\nset.gt.f32.s32 %f0, %r1, 3;") == 1.0f);
    CHECK_EQ_INT(pred("mov.f32 %f1, 0f7F800000;\ntestp.infinite.f32 %p0, %f1;"), 1);
    CHECK_EQ_INT(pred("mov.f32 %f1, 0f00000001;\ntestp.subnormal.f32 %p0, %f1;"), 1);
    CHECK_EQ_INT(pred("mov.f32 %f1, 0f7FC00000;\ntestp.finite.f32 %p0, %f1;"), 0);
}

/* Every integer comparison on 32- and 64-bit signed and unsigned operands
 * spread over their range, against C, across a full warp and under a guard
 * that leaves a quarter of the lanes out (the engine's two lane loops; 32-bit
 * operands are compared as 32-bit values). */
static int int_cmp_ref(const char *op, int sgn, int wide, uint32_t a32, uint32_t b32)
{
    int64_t sa = wide ? (int64_t)(int32_t)a32 * 1000003 : (int32_t)a32;
    int64_t sb = (int32_t)b32;
    uint64_t ua = wide ? (uint64_t)sa : a32, ub = wide ? (uint64_t)sb : b32;
    int lt = sgn ? sa < sb : ua < ub, eq = ua == ub;
    if (!strcmp(op, "eq"))
        return eq;
    if (!strcmp(op, "ne"))
        return !eq;
    if (!strcmp(op, "lt") || !strcmp(op, "lo"))
        return lt;
    if (!strcmp(op, "le") || !strcmp(op, "ls"))
        return lt || eq;
    if (!strcmp(op, "gt") || !strcmp(op, "hi"))
        return !lt && !eq;
    return !lt; /* ge, hs */
}

TEST(integer_compares_every_operator)
{
    static const char *sops[] = { "eq", "ne", "lt", "le", "gt", "ge" };
    static const char *uops[] = { "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs" };
    const uint32_t offs[] = { 0, 0x80000000u, 0x7ffffff0u };
    for (int wide = 0; wide < 2; wide++)
        for (int sgn = 0; sgn < 2; sgn++)
            for (size_t oi = 0; oi < sizeof offs / sizeof *offs; oi++) {
                const uint32_t bs[] = { 0, 0xffffffffu, 0x7fffffffu, 0x80000000u,
                                        5u * 0x9E3779B9u + offs[oi] };
                for (size_t bi = 0; bi < sizeof bs / sizeof *bs; bi++)
                    for (size_t k = 0; k < (sgn ? 6u : 10u); k++) {
                        const char *op = sgn ? sops[k] : uops[k];
                        char type[8], body[2048];
                        snprintf(type, sizeof type, "%c%d", sgn ? 's' : 'u', wide ? 64 : 32);
                        const char *x = wide ? "%rd1" : "%r1", *y = wide ? "%rd2" : "%r2";
                        snprintf(body, sizeof body,
                                 "mul.lo.u32 %%r1, %%r10, -1640531527;\nadd.u32 %%r1, %%r1, %u;\n"
                                 "mov.u32 %%r2, %u;\nmul.wide.s32 %%rd1, %%r1, 1000003;\n"
                                 "cvt.s64.s32 %%rd2, %%r2;\nand.b32 %%r3, %%r10, 3;\n"
                                 "setp.ne.u32 %%p5, %%r3, 0;\nmov.u32 %%r0, 7;\n"
                                 "setp.%s.%s %%p0, %s, %s;\nselp.u32 %%r4, 1, 0, %%p0;\n"
                                 "@%%p5 setp.%s.%s %%p1, %s, %s;\n"
                                 "@%%p5 selp.u32 %%r0, 2, 0, %%p1;\nadd.u32 %%r0, %%r0, %%r4;",
                                 offs[oi], bs[bi], op, type, x, y, op, type, x, y);
                        uint32_t o[32];
                        if (run_warp(body, o))
                            return;
                        for (uint32_t l = 0; l < 32; l++) {
                            int c = int_cmp_ref(op, sgn, wide, l * 0x9E3779B9u + offs[oi], bs[bi]);
                            uint32_t want = (l % 4 ? (c ? 2u : 0u) : 7u) + (c ? 1u : 0u);
                            if (o[l] != want) {
                                CHECK_FAIL_AT_("setp.%s.%s lane %u, offset %#x, b %#x: %u, want %u",
                                               op, type, l, offs[oi], bs[bi], o[l], want);
                                return;
                            }
                        }
                    }
            }
}

TEST(float_arithmetic_nan_ftz_sat_rounding)
{
    CHECK(f32r("mov.f32 %f1, 0f3F800000;\nmov.f32 %f2, 0f40000000;\nadd.f32 %f0, %f1, %f2;") == 3.0f);
    /* min/max: a NaN operand gives the other; both NaN gives NaN */
    CHECK(f32r("mov.f32 %f1, 0f7FC00000;\nmin.f32 %f0, %f1, 0f40000000;") == 2.0f);
    CHECK(f32r("mov.f32 %f1, 0f7FC00000;\nmax.f32 %f0, 0f40000000, %f1;") == 2.0f);
    CHECK(isnan(f32r("mov.f32 %f1, 0f7FC00000;\nmax.f32 %f0, %f1, %f1;")));
    CHECK_EQ_U64(f32bits("mov.f32 %f1, 0f80000000;\nmin.f32 %f0, 0f00000000, %f1;"), 0x80000000);
    /* .ftz flushes subnormal inputs and results to signed zero */
    CHECK_EQ_U64(f32bits("mov.f32 %f1, 0f00400000;\nadd.ftz.f32 %f0, %f1, 0f00000000;"), 0);
    CHECK_EQ_U64(f32bits("mov.f32 %f1, 0f00400000;\nadd.f32 %f0, %f1, 0f00000000;"), 0x00400000);
    CHECK_EQ_U64(f32bits("mov.f32 %f1, 0f80400000;\nmul.ftz.f32 %f0, %f1, 0f3F800000;"), 0x80000000);
    /* .sat clamps to [0, 1], NaN to 0 */
    CHECK(f32r("mov.f32 %f1, 0f40000000;\nadd.sat.f32 %f0, %f1, 0f00000000;") == 1.0f);
    CHECK(f32r("mov.f32 %f1, 0fC0000000;\nmul.sat.f32 %f0, %f1, 0f3F800000;") == 0.0f);
    CHECK(f32r("mov.f32 %f1, 0f7FC00000;\nadd.sat.f32 %f0, %f1, %f1;") == 0.0f);
    /* rounding: 1 + 2^-24 rounds to 1 (rn, rz, rm) or up (rp) */
    CHECK_EQ_U64(f32bits("mov.f32 %f1, 0f3F800000;\nadd.rp.f32 %f0, %f1, 0f33800000;"), 0x3f800001);
    CHECK_EQ_U64(f32bits("mov.f32 %f1, 0f3F800000;\nadd.rn.f32 %f0, %f1, 0f33800000;"), 0x3f800000);
    CHECK_EQ_U64(f32bits("mov.f32 %f1, 0fBF800000;\nadd.rm.f32 %f0, %f1, 0fB3800000;"), 0xbf800001);
    CHECK_EQ_U64(f32bits("mov.f32 %f1, 0f3F800000;\ndiv.rz.f32 %f0, %f1, 0f40400000;"), 0x3eaaaaaa);
    CHECK_EQ_U64(f32bits("mov.f32 %f1, 0f3F800000;\ndiv.rn.f32 %f0, %f1, 0f40400000;"), 0x3eaaaaab);
    CHECK(f32r("mov.f32 %f1, 0f40000000;\nfma.rn.f32 %f0, %f1, %f1, 0f3F800000;") == 5.0f);
    CHECK(f64r("mov.f64 %fd1, 0d4000000000000000;\nfma.rn.f64 %fd0, %fd1, %fd1, 0d3FF0000000000000;") == 5.0);
    CHECK(f64r("mov.f64 %fd1, 0d4000000000000000;\ndiv.rn.f64 %fd0, 0d3FF0000000000000, %fd1;") == 0.5);
    CHECK_EQ_U64(f32bits("mov.f32 %f1, 0f7FC00001;\nabs.f32 %f0, %f1;"), 0x7fc00001);
    CHECK_EQ_U64(f32bits("mov.f32 %f1, 0f3F800000;\nneg.f32 %f0, %f1;"), 0xbf800000);
    CHECK(f32r("mov.f32 %f1, 0fC0000000;\ncopysign.f32 %f0, %f1, 0f40400000;") == -3.0f);
    CHECK(isnan(f32r("mov.f32 %f1, 0f7FC00000;\nmin.NaN.f32 %f0, %f1, 0f40000000;")));
    CHECK(f32r("mov.f32 %f1, 0fC0000000;\nfma.rn.relu.f32 %f0, %f1, %f1, 0fC1000000;") == 0.0f);
}

TEST(special_functions)
{
    CHECK(f32r("mov.f32 %f1, 0f40800000;\nsqrt.rn.f32 %f0, %f1;") == 2.0f);
    CHECK(f32r("mov.f32 %f1, 0f40800000;\nsqrt.approx.f32 %f0, %f1;") == 2.0f);
    CHECK(isnan(f32r("mov.f32 %f1, 0fBF800000;\nsqrt.rn.f32 %f0, %f1;")));
    CHECK(f32r("mov.f32 %f1, 0f40800000;\nrsqrt.approx.f32 %f0, %f1;") == 0.5f);
    CHECK(f32r("mov.f32 %f1, 0f40800000;\nrcp.rn.f32 %f0, %f1;") == 0.25f);
    CHECK(isinf(f32r("mov.f32 %f1, 0f00000000;\nrcp.approx.f32 %f0, %f1;")));
    CHECK(f32r("mov.f32 %f1, 0f40400000;\nex2.approx.f32 %f0, %f1;") == 8.0f);
    CHECK(f32r("mov.f32 %f1, 0f41000000;\nlg2.approx.f32 %f0, %f1;") == 3.0f);
    CHECK(isinf(f32r("mov.f32 %f1, 0f00000000;\nlg2.approx.f32 %f0, %f1;")));
    CHECK_NEAR(f32r("mov.f32 %f1, 0f3FC90FDB;\nsin.approx.f32 %f0, %f1;"), 1.0, 1e-6);
    CHECK_NEAR(f32r("mov.f32 %f1, 0f00000000;\ncos.approx.f32 %f0, %f1;"), 1.0, 0);
    CHECK_NEAR(f32r("mov.f32 %f1, 0f3F800000;\ntanh.approx.f32 %f0, %f1;"), tanh(1.0), 1e-6);
    CHECK(f64r("mov.f64 %fd1, 0d4010000000000000;\nsqrt.rn.f64 %fd0, %fd1;") == 2.0);
    CHECK(f64r("mov.f64 %fd1, 0d4010000000000000;\nrcp.rn.f64 %fd0, %fd1;") == 0.25);
}

TEST(conversions)
{
    /* float -> int: rounding modes, saturation, NaN -> 0 */
    CHECK_EQ_U64(r32("mov.f32 %f1, 0f40200000;\ncvt.rni.s32.f32 %r0, %f1;"), 2); /* 2.5 -> 2 */
    CHECK_EQ_U64(r32("mov.f32 %f1, 0f40600000;\ncvt.rni.s32.f32 %r0, %f1;"), 4); /* 3.5 -> 4 */
    CHECK_EQ_U64(r32("mov.f32 %f1, 0fC0200000;\ncvt.rzi.s32.f32 %r0, %f1;"), (uint32_t)-2);
    CHECK_EQ_U64(r32("mov.f32 %f1, 0fC0200000;\ncvt.rmi.s32.f32 %r0, %f1;"), (uint32_t)-3);
    CHECK_EQ_U64(r32("mov.f32 %f1, 0f40200000;\ncvt.rpi.s32.f32 %r0, %f1;"), 3);
    CHECK_EQ_U64(r32("mov.f32 %f1, 0f7FC00000;\ncvt.rzi.s32.f32 %r0, %f1;"), 0);
    CHECK_EQ_U64(r32("mov.f32 %f1, 0f7F800000;\ncvt.rzi.s32.f32 %r0, %f1;"), 0x7fffffff);
    CHECK_EQ_U64(r32("mov.f32 %f1, 0fCF800000;\ncvt.rzi.s32.f32 %r0, %f1;"), 0x80000000);
    CHECK_EQ_U64(r32("mov.f32 %f1, 0fBF800000;\ncvt.rzi.u32.f32 %r0, %f1;"), 0);
    CHECK_EQ_U64(r32("mov.f32 %f1, 0f4F800000;\ncvt.rzi.u32.f32 %r0, %f1;"), 0xffffffff);
    CHECK_EQ_U64(run("mov.f64 %fd1, 0dC3E0000000000001;\ncvt.rzi.s64.f64 %rd0, %fd1;"),
                 0x8000000000000000ull);
    /* int -> int: sign extension, truncation, saturation */
    CHECK_EQ_U64(run("mov.u32 %r1, -5;\ncvt.s64.s32 %rd0, %r1;"), (uint64_t)-5);
    CHECK_EQ_U64(run("mov.u32 %r1, -5;\ncvt.u64.u32 %rd0, %r1;"), 0xfffffffbull);
    CHECK_EQ_U64(r32("mov.u32 %r1, 300;\ncvt.u8.u32 %h1, %r1;\ncvt.u32.u16 %r0, %h1;"), 44);
    CHECK_EQ_U64(r32("mov.u32 %r1, 300;\ncvt.sat.u8.s32 %h1, %r1;\ncvt.u32.u16 %r0, %h1;"), 255);
    CHECK_EQ_U64(r32("mov.u32 %r1, -300;\ncvt.sat.s8.s32 %h1, %r1;\ncvt.s32.s8 %r0, %h1;"),
                 (uint32_t)-128);
    CHECK_EQ_U64(r32("mov.u32 %r1, -1;\ncvt.sat.u16.s32 %h1, %r1;\ncvt.u32.u16 %r0, %h1;"), 0);
    CHECK_EQ_U64(r32("mov.u32 %r1, 0xfffffff0;\ncvt.sat.s32.u32 %r0, %r1;"), 0x7fffffff);
    CHECK_EQ_U64(r32("mov.u16 %h1, 0x80;\ncvt.s32.s8 %r0, %h1;"), 0xffffff80);
    /* int -> float with rounding */
    CHECK(f32r("mov.u32 %r1, -7;\ncvt.rn.f32.s32 %f0, %r1;") == -7.0f);
    CHECK_EQ_U64(f32bits("mov.u32 %r1, 16777217;\ncvt.rn.f32.u32 %f0, %r1;"), 0x4b800000);
    CHECK_EQ_U64(f32bits("mov.u32 %r1, 16777217;\ncvt.rp.f32.u32 %f0, %r1;"), 0x4b800001);
    CHECK(f64r("mov.u64 %rd1, 0xffffffffffffffff;\ncvt.rn.f64.u64 %fd0, %rd1;") == 18446744073709551616.0);
    /* float -> float */
    CHECK_EQ_U64(f32bits("mov.f64 %fd1, 0d3FF0000010000000;\ncvt.rn.f32.f64 %f0, %fd1;"), 0x3f800000);
    CHECK_EQ_U64(f32bits("mov.f64 %fd1, 0d3FF0000010000000;\ncvt.rp.f32.f64 %f0, %fd1;"), 0x3f800001);
    CHECK(f64r("mov.f32 %f1, 0f3E800000;\ncvt.f64.f32 %fd0, %f1;") == 0.25);
    CHECK(f32r("mov.f32 %f1, 0f40300000;\ncvt.rni.f32.f32 %f0, %f1;") == 3.0f);
    CHECK(f32r("mov.f32 %f1, 0f40300000;\ncvt.rzi.f32.f32 %f0, %f1;") == 2.0f);
    CHECK(f32r("mov.f32 %f1, 0f40300000;\ncvt.sat.f32.f32 %f0, %f1;") == 1.0f);
    CHECK_EQ_U64(f32bits("mov.f32 %f1, 0f00400000;\ncvt.ftz.f32.f32 %f0, %f1;"), 0);
    /* half precision */
    CHECK_EQ_U64(r32("mov.f32 %f1, 0f3FC00000;\ncvt.rn.f16.f32 %h1, %f1;\ncvt.u32.u16 %r0, %h1;"), 0x3e00);
    CHECK(f32r("mov.b16 %h1, 0xc500;\ncvt.f32.f16 %f0, %h1;") == -5.0f);
    CHECK_EQ_U64(r32("mov.f32 %f1, 0f477FF000;\ncvt.rn.f16.f32 %h1, %f1;\ncvt.u32.u16 %r0, %h1;"), 0x7c00);
}

TEST(moves_and_packing)
{
    CHECK_EQ_U64(run("mov.u32 %r1, 0x11111111;\nmov.u32 %r2, 0x22222222;\nmov.b64 %rd0, {%r1, %r2};"),
                 0x2222222211111111ull);
    CHECK_EQ_U64(r32("mov.u64 %rd1, 0x2222222211111111;\nmov.b64 {%r1, %r0}, %rd1;"), 0x22222222);
    CHECK_EQ_U64(r32("mov.u16 %h1, 0x1234;\nmov.u16 %h2, 0xabcd;\nmov.b32 %r0, {%h1, %h2};"), 0xabcd1234);
    CHECK_EQ_U64(r32("mov.u32 %r0, %laneid;"), 0);
    CHECK_EQ_U64(r32("mov.u32 %r0, %lanemask_le;"), 1);
    CHECK_EQ_U64(r32("mov.u32 %r0, %lanemask_gt;"), 0xfffffffe);
    CHECK_EQ_U64(r32("mov.u32 %r0, WARP_SZ;"), 32);
    CHECK_EQ_U64(r32("mov.u32 %r0, %nsmid;"), 15);
}

TEST(carry_chains)
{
    /* 64-bit add from 32-bit halves: 0x00000001_ffffffff + 1 */
    CHECK_EQ_U64(run("mov.u32 %r1, 0xffffffff;\nmov.u32 %r2, 1;\n"
                     "add.cc.u32 %r3, %r1, 1;\naddc.u32 %r4, %r2, 0;\nmov.b64 %rd0, {%r3, %r4};"),
                 0x200000000ull);
    /* 0x00000001_00000000 - 1 */
    CHECK_EQ_U64(run("mov.u32 %r1, 0;\nmov.u32 %r2, 1;\n"
                     "sub.cc.u32 %r3, %r1, 1;\nsubc.u32 %r4, %r2, 0;\nmov.b64 %rd0, {%r3, %r4};"),
                 0xffffffffull);
}

/* A module with an instruction the engine lacks loads; a launch of a
 * kernel that reaches it fails, naming file, line and instruction, and the
 * module's other kernels run. */
static void check_refused(const char *body, const char *name, const char *want)
{
    char text[4096];
    snprintf(text, sizeof text,
             "%s%s\nmov.b64 %%rd0, 0;\n%s"
             ".visible .entry other(.param .u64 p)\n{\n.reg .b64 %%rd<2>;\n.reg .b32 %%r<2>;\n"
             "ld.param.u64 %%rd1, [p];\ncvta.to.global.u64 %%rd1, %%rd1;\n"
             "mov.u32 %%r1, 42;\nst.global.u32 [%%rd1], %%r1;\nret;\n}\n",
             head, body, tail);
    ccgpu_module *m = ccgpu_module_load_string(gpu, text, name);
    CHECK(m != NULL);
    if (!m)
        return;
    struct ccgpu_dim3 one = { 1, 1, 1 };
    void *args[] = { &out };
    CHECK(ccgpu_launch(gpu, m, "t", one, one, 0, args, 1) != 0);
    CHECK_STR_CONTAINS(ccgpu_error(gpu), want);
    CHECK(ccgpu_launch(gpu, m, "other", one, one, 0, args, 1) == 0);
    uint32_t v = 0;
    ccgpu_memcpy_dtoh(gpu, &v, out, 4);
    CHECK_EQ_U64(v, 42);
}

TEST(unimplemented_instruction_is_reported)
{
    check_refused("add.rn.f16x2 %r0, %r1, %r2;", "half.ptx",
                  "half.ptx:12: add: half-precision arithmetic");
    check_refused("setp.lt.f16 %p0, %h1, %h2;", "half2.ptx", "half2.ptx:12: setp: half");
    check_refused("cvt.rn.f16x2.f32 %r0, %f1, %f2;", "half3.ptx", "half3.ptx:12: cvt: packed");
    check_refused("wgmma.fence.sync.aligned;", "wg.ptx",
                  "wg.ptx:12: PTX instruction 'wgmma.fence.sync.aligned' is not supported by ccgpu");
    check_refused("frob.u32 %r0, %r1;", "frob.ptx", "frob.ptx:12: unknown opcode 'frob.u32'");
    char text[2048];
    snprintf(text, sizeof text, "%sdiv.rn.f32 %%f0, %%f1, %%f2;\nmov.b64 %%rd0, 0;\n%s", head, tail);
    CHECK(ccgpu_module_load_string(gpu, text, "ok.ptx") != NULL);
}

int main(void)
{
    char err[256];
    ccgpu_config *cfg = ccgpu_config_new();
    gpu = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    if (!gpu || ccgpu_malloc(gpu, &out, 8)) {
        printf("setup failed: %s\nRESULT passed=0 failed=1\n", err);
        return 1;
    }
    RUN(warp_level_instructions);
    RUN(integer_arithmetic_wraps);
    RUN(multiply_hi_lo_wide);
    RUN(division_and_remainder_edge_cases);
    RUN(shifts_by_width_or_more);
    RUN(bit_field_and_bit_counting);
    RUN(logic_lop3_prmt);
    RUN(compare_select_and_predicates);
    RUN(integer_compares_every_operator);
    RUN(float_arithmetic_nan_ftz_sat_rounding);
    RUN(special_functions);
    RUN(conversions);
    RUN(moves_and_packing);
    RUN(carry_chains);
    RUN(unimplemented_instruction_is_reported);
    ccgpu_destroy(gpu);
    return check_summary();
}
