/* A module placed in device memory: the engine's own layout of every symbol
 * (global/const in device memory, shared per kernel, local per function frame,
 * parameters per kernel buffer or per-lane call frame). The layout is computed
 * here rather than taken from the parser's offsets so that the engine alone
 * decides what each address means. */
#include "ptx/exec_impl.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t align_up(uint64_t v, uint64_t a)
{
    return a > 1 ? (v + a - 1) / a * a : v;
}

static uint64_t sym_align(const struct ptx_symbol *s)
{
    uint64_t a = s->align;
    if (!a)
        a = ptx_type_bytes((enum ptx_type)s->type);
    return a ? a : 1;
}

static int is_kernel_param(const struct ptx_module *m, const struct ptx_symbol *s, uint32_t idx)
{
    if (s->scope_func < 0 || (uint32_t)s->scope_func >= m->nfuncs)
        return 0;
    const struct ptx_function *f = &m->funcs[s->scope_func];
    if (!f->is_entry)
        return 0;
    for (uint32_t i = 0; i < f->nparams; i++)
        if (f->params[i] == idx)
            return 1;
    return 0;
}

/* Lays out the symbols of `space` for which keep(scope) holds, from *cur. */
static void layout(const struct ptx_module *m, struct ptx_program *p, int space, int scope,
                   uint64_t *cur, uint64_t base, int kind)
{
    for (uint32_t i = 0; i < m->nsyms; i++) {
        const struct ptx_symbol *s = &m->syms[i];
        if (s->space != space || s->scope_func != scope)
            continue;
        if (space == PTX_SPACE_SHARED && (s->is_extern || s->size == 0)) {
            p->sym_kind[i] = SYMK_DYNSHARED;
            p->sym_val[i] = 0;
            continue;
        }
        if (space == PTX_SPACE_PARAM && is_kernel_param(m, s, i))
            continue;
        *cur = align_up(*cur, sym_align(s));
        p->sym_kind[i] = (uint8_t)kind;
        p->sym_val[i] = base + *cur;
        *cur += s->size;
    }
}

static int half_type(int t)
{
    return t == PTX_T_F16 || t == PTX_T_F16X2 || t == PTX_T_BF16 || t == PTX_T_BF16X2 ||
           t == PTX_T_TF32;
}

/* What the engine cannot execute is refused, never a silently wrong
 * result: returns a reason or NULL (find_refusals: a launch of a kernel
 * that reaches it fails with it). */
static const char *unsupported(const struct ptx_module *m, const struct ptx_inst *in)
{
    int packed = in->type == PTX_T_F16X2 || in->type == PTX_T_BF16X2 || in->type == PTX_T_TF32 ||
                 in->stype == PTX_T_F16X2 || in->stype == PTX_T_BF16X2 || in->stype == PTX_T_TF32;
    switch (in->op) {
    case PTX_OP_CVT: /* f16/bf16 <-> f32/f64 convert, f32 -> tf32; packed forms do not */
        if (in->type == PTX_T_TF32 && in->stype == PTX_T_F32)
            return NULL;
        if (packed || (in->flags & PTX_F_CVT_PACK))
            return "packed half-precision conversions are not supported";
        return NULL;
    case PTX_OP_MOV: case PTX_OP_LD: case PTX_OP_LDU: case PTX_OP_ST:
    case PTX_OP_SELP: case PTX_OP_AND: case PTX_OP_OR: case PTX_OP_XOR: case PTX_OP_NOT:
    case PTX_OP_SHFL: case PTX_OP_MMA: case PTX_OP_WMMA_LOAD: case PTX_OP_WMMA_STORE: case PTX_OP_STMATRIX:
    case PTX_OP_WMMA_MMA:
        return NULL; /* bit moves: any type; mma converts its own operands */
    case PTX_OP_BRX:
        return "indirect branches (brx) are not supported";
    case PTX_OP_CALL:
        for (unsigned k = 0; k < in->nops; k++) {
            const struct ptx_operand *o = &in->ops[k];
            if (o->kind != PTX_OPND_FUNC || o->index >= m->nfuncs)
                continue;
            const struct ptx_function *f = &m->funcs[o->index];
            if ((f->is_extern || f->ninsts == 0) && !(f->name && strcmp(f->name, "vprintf") == 0))
                return "calls an external function ccgpu does not provide (only vprintf)";
        }
        return NULL;
    case PTX_OP_ATOM: case PTX_OP_RED:
        if (half_type(in->type) || in->vec > 1)
            return "half-precision and vector atomics are not supported";
        return NULL;
    default:
        break;
    }
    if (half_type(in->type) || half_type(in->stype))
        return "half-precision arithmetic (f16/bf16/tf32) is not supported";
    return NULL;
}

