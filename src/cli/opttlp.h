/* OptTLP search, shared by ccgpu opttlp and ccgpu cta-exp. */
#ifndef CCGPU_CLI_OPTTLP_H
#define CCGPU_CLI_OPTTLP_H
#include "cli/cta_runs.h"

void opttlp_header(FILE *f, int energy);
/* One CSV row; limit 0 = no limit (max-TLP). */
void opttlp_row(FILE *f, const char *bench, const char *size, const char *policy, uint32_t limit,
                const struct cta_cell *c, const struct cta_prof *p);
/* Max-TLP into *maxtlp, then limit:N for lim[0..nlim) (nlim 0: 1 .. the most
 * CTAs per SM of any launch); rows to out (may be NULL); the fewest cycles
 * into *best / *best_limit. 0, or cta_run's error. */
int opttlp_search(const struct cli_run_options *o, const struct bench_ops *b, const uint32_t *lim,
                  int nlim, const struct cta_prof *p, FILE *out, struct cta_cell *best,
                  uint32_t *best_limit, struct cta_cell *maxtlp);

#endif
