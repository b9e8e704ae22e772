/* Working-set profiling before a run with the awss: CTA policy. */
#ifndef CCGPU_CLI_CTA_PROFILE_H
#define CCGPU_CLI_CTA_PROFILE_H
#include "cli/options.h"

/* 1 when o's configuration runs the timing model with ccgpu_cta_sched awss:... */
int cli_cta_profile_needed(const struct cli_run_options *o);
/* Runs benchmark `bench` functionally, measuring every launch's per-CTA
 * working sets, and gives them to timing_gpu. 0, or non-zero (printed). */
int cli_cta_profile(const struct cli_run_options *o, const char *bench, ccgpu *timing_gpu);

#endif
