/* ccgpu config [--config F]... [-o key=value]... [--all] [--plain]:
 * creates the GPU the options describe (so every module reads its options,
 * and bad values fail here as they would in a run) and prints the effective
 * configuration as a config file that loads back to the same configuration. */
#include "cli/cli.h"
#include "gpu/config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(FILE *out)
{
    fprintf(out, "usage: ccgpu config [--config F]... [-o key=value]... [--all] [--plain]\n"
                    "  --all    include the options left at their defaults\n"
                    "  --plain  no comments (no origins): for diffing configurations\n");
    return 2;
}

int cmd_config(int argc, char **argv)
{
    int flags = 0, rc = 0;
    ccgpu_config *cfg = ccgpu_config_new();
    if (!cfg) {
        fprintf(stderr, "ccgpu config: out of memory\n");
        return 1;
    }
    for (int i = 1; i < argc && rc == 0; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--all")) {
            flags |= CONFIG_DUMP_ALL;
        } else if (!strcmp(a, "--plain")) {
            flags |= CONFIG_DUMP_PLAIN;
        } else if (!strcmp(a, "--config") || !strcmp(a, "-o")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "ccgpu config: option %s needs a value\n", a);
                rc = 2;
            } else if ((a[1] == 'o' ? ccgpu_config_override(cfg, argv[i + 1])
                                    : ccgpu_config_load(cfg, argv[i + 1])) != 0) {
                fprintf(stderr, "ccgpu config: %s\n", ccgpu_config_error(cfg));
                rc = 2;
            }
            i++;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            ccgpu_config_free(cfg);
            return 0;
        } else {
            fprintf(stderr, "ccgpu config: unexpected argument %s\n", a);
            rc = usage(stderr);
        }
    }
    if (rc == 0) {
        char err[512];
        /* checked with the trace outputs off: config runs nothing, so it
         * must not create (or truncate) the trace files those options name */
        static const char *const outputs[] = { "ccgpu_trace_l1", "ccgpu_trace_l2" };
        char *saved[2] = { NULL, NULL };
        for (int k = 0; k < 2; k++) {
            char *none = strdup("");
            if (none && !(saved[k] = config_swap_value(cfg, outputs[k], none)))
                free(none);
        }
        ccgpu *gpu = ccgpu_create(cfg, err, sizeof err);
        for (int k = 0; k < 2; k++)
            if (saved[k])
                free(config_swap_value(cfg, outputs[k], saved[k]));
        if (!gpu) {
            fprintf(stderr, "ccgpu config: %s\n", err);
            rc = 1;
        } else {
            if (ccgpu_warnings(gpu)[0])
                fprintf(stderr, "ccgpu config: warning: %s\n", ccgpu_warnings(gpu));
            ccgpu_destroy(gpu);
            if (config_dump(cfg, stdout, flags, err, sizeof err) != 0 ||
                (fflush(stdout) != 0 && snprintf(err, sizeof err, "write failed") > 0)) {
                fprintf(stderr, "ccgpu config: %s\n", err);
                rc = 1;
            }
        }
    }
    ccgpu_config_free(cfg);
    return rc;
}
