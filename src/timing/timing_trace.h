/* Access-trace recording from the timing model (the CCWS paper's SAGCS
 * input), analysis/trace.h format:
 *   ccgpu_trace_l1 FILE  every L1D access the LD/ST unit made, all SMs in one
 *                        file: an access the L1 accepted (hit, hit-reserved or
 *                        miss; a reservation failure is retried and recorded
 *                        once, when accepted), loads and stores, global and
 *                        local, one record per coalesced line request with
 *                        the lanes that touched the line. Its record count
 *                        equals the l1d.accesses statistic.
 *   ccgpu_trace_l2 FILE  every request an L2 slice accepted (global line
 *                        address; L1 misses, L1 stores and writebacks, and
 *                        L1-bypassing requests alike), seen through the
 *                        memory system's L2 hooks (memsys_set_l2_hooks), so
 *                        records carry only what those report: warp and
 *                        slot are the requester's warp slot; sm, pc and CTA
 *                        are 0 (the hook does not say which SM asked).
 * Each launch adds its kernel name; the header's instruction count is the
 * warp instructions of all launches so far. The files are closed when the
 * GPU is destroyed; a write error fails the launch during which it happened
 * (or is printed when the file is closed). Off, the hot path pays one
 * predictable branch per L1 access (sm->trace == NULL). */
#ifndef CCGPU_TIMING_TIMING_TRACE_H
#define CCGPU_TIMING_TIMING_TRACE_H
#include <stddef.h>
#include <stdint.h>
#include "analysis/trace.h"
#include "mem/cache.h"
#include "ptx/engine.h"

struct ccgpu_config;
struct sm;

struct timing_trace {
    struct trace_writer *l1, *l2;
    int kernel;      /* index of the running launch's kernel name */
    uint32_t l2_line; /* L2 line size: the L2 stream's blocks */
};

/* Reads ccgpu_trace_l1 / ccgpu_trace_l2 and opens the files (header config
 * name: desc); l1_line 0: there is no L1D. -1 with a message. */
int timing_trace_open(struct timing_trace *t, const struct ccgpu_config *store, const char *desc,
                      uint32_t l1_line, uint32_t l2_line, char *err, size_t errlen);
/* A launch of kernel `name` begins. -1 with a message. */
int timing_trace_kernel(struct timing_trace *t, const char *name, char *err, size_t errlen);
/* A launch ended with `insts` warp instructions run in total; -1 with a
 * message if a record could not be written. */
int timing_trace_launch_end(struct timing_trace *t, uint64_t insts, char *err, size_t errlen);
/* Closes both files; a failure is printed on stderr (nobody to return it to). */
void timing_trace_close(struct timing_trace *t);

/* The LD/ST unit starts memory instruction d of warp slot `slot` (tracing
 * on): fills sm->ldst_tr with the fields its line requests share. */
void timing_trace_ldst_begin(struct timing_trace *t, struct sm *sm, uint32_t slot,
                             const struct ptx_dyninst *d);
/* Line request i of that instruction was accepted by sm's L1. */
void timing_trace_l1(struct timing_trace *t, struct sm *sm, uint32_t i);
/* cache_hooks.on_access for memsys_set_l2_hooks (ctx = t): global block. */
void timing_trace_l2(void *ctx, uint64_t block, int32_t warp, int is_write, enum cache_outcome o,
                     enum cache_fail f);

#endif
