/* Trace warps for the timing model (trace_source.h). */
#include "trace/trace_source.h"
#include "timing/tinst.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* generic-address windows of shared and local memory from the header's
 * base addresses (NVBit places each in a 16 MB aligned window) */
#define WINDOW (16ull << 20)

enum { W_READY, W_BARRIER, W_EXITED };

struct trace_warp {
    struct trace_cta *cta;
    const struct trace_warp_insts *in;
    uint32_t index, slot, pos;
    uint32_t last_pc; /* PC of the instruction last stepped */
    uint64_t last_load; /* first lane's address of its last global load */
    uint8_t state, stepped;
    struct tinst ti; /* the next instruction's facts (warp_next) */
};

struct trace_cta {
    struct trace_launch *l;
    struct trace_cta_insts *data;
    uint32_t id, sm, nwarps, live, waiting;
    struct trace_warp w[];
};

struct trace_launch {
    struct trace_file *f;
    const struct sass_table *tab;
    const struct trace_header *h;
    const struct sm_config *cfg;
    struct ptx_inst *pinst;  /* per opcode (and unknown, last): plain, then .STRONG.GPU */
    struct tinst *base;      /* per opcode, unknown last: unit, latency, kind */
    struct trace_warp_insts exit_only; /* a warp with no instructions: one EXIT */
    struct ptx_counters cnt;
    struct trace_counts tc;
    uint32_t nops;
    char err[512];
};

static uint32_t op_index(const struct trace_launch *l, const struct trace_inst *in)
{
    return in->op == TRACE_OP_UNKNOWN ? l->nops : in->op;
}

/* What the policies see of an opcode (ccgpu_inst_info). */
static void fill_pinst(struct ptx_inst *p, const struct sass_opcode *e, int strong)
{
    static const uint16_t alu_op[LAT_COUNT] = { PTX_OP_ADD, PTX_OP_MAX, PTX_OP_MUL,
                                                PTX_OP_FMA, PTX_OP_DIV, PTX_OP_SHFL };
    memset(p, 0, sizeof *p);
    p->guard = p->target = p->reconv = PTX_NO_INDEX;
    p->vec = 1;
    p->space = PTX_SPACE_NONE;
    uint8_t unit = e ? e->unit : SASS_SP, lat = e ? e->lat : LAT_ADD;
    p->op = alu_op[lat];
    p->opclass = PTX_CLASS_ALU;
    p->type = PTX_T_F32;
    switch (unit) {
    case SASS_INT: p->type = PTX_T_S32; break;
    case SASS_DP: p->type = PTX_T_F64; p->opclass = PTX_CLASS_DP; break;
    case SASS_SFU: p->op = PTX_OP_EX2; p->opclass = PTX_CLASS_SFU; break;
    case SASS_TENSOR: p->type = PTX_T_F16; break;
    case SASS_MEM:
        p->opclass = PTX_CLASS_MEM;
        p->space = e->space;
        p->op = e->access == SASS_LOAD    ? PTX_OP_LD
                : e->access == SASS_STORE ? PTX_OP_ST
                : !strcmp(e->name, "RED") ? PTX_OP_RED
                                          : PTX_OP_ATOM;
        p->cache = strong && e->access == SASS_LOAD ? PTX_CACHE_CG : PTX_CACHE_NONE;
        break;
    case SASS_BRANCH: p->op = PTX_OP_BRA; p->opclass = PTX_CLASS_BRANCH; break;
    case SASS_BARRIER: p->op = PTX_OP_BAR; p->opclass = PTX_CLASS_BARRIER; break;
    case SASS_EXIT: p->op = PTX_OP_EXIT; p->opclass = PTX_CLASS_EXIT; break;
    case SASS_NOP: case SASS_TMA: p->op = PTX_OP_BRKPT; p->opclass = PTX_CLASS_NOP; break;
    default: break;
    }
}

/* Unit, latency and kind of an opcode, as tinst.c gives them to PTX
 * instructions of the same class. */
