/* PTX front end on real nvcc output: structure, decoded fields, symbols. */
#include "check.h"
#include "ptx/ptx.h"
#include "util/embedded.h"
#include <stdlib.h>

static struct ptx_module *load(const char *path)
{
    char err[256] = "";
    const char *text = embedded_find(path);
    if (!text) {
        printf("  missing embedded %s\n", path);
        return NULL;
    }
    struct ptx_module *m = ptx_parse(text, path, err, sizeof err);
    if (!m)
        printf("  parse error: %s\n", err);
    return m;
}

TEST(vecadd_structure)
{
    struct ptx_module *m = load("tests/ptx/vecadd.ptx");
    CHECK(m != NULL);
    if (!m)
        return;
    CHECK_EQ_INT(m->version_major, 9);
    CHECK_EQ_INT(m->version_minor, 0);
    CHECK(strcmp(m->target, "sm_75") == 0);
    CHECK_EQ_INT(m->address_size, 64);
    CHECK_EQ_INT(m->nfuncs, 1);
    const struct ptx_function *f = ptx_find_function(m, "_Z6vecaddPKfS0_Pfi");
    CHECK(f != NULL);
    if (!f)
        goto out;
    CHECK(f->is_entry);
    CHECK_EQ_INT(f->nparams, 4);
    CHECK_EQ_INT(f->param_bytes, 28);
    CHECK_EQ_INT(m->syms[f->params[3]].offset, 24);
    CHECK_EQ_INT(m->syms[f->params[3]].type, PTX_T_U32);
    CHECK_EQ_INT(f->npreds, 2);
    /* %f<4> %r<6> %rd<11> */
    CHECK_EQ_INT(f->nregs, 4 + 6 + 11);
    /* first instruction: ld.param.u64 %rd1, [param_0] */
    const struct ptx_inst *in = &f->insts[0];
    CHECK_EQ_INT(in->op, PTX_OP_LD);
    CHECK_EQ_INT(in->space, PTX_SPACE_PARAM);
    CHECK_EQ_INT(in->type, PTX_T_U64);
    CHECK_EQ_INT(in->ops[0].kind, PTX_OPND_REG);
    CHECK(strcmp(f->reg_names[in->ops[0].index], "%rd1") == 0);
    CHECK_EQ_INT(in->ops[1].kind, PTX_OPND_ADDR_SYM);
    CHECK_EQ_INT(in->ops[1].index, f->params[0]);
    /* the guarded branch and its reconvergence at the ret */
    uint32_t bra = PTX_NO_INDEX;
    for (uint32_t i = 0; i < f->ninsts; i++)
        if (f->insts[i].op == PTX_OP_BRA)
            bra = i;
    CHECK(bra != PTX_NO_INDEX);
    if (bra != PTX_NO_INDEX) {
        CHECK(f->insts[bra].guard != PTX_NO_INDEX);
        CHECK_EQ_INT(f->insts[bra].target, f->ninsts - 1);
        CHECK_EQ_INT(f->insts[f->insts[bra].target].op, PTX_OP_RET);
        CHECK_EQ_INT(f->insts[bra].reconv, f->ninsts - 1);
    }
out:
    ptx_module_free(m);
}

/* Every committed test kernel parses, and every decoded instruction is
 * sane: operands within range, branch targets resolved. */