/* p->refusal[f]: the first instruction of function f the engine cannot
 * execute (the parser's stand-in for an unsupported instruction, or one
 * unsupported() names), "NAME:LINE: message", or NULL. */
static int function_refusal(struct ptx_program *p, uint32_t f)
{
    const struct ptx_module *m = p->mod;
    const struct ptx_function *fn = &m->funcs[f];
    if (fn->unsupported) {
        p->refusal[f] = strdup(fn->unsupported);
        return p->refusal[f] ? 0 : -1;
    }
    for (uint32_t i = 0; i < fn->ninsts; i++) {
        const struct ptx_inst *in = &fn->insts[i];
        const char *why = unsupported(m, in);
        if (!why)
            continue;
        char msg[384];
        snprintf(msg, sizeof msg, "%s:%u: %s: %s", m->name ? m->name : "module", in->line,
                 ptx_op_name(in->op), why);
        p->refusal[f] = strdup(msg);
        return p->refusal[f] ? 0 : -1;
    }
    return 0;
}

/* Why instruction in may make a kernel's results depend on the order in
 * which different SMs run (a timing model's SMs on threads of their own,
 * docs/parallel.md), or NULL: an atomic outside shared memory, a fence, a
 * volatile or ordered access outside shared and local memory (how CTAs
 * talk to each other), or printf (its output order). */
static const char *cross_sm(const struct ptx_module *m, const struct ptx_inst *in)
{
    const int own = in->space == PTX_SPACE_SHARED || in->space == PTX_SPACE_LOCAL;
    switch (in->op) {
    case PTX_OP_ATOM:
    case PTX_OP_RED:
        return own ? NULL : "atomics";
    case PTX_OP_MEMBAR:
    case PTX_OP_FENCE:
        return "memory fences";
    case PTX_OP_CALL:
        for (unsigned o = 0; o < in->nops; o++)
            if (in->ops[o].kind == PTX_OPND_FUNC && in->ops[o].index < m->nfuncs &&
                m->funcs[in->ops[o].index].name &&
                !strcmp(m->funcs[in->ops[o].index].name, "vprintf"))
                return "printf";
        return NULL;
    default:
        if (in->opclass == PTX_CLASS_MEM && !own &&
            (in->flags & (PTX_F_VOLATILE | PTX_F_RELAXED | PTX_F_ACQUIRE | PTX_F_RELEASE)))
            return "volatile or ordered memory accesses";
        return NULL;
    }
}

/* The first refusal among the functions kernel k reaches (itself first,
 * then its callees depth first), as the message a launch of k fails with;
 * and the first reason its results may depend on the SMs' order
 * (cross_sm), kept in p->kernel_cross_sm[k]. */
