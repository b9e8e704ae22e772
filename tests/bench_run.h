/* One timing run of a suite benchmark for tests that compare statistics:
 * `name` at small size (seed 12345) on the config file cfg_file, then the
 * config text base and overrides (either may be NULL). Returns the GPU (the
 * caller reads statistics and destroys it), or NULL with a line printed when
 * the configuration or the GPU fails. *rc gets the benchmark's result (-1
 * when nothing ran), *json and *len its statistics JSON (free it). */
#ifndef CCGPU_TESTS_BENCH_RUN_H
#define CCGPU_TESTS_BENCH_RUN_H
#include "bench.h"
#include "ccgpu.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ccgpu *bench_run_timing(const char *name, const char *cfg_file, const char *base,
                               const char *overrides, int *rc, char **json, size_t *len)
{
    *rc = -1;
    const struct bench_ops *b = bench_find(name);
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256] = "";
    if (!b || !cfg || ccgpu_config_load(cfg, cfg_file) ||
        (base && ccgpu_config_load_string(cfg, base, "test")) ||
        (overrides && ccgpu_config_load_string(cfg, overrides, "test"))) {
        printf("  %s: config: %s\n", name, cfg ? ccgpu_config_error(cfg) : "oom");
        ccgpu_config_free(cfg);
        return NULL;
    }
    struct bench_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.gpu = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    if (!ctx.gpu) {
        printf("  %s: %s\n", name, err);
        return NULL;
    }
    ctx.size = BENCH_SMALL;
    ctx.seed = 12345;
    *rc = b->run(&ctx);
    if (*rc)
        printf("  %s: %s\n", name, ctx.error);
    FILE *f = open_memstream(json, len);
    if (f) {
        ccgpu_stats_write_json(ctx.gpu, f);
        fclose(f);
    }
    return ctx.gpu;
}

/* The statistics JSON (free it) of name's timing run on configs/ccws.cfg
 * with overrides (may be NULL); *rc as bench_run_timing. */
static inline char *bench_run_json(const char *name, const char *overrides, int *rc)
{
    char *json = NULL;
    size_t len = 0;
    ccgpu *g = bench_run_timing(name, "configs/ccws.cfg", "ccgpu_mode timing\n", overrides, rc,
                                &json, &len);
    ccgpu_destroy(g);
    return json;
}

/* name with overrides, and again with the shortcuts off (ccgpu_fast_paths 0,
 * ccgpu_skip_idle 0): 1 when the two runs' statistics are the same, 0 when
 * they differ, -1 when a run failed. *json, when json is not NULL, gets the
 * first run's statistics (free it). */
static inline int bench_same_without_shortcuts(const char *name, const char *overrides, char **json)
{
    char slow[1024];
    int rc0, rc1;
    snprintf(slow, sizeof slow, "%sccgpu_fast_paths 0\nccgpu_skip_idle 0\n", overrides);
    char *a = bench_run_json(name, overrides, &rc0), *b = bench_run_json(name, slow, &rc1);
    int same = rc0 || rc1 || !a || !b ? -1 : strcmp(a, b) == 0;
    free(b);
    if (json)
        *json = a;
    else
        free(a);
    return same;
}

#endif
