/* Warp stepping: fetch, guard, dispatch, and SIMT control flow (branch
 * divergence on a reconvergence stack at immediate post-dominators, calls with
 * per-warp frames, ret, exit, barriers, trap). */
#include "ptx/exec_impl.h"
#include <stdlib.h>
#include <string.h>

void ptx_exec_fail(struct ptx_warp *w, int lane, const struct ptx_inst *in, const char *fmt, ...)
{
    struct ptx_launch *l = w->launch;
    w->state = PTX_WARP_ERROR;
    if (atomic_exchange(&l->failed, 1))
        return;
    const struct ptx_cta *c = w->cta;
    char msg[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    char thread[64] = "";
    if (lane >= 0)
        snprintf(thread, sizeof thread, " thread (%u,%u,%u):", w->tid[0][lane], w->tid[1][lane],
                 w->tid[2][lane]);
    char line[32] = "";
    if (in && in->line)
        snprintf(line, sizeof line, " (line %u)", in->line);
    snprintf(l->error, sizeof l->error, "kernel %s: CTA (%u,%u,%u)%s %s%s", l->kernel->name,
             c->ctaid[0], c->ctaid[1], c->ctaid[2], thread, msg, line);
}

static uint64_t clock_now(const struct ptx_warp *w)
{
    return w->clock ? *w->clock : w->cnt->warp_insts;
}

uint64_t ptx_exec_sreg(const struct ptx_warp *w, const struct ptx_operand *o, int lane)
{
    const struct ptx_launch *l = w->launch;
    const struct ptx_cta *c = w->cta;
    unsigned d = o->dim < 3 ? o->dim : 0;
    uint64_t below = (1ull << lane) - 1, upto = (2ull << lane) - 1;
    switch (o->index) {
    case PTX_SREG_TID: return w->tid[d][lane];
    case PTX_SREG_NTID: return l->block[d];
    case PTX_SREG_CTAID: return c->ctaid[d];
    case PTX_SREG_NCTAID: return l->grid[d];
    case PTX_SREG_LANEID: return (uint64_t)lane;
    case PTX_SREG_WARPID: return w->slot;
    case PTX_SREG_NWARPID: return l->warps_per_sm;
    case PTX_SREG_SMID: return c->sm;
    case PTX_SREG_NSMID: return l->num_sms;
    case PTX_SREG_GRIDID: return l->gridid;
    case PTX_SREG_CLOCK: return (uint32_t)clock_now(w);
    case PTX_SREG_CLOCK_HI: return (uint32_t)(clock_now(w) >> 32);
    case PTX_SREG_CLOCK64: return clock_now(w);
    case PTX_SREG_GLOBALTIMER: return clock_now(w);
    case PTX_SREG_GLOBALTIMER_LO: return (uint32_t)clock_now(w);
    case PTX_SREG_GLOBALTIMER_HI: return (uint32_t)(clock_now(w) >> 32);
    case PTX_SREG_LANEMASK_EQ: return 1u << lane;
    case PTX_SREG_LANEMASK_LE: return (uint32_t)upto;
    case PTX_SREG_LANEMASK_LT: return (uint32_t)below;
    case PTX_SREG_LANEMASK_GE: return (uint32_t)~below;
    case PTX_SREG_LANEMASK_GT: return (uint32_t)~upto;
    case PTX_SREG_DYNAMIC_SMEM_SIZE: return l->dyn_shared;
    case PTX_SREG_TOTAL_SMEM_SIZE: return l->shared_per_cta;
    case PTX_SREG_WARPSIZE: return PTX_WARP_SIZE;
    /* clusters (cluster.c) */
    case PTX_SREG_CLUSTERID: return c->ctaid[d] / l->cluster[d];
    case PTX_SREG_NCLUSTERID: return l->grid[d] / l->cluster[d];
    case PTX_SREG_CLUSTER_CTAID: return c->ctaid[d] % l->cluster[d];
    case PTX_SREG_CLUSTER_NCTAID: return l->cluster[d];
    case PTX_SREG_CLUSTER_CTARANK: return c->cluster_rank;
    case PTX_SREG_CLUSTER_NCTARANK: return l->cluster_size;
    case PTX_SREG_IS_EXPLICIT_CLUSTER: return l->explicit_cluster;
    default: return 0;
    }
}

uint64_t ptx_exec_symbol(const struct ptx_warp *w, uint32_t sym)
{
    const struct ptx_program *p = w->launch->prog;
    uint64_t v = p->sym_val[sym];
    switch (p->sym_kind[sym]) {
    case SYMK_DYNSHARED: return (w->launch->static_shared + 15) / 16 * 16;
    case SYMK_LOCAL: return w->fp + v;
    default: return v;
    }
}

const uint64_t *ptx_exec_src(struct ptx_warp *w, const struct ptx_operand *o, uint64_t *tmp)
{
    switch (o->kind) {
    case PTX_OPND_REG:
        if (o->index != PTX_NO_INDEX)
            return &w->regs[(size_t)o->index * PTX_WARP_SIZE];
        memset(tmp, 0, PTX_WARP_SIZE * sizeof *tmp);
        return tmp;
    case PTX_OPND_SREG: {
        unsigned d = o->dim < 3 ? o->dim : 0;
        switch (o->index) { /* the per-lane ones without a call per lane */
        case PTX_SREG_TID:
            for (int l = 0; l < PTX_WARP_SIZE; l++)
                tmp[l] = w->tid[d][l];
            return tmp;
        case PTX_SREG_LANEID:
            for (int l = 0; l < PTX_WARP_SIZE; l++)
                tmp[l] = (uint64_t)l;
            return tmp;
        case PTX_SREG_LANEMASK_EQ: case PTX_SREG_LANEMASK_LE: case PTX_SREG_LANEMASK_LT:
        case PTX_SREG_LANEMASK_GE: case PTX_SREG_LANEMASK_GT:
            for (int l = 0; l < PTX_WARP_SIZE; l++)
                tmp[l] = ptx_exec_sreg(w, o, l);
            return tmp;
        default: {
            uint64_t v = ptx_exec_sreg(w, o, 0); /* uniform over the warp */
            for (int l = 0; l < PTX_WARP_SIZE; l++)
                tmp[l] = v;
            return tmp;
        }
        }
    }
    case PTX_OPND_PRED: {
        uint32_t m = ptx_exec_pred(w, o);
        for (int l = 0; l < PTX_WARP_SIZE; l++)
            tmp[l] = (m >> l) & 1;
        return tmp;
    }
    case PTX_OPND_SYMBOL:
    case PTX_OPND_ADDR_SYM: {
        uint64_t v = ptx_exec_symbol(w, o->index) + (uint64_t)o->value;
        for (int l = 0; l < PTX_WARP_SIZE; l++)
            tmp[l] = v;
        return tmp;
    }
    default: {
        uint64_t v = (uint64_t)o->value;
        for (int l = 0; l < PTX_WARP_SIZE; l++)
            tmp[l] = v;
        return tmp;
    }
    }
}

uint32_t ptx_exec_pred(const struct ptx_warp *w, const struct ptx_operand *o)
{
    uint32_t m;
    if (o->kind == PTX_OPND_PRED)
        m = o->index == PTX_NO_INDEX ? 0 : w->preds[o->index];
    else if (o->kind == PTX_OPND_REG)
        m = 0; /* a register used as predicate source is decoded as PRED */
    else if (o->kind == PTX_OPND_SREG) /* %is_explicit_cluster */
        m = ptx_exec_sreg(w, o, 0) ? FULL_MASK : 0;
    else
        m = o->value ? FULL_MASK : 0;
    return (o->flags & PTX_OPNDF_NOT) ? ~m : m;
}

/* ---- SIMT stack ---- */

static int simt_push(struct ptx_warp *w, uint32_t pc, uint32_t rpc, uint32_t mask)
{
    if (w->sp == w->simt_cap) {
        uint32_t ncap = w->simt_cap * 2;
        struct simt_entry *n = realloc(w->simt, ncap * sizeof *n);
        if (!n)
            return -1;
        w->simt = n;
        w->simt_cap = ncap;
    }
    w->simt[w->sp++] = (struct simt_entry){ pc, rpc, mask, 0, 0 };
    return 0;
}

static void switch_frame(struct ptx_warp *w, uint32_t func)
{
    w->func_idx = func;
    w->func = &w->launch->mod->funcs[func];
    w->regs = w->regstack + w->reg_base;
    w->preds = w->predstack + w->pred_base;
    w->params = w->paramstack + w->param_base;
}

/* Copies per-lane parameter bytes between frames for `mask`'s lanes. */
static void copy_params(uint8_t *dst, uint32_t dst_frame, uint64_t dst_off, const uint8_t *src,
                        uint32_t src_frame, uint64_t src_off, uint64_t size, uint32_t mask)
{
    for (int l = 0; l < PTX_WARP_SIZE; l++)
        if ((mask >> l) & 1)
            memcpy(dst + (size_t)l * dst_frame + dst_off, src + (size_t)l * src_frame + src_off,
                   size);
}

static void do_return(struct ptx_warp *w)
{
    const struct ptx_program *p = w->launch->prog;
    const struct ptx_module *m = w->launch->mod;
    struct call_frame *f = &w->frames[--w->nframes];
    const struct ptx_function *callee = w->func;
    uint32_t callee_frame = p->param_frame[w->func_idx];
    uint8_t *callee_params = w->params;
    /* the call's return list precedes its FUNC operand */
    const struct ptx_inst *in = f->call;
    const struct ptx_operand *rets = NULL;
    for (unsigned k = 0; k < in->nops && in->ops[k].kind != PTX_OPND_FUNC; k++)
        if (in->ops[k].kind == PTX_OPND_SYMLIST)
            rets = &in->ops[k];
    w->reg_base = f->reg_base;
    w->pred_base = f->pred_base;
    w->param_base = f->param_base;
    w->fp = f->fp;
    switch_frame(w, f->func);
    if (rets && f->ret_mask) {
        uint32_t caller_frame = p->param_frame[w->func_idx];
        for (unsigned i = 0; i < rets->count && i < callee->nret_params; i++) {
            uint32_t dsym = w->func->sym_pool[rets->index + i];
            uint32_t ssym = callee->ret_params[i];
            uint64_t size = m->syms[ssym].size < m->syms[dsym].size ? m->syms[ssym].size
                                                                    : m->syms[dsym].size;
            copy_params(w->params, caller_frame, p->sym_val[dsym], callee_params, callee_frame,
                        p->sym_val[ssym], size, f->ret_mask);
        }
    }
}

/* Pops finished entries (reached their reconvergence point or emptied by
 * exits/returns) and returns from calls whose entries are all gone. */
static void simt_settle(struct ptx_warp *w)
{
    for (;;) {
        uint32_t base = w->nframes ? w->frames[w->nframes - 1].simt_base : 0;
        while (w->sp > base &&
               (w->simt[w->sp - 1].mask == 0 || w->simt[w->sp - 1].pc == w->simt[w->sp - 1].rpc))
            w->sp--;
        if (w->sp > base)
            return;
        if (w->nframes == 0) {
            w->state = PTX_WARP_EXITED;
            w->cta->warps_done++;
            return;
        }
        do_return(w);
    }
}

static void exit_lanes(struct ptx_warp *w, uint32_t lanes)
{
    lanes &= w->live;
    for (uint32_t i = 0; i < w->sp; i++)
        w->simt[i].mask &= ~lanes;
    for (uint32_t i = 0; i < w->nframes; i++)
        w->frames[i].ret_mask &= ~lanes;
    w->live &= ~lanes;
    if (lanes)
        ptx_bar_threads_exited(w->cta, (uint32_t)bits_popc32(lanes));
}

static void do_branch(struct ptx_warp *w, const struct ptx_inst *in, uint32_t pc, uint32_t active,
                      uint32_t taken)
{
    struct simt_entry *top = &w->simt[w->sp - 1];
    uint32_t target = in->target != PTX_NO_INDEX ? in->target : (uint32_t)in->ops[0].index;
    w->cnt->branches++;
    if (taken == 0) {
        top->pc = pc + 1;
        return;
    }
    if (taken == active || target == pc + 1) {
        top->pc = target;
        return;
    }
    w->cnt->divergent_branches++;
    uint32_t nt = active & ~taken, r = in->reconv;
    if (top->rpc == r) {
        /* lanes heading for r may simply leave this entry: the entry below
         * already waits at r with all of them */
        if (target == r) {
            top->pc = pc + 1;
            top->mask = nt;
            return;
        }
        if (pc + 1 == r) {
            top->pc = target;
            top->mask = taken;
            return;
        }
        top->pc = pc + 1;
        top->mask = nt;
        if (simt_push(w, target, r, taken))
            ptx_exec_fail(w, -1, in, "out of memory for the SIMT stack");
        return;
    }
    top->pc = r;
    if ((pc + 1 != r && simt_push(w, pc + 1, r, nt)) || (target != r && simt_push(w, target, r, taken)))
        ptx_exec_fail(w, -1, in, "out of memory for the SIMT stack");
}

static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    size_t ncap = *cap ? *cap : 64;
    while (ncap < need)
        ncap *= 2;
    void *n = realloc(*p, ncap * elem);
    if (!n)
        return -1;
    *p = n;
    *cap = ncap;
    return 0;
}

