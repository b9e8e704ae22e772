/* A paper's reproduction recipe, reproduce/PAPER.repro: the figures of one
 * paper, each as the ccgpu command lines that make it and the numbers to set
 * beside the paper's. Line format (reproduce/README.md):
 *
 *   title TEXT                      once, before the first figure
 *   size small|medium|large         once: the size that reproduces the paper
 *   figure ID TITLE                 starts a figure; ID [a-z0-9_-]+, unique
 *   source TEXT                     where the paper's numbers come from
 *   run ARGS                        a ccgpu command line without "ccgpu":
 *                                   words split on blanks; {size}, {jobs},
 *                                   {out} (the figure's folder) replaced
 *   plot FILE                       a plot the runs write, under {out}
 *   value LABEL | PAPER | CSV | FILTERS | COLUMN
 *                                   one number: PAPER is a decimal, ~decimal
 *                                   (read off a chart) or - (none); FILTERS
 *                                   col=value,... select one row of CSV
 *   note TEXT                       shown under the figure
 *
 * '#' starts a comment line; blank lines are ignored. */
#ifndef CCGPU_REPRODUCE_RECIPE_H
#define CCGPU_REPRODUCE_RECIPE_H
#include <stddef.h>

#define RECIPE_MAX_FIGURES 256
#define RECIPE_MAX_LINES 4096 /* run, plot, value and note lines per figure */
#define RECIPE_MAX_WORDS 256  /* words of one run line */

struct recipe_filter {
    char *column, *value;
};

struct recipe_value {
    char *label;
    char *paper;     /* as written: "1.63", "~1.9" or "-" */
    int has_paper;   /* 0 for "-" */
    double paper_num;
    char *csv;       /* relative to the figure's folder */
    struct recipe_filter *filters;
    int nfilters;
    char *column;
    int line;        /* in the recipe, for messages */
};

struct recipe_run {
    char **words; /* placeholders not yet replaced */
    int nwords;
    int line;
};

struct recipe_figure {
    char *id, *title, *source;
    struct recipe_run *runs;
    int nruns;
    char **plots;
    int nplots;
    struct recipe_value *values;
    int nvalues;
    char **notes;
    int nnotes;
    int line;
};

struct recipe {
    char *path;
    char *title;
    char *size;
    struct recipe_figure *figures;
    int nfigures;
};

/* Parses text (name: the file, for messages). 0, or -1 with "NAME:LINE: what"
 * in err and r left empty. */
int recipe_parse(const char *text, const char *name, struct recipe *r, char *err, size_t errlen);
/* Reads and parses a file through the bounded reader. */
int recipe_read(const char *path, struct recipe *r, char *err, size_t errlen);
void recipe_free(struct recipe *r);

/* The figure with id, or NULL. */
const struct recipe_figure *recipe_figure(const struct recipe *r, const char *id);

/* A run line's word with {size}, {jobs} and {out} replaced; malloc'd, NULL
 * when out of memory. */
char *recipe_expand(const char *word, const char *size, int jobs, const char *out);

#endif
