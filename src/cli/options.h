/* Options shared by the subcommands that create a GPU: --config F, -o k=v,
 * --size S, --input F, --seed N, --data DIR, --json F, --functional. */
#ifndef CCGPU_CLI_OPTIONS_H
#define CCGPU_CLI_OPTIONS_H
#include "bench.h"
#include "ccgpu.h"
#include <stdio.h>

struct cli_run_options {
    ccgpu_config *cfg;     /* --config files and -o overrides, in order */
    enum bench_size size;  /* --size (default small) */
    const char *input;     /* --input */
    const char *json_path; /* --json */
    const char *data_dir;  /* --data, else $CCGPU_DATA, else ../shared/data if present */
    uint64_t seed;         /* --seed */
    int functional;        /* --functional */
    int quiet;             /* --quiet: no statistics summary */
    int help;              /* --help or -h: the command prints its usage, exits 0 */
    int verbose;           /* --verbose: benchmark drivers' notes on stderr */
    const char *positional[64];
    int npositional;
};

/* An option as help prints it: value NULL for a flag. */
struct cli_option {
    const char *name, *value, *help;
};
/* The shared options above, ending with a NULL name. */
extern const struct cli_option cli_shared_options[];
void cli_print_options(FILE *out, const struct cli_option *opts);
/* The shared options' help, headed, as `ccgpu CMD --help` ends. */
void cli_shared_help(FILE *out);

/* Parses argv[1..]; on error prints one line to stderr and returns 2. */
int cli_parse_run_options(int argc, char **argv, struct cli_run_options *o);
void cli_run_options_free(struct cli_run_options *o);

/* Creates a GPU from o->cfg (plus ccgpu_mode=functional when --functional).
 * Prints the error and returns NULL on failure. */
ccgpu *cli_create_gpu(const struct cli_run_options *o);

/* Runs one benchmark on a fresh GPU; prints a one-line result; 0 = PASS.
 * With want_gpu, the GPU is returned (caller destroys) for statistics. */
int cli_run_bench(const struct cli_run_options *o, const struct bench_ops *b, ccgpu **want_gpu);

#endif
