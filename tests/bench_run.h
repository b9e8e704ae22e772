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

#endif
