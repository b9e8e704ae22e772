/* Access-trace recording from the timing model; see timing_trace.h. */
#include "timing/timing_trace.h"
#include "gpu/config.h"
#include "mem/cache.h"
#include "timing/sm.h"
#include <stdio.h>
#include <string.h>

int timing_trace_open(struct timing_trace *t, const struct ccgpu_config *store, const char *desc,
                      uint32_t l1_line, uint32_t l2_line, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    t->kernel = -1;
    t->l2_line = l2_line;
    const char *p1 = config_get_str(store, "ccgpu_trace_l1", NULL);
    const char *p2 = config_get_str(store, "ccgpu_trace_l2", NULL);
    char e[300];
    if (p1 && !p1[0]) {
        snprintf(err, errlen, "ccgpu_trace_l1: needs a file name");
        return -1;
    }
    if (p2 && !p2[0]) {
        snprintf(err, errlen, "ccgpu_trace_l2: needs a file name");
        return -1;
    }
    if (p1 && p2 && !strcmp(p1, p2)) {
        snprintf(err, errlen, "ccgpu_trace_l1 and ccgpu_trace_l2 name the same file %s", p1);
        return -1;
    }
    if (p1 && !l1_line) {
        snprintf(err, errlen, "ccgpu_trace_l1: the configuration has no L1D (gpgpu_cache:dl1 none)");
        return -1;
    }
    if (p1 && !(t->l1 = trace_writer_open(p1, desc, TRACE_LEVEL_L1, l1_line, e, sizeof e))) {
        snprintf(err, errlen, "ccgpu_trace_l1: %s", e);
        return -1;
    }
    if (p2 && !(t->l2 = trace_writer_open(p2, desc, TRACE_LEVEL_L2, l2_line, e, sizeof e))) {
        snprintf(err, errlen, "ccgpu_trace_l2: %s", e);
        timing_trace_close(t);
        return -1;
    }
    return 0;
}

static int check(struct trace_writer *w, const char *key, char *err, size_t errlen)
{
    const char *e = w ? trace_writer_error(w) : NULL;
    if (!e)
        return 0;
    snprintf(err, errlen, "%s: %s", key, e);
    return -1;
}

int timing_trace_kernel(struct timing_trace *t, const char *name, char *err, size_t errlen)
{
    int k1 = t->l1 ? trace_writer_add_kernel(t->l1, name) : 0;
    int k2 = t->l2 ? trace_writer_add_kernel(t->l2, name) : 0;
    if (check(t->l1, "ccgpu_trace_l1", err, errlen) || check(t->l2, "ccgpu_trace_l2", err, errlen))
        return -1;
    /* both files register the same names in the same order */
    t->kernel = t->l1 ? k1 : k2;
    return 0;
}

int timing_trace_launch_end(struct timing_trace *t, uint64_t insts, char *err, size_t errlen)
{
    if (t->l1)
        trace_writer_set_insts(t->l1, insts);
    if (t->l2)
        trace_writer_set_insts(t->l2, insts);
    return check(t->l1, "ccgpu_trace_l1", err, errlen) ||
                   check(t->l2, "ccgpu_trace_l2", err, errlen)
               ? -1
               : 0;
}

void timing_trace_close(struct timing_trace *t)
{
    char e[300];
    if (t->l1 && trace_writer_close(t->l1, e, sizeof e))
        fprintf(stderr, "ccgpu_trace_l1: %s\n", e);
    if (t->l2 && trace_writer_close(t->l2, e, sizeof e))
        fprintf(stderr, "ccgpu_trace_l2: %s\n", e);
    t->l1 = t->l2 = NULL;
}

void timing_trace_ldst_begin(struct timing_trace *t, struct sm *sm, uint32_t slot,
                             const struct ptx_dyninst *d)
{
    const struct sm_warp *w = &sm->warps[slot];
    const struct sm_cta *c = &sm->ctas[w->cta];
    struct trace_record *r = &sm->ldst_tr;
    memset(r, 0, sizeof *r);
    r->pc = d->pc;
    r->warp = c->id * c->nwarps + ptx_warp_index(w->pw);
    r->cta = c->id;
    r->sm = (uint16_t)sm->id;
    r->slot = (uint16_t)slot;
    r->kernel = (uint16_t)t->kernel;
    r->write = (uint8_t)(d->is_store && !d->is_atomic);
    r->kind = d->space == PTX_SPACE_LOCAL ? TRACE_KIND_LOCAL : TRACE_KIND_GLOBAL;
}

void timing_trace_l1(struct timing_trace *t, struct sm *sm, uint32_t i)
{
    sm->ldst_tr.block = sm->co.line[i] >> sm->l1.line_shift;
    sm->ldst_tr.lanes = sm->co.lanes[i];
    trace_writer_append(t->l1, &sm->ldst_tr); /* errors are sticky: seen at the launch's end */
}

void timing_trace_l2(void *ctx, uint64_t block, int32_t warp, int is_write, enum cache_outcome o,
                     enum cache_fail f)
{
    struct timing_trace *t = ctx;
    (void)f;
    if (o == CACHE_RESERVATION_FAIL)
        return; /* retried: recorded when accepted */
    struct trace_record r = {
        .block = block,
        .warp = warp < 0 ? 0 : (uint32_t)warp,
        .slot = warp < 0 ? 0 : (uint16_t)warp,
        .kernel = (uint16_t)t->kernel,
        .write = (uint8_t)(is_write != 0),
        .kind = TRACE_KIND_GLOBAL,
    };
    trace_writer_append(t->l2, &r);
}
