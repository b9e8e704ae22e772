#include "cli/options.h"
#include "cli/cta_profile.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int is_dir(const char *p)
{
    struct stat st;
    return p && stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static const char *value_of(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        fprintf(stderr, "ccgpu %s: option %s needs a value\n", argv[0], argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

/* The options cli_parse_run_options takes: it accepts no other, takes a
 * value exactly for those with one here, and `ccgpu CMD --help` prints this
 * table, so the help and the parser cannot disagree. */
const struct cli_option cli_shared_options[] = {
    { "--config", "FILE", "load a configuration file (key value lines, GPGPU-Sim's names); "
                          "repeatable, loaded in order" },
    { "-o", "KEY=VALUE", "set one configuration option, after the files" },
    { "--size", "small|medium|large", "the benchmark's input size (default small)" },
    { "--input", "FILE", "the benchmark's input from FILE" },
    { "--data", "DIR", "real input data (default $CCGPU_DATA, else ../shared/data)" },
    { "--seed", "N", "seed of generated inputs (default 12345)" },
    { "--json", "FILE", "write every statistic of every launch to FILE as JSON" },
    { "--threads", "N", "simulate on N threads (ccgpu_sim_threads N; with ccgpu_sim_lookahead > 0, "
                        "docs/parallel.md)" },
    { "--functional", NULL, "the functional engine only, no timing model" },
    { "--quiet", NULL, "nothing after each run's result line" },
    { "--verbose", NULL, "the benchmark drivers' notes on stderr" },
    { "--help", NULL, "this help (also -h)" },
    { NULL, NULL, NULL },
};

void cli_print_options(FILE *out, const struct cli_option *opts)
{
    for (const struct cli_option *p = opts; p->name; p++) {
        char head[64];
        snprintf(head, sizeof head, "%s%s%s", p->name, p->value ? " " : "", p->value ? p->value : "");
        fprintf(out, "  %-32s %s\n", head, p->help);
    }
}

void cli_shared_help(FILE *out)
{
    fprintf(out, "options of the commands that run kernels:\n");
    cli_print_options(out, cli_shared_options);
}

static const struct cli_option *shared_option(const char *arg)
{
    if (!strcmp(arg, "-h"))
        arg = "--help";
    for (const struct cli_option *p = cli_shared_options; p->name; p++)
        if (!strcmp(arg, p->name))
            return p;
    return NULL;
}

int cli_parse_run_options(int argc, char **argv, struct cli_run_options *o)
{
    memset(o, 0, sizeof *o);
    o->size = BENCH_SMALL;
    o->seed = 12345;
    o->cfg = ccgpu_config_new();
    if (!o->cfg) {
        fprintf(stderr, "ccgpu: out of memory\n");
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        const struct cli_option *opt = shared_option(a);
        if (!opt && a[0] == '-' && a[1]) {
            fprintf(stderr, "ccgpu %s: unknown option %s\n", argv[0], a);
            return 2;
        }
        if (opt && opt->value && !(v = value_of(argc, argv, &i)))
            return 2;
        if (!opt) {
            if (o->npositional == (int)(sizeof o->positional / sizeof o->positional[0])) {
                fprintf(stderr, "ccgpu %s: too many arguments\n", argv[0]);
                return 2;
            }
            o->positional[o->npositional++] = a;
        } else if (!strcmp(opt->name, "--config")) {
            if (ccgpu_config_load(o->cfg, v) != 0) {
                fprintf(stderr, "ccgpu: %s\n", ccgpu_config_error(o->cfg));
                return 2;
            }
        } else if (!strcmp(opt->name, "-o")) {
            if (ccgpu_config_override(o->cfg, v) != 0) {
                fprintf(stderr, "ccgpu: %s\n", ccgpu_config_error(o->cfg));
                return 2;
            }
        } else if (!strcmp(opt->name, "--size")) {
            if (bench_size_parse(v, &o->size) != 0) {
                fprintf(stderr, "ccgpu %s: --size %s: expected small, medium or large\n", argv[0], v);
                return 2;
            }
        } else if (!strcmp(opt->name, "--input")) {
            o->input = v;
        } else if (!strcmp(opt->name, "--json")) {
            o->json_path = v;
        } else if (!strcmp(opt->name, "--data")) {
            o->data_dir = v;
            if (!is_dir(o->data_dir)) {
                fprintf(stderr, "ccgpu %s: --data %s: not a directory\n", argv[0], o->data_dir);
                return 2;
            }
        } else if (!strcmp(opt->name, "--seed")) {
            char *end;
            errno = 0;
            o->seed = strtoull(v, &end, 0);
            if (errno || *end || *v == '-') {
                fprintf(stderr, "ccgpu %s: --seed %s: expected a non-negative integer\n", argv[0], v);
                return 2;
            }
        } else if (!strcmp(opt->name, "--threads")) {
            char *end;
            errno = 0;
            unsigned long n = strtoul(v, &end, 10);
            if (errno || *end || !*v || *v == '-' || n < 1 || n > 1024) {
                fprintf(stderr, "ccgpu %s: --threads %s: expected an integer from 1 to 1024\n",
                        argv[0], v);
                return 2;
            }
            if (ccgpu_config_set(o->cfg, "ccgpu_sim_threads", v)) {
                fprintf(stderr, "ccgpu: %s\n", ccgpu_config_error(o->cfg));
                return 2;
            }
        } else if (!strcmp(opt->name, "--functional")) {
            o->functional = 1;
        } else if (!strcmp(opt->name, "--quiet")) {
            o->quiet = 1;
        } else if (!strcmp(opt->name, "--help")) {
            o->help = 1;
        } else if (!strcmp(opt->name, "--verbose")) {
            o->verbose = 1;
        }
    }
    if (!o->data_dir) {
        const char *env = getenv("CCGPU_DATA");
        if (is_dir(env))
            o->data_dir = env;
        else if (is_dir("../shared/data"))
            o->data_dir = "../shared/data";
    }
    return 0;
}

void cli_run_options_free(struct cli_run_options *o)
{
    ccgpu_config_free(o->cfg);
    o->cfg = NULL;
}

ccgpu *cli_create_gpu(const struct cli_run_options *o)
{
    char err[512];
    if (o->functional && ccgpu_config_set(o->cfg, "ccgpu_mode", "functional") != 0) {
        fprintf(stderr, "ccgpu: %s\n", ccgpu_config_error(o->cfg));
        return NULL;
    }
    ccgpu *gpu = ccgpu_create(o->cfg, err, sizeof err);
    if (!gpu)
        fprintf(stderr, "ccgpu: %s\n", err);
    else if (ccgpu_warnings(gpu)[0])
        fprintf(stderr, "ccgpu: warning: %s\n", ccgpu_warnings(gpu));
    return gpu;
}

int cli_run_bench(const struct cli_run_options *o, const struct bench_ops *b, ccgpu **want_gpu)
{
    ccgpu *gpu = cli_create_gpu(o);
    if (!gpu)
        return -2;
    if (cli_cta_profile_needed(o) && cli_cta_profile(o, b->name, gpu)) {
        ccgpu_destroy(gpu);
        return -2;
    }
    ccgpu_set_printf_stream(gpu, stdout);
    struct bench_ctx ctx = {
        .gpu = gpu,
        .size = o->size,
        .input = o->input,
        .data_dir = o->data_dir,
        .seed = o->seed,
        .log = o->verbose ? stderr : NULL,
    };
    int rc = b->run(&ctx);
    /* a run-length cap stopped the run: not a failure, said instead of PASS */
    int stopped = rc != 0 && ccgpu_error_code(gpu) == CCGPU_ERROR_STOPPED;
    double kernels = 0, warp = 0, thread = 0;
    ccgpu_stat(gpu, "kernels", -1, &kernels);
    ccgpu_stat(gpu, "warp_instructions", -1, &warp);
    ccgpu_stat(gpu, "thread_instructions", -1, &thread);
    printf("%-14s %-5s %-8s %6.0f kernels %14.0f warp insts %16.0f thread insts", b->name,
           rc == 0 ? "PASS" : stopped ? "STOP" : "FAIL", bench_size_name(o->size), kernels, warp,
           thread);
    if (stopped)
        printf("  (%s; results not checked)", ccgpu_error(gpu));
    else if (rc != 0)
        printf("  (%s)", ctx.error);
    if (stopped)
        rc = 0;
    printf("\n");
    fflush(stdout);
    if (want_gpu)
        *want_gpu = gpu;
    else
        ccgpu_destroy(gpu);
    return rc;
}