TEST(all_test_kernels)
{
    int n = 0;
    for (size_t i = 0; i < embedded_file_count; i++) {
        const char *p = embedded_files[i].path;
        if (strncmp(p, "tests/ptx/", 10) != 0)
            continue;
        n++;
        struct ptx_module *m = load(p);
        CHECK(m != NULL);
        if (!m)
            continue;
        for (uint32_t fi = 0; fi < m->nfuncs; fi++) {
            const struct ptx_function *f = &m->funcs[fi];
            CHECK(f->defined || f->is_extern);
            for (uint32_t k = 0; k < f->ninsts; k++) {
                const struct ptx_inst *in = &f->insts[k];
                CHECK(in->op < PTX_OP_COUNT && in->nops <= PTX_MAX_OPERANDS && in->line > 0);
                if (in->op == PTX_OP_BRA)
                    CHECK(in->target < f->ninsts && in->target == in->ops[0].index);
                CHECK(in->reconv == PTX_NO_INDEX || in->reconv < f->ninsts);
                CHECK(in->guard == PTX_NO_INDEX || in->guard < f->npreds);
                for (unsigned j = 0; j < in->nops; j++) {
                    const struct ptx_operand *o = &in->ops[j];
                    if (o->kind == PTX_OPND_REG || o->kind == PTX_OPND_ADDR_REG)
                        CHECK(o->index < f->nregs || (o->kind == PTX_OPND_REG &&
                                                      o->index == PTX_NO_INDEX));
                    if (o->kind == PTX_OPND_PRED)
                        CHECK(o->index < f->npreds);
                    if (o->kind == PTX_OPND_SYMBOL || o->kind == PTX_OPND_ADDR_SYM)
                        CHECK(o->index < m->nsyms);
                    if (o->kind == PTX_OPND_VEC)
                        CHECK(o->index + o->count <= f->nvec_pool);
                    if (o->kind == PTX_OPND_SYMLIST)
                        CHECK(o->index + o->count <= f->nsym_pool);
                    if (o->kind == PTX_OPND_FUNC)
                        CHECK(o->index < m->nfuncs);
                }
            }
        }
        ptx_module_free(m);
    }
    CHECK(n >= 8);
}

static const struct ptx_symbol *sym(const struct ptx_module *m, const char *name)
{
    for (uint32_t i = 0; i < m->nsyms; i++)
        if (strcmp(m->syms[i].name, name) == 0)
            return &m->syms[i];
    printf("  no symbol %s\n", name);
    return NULL;
}

/* count of instructions of f with this opcode (and mode when mode >= 0) */
static int count_op(const struct ptx_function *f, enum ptx_opcode op, int mode)
{
    int n = 0;
    for (uint32_t i = 0; f && i < f->ninsts; i++)
        n += f->insts[i].op == op && (mode < 0 || f->insts[i].mode == mode);
    return n;
}

