/* Disassembly round trip: every instruction of every committed test kernel
 * and benchmark
 * is written back with ptx_inst_format, the text is parsed again (with the
 * same registers and symbols declared), and the decoded instruction must be
 * the same field for field. Calls are left out (their argument scopes are
 * not reconstructed); a nanosleep keeps the instruction numbering and the
 * control flow. Names declared in several scopes are declared once. */
#include "check.h"
#include "ptx/ptx.h"
#include "util/embedded.h"
#include <stdlib.h>

struct text {
    char *p;
    size_t len, cap;
};

static void add(struct text *t, const char *s)
{
    size_t n = strlen(s);
    if (t->len + n + 1 > t->cap) {
        t->cap = (t->len + n + 1) * 2;
        t->p = realloc(t->p, t->cap);
        if (!t->p)
            abort();
    }
    memcpy(t->p + t->len, s, n + 1);
    t->len += n;
}

/* Rewrites "@N" branch targets into "LN" labels. */
static void fix_labels(char *s)
{
    for (char *p = strchr(s, '@'); p; p = strchr(p + 1, '@'))
        if (p > s && p[-1] == ' ' && p[1] >= '0' && p[1] <= '9')
            *p = 'L';
}

/* The function f of m as a fresh module text. */
static void rebuild(const struct ptx_module *m, const struct ptx_function *f, struct text *t)
{
    char line[512];
    add(t, ".version 9.0\n.target sm_75\n.address_size 64\n");
    /* every symbol the function names, as a global byte array (names can
     * repeat across call scopes: declared once) */
    uint8_t *seen = calloc(m->nsyms + 1, 1);
    for (uint32_t i = 0; i < f->ninsts; i++)
        for (unsigned j = 0; j < f->insts[i].nops; j++) {
            const struct ptx_operand *o = &f->insts[i].ops[j];
            if ((o->kind == PTX_OPND_SYMBOL || o->kind == PTX_OPND_ADDR_SYM) && !seen[o->index]) {
                int dup = 0;
                for (uint32_t k = 0; k < m->nsyms; k++)
                    if (seen[k] && strcmp(m->syms[k].name, m->syms[o->index].name) == 0)
                        dup = 1;
                seen[o->index] = 1;
                if (dup)
                    continue;
                snprintf(line, sizeof line, ".global .align 8 .b8 %s[%llu];\n",
                         m->syms[o->index].name,
                         (unsigned long long)(m->syms[o->index].size + 1));
                add(t, line);
            }
        }
    free(seen);
    add(t, ".visible .entry rt()\n{\n");
    for (uint32_t r = 0; r < f->npreds; r++) {
        int dup = 0;
        for (uint32_t q = 0; q < r && !dup; q++)
            dup = strcmp(f->pred_names[q], f->pred_names[r]) == 0;
        if (dup)
            continue;
        snprintf(line, sizeof line, ".reg .pred %s;\n", f->pred_names[r]);
        add(t, line);
    }
    for (uint32_t r = 0; r < f->nregs; r++) {
        int dup = 0;
        for (uint32_t q = 0; q < r && !dup; q++)
            dup = strcmp(f->reg_names[q], f->reg_names[r]) == 0;
        if (dup)
            continue;
        snprintf(line, sizeof line, ".reg .%s %s;\n", ptx_type_name((enum ptx_type)f->reg_types[r]),
                 f->reg_names[r]);
        add(t, line);
    }
    for (uint32_t i = 0; i < f->ninsts; i++) {
        char buf[400];
        if (f->insts[i].op == PTX_OP_CALL)
            snprintf(buf, sizeof buf, "nanosleep.u32 0;");
        else
            ptx_inst_format(m, f, &f->insts[i], buf, sizeof buf);
        fix_labels(buf);
        snprintf(line, sizeof line, "L%u: %s\n", i, buf);
        add(t, line);
    }
    add(t, "}\n");
}

static const char *reg_name(const struct ptx_function *f, uint32_t r)
{
    return r == PTX_NO_INDEX ? "_" : f->reg_names[r];
}

