/* compare --ensemble; see compare_ensemble.h. */
#include "cli/compare_ensemble.h"
#include "gpu/config.h"
#include "sweep/means.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

int compare_ensemble_init(struct compare_ensemble *e, const struct cli_run_options *o,
                          const char *const *specs, int n)
{
    memset(e, 0, sizeof *e);
    e->spec[0] = "base";
    e->opts[0] = *o;
    if (n > COMPARE_ENSEMBLE_MAX) {
        fprintf(stderr, "ccgpu compare: at most %d --ensemble members\n", COMPARE_ENSEMBLE_MAX);
        return 2;
    }
    for (int m = 1; m <= n; m++) {
        const char *spec = specs[m - 1];
        char origin[160];
        snprintf(origin, sizeof origin, "--ensemble %s", spec);
        e->opts[m] = *o;
        e->opts[m].cfg = config_clone(o->cfg);
        e->spec[m] = spec;
        e->n = m;
        if (!e->opts[m].cfg) {
            fprintf(stderr, "ccgpu compare: out of memory\n");
            compare_ensemble_free(e);
            return 2;
        }
        /* KEY=VALUE[@KEY=VALUE...] */
        int changes = 0;
        for (const char *p = spec; *p;) {
            size_t len = strcspn(p, "@"), key = strcspn(p, "=@");
            if (len == 0) {
                p++;
                continue;
            }
            if (key >= len || key == 0) {
                fprintf(stderr, "ccgpu compare: --ensemble %s: '%.*s' is not KEY=VALUE\n", spec,
                        (int)len, p);
                compare_ensemble_free(e);
                return 2;
            }
            if (config_set_from(e->opts[m].cfg, p, key, p + key + 1, len - key - 1, origin)) {
                fprintf(stderr, "ccgpu compare: %s\n", ccgpu_config_error(e->opts[m].cfg));
                compare_ensemble_free(e);
                return 2;
            }
            changes++;
            p += len;
        }
        if (!changes) {
            fprintf(stderr, "ccgpu compare: --ensemble '%s': no KEY=VALUE\n", spec);
            compare_ensemble_free(e);
            return 2;
        }
    }
    return 0;
}

void compare_ensemble_free(struct compare_ensemble *e)
{
    for (int m = 1; m <= e->n; m++)
        ccgpu_config_free(e->opts[m].cfg);
    e->n = 0;
}

void compare_ensemble_row(const struct compare_ensemble *e, const struct ccws_cell *cells, int b,
                          int ns, int s, int base, struct compare_ensemble_row *row)
{
    const int nm = e->n + 1;
    double v[COMPARE_ENSEMBLE_MAX + 1];
    memset(row, 0, sizeof *row);
    row->lowest = INFINITY;
    row->highest = -INFINITY;
    for (int m = 0; m < nm; m++) {
        const struct ccws_cell *c = &cells[((long)b * nm + m) * ns + s];
        const struct ccws_cell *q = &cells[((long)b * nm + m) * ns + base];
        if (!c->ok || !q->ok || !(c->cycles > 0))
            continue;
        double x = q->cycles / c->cycles;
        v[row->n++] = x;
        row->lowest = x < row->lowest ? x : row->lowest;
        row->highest = x > row->highest ? x : row->highest;
        row->gain += x >= 1 + COMPARE_ENSEMBLE_FLAT;
        row->loss += x <= 1 - COMPARE_ENSEMBLE_FLAT;
        row->flat += x > 1 - COMPARE_ENSEMBLE_FLAT && x < 1 + COMPARE_ENSEMBLE_FLAT;
    }
    if (!row->n || means_geometric(v, (size_t)row->n, &row->mean))
        row->mean = row->lowest = row->highest = NAN;
}

const char *const compare_ensemble_columns[COMPARE_ENSEMBLE_COLUMNS] = {
    "ensemble_speedup", "ensemble_lowest", "ensemble_highest",
    "ensemble_gain", "ensemble_flat", "ensemble_loss",
};

void compare_ensemble_values(const struct compare_ensemble_row *row, double *v)
{
    v[0] = row->mean;
    v[1] = row->lowest;
    v[2] = row->highest;
    v[3] = row->gain;
    v[4] = row->flat;
    v[5] = row->loss;
}

void compare_ensemble_print(const struct compare_ensemble *e, const char *const *benches, int nb,
                            char *const *scheds, int ns, int base, const struct ccws_cell *cells)
{
    printf("\nensemble of %d configurations: base", e->n + 1);
    for (int m = 1; m <= e->n; m++)
        printf("; %s", e->spec[m]);
    printf("\n%-12s %-12s %9s %9s %9s %3s %5s %5s %5s\n", "benchmark", "scheduler", "speedup",
           "lowest", "highest", "n", "gain", "flat", "loss");
    printf("%-12s %-12s %9s %9s %9s %3s %5s %5s %5s\n", "", "", "(geomean)", "", "", "", "", "",
           "");
    int both_sides = 0;
    for (int b = 0; b < nb; b++)
        for (int s = 0; s < ns; s++) {
            struct compare_ensemble_row r;
            compare_ensemble_row(e, cells, b, ns, s, base, &r);
            int both = r.gain && r.loss;
            both_sides += both;
            printf("%-12s %-12s %9.3f %9.3f %9.3f %3d %5d %5d %5d%s\n", benches[b], scheds[s],
                   r.mean, r.lowest, r.highest, r.n, r.gain, r.flat, r.loss,
                   s == base ? "  (base)" : both ? "  (both ways)" : "");
        }
    printf("(speedup: the geometric mean over the members of %s's cycles / the run's, each "
           "member's runs against its own %s run; n: members where both runs passed; gain, "
           "flat, loss: members with a speedup of at least %.2f, between, at most %.2f; "
           "both ways: %d rows with members on both sides, where one configuration alone "
           "could have shown either direction; the CSV has these as ensemble_* columns)\n",
           scheds[base], scheds[base], 1 + COMPARE_ENSEMBLE_FLAT, 1 - COMPARE_ENSEMBLE_FLAT,
           both_sides);
}
