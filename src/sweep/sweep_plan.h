/* The points of a sweep: benchmarks × the cross product of the parameters'
 * values. Point order is fixed: benchmark outermost, then the first --param,
 * ..., the last --param innermost (like an odometer), so point i is the same
 * point in every run of the same command. */
#ifndef CCGPU_SWEEP_PLAN_H
#define CCGPU_SWEEP_PLAN_H
#include "sweep/sweep_param.h"
#include <stddef.h>

#define SWEEP_MAX_POINTS 1000000L
#define SWEEP_MAX_PARAMS 16

struct sweep_plan {
    const char **benches; /* names, not owned */
    int nbenches;
    struct sweep_param *params; /* not owned */
    int nparams;
    long npoints;
};

/* Fills npoints; -1 with err when there are too many points. */
int sweep_plan_init(struct sweep_plan *pl, const char **benches, int nbenches,
                    struct sweep_param *params, int nparams, char *err, size_t errlen);
/* Point i -> benchmark index and one value index per parameter. */
void sweep_plan_point(const struct sweep_plan *pl, long i, int *bench, int *vidx);
/* File name of point i, "BENCH__KEY=VALUE__KEY2=VALUE2.json" (see the .c for
 * the encoding; long names become "BENCH__h<hash>.json"). */
void sweep_plan_filename(const struct sweep_plan *pl, long i, char *buf, size_t n);
/* "KEY=VALUE KEY2=VALUE2" for progress lines. */
void sweep_plan_label(const struct sweep_plan *pl, long i, char *buf, size_t n);

#endif
