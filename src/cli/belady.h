/* ccgpu compare --belady: the CCWS paper's <sched>-BEL figures (MICRO 2012
 * Fig. 8/10): the L1D stream of a timing run is recorded to a temporary
 * trace and replayed with Belady-optimal replacement in caches shaped like
 * the configured L1D (l1replay.h: one per SM, emptied at each launch); the
 * misses per 1000 warp instructions of that timing run are its BEL MPKI.
 * OPT by default allocates every miss (Belady's MIN as a replacement
 * policy, the paper's "oracle replacement"); with bypass it may also leave a
 * missing line out of the cache (cachesim's opt-bypass), which can only
 * lower the count. */
#ifndef CCGPU_CLI_BELADY_H
#define CCGPU_CLI_BELADY_H
#include "ccgpu.h"

struct cli_belady {
    int on, bypass;
    char path[512]; /* the temporary trace of the current run; "" when none */
};

/* Before a run: a fresh temporary trace, set as ccgpu_trace_l1 in cfg. 0 or
 * -1 with a one-line message on stderr. */
int cli_belady_prepare(struct cli_belady *b, ccgpu_config *cfg);
/* After the run (its GPU destroyed, so the trace is closed): OPT's MPKI on
 * the trace; the file is removed. 0 or -1 with a message on stderr. */
int cli_belady_mpki(struct cli_belady *b, const ccgpu_config *cfg, double *mpki);
/* Removes a trace left behind (an error between prepare and mpki). */
void cli_belady_cleanup(struct cli_belady *b);

#endif
