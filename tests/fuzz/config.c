/* Config text -> the config parser, then a GPU created from it (every
 * module's option reader, the size limits, the timing model's set-up). */
#include "fuzz.h"
#include "ccgpu.h"

static int fuzz_config(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256];
    if (text && cfg && ccgpu_config_load_string(cfg, text, "fuzz.cfg") == 0) {
        /* no files: a fuzzed trace option must not write into the tree */
        ccgpu_config_set(cfg, "ccgpu_trace_l1", "");
        ccgpu_config_set(cfg, "ccgpu_trace_l2", "");
        ccgpu_destroy(ccgpu_create(cfg, err, sizeof err));
    }
    ccgpu_config_free(cfg);
    free(text);
    return 0;
}
FUZZ_ENTRY(config)
