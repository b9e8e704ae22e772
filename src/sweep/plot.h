/* Plots of CSV tables through gnuplot (Debian package gnuplot-nox): a
 * self-contained .gp script (the data inline, as gnuplot data blocks) is
 * written beside the SVG it renders, then gnuplot runs when it is on PATH;
 * otherwise the script stays and one line says how to render it.
 * Numeric x -> one line per series; categorical x (scheduler names) or --bar
 * -> clustered bars. Values such as "swl:1".."swl:32" that share a prefix
 * ending in ':' before a number count as numeric (x axis "swl:N"). */
#ifndef CCGPU_SWEEP_PLOT_H
#define CCGPU_SWEEP_PLOT_H
#include "sweep/csv.h"
#include <stddef.h>
#include <stdio.h>

#define PLOT_MAX_COLS 16

struct plot_spec {
    const char *x;
    const char *y[PLOT_MAX_COLS];
    int ny;
    const char *group[PLOT_MAX_COLS]; /* one series per distinct combination */
    int ngroup;
    int bar;          /* bars even for numeric x */
    int skip_failed;  /* leave out rows whose "status" column is not PASS */
    const char *title; /* NULL: "Y vs X" */
    const char *svg;   /* output path; the script is the same path ending in .gp */
    const char *source; /* named in the script's header comment */
};

/* Writes the gnuplot script for t to out. -1 with err (unknown column,
 * nothing to plot). */
int plot_write_script(const struct csv_table *t, const struct plot_spec *p, FILE *out,
                      char *err, size_t errlen);

/* The gnuplot program: $CCGPU_GNUPLOT if set ("" or "none": none), else
 * "gnuplot" when it is on PATH. NULL when there is none. */
const char *plot_gnuplot(void);

/* Writes the script (atomically) and renders it when gnuplot exists; one line
 * on msg says what was written or how to render it. 0, or -1 with err. */
int plot_make(const struct csv_table *t, const struct plot_spec *p, FILE *msg, char *err,
              size_t errlen);

#endif
