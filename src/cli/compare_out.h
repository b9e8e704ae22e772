/* The table of `ccgpu compare` as files: --csv writes it (one row per
 * benchmark x scheduler, then one "hmean" row per scheduler) through the
 * sweep library's CSV writer, atomically; --plot draws ipc_norm as grouped
 * bars (benchmarks on x, one bar per scheduler, the hmean group last), the
 * layout of the CCWS paper's Fig. 7/9. Empty fields stand for undefined
 * values (a failed run, a mean over no runs). */
#ifndef CCGPU_CLI_COMPARE_OUT_H
#define CCGPU_CLI_COMPARE_OUT_H
#include "sweep/csv.h"
#include <stddef.h>

struct compare_out {
    struct csv_table t;
    int belady; /* bel_mpki column present */
    int oom;    /* a row was lost; compare_out_write reports it */
    int base;   /* columns before the --stat ones */
};

void compare_out_init(struct compare_out *c, int belady);
/* status: "PASS"/"FAIL" for a run, "mean" for an hmean row; swl: the
 * winning limit of best-swl, 0 for none; norm: IPC / base IPC; speedup:
 * base cycles / cycles. NAN values become empty fields. */
void compare_out_row(struct compare_out *c, const char *bench, const char *sched,
                     const char *status, unsigned swl, double cycles, double ipc, double norm,
                     double speedup, double mpki, double bel_mpki);
/* Appends columns (compare --stat NAME) to the header, before any row;
 * compare_out_row_extra then fills them for the row just added. */
void compare_out_add_columns(struct compare_out *c, const char *const *names, int n);
void compare_out_row_extra(struct compare_out *c, const double *v, int n);
/* Writes whichever of csv, svg is not NULL; base names the normalisation in
 * the plot's title. Progress lines go to stdout. 0, or -1 with err. */
int compare_out_write(const struct compare_out *c, const char *csv, const char *svg,
                      const char *base, char *err, size_t errlen);
void compare_out_free(struct compare_out *c);

#endif
