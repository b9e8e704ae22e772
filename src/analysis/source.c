#include "analysis/source.h"
#include <stdint.h>

static int reader_next(void *ctx, struct trace_record *r) { return trace_reader_next(ctx, r); }
static long reader_read(void *ctx, struct trace_record *r, size_t n)
{
    return trace_reader_read(ctx, r, n);
}
static long reader_read_accesses(void *ctx, struct trace_access *a, size_t n)
{
    return trace_reader_read_accesses(ctx, a, n);
}
static int reader_rewind(void *ctx) { return trace_reader_rewind(ctx); }
static const char *reader_error(void *ctx) { return trace_reader_error(ctx); }

void access_source_reader(struct access_source *src, struct trace_reader *rd)
{
    src->ctx = rd;
    src->next = reader_next;
    src->read = reader_read;
    src->read_accesses = reader_read_accesses;
    src->view_accesses = NULL;
    src->rewind = reader_rewind;
    src->error = reader_error;
}

long access_source_read(struct access_source *src, struct trace_record *r, size_t n)
{
    if (src->read)
        return src->read(src->ctx, r, n);
    size_t k = 0;
    int st = 1;
    while (k < n && (st = src->next(src->ctx, &r[k])) == 1)
        k++;
    return k ? (long)k : st;
}

long access_source_read_accesses(struct access_source *src, struct trace_access *a, size_t n)
{
    if (src->read_accesses)
        return src->read_accesses(src->ctx, a, n);
    struct trace_record r[64];
    long got = access_source_read(src, r, n < 64 ? n : 64);
    for (long i = 0; i < got; i++)
        a[i] = (struct trace_access){.block = r[i].block,
                                     .sm = r[i].sm,
                                     .kernel = r[i].kernel,
                                     .write = r[i].write,
                                     .kind = r[i].kind};
    return got;
}

static int array_next(void *ctx, struct trace_record *r)
{
    struct access_array *a = ctx;
    if (a->pos == a->n)
        return 0;
    *r = a->r[a->pos++];
    return 1;
}

static int array_rewind(void *ctx)
{
    ((struct access_array *)ctx)->pos = 0;
    return 0;
}

static const char *array_error(void *ctx)
{
    (void)ctx;
    return "no error";
}

void access_source_array(struct access_source *src, struct access_array *a,
                         const struct trace_record *r, size_t n)
{
    a->r = r;
    a->n = n;
    a->pos = 0;
    src->ctx = a;
    src->next = array_next;
    src->read = NULL;
    src->read_accesses = NULL;
    src->view_accesses = NULL;
    src->rewind = array_rewind;
    src->error = array_error;
}

static int same_access(const struct trace_record *a, const struct trace_record *b)
{
    return a->block == b->block && a->sm == b->sm && a->warp == b->warp &&
           a->kernel == b->kernel && a->pc == b->pc && a->write == b->write && a->kind == b->kind;
}

static int coarsen_next(void *ctx, struct trace_record *out)
{
    struct access_coarsen *c = ctx;
    if (!c->have) {
        int st = c->in.next(c->in.ctx, &c->pend);
        if (st != 1)
            return st;
        c->pend.block /= c->factor;
    }
    *out = c->pend;
    c->have = 0;
    for (;;) {
        struct trace_record r;
        int st = c->in.next(c->in.ctx, &r);
        if (st <= 0)
            return st < 0 ? -1 : 1;
        r.block /= c->factor;
        if (!same_access(out, &r)) {
            c->pend = r;
            c->have = 1;
            return 1;
        }
        out->lanes |= r.lanes;
    }
}

static int coarsen_rewind(void *ctx)
{
    struct access_coarsen *c = ctx;
    c->have = 0;
    return c->in.rewind(c->in.ctx);
}

static const char *coarsen_error(void *ctx)
{
    struct access_coarsen *c = ctx;
    return c->in.error(c->in.ctx);
}

void access_source_coarsen(struct access_source *src, struct access_coarsen *c,
                           const struct access_source *in, uint64_t factor)
{
    c->in = *in;
    c->factor = factor ? factor : 1;
    c->have = 0;
    src->ctx = c;
    src->next = coarsen_next;
    src->read = NULL;
    src->read_accesses = NULL;
    src->view_accesses = NULL;
    src->rewind = coarsen_rewind;
    src->error = coarsen_error;
}
