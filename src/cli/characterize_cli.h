/* Shared by `ccgpu characterize` and `ccgpu locality --types/--cta`: one
 * timing run of a benchmark with chosen overrides (optionally recording its
 * L1D stream), and the L1/L2 locality replay configuration built from the
 * run options' gpgpu_cache:dl1 / gpgpu_cache:dl2. */
#ifndef CCGPU_CLI_CHARACTERIZE_CLI_H
#define CCGPU_CLI_CHARACTERIZE_CLI_H
#include "analysis/locality_cta.h"
#include "analysis/locality_levels.h"
#include "cli/options.h"

struct charz_run {
    int ok;
    int capped; /* stopped at gpgpu_max_insn / _cycle / _cta: the statistics
                 * cover the run up to the cap (ok), the result is unchecked */
    double cycles, ipc, insts, mpki, l1_accesses, l1_misses, l1_evictions;
    double rf_line_alloc, rf_mshr_entry, rf_mshr_merge, rf_miss_queue; /* counts */
};

/* One override of a run: key = value (value NULL: leave the key as is). */
struct charz_set {
    const char *key, *value;
};

/* Runs b on a fresh GPU in timing mode with sets[0..n) applied and the L1D
 * traced to trace (NULL: none). 0 ok, -1 the run failed (printed), -2 bad
 * configuration (printed). who: the command name for messages. */
int charz_timing_run(const struct cli_run_options *o, const struct bench_ops *b,
                     const struct charz_set *sets, int n, const char *trace,
                     struct charz_run *out, const char *who);

/* The replay configuration from dl1 and the L2 options of o->cfg. -1 with a
 * message in err. */
int charz_levels_config(const struct cli_run_options *o, const char *dl1,
                        struct locality_levels_config *lc, char *err, size_t errlen);
/* Replays a trace file. -1 with err. */
int charz_levels_file(const struct locality_levels_config *lc, const char *path,
                      struct locality_levels_result *res, char *err, size_t errlen);

/* A functional run of b with the inter-CTA reuse observer (line bytes of
 * the L1). 0 ok, else printed and 1 / 2 as the commands return. */
int charz_cta_reuse(const struct cli_run_options *o, const struct bench_ops *b,
                    uint32_t line_bytes, struct cta_reuse_counts *out, const char *who);

/* A fresh temporary file name (created empty). -1 printed. */
int charz_tmp_trace(char *buf, size_t len, const char *who);

double charz_pct(double a, double b);

/* Fig. 3 table rows (% of accesses by type) of the four caches. */
void charz_print_types_header(void);
void charz_print_types(const char *bench, const struct locality_levels_result *r, int have_l2);

#endif
