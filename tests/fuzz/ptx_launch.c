/* PTX text -> load, then launch every kernel on the functional engine with
 * small grids, zeroed 4 KB buffers as pointer arguments and an instruction
 * cap, so infinite loops end as errors. */
#include "fuzz.h"
#include "ccgpu.h"
#include "ptx/ir.h"
#include "ptx/ptx.h"

static int fuzz_ptx_launch(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    char err[256];
    struct ptx_module *pm = text ? ptx_parse(text, "fuzz.ptx", err, sizeof err) : NULL;
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu *g = NULL;
    if (pm && pm->global_bytes + pm->const_bytes <= FUZZ_MAX_VARIABLE_BYTES && cfg &&
        ccgpu_config_load_string(cfg, "ccgpu_mode functional\n"
                                                   "gpgpu_n_clusters 2\n"
                                                   "ccgpu_max_warp_instructions 20000\n",
                                              "fuzz") == 0)
        g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_module *m = g ? ccgpu_module_load_string(g, text, "fuzz.ptx") : NULL;
    for (uint32_t i = 0; m && i < pm->nfuncs && i < 4; i++) {
        const struct ptx_function *f = &pm->funcs[i];
        if (!f->is_entry || f->nparams > 16)
            continue;
        uint64_t vals[16];
        void *args[16];
        for (uint32_t p = 0; p < f->nparams; p++) {
            ccgpu_devptr d = 0;
            ccgpu_malloc(g, &d, 4096);
            ccgpu_memset(g, d, 0, 4096);
            vals[p] = d;
            args[p] = &vals[p];
        }
        struct ccgpu_dim3 grid = { 2, 1, 1 }, block = { 64, 1, 1 };
        ccgpu_launch(g, m, f->name, grid, block, 0, args, (int)f->nparams);
    }
    ccgpu_destroy(g);
    ccgpu_config_free(cfg);
    ptx_module_free(pm);
    free(text);
    return 0;
}
FUZZ_ENTRY(ptx_launch)
