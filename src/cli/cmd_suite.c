/* ccgpu suite [--class C] [options]: runs every benchmark (or one class) and
 * prints one line each: PASS/FAIL, kernels, warp and thread instructions. */
#include "cli/cli.h"
#include "cli/options.h"
#include <stdio.h>
#include <string.h>

int cmd_suite(int argc, char **argv)
{
    /* --class is ours; pass the rest to the shared parser */
    const char *klass = NULL;
    char *rest[256];
    int nrest = 0;
    for (int i = 0; i < argc && nrest < 256; i++) {
        if (i > 0 && !strcmp(argv[i], "--class") && i + 1 < argc)
            klass = argv[++i];
        else
            rest[nrest++] = argv[i];
    }
    struct cli_run_options o;
    int rc = cli_parse_run_options(nrest, rest, &o);
    if (rc != 0) {
        cli_run_options_free(&o);
        return rc;
    }
    if (o.npositional != 0 || o.help) {
        fprintf(o.help ? stdout : stderr,
                "usage: ccgpu suite [--class CLASS] [--functional] [--size S] [--config F] [-o k=v]\n");
        if (o.help)
            cli_shared_help(stdout);
        cli_run_options_free(&o);
        return o.help ? 0 : 2;
    }
    int ran = 0, failed = 0;
    for (int i = 0; bench_table[i]; i++) {
        if (klass && strcmp(bench_table[i]->klass, klass) != 0)
            continue;
        ran++;
        int r = cli_run_bench(&o, bench_table[i], NULL);
        if (r == -2) { /* the GPU could not be created: same for every benchmark */
            cli_run_options_free(&o);
            return 2;
        }
        if (r != 0)
            failed++;
    }
    cli_run_options_free(&o);
    if (ran == 0) {
        fprintf(stderr, "ccgpu suite: no benchmark of class '%s'\n", klass ? klass : "");
        return 2;
    }
    printf("%d benchmarks, %d passed, %d failed\n", ran, ran - failed, failed);
    return failed ? 1 : 0;
}