static void fill_base(struct tinst *t, const struct sass_opcode *e, const struct sm_config *c)
{
    memset(t, 0, sizeof *t);
    uint8_t unit = e ? e->unit : SASS_SP, lc = e ? e->lat : LAT_ADD;
    uint32_t lat = c->lat_int[LAT_ADD], init = c->init_int[LAT_ADD];
    t->unit = FU_SP;
    t->kind = TI_ALU;
    switch (unit) {
    case SASS_SP:
        lat = c->lat_fp[lc];
        init = c->init_fp[lc];
        t->op_kind = TOP_FP32;
        break;
    case SASS_TENSOR: /* as PTX mma (tinst.c): the tensor unit, else the SP units */
        lat = c->lat_tensor;
        init = c->init_tensor;
        t->unit = c->n_units[FU_TENSOR] ? FU_TENSOR : FU_SP;
        break;
    case SASS_INT:
        lat = c->lat_int[lc];
        init = c->init_int[lc];
        t->unit = c->n_units[FU_INT] ? FU_INT : FU_SP;
        t->op_kind = TOP_INT;
        break;
    case SASS_DP:
        lat = c->lat_dp[lc];
        init = c->init_dp[lc];
        t->unit = c->n_units[FU_DP] ? FU_DP : FU_SFU;
        t->op_kind = TOP_FP64;
        break;
    case SASS_SFU:
        lat = lc == LAT_DIV ? c->lat_fp[LAT_DIV] : c->lat_sfu;
        init = lc == LAT_DIV ? c->init_fp[LAT_DIV] : c->init_sfu;
        t->unit = FU_SFU;
        t->op_kind = TOP_SFU;
        break;
    case SASS_MEM:
        t->unit = FU_MEM;
        t->kind = TI_MEM;
        t->atomic = e->access == SASS_ATOMIC;
        break;
    case SASS_BRANCH: t->kind = TI_BRANCH; break;
    case SASS_BARRIER: t->kind = TI_BARRIER; break;
    case SASS_EXIT: t->kind = TI_EXIT; break;
    default: t->kind = TI_OTHER; break;
    }
    uint32_t simd = 32 / c->simd_width;
    t->latency = (uint16_t)lat;
    t->busy = (uint16_t)(init > simd ? init : simd);
}

struct trace_launch *trace_launch_create(struct trace_file *f, const struct sm_config *cfg)
{
    struct trace_launch *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->f = f;
    l->tab = trace_file_table(f);
    l->h = trace_file_header(f);
    l->cfg = cfg;
    l->nops = l->tab->n;
    l->pinst = calloc(2 * ((size_t)l->nops + 1), sizeof *l->pinst);
    l->base = calloc((size_t)l->nops + 1, sizeof *l->base);
    l->exit_only.v = calloc(1, sizeof *l->exit_only.v);
    if (!l->pinst || !l->base || !l->exit_only.v) {
        trace_launch_free(l);
        return NULL;
    }
    for (uint32_t i = 0; i <= l->nops; i++) {
        const struct sass_opcode *e = i < l->nops ? &l->tab->ops[i] : NULL;
        fill_pinst(&l->pinst[2 * i], e, 0);
        fill_pinst(&l->pinst[2 * i + 1], e, 1);
        fill_base(&l->base[i], e, cfg);
    }
    const struct sass_opcode *ex = sass_table_find(l->tab, "EXIT", 4);
    l->exit_only.v[0].op = ex ? (uint16_t)(ex - l->tab->ops) : TRACE_OP_UNKNOWN;
    l->exit_only.n = l->exit_only.cap = 1;
    return l;
}

void trace_launch_free(struct trace_launch *l)
{
    if (!l)
        return;
    free(l->pinst);
    free(l->base);
    free(l->exit_only.v);
    free(l);
}

const struct trace_counts *trace_launch_counts(const struct trace_launch *l)
{
    return &l->tc;
}

/* ---- the launch ---- */
static const char *kernel_name(const void *p)
{
    const struct trace_launch *l = p;
    return l->h->kernel_name[0] ? l->h->kernel_name : "(unnamed trace kernel)";
}
static uint32_t num_ctas(const void *p) { return trace_file_num_ctas(((const struct trace_launch *)p)->f); }
static uint32_t warps_per_cta(const void *p)
{
    return trace_file_warps_per_cta(((const struct trace_launch *)p)->f);
}
static uint32_t threads_per_cta(const void *p)
{
    const struct trace_header *h = ((const struct trace_launch *)p)->h;
    return h->block[0] * h->block[1] * h->block[2];
}
static uint64_t shared_per_cta(const void *p) { return ((const struct trace_launch *)p)->h->shmem; }
static const struct ptx_counters *counters(const void *p)
{
    return &((const struct trace_launch *)p)->cnt;
}
static const char *error(const void *p) { return ((const struct trace_launch *)p)->err; }

/* ---- CTAs ---- */
static struct isrc_cta *cta_create(void *p, uint32_t id, uint32_t sm, const uint32_t *slots)
{
    struct trace_launch *l = p;
    struct trace_cta_insts *d = trace_file_read_cta(l->f, id, l->err, sizeof l->err);
    if (!d)
        return NULL;
    struct trace_cta *c = calloc(1, sizeof *c + d->nwarps * sizeof c->w[0]);
    if (!c) {
        trace_cta_insts_free(d);
        snprintf(l->err, sizeof l->err, "trace CTA %u: out of memory", id);
        return NULL;
    }
    c->l = l;
    c->data = d;
    c->id = id;
    c->sm = sm;
    c->nwarps = c->live = d->nwarps;
    for (uint32_t i = 0; i < d->nwarps; i++) {
        struct trace_warp *w = &c->w[i];
        w->cta = c;
        w->index = i;
        w->slot = slots ? slots[i] : i;
        w->in = d->w[i].n ? &d->w[i] : &l->exit_only;
        w->state = W_READY;
    }
    return (struct isrc_cta *)(void *)c;
}

