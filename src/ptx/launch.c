/* Launches and CTAs: validation, per-CTA state (warps, shared and local
 * memory), and CTA barriers. */
#include "ptx/exec_impl.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static struct ptx_launch *launch_fail(struct ptx_launch *l, char *err, size_t errlen,
                                      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static struct ptx_launch *launch_fail(struct ptx_launch *l, char *err, size_t errlen,
                                      const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    ptx_launch_free(l);
    return NULL;
}

struct ptx_launch *ptx_launch_create(struct ptx_program *p, const struct ptx_launch_desc *d,
                                     char *err, size_t errlen)
{
    const struct ptx_module *m = p->mod;
    if (d->kernel < 0 || (uint32_t)d->kernel >= m->nfuncs || !m->funcs[d->kernel].is_entry)
        return launch_fail(NULL, err, errlen, "launch: function %d is not a kernel", d->kernel);
    const struct ptx_function *k = &m->funcs[d->kernel];
    if (p->kernel_refusal[d->kernel])
        return launch_fail(NULL, err, errlen, "launch %s: %s", k->name,
                           p->kernel_refusal[d->kernel]);
    struct ptx_launch *l = calloc(1, sizeof *l);
    if (!l)
        return launch_fail(NULL, err, errlen, "launch %s: out of memory", k->name);
    l->prog = p;
    l->mod = m;
    l->kernel = k;
    l->kernel_idx = d->kernel;
    memcpy(l->grid, d->grid, sizeof l->grid);
    memcpy(l->block, d->block, sizeof l->block);
    uint64_t nctas = (uint64_t)d->grid[0] * d->grid[1] * d->grid[2];
    uint64_t threads = (uint64_t)d->block[0] * d->block[1] * d->block[2];
    uint32_t max_threads = d->max_threads_per_cta ? d->max_threads_per_cta : 1024;
    uint64_t max_shared = d->max_shared_per_cta ? d->max_shared_per_cta : 49152;
    if (nctas == 0)
        return launch_fail(l, err, errlen, "launch %s: empty grid (%u,%u,%u)%s", k->name,
                           d->grid[0], d->grid[1], d->grid[2],
                           d->grid[0] ? "; CCGPU_DIM3(x) makes the missing sizes 1" : "");
    if (d->grid[1] > 65535 || d->grid[2] > 65535 || d->grid[0] > 0x7fffffffu ||
        nctas > UINT32_MAX)
        return launch_fail(l, err, errlen, "launch %s: grid (%u,%u,%u) exceeds (2^31-1,65535,65535) or 2^32 CTAs",
                           k->name, d->grid[0], d->grid[1], d->grid[2]);
    if (threads == 0)
        return launch_fail(l, err, errlen, "launch %s: empty block (%u,%u,%u)%s", k->name,
                           d->block[0], d->block[1], d->block[2],
                           d->block[0] ? "; CCGPU_DIM3(x) makes the missing sizes 1" : "");
    if (threads > max_threads || d->block[2] > 64)
        return launch_fail(l, err, errlen,
                           "launch %s: block (%u,%u,%u) has %llu threads, more than the %u allowed "
                           "(CUDA's 1024, z at most 64, or the SM's threads, "
                           "gpgpu_shader_core_pipeline)",
                           k->name, d->block[0], d->block[1], d->block[2],
                           (unsigned long long)threads, max_threads);
    for (int i = 0; i < 3; i++)
        if (k->reqntid[i] && k->reqntid[i] != d->block[i])
            return launch_fail(l, err, errlen, "launch %s: block (%u,%u,%u) differs from .reqntid",
                               k->name, d->block[0], d->block[1], d->block[2]);
    l->nctas = (uint32_t)nctas;
    l->threads_per_cta = (uint32_t)threads;
    l->warps_per_cta = (l->threads_per_cta + PTX_WARP_SIZE - 1) / PTX_WARP_SIZE;
    l->static_shared = p->static_shared[d->kernel];
    l->dyn_shared = d->dynamic_shared;
    l->shared_per_cta = (l->static_shared + 15) / 16 * 16 + d->dynamic_shared;
    if (l->shared_per_cta > max_shared)
        return launch_fail(l, err, errlen,
                           "launch %s: %llu bytes of shared memory per CTA (%llu static + %u "
                           "dynamic), more than the %llu available (gpgpu_shmem_size)",
                           k->name, (unsigned long long)l->shared_per_cta,
                           (unsigned long long)l->static_shared, d->dynamic_shared,
                           (unsigned long long)max_shared);
    l->local_per_thread = ptx_program_local_per_thread(p, d->kernel);
    uint64_t pbytes = p->kparam_bytes[d->kernel];
    l->params = calloc(1, pbytes ? pbytes : 1);
    if (!l->params)
        return launch_fail(l, err, errlen, "launch %s: out of memory", k->name);
    if (pbytes && d->params)
        memcpy(l->params, d->params, pbytes);
    l->num_sms = d->num_sms ? d->num_sms : 1;
    l->warps_per_sm = d->warps_per_sm ? d->warps_per_sm : 48;
    l->gridid = d->gridid;
    l->printf_out = d->printf_out ? d->printf_out : stdout;
    l->register_fill = d->register_fill;
    if (ptx_cluster_launch(l, d->cluster, err, errlen)) {
        ptx_launch_free(l);
        return NULL;
    }
    return l;
}