static int kernel_refusal(struct ptx_program *p, uint32_t k, uint8_t *seen, uint32_t *stack)
{
    const struct ptx_module *m = p->mod;
    uint32_t n = 0;
    memset(seen, 0, m->nfuncs);
    stack[n++] = k;
    seen[k] = 1;
    while (n) {
        uint32_t f = stack[--n];
        const struct ptx_function *fn = &m->funcs[f];
        if (p->refusal[f]) {
            char msg[512];
            if (f == k)
                snprintf(msg, sizeof msg, "%s", p->refusal[f]);
            else
                snprintf(msg, sizeof msg, "%s (in function %s, which it calls)", p->refusal[f],
                         fn->name);
            p->kernel_refusal[k] = strdup(msg);
            return p->kernel_refusal[k] ? 0 : -1;
        }
        for (uint32_t i = fn->ninsts; i-- > 0;) {
            const struct ptx_inst *in = &fn->insts[i];
            const char *why = cross_sm(m, in);
            if (why)
                p->kernel_cross_sm[k] = why;
            if (in->op != PTX_OP_CALL)
                continue;
            for (unsigned o = 0; o < in->nops; o++)
                if (in->ops[o].kind == PTX_OPND_FUNC && in->ops[o].index < m->nfuncs &&
                    !seen[in->ops[o].index]) {
                    seen[in->ops[o].index] = 1;
                    stack[n++] = in->ops[o].index;
                }
        }
    }
    return 0;
}

static int find_refusals(struct ptx_program *p)
{
    const struct ptx_module *m = p->mod;
    size_t nf = m->nfuncs ? m->nfuncs : 1;
    p->refusal = calloc(nf, sizeof *p->refusal);
    p->kernel_refusal = calloc(nf, sizeof *p->kernel_refusal);
    p->kernel_cross_sm = calloc(nf, sizeof *p->kernel_cross_sm);
    uint8_t *seen = calloc(nf, 1);
    uint32_t *stack = calloc(nf, sizeof *stack);
    int rc = !p->refusal || !p->kernel_refusal || !p->kernel_cross_sm || !seen || !stack ? -1 : 0;
    for (uint32_t f = 0; !rc && f < m->nfuncs; f++)
        rc = function_refusal(p, f);
    for (uint32_t f = 0; !rc && f < m->nfuncs; f++)
        if (m->funcs[f].is_entry)
            rc = kernel_refusal(p, f, seen, stack);
    free(seen);
    free(stack);
    return rc;
}

const char *ptx_program_refusal(const struct ptx_program *p, int kernel)
{
    if (kernel < 0 || (uint32_t)kernel >= p->mod->nfuncs)
        return NULL;
    return p->kernel_refusal[kernel];
}

const char *ptx_launch_cross_sm(const struct ptx_launch *l)
{
    const struct ptx_program *p = l->prog;
    if (l->kernel_idx < 0 || (uint32_t)l->kernel_idx >= p->mod->nfuncs)
        return "no kernel";
    if (l->observer)
        return "a memory observer";
    return p->kernel_cross_sm[l->kernel_idx];
}

static int place_globals(struct ptx_program *p, int space, uint64_t *base, char *err,
                         size_t errlen)
{
    const struct ptx_module *m = p->mod;
    uint64_t total = 0;
    for (uint32_t i = 0; i < m->nsyms; i++) {
        const struct ptx_symbol *s = &m->syms[i];
        if (s->space != space)
            continue;
        total = align_up(total, sym_align(s));
        p->sym_kind[i] = SYMK_GLOBAL;
        p->sym_val[i] = total; /* relative until the base is known */
        total += s->size;
    }
    *base = 0;
    if (!total)
        return 0;
    if (devmem_alloc(p->mem, total, base)) {
        snprintf(err, errlen, "%s: out of device memory for %llu bytes of %s variables",
                 m->name ? m->name : "module", (unsigned long long)total,
                 space == PTX_SPACE_CONST ? ".const" : ".global");
        return -1;
    }
    uint8_t *data = devmem_ptr(p->mem, *base, total);
    for (uint32_t i = 0; i < m->nsyms; i++) {
        const struct ptx_symbol *s = &m->syms[i];
        if (s->space != space)
            continue;
        if (s->init && s->size)
            memcpy(data + p->sym_val[i], s->init, s->size);
        p->sym_val[i] += *base;
    }
    return 0;
}

