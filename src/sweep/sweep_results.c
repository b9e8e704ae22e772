#include "sweep/sweep_results.h"
#include "sweep/afile.h"
#include "sweep/csv.h"
#include "sweep/sweep_point.h"
#include <stdlib.h>
#include <string.h>

struct columns {
    char **name;
    int n, cap;
};

static int add_column(struct columns *c, const char *name)
{
    for (int i = 0; i < c->n; i++)
        if (!strcmp(c->name[i], name))
            return 0;
    if (c->n == c->cap) {
        int cap = c->cap ? c->cap * 2 : 64;
        char **n = realloc(c->name, (size_t)cap * sizeof *n);
        if (!n)
            return -1;
        c->name = n;
        c->cap = cap;
    }
    if (!(c->name[c->n] = strdup(name)))
        return -1;
    c->n++;
    return 0;
}

static void free_columns(struct columns *c)
{
    for (int i = 0; i < c->n; i++)
        free(c->name[i]);
    free(c->name);
}

static struct json *load(const char *path, char *err, size_t errlen)
{
    struct json *j = NULL;
    char perr[512];
    if (sweep_point_read(path, NULL, &j, perr, sizeof perr) != SWEEP_POINT_MATCH)
        snprintf(err, errlen, "%s", perr);
    return j;
}

/* every statistic present in all points with statistics, first point's order */
static int common_columns(const struct sweep_plan *pl, char *const *files, struct columns *c,
                          char *err, size_t errlen)
{
    int *present = NULL, started = 0;
    for (long i = 0; i < pl->npoints; i++) {
        if (!files[i])
            continue;
        struct json *j = load(files[i], err, errlen);
        if (!j)
            goto fail;
        const struct json *tot = sweep_point_totals(j);
        if (tot && !started) {
            for (int k = 0; k < tot->n; k++) /* numbers only: a histogram is no cell */
                if (tot->items[k]->type == JSON_NUMBER && add_column(c, tot->keys[k]) != 0)
                    goto oom_j;
            if (!(present = calloc((size_t)c->n + 1, sizeof *present)))
                goto oom_j;
            started = 1;
        }
        if (tot)
            for (int k = 0; k < c->n; k++)
                if (!json_get(tot, c->name[k]))
                    present[k] = -1;
        json_free(j);
        continue;
oom_j:
        json_free(j);
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    int n = 0;
    for (int k = 0; k < c->n; k++) {
        if (present[k] == 0)
            c->name[n++] = c->name[k];
        else
            free(c->name[k]);
    }
    c->n = n;
    free(present);
    return 0;
fail:
    free(present);
    return -1;
}

static void write_row(FILE *f, const struct sweep_plan *pl, long i, const struct json *j,
                      const struct columns *c)
{
    int b, vidx[SWEEP_MAX_PARAMS];
    sweep_plan_point(pl, i, &b, vidx);
    csv_write_field(f, pl->benches[b]);
    for (int k = 0; k < pl->nparams; k++) {
        fputc(',', f);
        csv_write_field(f, pl->params[k].values[vidx[k]]);
    }
    fputs(sweep_point_passed(j) ? ",PASS" : ",FAIL", f);
    const struct json *tot = sweep_point_totals(j);
    for (int k = 0; k < c->n; k++) {
        const struct json *v = json_get(tot, c->name[k]);
        fputc(',', f);
        if (v && v->type == JSON_NUMBER)
            fputs(v->text, f);
    }
    fputc('\n', f);
}

int sweep_results_write(const struct sweep_plan *pl, char *const *files, const char **stats,
                        int nstats, const char **extra, int nextra, int max_default,
                        const char *csv_path, FILE *msg, char *err, size_t errlen)
{
    struct columns c = { 0 };
    int rc = -1;
    if (stats) {
        for (int k = 0; k < nstats; k++)
            if (add_column(&c, stats[k]) != 0)
                goto oom;
    } else {
        if (common_columns(pl, files, &c, err, errlen) != 0)
            goto out;
        if (c.n > max_default) {
            fprintf(msg, "sweep: results.csv holds the first %d of %d common statistics "
                         "(choose with --stats)\n", max_default, c.n);
            for (int k = max_default; k < c.n; k++)
                free(c.name[k]);
            c.n = max_default;
        }
    }
    for (int k = 0; k < nextra; k++)
        if (add_column(&c, extra[k]) != 0)
            goto oom;
    struct afile a;
    FILE *f = afile_open(&a, csv_path, err, errlen);
    if (!f)
        goto out;
    fputs("bench", f);
    for (int k = 0; k < pl->nparams; k++) {
        fputc(',', f);
        csv_write_field(f, pl->params[k].key);
    }
    fputs(",status", f);
    for (int k = 0; k < c.n; k++) {
        fputc(',', f);
        csv_write_field(f, c.name[k]);
    }
    fputc('\n', f);
    for (long i = 0; i < pl->npoints; i++) {
        if (!files[i])
            continue;
        struct json *j = load(files[i], err, errlen);
        if (!j) {
            afile_abort(&a);
            goto out;
        }
        write_row(f, pl, i, j, &c);
        json_free(j);
    }
    rc = afile_commit(&a, err, errlen);
    goto out;
oom:
    snprintf(err, errlen, "out of memory");
out:
    free_columns(&c);
    return rc;
}
