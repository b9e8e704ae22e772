/* One sweep point's result file, DIR/points/NAME.json:
 *   { "format": "ccgpu-sweep-point 1", "version": ccgpu_version(),
 *     "bench", "size", "seed", "input" (""=default), "base": ["key=value", ...]
 *     (the base configuration: --config files, -o, --functional),
 *     "params": {"KEY": "VALUE", ...} (this point's overrides, in --param order),
 *     "status": "PASS"|"FAIL", "error": "" or one line, "seconds": wall time,
 *     "stats": the statistics JSON of ccgpu_stats_write_json, or null }
 * The identity fields decide whether a file found on resume is this point. */
#ifndef CCGPU_SWEEP_POINT_H
#define CCGPU_SWEEP_POINT_H
#include "ccgpu.h"
#include "sweep/json.h"
#include <stddef.h>

#define SWEEP_POINT_FORMAT "ccgpu-sweep-point 1"

struct sweep_point_id {
    const char *bench, *size, *input; /* input "" for the default */
    unsigned long long seed;
    const char *const *base; /* "key=value" */
    int nbase;
    const char *const *keys, *const *values;
    int nparams;
};

/* Writes the file atomically. gpu may be NULL (no statistics). */
int sweep_point_write(const char *path, const struct sweep_point_id *id, int pass,
                      const char *error, double seconds, const ccgpu *gpu, char *err,
                      size_t errlen);

enum sweep_point_state { SWEEP_POINT_MATCH, SWEEP_POINT_MISSING, SWEEP_POINT_STALE, SWEEP_POINT_BAD };
/* Reads a point file and checks it against id (id NULL: only checks the
 * format). MATCH gives the parsed file in *out (caller frees); STALE says in
 * err which field differs; BAD (malformed, truncated) says why. */
enum sweep_point_state sweep_point_read(const char *path, const struct sweep_point_id *id,
                                        struct json **out, char *err, size_t errlen);

/* Accessors on a parsed point file (valid ones only). */
int sweep_point_passed(const struct json *point);
const struct json *sweep_point_totals(const struct json *point); /* stats.total or NULL */

#endif