TEST(memory_layout)
{
    struct ptx_module *m = load("tests/ptx/memory.ptx");
    CHECK(m != NULL);
    if (!m)
        return;
    const struct ptx_symbol *s = sym(m, "coeff");
    CHECK(s && s->space == PTX_SPACE_CONST && s->offset == 0 && s->size == 16 && s->init);
    if (s && s->init) {
        float c2;
        memcpy(&c2, s->init + 8, 4);
        CHECK_NEAR(c2, 0.25, 0);
    }
    s = sym(m, "counter");
    CHECK(s && s->space == PTX_SPACE_GLOBAL && s->offset == 0 && s->size == 4 && !s->init);
    s = sym(m, "table");
    CHECK(s && s->offset == 4 && s->size == 12 && s->init && s->init[4] == 8 && s->init[11] == 0);
    CHECK_EQ_INT(m->global_bytes, 16);
    CHECK_EQ_INT(m->const_bytes, 16);
    const struct ptx_function *tile = ptx_find_function(m, "_Z4tilePfPKfi");
    const struct ptx_function *atom = ptx_find_function(m, "_Z7atomicsPiPjPfPdPy");
    const struct ptx_function *red = ptx_find_function(m, "_Z6reducePfPKf");
    const struct ptx_function *warp = ptx_find_function(m, "_Z4warpPiPKi");
    CHECK(tile && atom && red && warp);
    if (!tile || !atom || !red || !warp)
        goto out;
    /* each kernel's window holds only its own arrays */
    CHECK_EQ_INT(tile->shared_bytes, 1088);
    CHECK_EQ_INT(atom->shared_bytes, 128);
    CHECK_EQ_INT(red->shared_bytes, 0);
    CHECK_EQ_INT(warp->shared_bytes, 0);
    CHECK(red->uses_dyn_shared && !tile->uses_dyn_shared && !warp->uses_dyn_shared);
    s = sym(m, "_ZZ4tilePfPKfiE1t");
    CHECK(s && s->space == PTX_SPACE_SHARED && s->offset == 0 && s->scope_func >= 0);
    s = sym(m, "buf");
    CHECK(s && s->is_extern && s->size == 0 && s->align == 16);
    CHECK_EQ_INT(m->shared_bytes, 1088);
    CHECK_EQ_INT(m->dyn_shared_offset, 1088);
    if (s)
        CHECK_EQ_INT(s->offset, m->dyn_shared_offset);
    /* atomics: every operation of atomics() decodes */
    CHECK_EQ_INT(count_op(atom, PTX_OP_ATOM, PTX_ATOM_CAS), 1);
    CHECK(count_op(atom, PTX_OP_ATOM, PTX_ATOM_ADD) >= 4);
    CHECK_EQ_INT(count_op(atom, PTX_OP_ATOM, PTX_ATOM_EXCH), 1);
    CHECK_EQ_INT(count_op(atom, PTX_OP_ATOM, PTX_ATOM_INC), 1);
    CHECK_EQ_INT(count_op(atom, PTX_OP_ATOM, PTX_ATOM_DEC), 1);
    CHECK_EQ_INT(count_op(atom, PTX_OP_ATOM, PTX_ATOM_MIN), 1);
    CHECK_EQ_INT(count_op(atom, PTX_OP_ATOM, PTX_ATOM_MAX), 1);
    CHECK_EQ_INT(count_op(atom, PTX_OP_ATOM, PTX_ATOM_XOR), 1);
    for (uint32_t i = 0; i < atom->ninsts; i++) {
        const struct ptx_inst *in = &atom->insts[i];
        if (in->op == PTX_OP_ATOM && in->mode == PTX_ATOM_CAS)
            CHECK(in->nops == 4 && in->type == PTX_T_B32 && in->space == PTX_SPACE_GLOBAL);
        if (in->op == PTX_OP_ATOM && in->type == PTX_T_F64)
            CHECK(in->opclass == PTX_CLASS_MEM);
    }
    /* warp: shuffles with the |p destination, votes, activemask, syncwarp */
    CHECK_EQ_INT(count_op(warp, PTX_OP_SHFL, PTX_SHFL_DOWN), 5);
    CHECK_EQ_INT(count_op(warp, PTX_OP_SHFL, PTX_SHFL_UP), 1);
    CHECK_EQ_INT(count_op(warp, PTX_OP_SHFL, PTX_SHFL_BFLY), 1);
    CHECK_EQ_INT(count_op(warp, PTX_OP_SHFL, PTX_SHFL_IDX), 1);
    CHECK_EQ_INT(count_op(warp, PTX_OP_VOTE, PTX_VOTE_BALLOT), 1);
    CHECK_EQ_INT(count_op(warp, PTX_OP_VOTE, PTX_VOTE_ALL), 1);
    CHECK_EQ_INT(count_op(warp, PTX_OP_VOTE, PTX_VOTE_ANY), 1);
    CHECK_EQ_INT(count_op(warp, PTX_OP_ACTIVEMASK, -1), 1);
    CHECK_EQ_INT(count_op(warp, PTX_OP_BAR, PTX_BAR_WARP_SYNC), 1);
    CHECK_EQ_INT(count_op(red, PTX_OP_BAR, PTX_BAR_SYNC), 2);
    for (uint32_t i = 0; i < warp->ninsts; i++)
        if (warp->insts[i].op == PTX_OP_SHFL)
            CHECK(warp->insts[i].nops == 6 && warp->insts[i].ops[1].kind == PTX_OPND_PRED);
    /* the dynamic shared array is addressed through its symbol */
    int uses_buf = 0;
    for (uint32_t i = 0; i < red->ninsts; i++)
        for (unsigned j = 0; j < red->insts[i].nops; j++)
            if (red->insts[i].ops[j].kind == PTX_OPND_SYMBOL &&
                strcmp(m->syms[red->insts[i].ops[j].index].name, "buf") == 0)
                uses_buf = 1;
    CHECK(uses_buf);
out:
    ptx_module_free(m);
}