static int do_call(struct ptx_warp *w, const struct ptx_inst *in, uint32_t pc, uint32_t mask)
{
    const struct ptx_module *m = w->launch->mod;
    const struct ptx_program *p = w->launch->prog;
    const struct ptx_operand *args = NULL;
    uint32_t fi = PTX_NO_INDEX;
    for (unsigned k = 0; k < in->nops; k++) {
        if (in->ops[k].kind == PTX_OPND_FUNC)
            fi = in->ops[k].index;
        else if (in->ops[k].kind == PTX_OPND_SYMLIST && fi != PTX_NO_INDEX && !args)
            args = &in->ops[k];
    }
    struct simt_entry *top = &w->simt[w->sp - 1];
    top->pc = pc + 1;
    if (fi >= m->nfuncs) {
        ptx_exec_fail(w, -1, in, "indirect calls are not supported");
        return -1;
    }
    if (!mask)
        return 0;
    const struct ptx_function *callee = &m->funcs[fi];
    const uint32_t *argsyms = args && args->count ? &w->func->sym_pool[args->index] : NULL;
    uint32_t nargs = args ? args->count : 0;
    if (callee->is_extern || callee->ninsts == 0) {
        if (callee->name && strcmp(callee->name, "vprintf") == 0)
            return ptx_exec_vprintf(w, in, mask, argsyms, nargs);
        ptx_exec_fail(w, -1, in, "call to external function %s, which ccgpu does not provide",
                      callee->name ? callee->name : "?");
        return -1;
    }
    if (w->nframes >= PTX_MAX_CALL_DEPTH) {
        ptx_exec_fail(w, __builtin_ctz(mask), in, "call depth exceeds %u", PTX_MAX_CALL_DEPTH);
        return -1;
    }
    uint64_t new_fp = w->fp + p->func_local[w->func_idx];
    if (new_fp + p->func_local[fi] > w->launch->local_per_thread) {
        ptx_exec_fail(w, __builtin_ctz(mask), in, "call stack overflow calling %s", callee->name);
        return -1;
    }
    size_t nreg = w->reg_base + (size_t)w->func->nregs * PTX_WARP_SIZE;
    size_t npred = w->pred_base + w->func->npreds;
    uint32_t caller_frame = p->param_frame[w->func_idx], callee_frame = p->param_frame[fi];
    size_t npar = w->param_base + (size_t)caller_frame * PTX_WARP_SIZE;
    if (grow((void **)&w->frames, &w->frames_cap, w->nframes + 1, sizeof *w->frames))
        goto oom;
    if (grow((void **)&w->regstack, &w->reg_cap, nreg + (size_t)callee->nregs * PTX_WARP_SIZE,
             sizeof *w->regstack) ||
        grow((void **)&w->predstack, &w->pred_cap, npred + callee->npreds + 1, sizeof *w->predstack) ||
        grow((void **)&w->paramstack, &w->param_cap, npar + (size_t)callee_frame * PTX_WARP_SIZE + 8, 1))
        goto oom;
    switch_frame(w, w->func_idx); /* stacks may have moved */
    w->frames[w->nframes++] = (struct call_frame){ w->func_idx, pc + 1, w->sp, 0, w->reg_base,
                                                   w->pred_base, w->param_base, w->fp, in };
    uint8_t *caller_params = w->params;
    w->reg_base = nreg;
    w->pred_base = npred;
    w->param_base = npar;
    w->fp = new_fp;
    switch_frame(w, fi);
    ptx_regs_start(p, fi, w->regs, w->launch->register_fill);
    memset(w->preds, 0, (size_t)callee->npreds * sizeof *w->preds);
    for (uint32_t i = 0; i < nargs && i < callee->nparams; i++) {
        uint32_t ssym = argsyms[i], dsym = callee->params[i];
        uint64_t size = m->syms[ssym].size < m->syms[dsym].size ? m->syms[ssym].size
                                                                : m->syms[dsym].size;
        copy_params(w->params, callee_frame, p->sym_val[dsym], caller_params, caller_frame,
                    p->sym_val[ssym], size, mask);
    }
    if (simt_push(w, 0, PTX_NO_INDEX, mask))
        goto oom;
    return 0;
oom:
    ptx_exec_fail(w, -1, in, "out of memory for the call stack");
    return -1;
}