static void cta_free(struct isrc_cta *p)
{
    struct trace_cta *c = (struct trace_cta *)(void *)p;
    if (!c)
        return;
    trace_cta_insts_free(c->data);
    free(c);
}

static int cta_check_deadlock(struct isrc_cta *p)
{
    (void)p; /* a barrier counts warps: the last to arrive (or exit) releases it */
    return 0;
}
static uint32_t cta_num_warps(const struct isrc_cta *p) { return ((const struct trace_cta *)(const void *)p)->nwarps; }
static struct isrc_warp *cta_warp(struct isrc_cta *p, uint32_t i)
{
    return (struct isrc_warp *)(void *)&((struct trace_cta *)(void *)p)->w[i];
}

/* ---- warps ---- */
#define TW(p) ((struct trace_warp *)(void *)(p))
#define CTW(p) ((const struct trace_warp *)(const void *)(p))
static uint32_t warp_slot(const struct isrc_warp *w) { return CTW(w)->slot; }
static uint32_t warp_index(const struct isrc_warp *w) { return CTW(w)->index; }
static int warp_ready(const struct isrc_warp *w) { return CTW(w)->state == W_READY; }

static const struct ptx_inst *warp_next(struct isrc_warp *p, const struct tinst **ti)
{
    struct trace_warp *w = TW(p);
    if (w->state != W_READY || w->pos >= w->in->n)
        return NULL;
    const struct trace_launch *l = w->cta->l;
    const struct trace_inst *in = &w->in->v[w->pos];
    uint32_t k = op_index(l, in);
    struct tinst *t = &w->ti;
    *t = l->base[k];
    uint32_t n = 0;
    for (uint32_t i = 0; i < in->nsrc; i++) /* sources, then destinations */
        t->reg[n++] = in->reg[in->ndst + i];
    for (uint32_t i = 0; i < in->ndst; i++)
        t->reg[n++] = in->reg[i];
    t->nsrc = in->nsrc;
    t->ndst = in->ndst;
    if (t->kind == TI_MEM && !in->amode)
        t->atomic = 0; /* (no lanes to wait for) */
    *ti = t;
    return &l->pinst[2 * k + ((in->flags & TRACE_F_STRONG_GPU) ? 1 : 0)];
}

static int warp_sequential(const struct isrc_warp *p)
{
    const struct trace_warp *w = CTW(p);
    return w->pos < w->in->n && w->in->v[w->pos].pc == w->last_pc + 16;
}

/* the space of a generic address, and its offset there */
static uint8_t resolve(const struct trace_header *h, uint64_t *a)
{
    if (h->shmem_base && *a - h->shmem_base < WINDOW) {
        *a -= h->shmem_base;
        return PTX_SPACE_SHARED;
    }
    if (h->local_base && *a - h->local_base < WINDOW) {
        *a -= h->local_base;
        return PTX_SPACE_LOCAL;
    }
    return PTX_SPACE_GLOBAL;
}

/* Lane addresses of in into d (executing lanes), in their space. */
static void addresses(struct trace_launch *l, const struct trace_warp *w,
                      const struct trace_inst *in, const struct sass_opcode *e,
                      struct ptx_dyninst *d)
{
    const uint64_t *a = w->in->addr + in->addr;
    uint64_t cur = a[0];
    uint32_t k = 0;
    for (uint32_t m = in->mask; m; m &= m - 1, k++) {
        uint32_t lane = (uint32_t)__builtin_ctz(m);
        if (in->amode == TRACE_ADDR_LIST)
            cur = a[k];
        else if (in->amode == TRACE_ADDR_STRIDE)
            cur = a[0] + (uint64_t)((int64_t)a[1] * (int64_t)k);
        else if (k)
            cur += a[k]; /* DELTA: a[k] is the delta from the lane before */
        d->addr[lane] = cur;
    }
    const struct trace_header *h = l->h;
    if (e->space != PTX_SPACE_GENERIC) {
        uint64_t base = e->space == PTX_SPACE_SHARED ? h->shmem_base
                        : e->space == PTX_SPACE_LOCAL ? h->local_base
                                                      : 0;
        for (uint32_t m = in->mask; base && m; m &= m - 1) {
            uint32_t lane = (uint32_t)__builtin_ctz(m);
            if (d->addr[lane] >= base)
                d->addr[lane] -= base;
        }
        d->space = e->space;
        return;
    }
    int first = 1;
    for (uint32_t m = in->mask; m; m &= m - 1) {
        uint32_t lane = (uint32_t)__builtin_ctz(m);
        uint8_t s = resolve(h, &d->addr[lane]);
        if (first)
            d->space = s;
        else if (s != d->space)
            d->mixed_space = 1;
        first = 0;
    }
    if (first)
        d->space = PTX_SPACE_GLOBAL;
}