TEST(calls_locals_printf)
{
    struct ptx_module *m = load("tests/ptx/control.ptx");
    CHECK(m != NULL);
    if (!m)
        return;
    int si = ptx_find_function_index(m, "_Z5scalefi");
    int vp = ptx_find_function_index(m, "vprintf");
    CHECK(si >= 0 && vp >= 0);
    if (si < 0 || vp < 0)
        goto out;
    const struct ptx_function *scale = &m->funcs[si], *vprintf_f = &m->funcs[vp];
    CHECK(!scale->is_entry && scale->defined && scale->nparams == 2 && scale->nret_params == 1);
    CHECK_EQ_INT(scale->param_bytes, 8);
    CHECK_EQ_INT(scale->ret_bytes, 4);
    CHECK(m->syms[scale->ret_params[0]].is_ret_param);
    CHECK(m->syms[scale->params[1]].is_func_param && m->syms[scale->params[1]].offset == 4);
    CHECK(vprintf_f->is_extern && !vprintf_f->defined && vprintf_f->nparams == 2);
    const struct ptx_function *early = ptx_find_function(m, "_Z5earlyPfPKfi");
    CHECK(early != NULL);
    for (uint32_t i = 0; early && i < early->ninsts; i++) {
        const struct ptx_inst *in = &early->insts[i];
        if (in->op != PTX_OP_CALL)
            continue;
        CHECK(in->flags & PTX_F_UNI);
        CHECK(in->nops == 3 && in->ops[1].kind == PTX_OPND_FUNC && in->ops[1].index == (uint32_t)si);
        CHECK(in->ops[0].kind == PTX_OPND_SYMLIST && in->ops[0].count == 1);
        CHECK(in->ops[2].kind == PTX_OPND_SYMLIST && in->ops[2].count == 2);
        const struct ptx_symbol *r = &m->syms[early->sym_pool[in->ops[0].index]];
        const struct ptx_symbol *a1 = &m->syms[early->sym_pool[in->ops[2].index + 1]];
        CHECK(strcmp(r->name, "retval0") == 0 && r->space == PTX_SPACE_PARAM &&
              !r->is_func_param && !r->is_ret_param);
        CHECK(strcmp(a1->name, "param1") == 0 && a1->size == 4);
        /* args and results of one call scope do not overlap in the frame */
        CHECK(a1->offset + a1->size <= early->call_param_bytes);
        CHECK(r->offset + r->size <= early->call_param_bytes);
        CHECK(r->offset >= a1->offset + a1->size || a1->offset >= r->offset + r->size);
    }
    const struct ptx_function *loc = ptx_find_function(m, "_Z6localsPii");
    CHECK(loc && loc->local_bytes == 80);
    CHECK(count_op(loc, PTX_OP_CALL, -1) == 1);
    const struct ptx_symbol *str = sym(m, "$str");
    CHECK(str && str->space == PTX_SPACE_GLOBAL && str->init &&
          memcmp(str->init, "k=%d first=%d\n", 15) == 0);
    /* mov.u64 %SPL, __local_depot4 */
    int depot = 0;
    for (uint32_t i = 0; loc && i < loc->ninsts; i++)
        if (loc->insts[i].op == PTX_OP_MOV && loc->insts[i].ops[1].kind == PTX_OPND_SYMBOL) {
            const struct ptx_symbol *d = &m->syms[loc->insts[i].ops[1].index];
            if (strncmp(d->name, "__local_depot", 13) == 0)
                depot = d->space == PTX_SPACE_LOCAL && d->offset == 0 && d->size == 80 &&
                        d->align == 16;
        }
    CHECK(depot);
out:
    ptx_module_free(m);
}

