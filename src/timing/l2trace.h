/* Recording the L2 access stream of a timing run into an access trace
 * (src/analysis/trace.h, level 2), beside l1trace.h's L1D stream:
 *
 *   ccgpu_trace_l2 FILE
 *
 * One record per request an L2 slice accepted (reservation failures are
 * retried and recorded when they succeed): L1 misses, stores and
 * writebacks, and requests that bypass the L1 (.cg loads, atomics), with
 * the global line address. It is seen through the memory system's L2 hooks
 * (memsys_set_l2_hooks), so a record carries only what they report: warp
 * and slot are the requester's warp slot; sm, pc, CTA and lanes are 0, kind
 * is global. Each launch is one kernel entry; the L2 keeps its contents
 * across launches, so a replay must not empty it (cachesim's default for
 * L2 traces). */
#ifndef CCGPU_TIMING_L2TRACE_H
#define CCGPU_TIMING_L2TRACE_H
#include <stddef.h>
#include <stdint.h>
#include "analysis/trace.h"
#include "mem/cache.h"

struct ccgpu_config;
struct memsys;

struct l2trace {
    struct trace_writer *w;
    int kernel; /* index of the current launch */
};

/* Reads ccgpu_trace_l2 (absent or "": off, *out = NULL) and installs the L2
 * hooks of m. -1 with a one-line message. */
int l2trace_open(struct l2trace **out, const struct ccgpu_config *store, struct memsys *m,
                 const char *config, uint32_t line_size, char *err, size_t errlen);
/* A launch begins; -1 with a message. */
int l2trace_kernel(struct l2trace *t, const char *name, char *err, size_t errlen);
/* A launch ended, insts warp instructions so far; -1 with a message when a
 * record could not be written. */
int l2trace_launch_end(struct l2trace *t, uint64_t insts, char *err, size_t errlen);
/* Closes the file (a failure is printed on stderr: nobody to return it to)
 * and frees t. */
void l2trace_close(struct l2trace *t);
/* Closes and removes the file (the GPU was never used); frees t. */
void l2trace_discard(struct l2trace *t);

#endif