/* p->zeroed_regs and zeroed_start: each function's read-before-write slots. */
static int zeroed_regs(struct ptx_program *p)
{
    const struct ptx_module *m = p->mod;
    p->zeroed_start = calloc((size_t)m->nfuncs + 1, sizeof *p->zeroed_start);
    if (!p->zeroed_start)
        return -1;
    uint32_t total = 0;
    for (uint32_t f = 0; f < m->nfuncs; f++) {
        uint32_t *regs, n;
        if (ptx_read_before_write(&m->funcs[f], &regs, &n))
            return -1;
        uint32_t *grown = n ? realloc(p->zeroed_regs, ((size_t)total + n) * sizeof *grown)
                            : p->zeroed_regs;
        if (n && !grown) {
            free(regs);
            return -1;
        }
        p->zeroed_regs = grown;
        if (n)
            memcpy(&grown[total], regs, n * sizeof *regs);
        free(regs);
        total += n;
        p->zeroed_start[f + 1] = total;
    }
    return 0;
}

struct ptx_program *ptx_program_load(struct devmem *mem, const struct ptx_module *m, char *err,
                                     size_t errlen)
{
    struct ptx_program *p = calloc(1, sizeof *p);
    uint8_t *seen = NULL;
    if (!p)
        goto oom;
    p->mod = m;
    p->mem = mem;
    size_t ns = m->nsyms ? m->nsyms : 1, nf = m->nfuncs ? m->nfuncs : 1;
    p->sym_kind = calloc(ns, 1);
    p->sym_val = calloc(ns, sizeof *p->sym_val);
    p->param_frame = calloc(nf, sizeof *p->param_frame);
    p->static_shared = calloc(nf, sizeof *p->static_shared);
    p->func_local = calloc(nf, sizeof *p->func_local);
    p->kparam_bytes = calloc(nf, sizeof *p->kparam_bytes);
    seen = calloc(nf, 1);
    if (!p->sym_kind || !p->sym_val || !p->param_frame || !p->static_shared || !p->func_local ||
        !p->kparam_bytes || !seen)
        goto oom;
    for (uint32_t i = 0; i < m->nsyms; i++) {
        const struct ptx_symbol *s = &m->syms[i];
        if (s->space == PTX_SPACE_LOCAL && s->scope_func < 0) {
            snprintf(err, errlen, "%s:%u: module-scope .local variable %s is not supported",
                     m->name ? m->name : "module", s->line, s->name ? s->name : "?");
            goto fail;
        }
    }
    if (find_refusals(p))
        goto oom;
    if (place_globals(p, PTX_SPACE_GLOBAL, &p->global_base, err, errlen) ||
        place_globals(p, PTX_SPACE_CONST, &p->const_base, err, errlen))
        goto fail;

    /* shared: module scope first, then every .func's, then each kernel's own
     * (kernels overlap: only one kernel's shared exists in a CTA) */
    uint64_t common = 0;
    layout(m, p, PTX_SPACE_SHARED, -1, &common, 0, SYMK_SHARED);
    for (uint32_t f = 0; f < m->nfuncs; f++)
        if (!m->funcs[f].is_entry)
            layout(m, p, PTX_SPACE_SHARED, (int)f, &common, 0, SYMK_SHARED);
    for (uint32_t f = 0; f < m->nfuncs; f++) {
        const struct ptx_function *fn = &m->funcs[f];
        uint64_t cur = common;
        if (fn->is_entry)
            layout(m, p, PTX_SPACE_SHARED, (int)f, &cur, 0, SYMK_SHARED);
        p->static_shared[f] = cur;
        /* local frame and per-lane parameter frame of each function */
        uint64_t loc = 0, par = 0;
        layout(m, p, PTX_SPACE_LOCAL, (int)f, &loc, 0, SYMK_LOCAL);
        p->func_local[f] = align_up(loc, 16);
        layout(m, p, PTX_SPACE_PARAM, (int)f, &par, 0, SYMK_FPARAM);
        p->param_frame[f] = (uint32_t)align_up(par, 8);
        if (fn->is_entry) {
            uint64_t kp = 0;
            for (uint32_t i = 0; i < fn->nparams; i++) {
                const struct ptx_symbol *s = &m->syms[fn->params[i]];
                kp = align_up(kp, sym_align(s));
                p->sym_kind[fn->params[i]] = SYMK_KPARAM;
                p->sym_val[fn->params[i]] = kp;
                kp += s->size;
            }
            p->kparam_bytes[f] = kp;
        } else if (!fn->is_extern) {
            p->has_calls = 1;
            if (p->func_local[f] > p->max_func_local)
                p->max_func_local = p->func_local[f];
        }
    }
    /* .funcs' shared variables sit in `common`, charged to every kernel of
     * the module (nvcc rarely declares shared memory inside a .func) */
    if (zeroed_regs(p))
        goto oom;
    free(seen);
    return p;
oom:
    snprintf(err, errlen, "%s: out of memory loading module", m && m->name ? m->name : "module");
fail:
    free(seen);
    ptx_program_free(p);
    return NULL;
}

