#include "bench.h"
#include "util/embedded.h"
#include <stdarg.h>
#include <string.h>

#define BENCH(sym) extern const struct bench_ops sym;
#include "benchmarks.def"
#undef BENCH

const struct bench_ops *const bench_table[] = {
#define BENCH(sym) &sym,
#include "benchmarks.def"
#undef BENCH
    NULL,
};

const struct bench_ops *bench_find(const char *name)
{
    for (int i = 0; bench_table[i]; i++)
        if (strcmp(bench_table[i]->name, name) == 0)
            return bench_table[i];
    return NULL;
}

static const char *const size_names[BENCH_SIZE_COUNT] = { "small", "medium", "large" };

const char *bench_size_name(enum bench_size s)
{
    return (unsigned)s < BENCH_SIZE_COUNT ? size_names[s] : "?";
}

int bench_size_parse(const char *s, enum bench_size *out)
{
    for (int i = 0; i < BENCH_SIZE_COUNT; i++)
        if (strcmp(s, size_names[i]) == 0) {
            *out = (enum bench_size)i;
            return 0;
        }
    return -1;
}

int bench_fail(struct bench_ctx *ctx, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ctx->error, sizeof ctx->error, fmt, ap);
    va_end(ap);
    return -1;
}

ccgpu_module *bench_load_module(struct bench_ctx *ctx, const char *ptx_path)
{
    const char *text = embedded_find(ptx_path);
    if (!text) {
        bench_fail(ctx, "%s: not embedded in this build", ptx_path);
        return NULL;
    }
    ccgpu_module *m = ccgpu_module_load_string(ctx->gpu, text, ptx_path);
    if (!m) {
        bench_fail(ctx, "%s", ccgpu_error(ctx->gpu));
        return NULL;
    }
    /* the ptxas figures committed beside the PTX give the real register count */
    char regs_path[256];
    size_t n = strlen(ptx_path);
    if (n > 4 && n < sizeof regs_path - 2 && strcmp(ptx_path + n - 4, ".ptx") == 0) {
        memcpy(regs_path, ptx_path, n - 4);
        strcpy(regs_path + n - 4, ".regs");
        const char *info = embedded_find(regs_path);
        if (info && ccgpu_module_set_ptxas_info(ctx->gpu, m, info) != 0) {
            bench_fail(ctx, "%s", ccgpu_error(ctx->gpu));
            return NULL;
        }
    }
    return m;
}
