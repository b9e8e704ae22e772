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

int main(void)
{
    RUN(vecadd_structure);
    return check_summary();
}
