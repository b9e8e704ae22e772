/* The report of `ccgpu reproduce`: OUT/report.md (per figure the commands,
 * the paper's numbers beside ours, the plots, the notes and the run time),
 * OUT/ID/values.md for each finished figure (every value of it, ccgpu's
 * alone included: report.md keeps only those with a paper number and links
 * the rest, so a long per-benchmark table does not make a long report) and
 * OUT/values.csv (figure, label, paper, ours, ours/paper), all written
 * atomically from whatever figures are finished, so a report can be made at
 * any time (e.g. after the Slurm tasks end) and always says what is missing. */
#ifndef CCGPU_REPRODUCE_REPORT_H
#define CCGPU_REPRODUCE_REPORT_H
#include "reproduce/figure_run.h"
#include "reproduce/recipe.h"
#include <stddef.h>

struct report_input {
    const struct recipe *recipe;
    const char *paper;  /* the name given to reproduce */
    const char *out;    /* OUT */
    const char *size;
    int jobs;
    const char *exe;
};

/* One number's value from the figure's CSV: 0 with *ours (malloc'd, the
 * CSV's text), or -1 with why in err (no such file, no row, two rows, no
 * column). */
int report_lookup(const char *fig_dir, const struct recipe_value *v, char **ours, char *err,
                  size_t errlen);

/* Writes OUT/report.md and OUT/values.csv. 0, or -1 with err. */
int report_write(const struct report_input *in, char *err, size_t errlen);

#endif