TEST(debug_and_lineinfo)
{
    struct ptx_module *m = load("tests/ptx/control_lineinfo.ptx");
    CHECK(m != NULL);
    if (m) {
        CHECK(m->nfiles >= 2 && m->files[1] && strstr(m->files[1], "control.cu"));
        const struct ptx_function *f = ptx_find_function(m, "_Z6ifelsePiPKi");
        CHECK(f && f->ninsts > 2);
        if (f) {
            CHECK_EQ_INT(f->insts[f->ninsts - 1].loc_file, 1);
            /* the kernel spans lines 13-21 of control.cu */
            CHECK(f->insts[f->ninsts - 1].loc_line >= 13 && f->insts[f->ninsts - 1].loc_line <= 21);
        }
    }
    ptx_module_free(m);
    struct ptx_module *g = load("tests/ptx/control_g.ptx");
    struct ptx_module *o = load("tests/ptx/control.ptx");
    CHECK(g && o);
    if (g && o) {
        CHECK(strcmp(g->target, "sm_75") == 0); /* ".target sm_75, debug" */
        for (uint32_t i = 0; i < o->nfuncs; i++) /* same functions, -G or not */
            CHECK(ptx_find_function(g, o->funcs[i].name) != NULL);
        const struct ptx_function *f = ptx_find_function(g, "_Z6localsPii");
        CHECK(f && f->local_bytes >= 64);
    }
    ptx_module_free(g);
    ptx_module_free(o);
    m = load("tests/ptx/memory_sm90.ptx");
    CHECK(m && strcmp(m->target, "sm_90") == 0);
    ptx_module_free(m);
    /* ".loc 1 2 73, function_name ..., inlined_at 1 4 30" and launch bounds */
    m = load("tests/ptx/inline_lineinfo.ptx");
    CHECK(m != NULL);
    if (m) {
        const struct ptx_function *lb = ptx_find_function(m, "_Z2lbPf");
        CHECK(lb && lb->maxntid[0] == 128 && lb->maxntid[1] == 1 && lb->minnctapersm == 4);
        const struct ptx_function *k = ptx_find_function(m, "_Z1kPf");
        int inlined_line = 0;
        for (uint32_t i = 0; k && i < k->ninsts; i++)
            inlined_line |= k->insts[i].loc_file == 1 && k->insts[i].loc_line == 2;
        CHECK(inlined_line); /* sq() is on line 2 of inline.cu */
    }
    ptx_module_free(m);
}

TEST(misc_and_fast_math)
{
    struct ptx_module *m = load("tests/ptx/misc_fast.ptx");
    CHECK(m != NULL);
    if (!m)
        return;
    const struct ptx_function *f = ptx_find_function(m, "_Z6floatsPKfP6__halfi");
    if (!f)
        f = ptx_find_function(m, "_Z6floatsPfPKfP6__halfi");
    CHECK(f != NULL);
    CHECK(count_op(f, PTX_OP_EX2, -1) >= 1);
    CHECK(count_op(f, PTX_OP_SIN, -1) >= 1);
    CHECK(count_op(f, PTX_OP_TANH, -1) >= 1);
    int cvt_f16 = 0, testp_or_setp_nan = 0;
    for (uint32_t i = 0; f && i < f->ninsts; i++) {
        const struct ptx_inst *in = &f->insts[i];
        if (in->op == PTX_OP_CVT && in->type == PTX_T_F16 && in->stype == PTX_T_F32)
            cvt_f16 = in->round == PTX_RND_RN;
        if (in->op == PTX_OP_EX2 || in->op == PTX_OP_SIN)
            CHECK((in->flags & PTX_F_APPROX) && in->opclass == PTX_CLASS_SFU);
        if (in->op == PTX_OP_SETP && (in->mode == PTX_CMP_NAN || in->mode == PTX_CMP_NEU ||
                                      in->mode == PTX_CMP_GTU))
            testp_or_setp_nan = 1;
    }
    CHECK(cvt_f16);
    (void)testp_or_setp_nan;
    const struct ptx_function *b = ptx_find_function(m, "_Z4bitsPjPKjPy");
    CHECK(b != NULL);
    CHECK(count_op(b, PTX_OP_PRMT, -1) == 1);
    CHECK(count_op(b, PTX_OP_SHF, -1) == 2);
    CHECK(count_op(b, PTX_OP_BREV, -1) == 1);
    CHECK(count_op(b, PTX_OP_MEMBAR, -1) == 2);
    const struct ptx_function *l = ptx_find_function(m, "_Z3ldgPfPKfPVi");
    int nc = 0, vol = 0, cs = 0;
    for (uint32_t i = 0; l && i < l->ninsts; i++) {
        nc += (l->insts[i].flags & PTX_F_NC) != 0;
        vol += (l->insts[i].flags & PTX_F_VOLATILE) != 0;
        cs += l->insts[i].cache == PTX_CACHE_CS;
    }
    CHECK(l && nc == 1 && vol == 1 && cs == 2);
    ptx_module_free(m);
}

