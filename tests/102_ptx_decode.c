/* Decoding of hand-written PTX: every instruction family of the issue, the
 * operand forms, and immediates converted to their operand's type. */
#include "check.h"
#include "ptx/ptx.h"
#include <stdlib.h>

#define HEADER                                                                  \
    ".version 9.0\n.target sm_75\n.address_size 64\n"                          \
    ".global .align 4 .u32 gv[4] = {1, 2, 3, 4};\n"                            \
    ".visible .entry k(.param .u64 k_p0, .param .u32 k_p1)\n{\n"                \
    ".reg .pred %p<5>;\n.reg .b16 %rs<5>;\n.reg .b32 %r<20>;\n"                 \
    ".reg .f32 %f<10>;\n.reg .b64 %rd<10>;\n.reg .f64 %fd<5>;\n"

static char err[512];
static struct ptx_module *mod;

/* Parses HEADER + body + "ret; }" and returns the first instruction. */
static const struct ptx_inst *one(const char *body)
{
    static char text[8192];
    ptx_module_free(mod);
    snprintf(text, sizeof text, "%s%s\nret;\n}\n", HEADER, body);
    mod = ptx_parse(text, "t.ptx", err, sizeof err);
    if (!mod) {
        printf("  parse failed: %s\n  for: %s\n", err, body);
        return NULL;
    }
    return &mod->funcs[0].insts[0];
}

/* The body must be rejected with a message containing `what`. */
static int fails(const char *body, const char *what)
{
    static char text[8192];
    snprintf(text, sizeof text, "%s%s\nret;\n}\n", HEADER, body);
    struct ptx_module *m = ptx_parse(text, "t.ptx", err, sizeof err);
    ptx_module_free(m);
    if (!m && strstr(err, what))
        return 1;
    printf("  expected failure '%s' for: %s (got: %s)\n", what, body, m ? "success" : err);
    return 0;
}

