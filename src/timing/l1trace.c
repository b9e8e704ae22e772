/* L1D access stream -> trace file. */
#include "timing/l1trace.h"
#include "ptx/ir.h"
#include <stdio.h>
#include <stdlib.h>

struct l1trace *l1trace_open(const char *path, const char *config, uint32_t line_shift,
                             uint32_t n_sms, char *err, size_t errlen)
{
    struct l1trace *t = calloc(1, sizeof *t);
    if (t)
        t->sm = calloc(n_sms ? n_sms : 1, sizeof *t->sm);
    if (!t || !t->sm) {
        if (t)
            free(t);
        snprintf(err, errlen, "ccgpu_trace_l1: out of memory");
        return NULL;
    }
    t->n_sms = n_sms;
    t->line_shift = line_shift;
    t->kernel = -1;
    t->w = trace_writer_open(path, config, TRACE_LEVEL_L1, 1u << line_shift, err, errlen);
    if (!t->w) {
        free(t->sm);
        free(t);
        return NULL;
    }
    return t;
}

int l1trace_kernel(struct l1trace *t, const char *name)
{
    t->kernel = trace_writer_add_kernel(t->w, name);
    if (t->kernel < 0)
        t->failed = 1;
    return t->kernel < 0 ? -1 : 0;
}

/* Byte address the L1 sees for the first byte of lane's access. */
static uint64_t lane_addr(const struct ptx_dyninst *d, const struct coalesce_local *loc,
                          uint32_t lane)
{
    if (!loc)
        return d->addr[lane];
    uint64_t off = d->addr[lane];
    return loc->base + (off >> 2) * loc->stride + (uint64_t)(loc->first_thread + lane) * 4 +
           (off & 3);
}

void l1trace_inst(struct l1trace *t, const struct ptx_dyninst *d, uint32_t parts,
                  const struct coalesced *co, const struct coalesce_local *loc, uint16_t sm,
                  uint16_t slot, uint32_t cta, uint32_t warp)
{
    if (sm >= t->n_sms)
        return;
    struct l1trace_sm *s = &t->sm[sm];
    struct trace_record *r = &s->cur;
    r->pc = d->pc;
    r->sm = sm;
    r->slot = slot;
    r->cta = cta;
    r->warp = warp;
    r->kernel = (uint16_t)(t->kernel < 0 ? 0 : t->kernel);
    r->kind = loc ? TRACE_KIND_LOCAL : TRACE_KIND_GLOBAL;
    uint32_t n = co->n < COALESCE_MAX ? co->n : COALESCE_MAX;
    for (uint32_t i = 0; i < n; i++)
        s->lanes[i] = 0;
    /* lines come in order of first touch, sub-warp after sub-warp (each
     * sub-warp's requests follow the previous one's): a short scan per lane */
    uint32_t width = parts > 1 ? 32 / parts : 32, from = 0, next_from = 0, part = 0;
    for (uint32_t mask = d->exec_mask; mask; mask &= mask - 1) {
        uint32_t lane = (uint32_t)__builtin_ctz(mask);
        if (lane / width != part) {
            part = lane / width;
            from = next_from;
        }
        uint64_t line = lane_addr(d, loc, lane) >> t->line_shift << t->line_shift;
        for (uint32_t i = from; i < n; i++)
            if (co->line[i] == line) {
                s->lanes[i] |= 1u << lane;
                if (i + 1 > next_from)
                    next_from = i + 1;
                break;
            }
    }
}

void l1trace_record(const struct l1trace *t, uint16_t sm, uint32_t i, uint64_t line, int write,
                    struct trace_record *out)
{
    if (sm >= t->n_sms)
        return;
    const struct l1trace_sm *s = &t->sm[sm];
    *out = s->cur;
    out->block = line >> t->line_shift;
    out->write = (uint8_t)(write != 0);
    out->lanes = i < COALESCE_MAX ? s->lanes[i] : 0;
}

void l1trace_emit(struct l1trace *t, const struct trace_record *r)
{
    if (t->failed || t->kernel < 0)
        return;
    if (trace_writer_append(t->w, r))
        t->failed = 1;
}

void l1trace_set_insts(struct l1trace *t, uint64_t insts)
{
    trace_writer_set_insts(t->w, insts);
}

int l1trace_flush(struct l1trace *t)
{
    if (trace_writer_flush(t->w))
        t->failed = 1;
    return t->failed ? -1 : 0;
}

void l1trace_discard(struct l1trace *t)
{
    if (!t)
        return;
    trace_writer_discard(t->w);
    free(t->sm);
    free(t);
}

int l1trace_close(struct l1trace *t, char *err, size_t errlen)
{
    if (!t)
        return 0;
    int rc = trace_writer_close(t->w, err, errlen);
    free(t->sm);
    free(t);
    return rc;
}