void ptx_launch_free(struct ptx_launch *l)
{
    if (!l)
        return;
    ptx_cluster_launch_free(l);
    free(l->params);
    free(l);
}

void ptx_launch_set_sm_state(struct ptx_launch *l, uint32_t nsms, struct ptx_counters *const *cnt,
                             const uint64_t *const *clock)
{
    l->sm_state_n = cnt && clock ? nsms : 0;
    l->sm_cnt = l->sm_state_n ? cnt : NULL;
    l->sm_clock = l->sm_state_n ? clock : NULL;
}

void ptx_launch_add_counters(struct ptx_launch *l, struct ptx_counters *c)
{
    uint64_t *t = (uint64_t *)(void *)&l->cnt;
    const uint64_t *f = (const uint64_t *)(void *)c;
    for (size_t i = 0; i < sizeof *c / sizeof *t; i++)
        t[i] += f[i];
    memset(c, 0, sizeof *c);
}

void ptx_launch_set_clock(struct ptx_launch *l, const uint64_t *cycle)
{
    l->clock = cycle;
}

void ptx_launch_set_observer(struct ptx_launch *l, ptx_mem_observer fn, void *ctx)
{
    l->observer = fn;
    l->observer_ctx = ctx;
}

uint32_t ptx_launch_num_ctas(const struct ptx_launch *l) { return l->nctas; }
uint32_t ptx_launch_warps_per_cta(const struct ptx_launch *l) { return l->warps_per_cta; }
uint32_t ptx_launch_threads_per_cta(const struct ptx_launch *l) { return l->threads_per_cta; }
uint64_t ptx_launch_shared_per_cta(const struct ptx_launch *l) { return l->shared_per_cta; }
const char *ptx_launch_error(const struct ptx_launch *l) { return l->error; }
const char *ptx_launch_kernel_name(const struct ptx_launch *l) { return l->kernel->name; }
const struct ptx_counters *ptx_launch_counters(const struct ptx_launch *l) { return &l->cnt; }

/* ---- CTAs ---- */

/* A buffer of at least `need` elements, zeroed over `need`: a recycled
 * warp's (which may have grown) or a new one. */
static void *zeroed(void *old, size_t *cap, size_t need, size_t elem)
{
    if (old && *cap >= need) {
        memset(old, 0, need * elem);
        return old;
    }
    free(old);
    *cap = need;
    return calloc(need, elem);
}

