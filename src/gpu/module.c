/* The host API's modules: PTX loaded from text or files, ptxas -v figures,
 * global symbols. */
#include "gpu/gpu_internal.h"
#include "util/text_input.h"
#include "ptx/engine.h"
#include <stdlib.h>
#include <string.h>

/* ---- modules ---- */

ccgpu_module *ccgpu_module_load_string(ccgpu *gpu, const char *ptx, const char *name)
{
    char err[512];
    struct ccgpu_module *m = calloc(1, sizeof *m);
    if (!m) {
        gpu_fail(gpu, "%s: out of memory", name);
        return NULL;
    }
    m->mod = ptx_parse(ptx, name ? name : "<string>", err, sizeof err);
    if (!m->mod) {
        gpu_fail_code(gpu, strstr(err, "out of memory") ? CCGPU_ERROR_OUT_OF_MEMORY : CCGPU_ERROR_INVALID_PTX,
                  "%s", err);
        free(m);
        return NULL;
    }
    m->prog = ptx_program_load(&gpu->mem, m->mod, err, sizeof err);
    if (!m->prog) {
        gpu_fail_code(gpu, strstr(err, "out of memory") ? CCGPU_ERROR_OUT_OF_MEMORY : CCGPU_ERROR_INVALID_PTX,
                  "%s", err);
        ptx_module_free(m->mod);
        free(m);
        return NULL;
    }
    m->next = gpu->modules;
    gpu->modules = m;
    return m;
}

int ccgpu_module_set_ptxas_info(ccgpu *gpu, ccgpu_module *mod, const char *ptxas_output)
{
    struct ptxas_kernel_info *k = calloc(MAX_PTXAS_KERNELS, sizeof *k);
    char err[256];
    if (!k)
        return gpu_fail(gpu, "ptxas info: out of memory");
    int n = ptxas_info_parse(ptxas_output, k, MAX_PTXAS_KERNELS, err, sizeof err);
    if (n < 0) {
        free(k);
        return gpu_fail_code(gpu, CCGPU_ERROR_INVALID_PTX, "%s: %s",
                         mod->mod->name ? mod->mod->name : "module", err);
    }
    if (n == 0) { /* an empty or unrelated file would silently mean "estimate" */
        free(k);
        return gpu_fail_code(gpu, CCGPU_ERROR_INVALID_PTX,
                         "%s: ptxas info has no kernel figures (expected ptxas -v output: "
                         "\"Compiling entry function\" and \"Used N registers\" lines)",
                         mod->mod->name ? mod->mod->name : "module");
    }
    for (int i = 0; i < n; i++) {
        int f = ptx_find_function_index(mod->mod, k[i].name);
        if (f < 0 || !mod->mod->funcs[f].is_entry) {
            int r = gpu_fail_code(gpu, CCGPU_ERROR_INVALID_PTX, "%s: ptxas figures name kernel '%s', which the module lacks "
                              "(stale .regs file?)",
                         mod->mod->name ? mod->mod->name : "module", k[i].name);
            free(k);
            return r;
        }
    }
    free(mod->ptxas);
    mod->ptxas = k;
    mod->nptxas = n;
    return 0;
}

/* Whole file as a NUL-terminated string, or NULL with a message. */
static char *read_file(const char *path, const char *what, char *err, size_t errlen)
{
    return text_input_read(path, what, TEXT_INPUT_TEXT, NULL, err, errlen);
}

ccgpu_module *ccgpu_module_load_file(ccgpu *gpu, const char *path)
{
    char err[400];
    char *text = read_file(path, "PTX file", err, sizeof err);
    if (!text) {
        gpu_fail_code(gpu, CCGPU_ERROR_IO, "%s", err);
        return NULL;
    }
    ccgpu_module *m = ccgpu_module_load_string(gpu, text, path);
    free(text);
    if (!m)
        return NULL;
    /* ptxas -v figures beside the PTX: NAME.ptx -> NAME.regs */
    size_t n = strlen(path);
    if (n > 4 && strcmp(path + n - 4, ".ptx") == 0) {
        char *regs = malloc(n + 2);
        if (regs) {
            memcpy(regs, path, n - 4);
            memcpy(regs + n - 4, ".regs", 6);
            char *info = read_file(regs, "register file", err, sizeof err);
            int bad = info && ccgpu_module_set_ptxas_info(gpu, m, info);
            free(info);
            free(regs);
            if (bad)
                return NULL; /* the module stays owned by the GPU */
        }
    }
    return m;
}

int ccgpu_module_symbol(ccgpu *gpu, ccgpu_module *mod, const char *name, ccgpu_devptr *addr,
                        size_t *size)
{
    uint64_t a, s;
    if (ptx_program_symbol(mod->prog, name, &a, &s))
        return gpu_fail(gpu, "%s: no .global or .const variable named '%s'",
                    mod->mod->name ? mod->mod->name : "module", name);
    if (addr)
        *addr = a;
    if (size)
        *size = (size_t)s;
    return 0;
}
