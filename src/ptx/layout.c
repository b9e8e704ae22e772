/* Static shared memory layout. A kernel's CTA window holds only the .shared
 * variables the kernel can reach (its own instructions and every function it
 * calls, transitively), so two kernels of one module do not pay for each
 * other's arrays. Variables reached by several kernels form a common region at the start of every window, at the same offset for all;
 * a variable reached by exactly one kernel is placed after the common region
 * in that kernel's private part. Hence every symbol has one offset, valid in
 * every kernel that can name it. Dynamic shared memory (.extern .shared,
 * size 0) starts at one module-wide offset after the largest static window,
 * aligned to the largest alignment any .extern .shared declaration asks for
 * (at least 16 bytes), so an .extern .shared symbol also has one offset. */
#include "ptx/parse_internal.h"
#include <stdlib.h>
#include <string.h>

static uint64_t align_up(uint64_t v, uint64_t a)
{
    return a > 1 ? (v + a - 1) / a * a : v;
}

/* reach[f * nf + g] = 1 when function f can call g (directly or not). */
static uint8_t *call_closure(struct pctx *c)
{
    struct ptx_module *m = c->m;
    uint32_t nf = m->nfuncs;
    uint8_t *reach = calloc((size_t)nf * nf + 1, 1);
    if (!reach)
        pctx_fail(c, 1, "out of memory");
    for (uint32_t f = 0; f < nf; f++) {
        reach[(size_t)f * nf + f] = 1;
        for (uint32_t i = 0; i < m->funcs[f].ninsts; i++) {
            const struct ptx_inst *in = &m->funcs[f].insts[i];
            if (in->op == PTX_OP_CALL)
                reach[(size_t)f * nf + in->ops[1].index] = 1;
        }
    }
    for (uint32_t k = 0; k < nf; k++) /* Warshall: functions are few */
        for (uint32_t f = 0; f < nf; f++)
            if (reach[(size_t)f * nf + k])
                for (uint32_t g = 0; g < nf; g++)
                    reach[(size_t)f * nf + g] |= reach[(size_t)k * nf + g];
    return reach;
}

void ptx_layout_symbols(struct pctx *c)
{
    struct ptx_module *m = c->m;
    uint32_t nf = m->nfuncs, ns = m->nsyms;
    /* which functions name each shared symbol: owner kernel, or multiple */
    uint8_t *reach = call_closure(c);
    uint32_t *user = malloc(((size_t)ns + 1) * sizeof *user); /* kernel index, NONE, or MULTI */
    uint32_t *named = malloc(((size_t)ns + 1) * sizeof *named);
    if (!user || !named) {
        free(reach);
        free(user);
        free(named);
        pctx_fail(c, 1, "out of memory");
    }
    const uint32_t NONE = UINT32_MAX, MULTI = UINT32_MAX - 1;
    for (uint32_t s = 0; s < ns; s++)
        user[s] = NONE;
    uint64_t ext_align = 16;
    for (uint32_t s = 0; s < ns; s++)
        if (m->syms[s].space == PTX_SPACE_SHARED && m->syms[s].is_extern &&
            m->syms[s].align > ext_align)
            ext_align = m->syms[s].align;
    for (uint32_t k = 0; k < nf; k++) {
        if (!m->funcs[k].is_entry)
            continue;
        for (uint32_t s = 0; s < ns; s++)
            named[s] = 0;
        for (uint32_t f = 0; f < nf; f++) {
            if (!reach[(size_t)k * nf + f])
                continue;
            const struct ptx_function *fn = &m->funcs[f];
            for (uint32_t i = 0; i < fn->ninsts; i++)
                for (unsigned j = 0; j < fn->insts[i].nops; j++) {
                    const struct ptx_operand *o = &fn->insts[i].ops[j];
                    if (o->kind == PTX_OPND_SYMBOL || o->kind == PTX_OPND_ADDR_SYM)
                        named[o->index] = 1;
                }
        }
        for (uint32_t s = 0; s < ns; s++) {
            if (!named[s] || m->syms[s].space != PTX_SPACE_SHARED)
                continue;
            if (m->syms[s].is_extern)
                m->funcs[k].uses_dyn_shared = 1;
            else
                user[s] = user[s] == NONE ? k : MULTI;
        }
    }
    free(reach);
    free(named);
    uint64_t common = 0;
    for (uint32_t s = 0; s < ns; s++) {
        struct ptx_symbol *y = &m->syms[s];
        if (y->space != PTX_SPACE_SHARED || y->is_extern || user[s] != MULTI)
            continue; /* a variable no kernel reaches is never accessed: offset 0 */
        y->offset = align_up(common, y->align);
        common = y->offset + y->size;
    }
    uint64_t max_window = common;
    for (uint32_t k = 0; k < nf; k++) {
        if (!m->funcs[k].is_entry)
            continue;
        uint64_t end = common;
        for (uint32_t s = 0; s < ns; s++) {
            struct ptx_symbol *y = &m->syms[s];
            if (y->space != PTX_SPACE_SHARED || y->is_extern || user[s] != k)
                continue;
            y->offset = align_up(end, y->align);
            end = y->offset + y->size;
        }
        m->funcs[k].shared_bytes = end;
        if (end > max_window)
            max_window = end;
    }
    free(user);
    m->shared_bytes = max_window;
    m->dyn_shared_offset = align_up(max_window, ext_align);
    for (uint32_t s = 0; s < ns; s++)
        if (m->syms[s].space == PTX_SPACE_SHARED && m->syms[s].is_extern)
            m->syms[s].offset = m->dyn_shared_offset;
}
