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

/* Marks in user[] the shared variables kernel k names in its own code and in
 * every function it can call (a depth-first walk; stamp[] holds k + 1 for
 * what this kernel has already seen, so nothing is cleared between kernels
 * and the whole pass is linear in the code each kernel reaches). */
static void mark_kernel(struct ptx_module *m, uint32_t k, uint32_t *fstamp, uint32_t *sstamp,
                        uint32_t *stack, uint32_t *user)
{
    const uint32_t NONE = UINT32_MAX, MULTI = UINT32_MAX - 1;
    uint32_t top = 0;
    fstamp[k] = k + 1;
    stack[top++] = k;
    while (top) {
        const struct ptx_function *fn = &m->funcs[stack[--top]];
        for (uint32_t i = 0; i < fn->ninsts; i++) {
            const struct ptx_inst *in = &fn->insts[i];
            if (in->op == PTX_OP_CALL) {
                uint32_t g = in->ops[1].index;
                if (g < m->nfuncs && fstamp[g] != k + 1) {
                    fstamp[g] = k + 1;
                    stack[top++] = g;
                }
            }
            for (unsigned j = 0; j < in->nops; j++) {
                const struct ptx_operand *o = &in->ops[j];
                if (o->kind != PTX_OPND_SYMBOL && o->kind != PTX_OPND_ADDR_SYM)
                    continue;
                uint32_t y = o->index;
                if (y >= m->nsyms || sstamp[y] == k + 1 || m->syms[y].space != PTX_SPACE_SHARED)
                    continue;
                sstamp[y] = k + 1;
                if (m->syms[y].is_extern)
                    m->funcs[k].uses_dyn_shared = 1;
                else
                    user[y] = user[y] == NONE ? k : MULTI;
            }
        }
    }
}

void ptx_layout_symbols(struct pctx *c)
{
    struct ptx_module *m = c->m;
    uint32_t nf = m->nfuncs, ns = m->nsyms;
    /* which kernels name each shared symbol: owner kernel, or multiple */
    uint32_t *user = malloc(((size_t)ns + 1) * sizeof *user); /* kernel index, NONE, or MULTI */
    uint32_t *sstamp = calloc((size_t)ns + 1, sizeof *sstamp);
    uint32_t *fstamp = calloc((size_t)nf + 1, sizeof *fstamp);
    uint32_t *stack = malloc(((size_t)nf + 1) * sizeof *stack);
    /* private symbols grouped by kernel, in symbol order (a counting sort) */
    uint32_t *first = calloc((size_t)nf + 2, sizeof *first);
    uint32_t *byk = malloc(((size_t)ns + 1) * sizeof *byk);
    if (!user || !sstamp || !fstamp || !stack || !first || !byk) {
        free(user);
        free(sstamp);
        free(fstamp);
        free(stack);
        free(first);
        free(byk);
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
    for (uint32_t k = 0; k < nf; k++)
        if (m->funcs[k].is_entry)
            mark_kernel(m, k, fstamp, sstamp, stack, user);
    free(sstamp);
    free(fstamp);
    free(stack);
    for (uint32_t s = 0; s < ns; s++)
        if (user[s] < nf)
            first[user[s] + 1]++;
    for (uint32_t k = 0; k < nf; k++)
        first[k + 1] += first[k];
    for (uint32_t s = 0, *fill = first; s < ns; s++)
        if (user[s] < nf)
            byk[fill[user[s]]++] = s;
    /* fill[k] now holds the end of kernel k's run, which is where k + 1 began */
    for (uint32_t k = nf; k > 0; k--)
        first[k] = first[k - 1];
    first[0] = 0;
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
        for (uint32_t i = first[k]; i < first[k + 1]; i++) {
            struct ptx_symbol *y = &m->syms[byk[i]];
            y->offset = align_up(end, y->align);
            end = y->offset + y->size;
        }
        m->funcs[k].shared_bytes = end;
        if (end > max_window)
            max_window = end;
    }
    free(user);
    free(first);
    free(byk);
    m->shared_bytes = max_window;
    m->dyn_shared_offset = align_up(max_window, ext_align);
    for (uint32_t s = 0; s < ns; s++)
        if (m->syms[s].space == PTX_SPACE_SHARED && m->syms[s].is_extern)
            m->syms[s].offset = m->dyn_shared_offset;
}
