/* Test helper: a GPU from a configuration and a module of embedded PTX. */
#ifndef CCGPU_TESTS_GPU_SETUP_H
#define CCGPU_TESTS_GPU_SETUP_H
#include "ccgpu.h"
#include "util/embedded.h"
#include <stdio.h>

/* Creates a GPU from cfg (freed here) and loads the embedded ptx_file into
 * *mod; NULL, with the reason printed, when either fails. */
static inline ccgpu *test_gpu_with_ptx(ccgpu_config *cfg, const char *ptx_file, ccgpu_module **mod)
{
    char err[256];
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    if (!g) {
        printf("ccgpu_create: %s\n", err);
        return NULL;
    }
    const char *text = embedded_find(ptx_file);
    *mod = text ? ccgpu_module_load_string(g, text, ptx_file) : NULL;
    if (!*mod) {
        printf("load %s: %s\n", ptx_file, text ? ccgpu_error(g) : "not embedded");
        ccgpu_destroy(g);
        return NULL;
    }
    return g;
}

#endif
