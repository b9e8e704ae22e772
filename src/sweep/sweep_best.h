/* The best row of each group of a results table: Best-SWL (ccws-micro2012
 * §5) is the SWL limit with the highest IPC per benchmark. Groups are the
 * distinct combinations of the group columns, in first-appearance order; rows
 * whose "status" column is not PASS and cells that are not numbers are left
 * out; a tie goes to the earlier row (in a sweep: the earlier value). */
#ifndef CCGPU_SWEEP_BEST_H
#define CCGPU_SWEEP_BEST_H
#include "sweep/csv.h"
#include <stddef.h>

/* *rows (malloc'd, caller frees) gets one row index per group that has a
 * usable row; *n their number. -1 with err on an unknown column or out of
 * memory. */
int sweep_best_rows(const struct csv_table *t, const char *y, const char *const *group,
                    int ngroup, int minimize, int **rows, int *n, char *err, size_t errlen);

#endif
