/* Running one figure of a recipe: its run lines, one after the other, as
 * child processes of this ccgpu binary, in the figure's folder OUT/ID (made
 * when missing), with their output in OUT/ID/log.txt. When every line exits
 * 0 the folder gets a marker, OUT/ID/done, written atomically, holding the
 * command lines as run and their CPU and wall seconds; a figure whose marker
 * holds the same command lines is finished and is not run again (the size,
 * jobs or recipe changed: it is). */
#ifndef CCGPU_REPRODUCE_FIGURE_RUN_H
#define CCGPU_REPRODUCE_FIGURE_RUN_H
#include "reproduce/recipe.h"
#include <stddef.h>

struct figure_job {
    const struct recipe_figure *fig;
    const char *recipe; /* its file, for messages */
    const char *exe;  /* this ccgpu, absolute */
    const char *dir;  /* OUT/ID */
    const char *size;
    int jobs;
};

struct figure_state {
    int done;            /* the marker matches */
    double cpu_s, wall_s; /* from the marker */
};

/* The command lines of the figure with placeholders replaced, one per line,
 * each word shell-quoted where needed; malloc'd (NULL: out of memory). */
char *figure_commands(const struct figure_job *j);

/* Whether the figure is finished with these command lines (st filled). */
void figure_state_read(const struct figure_job *j, struct figure_state *st);

/* Runs the figure (its marker is removed first). 0 when every line exited
 * 0 (marker written, st filled); 1 when a line failed (err says which and
 * where the log is); -1 when it could not be run at all (err). */
int figure_run(const struct figure_job *j, struct figure_state *st, char *err, size_t errlen);

#endif
