/* The CTA-clustering examples (cuda/examples/) on the functional engine. */
#ifndef CCGPU_CTA_CLUSTER_EXAMPLES_H
#define CCGPU_CTA_CLUSTER_EXAMPLES_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "ccgpu.h"

/* Runs example `only` (mm, kmeans, syrk, atax; NULL = all) on a GPU with
 * `sms` SMs: the original kernel (checked against a CPU reference), then each
 * redirected and agent-based form under several cluster/agent/throttle
 * settings, comparing outputs bit for bit. Adds to *runs and *mismatches;
 * logs one line per run to log (may be NULL). 0, or -1 with err set when
 * something failed to run. */
int cluster_examples_run(const char *only, uint32_t sms, FILE *log, int *runs, int *mismatches,
                         char *err, size_t errlen);

/* The same on the timing model (config file `config`, may be NULL, plus
 * ccgpu_mode timing), with larger inputs when `large`, and the paper's forms -- redirection,
 * agents with all / 2 / 1 active per SM -- printing cycles, L1 hits and
 * misses and L1-to-L2 reads of each launch to log; outputs are still compared
 * with the original's. */
int cluster_examples_timing(const char *only, const char *config, int large, FILE *log, int *runs,
                            int *mismatches, char *err, size_t errlen);
/* The same on a copy of configuration `base` (may be NULL: the defaults)
 * with config text `extra` (may be NULL) loaded after it, e.g.
 * "ccgpu_cta_sched strict-rr\nccgpu_prefetch 1\n" (ccgpu cta-exp cluster). */
int cluster_examples_timing_on(const char *only, const ccgpu_config *base, const char *extra,
                               int large, FILE *log, int *runs, int *mismatches, char *err,
                               size_t errlen);

#endif
