/* Heuristic-versus-exact comparison of the AWSS schedulers on seeded random
 * instances (small enough for awss_exact), and a timing run on a large one. */
#include "cta/awss.h"
#include "cta/awss_quality.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t rand_range(uint64_t *x, uint64_t lo, uint64_t hi)
{
    return lo + splitmix(x) % (hi - lo + 1);
}

void awss_random_instance(uint64_t *seed, uint32_t n, uint64_t cap, uint64_t *sizes)
{
    /* mostly small CTAs with a heavy tail, like irregular kernels' working sets */
    for (uint32_t i = 0; i < n; i++) {
        uint64_t r = splitmix(seed) % 100;
        uint64_t hi = r < 60 ? cap / 4 : r < 90 ? cap / 2 : cap;
        sizes[i] = rand_range(seed, 1, hi > 1 ? hi : 1);
    }
}

struct variant {
    const char *name;
    enum awss_algo algo;
    enum awss_mode mode;
    int is_static;
};

static const struct variant variants[] = {
    { "lmf", AWSS_ALGO_LMF, AWSS_HARD, 0 },
    { "iwfd", AWSS_ALGO_IWFD, AWSS_HARD, 0 },
    { "mxf (relaxed)", AWSS_ALGO_MXF, AWSS_RELAXED, 0 },
    { "glanf (relaxed)", AWSS_ALGO_GLANF, AWSS_RELAXED, 0 },
    { "static", AWSS_ALGO_LMF, AWSS_HARD, 1 },
    { "static relaxed", AWSS_ALGO_MXF, AWSS_RELAXED, 1 },
    { "agnostic", AWSS_ALGO_AGNOSTIC, AWSS_HARD, 0 },
};