/* w is zero (a new CTA) or a recycled warp, whose stacks are reused. */
static int warp_init(struct ptx_cta *c, struct ptx_warp *w, uint32_t index, uint32_t slot)
{
    struct ptx_launch *l = c->launch;
    const struct ptx_function *k = l->kernel;
    uint64_t *regstack = w->regstack;
    uint32_t *predstack = w->predstack;
    uint8_t *paramstack = w->paramstack;
    struct simt_entry *simt = w->simt;
    struct call_frame *frames = w->frames;
    size_t reg_cap = w->reg_cap, pred_cap = w->pred_cap, param_cap = w->param_cap;
    size_t frames_cap = w->frames_cap;
    uint32_t simt_cap = w->simt_cap;
    memset(w, 0, sizeof *w);
    w->cta = c;
    w->launch = l;
    w->index = index;
    w->slot = slot;
    w->func = k;
    w->func_idx = (uint32_t)l->kernel_idx;
    /* thread t of the CTA is (t % bx, t / bx % by, t / (bx * by)): counted
     * up lane by lane from the warp's first thread */
    uint32_t t = index * PTX_WARP_SIZE, bx = l->block[0], by = l->block[1];
    uint32_t x = t % bx, y = t / bx % by, z = t / (bx * by);
    for (uint32_t lane = 0; lane < PTX_WARP_SIZE; lane++, t++) {
        if (t < l->threads_per_cta)
            w->live |= 1u << lane;
        w->tid[0][lane] = x;
        w->tid[1][lane] = y;
        w->tid[2][lane] = z;
        if (++x == bx) {
            x = 0;
            if (++y == by) {
                y = 0;
                z++;
            }
        }
    }
    w->reg_cap = reg_cap;
    size_t nreg = (size_t)(k->nregs ? k->nregs : 1) * PTX_WARP_SIZE;
    if (regstack && reg_cap >= nreg) {
        w->regstack = regstack; /* slots read before written are zeroed below */
    } else { /* as above: the others are written before any read */
        free(regstack);
        w->reg_cap = nreg;
        w->regstack = malloc(nreg * sizeof *w->regstack);
    }
    w->pred_cap = pred_cap;
    w->predstack = zeroed(predstack, &w->pred_cap, k->npreds ? k->npreds : 1,
                          sizeof *w->predstack);
    w->param_cap = param_cap;
    w->paramstack = zeroed(paramstack, &w->param_cap,
                           (size_t)l->prog->param_frame[l->kernel_idx] * PTX_WARP_SIZE + 8, 1);
    w->frames = frames;
    w->frames_cap = frames_cap;
    w->simt_cap = simt ? simt_cap : 16;
    w->simt = simt ? simt : malloc(w->simt_cap * sizeof *w->simt);
    if (!w->regstack || !w->predstack || !w->paramstack || !w->simt)
        return -1;
    w->regs = w->regstack;
    ptx_regs_start(l->prog, (uint32_t)l->kernel_idx, w->regs, l->register_fill);
    w->preds = w->predstack;
    w->params = w->paramstack;
    w->simt[0] = (struct simt_entry){ 0, PTX_NO_INDEX, w->live, 0, 0 };
    w->sp = 1;
    w->state = PTX_WARP_READY;
    return 0;
}

static void warp_release(struct ptx_warp *w)
{
    free(w->regstack);
    free(w->predstack);
    free(w->paramstack);
    free(w->simt);
    free(w->frames);
}