static void release(struct trace_cta *c)
{
    for (uint32_t i = 0; i < c->nwarps; i++)
        if (c->w[i].state == W_BARRIER)
            c->w[i].state = W_READY;
    c->waiting = 0;
}

static enum ptx_step_status warp_step(struct isrc_warp *p, struct ptx_dyninst *d)
{
    struct trace_warp *w = TW(p);
    struct trace_cta *c = w->cta;
    struct trace_launch *l = c->l;
    const struct trace_inst *in = &w->in->v[w->pos];
    const struct sass_opcode *e = trace_inst_opcode(l->tab, in);
    uint32_t k = op_index(l, in), lanes = (uint32_t)__builtin_popcount(in->mask);
    d->cta_linear = c->id;
    d->warp_in_cta = w->index;
    d->sm = c->sm;
    d->slot = w->slot;
    d->inst = &l->pinst[2 * k + ((in->flags & TRACE_F_STRONG_GPU) ? 1 : 0)];
    d->func = NULL;
    d->pc = in->pc;
    d->active_mask = d->exec_mask = in->mask;
    d->is_mem = d->is_load = d->is_store = d->is_atomic = 0;
    d->space = PTX_SPACE_NONE;
    d->mixed_space = 0;
    d->prefetch = 0;
    d->vec = 1;
    d->access_size = 0;
    struct ptx_counters *cnt = &l->cnt;
    cnt->warp_insts++;
    cnt->thread_insts += lanes;
    cnt->thread_insts_exec += lanes;
    l->tc.insts++;
    if (!e)
        l->tc.unknown++;
    if (e && e->unit == SASS_MEM) {
        if (!in->amode) {
            l->tc.no_address++;
        } else {
            l->tc.mem_insts++;
            d->is_mem = 1;
            d->access_size = in->width;
            d->is_atomic = e->access == SASS_ATOMIC;
            d->is_load = e->access != SASS_STORE;
            d->is_store = e->access != SASS_LOAD;
            addresses(l, w, in, e, d);
            uint8_t s = d->space;
            if (d->is_atomic) {
                cnt->warp_atomics[s]++;
            } else if (d->is_load) {
                cnt->warp_loads[s]++;
                cnt->thread_loads[s] += lanes;
                if (s == PTX_SPACE_GLOBAL && in->mask) {
                    uint64_t a0 = d->addr[__builtin_ctz(in->mask)];
                    cnt->load_walks += a0 != w->last_load;
                    w->last_load = a0;
                }
            } else {
                cnt->warp_stores[s]++;
                cnt->thread_stores[s] += lanes;
            }
        }
    } else if (e && e->unit == SASS_BRANCH) {
        cnt->branches++;
    }
    w->last_pc = in->pc;
    w->pos++;
    if (w->pos >= w->in->n) {
        w->state = W_EXITED;
        c->live--;
        if (c->waiting && c->waiting == c->live)
            release(c);
        return PTX_STEP_EXITED;
    }
    if (e && e->unit == SASS_BARRIER && !(in->flags & TRACE_F_ARRIVE)) {
        cnt->barriers++;
        if (++c->waiting == c->live) {
            release(c);
            return PTX_STEP_OK;
        }
        w->state = W_BARRIER;
        return PTX_STEP_BARRIER;
    }
    return PTX_STEP_OK;
}

static const struct isrc_ops trace_ops = {
    .name = "trace",
    .kernel_name = kernel_name,
    .num_ctas = num_ctas,
    .warps_per_cta = warps_per_cta,
    .threads_per_cta = threads_per_cta,
    .shared_per_cta = shared_per_cta,
    .counters = counters,
    .error = error,
    .cta_create = cta_create,
    .cta_retire = cta_free,
    .cta_free = cta_free,
    .cta_check_deadlock = cta_check_deadlock,
    .cta_num_warps = cta_num_warps,
    .cta_warp = cta_warp,
    .warp_slot = warp_slot,
    .warp_index = warp_index,
    .warp_ready = warp_ready,
    .warp_next = warp_next,
    .warp_step = warp_step,
    .warp_sequential = warp_sequential,
};

struct isrc trace_launch_isrc(struct trace_launch *l)
{
    return (struct isrc){ &trace_ops, l };
}
