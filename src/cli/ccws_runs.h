/* Runs behind the CCWS paper's experiments (ccws-micro2012 §5), shared by
 * `ccgpu swl-sweep` and `ccgpu compare`:
 *   - one timing run of a benchmark under a warp scheduler, optionally
 *     recording its L1D stream (ccgpu_trace_l1) to a temporary file;
 *   - the Belady-optimal misses of that stream (the paper's <sched>-BEL,
 *     from SAGCS): one cache per SM and launch (the L1s are invalidated at
 *     each launch), the geometry of gpgpu_cache:dl1, OPT with every miss
 *     allocating (the textbook Belady; the L1 cannot bypass);
 *   - Best-SWL: every static warp limit, the best IPC wins. */
#ifndef CCGPU_CLI_CCWS_RUNS_H
#define CCGPU_CLI_CCWS_RUNS_H
#include "cli/options.h"
#include <stdint.h>

#define CCWS_MAX_STATS 8
struct ccws_cell {
    int ok;
    double cycles, ipc, mpki, insts, misses;
    double bel_mpki;  /* with want_belady: OPT misses per 1000 warp instructions */
    uint32_t swl;     /* best-swl: the winning limit */
    double storage_bits; /* hw.storage_bits (SACAT Table 5 accounting), 0 if none */
    int capped;          /* stopped at a gpgpu_max_* cap: statistics up to it, result unchecked */
    double energy_pj;    /* energy.total_pj; NAN without a power file (ccgpu_power_file) */
    /* compare --stat: the statistics to read (set by the caller, kept by
     * the run) and their totals */
    const char *want[CCWS_MAX_STATS];
    double stat[CCWS_MAX_STATS];
};

/* Runs b under sched ("gto", "ccws:k=8", "best-swl" ...). c->want (the
 * --stat names, NULL-terminated) must be set, all NULL for none; the rest
 * of *c is written. belady: also the
 * OPT MPKI of its L1 stream (2: OPT allowed to bypass). 0 ok, -1 run failed (message printed), -2
 * bad configuration (message printed). */
int ccws_run(const struct cli_run_options *o, const struct bench_ops *b, const char *sched,
             int belady, struct ccws_cell *c);

/* Best-SWL: swl:L for each of limits[0..n) (n = 0: 1..32); the highest IPC
 * (ties: the smaller limit). best->want as for ccws_run. log (may be NULL) gets one line per limit. */
int ccws_best_swl(const struct cli_run_options *o, const struct bench_ops *b,
                  const uint32_t *limits, int n, int belady, FILE *log, struct ccws_cell *best);

/* OPT misses of a level-1 trace file, caches per (launch, SM) with the
 * geometry of the GPGPU-Sim cache spec dl1 (analysis/l1replay.h); bypass:
 * OPT may also leave a missing line out (cachesim's opt-bypass). */
int ccws_trace_opt_misses(const char *trace, const char *dl1, int bypass, uint64_t *misses,
                          uint64_t *insts, char *err, size_t errlen);

/* Splits a --sched list at commas into scheds (at most max; pointers into
 * buf, size bytes). A piece of the form key=value (no ':' or '@' before its
 * '=') continues the previous entry's last '@' override, so a policy's own
 * comma-separated arguments need no quoting:
 * "gto@ccgpu_bypass=fgcb:after=dwt,window=accesses" is one entry. Returns
 * the count, or -1 after printing why ("ccgpu WHO: ..."). */
int cli_split_scheds(const char *list, char *buf, size_t size, char **scheds, int max,
                     const char *who);

#endif
