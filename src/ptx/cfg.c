/* Control flow and reconvergence points.
 *
 * Blocks: an instruction starts a block when it is the first, a branch
 * target, or follows a bra/ret/exit/trap (guarded or not; calls return, so
 * they do not end blocks). Edges: bra -> target, plus the fall-through when
 * guarded; ret/exit/trap -> exit, plus the fall-through when guarded; any
 * other last instruction -> the next block, or exit at the end of the body.
 *
 * Post-dominators: the dominator tree of the reversed graph rooted at the
 * virtual exit, by the iterative algorithm of Cooper, Harvey and Kennedy
 * ("A Simple, Fast Dominance Algorithm", 2001): number the nodes in
 * postorder of a depth-first search from the exit along reversed edges, then
 * repeat over the nodes in reverse postorder, setting ipdom(b) to the
 * intersection (walk up by postorder number) of the already-known ipdoms of
 * b's successors, until nothing changes. Blocks that cannot reach the exit
 * (infinite loops) get no post-dominator.
 *
 * Reconvergence: every bra, and every guarded ret/exit/trap (where lanes of
 * a warp may part), gets reconv = the first instruction of its block's
 * immediate post-dominator — the earliest point every path from the branch
 * must pass — or PTX_NO_INDEX when that is the function's exit (or the
 * block cannot reach the exit). As in GPGPU-Sim, exit and ret are edges to
 * the exit node, so a branch with an early exit on one side post-dominates
 * only at the exit: the surviving lanes run on unmerged until then, which
 * costs some issue slots but never correctness. */
#include "ptx/cfg.h"
#include "ptx/ptx.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ends_block(const struct ptx_inst *in)
{
    return in->op == PTX_OP_BRA || in->op == PTX_OP_RET || in->op == PTX_OP_EXIT ||
           in->op == PTX_OP_TRAP;
}

void ptx_cfg_free(struct ptx_cfg *g)
{
    free(g->start);
    free(g->succ);
    free(g->block_of);
    free(g->ipdom);
    memset(g, 0, sizeof *g);
}

int ptx_cfg_build(const struct ptx_function *f, struct ptx_cfg *g)
{
    uint32_t n = f->ninsts;
    memset(g, 0, sizeof *g);
    uint8_t *leader = calloc(n + 1, 1);
    g->block_of = malloc((n + 1) * sizeof *g->block_of);
    if (!leader || !g->block_of)
        goto oom;
    if (n)
        leader[0] = 1;
    for (uint32_t i = 0; i < n; i++) {
        const struct ptx_inst *in = &f->insts[i];
        if (in->op == PTX_OP_BRA && in->target < n)
            leader[in->target] = 1;
        if (ends_block(in))
            leader[i + 1] = 1;
    }
    uint32_t nb = 0;
    for (uint32_t i = 0; i < n; i++)
        nb += leader[i];
    g->nblocks = nb;
    g->start = malloc((nb + 1) * sizeof *g->start);
    g->succ = malloc((2 * (size_t)nb + 1) * sizeof *g->succ);
    g->ipdom = malloc((nb + 1) * sizeof *g->ipdom);
    if (!g->start || !g->succ || !g->ipdom)
        goto oom;
    uint32_t b = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (leader[i])
            g->start[b++] = i;
        g->block_of[i] = b - 1;
    }
    g->start[nb] = n;
    for (b = 0; b < nb; b++) {
        const struct ptx_inst *last = &f->insts[g->start[b + 1] - 1];
        uint32_t next = b + 1; /* == nb (exit) after the last block */
        uint32_t *s = &g->succ[2 * b];
        s[0] = s[1] = PTX_NO_INDEX;
        int guarded = last->guard != PTX_NO_INDEX;
        if (last->op == PTX_OP_BRA) {
            s[0] = g->block_of[last->target];
            if (guarded && next != s[0])
                s[1] = next;
        } else if (last->op == PTX_OP_RET || last->op == PTX_OP_EXIT || last->op == PTX_OP_TRAP) {
            s[0] = nb;
            if (guarded && next != nb)
                s[1] = next;
        } else {
            s[0] = next;
        }
    }
    free(leader);
    return 0;
oom:
    free(leader);
    ptx_cfg_free(g);
    return -1;
}

