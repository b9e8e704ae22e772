/* Reading ahead on a second thread: a source whose accesses
 * (access_source_read_accesses) are decoded by a worker thread into a ring
 * of chunks while the caller simulates the chunk before. The caller sees
 * exactly the accesses, end and errors of the source it wraps, in the same
 * order; only the wall time changes (decoding a trace is about half of an
 * LRU simulation's work, docs/internals.md). next and read (the general path)
 * go to the wrapped source on the caller's thread, and a rewind stops the
 * worker first, so a source is still read one way between rewinds. */
#ifndef CCGPU_ANALYSIS_SOURCE_AHEAD_H
#define CCGPU_ANALYSIS_SOURCE_AHEAD_H
#include "analysis/source.h"

struct access_ahead; /* source_ahead.c */

/* Wraps in (which must outlive the wrapper) as src; NULL with out of memory
 * (src then reads in directly). Free with access_ahead_free. */
struct access_ahead *access_source_ahead(struct access_source *src, const struct access_source *in);
void access_ahead_free(struct access_ahead *a);

#endif
