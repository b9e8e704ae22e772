/* The points of one `ccgpu sweep` command and their files: the plan, each
 * point's file under DIR/points/, its identity (what a file must record to
 * be this point's, sweep_point.h) and its configuration (the base plus the
 * point's overrides). Shared by running a sweep, running one Slurm array
 * task's chunk of it, --status, --collect and --slurm. */
#ifndef CCGPU_SWEEP_SET_H
#define CCGPU_SWEEP_SET_H
#include "sweep/sweep_plan.h"
#include "sweep/sweep_point.h"
#include "sweep/sweep_run.h"
#include <stddef.h>

struct sweep_set {
    const struct sweep_opts *o;
    struct sweep_plan plan;
    char *points_dir; /* DIR/points */
    char **files;     /* point file paths, by point */
    char **base;      /* "key=value" of the base configuration */
    int nbase;
};

/* Fills the set (no file is touched); -1 with err (too many points, out of
 * memory). sweep_set_free also after a failure. */
int sweep_set_init(struct sweep_set *s, const struct sweep_opts *o, char *err, size_t errlen);
void sweep_set_free(struct sweep_set *s);

/* Point i's identity; keys and values hold SWEEP_MAX_PARAMS pointers. */
void sweep_set_id(const struct sweep_set *s, long i, struct sweep_point_id *id, const char **keys,
                  const char **values);
/* The base configuration plus point i's overrides; NULL with err. */
ccgpu_config *sweep_set_config(const struct sweep_set *s, long i, char *err, size_t errlen);
/* Reads point i's file and checks that it is this point's (sweep_point_read). */
enum sweep_point_state sweep_set_read(const struct sweep_set *s, long i, struct json **out,
                                      char *err, size_t errlen);
/* "BENCH KEY=VALUE KEY2=VALUE2" (just "BENCH" without --param). */
void sweep_set_describe(const struct sweep_set *s, long i, char *buf, size_t n);
/* A value the configuration rejects is a usage error, found before any point
 * runs rather than as every point failing: creates one GPU per parameter
 * assignment. -1 after printing "ccgpu sweep: LABEL: why" to stderr. */
int sweep_set_validate(const struct sweep_set *s);

/* "A/B", malloc'd (NULL when out of memory). */
char *sweep_path(const char *a, const char *b);
/* mkdir -p; -1 with errno. */
int sweep_make_dirs(const char *path);

#endif