struct ptx_cta *ptx_cta_create(struct ptx_launch *l, uint32_t cta_linear, uint32_t sm_id,
                               const uint32_t *warp_slots)
{
    if (cta_linear >= l->nctas) {
        snprintf(l->error, sizeof l->error, "kernel %s: CTA %u out of range (%u CTAs)",
                 l->kernel->name, cta_linear, l->nctas);
        l->failed = 1;
        return NULL;
    }
    struct ptx_cta *c = l->prog->cta_pool;
    size_t nshared = l->shared_per_cta ? l->shared_per_cta : 1;
    size_t nlocal = (size_t)l->threads_per_cta * l->local_per_thread;
    if (c) { /* a recycled CTA of any launch of the program: buffers kept */
        struct ptx_cta keep = *c;
        l->prog->cta_pool = c->pool_next;
        memset(c, 0, sizeof *c);
        c->warps = keep.warps;
        c->warps_cap = keep.warps_cap;
        if (keep.shared_cap >= nshared) {
            c->shared = keep.shared;
            c->shared_cap = keep.shared_cap;
            memset(c->shared, 0, nshared);
        } else {
            free(keep.shared);
        }
        if (keep.local_cap >= nlocal && nlocal) {
            c->local = keep.local;
            c->local_cap = keep.local_cap;
            memset(c->local, 0, nlocal);
        } else {
            free(keep.local);
        }
    } else if (!(c = calloc(1, sizeof *c))) {
        goto oom;
    }
    c->launch = l;
    c->linear = cta_linear;
    c->sm = sm_id;
    c->ctaid[0] = cta_linear % l->grid[0];
    c->ctaid[1] = cta_linear / l->grid[0] % l->grid[1];
    c->ctaid[2] = cta_linear / (l->grid[0] * l->grid[1]);
    c->nwarps = l->warps_per_cta;
    c->live_threads = l->threads_per_cta;
    ptx_cluster_cta_enter(c);
    if (c->warps_cap < c->nwarps) { /* new warps start zero: warp_init allocates */
        struct ptx_warp *grown = realloc(c->warps, c->nwarps * sizeof *grown);
        if (!grown)
            goto oom;
        memset(grown + c->warps_cap, 0, (c->nwarps - c->warps_cap) * sizeof *grown);
        c->warps = grown;
        c->warps_cap = c->nwarps;
    }
    if (!c->shared && (c->shared = calloc(1, nshared)))
        c->shared_cap = nshared;
    if (nlocal && !c->local && (c->local = calloc(1, nlocal)))
        c->local_cap = nlocal;
    if (!c->shared || (nlocal && !c->local))
        goto oom;
    int own = l->sm_cnt && sm_id < l->sm_state_n;
    for (uint32_t i = 0; i < c->nwarps; i++) {
        if (warp_init(c, &c->warps[i], i, warp_slots ? warp_slots[i] : i))
            goto oom;
        c->warps[i].cnt = own ? l->sm_cnt[sm_id] : &l->cnt;
        c->warps[i].clock = own ? l->sm_clock[sm_id] : l->clock;
    }
    return c;
oom:
    ptx_cta_free(c);
    snprintf(l->error, sizeof l->error, "kernel %s: out of memory creating CTA %u",
             l->kernel->name, cta_linear);
    l->failed = 1;
    return NULL;
}

void ptx_cta_free(struct ptx_cta *c)
{
    if (!c)
        return;
    ptx_cluster_cta_leave(c); /* (a pooled CTA left already: its launch may be gone) */
    if (c->warps)
        for (uint32_t i = 0; i < c->warps_cap; i++)
            warp_release(&c->warps[i]);
    free(c->warps);
    free(c->shared);
    free(c->local);
    free(c);
}

void ptx_cta_recycle(struct ptx_cta *c)
{
    if (!c)
        return;
    for (uint32_t i = 0; i < c->nwarps; i++)
        if (!c->warps[i].regstack || !c->warps[i].predstack || !c->warps[i].paramstack ||
            !c->warps[i].simt) { /* half-built (out of memory): not reusable */
            ptx_cta_free(c);
            return;
        }
    ptx_cluster_cta_leave(c);
    struct ptx_program *p = c->launch->prog;
    c->pool_next = p->cta_pool;
    p->cta_pool = c;
}

uint32_t ptx_cta_num_warps(const struct ptx_cta *c) { return c->nwarps; }
struct ptx_warp *ptx_cta_warp(struct ptx_cta *c, uint32_t i) { return &c->warps[i]; }
uint32_t ptx_cta_linear_id(const struct ptx_cta *c) { return c->linear; }
uint32_t ptx_cta_sm(const struct ptx_cta *c) { return c->sm; }
int ptx_cta_done(const struct ptx_cta *c) { return c->warps_done == c->nwarps; }

enum ptx_warp_state ptx_warp_state(const struct ptx_warp *w) { return (enum ptx_warp_state)w->state; }
uint32_t ptx_warp_slot(const struct ptx_warp *w) { return w->slot; }
uint32_t ptx_warp_index(const struct ptx_warp *w) { return w->index; }
struct ptx_cta *ptx_warp_cta(const struct ptx_warp *w) { return w->cta; }

