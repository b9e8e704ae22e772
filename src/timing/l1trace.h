/* Recording the L1D access stream of a timing run into an access trace
 * (src/analysis/trace.h, level 1), for the trace cache simulator (ccgpu
 * cachesim, Belady OPT) and the locality classifier:
 *
 *   ccgpu_trace_l1 FILE
 *
 * One record per line request the L1D accepted (reservation failures are
 * retried and recorded when they succeed), in the order the L1s saw them
 * (SMs in id order within a cycle; a request reaches the tag check
 * gpgpu_l1_latency cycles after it left the LD/ST unit), reads and writes,
 * global and local.
 * Requests that bypass the L1 (.cg loads, atomics) are not part of the
 * stream. Each launch is one kernel entry of the trace, and every L1 is
 * invalidated at a launch, so a simulator reproducing the L1 must start
 * each SM's cache empty when the kernel index changes.
 *
 * lanes: the lanes whose first accessed byte lies in the line (a vector
 * element straddling two lines counts for the first). warp: CTA id x warps
 * per CTA + warp index in the CTA. */
#ifndef CCGPU_TIMING_L1TRACE_H
#define CCGPU_TIMING_L1TRACE_H
#include <stddef.h>
#include <stdint.h>
#include "analysis/trace.h"
#include "ptx/engine.h"
#include "timing/coalescer.h"

/* The instruction in one SM's LD/ST unit. */
struct l1trace_sm {
    struct trace_record cur;
    uint32_t lanes[COALESCE_MAX];
};

struct l1trace {
    struct trace_writer *w;
    uint32_t line_shift, n_sms;
    int kernel;  /* index of the current launch */
    int failed;  /* a write failed (sticky; the writer says why at close) */
    struct l1trace_sm *sm; /* n_sms */
};

/* NULL with a message when path cannot be created or out of memory. */
struct l1trace *l1trace_open(const char *path, const char *config, uint32_t line_shift,
                             uint32_t n_sms, char *err, size_t errlen);
/* A launch begins; -1 on error. */
int l1trace_kernel(struct l1trace *t, const char *name);
/* The LD/ST unit takes a global/local instruction whose lines are co,
 * coalesced in `parts` sub-warps. */
void l1trace_inst(struct l1trace *t, const struct ptx_dyninst *d, uint32_t parts,
                  const struct coalesced *co, const struct coalesce_local *loc, uint16_t sm,
                  uint16_t slot, uint32_t cta, uint32_t warp);
/* The record of line request i of the instruction SM sm's LD/ST unit took
 * last (l1trace_inst), made when the request leaves the unit. */
void l1trace_record(const struct l1trace *t, uint16_t sm, uint32_t i, uint64_t line, int write,
                    struct trace_record *out);
/* The L1 accepted a request: its record goes to the file. */
void l1trace_emit(struct l1trace *t, const struct trace_record *r);
void l1trace_set_insts(struct l1trace *t, uint64_t insts);
/* A launch ended: records reach the file; -1 when a write failed. */
int l1trace_flush(struct l1trace *t);
/* Finishes the file; 0, or -1 with a message. Frees t. */
int l1trace_close(struct l1trace *t, char *err, size_t errlen);
/* Removes the file (the GPU was never used); frees t. */
void l1trace_discard(struct l1trace *t);

#endif
