/* DIR/results.csv from the point files: one row per point in plan order,
 * columns bench, each --param key, status, then the statistics (totals over
 * all kernels) as written in the point files. A statistic a point lacks is an
 * empty cell. Built only from the files, so a resumed sweep and a fresh one,
 * or --jobs 1 and --jobs N, give the same bytes. */
#ifndef CCGPU_SWEEP_RESULTS_H
#define CCGPU_SWEEP_RESULTS_H
#include "sweep/sweep_plan.h"
#include <stddef.h>
#include <stdio.h>

/* files[i] = path of point i's file, NULL for a point left out (--collect
 * of an unfinished sweep: no row). stats NULL: every numeric statistic
 * common to the points that have statistics, in the first one's order, at most max_default
 * (a note on msg says when more were left out); extra (may be NULL) are
 * appended when not already columns. -1 with err on I/O error or a point
 * file that cannot be read. */
int sweep_results_write(const struct sweep_plan *pl, char *const *files, const char **stats,
                        int nstats, const char **extra, int nextra, int max_default,
                        const char *csv_path, FILE *msg, char *err, size_t errlen);

#endif