static const char *reg(uint32_t idx)
{
    return idx < mod->funcs[0].nregs ? mod->funcs[0].reg_names[idx] : "?";
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static uint64_t dbits(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

TEST(arith_widths)
{
    const struct ptx_inst *in = one("mul.wide.s32 %rd1, %r1, 4;");
    CHECK(in && in->op == PTX_OP_MUL && in->type == PTX_T_S32 && (in->flags & PTX_F_WIDE));
    if (in)
        CHECK_EQ_U64(in->ops[2].value, 4);
    in = one("mul.hi.u64 %rd1, %rd2, %rd3;");
    CHECK(in && (in->flags & PTX_F_HI) && in->type == PTX_T_U64);
    in = one("mad.lo.s32 %r1, %r2, 3, 1;");
    CHECK(in && in->op == PTX_OP_MAD && (in->flags & PTX_F_LO) && in->nops == 4);
    in = one("mad.wide.u32 %rd1, %r2, %r3, 7;");
    CHECK(in && in->nops == 4);
    in = one("add.cc.u32 %r1, %r2, %r3;");
    CHECK(in && (in->flags & PTX_F_CC));
    in = one("addc.cc.u32 %r1, %r2, 0;");
    CHECK(in && in->op == PTX_OP_ADDC && (in->flags & PTX_F_CC));
    in = one("subc.u32 %r1, %r2, %r3;");
    CHECK(in && in->op == PTX_OP_SUBC && !(in->flags & PTX_F_CC));
    in = one("madc.hi.cc.u32 %r1, %r2, %r3, %r4;");
    CHECK(in && in->op == PTX_OP_MADC && (in->flags & PTX_F_HI) && (in->flags & PTX_F_CC));
    in = one("add.rn.ftz.sat.f32 %f1, %f2, %f3;");
    CHECK(in && in->round == PTX_RND_RN && (in->flags & PTX_F_FTZ) && (in->flags & PTX_F_SAT));
    in = one("fma.rn.f64 %fd1, %fd2, %fd3, %fd4;");
    CHECK(in && in->opclass == PTX_CLASS_DP);
    in = one("div.rn.f32 %f1, %f2, %f3;");
    CHECK(in && in->opclass == PTX_CLASS_SFU && in->round == PTX_RND_RN);
    in = one("div.full.f32 %f1, %f2, %f3;");
    CHECK(in && (in->flags & PTX_F_FULL));
    in = one("div.s32 %r1, %r2, %r3;");
    CHECK(in && in->opclass == PTX_CLASS_SFU);
    in = one("rem.u64 %rd1, %rd2, 10;");
    CHECK(in && in->op == PTX_OP_REM && in->type == PTX_T_U64);
    in = one("add.s16 %rs1, %rs2, -1;");
    if (in)
        CHECK_EQ_U64(in->ops[2].value, 0xffff);
    in = one("abs.ftz.f32 %f1, %f2;");
    CHECK(in && in->op == PTX_OP_ABS && (in->flags & PTX_F_FTZ));
    in = one("neg.s32 %r1, %r2;");
    CHECK(in && in->op == PTX_OP_NEG && in->nops == 2);
    in = one("min.NaN.f32 %f1, %f2, %f3;");
    CHECK(in && in->op == PTX_OP_MIN && (in->flags & PTX_F_NAN));
    in = one("max.u32 %r1, %r2, 5;");
    CHECK(in && in->op == PTX_OP_MAX);
    in = one("copysign.f32 %f1, %f2, %f3;");
    CHECK(in && in->op == PTX_OP_COPYSIGN && in->nops == 3);
    in = one("mul24.lo.s32 %r1, %r2, %r3;");
    CHECK(in && in->op == PTX_OP_MUL24);
    in = one("sad.u32 %r1, %r2, %r3, %r4;");
    CHECK(in && in->op == PTX_OP_SAD);
}

TEST(bits)
{
    const struct ptx_inst *in = one("bfe.u32 %r1, %r2, 5, 10;");
    CHECK(in && in->op == PTX_OP_BFE && in->nops == 4);
    in = one("bfi.b32 %r1, %r2, %r3, 8, 4;");
    CHECK(in && in->op == PTX_OP_BFI && in->nops == 5);
    in = one("bfind.shiftamt.u32 %r1, %r2;");
    CHECK(in && (in->flags & PTX_F_SHIFTAMT));
    in = one("popc.b64 %r1, %rd2;");
    CHECK(in && in->op == PTX_OP_POPC && in->type == PTX_T_B64);
    in = one("clz.b32 %r1, %r2;");
    CHECK(in && in->op == PTX_OP_CLZ);
    in = one("brev.b32 %r1, %r2;");
    CHECK(in && in->op == PTX_OP_BREV);
    in = one("prmt.b32 %r1, %r2, %r3, 0x3210;");
    CHECK(in && in->op == PTX_OP_PRMT && in->mode == PTX_PRMT_DEFAULT);
    if (in)
        CHECK_EQ_U64(in->ops[3].value, 0x3210);
    in = one("prmt.b32.f4e %r1, %r2, %r3, %r4;");
    CHECK(in && in->mode == PTX_PRMT_F4E);
    in = one("lop3.b32 %r1, %r2, %r3, %r4, 0x96;");
    CHECK(in && in->op == PTX_OP_LOP3 && in->nops == 5);
    in = one("shf.l.wrap.b32 %r1, %r2, %r3, %r4;");
    CHECK(in && in->op == PTX_OP_SHF && (in->flags & PTX_F_SHIFT_LEFT) &&
          !(in->flags & PTX_F_SHIFT_CLAMP));
    in = one("shf.r.clamp.b32 %r1, %r2, %r3, 7;");
    CHECK(in && !(in->flags & PTX_F_SHIFT_LEFT) && (in->flags & PTX_F_SHIFT_CLAMP));
    in = one("shl.b64 %rd1, %rd2, 2;");
    CHECK(in && in->op == PTX_OP_SHL);
    in = one("shr.s32 %r1, %r2, 31;");
    CHECK(in && in->op == PTX_OP_SHR && in->type == PTX_T_S32);
    in = one("and.b64 %rd1, %rd2, -4294967296;");
    if (in)
        CHECK_EQ_U64(in->ops[2].value, 0xffffffff00000000ull);
    in = one("not.b32 %r1, %r2;");
    CHECK(in && in->op == PTX_OP_NOT);
    in = one("cnot.b32 %r1, %r2;");
    CHECK(in && in->op == PTX_OP_CNOT);
    in = one("xor.pred %p1, %p2, %p3;");
    CHECK(in && in->ops[0].kind == PTX_OPND_PRED && in->ops[2].kind == PTX_OPND_PRED);
    in = one("dp4a.u32.u32 %r1, %r2, %r3, %r4;");
    CHECK(in && in->op == PTX_OP_DP4A && in->stype == PTX_T_U32);
}

TEST(compare_select)
{
    static const char *const cmps[] = { "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi",
                                        "hs", "equ", "neu", "ltu", "leu", "gtu", "geu", "num",
                                        "nan" };
    char buf[128];
    for (int c = 0; c < 18; c++) {
        int is_u = c >= 6 && c <= 9, is_f = c >= 10;
        snprintf(buf, sizeof buf, "setp.%s.%s %%p1, %%%s1, %%%s2;", cmps[c],
                 is_u ? "u32" : is_f ? "f32" : "s32", is_f ? "f" : "r", is_f ? "f" : "r");
        const struct ptx_inst *in = one(buf);
        CHECK(in && in->op == PTX_OP_SETP && in->mode == c && in->nops == 5);
        if (in) {
            CHECK_EQ_INT(in->ops[1].kind, PTX_OPND_NONE);
            CHECK_EQ_INT(in->ops[4].kind, PTX_OPND_NONE);
            CHECK_EQ_INT(in->stype, in->type);
        }
    }
    const struct ptx_inst *in = one("setp.lt.and.s32 %p1|%p2, %r1, 5, !%p3;");
    CHECK(in && in->boolop == PTX_BOOL_AND && in->nops == 5);
    if (in) {
        CHECK_EQ_INT(in->ops[1].kind, PTX_OPND_PRED);
        CHECK_EQ_INT(in->ops[2].kind, PTX_OPND_REG);
        CHECK_EQ_INT(in->ops[3].kind, PTX_OPND_IMM);
        CHECK_EQ_U64(in->ops[3].value, 5);
        CHECK(in->ops[4].kind == PTX_OPND_PRED && (in->ops[4].flags & PTX_OPNDF_NOT));
    }
    in = one("setp.ge.or.f64 %p1, %fd1, 0d3FF0000000000000, %p2;");
    CHECK(in && in->boolop == PTX_BOOL_OR && in->opclass == PTX_CLASS_DP);
    if (in)
        CHECK_EQ_U64(in->ops[3].value, dbits(1.0));
    in = one("setp.ne.xor.ftz.f32 %p1, %f1, 0f3F800000, %p2;");
    CHECK(in && in->boolop == PTX_BOOL_XOR && (in->flags & PTX_F_FTZ));
    in = one("selp.b32 %r1, -1, 0, %p1;");
    CHECK(in && in->op == PTX_OP_SELP && in->ops[3].kind == PTX_OPND_PRED);
    if (in)
        CHECK_EQ_U64(in->ops[1].value, 0xffffffffu);
    in = one("set.gt.u32.f32 %r1, %f1, %f2;");
    CHECK(in && in->op == PTX_OP_SET && in->type == PTX_T_U32 && in->stype == PTX_T_F32);
    in = one("slct.f32.s32 %f1, %f2, %f3, %r1;");
    CHECK(in && in->op == PTX_OP_SLCT && in->type == PTX_T_F32 && in->stype == PTX_T_S32);
    in = one("testp.notanumber.f32 %p1, %f1;");
    CHECK(in && in->op == PTX_OP_TESTP && in->mode == PTX_TESTP_NOTANUMBER &&
          in->ops[0].kind == PTX_OPND_PRED);
}

TEST(conversions)
{
    const struct ptx_inst *in = one("cvt.rn.f32.s32 %f1, %r1;");
    CHECK(in && in->op == PTX_OP_CVT && in->type == PTX_T_F32 && in->stype == PTX_T_S32 &&
          in->round == PTX_RND_RN);
    in = one("cvt.rzi.ftz.sat.s32.f32 %r1, %f1;");
    CHECK(in && in->round == PTX_RND_RZI && (in->flags & PTX_F_FTZ) && (in->flags & PTX_F_SAT));
    in = one("cvt.u64.u32 %rd1, %r1;");
    CHECK(in && in->type == PTX_T_U64 && in->stype == PTX_T_U32);
    in = one("cvt.rn.f16.f32 %rs1, %f1;");
    CHECK(in && in->type == PTX_T_F16);
    in = one("cvt.f64.f32 %fd1, %f1;");
    CHECK(in && in->opclass == PTX_CLASS_DP);
    in = one("cvt.rn.f16x2.f32 %r1, %f1, %f2;");
    CHECK(in && (in->flags & PTX_F_CVT_PACK) && in->nops == 3);
    in = one("cvta.to.global.u64 %rd1, %rd2;");
    CHECK(in && in->op == PTX_OP_CVTA && in->space == PTX_SPACE_GLOBAL &&
          (in->flags & PTX_F_TO_SPACE));
    in = one("cvta.shared.u64 %rd1, %rd2;");
    CHECK(in && in->space == PTX_SPACE_SHARED && !(in->flags & PTX_F_TO_SPACE));
    in = one("cvta.global.u64 %rd1, gv;");
    CHECK(in && in->ops[1].kind == PTX_OPND_SYMBOL);
    in = one("isspacep.shared %p1, %rd1;");
    CHECK(in && in->op == PTX_OP_ISSPACEP && in->space == PTX_SPACE_SHARED);
}

TEST(moves)
{
    const struct ptx_inst *in = one("mov.u32 %r1, %tid.y;");
    CHECK(in && in->ops[1].kind == PTX_OPND_SREG && in->ops[1].index == PTX_SREG_TID &&
          in->ops[1].dim == 1);
    in = one("mov.u32 %r1, %laneid;");
    CHECK(in && in->ops[1].index == PTX_SREG_LANEID);
    in = one("mov.u64 %rd1, %clock64;");
    CHECK(in && in->ops[1].index == PTX_SREG_CLOCK64);
    in = one("mov.u32 %r1, %lanemask_lt;");
    CHECK(in && in->ops[1].index == PTX_SREG_LANEMASK_LT);
    in = one("mov.u32 %r1, WARP_SZ;");
    CHECK(in && in->ops[1].index == PTX_SREG_WARPSIZE);
    in = one("mov.u64 %rd1, gv;");
    CHECK(in && in->ops[1].kind == PTX_OPND_SYMBOL && in->ops[1].value == 0);
    in = one("mov.u64 %rd1, gv+4;");
    CHECK(in && in->ops[1].kind == PTX_OPND_SYMBOL && in->ops[1].value == 4);
    in = one("mov.b64 %rd1, {%r1, %r2};");
    CHECK(in && in->ops[1].kind == PTX_OPND_VEC && in->ops[1].count == 2);
    if (in) {
        const struct ptx_function *f = &mod->funcs[0];
        CHECK(strcmp(reg(f->vec_pool[in->ops[1].index]), "%r1") == 0);
        CHECK(strcmp(reg(f->vec_pool[in->ops[1].index + 1]), "%r2") == 0);
    }
    in = one("mov.b64 {%r1, _}, %rd1;");
    CHECK(in && in->ops[0].kind == PTX_OPND_VEC);
    if (in)
        CHECK_EQ_U64(mod->funcs[0].vec_pool[in->ops[0].index + 1], PTX_NO_INDEX);
    in = one("mov.b32 {%rs1, %rs2}, %r1;");
    CHECK(in && in->ops[0].count == 2);
    in = one("mov.f32 %f1, 0f3F800000;");
    if (in)
        CHECK_EQ_U64(in->ops[1].value, 0x3f800000);
    in = one("mov.f32 %f1, 1;"); /* integer literal to f32: the float's bits */
    if (in)
        CHECK_EQ_U64(in->ops[1].value, fbits(1.0f));
    in = one("mov.f32 %f1, -2.5;");
    if (in)
        CHECK_EQ_U64(in->ops[1].value, fbits(-2.5f));
    in = one("mov.f64 %fd1, 0.1;");
    if (in)
        CHECK_EQ_U64(in->ops[1].value, dbits(0.1));
    in = one("mov.f64 %fd1, 0f3F800000;"); /* f32 literal widened */
    if (in)
        CHECK_EQ_U64(in->ops[1].value, dbits(1.0));
    in = one("mov.b32 %r1, 0f3F800000;");
    if (in)
        CHECK_EQ_U64(in->ops[1].value, 0x3f800000);
    in = one("mov.u32 %r1, 0xFFFFFFFF;");
    if (in)
        CHECK_EQ_U64(in->ops[1].value, 0xffffffffu);
    in = one("mov.s64 %rd1, -9223372036854775808;");
    if (in)
        CHECK_EQ_U64(in->ops[1].value, 0x8000000000000000ull);
    in = one("mov.u32 %r1, 017;"); /* octal */
    if (in)
        CHECK_EQ_U64(in->ops[1].value, 15);
    in = one("mov.pred %p1, 1;");
    CHECK(in && in->ops[0].kind == PTX_OPND_PRED);
    in = one("mov.f32 %f1, -0f3F800000;");
    if (in)
        CHECK_EQ_U64(in->ops[1].value, 0xbf800000u);
}

TEST(memory_ops)
{
    const struct ptx_inst *in = one("ld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1+16];");
    CHECK(in && in->op == PTX_OP_LD && in->space == PTX_SPACE_GLOBAL && (in->flags & PTX_F_NC) &&
          in->vec == 4 && in->ops[0].kind == PTX_OPND_VEC && in->ops[0].count == 4 &&
          in->opclass == PTX_CLASS_MEM);
    if (in)
        CHECK_EQ_INT(in->ops[1].value, 16);
    in = one("ld.f32 %f1, [%rd1+-4];");
    CHECK(in && in->space == PTX_SPACE_GENERIC && in->ops[1].kind == PTX_OPND_ADDR_REG);
    if (in)
        CHECK_EQ_INT(in->ops[1].value, -4);
    in = one("ld.shared.u32 %r1, [0x1000];");
    CHECK(in && in->ops[1].kind == PTX_OPND_ADDR_IMM && in->ops[1].value == 0x1000);
    in = one("ld.global.u32 %r1, [gv+8];");
    CHECK(in && in->ops[1].kind == PTX_OPND_ADDR_SYM && in->ops[1].value == 8);
    in = one("ld.volatile.shared.u32 %r1, [%rd1];");
    CHECK(in && (in->flags & PTX_F_VOLATILE));
    in = one("ld.relaxed.gpu.global.u32 %r1, [%rd1];");
    CHECK(in && (in->flags & PTX_F_RELAXED) && (in->flags & PTX_F_SCOPE_GPU));
    in = one("ld.acquire.sys.u32 %r1, [%rd1];");
    CHECK(in && (in->flags & PTX_F_ACQUIRE) && (in->flags & PTX_F_SCOPE_SYS));
    static const char *const caches[] = { "ca", "cg", "cs", "lu", "cv" };
    for (int i = 0; i < 5; i++) {
        char buf[96];
        snprintf(buf, sizeof buf, "ld.global.%s.u32 %%r1, [%%rd1];", caches[i]);
        in = one(buf);
        CHECK(in && in->cache == PTX_CACHE_CA + i);
    }
    in = one("ld.global.L1::no_allocate.L2::128B.f32 %f1, [%rd1];");
    CHECK(in && in->op == PTX_OP_LD);
    in = one("ld.local.u32 %r1, [%rd1];");
    CHECK(in && in->space == PTX_SPACE_LOCAL);
    in = one("ld.const.f32 %f1, [%rd1];");
    CHECK(in && in->space == PTX_SPACE_CONST);
    in = one("ld.param.u32 %r1, [k_p1];");
    CHECK(in && in->space == PTX_SPACE_PARAM && in->ops[1].kind == PTX_OPND_ADDR_SYM);
    in = one("ldu.global.f32 %f1, [%rd1];");
    CHECK(in && in->op == PTX_OP_LDU);
    in = one("st.global.wb.v2.f32 [%rd1], {%f1, %f2};");
    CHECK(in && in->op == PTX_OP_ST && in->cache == PTX_CACHE_WB && in->vec == 2 &&
          in->ops[0].kind == PTX_OPND_ADDR_REG && in->ops[1].kind == PTX_OPND_VEC);
    in = one("st.shared.wt.u32 [%rd1+4], 7;");
    CHECK(in && in->cache == PTX_CACHE_WT && in->ops[1].kind == PTX_OPND_IMM);
    in = one("st.release.gpu.u32 [%rd1], %r1;");
    CHECK(in && (in->flags & PTX_F_RELEASE));
    in = one("prefetch.global.L2 [%rd1];");
    CHECK(in && in->op == PTX_OP_PREFETCH && in->mode == 2 && in->space == PTX_SPACE_GLOBAL);
}

TEST(atomics)
{
    static const char *const ops[] = { "add", "min", "max", "inc", "dec", "exch", "and", "or",
                                       "xor" };
    static const int codes[] = { PTX_ATOM_ADD, PTX_ATOM_MIN, PTX_ATOM_MAX, PTX_ATOM_INC,
                                 PTX_ATOM_DEC, PTX_ATOM_EXCH, PTX_ATOM_AND, PTX_ATOM_OR,
                                 PTX_ATOM_XOR };
    static const char *const spaces[] = { "global.", "shared.", "" };
    static const char *const types[] = { "u32", "s32", "u64", "b32", "b64" };
    char buf[128];
    for (int o = 0; o < 9; o++)
        for (int s = 0; s < 3; s++) {
            int bitwise = codes[o] == PTX_ATOM_AND || codes[o] == PTX_ATOM_OR ||
                          codes[o] == PTX_ATOM_XOR || codes[o] == PTX_ATOM_EXCH;
            int t = bitwise ? 3 + (o + s) % 2 : (o + s) % 3;
            snprintf(buf, sizeof buf, "atom.%s%s.%s %%%s1, [%%rd1], %%%s2;", spaces[s], ops[o],
                     types[t], t == 2 || t == 4 ? "rd" : "r", t == 2 || t == 4 ? "rd" : "r");
            const struct ptx_inst *in = one(buf);
            CHECK(in && in->op == PTX_OP_ATOM && in->mode == codes[o] && in->nops == 3 &&
                  in->space == (s == 0   ? PTX_SPACE_GLOBAL
                                : s == 1 ? PTX_SPACE_SHARED
                                         : PTX_SPACE_GENERIC));
        }
    const struct ptx_inst *in = one("atom.global.cas.b32 %r1, [%rd1], %r2, %r3;");
    CHECK(in && in->mode == PTX_ATOM_CAS && in->nops == 4);
    in = one("atom.global.add.f32 %f1, [%rd1], 0f3FC00000;");
    CHECK(in && in->type == PTX_T_F32);
    if (in)
        CHECK_EQ_U64(in->ops[2].value, fbits(1.5f));
    in = one("atom.global.add.f64 %fd1, [%rd1], %fd2;");
    CHECK(in && in->type == PTX_T_F64 && in->opclass == PTX_CLASS_MEM);
    in = one("atom.relaxed.gpu.global.add.u32 %r1, [%rd1], 1;");
    CHECK(in && (in->flags & PTX_F_RELAXED) && (in->flags & PTX_F_SCOPE_GPU));
    in = one("atom.add.noftz.f16 %rs1, [%rd1], %rs2;");
    CHECK(in && (in->flags & PTX_F_NOFTZ));
    in = one("red.global.add.u32 [%rd1], %r1;");
    CHECK(in && in->op == PTX_OP_RED && in->nops == 2 && in->ops[0].kind == PTX_OPND_ADDR_REG);
    in = one("red.shared.max.s32 [%rd1+8], -3;");
    CHECK(in && in->mode == PTX_ATOM_MAX && in->space == PTX_SPACE_SHARED);
    if (in)
        CHECK_EQ_U64(in->ops[1].value, 0xfffffffdu);
}

TEST(sync_and_warp)
{
    const struct ptx_inst *in = one("bar.sync 0;");
    CHECK(in && in->op == PTX_OP_BAR && in->mode == PTX_BAR_SYNC && in->nops == 1 &&
          (in->flags & PTX_F_ALIGNED) && in->opclass == PTX_CLASS_BARRIER);
    in = one("bar.sync 1, 64;");
    CHECK(in && in->nops == 2);
    in = one("bar.arrive 1, 64;");
    CHECK(in && in->mode == PTX_BAR_ARRIVE);
    in = one("bar.red.popc.u32 %r1, 0, %p1;");
    CHECK(in && in->mode == PTX_BAR_RED && in->boolop == PTX_BOOL_POPC && in->nops == 3 &&
          in->ops[2].kind == PTX_OPND_PRED);
    in = one("bar.red.and.pred %p1, 0, !%p2;");
    CHECK(in && in->boolop == PTX_BOOL_AND && in->ops[0].kind == PTX_OPND_PRED &&
          (in->ops[2].flags & PTX_OPNDF_NOT));
    in = one("barrier.sync 0;");
    CHECK(in && in->op == PTX_OP_BARRIER && in->mode == PTX_BAR_SYNC &&
          !(in->flags & PTX_F_ALIGNED));
    in = one("barrier.sync.aligned 0;");
    CHECK(in && (in->flags & PTX_F_ALIGNED));
    in = one("bar.warp.sync -1;");
    CHECK(in && in->mode == PTX_BAR_WARP_SYNC);
    if (in)
        CHECK_EQ_U64(in->ops[0].value, 0xffffffffu);
    in = one("membar.gl;");
    CHECK(in && in->op == PTX_OP_MEMBAR && (in->flags & PTX_F_SCOPE_GPU) &&
          in->opclass == PTX_CLASS_MEMBAR);
    in = one("membar.cta;");
    CHECK(in && (in->flags & PTX_F_SCOPE_CTA));
    in = one("fence.sc.gpu;");
    CHECK(in && in->op == PTX_OP_FENCE && (in->flags & PTX_F_SC));
    in = one("fence.acq_rel.sys;");
    CHECK(in && (in->flags & PTX_F_ACQUIRE) && (in->flags & PTX_F_RELEASE));
    in = one("shfl.sync.down.b32 %r1|%p1, %r2, 1, 31, -1;");
    CHECK(in && in->op == PTX_OP_SHFL && in->mode == PTX_SHFL_DOWN && in->nops == 6 &&
          in->ops[1].kind == PTX_OPND_PRED);
    in = one("shfl.sync.idx.b32 %r1, %r2, %r3, 31, %r4;");
    CHECK(in && in->mode == PTX_SHFL_IDX && in->nops == 6 && in->ops[1].kind == PTX_OPND_NONE &&
          in->ops[2].kind == PTX_OPND_REG && in->ops[5].kind == PTX_OPND_REG);
    in = one("shfl.sync.up.b32 %r1, %r2, 1, 0, -1;");
    CHECK(in && in->mode == PTX_SHFL_UP);
    in = one("shfl.sync.bfly.b32 %r1, %r2, 3, 31, -1;");
    CHECK(in && in->mode == PTX_SHFL_BFLY);
    in = one("vote.sync.ballot.b32 %r1, %p1, -1;");
    CHECK(in && in->op == PTX_OP_VOTE && in->mode == PTX_VOTE_BALLOT &&
          in->ops[0].kind == PTX_OPND_REG && in->ops[1].kind == PTX_OPND_PRED);
    in = one("vote.sync.all.pred %p1, %p2, -1;");
    CHECK(in && in->mode == PTX_VOTE_ALL && in->ops[0].kind == PTX_OPND_PRED);
    in = one("vote.sync.any.pred %p1, !%p2, -1;");
    CHECK(in && (in->ops[1].flags & PTX_OPNDF_NOT));
    /* '!' only on setp/set/bar.red/vote predicate sources */
    CHECK(fails("selp.b32 %r1, 1, 0, !%p2;", "'!' is not allowed on operand 4 of 'selp'"));
    in = one("vote.sync.uni.pred %p1, %p2, %r1;");
    CHECK(in && in->mode == PTX_VOTE_UNI);
    in = one("activemask.b32 %r1;");
    CHECK(in && in->op == PTX_OP_ACTIVEMASK && in->nops == 1);
    in = one("match.any.sync.b32 %r1, %r2, -1;");
    CHECK(in && in->op == PTX_OP_MATCH && in->nops == 4);
}

TEST(special_functions)
{
    static const char *const names[] = { "sqrt.rn.f32", "sqrt.approx.f32", "rsqrt.approx.f32",
                                         "rcp.rn.f32", "rcp.approx.ftz.f64", "ex2.approx.ftz.f32",
                                         "lg2.approx.f32", "sin.approx.f32", "cos.approx.ftz.f32",
                                         "tanh.approx.f32" };
    static const int ops[] = { PTX_OP_SQRT, PTX_OP_SQRT, PTX_OP_RSQRT, PTX_OP_RCP, PTX_OP_RCP,
                               PTX_OP_EX2, PTX_OP_LG2, PTX_OP_SIN, PTX_OP_COS, PTX_OP_TANH };
    for (int i = 0; i < 10; i++) {
        char buf[96];
        int d = strstr(names[i], "f64") != NULL;
        snprintf(buf, sizeof buf, "%s %%%s1, %%%s2;", names[i], d ? "fd" : "f", d ? "fd" : "f");
        const struct ptx_inst *in = one(buf);
        CHECK(in && in->op == ops[i] && in->opclass == (d ? PTX_CLASS_DP : PTX_CLASS_SFU));
    }
}

TEST(control)
{
    const struct ptx_inst *in = one("@!%p1 bra.uni L1;\nadd.s32 %r1, %r1, 1;\nL1:");
    CHECK(in && in->op == PTX_OP_BRA && in->guard_not && (in->flags & PTX_F_UNI) &&
          in->target == 2 && in->ops[0].kind == PTX_OPND_LABEL && in->ops[0].index == 2 &&
          in->opclass == PTX_CLASS_BRANCH);
    in = one("@%p2 exit;");
    CHECK(in && in->op == PTX_OP_EXIT && in->guard != PTX_NO_INDEX && !in->guard_not);
    in = one("trap;");
    CHECK(in && in->op == PTX_OP_TRAP);
    in = one("nanosleep.u32 100;");
    CHECK(in && in->op == PTX_OP_NANOSLEEP && in->nops == 1);
    in = one("ret.uni;");
    CHECK(in && in->op == PTX_OP_RET && (in->flags & PTX_F_UNI));
    in = one("brkpt;");
    CHECK(in && in->op == PTX_OP_BRKPT);
}

TEST(format_round_trip)
{
    static const char *const lines[] = {
        "ld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1+16];",
        "setp.lt.and.s32 %p1|%p2, %r1, 5, !%p3;",
        "shfl.sync.down.b32 %r1|%p1, %r2, 1, 31, -1;",
        "atom.global.cas.b32 %r1, [%rd1], %r2, %r3;",
        "mul.wide.s32 %rd1, %r1, 4;",
        "cvt.rzi.ftz.s32.f32 %r1, %f1;",
        "@!%p1 exit;",
        "mov.u32 %r1, %ctaid.z;",
        "st.shared.u32 [gv+4], -3;",
        "fma.rn.f32 %f1, %f2, 0f3F800000, %f3;",
        "match.any.sync.b32 %r1, %r2, -1;",
        "vote.sync.ballot.b32 %r1, %p1, -1;",
        "bar.red.popc.u32 %r1, 0, %p1;",
        "membar.gl;",
        "ld.volatile.shared.v2.u32 {%r1, _}, [%rd1+-8];",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        const struct ptx_inst *in = one(lines[i]);
        char buf[256];
        if (!in)
            continue;
        ptx_inst_format(mod, &mod->funcs[0], in, buf, sizeof buf);
        if (strcmp(buf, lines[i]) != 0) {
            CHECK_STR_CONTAINS(buf, lines[i]);
        }
    }
    /* a too-small buffer is truncated, NUL-terminated, and the length reported */
    const struct ptx_inst *in = one(lines[0]);
    char small[8];
    if (in) {
        int n = ptx_inst_format(mod, &mod->funcs[0], in, small, sizeof small);
        CHECK_EQ_INT(n, (int)strlen(lines[0]));
        CHECK_EQ_INT(strlen(small), 7);
    }
}

int main(void)
{
    RUN(arith_widths);
    RUN(bits);
    RUN(compare_select);
    RUN(conversions);
    RUN(moves);
    RUN(memory_ops);
    RUN(atomics);
    RUN(sync_and_warp);
    RUN(special_functions);
    RUN(control);
    RUN(format_round_trip);
    ptx_module_free(mod);
    return check_summary();
}
