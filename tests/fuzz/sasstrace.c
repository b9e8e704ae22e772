/* Bytes as each input of the SASS trace reader (src/trace/): a command list
 * (kernelslist.g), an opcode table, and a kernel trace replayed on a
 * one-SM GPU with a short cycle cap (header, CTA blocks, instruction lines,
 * address encodings, the replay's barriers and memory instructions). */
#include "fuzz.h"
#include "ccgpu.h"
#include "trace/sass_opcodes.h"
#include "trace/trace_list.h"
#include "util/embedded.h"
#include <stdio.h>
#include <unistd.h>

static const char *fuzz_sass_table(void *ctx, const char *arch)
{
    (void)ctx;
    char path[64];
    snprintf(path, sizeof path, "configs/sass/%s.txt", arch);
    return embedded_find(path);
}

static void fuzz_sass_warn(void *ctx, const char *msg)
{
    (void)ctx;
    (void)msg;
}

static int fuzz_sasstrace(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    char err[512];
    if (!text)
        return 0;
    struct trace_list l;
    if (trace_list_parse(&l, text, "", "fuzz.g", err, sizeof err) == 0)
        trace_list_free(&l);
    struct sass_table t;
    if (sass_table_parse(&t, "fuzz", text, "fuzz.txt", err, sizeof err) == 0)
        sass_table_free(&t);
    free(text);
    char dir[] = "/tmp/ccgpu-fuzz-sass-XXXXXX";
    if (!mkdtemp(dir))
        return 0;
    char trace[64], list[64];
    snprintf(trace, sizeof trace, "%s/kernel-1.traceg", dir);
    snprintf(list, sizeof list, "%s/kernelslist.g", dir);
    FILE *f = fopen(trace, "wb"), *g = fopen(list, "w");
    if (f && g) {
        fwrite(data, 1, size, f);
        fputs("MemcpyHtoD,0x1000,4096\nkernel-1.traceg\n", g);
    }
    if (f)
        fclose(f);
    if (g)
        fclose(g);
    ccgpu_config *cfg = ccgpu_config_new();
    if (cfg) {
        ccgpu_config_set(cfg, "gpgpu_n_clusters", "1");
        ccgpu_config_set(cfg, "gpgpu_max_cycle", "20000");
        ccgpu_config_set(cfg, "ccgpu_max_warp_instructions", "100000");
        ccgpu *gpu = ccgpu_create(cfg, err, sizeof err);
        struct ccgpu_trace_options o = { NULL, fuzz_sass_table, fuzz_sass_warn, NULL };
        if (gpu)
            ccgpu_trace_run(gpu, list, &o);
        ccgpu_destroy(gpu);
        ccgpu_config_free(cfg);
    }
    unlink(trace);
    unlink(list);
    rmdir(dir);
    return 0;
}
FUZZ_ENTRY(sasstrace)
