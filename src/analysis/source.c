#include "analysis/source.h"

static int reader_next(void *ctx, struct trace_record *r) { return trace_reader_next(ctx, r); }
static int reader_rewind(void *ctx) { return trace_reader_rewind(ctx); }
static const char *reader_error(void *ctx) { return trace_reader_error(ctx); }

void access_source_reader(struct access_source *src, struct trace_reader *rd)
{
    src->ctx = rd;
    src->next = reader_next;
    src->rewind = reader_rewind;
    src->error = reader_error;
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
    src->rewind = array_rewind;
    src->error = array_error;
}