static int same_operand(const struct ptx_module *ma, const struct ptx_function *fa,
                        const struct ptx_operand *a, const struct ptx_module *mb,
                        const struct ptx_function *fb, const struct ptx_operand *b)
{
    if (a->kind != b->kind || a->flags != b->flags || a->dim != b->dim || a->count != b->count)
        return 0;
    switch (a->kind) {
    case PTX_OPND_REG: case PTX_OPND_ADDR_REG:
        return a->value == b->value &&
               strcmp(reg_name(fa, a->index), reg_name(fb, b->index)) == 0;
    case PTX_OPND_PRED:
        return strcmp(fa->pred_names[a->index], fb->pred_names[b->index]) == 0;
    case PTX_OPND_SYMBOL: case PTX_OPND_ADDR_SYM:
        return a->value == b->value &&
               strcmp(ma->syms[a->index].name, mb->syms[b->index].name) == 0;
    case PTX_OPND_VEC:
        for (unsigned k = 0; k < a->count; k++)
            if (strcmp(reg_name(fa, fa->vec_pool[a->index + k]),
                       reg_name(fb, fb->vec_pool[b->index + k])) != 0)
                return 0;
        return 1;
    default:
        return a->index == b->index && a->value == b->value;
    }
}

static int same_inst(const struct ptx_module *ma, const struct ptx_function *fa,
                     const struct ptx_inst *a, const struct ptx_module *mb,
                     const struct ptx_function *fb, const struct ptx_inst *b)
{
    if (a->op != b->op || a->type != b->type || a->stype != b->stype || a->space != b->space ||
        a->mode != b->mode || a->boolop != b->boolop || a->round != b->round ||
        a->vec != b->vec || a->cache != b->cache || a->opclass != b->opclass ||
        a->nops != b->nops || a->guard_not != b->guard_not || a->flags != b->flags ||
        a->target != b->target || a->reconv != b->reconv ||
        (a->guard == PTX_NO_INDEX) != (b->guard == PTX_NO_INDEX))
        return 0;
    if (a->guard != PTX_NO_INDEX &&
        strcmp(fa->pred_names[a->guard], fb->pred_names[b->guard]) != 0)
        return 0;
    for (unsigned j = 0; j < a->nops; j++)
        if (!same_operand(ma, fa, &a->ops[j], mb, fb, &b->ops[j]))
            return 0;
    return 1;
}

TEST(every_test_kernel)
{
    int compared = 0, files = 0;
    for (size_t e = 0; e < embedded_file_count; e++) {
        const char *path = embedded_files[e].path;
        size_t pl = strlen(path);
        if ((strncmp(path, "tests/ptx/", 10) != 0 && strncmp(path, "bench/", 6) != 0) ||
            pl < 4 || strcmp(path + pl - 4, ".ptx"))
            continue;
        char err[512];
        struct ptx_module *m = ptx_parse(embedded_files[e].text, path, err, sizeof err);
        CHECK(m != NULL);
        if (!m)
            continue;
        files++;
        for (uint32_t fi = 0; fi < m->nfuncs; fi++) {
            const struct ptx_function *f = &m->funcs[fi];
            if (!f->defined)
                continue;
            struct text t = { NULL, 0, 0 };
            rebuild(m, f, &t);
            struct ptx_module *r = ptx_parse(t.p, "rt.ptx", err, sizeof err);
            if (!r) {
                printf("  %s %s: %s\n", path, f->name, err);
                CHECK(0);
                free(t.p);
                continue;
            }
            const struct ptx_function *g = &r->funcs[0];
            CHECK_EQ_INT(g->ninsts, f->ninsts);
            for (uint32_t i = 0; i < f->ninsts && i < g->ninsts; i++) {
                if (f->insts[i].op == PTX_OP_CALL)
                    continue;
                compared++;
                if (!same_inst(m, f, &f->insts[i], r, g, &g->insts[i])) {
                    char a[256], b[256];
                    ptx_inst_format(m, f, &f->insts[i], a, sizeof a);
                    ptx_inst_format(r, g, &g->insts[i], b, sizeof b);
                    printf("  %s %s #%u: %s  ->  %s\n", path, f->name, i, a, b);
                    CHECK(0);
                }
            }
            ptx_module_free(r);
            free(t.p);
        }
        ptx_module_free(m);
    }
    printf("  %d files, %d instructions\n", files, compared);
    CHECK(files >= 10);
    CHECK(compared > 2000);
}

int main(void)
{
    RUN(every_test_kernel);
    return check_summary();
}
