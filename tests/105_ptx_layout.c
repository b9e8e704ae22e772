/* Symbol layout (global, const, shared windows, dynamic shared, local,
 * parameters, call frames), scoping, initializers, directives. */
#include "check.h"
#include "ptx/ptx.h"
#include <stdlib.h>

static char err[512];

static struct ptx_module *parse(const char *text)
{
    struct ptx_module *m = ptx_parse(text, "t.ptx", err, sizeof err);
    if (!m)
        printf("  parse failed: %s\n", err);
    return m;
}

static const struct ptx_symbol *sym(const struct ptx_module *m, const char *name, int scope)
{
    for (uint32_t i = 0; m && i < m->nsyms; i++)
        if (strcmp(m->syms[i].name, name) == 0 && (scope == -2 || m->syms[i].scope_func == scope))
            return &m->syms[i];
    printf("  no symbol %s\n", name);
    return NULL;
}

TEST(shared_windows)
{
    static const char text[] =
        ".version 9.0\n.target sm_80\n.address_size 64\n"
        ".shared .align 4 .b8 both[100];\n"    /* kernels a and b (through f) */
        ".shared .align 8 .b8 only_a[24];\n"
        ".shared .align 16 .b8 only_b[40];\n"
        ".shared .align 4 .b8 unused[1000];\n"
        ".extern .shared .align 8 .b8 dyn[];\n"
        ".extern .shared .align 64 .b8 dyn64[];\n"
        ".func f()\n{\n.reg .b64 %rd<2>;\nmov.u64 %rd1, both;\nret;\n}\n"
        ".visible .entry a()\n{\n.reg .b64 %rd<3>;\n"
        "mov.u64 %rd1, both;\nmov.u64 %rd2, only_a;\nret;\n}\n"
        ".visible .entry b()\n{\n.reg .b32 %r<2>;\n.reg .b64 %rd<3>;\n"
        ".shared .align 4 .b8 inner[8];\n"
        "call.uni f, ();\nld.shared.u32 %r1, [only_b+4];\nld.shared.u32 %r1, [inner];\n"
        "mov.u64 %rd1, dyn;\nret;\n}\n"
        ".visible .entry c()\n{\nret;\n}\n";
    struct ptx_module *m = parse(text);
    CHECK(m != NULL);
    if (!m)
        return;
    const struct ptx_symbol *both = sym(m, "both", -1), *oa = sym(m, "only_a", -1),
                            *ob = sym(m, "only_b", -1), *in = sym(m, "inner", -2),
                            *dyn = sym(m, "dyn", -1), *dyn64 = sym(m, "dyn64", -1);
    CHECK(both && oa && ob && in && dyn && dyn64);
    if (!both || !oa || !ob || !in || !dyn || !dyn64)
        goto out;
    /* common region first, then each kernel's private part from the same start */
    CHECK_EQ_INT(both->offset, 0);
    CHECK_EQ_INT(oa->offset, 104);  /* 100 aligned to 8 */
    CHECK_EQ_INT(ob->offset, 112);  /* 100 aligned to 16 */
    CHECK_EQ_INT(in->offset, 152);
    const struct ptx_function *a = ptx_find_function(m, "a"), *b = ptx_find_function(m, "b"),
                              *c = ptx_find_function(m, "c"), *f = ptx_find_function(m, "f");
    CHECK_EQ_INT(a->shared_bytes, 128);
    CHECK_EQ_INT(b->shared_bytes, 160);
    CHECK_EQ_INT(c->shared_bytes, 100); /* the common region is in every window */
    CHECK_EQ_INT(f->shared_bytes, 0);
    CHECK_EQ_INT(m->shared_bytes, 160);
    /* dynamic shared memory after the largest window, at the largest alignment */
    CHECK_EQ_INT(m->dyn_shared_offset, 192);
    CHECK_EQ_INT(dyn->offset, 192);
    CHECK_EQ_INT(dyn64->offset, 192);
    CHECK(dyn->size == 0 && dyn->is_extern);
    CHECK(b->uses_dyn_shared && !a->uses_dyn_shared && !c->uses_dyn_shared);
out:
    ptx_module_free(m);
}

