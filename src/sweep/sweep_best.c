#include "sweep/sweep_best.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int number(const char *s, double *v)
{
    char *end;
    if (!*s)
        return -1;
    *v = strtod(s, &end);
    return *end || !isfinite(*v) ? -1 : 0;
}

static int same_group(const struct csv_table *t, int a, int b, const int *gc, int ngroup)
{
    for (int g = 0; g < ngroup; g++)
        if (strcmp(t->rows[a][gc[g]], t->rows[b][gc[g]]) != 0)
            return 0;
    return 1;
}

int sweep_best_rows(const struct csv_table *t, const char *y, const char *const *group,
                    int ngroup, int minimize, int **rows, int *n, char *err, size_t errlen)
{
    int yc = csv_column(t, y), status = csv_column(t, "status");
    int *gc = malloc(((size_t)ngroup + 1) * sizeof *gc);
    *rows = malloc(((size_t)t->nrows + 1) * sizeof **rows);
    *n = 0;
    if (!gc || !*rows) {
        free(gc);
        free(*rows);
        *rows = NULL;
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    const char *missing = yc < 0 ? y : NULL;
    for (int g = 0; g < ngroup && !missing; g++)
        if ((gc[g] = csv_column(t, group[g])) < 0)
            missing = group[g];
    if (missing) {
        free(gc);
        free(*rows);
        *rows = NULL;
        snprintf(err, errlen, "no column '%s'", missing);
        return -1;
    }
    for (int r = 0; r < t->nrows; r++) {
        double v, best = 0;
        if ((status >= 0 && strcmp(t->rows[r][status], "PASS") != 0) ||
            number(t->rows[r][yc], &v) != 0)
            continue;
        int k = 0;
        while (k < *n && !same_group(t, (*rows)[k], r, gc, ngroup))
            k++;
        if (k == *n) {
            (*rows)[(*n)++] = r;
            continue;
        }
        number(t->rows[(*rows)[k]][yc], &best);
        if (minimize ? v < best : v > best)
            (*rows)[k] = r;
    }
    free(gc);
    return 0;
}
