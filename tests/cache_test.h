/* Helper shared by the cache tests (401, 412_perf_sim_memcpy): a cache
 * built from a GPGPU-Sim cache string. */
#ifndef CCGPU_TESTS_CACHE_TEST_H
#define CCGPU_TESTS_CACHE_TEST_H
#include "check.h"
#include "mem/cache.h"
#include <stdio.h>

/* 0, or -1 with the setup error printed and counted as a failed check. */
static inline int cache_test_make(struct cache *c, const char *spec)
{
    struct cache_config cfg;
    char err[256];
    if (cache_config_parse(&cfg, spec, err, sizeof err) || cache_init(c, &cfg, err, sizeof err)) {
        printf("  setup '%s': %s\n", spec, err);
        CHECK(!"cache setup failed");
        return -1;
    }
    return 0;
}

#endif