static void do_barrier(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask)
{
    struct ptx_cta *c = w->cta;
    uint64_t tmp[PTX_WARP_SIZE];
    uint32_t id = 0, expected = 0;
    int red = in->mode == PTX_BAR_RED;
    unsigned first = red ? 1 : 0, last = in->nops - (red ? 1 : 0);
    int lane = mask ? __builtin_ctz(mask) : 0;
    if (in->mode == 3 /* bar.warp.sync: the warp is already converged here */)
        return;
    if (first < last)
        id = (uint32_t)ptx_exec_src(w, &in->ops[first], tmp)[lane];
    if (first + 1 < last)
        expected = (uint32_t)ptx_exec_src(w, &in->ops[first + 1], tmp)[lane];
    w->cnt->barriers++;
    if (id >= PTX_NUM_BARRIERS) {
        ptx_exec_fail(w, lane, in, "barrier id %u out of range 0..15", id);
        return;
    }
    if (expected % PTX_WARP_SIZE) {
        ptx_exec_fail(w, lane, in, "barrier thread count %u is not a multiple of 32", expected);
        return;
    }
    if (red) {
        if (c->bar_count[id] == 0) {
            c->bar_red[id] = 0;
            c->bar_red_all[id] = 1;
        }
        uint32_t p = ptx_exec_pred(w, &in->ops[in->nops - 1]) & mask;
        c->bar_red[id] += (uint32_t)bits_popc32(p);
        if (p != mask)
            c->bar_red_all[id] = 0;
        if (w->red_mask && (w->red_inst != in || w->red_id != id)) {
            ptx_exec_fail(w, lane, in, "two different bar.red pending in one warp (unsupported)");
            return;
        }
        w->red_inst = in;
        w->red_id = id;
        w->red_mask |= mask;
    }
    uint32_t gen = c->bar_gen[id];
    ptx_bar_arrive(c, id, mask, expected);
    if (in->mode == PTX_BAR_ARRIVE || c->bar_gen[id] != gen)
        return; /* bar.arrive, or this arrival completed the barrier */
    /* These lanes wait. If the warp has a sibling path still to run (the
     * other side of a branch, e.g. threads that will exit first), park this
     * entry beneath it and run that path: barriers count threads. */
    struct simt_entry *top = &w->simt[w->sp - 1];
    top->wait_bar = id + 1;
    top->wait_gen = gen;
    w->bar_inst = in;
    uint32_t base = w->nframes ? w->frames[w->nframes - 1].simt_base : 0;
    if (w->sp >= base + 2) {
        struct simt_entry *sib = &w->simt[w->sp - 2];
        if (sib->rpc == top->rpc && sib->pc != sib->rpc && !sib->wait_bar && sib->mask) {
            struct simt_entry t = *top;
            *top = *sib;
            *sib = t;
            return;
        }
    }
    w->state = PTX_WARP_AT_BARRIER;
    w->bar_id = (uint8_t)id;
    c->warps_waiting++;
}

