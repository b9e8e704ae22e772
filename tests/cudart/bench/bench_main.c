/* main() of a benchmark built as a real CUDA program:
 *     PROGRAM [--size small|medium|large] [--seed N] [BENCH]
 * runs the driver of bench/BENCH/ (its generated input, its launches, its CPU
 * check) exactly as `ccgpu run BENCH` does, over the CUDA runtime
 * (ccgpu_on_cudart.c), and prints "PASS BENCH" or "FAIL BENCH: why" (exit
 * status 0 or 1). Without BENCH, every benchmark this program was linked
 * with runs in turn. */
#include "bench.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
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

const struct bench_ops *bench_find(const char *name)
{
    for (int i = 0; bench_table[i]; i++)
        if (strcmp(bench_table[i]->name, name) == 0)
            return bench_table[i];
    return NULL;
}

int bench_fail(struct bench_ctx *ctx, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ctx->error, sizeof ctx->error, fmt, ap);
    va_end(ap);
    return -1;
}

/* The kernels are this program's own (its fatbinary); the module is a token. */
ccgpu_module *bench_load_module(struct bench_ctx *ctx, const char *ptx_path)
{
    ccgpu_module *m = ccgpu_module_load_string(ctx->gpu, "", ptx_path);
    if (!m)
        bench_fail(ctx, "%s", ccgpu_error(ctx->gpu));
    return m;
}

static int run_one(const struct bench_ops *b, enum bench_size size, uint64_t seed)
{
    /* the same context `ccgpu run` gives a driver (src/cli/options.c: seed 12345) */
    struct bench_ctx ctx = { .gpu = NULL, .size = size, .seed = seed };
    int rc = b->run(&ctx);
    if (rc == 0)
        printf("PASS %s\n", b->name);
    else
        printf("FAIL %s: %s\n", b->name, ctx.error);
    fflush(stdout);
    return rc == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    enum bench_size size = BENCH_SMALL;
    uint64_t seed = 12345;
    const char *name = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--size") && i + 1 < argc) {
            if (bench_size_parse(argv[++i], &size)) {
                fprintf(stderr, "%s: --size %s: small, medium or large\n", argv[0], argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            seed = strtoull(argv[++i], NULL, 0);
        } else if (argv[i][0] != '-' && !name) {
            name = argv[i];
        } else {
            fprintf(stderr, "usage: %s [--size small|medium|large] [--seed N] [BENCH]\n", argv[0]);
            return 2;
        }
    }
    if (name) {
        const struct bench_ops *b = bench_find(name);
        if (!b) {
            fprintf(stderr, "%s: unknown benchmark '%s'\n", argv[0], name);
            return 2;
        }
        return run_one(b, size, seed);
    }
    int bad = 0;
    for (int i = 0; bench_table[i]; i++)
        bad |= run_one(bench_table[i], size, seed);
    return bad;
}
