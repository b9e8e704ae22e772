/* PTX text -> parser, decoder, shared layout, reconvergence, then the
 * engine's program loader (what ccgpu_module_load_string runs, without the
 * cost of creating a GPU per input) and the register estimate. */
#include "fuzz.h"
#include "ptx/devmem.h"
#include "ptx/engine.h"
#include "ptx/ir.h"
#include "ptx/ptx.h"

static int fuzz_ptx_parse(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    char err[256];
    struct ptx_module *m = text ? ptx_parse(text, "fuzz.ptx", err, sizeof err) : NULL;
    if (m && m->global_bytes + m->const_bytes <= FUZZ_MAX_VARIABLE_BYTES) {
        struct devmem mem;
        devmem_init(&mem);
        struct ptx_program *p = ptx_program_load(&mem, m, err, sizeof err);
        if (p)
            for (uint32_t i = 0; i < m->nfuncs; i++)
                if (m->funcs[i].is_entry)
                    ptx_estimate_registers(m, &m->funcs[i]);
        ptx_program_free(p);
        devmem_free_all(&mem);
    }
    ptx_module_free(m);
    free(text);
    return 0;
}
FUZZ_ENTRY(ptx_parse)
