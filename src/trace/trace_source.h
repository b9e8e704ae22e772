/* A kernel trace as the timing model's instruction source (timing/isrc.h):
 * each warp replays its recorded instructions, with the trace's register
 * numbers for the scoreboard and its lane addresses for the LD/ST unit.
 * Opcodes take their unit, latency and memory space from the opcode table
 * (configs/sass/), latencies from the configuration's ptx_opcode_latency_*
 * options as PTX instructions do. A barrier (BAR, not BAR.ARV) waits for
 * every warp of the CTA that has not exited; a warp exits after its last
 * recorded instruction. */
#ifndef CCGPU_TRACE_TRACE_SOURCE_H
#define CCGPU_TRACE_TRACE_SOURCE_H
#include <stddef.h>
#include <stdint.h>
#include "timing/isrc.h"
#include "timing/sm_config.h"
#include "trace/trace_file.h"

struct trace_launch;

/* Counters of the replay, beyond the PTX engine's (struct ptx_counters). */
struct trace_counts {
    uint64_t insts;      /* trace instructions replayed */
    uint64_t mem_insts;  /* of them, memory instructions with addresses */
    uint64_t unknown;    /* of them, opcodes not in the table (replayed as fp32 adds) */
    uint64_t no_address; /* memory opcodes without addresses (a no-op in the LD/ST unit) */
};

/* The source for one kernel of f (which must outlive it); cfg: the
 * latencies. NULL on out of memory. */
struct trace_launch *trace_launch_create(struct trace_file *f, const struct sm_config *cfg);
void trace_launch_free(struct trace_launch *l);
/* The isrc the timing model runs (valid while l lives). */
struct isrc trace_launch_isrc(struct trace_launch *l);
const struct trace_counts *trace_launch_counts(const struct trace_launch *l);

#endif
