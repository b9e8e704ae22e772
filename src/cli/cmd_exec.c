/* ccgpu exec [--config F]... [-o key=value]... [--functional] [--json F]
 * [--quiet] [--stats summary|total|all|none] [--keep-going] -- PROGRAM
 * [ARGS...]: runs an unmodified CUDA program (built by nvcc with -cudart
 * shared --no-compress) on the simulator, through the CUDA runtime
 * build/lib/libcudart.so.13 beside this command. It checks the
 * configuration by creating the GPU once and refuses a program the runtime
 * cannot stand in for (exec_inspect.h), then passes everything to the
 * runtime in the environment (CCGPU_CONFIG, CCGPU_OPTIONS, CCGPU_FUNCTIONAL,
 * CCGPU_JSON, CCGPU_QUIET, CCGPU_STATS, CCGPU_KEEP_GOING), puts the library
 * first on LD_LIBRARY_PATH and replaces itself with the program. A kernel
 * launch the runtime rejects or that fails makes the program's exit status
 * 1 unless --keep-going is given. */
#include "cli/cli.h"
#include "ccgpu.h"
#include "cli/exec_inspect.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int usage(FILE *out)
{
    fprintf(out, "usage: ccgpu exec [--config F]... [-o key=value]... [--functional] "
                    "[--json F] [--quiet] [--stats summary|total|all|none] [--keep-going] -- "
                    "PROGRAM [ARGS...]\n");
    return 2;
}

/* Appends s to a growing string joined by sep; -1 when out of memory. */
static int append(char **acc, const char *s, char sep)
{
    size_t old = *acc ? strlen(*acc) : 0, add = strlen(s);
    char *n = realloc(*acc, old + add + 2);
    if (!n)
        return -1;
    if (old)
        n[old++] = sep;
    memcpy(n + old, s, add + 1);
    *acc = n;
    return 0;
}

/* DIR/lib of the running ccgpu binary, where make puts libcudart.so.13. */
static int lib_dir(char *out, size_t len)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return -1;
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (!slash)
        return -1;
    *slash = 0;
    if ((size_t)snprintf(out, len, "%s/lib", exe) >= len)
        return -1;
    return 0;
}

int cmd_exec(int argc, char **argv)
{
    char *configs = NULL, *options = NULL;
    const char *json = NULL, *stats = NULL;
    int functional = 0, quiet = 0, keep_going = 0, i, rc = 0;
    ccgpu_config *cfg = ccgpu_config_new();
    if (!cfg) {
        fprintf(stderr, "ccgpu exec: out of memory\n");
        return 1;
    }
    for (i = 1; i < argc && rc == 0; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--")) {
            i++;
            break;
        } else if (!strcmp(a, "--functional")) {
            functional = 1;
        } else if (!strcmp(a, "--quiet")) {
            quiet = 1;
        } else if (!strcmp(a, "--keep-going")) {
            keep_going = 1;
        } else if (!strcmp(a, "--config") || !strcmp(a, "-o") || !strcmp(a, "--json") ||
                   !strcmp(a, "--stats")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "ccgpu exec: option %s needs a value\n", a);
                rc = 2;
                break;
            }
            const char *v = argv[++i];
            if (!strcmp(a, "--json")) {
                json = v;
            } else if (!strcmp(a, "--stats")) {
                stats = v;
                if (strcmp(v, "summary") && strcmp(v, "total") && strcmp(v, "all") &&
                    strcmp(v, "none")) {
                    fprintf(stderr, "ccgpu exec: --stats %s: summary, total, all or none\n", v);
                    rc = 2;
                }
            } else if (!strcmp(a, "--config")) {
                if (strchr(v, ':')) {
                    fprintf(stderr, "ccgpu exec: --config %s: a path with ':' cannot be passed on\n", v);
                    rc = 2;
                } else if (ccgpu_config_load(cfg, v) || append(&configs, v, ':')) {
                    fprintf(stderr, "ccgpu exec: %s\n", ccgpu_config_error(cfg));
                    rc = 2;
                }
            } else if (strchr(v, '\n') || ccgpu_config_override(cfg, v) ||
                       append(&options, v, '\n')) {
                fprintf(stderr, "ccgpu exec: -o %s: %s\n", v, ccgpu_config_error(cfg));
                rc = 2;
            }
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            rc = -1;
        } else if (a[0] == '-') {
            fprintf(stderr, "ccgpu exec: unknown option %s\n", a);
            rc = usage(stderr);
        } else {
            break; /* the program, without a "--" */
        }
    }
    if (rc == 0 && i >= argc)
        rc = usage(stderr);
    char lib[PATH_MAX + 8], file[PATH_MAX + 32];
    if (rc == 0) {
        if (lib_dir(lib, sizeof lib) ||
            (size_t)snprintf(file, sizeof file, "%s/libcudart.so.13", lib) >= sizeof file ||
            access(file, R_OK) != 0) {
            fprintf(stderr, "ccgpu exec: the CUDA runtime libcudart.so.13 is not beside this "
                            "ccgpu (in %s): run make\n", lib);
            rc = 1;
        }
    }
    if (rc == 0) {
        /* a bad configuration is reported here, once, not by the program */
        char err[512];
        if (functional)
            ccgpu_config_set(cfg, "ccgpu_mode", "functional");
        ccgpu *gpu = ccgpu_create(cfg, err, sizeof err);
        if (!gpu) {
            fprintf(stderr, "ccgpu exec: %s\n", err);
            rc = 1;
        }
        ccgpu_destroy(gpu);
    }
    ccgpu_config_free(cfg);
    char why[PATH_MAX + 512];
    if (rc == 0 && exec_inspect(argv[i], why, sizeof why)) {
        fprintf(stderr, "ccgpu exec: %s\n", why);
        rc = 1;
    }
    if (rc == 0) {
        const char *old = getenv("LD_LIBRARY_PATH");
        char *path = NULL;
        if (append(&path, lib, ':') || (old && *old && append(&path, old, ':')) ||
            setenv("LD_LIBRARY_PATH", path, 1) ||
            (configs && setenv("CCGPU_CONFIG", configs, 1)) ||
            (options && setenv("CCGPU_OPTIONS", options, 1)) ||
            (functional && setenv("CCGPU_FUNCTIONAL", "1", 1)) ||
            (json && setenv("CCGPU_JSON", json, 1)) || (quiet && setenv("CCGPU_QUIET", "1", 1)) ||
            (stats && setenv("CCGPU_STATS", stats, 1)) ||
            (keep_going && setenv("CCGPU_KEEP_GOING", "1", 1))) {
            fprintf(stderr, "ccgpu exec: out of memory\n");
            rc = 1;
        }
        free(path);
    }
    free(configs);
    free(options);
    if (rc != 0)
        return rc < 0 ? 0 : rc;
    execvp(argv[i], argv + i);
    fprintf(stderr, "ccgpu exec: cannot run %s: %s\n", argv[i], strerror(errno));
    return 127;
}