int awss_quality_report(FILE *out, uint64_t seed, uint32_t instances, uint32_t max_n, double cps,
                        struct awss_quality_row *rows, uint32_t *nrows)
{
    enum { NV = sizeof variants / sizeof variants[0] };
    struct awss_quality_row r[NV];
    memset(r, 0, sizeof r);
    uint64_t sizes[24];
    struct awss_schedule h, e;
    awss_schedule_init(&h);
    awss_schedule_init(&e);
    int rc = 0;
    if (max_n > 24)
        max_n = 24;
    for (uint32_t t = 0; t < instances && rc == 0; t++) {
        uint32_t n = (uint32_t)rand_range(&seed, 4, max_n);
        uint32_t k = (uint32_t)rand_range(&seed, 2, 6);
        uint64_t cap = rand_range(&seed, 10, 100);
        /* working sets of 5..60% of the cache make capacity and TLP both bind */
        for (uint32_t i = 0; i < n; i++)
            sizes[i] = rand_range(&seed, cap / 20 + 1, cap * 3 / 5);
        for (uint32_t v = 0; v < NV && rc == 0; v++) {
            const struct variant *va = &variants[v];
            struct awss_problem p = { sizes, n, cap, k, va->mode, va->is_static, cps, NULL };
            struct awss_exact_result er;
            char msg[160];
            if (awss_exact(&p, 20000000, &e, &er) < 0 || awss_schedule_run(&p, va->algo, &h, NULL) < 0) {
                rc = -1;
                break;
            }
            r[v].name = va->name;
            if (!er.complete) {
                r[v].incomplete++;
                continue;
            }
            double ex = awss_cost(&h, &p) - er.cost;
            if (va->algo != AWSS_ALGO_AGNOSTIC) {
                if (awss_validate(&h, &p, msg, sizeof msg) != 0 || ex < -1e-9 ||
                    awss_validate(&e, &p, msg, sizeof msg) != 0) {
                    if (out)
                        fprintf(out, "instance %u, %s: %s\n", t, va->name,
                                ex < -1e-9 ? "heuristic beat the exact solver" : msg);
                    rc = -2;
                }
            } else {
                r[v].over_cap += awss_validate(&h, &p, msg, sizeof msg) != 0;
            }
            r[v].instances++;
            r[v].mean_excess += ex;
            r[v].mean_ratio += er.cost > 0 ? awss_cost(&h, &p) / er.cost : 1;
            if (ex > r[v].worst_excess)
                r[v].worst_excess = ex;
            r[v].optimal += ex < 1e-9;
            double sx = (double)h.nsteps - (double)e.nsteps;
            r[v].mean_step_excess += sx;
            if (sx > r[v].worst_step_excess)
                r[v].worst_step_excess = sx;
        }
    }
    for (uint32_t v = 0; v < NV; v++)
        if (r[v].instances) {
            r[v].mean_excess /= r[v].instances;
            r[v].mean_ratio /= r[v].instances;
            r[v].mean_step_excess /= r[v].instances;
        }
    if (out) {
        fprintf(out, "AWSS heuristics vs exact solver: %u random instances, 4..%u CTAs, "
                     "TLP_max 2..6, cap 10..100, sizes 5..60%% of cap, CPS %g\n", instances, max_n, cps);
        fprintf(out, "%-16s %8s %11s %11s %10s %11s %11s %8s\n", "algorithm", "optimal",
                "mean excess", "worst", "mean ratio", "mean steps", "worst steps", "unsolved");
        fprintf(out, "%-16s %8s %11s %11s %10s %11s %11s\n", "", "(cost)", "(cost)", "(cost)",
                "(cost)", "excess", "excess");
        for (uint32_t v = 0; v < NV; v++) {
            if (variants[v].algo == AWSS_ALGO_AGNOSTIC) {
                fprintf(out, "%-16s over capacity on %.1f%% of the instances\n", variants[v].name,
                        r[v].instances ? 100.0 * r[v].over_cap / r[v].instances : 0.0);
                continue;
            }
            fprintf(out, "%-16s %7.1f%% %11.3f %11.3f %10.3f %11.3f %11.0f %8u\n",
                    variants[v].name,
                    r[v].instances ? 100.0 * r[v].optimal / r[v].instances : 0.0,
                    r[v].mean_excess, r[v].worst_excess, r[v].mean_ratio, r[v].mean_step_excess,
                    r[v].worst_step_excess, r[v].incomplete);
        }
    }
    if (rows && nrows) {
        uint32_t nr = *nrows < NV ? *nrows : NV;
        memcpy(rows, r, nr * sizeof *r);
        *nrows = nr;
    }
    awss_schedule_free(&h);
    awss_schedule_free(&e);
    return rc;
}

static double now_s(void)
{
    struct timespec ts;
    /* CPU time: the build machines are shared, wall time would measure them */
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int awss_speed_report(FILE *out, uint32_t n, uint64_t seed)
{
    uint64_t *sizes = malloc(((size_t)n + 1) * sizeof *sizes);
    if (!sizes)
        return -1;
    uint64_t cap = 768 * 1024 / 128; /* Table I: 768 KB L2 in 128 B lines */
    awss_random_instance(&seed, n, cap / 8, sizes);
    struct awss_schedule s;
    awss_schedule_init(&s);
    int rc = 0;
    fprintf(out, "AWSS scheduling CPU time, %u CTAs, cap %llu lines, TLP_max 120 (15 SMs x 8)\n", n,
            (unsigned long long)cap);
    for (uint32_t v = 0; v < sizeof variants / sizeof variants[0] && rc == 0; v++) {
        const struct variant *va = &variants[v];
        struct awss_problem p = { sizes, n, cap, 120, va->mode, va->is_static, 0.1, NULL };
        uint32_t k = 0;
        double t0 = now_s();
        rc = awss_schedule_run(&p, va->algo, &s, &k);
        double t = now_s() - t0;
        char msg[160] = "ok";
        int ok = va->algo == AWSS_ALGO_AGNOSTIC || awss_validate(&s, &p, msg, sizeof msg) == 0;
        fprintf(out, "  %-16s %8.4f s  %6u steps  k=%-4u %s\n", va->name, t, s.nsteps, k,
                ok ? "valid" : msg);
        if (!ok)
            rc = -2;
    }
    awss_schedule_free(&s);
    free(sizes);
    return rc;
}