TEST(globals_and_initializers)
{
    static const char text[] =
        ".version 9.0\n.target sm_75\n.address_size 64\n"
        ".global .u8 g0 = 255;\n"
        ".global .align 8 .u64 g1 = -1;\n"
        ".global .align 4 .s32 g2[2][3] = {{1, -2, 3}, {4, 5, 0x7fffffff}};\n"
        ".const .align 4 .f32 c0[] = {1, 0f40000000, 2.5, -0.5};\n"
        ".const .align 8 .f64 c1 = 0.1;\n"
        ".const .align 2 .b16 c2[3] = {1, 2};\n"   /* the rest is zero */
        ".global .align 8 .v2 .u32 v[2] = {1, 2, 3, 4};\n"
        ".weak .global .align 4 .u32 w;\n"
        "/* a comment\n spanning lines */\n"
        ".visible .entry k()\n{\nret;\n}\n";
    struct ptx_module *m = parse(text);
    CHECK(m != NULL);
    if (!m)
        return;
    const struct ptx_symbol *s = sym(m, "g0", -1);
    CHECK(s && s->offset == 0 && s->size == 1 && s->init && s->init[0] == 255);
    s = sym(m, "g1", -1);
    CHECK(s && s->offset == 8 && s->init && s->init[7] == 0xff);
    s = sym(m, "g2", -1);
    CHECK(s && s->offset == 16 && s->size == 24 && s->init);
    if (s && s->init) {
        int32_t v[6];
        memcpy(v, s->init, sizeof v);
        CHECK(v[0] == 1 && v[1] == -2 && v[2] == 3 && v[3] == 4 && v[5] == 0x7fffffff);
    }
    s = sym(m, "v", -1);
    CHECK(s && s->offset == 40 && s->size == 16 && s->init && s->init[12] == 4);
    s = sym(m, "w", -1);
    CHECK(s && s->offset == 56);
    CHECK_EQ_INT(m->global_bytes, 60);
    s = sym(m, "c0", -1);
    CHECK(s && s->size == 16 && s->init);
    if (s && s->init) {
        float f[4];
        memcpy(f, s->init, sizeof f);
        CHECK(f[0] == 1.0f && f[1] == 2.0f && f[2] == 2.5f && f[3] == -0.5f);
    }
    s = sym(m, "c1", -1);
    CHECK(s && s->offset == 16);
    if (s && s->init) {
        double d;
        memcpy(&d, s->init, 8);
        CHECK(d == 0.1);
    }
    s = sym(m, "c2", -1);
    CHECK(s && s->offset == 24 && s->size == 6 && s->init && s->init[2] == 2 && s->init[4] == 0);
    CHECK_EQ_INT(m->const_bytes, 30);
    ptx_module_free(m);
}

TEST(params_locals_frames)
{
    static const char text[] =
        ".version 9.0\n.target sm_75\n.address_size 64\n"
        ".func (.param .b32 r0, .param .align 8 .b8 r1[16]) f(.param .b32 a, .param .b64 b)\n"
        "{\n.reg .b32 %r<2>;\nld.param.b32 %r1, [a];\nst.param.b32 [r0], %r1;\nret;\n}\n"
        ".visible .entry k(.param .u32 p0, .param .align 8 .b8 p1[12],\n"
        "    .param .u64 .ptr .global .align 16 p2, .param .u8 p3)\n"
        ".maxntid 256, 1, 1\n.minnctapersm 4\n.maxnreg 40\n"
        "{\n.local .align 4 .b8 d0[6];\n.local .align 8 .b8 d1[8];\n"
        ".reg .b32 %r<3>;\n.reg .b64 %rd<2>;\n"
        "{ .param .b32 x0;\n.param .b64 x1;\n.param .b32 y0;\n.param .align 8 .b8 y1[16];\n"
        "st.param.b32 [x0], 1;\nst.param.b64 [x1], %rd1;\n"
        "call.uni (y0, y1), f, (x0, x1);\nld.param.b32 %r1, [y0]; }\n"
        "{ .param .b32 z0;\n.param .b64 z1;\n.param .b32 z2;\n.param .b8 z3[16];\n"
        "call (z2, z3), f, (z0, z1); }\n"
        "ret;\n}\n"
        ".visible .entry q() .reqntid 128\n{\nret;\n}\n";
    struct ptx_module *m = parse(text);
    CHECK(m != NULL);
    if (!m)
        return;
    int fi = ptx_find_function_index(m, "f"), ki = ptx_find_function_index(m, "k");
    const struct ptx_function *f = &m->funcs[fi], *k = &m->funcs[ki];
    CHECK_EQ_INT(f->nret_params, 2);
    CHECK_EQ_INT(f->ret_bytes, 24);
    CHECK_EQ_INT(f->param_bytes, 16);
    CHECK_EQ_INT(m->syms[f->params[1]].offset, 8);
    CHECK_EQ_INT(m->syms[f->ret_params[1]].offset, 8);
    /* kernel params: natural alignment, .align for arrays, .ptr's align not the param's */
    CHECK_EQ_INT(k->nparams, 4);
    CHECK_EQ_INT(m->syms[k->params[1]].offset, 8);
    CHECK_EQ_INT(m->syms[k->params[1]].size, 12);
    CHECK_EQ_INT(m->syms[k->params[2]].offset, 24);
    CHECK_EQ_INT(m->syms[k->params[2]].align, 8);
    CHECK_EQ_INT(m->syms[k->params[3]].offset, 32);
    CHECK_EQ_INT(k->param_bytes, 33);
    CHECK(k->maxntid[0] == 256 && k->maxntid[1] == 1 && k->maxntid[2] == 1);
    CHECK_EQ_INT(k->minnctapersm, 4);
    CHECK_EQ_INT(k->maxnreg, 40);
    const struct ptx_function *q = ptx_find_function(m, "q");
    CHECK(q && q->reqntid[0] == 128 && q->reqntid[1] == 1 && q->reqntid[2] == 1);
    /* locals: aligned one after the other */
    CHECK_EQ_INT(sym(m, "d1", ki)->offset, 8);
    CHECK_EQ_INT(k->local_bytes, 16);
    /* call frames: x0 0, x1 8, y0 16, y1 24..40; the second block reuses them */
    CHECK_EQ_INT(sym(m, "x1", ki)->offset, 8);
    CHECK_EQ_INT(sym(m, "y1", ki)->offset, 24);
    CHECK_EQ_INT(sym(m, "z0", ki)->offset, 0);
    CHECK_EQ_INT(sym(m, "z3", ki)->offset, 20);
    CHECK_EQ_INT(k->call_param_bytes, 40);
    /* the call lists */
    for (uint32_t i = 0; i < k->ninsts; i++) {
        const struct ptx_inst *in = &k->insts[i];
        if (in->op != PTX_OP_CALL)
            continue;
        CHECK(in->ops[0].count == 2 && in->ops[2].count == 2 && in->ops[1].index == (uint32_t)fi);
    }
    ptx_module_free(m);
}