enum ptx_step_status ptx_warp_step(struct ptx_warp *w, struct ptx_dyninst *d)
{
    switch (w->state) {
    case PTX_WARP_READY: break;
    case PTX_WARP_AT_BARRIER: return PTX_STEP_BARRIER;
    case PTX_WARP_EXITED: return PTX_STEP_EXITED;
    default: return PTX_STEP_ERROR;
    }
    struct ptx_launch *l = w->launch;
    struct simt_entry *top = &w->simt[w->sp - 1];
    uint32_t pc = top->pc, active = top->mask;
    struct ptx_dyninst local;
    if (!d && l->observer)
        d = &local;
    if (pc >= w->func->ninsts) {
        ptx_exec_fail(w, __builtin_ctz(active), NULL,
                      "execution ran past the end of function %s", w->func->name);
        return PTX_STEP_ERROR;
    }
    if (top->wait_bar) { /* lanes parked at a barrier came back to the top */
        struct ptx_cta *c = w->cta;
        uint32_t id = top->wait_bar - 1;
        if (c->bar_gen[id] == top->wait_gen) {
            w->state = PTX_WARP_AT_BARRIER;
            w->bar_id = (uint8_t)id;
            c->warps_waiting++;
            return ptx_cta_check_deadlock(c) ? PTX_STEP_ERROR : PTX_STEP_BARRIER;
        }
        top->wait_bar = 0;
    }
    const struct ptx_inst *in = &w->func->insts[pc];
    uint32_t mask = active;
    if (in->guard != PTX_NO_INDEX) {
        uint32_t g = w->preds[in->guard];
        mask &= in->guard_not ? ~g : g;
    }
    w->cnt->warp_insts++;
    w->cnt->thread_insts += (uint64_t)bits_popc32(active);
    w->cnt->thread_insts_exec += (uint64_t)bits_popc32(mask);
    if (d) {
        d->cta_linear = w->cta->linear;
        d->warp_in_cta = w->index;
        d->sm = w->cta->sm;
        d->slot = w->slot;
        d->inst = in;
        d->func = w->func;
        d->pc = pc;
        d->active_mask = active;
        d->exec_mask = mask;
        d->is_mem = 0;
        d->prefetch = 0;
    }
    int rc = 0;
    switch (in->op) {
    case PTX_OP_BRA:
        do_branch(w, in, pc, active, mask);
        break;
    case PTX_OP_CALL:
        rc = do_call(w, in, pc, mask);
        break;
    case PTX_OP_RET:
        top->pc = pc + 1;
        if (w->nframes == 0) {
            exit_lanes(w, mask);
        } else if (mask) {
            struct call_frame *f = &w->frames[w->nframes - 1];
            f->ret_mask |= mask;
            for (uint32_t i = f->simt_base; i < w->sp; i++)
                w->simt[i].mask &= ~mask;
        }
        break;
    case PTX_OP_EXIT:
        top->pc = pc + 1;
        exit_lanes(w, mask);
        break;
    case PTX_OP_TRAP:
        top->pc = pc + 1;
        if (mask) {
            ptx_exec_fail(w, __builtin_ctz(mask), in, "trap");
            rc = -1;
        }
        break;
    case PTX_OP_BAR:
    case PTX_OP_BARRIER:
        top->pc = pc + 1;
        if (in->flags & PTX_F_SCOPE_CLUSTER)
            rc = ptx_exec_cluster(w, in, mask, pc);
        else
            do_barrier(w, in, mask);
        break;
    case PTX_OP_MAPA:
    case PTX_OP_GETCTARANK:
        rc = ptx_exec_cluster(w, in, mask, pc);
        break;
    case PTX_OP_LD:
    case PTX_OP_LDU:
    case PTX_OP_ST:
    case PTX_OP_ATOM:
    case PTX_OP_RED:
    case PTX_OP_CVTA:
    case PTX_OP_ISSPACEP:
    case PTX_OP_PREFETCH:
    case PTX_OP_PREFETCHU:
        top->pc = pc + 1;
        if (mask)
            rc = ptx_exec_mem(w, in, mask, d);
        if (!rc && l->observer && d->is_mem)
            l->observer(l->observer_ctx, d, w->cta->linear, w->index);
        break;
    case PTX_OP_TEX:
    case PTX_OP_TLD4:
    case PTX_OP_SULD:
    case PTX_OP_SUST:
    case PTX_OP_TXQ:
    case PTX_OP_SUQ:
        top->pc = pc + 1;
        if (mask)
            rc = ptx_exec_tex(w, in, mask, d);
        if (!rc && l->observer && d->is_mem)
            l->observer(l->observer_ctx, d, w->cta->linear, w->index);
        break;
    case PTX_OP_SHFL:
    case PTX_OP_VOTE:
    case PTX_OP_ACTIVEMASK:
    case PTX_OP_MATCH:
    case PTX_OP_REDUX:
    case PTX_OP_ELECT:
        top->pc = pc + 1;
        rc = ptx_exec_warpop(w, in, mask);
        break;
    case PTX_OP_CP_ASYNC:
    case PTX_OP_CP_ASYNC_MBAR_ARRIVE:
    case PTX_OP_CP_ASYNC_BULK:
    case PTX_OP_MBARRIER:
        top->pc = pc + 1;
        if (mask)
            rc = ptx_exec_async(w, in, mask, d);
        if (!rc && l->observer && d->is_mem)
            l->observer(l->observer_ctx, d, w->cta->linear, w->index);
        break;
    case PTX_OP_MMA:
    case PTX_OP_LDMATRIX:
    case PTX_OP_STMATRIX:
    case PTX_OP_WMMA_LOAD:
    case PTX_OP_WMMA_STORE:
    case PTX_OP_WMMA_MMA:
        top->pc = pc + 1;
        if (mask)
            rc = ptx_exec_mma(w, in, mask, d);
        if (!rc && l->observer && d->is_mem)
            l->observer(l->observer_ctx, d, w->cta->linear, w->index);
        break;
    case PTX_OP_UNSUPPORTED: /* launches reaching one are refused */
        ptx_exec_fail(w, -1, in, "an unsupported instruction was reached");
        rc = -1;
        break;
    case PTX_OP_CP_ASYNC_COMMIT:
    case PTX_OP_CP_ASYNC_WAIT:
    case PTX_OP_CP_ASYNC_WAIT_ALL:
    case PTX_OP_MEMBAR:
    case PTX_OP_FENCE:
    case PTX_OP_BRKPT:
    case PTX_OP_NANOSLEEP:
    case PTX_OP_PMEVENT:
        top->pc = pc + 1;
        break;
    default:
        top->pc = pc + 1;
        if (mask)
            rc = ptx_exec_alu(w, in, mask);
        break;
    }
    if (rc || w->state == PTX_WARP_ERROR || atomic_load_explicit(&l->failed, memory_order_relaxed)) {
        w->state = PTX_WARP_ERROR;
        return PTX_STEP_ERROR;
    }
    /* the fast case: a straight-line instruction that did not reach the
     * reconvergence point */
    top = &w->simt[w->sp - 1];
    if (top->pc == top->rpc || top->mask == 0) {
        simt_settle(w);
        /* lanes parked at a barrier may be back on top: wait here, so that
         * ptx_warp_next never offers an instruction the warp cannot run */
        if (w->state == PTX_WARP_READY && w->simt[w->sp - 1].wait_bar) {
            top = &w->simt[w->sp - 1];
            uint32_t id = top->wait_bar - 1;
            if (w->cta->bar_gen[id] == top->wait_gen) {
                w->state = PTX_WARP_AT_BARRIER;
                w->bar_id = (uint8_t)id;
                w->cta->warps_waiting++;
            } else {
                top->wait_bar = 0;
            }
        }
    }
    switch (w->state) {
    case PTX_WARP_AT_BARRIER:
        if (ptx_cta_check_deadlock(w->cta))
            return PTX_STEP_ERROR;
        return PTX_STEP_BARRIER;
    case PTX_WARP_EXITED:
        /* the others may now wait forever at a barrier this warp never reached */
        if (ptx_cta_check_deadlock(w->cta))
            return PTX_STEP_ERROR;
        return PTX_STEP_EXITED;
    default: return PTX_STEP_OK;
    }
}

