/* Measuring the AWSS heuristics: quality against the exact solver on random
 * small instances, and speed on a large one (ccgpu awss --quality/--speed). */
#ifndef CCGPU_CTA_AWSS_QUALITY_H
#define CCGPU_CTA_AWSS_QUALITY_H
#include <stdint.h>
#include <stdio.h>

struct awss_quality_row {
    const char *name;
    uint32_t instances, optimal, incomplete, over_cap;
    double mean_excess, worst_excess, mean_ratio; /* cost - exact cost; cost / exact */
    double mean_step_excess, worst_step_excess;   /* steps - the exact schedule's steps */
};

/* n random working-set sizes in [1, cap], skewed towards small ones. */
void awss_random_instance(uint64_t *seed, uint32_t n, uint64_t cap, uint64_t *sizes);
/* Prints a table to out (may be NULL) and fills up to *nrows rows. Returns 0,
 * -1 on allocation failure, -2 when a schedule is invalid or a heuristic beat
 * the exact solver (a bug). */
int awss_quality_report(FILE *out, uint64_t seed, uint32_t instances, uint32_t max_n, double cps,
                        struct awss_quality_row *rows, uint32_t *nrows);
/* Times every algorithm on n random CTAs. 0 ok, -1 OOM, -2 invalid schedule. */
int awss_speed_report(FILE *out, uint32_t n, uint64_t seed);

#endif
