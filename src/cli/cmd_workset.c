/* ccgpu workset BENCH: per-CTA working sets of every launch of a benchmark,
 * measured by a functional run (as the AWSS paper does with gpuocelot). */
#include "cli/cli.h"
#include "cli/workset_cli.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_workset_collect(const struct cli_run_options *o, const char *name, uint32_t line_bytes,
                        struct workset *ws, ccgpu **gpu_out)
{
    *gpu_out = NULL;
    memset(ws, 0, sizeof *ws); /* workset_free is safe on every return path */
    const struct bench_ops *b = bench_find(name);
    if (!b) {
        fprintf(stderr, "ccgpu: unknown benchmark '%s' (see ccgpu list)\n", name);
        return 2;
    }
    if (workset_init(ws, line_bytes) != 0) {
        fprintf(stderr, "ccgpu: line size %u: expected a power of two >= 4\n", line_bytes);
        return 2;
    }
    /* working sets are a functional property: no need for the timing model */
    if (ccgpu_config_set(o->cfg, "ccgpu_mode", "functional") != 0) {
        fprintf(stderr, "ccgpu: %s\n", ccgpu_config_error(o->cfg));
        workset_free(ws);
        return 1;
    }
    ccgpu *gpu = cli_create_gpu(o);
    if (!gpu) {
        workset_free(ws);
        return 1;
    }
    ccgpu_set_printf_stream(gpu, stdout);
    ccgpu_set_access_observer(gpu, workset_observe, ws);
    struct bench_ctx ctx = {
        .gpu = gpu,
        .size = o->size,
        .input = o->input,
        .data_dir = o->data_dir,
        .seed = o->seed,
        .log = NULL,
    };
    int rc = b->run(&ctx);
    *gpu_out = gpu;
    if (rc != 0) {
        fprintf(stderr, "ccgpu: %s failed: %s\n", name, ctx.error);
        return 1;
    }
    if (ws->oom) {
        fprintf(stderr, "ccgpu: out of memory collecting working sets of %s\n", name);
        return 1;
    }
    /* the grids: a launch's last CTAs may touch no global memory */
    for (int k = 0; k < ccgpu_num_kernels(gpu); k++) {
        double ctas = 0;
        if (ccgpu_stat(gpu, "ctas", k, &ctas) != 0 ||
            workset_set_launch_ctas(ws, (uint32_t)k, (uint32_t)ctas) != 0) {
            fprintf(stderr, "ccgpu: cannot record the grid of launch %d of %s\n", k, name);
            return 1;
        }
    }
    return 0;
}

static int parse_u32(const char *s, uint32_t *out)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (!*s || *s == '-' || errno || *end || v > 0xFFFFFFFEul)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

/* --first N: the CTAs rr runs together first (0..N-1), their line sets
 * summed (the AWSS paper's aggregate working set) and their union */
static int print_first(const struct workset *ws, uint32_t k, uint32_t nctas, uint32_t first)
{
    uint32_t *off = NULL, *lines = NULL, nlines = 0;
    if (workset_launch_linesets(ws, k, nctas, &off, &lines, &nlines))
        return -1;
    uint8_t *seen = calloc((size_t)nlines + 1, 1);
    if (!seen) {
        free(off);
        free(lines);
        return -1;
    }
    uint32_t n = first < nctas ? first : nctas;
    uint64_t sum = off[n], uni = 0;
    for (uint64_t i = 0; i < sum; i++)
        if (!seen[lines[i]]) {
            seen[lines[i]] = 1;
            uni++;
        }
    printf("  CTAs 0..%u together: sum of their sets %llu lines (%llu bytes), union %llu lines "
           "(%llu bytes), ratio %.2f\n",
           n ? n - 1 : 0, (unsigned long long)sum, (unsigned long long)sum * ws->line_bytes,
           (unsigned long long)uni, (unsigned long long)uni * ws->line_bytes,
           uni ? (double)sum / (double)uni : 0.0);
    free(seen);
    free(off);
    free(lines);
    return 0;
}

