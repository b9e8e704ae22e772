/* Test helper: a GPU from a configuration and a module of embedded PTX. */
#ifndef CCGPU_TESTS_GPU_SETUP_H
#define CCGPU_TESTS_GPU_SETUP_H
#include "ccgpu.h"
#include "util/embedded.h"
#include <stdio.h>

/* Creates a GPU from cfg (freed here) and loads the PTX text as module
 * `name` into *mod; NULL, with the reason printed, when either fails. */
static inline ccgpu *test_gpu_with_ptx_text(ccgpu_config *cfg, const char *text, const char *name,
                                            ccgpu_module **mod)
{
    char err[256];
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    if (!g) {
        printf("ccgpu_create: %s\n", err);
        return NULL;
    }
    *mod = text ? ccgpu_module_load_string(g, text, name) : NULL;
    if (!*mod) {
        printf("load %s: %s\n", name, text ? ccgpu_error(g) : "not embedded");
        ccgpu_destroy(g);
        return NULL;
    }
    return g;
}

/* Creates a GPU from cfg (freed here) and loads the embedded ptx_file into
 * *mod; NULL, with the reason printed, when either fails. */
static inline ccgpu *test_gpu_with_ptx(ccgpu_config *cfg, const char *ptx_file, ccgpu_module **mod)
{
    return test_gpu_with_ptx_text(cfg, embedded_find(ptx_file), ptx_file, mod);
}

/* GPGPU-Sim's SM2_GTX480 file (the test fixture) in timing mode, with the
 * configuration lines `lines` on top. */
static inline ccgpu_config *test_gtx480_config(const char *lines)
{
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu_config_load(cfg,
                      "tests/fixtures/gpgpusim-configs/accel-sim-tested-SM2_GTX480/gpgpusim.config");
    ccgpu_config_load_string(cfg, "ccgpu_mode timing\n", "test");
    ccgpu_config_load_string(cfg, lines, "test");
    return cfg;
}

#endif
