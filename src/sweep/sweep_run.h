/* `ccgpu sweep`: runs every point of a plan (benchmark × parameter values),
 * each on a fresh GPU whose configuration is the base plus the point's
 * overrides, in this process or in up to `jobs` forked workers; writes one
 * point file per point (sweep_point.h), resumes from the ones already there,
 * then writes DIR/results.csv and the requested plots. Two other modes: one
 * chunk of the points (a Slurm array task, sweep_slurm.h), and --collect
 * (results.csv and plots from the points there are, running none). */
#ifndef CCGPU_SWEEP_RUN_H
#define CCGPU_SWEEP_RUN_H
#include "bench.h"
#include "ccgpu.h"
#include "sweep/sweep_param.h"
#include <stdio.h>

#define SWEEP_DEFAULT_MAX_COLUMNS 512 /* statistics in results.csv without --stats */

enum sweep_mode {
    SWEEP_RUN,     /* run what is not done yet, then results.csv, --best, plots */
    SWEEP_TASK,    /* run chunk `task` only (points task*chunk ...); no results.csv */
    SWEEP_COLLECT, /* run nothing: results.csv, --best, plots from the points there are */
};

struct sweep_opts {
    enum sweep_mode mode;
    long chunk, task; /* SWEEP_TASK: points per chunk, the chunk (from 0) */
    const char *dir;
    const char **benches; /* names, checked by the caller */
    int nbenches;
    struct sweep_param *params;
    int nparams;
    const ccgpu_config *base; /* --config, -o and --functional applied */
    enum bench_size size;
    unsigned long long seed;
    const char *input;    /* NULL: the benchmark's default input */
    const char *data_dir; /* NULL: none */
    const char **stats;   /* results.csv columns; NULL: every statistic common to all points */
    int nstats;
    const char **plots; /* "Y" or "Y:X" */
    int nplots;
    const char **best; /* "STAT", "STAT:max" or "STAT:min": best first-param value */
    int nbest;
    int jobs;
    int rerun_failed; /* resume re-runs points recorded as FAIL */
    int verbose;      /* benchmark drivers' notes on stderr */
};

/* The process exit status: 0 every point passed, 1 a point failed (or an
 * I/O error), 2 a usage error found along the way (unknown statistic, a
 * parameter value the configuration rejects, DIR in use). SWEEP_TASK: 0 once
 * every point of the chunk has its file, PASS or FAIL. SWEEP_COLLECT: 1 also
 * when a point is missing. */
int sweep_run(const struct sweep_opts *o);

#endif