enum ptx_step_status ptx_cta_run(struct ptx_cta *c, uint64_t run, uint64_t rounds,
                                 uint64_t *executed)
{
    struct ptx_warp *warps = c->warps;
    uint32_t nw = c->nwarps;
    uint64_t total = 0;
    for (uint64_t r = 0; r < rounds && c->warps_done < nw; r++) {
        uint64_t before = total;
        for (uint32_t i = 0; i < nw; i++) {
            struct ptx_warp *w = &warps[i];
            for (uint64_t n = 0; n < run && w->state == PTX_WARP_READY; n++) {
                enum ptx_step_status st = ptx_warp_step(w, NULL);
                total++;
                if (st == PTX_STEP_ERROR) {
                    *executed += total;
                    return PTX_STEP_ERROR;
                }
            }
        }
        if (total == before)
            break;
    }
    *executed += total;
    return PTX_STEP_OK;
}

const char *ptx_op_name(int op)
{
    static const char *const names[] = {
#define PTX_OP(e, s, c) s,
#include "ptx/opcodes.def"
#undef PTX_OP
    };
    return op >= 0 && op < PTX_OP_COUNT ? names[op] : "?";
}

const char *ptx_type_str(int t)
{
    static const char *const names[PTX_T_COUNT] = {
        "", "pred", "b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64",
        "s8", "s16", "s32", "s64", "f16", "f16x2", "bf16", "bf16x2", "tf32", "f32", "f64",
    };
    return t >= 0 && t < PTX_T_COUNT ? names[t] : "?";
}
