/* `ccgpu compare --ensemble KEY=VALUE[@KEY=VALUE...]` (repeatable): the
 * speed-ups of the comparison over an ensemble of configurations, the one
 * the command was given (the base member) and one more per --ensemble, each
 * the base with those options changed, e.g. one cycle more DRAM latency.
 *
 * A policy's effect on a small input can turn on cycle-level timing: which
 * SM's warps meet in a cache, which CTA ends last. A one-cycle change of a
 * latency then moves the speed-up by a few percent either way, in ccgpu as
 * in GPGPU-Sim (docs/policy-effects.md, "One-cycle sensitivity"). The
 * ensemble table gives, per benchmark and scheduler, the geometric mean of
 * the speed-ups over the members, the lowest and highest, and how many
 * members gain, are flat (under FLAT either way) or lose: an effect whose
 * members lie on both sides of the flat band is one a single run could
 * have shown either way. */
#ifndef CCGPU_CLI_COMPARE_ENSEMBLE_H
#define CCGPU_CLI_COMPARE_ENSEMBLE_H
#include "cli/ccws_runs.h"
#include "cli/options.h"

#define COMPARE_ENSEMBLE_MAX 16 /* members besides the base */
#define COMPARE_ENSEMBLE_FLAT 0.03

struct compare_ensemble {
    int n;                                      /* members besides the base */
    const char *spec[COMPARE_ENSEMBLE_MAX + 1]; /* each member's changes ([0]: "base") */
    /* each member's run options: the base's, with a configuration of its own */
    struct cli_run_options opts[COMPARE_ENSEMBLE_MAX + 1];
};

/* Member 0 is o itself; specs[0..n) the --ensemble arguments. Each
 * member's configuration is a copy of o's with its KEY=VALUE changes set.
 * 0, or 2 after one line on stderr naming the member and what is wrong
 * (no '=', an unknown option or a bad value, too many members). */
int compare_ensemble_init(struct compare_ensemble *e, const struct cli_run_options *o,
                          const char *const *specs, int n);
void compare_ensemble_free(struct compare_ensemble *e);

/* One row of the ensemble: the speed-up of scheduler s over scheduler base
 * on benchmark b, member by member (each member's run against its own base
 * run). cells[(b * (e->n + 1) + m) * ns + s] is benchmark b's run under
 * scheduler s with member m's configuration. */
struct compare_ensemble_row {
    double mean, lowest, highest; /* geometric mean; NAN when no member passed */
    int n;                        /* members where both runs passed */
    int gain, flat, loss;         /* members at least 1 + FLAT, between, at most 1 - FLAT */
};
void compare_ensemble_row(const struct compare_ensemble *e, const struct ccws_cell *cells, int b,
                          int ns, int s, int base, struct compare_ensemble_row *row);

/* The CSV's columns for --ensemble (after the --stat ones), and a row's
 * values for them (COMPARE_ENSEMBLE_COLUMNS doubles). */
#define COMPARE_ENSEMBLE_COLUMNS 6
extern const char *const compare_ensemble_columns[COMPARE_ENSEMBLE_COLUMNS];
void compare_ensemble_values(const struct compare_ensemble_row *row, double *v);

/* Prints the ensemble table (cells as for compare_ensemble_row). */
void compare_ensemble_print(const struct compare_ensemble *e, const char *const *benches, int nb,
                            char *const *scheds, int ns, int base, const struct ccws_cell *cells);

#endif