int ptx_cfg_postdominators(struct ptx_cfg *g)
{
    uint32_t nb = g->nblocks, nn = nb + 1;
    /* reversed edges: predecessors of each node, CSR */
    uint32_t *pcount = calloc(nn + 1, sizeof *pcount);
    uint32_t *preds = malloc((2 * (size_t)nb + 1) * sizeof *preds);
    uint32_t *po = malloc(nn * sizeof *po);        /* postorder number per node */
    uint32_t *order = malloc(nn * sizeof *order);  /* nodes by postorder */
    uint32_t *stack = malloc(nn * sizeof *stack), *iter = calloc(nn, sizeof *iter);
    int rc = -1;
    if (!pcount || !preds || !po || !order || !stack || !iter)
        goto out;
    for (uint32_t b = 0; b < nb; b++)
        for (int k = 0; k < 2; k++)
            if (g->succ[2 * b + k] != PTX_NO_INDEX)
                pcount[g->succ[2 * b + k] + 1]++;
    for (uint32_t v = 0; v < nn; v++)
        pcount[v + 1] += pcount[v];
    {
        uint32_t *fill = calloc(nn, sizeof *fill);
        if (!fill)
            goto out;
        for (uint32_t b = 0; b < nb; b++)
            for (int k = 0; k < 2; k++) {
                uint32_t s = g->succ[2 * b + k];
                if (s != PTX_NO_INDEX)
                    preds[pcount[s] + fill[s]++] = b;
            }
        free(fill);
    }
    /* iterative DFS from the exit along reversed edges */
    for (uint32_t v = 0; v < nn; v++)
        po[v] = PTX_NO_INDEX;
    uint32_t sp = 0, npo = 0;
    uint8_t *seen = calloc(nn, 1);
    if (!seen)
        goto out;
    stack[sp++] = nb;
    seen[nb] = 1;
    while (sp) {
        uint32_t v = stack[sp - 1];
        if (pcount[v] + iter[v] < pcount[v + 1]) {
            uint32_t w = preds[pcount[v] + iter[v]++];
            if (!seen[w]) {
                seen[w] = 1;
                stack[sp++] = w;
            }
        } else {
            po[v] = npo;
            order[npo++] = v;
            sp--;
        }
    }
    free(seen);
    for (uint32_t v = 0; v < nn; v++)
        g->ipdom[v] = PTX_NO_INDEX;
    g->ipdom[nb] = nb;
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t k = npo - 1; k-- > 0;) { /* reverse postorder, exit (last) excluded */
            uint32_t b = order[k], nd = PTX_NO_INDEX;
            for (int j = 0; j < 2; j++) {
                uint32_t s = g->succ[2 * b + j];
                if (s == PTX_NO_INDEX || g->ipdom[s] == PTX_NO_INDEX)
                    continue;
                if (nd == PTX_NO_INDEX) {
                    nd = s;
                    continue;
                }
                uint32_t x = s, y = nd;
                while (x != y) {
                    while (po[x] < po[y])
                        x = g->ipdom[x];
                    while (po[y] < po[x])
                        y = g->ipdom[y];
                }
                nd = x;
            }
            if (nd != g->ipdom[b]) {
                g->ipdom[b] = nd;
                changed = 1;
            }
        }
    }
    rc = 0;
out:
    free(pcount);
    free(preds);
    free(po);
    free(order);
    free(stack);
    free(iter);
    return rc;
}

int ptx_compute_reconvergence(struct ptx_module *m, char *err, size_t errlen)
{
    for (uint32_t fi = 0; fi < m->nfuncs; fi++) {
        struct ptx_function *f = &m->funcs[fi];
        if (!f->ninsts)
            continue;
        struct ptx_cfg g;
        if (ptx_cfg_build(f, &g) != 0 || ptx_cfg_postdominators(&g) != 0) {
            ptx_cfg_free(&g);
            if (err && errlen)
                snprintf(err, errlen, "%s:%u: out of memory", m->name, f->line);
            return -1;
        }
        for (uint32_t i = 0; i < f->ninsts; i++) {
            struct ptx_inst *in = &f->insts[i];
            in->reconv = PTX_NO_INDEX;
            int split = in->op == PTX_OP_BRA ||
                        ((in->op == PTX_OP_RET || in->op == PTX_OP_EXIT || in->op == PTX_OP_TRAP) &&
                         in->guard != PTX_NO_INDEX);
            if (!split)
                continue;
            uint32_t pd = g.ipdom[g.block_of[i]];
            if (pd != PTX_NO_INDEX && pd < g.nblocks)
                in->reconv = g.start[pd];
        }
        ptx_cfg_free(&g);
    }
    return 0;
}