const struct ptx_inst *ptx_warp_next(const struct ptx_warp *w, uint32_t *pc, uint32_t *mask)
{
    if (w->state != PTX_WARP_READY || !w->sp)
        return NULL;
    const struct simt_entry *t = &w->simt[w->sp - 1];
    if (t->pc >= w->func->ninsts)
        return NULL;
    if (t->wait_bar && w->cta->bar_gen[t->wait_bar - 1] == t->wait_gen)
        return NULL; /* parked at a barrier (the state says AT_BARRIER) */
    if (pc)
        *pc = t->pc;
    if (mask)
        *mask = t->mask;
    return &w->func->insts[t->pc];
}

/* ---- barriers ---- */

/* bar.red: every arriving thread receives the CTA-wide reduction. */
static void bar_red_result(const struct ptx_cta *c, struct ptx_warp *w, uint32_t id)
{
    const struct ptx_operand *d = &w->red_inst->ops[0];
    uint32_t m = w->red_mask;
    w->red_mask = 0;
    if (w->red_inst->boolop == PTX_BOOL_POPC) {
        if (d->kind == PTX_OPND_REG && d->index != PTX_NO_INDEX)
            for (int l = 0; l < PTX_WARP_SIZE; l++)
                if ((m >> l) & 1)
                    w->regs[(size_t)d->index * PTX_WARP_SIZE + l] = c->bar_red[id];
        return;
    }
    int v = w->red_inst->boolop == PTX_BOOL_AND ? c->bar_red_all[id] : c->bar_red[id] != 0;
    if (d->kind == PTX_OPND_PRED && d->index != PTX_NO_INDEX)
        w->preds[d->index] = (w->preds[d->index] & ~m) | (v ? m : 0);
}

static void bar_try_release(struct ptx_cta *c, uint32_t id)
{
    uint32_t expected = c->bar_expected[id] ? c->bar_expected[id] : c->live_threads;
    if (c->bar_count[id] == 0 || c->bar_count[id] < expected)
        return;
    for (uint32_t i = 0; i < c->nwarps; i++) {
        struct ptx_warp *w = &c->warps[i];
        if (w->state == PTX_WARP_AT_BARRIER && w->bar_id == id) {
            w->state = PTX_WARP_READY;
            c->warps_waiting--;
        }
        if (w->red_mask && w->red_id == id)
            bar_red_result(c, w, id);
    }
    c->bar_count[id] = 0;
    c->bar_expected[id] = 0;
    c->bar_gen[id]++;
}

void ptx_bar_arrive(struct ptx_cta *c, uint32_t id, uint32_t mask, uint32_t expected)
{
    c->bar_count[id] += (uint32_t)bits_popc32(mask);
    if (expected)
        c->bar_expected[id] = expected;
    bar_try_release(c, id);
}

void ptx_bar_threads_exited(struct ptx_cta *c, uint32_t n)
{
    c->live_threads -= n;
    for (uint32_t id = 0; id < PTX_NUM_BARRIERS; id++)
        bar_try_release(c, id);
    ptx_cluster_threads_exited(c);
}

int ptx_cta_check_deadlock(struct ptx_cta *c)
{
    struct ptx_launch *l = c->launch;
    if (c->warps_waiting == 0 || c->warps_waiting + c->warps_done < c->nwarps)
        return 0;
    const struct ptx_warp *w = NULL;
    for (uint32_t i = 0; i < c->nwarps && !w; i++)
        if (c->warps[i].state == PTX_WARP_AT_BARRIER)
            w = &c->warps[i];
    if (!atomic_exchange(&l->failed, 1)) {
        uint32_t id = w->bar_id;
        uint32_t expected = c->bar_expected[id] ? c->bar_expected[id] : c->live_threads;
        snprintf(l->error, sizeof l->error,
                 "kernel %s: CTA (%u,%u,%u): barrier deadlock: %u of %u threads wait at "
                 "barrier %u (line %u) and the others never arrive",
                 l->kernel->name, c->ctaid[0], c->ctaid[1], c->ctaid[2], c->bar_count[id],
                 expected, id, w->bar_inst ? w->bar_inst->line : 0);
    }
    return 1;
}