int cmd_workset(int argc, char **argv)
{
    uint32_t line = 128, kernel = UINT32_MAX, show = 8, first = 0;
    int per_cta = 0, summary = 0;
    const char *sizes_out = NULL;
    /* our options out, the run options (--size, --input, -o ...) through */
    char **rest = malloc(((size_t)argc + 1) * sizeof *rest);
    if (!rest) {
        fprintf(stderr, "ccgpu workset: out of memory\n");
        return 1;
    }
    int nrest = 0;
    rest[nrest++] = argv[0];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int takes = !strcmp(a, "--line") || !strcmp(a, "--kernel") || !strcmp(a, "--sizes-out") ||
                    !strcmp(a, "--show") || !strcmp(a, "--first");
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            printf("usage: ccgpu workset BENCH [--size S] [--line BYTES] [--kernel N] [--per-cta]\n"
                   "                     [--summary] (one line per launch)\n"
                   "                     [--sizes-out FILE] [--show N] [--first N] [run options]\n"
                   "Per-CTA working sets (distinct global cache lines read / written) of each\n"
                   "launch, their distribution, and how much CTAs' line sets overlap.\n"
                   "--sizes-out writes launch N's per-CTA sizes in bytes for ccgpu awss --sizes.\n"
                   "--first N: the line sets of CTAs 0..N-1 (what rr runs together first at a\n"
                   "TLP of N) summed (the AWSS paper's aggregate working set) and their union.\n");
            cli_shared_help(stdout);
            free(rest);
            return 0;
        }
        if (!strcmp(a, "--per-cta")) {
            per_cta = 1;
            continue;
        }
        if (!strcmp(a, "--summary")) {
            summary = 1;
            continue;
        }
        if (!takes) {
            rest[nrest++] = argv[i];
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "ccgpu workset: %s needs a value\n", a);
            free(rest);
            return 2;
        }
        const char *v = argv[++i];
        int bad = 0;
        if (!strcmp(a, "--line"))
            bad = parse_u32(v, &line);
        else if (!strcmp(a, "--kernel"))
            bad = parse_u32(v, &kernel);
        else if (!strcmp(a, "--show"))
            bad = parse_u32(v, &show);
        else if (!strcmp(a, "--first"))
            bad = parse_u32(v, &first) || first == 0;
        else
            sizes_out = v;
        if (bad) {
            fprintf(stderr, "ccgpu workset: bad value '%s' for %s\n", v, a);
            free(rest);
            return 2;
        }
    }
    rest[nrest] = NULL;
    struct cli_run_options o;
    int rc = cli_parse_run_options(nrest, rest, &o);
    free(rest);
    if (rc == 0 && o.npositional != 1) {
        fprintf(stderr, "usage: ccgpu workset BENCH [options] (see ccgpu workset --help)\n");
        rc = 2;
    }
    if (rc == 0 && sizes_out && kernel == UINT32_MAX) {
        fprintf(stderr, "ccgpu workset: --sizes-out needs --kernel N\n");
        rc = 2;
    }
    if (rc) {
        cli_run_options_free(&o);
        return rc;
    }
    struct workset ws = { 0 }; /* freed on every path, also when collection fails early */
    ccgpu *gpu = NULL;
    rc = cli_workset_collect(&o, o.positional[0], line, &ws, &gpu);
    int nk = gpu ? ccgpu_num_kernels(gpu) : 0;
    if (rc == 0 && kernel != UINT32_MAX && kernel >= (uint32_t)nk) {
        fprintf(stderr, "ccgpu workset: --kernel %u: %s launched %d kernels\n", kernel,
                o.positional[0], nk);
        rc = 2;
    }
    if (rc == 0 && summary)
        printf("launch kernel                  CTAs mean lines max lines  CoV  sum/union shared\n");
    for (int k = 0; rc == 0 && k < nk; k++) {
        if (summary && kernel == UINT32_MAX) {
            struct workset_launch s;
            if (workset_launch_stats(&ws, (uint32_t)k, &s) != 0) {
                fprintf(stderr, "ccgpu workset: out of memory\n");
                rc = 1;
                break;
            }
            workset_print_summary_line(stdout, (uint32_t)k, ccgpu_kernel_name(gpu, k), &s);
            workset_launch_free(&s);
            continue;
        }
        if (kernel != UINT32_MAX ? (uint32_t)k != kernel : (uint32_t)k >= show) {
            if (kernel == UINT32_MAX && (uint32_t)k == show)
                printf("... %d more launches (--kernel N or --show N)\n", nk - k);
            continue;
        }
        struct workset_launch s;
        if (workset_launch_stats(&ws, (uint32_t)k, &s) != 0) {
            fprintf(stderr, "ccgpu workset: out of memory\n");
            rc = 1;
            break;
        }
        workset_print(stdout, &ws, (uint32_t)k, ccgpu_kernel_name(gpu, k), &s, per_cta);
        if (first && print_first(&ws, (uint32_t)k, s.nctas, first)) {
            fprintf(stderr, "ccgpu workset: out of memory\n");
            workset_launch_free(&s);
            rc = 1;
            break;
        }
        if (sizes_out) {
            FILE *f = fopen(sizes_out, "w");
            if (f) {
                fprintf(f, "# %s launch %d (%s): bytes per CTA, %u-byte lines\n", o.positional[0],
                        k, ccgpu_kernel_name(gpu, k), line);
                for (uint32_t c = 0; c < s.nctas; c++)
                    fprintf(f, "%llu\n", (unsigned long long)s.cta[c].total * line);
            }
            if (!f || fclose(f) != 0) {
                fprintf(stderr, "ccgpu workset: cannot write %s: %s\n", sizes_out, strerror(errno));
                rc = 1;
            } else {
                printf("sizes written to %s\n", sizes_out);
            }
        }
        workset_launch_free(&s);
    }
    workset_free(&ws);
    ccgpu_destroy(gpu);
    cli_run_options_free(&o);
    return rc;
}
