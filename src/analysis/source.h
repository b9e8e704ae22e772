/* Where analyses read access records from: a trace file or an array (text
 * traces, tests). Rewindable, because OPT reads its input twice. */
#ifndef CCGPU_ANALYSIS_SOURCE_H
#define CCGPU_ANALYSIS_SOURCE_H
#include "analysis/trace.h"
#include <stddef.h>

struct access_source {
    void *ctx;
    /* 1 record, 0 end (input verified), -1 error (see error) */
    int (*next)(void *ctx, struct trace_record *r);
    /* up to n records: their count, 0 end (input verified), -1 error; NULL
     * where the source only has next (access_source_read loops on it) */
    long (*read)(void *ctx, struct trace_record *r, size_t n);
    /* as read, only the fields of struct trace_access (a reader's
     * trace_reader_read_accesses); NULL: access_source_read_accesses
     * takes them from read or next */
    long (*read_accesses)(void *ctx, struct trace_access *a, size_t n);
    /* as read_accesses, but the accesses stay where the source holds them:
     * *view points at them until the next call (source_ahead.c); NULL:
     * access_source_view reads them into the caller's buffer */
    long (*view_accesses)(void *ctx, const struct trace_access **view);
    int (*rewind)(void *ctx);
    const char *(*error)(void *ctx);
};

struct access_array {
    const struct trace_record *r;
    size_t n, pos;
};

/* Lines `factor` times larger: blocks are divided by factor, and adjacent
 * records of the same warp instruction that now fall in one line become one
 * access (the coalescer would have issued one), their lane masks ORed. */
struct access_coarsen {
    struct access_source in;
    uint64_t factor;
    struct trace_record pend;
    int have;
};

/* Up to n records from src (its read, or next repeated): as read above. */
long access_source_read(struct access_source *src, struct trace_record *r, size_t n);

/* Up to n accesses from src: as access_source_read. A source is read
 * either this way or with next/read between two rewinds, not both. */
long access_source_read_accesses(struct access_source *src, struct trace_access *a, size_t n);

/* The next accesses at *view, as access_source_read_accesses returns them:
 * the source's own (view_accesses) or read into buf (n of them at most). */
static inline long access_source_view(struct access_source *src, struct trace_access *buf,
                                      size_t n, const struct trace_access **view)
{
    if (src->view_accesses)
        return src->view_accesses(src->ctx, view);
    *view = buf;
    return access_source_read_accesses(src, buf, n);
}

void access_source_reader(struct access_source *src, struct trace_reader *rd);
void access_source_array(struct access_source *src, struct access_array *a,
                         const struct trace_record *r, size_t n);
void access_source_coarsen(struct access_source *src, struct access_coarsen *c,
                           const struct access_source *in, uint64_t factor);

#endif