TEST(scopes_and_names)
{
    static const char text[] =
        ".version 9.0\n.target sm_75\n.address_size 64\n"
        ".global .align 4 .u32 x;\n"
        ".pragma \"nounroll\";\n"
        ".extern .func (.param .b32 rv) ext(.param .b32 a);\n"
        ".func g();\n"                       /* prototype, defined below */
        ".visible .entry k()\n{\n"
        ".reg .b32 %r<3>;\n.reg .b32 plain<2>;\n.reg .pred %p<2>;\n"
        ".local .align 4 .u32 x;\n"          /* shadows the module's x */
        "ld.local.u32 %r1, [x];\n"           /* 0 */
        "{ .reg .b32 %r1;\n"
        "mov.u32 %r1, 5; }\n"                /* 1: the inner %r1 */
        "mov.u32 plain1, %r1;\n"             /* 2: registers need no % */
        "$L0: L1:\n"
        "add.s32 %r2, %r2, 1;\n"             /* 3 */
        ".pragma \"nounroll\";\n"
        "setp.lt.s32 %p1, %r2, 4;\n"         /* 4 */
        "@%p1 bra $L0;\n"                    /* 5 */
        "@!%p1 bra L1;\n"                    /* 6 */
        "call.uni g, ();\n"                  /* 7 */
        "ret;\n}\n"
        ".func g()\n{\nret;\n}\n"
        ".visible .entry k2()\n{\n.reg .b32 %r<2>;\nld.global.u32 %r1, [x];\nret;\n}\n";
    struct ptx_module *m = parse(text);
    CHECK(m != NULL);
    if (!m)
        return;
    int ki = ptx_find_function_index(m, "k");
    const struct ptx_function *k = &m->funcs[ki];
    CHECK_EQ_INT(k->ninsts, 9);
    CHECK_EQ_INT(m->syms[k->insts[0].ops[1].index].space, PTX_SPACE_LOCAL);
    uint32_t inner = k->insts[1].ops[0].index, outer = k->insts[2].ops[1].index;
    CHECK(inner != outer);
    CHECK(strcmp(k->reg_names[inner], "%r1") == 0 && strcmp(k->reg_names[outer], "%r1") == 0);
    CHECK(strcmp(k->reg_names[k->insts[2].ops[0].index], "plain1") == 0);
    CHECK_EQ_INT(k->nregs, 3 + 2 + 1);
    CHECK_EQ_INT(k->insts[5].target, 3);
    CHECK_EQ_INT(k->insts[6].target, 3);
    CHECK_EQ_INT(k->insts[7].ops[1].index, ptx_find_function_index(m, "g"));
    const struct ptx_function *k2 = ptx_find_function(m, "k2");
    CHECK(k2 && m->syms[k2->insts[0].ops[1].index].space == PTX_SPACE_GLOBAL);
    const struct ptx_function *ext = ptx_find_function(m, "ext");
    CHECK(ext && ext->is_extern && !ext->defined);
    const struct ptx_function *g = ptx_find_function(m, "g");
    CHECK(g && g->defined && g->ninsts == 1);
    CHECK(ptx_find_function(m, "nosuch") == NULL);
    CHECK_EQ_INT(ptx_find_function_index(m, "nosuch"), -1);
    ptx_module_free(m);
}

TEST(name_tables)
{
    CHECK(strcmp(ptx_opcode_name(PTX_OP_LD), "ld") == 0);
    CHECK(strcmp(ptx_opcode_name(PTX_OP_ACTIVEMASK), "activemask") == 0);
    CHECK(strcmp(ptx_opcode_name(PTX_OP_COUNT), "?") == 0);
    CHECK(strcmp(ptx_type_name(PTX_T_F16X2), "f16x2") == 0);
    CHECK(strcmp(ptx_type_name(PTX_T_F64), "f64") == 0);
    CHECK(strcmp(ptx_space_name(PTX_SPACE_SHARED), "shared") == 0);
    CHECK(strcmp(ptx_space_name(PTX_SPACE_COUNT), "?") == 0);
}

int main(void)
{
    RUN(shared_windows);
    RUN(globals_and_initializers);
    RUN(params_locals_frames);
    RUN(scopes_and_names);
    RUN(name_tables);
    return check_summary();
}
