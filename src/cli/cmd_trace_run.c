/* ccgpu trace-run PATH/kernelslist.g [options]: replays Accel-Sim SASS
 * traces (docs/traces.md) on the timing model with the configuration's
 * policies, and prints the statistics as `ccgpu run` does. The opcode
 * tables are the embedded configs/sass/ARCH.txt unless --sass-table names a
 * file. */
#include "cli/cli.h"
#include "cli/options.h"
#include "cli/run_summary.h"
#include "util/embedded.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct cli_option trace_options[] = {
    { "--sched", "NAME[:ARGS]", "the warp scheduler (gpgpu_scheduler), as -o gpgpu_scheduler=..." },
    { "--sass-arch", "ARCH", "the opcode table for every kernel: volta, turing, ampere, ada or "
                             "hopper (default: each trace's -binary version)" },
    { "--sass-table", "FILE", "read the opcode table from FILE instead of configs/sass/ARCH.txt" },
    { "--stats", "summary|all|total|none",
      "after the run: the summary (default), every statistic of every launch, every total, or "
      "nothing" },
    { "--per-kernel", NULL, "a table with one row per kernel launch" },
    { NULL, NULL, NULL },
};

struct tables {
    const char *file; /* --sass-table */
    char *text;       /* its contents */
};

static const char *table_text(void *ctx, const char *arch)
{
    struct tables *t = ctx;
    if (t->file)
        return t->text;
    char path[64];
    snprintf(path, sizeof path, "configs/sass/%s.txt", arch);
    return embedded_find(path);
}

static void warn(void *ctx, const char *msg)
{
    (void)ctx;
    fprintf(stderr, "ccgpu: warning: %s\n", msg);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *s = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n + 4097 > cap) {
            char *t = realloc(s, cap = cap ? cap * 2 : 16384);
            if (!t || cap > (16u << 20)) {
                free(t ? t : s);
                fclose(f);
                return NULL;
            }
            s = t;
        }
        size_t r = fread(s + n, 1, 4096, f);
        n += r;
        if (r < 4096)
            break;
    }
    fclose(f);
    s[n] = 0;
    return s;
}

static void usage(FILE *out)
{
    fprintf(out, "usage: ccgpu trace-run PATH/kernelslist.g [options]\n"
                 "replays Accel-Sim SASS traces (kernelslist.g and its kernel-N.traceg[.xz]) on "
                 "the timing model and prints the statistics\n"
                 "options of trace-run:\n");
    cli_print_options(out, trace_options);
    fprintf(out, "of the options below, --size, --input, --data, --seed and --functional do not "
                 "apply to a trace\n");
}

int cmd_trace_run(int argc, char **argv)
{
    char *rest[256];
    int nrest = 0, per_kernel = 0;
    const char *stats = "summary", *sched = NULL, *arch = NULL;
    struct tables tabs = { NULL, NULL };
    for (int i = 0; i < argc && nrest < 256; i++) {
        const char *a = argv[i];
        int with_value = i > 0 && (!strcmp(a, "--sched") || !strcmp(a, "--sass-arch") ||
                                   !strcmp(a, "--sass-table") || !strcmp(a, "--stats"));
        if (with_value && i + 1 >= argc) {
            fprintf(stderr, "ccgpu trace-run: option %s needs a value\n", a);
            return 2;
        }
        if (with_value) {
            const char *v = argv[++i];
            if (!strcmp(a, "--sched"))
                sched = v;
            else if (!strcmp(a, "--sass-arch"))
                arch = v;
            else if (!strcmp(a, "--sass-table"))
                tabs.file = v;
            else
                stats = v;
        } else if (i > 0 && !strcmp(a, "--per-kernel")) {
            per_kernel = 1;
        } else if (i > 0 && (!strcmp(a, "--size") || !strcmp(a, "--input") ||
                             !strcmp(a, "--seed") || !strcmp(a, "--data"))) {
            fprintf(stderr, "ccgpu trace-run: %s: not an option of trace-run (a trace replays "
                            "the inputs it was recorded with)\n", a);
            return 2;
        } else {
            rest[nrest++] = argv[i];
        }
    }
    if (nrest == 256) {
        fprintf(stderr, "ccgpu trace-run: too many arguments\n");
        return 2;
    }
    if (strcmp(stats, "summary") && strcmp(stats, "all") && strcmp(stats, "total") &&
        strcmp(stats, "none")) {
        fprintf(stderr, "ccgpu trace-run: --stats %s: expected summary, all, total or none\n",
                stats);
        return 2;
    }
    struct cli_run_options o;
    int rc = cli_parse_run_options(nrest, rest, &o);
    if (rc != 0) {
        cli_run_options_free(&o);
        return rc;
    }
    if (o.help || o.npositional != 1 || o.functional) {
        if (o.help) {
            usage(stdout);
            cli_shared_help(stdout);
        } else {
            fprintf(stderr, o.functional ? "ccgpu trace-run: --functional: a trace has no "
                                           "functional run (it replays recorded instructions)\n"
                                         : "usage: ccgpu trace-run PATH/kernelslist.g [options] "
                                           "(ccgpu trace-run --help lists them)\n");
        }
        cli_run_options_free(&o);
        return o.help ? 0 : 2;
    }
    if (sched && ccgpu_config_set(o.cfg, "gpgpu_scheduler", sched) != 0) {
        fprintf(stderr, "ccgpu trace-run: --sched %s: cannot set gpgpu_scheduler\n", sched);
        cli_run_options_free(&o);
        return 2;
    }
    if (tabs.file && !(tabs.text = slurp(tabs.file))) {
        fprintf(stderr, "ccgpu trace-run: --sass-table %s: %s\n", tabs.file,
                errno ? strerror(errno) : "cannot read it");
        cli_run_options_free(&o);
        return 2;
    }
    ccgpu *gpu = cli_create_gpu(&o);
    if (!gpu) {
        free(tabs.text);
        cli_run_options_free(&o);
        return 1;
    }
    struct ccgpu_trace_options to = { arch, table_text, warn, &tabs };
    rc = ccgpu_trace_run(gpu, o.positional[0], &to);
    if (rc)
        fprintf(stderr, "ccgpu trace-run: %s\n", ccgpu_error(gpu));
    else
        printf("%s: %d kernel%s replayed\n", o.positional[0], ccgpu_num_kernels(gpu),
               ccgpu_num_kernels(gpu) == 1 ? "" : "s");
    if (o.quiet)
        stats = "none";
    if (rc == 0)
        run_summary_print(gpu, stats, per_kernel, stdout);
    if (o.json_path) {
        FILE *f = fopen(o.json_path, "w");
        if (!f || ccgpu_stats_write_json(gpu, f) != 0 || fclose(f) != 0) {
            fprintf(stderr, "ccgpu trace-run: cannot write %s\n", o.json_path);
            rc = -1;
        }
    }
    ccgpu_destroy(gpu);
    free(tabs.text);
    cli_run_options_free(&o);
    return rc == 0 ? 0 : 1;
}