void ptx_program_free(struct ptx_program *p)
{
    if (!p)
        return;
    while (p->cta_pool) {
        struct ptx_cta *c = p->cta_pool;
        p->cta_pool = c->pool_next;
        ptx_cta_free(c);
    }
    if (p->global_base)
        devmem_release(p->mem, p->global_base);
    if (p->const_base)
        devmem_release(p->mem, p->const_base);
    free(p->sym_kind);
    free(p->sym_val);
    free(p->param_frame);
    free(p->static_shared);
    free(p->func_local);
    free(p->kparam_bytes);
    free(p->zeroed_regs);
    free(p->zeroed_start);
    for (uint32_t f = 0; p->mod && f < p->mod->nfuncs; f++) {
        free(p->refusal ? p->refusal[f] : NULL);
        free(p->kernel_refusal ? p->kernel_refusal[f] : NULL);
    }
    free(p->refusal);
    free(p->kernel_refusal);
    free(p->kernel_cross_sm);
    free(p);
}

const struct ptx_module *ptx_program_module(const struct ptx_program *p)
{
    return p->mod;
}

int ptx_program_symbol(const struct ptx_program *p, const char *name, uint64_t *addr,
                       uint64_t *size)
{
    const struct ptx_module *m = p->mod;
    for (uint32_t i = 0; i < m->nsyms; i++) {
        const struct ptx_symbol *s = &m->syms[i];
        if (s->scope_func >= 0 || !s->name || strcmp(s->name, name) != 0)
            continue;
        if (s->space != PTX_SPACE_GLOBAL && s->space != PTX_SPACE_CONST)
            continue;
        *addr = p->sym_val[i];
        *size = s->size;
        return 0;
    }
    return -1;
}

uint64_t ptx_program_static_shared(const struct ptx_program *p, int kernel)
{
    return p->static_shared[kernel];
}

uint64_t ptx_program_local_per_thread(const struct ptx_program *p, int kernel)
{
    uint64_t l = p->func_local[kernel];
    if (p->has_calls) {
        uint64_t reserve = p->max_func_local * 8;
        l += reserve > PTX_CALL_STACK_BYTES ? reserve : PTX_CALL_STACK_BYTES;
    }
    return l;
}

int ptx_program_param(const struct ptx_program *p, int kernel, uint32_t i, uint64_t *offset,
                      uint64_t *size)
{
    const struct ptx_function *f = &p->mod->funcs[kernel];
    if (i >= f->nparams)
        return -1;
    *offset = p->sym_val[f->params[i]];
    *size = p->mod->syms[f->params[i]].size;
    return 0;
}

uint64_t ptx_program_param_bytes(const struct ptx_program *p, int kernel)
{
    return p->kparam_bytes[kernel];
}