/* CUDA idioms (tests/ptx/idioms.cu): calls to external functions, block
 * reductions, match, dp4a, fences, templates, extern "C". */
TEST(idioms)
{
    struct ptx_module *m = load("tests/ptx/idioms.ptx");
    CHECK(m != NULL);
    if (!m)
        return;
    const char *ext[] = { "vprintf", "malloc", "free", "__assertfail" };
    for (int i = 0; i < 4; i++) {
        const struct ptx_function *f = ptx_find_function(m, ext[i]);
        CHECK(f && f->is_extern && !f->defined && f->ninsts == 0);
    }
    const struct ptx_function *mal = ptx_find_function(m, "malloc");
    CHECK(mal && mal->nret_params == 1 && mal->nparams == 1);
    CHECK(ptx_find_function(m, "cfun") && ptx_find_function(m, "_Z2tkIfEvPT_"));
    const struct ptx_function *s1 = ptx_find_function(m, "_Z2s1P6float4PKS_PdPiPyP7__half2");
    CHECK(s1 != NULL);
    if (!s1)
        goto out;
    int popc = 0, andp = 0, orp = 0, calls = 0;
    for (uint32_t i = 0; i < s1->ninsts; i++) {
        const struct ptx_inst *in = &s1->insts[i];
        if (in->op == PTX_OP_BAR && in->mode == PTX_BAR_RED) {
            popc += in->boolop == PTX_BOOL_POPC && in->type == PTX_T_U32 &&
                    in->ops[0].kind == PTX_OPND_REG;
            andp += in->boolop == PTX_BOOL_AND && in->ops[0].kind == PTX_OPND_PRED;
            orp += in->boolop == PTX_BOOL_OR && in->ops[0].kind == PTX_OPND_PRED;
            CHECK(in->ops[in->nops - 1].kind == PTX_OPND_PRED);
        }
        if (in->op == PTX_OP_CALL)
            calls++;
        if (in->op == PTX_OP_LD && in->vec == 4)
            CHECK((in->flags & PTX_F_NC) && in->type == PTX_T_F32 && in->ops[0].count == 4);
        if (in->op == PTX_OP_ATOM && in->mode == PTX_ATOM_CAS)
            CHECK(in->type == PTX_T_B64 && in->nops == 4);
    }
    CHECK(popc == 1 && andp == 1 && orp == 1);
    CHECK_EQ_INT(calls, 4); /* __assertfail, malloc, vprintf, free */
    CHECK_EQ_INT(count_op(s1, PTX_OP_MATCH, PTX_VOTE_ANY), 1);
    CHECK_EQ_INT(count_op(s1, PTX_OP_DP4A, -1), 1);
    CHECK_EQ_INT(count_op(s1, PTX_OP_TRAP, -1), 1);
    CHECK_EQ_INT(count_op(s1, PTX_OP_NANOSLEEP, -1), 1);
    CHECK(count_op(s1, PTX_OP_MEMBAR, -1) >= 1);
out:
    ptx_module_free(m);
}

int main(void)
{
    RUN(vecadd_structure);
    RUN(all_test_kernels);
    RUN(memory_layout);
    RUN(calls_locals_printf);
    RUN(debug_and_lineinfo);
    RUN(misc_and_fast_math);
    RUN(idioms);
    return check_summary();
}
