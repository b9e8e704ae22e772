/* Locating --input files: as given, else inside the shared data folder. */
#include "common/inputs.h"
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int inputs_resolve(struct bench_ctx *ctx, const char *name, char *out, size_t cap)
{
    if (is_file(name) && strlen(name) < cap) {
        strcpy(out, name);
        return 0;
    }
    if (ctx->data_dir && name[0] != '/') {
        int n = snprintf(out, cap, "%s/%s", ctx->data_dir, name);
        if (n > 0 && (size_t)n < cap && is_file(out))
            return 0;
        return bench_fail(ctx, "%s: no such input file (also looked in %s)", name, ctx->data_dir);
    }
    return bench_fail(ctx, "%s: no such input file", name);
}

int inputs_has_suffix(const char *path, const char *suffix)
{
    size_t n = strlen(path), k = strlen(suffix);
    return n >= k && strcmp(path + n - k, suffix) == 0;
}
