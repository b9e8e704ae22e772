/* Control-flow graph of one function, over basic blocks, with a virtual exit
 * node (index nblocks) that every ret/exit/trap and the fall-off end reach. */
#ifndef CCGPU_PTX_CFG_H
#define CCGPU_PTX_CFG_H
#include "ptx/ir.h"

struct ptx_cfg {
    uint32_t nblocks;
    uint32_t *start;    /* nblocks + 1: block b holds insts [start[b], start[b+1]) */
    uint32_t *succ;     /* 2 per block; PTX_NO_INDEX = none; nblocks = exit */
    uint32_t *block_of; /* per instruction */
    uint32_t *ipdom;    /* per block: immediate post-dominator block, nblocks =
                         * exit, PTX_NO_INDEX = cannot reach the exit */
};

/* 0, or -1 when out of memory. */
int ptx_cfg_build(const struct ptx_function *f, struct ptx_cfg *g);
/* Fills g->ipdom; 0, or -1 when out of memory. */
int ptx_cfg_postdominators(struct ptx_cfg *g);
void ptx_cfg_free(struct ptx_cfg *g);

#endif
