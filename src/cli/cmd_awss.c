/* ccgpu awss: AWSS-constrained CTA schedules (awss-sllc-todaes2014 Sec. 5)
 * from a file of per-CTA working-set sizes. */
#include "cli/cli.h"
#include "util/text_input.h"
#include "cli/workset_cli.h"
#include "cta/awss.h"
#include "cta/awss_quality.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void awss_usage(FILE *f)
{
    fprintf(f,
            "usage: ccgpu awss (--sizes FILE | --bench BENCH [--size S] [--kernel N] [--line B])\n"
            "                  --cap BYTES --max-tlp K [--static] [--relax]\n"
            "                  [--cps X] [--algo lmf|iwfd|mxf|glanf|agnostic] [--exact]\n"
            "                  [--out FILE] [--show N]\n"
            "       ccgpu awss --quality [--instances N] [--max-ctas N] [--cps X] [--seed S]\n"
            "       ccgpu awss --speed [--ctas N] [--seed S]\n"
            "FILE holds one working-set size per CTA in CTA-id order (same unit as --cap;\n"
            "BYTES takes a K/M/G suffix, powers of 1024). --relax selects the open-end\n"
            "packers (default mxf); otherwise k-cardinality (default lmf). --exact solves\n"
            "small instances (<= 24 CTAs) optimally. --bench measures the working sets by a\n"
            "functional run of the benchmark (launch N, default the one whose CTAs' working\n"
            "sets add up to the most;\n"
            "B-byte lines, default 128) and gives them in bytes. See docs/awss.md.\n");
}

static char *read_file(const char *path, char *msg, size_t msglen)
{
    return text_input_read(path, "size or schedule file", TEXT_INPUT_TEXT, NULL, msg, msglen);
}

/* unsigned integer with optional K/M/G (1024-based) suffix; 0 ok */
static int parse_bytes(const char *s, uint64_t *out)
{
    char *end;
    if (!*s || *s == '-')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s)
        return -1;
    uint64_t mul = 1;
    if (*end == 'K' || *end == 'k')
        mul = 1024, end++;
    else if (*end == 'M' || *end == 'm')
        mul = 1024 * 1024, end++;
    else if (*end == 'G' || *end == 'g')
        mul = 1024ull * 1024 * 1024, end++;
    if (*end == 'B' || *end == 'b')
        end++;
    if (*end || (mul > 1 && v > UINT64_MAX / mul))
        return -1;
    *out = v * mul;
    return 0;
}

static int parse_u32(const char *s, uint32_t lo, uint32_t *out)
{
    char *end;
    if (!*s || *s == '-')
        return -1;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (errno || *end || v < lo || v > UINT32_MAX - 1)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

static void print_schedule(const struct awss_schedule *s, const struct awss_problem *p,
                           uint32_t show)
{
    for (uint32_t st = 0; st < s->nsteps && st < show; st++) {
        printf("  step %-5u TLP %-4u AWSS %-10llu:", st, awss_step_tlp(s, st),
               (unsigned long long)awss_step_awss(s, st, p->sizes));
        uint32_t j = s->start[st];
        for (; j < s->start[st + 1] && j < s->start[st] + 16; j++)
            printf(" %u", s->order[j]);
        if (j < s->start[st + 1])
            printf(" ... (%u more)", s->start[st + 1] - j);
        putchar('\n');
    }
    if (s->nsteps > show)
        printf("  ... %u more steps (--show N, or --out FILE for all)\n", s->nsteps - show);
}

static int is_value_option(const char *a)
{
    static const char *const names[] = { "--sizes", "--out", "--algo", "--cap", "--max-tlp",
                                         "--show", "--instances", "--max-ctas", "--ctas",
                                         "--seed", "--cps", "--bench", "--size", "--kernel",
                                         "--line" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(a, names[i]))
            return 1;
    return 0;
}

static int sizes_from_file(const char *path, uint64_t **sizes, uint32_t *n)
{
    char msg[256];
    char *text = read_file(path, msg, sizeof msg);
    if (!text) {
        fprintf(stderr, "ccgpu awss: %s\n", msg);
        return 1;
    }
    int rc = awss_sizes_parse(text, path, sizes, n, msg, sizeof msg);
    free(text);
    if (rc < 0) {
        fprintf(stderr, "ccgpu awss: %s\n", msg);
        return 1;
    }
    return 0;
}

/* working sets in bytes of one launch of a benchmark (functional run) */
static int sizes_from_bench(const char *bench, const char *size, uint32_t *kernel_io,
                            uint32_t line, uint64_t **sizes, uint32_t *n)
{
    uint32_t kernel = *kernel_io;
    char *argv[] = { "awss", (char *)bench, "--size", (char *)size, NULL };
    struct cli_run_options o;
    int rc = cli_parse_run_options(4, argv, &o);
    struct workset ws = { 0 };
    ccgpu *gpu = NULL;
    if (rc == 0)
        rc = cli_workset_collect(&o, bench, line, &ws, &gpu);
    int nk = gpu ? ccgpu_num_kernels(gpu) : 0;
    struct workset_launch s = { 0 };
    if (rc == 0 && kernel == UINT32_MAX) { /* the launch with the largest working sets */
        uint64_t best = 0;
        for (int k = 0; k < nk && rc == 0; k++) {
            if (workset_launch_stats(&ws, (uint32_t)k, &s) != 0)
                rc = 1;
            else if (kernel == UINT32_MAX || s.sum_lines > best)
                best = s.sum_lines, kernel = (uint32_t)k;
            workset_launch_free(&s);
        }
    }
    if (rc == 0 && (kernel == UINT32_MAX || kernel >= (uint32_t)nk)) {
        fprintf(stderr, "ccgpu awss: --kernel %u: %s launched %d kernels\n",
                kernel == UINT32_MAX ? 0 : kernel, bench, nk);
        rc = 2;
    }
    if (rc == 0 && workset_launch_stats(&ws, kernel, &s) != 0)
        rc = 1;
    if (rc == 0 && s.nctas == 0) {
        fprintf(stderr, "ccgpu awss: %s launch %u has no global accesses\n", bench, kernel);
        rc = 1;
    }
    if (rc == 0) {
        *sizes = malloc((size_t)s.nctas * sizeof **sizes);
        if (!*sizes) {
            fprintf(stderr, "ccgpu awss: out of memory\n");
            rc = 1;
        } else {
            for (uint32_t c = 0; c < s.nctas; c++)
                (*sizes)[c] = (uint64_t)s.cta[c].total * line;
            *n = s.nctas;
            *kernel_io = kernel;
            printf("working sets: %s (%s) launch %u, kernel %s, %u CTAs, %u-byte lines; "
                   "CTA line sets overlap by %.2fx\n", bench, size, kernel,
                   ccgpu_kernel_name(gpu, (int)kernel), s.nctas, line,
                   s.distinct_lines ? (double)s.sum_lines / s.distinct_lines : 0.0);
        }
    }
    workset_launch_free(&s);
    workset_free(&ws);
    ccgpu_destroy(gpu);
    cli_run_options_free(&o);
    return rc;
}

int cmd_awss(int argc, char **argv)
{
    const char *sizes_path = NULL, *out_path = NULL, *algo_name = NULL, *bench = NULL;
    const char *bench_size = "small";
    uint32_t kernel = UINT32_MAX, line = 128;
    uint64_t cap = 0, seed = 1;
    uint32_t max_tlp = 0, show = 40, instances = 300, max_ctas = 12, ctas = 100000;
    int have_cap = 0, is_static = 0, relax = 0, exact = 0, quality = 0, speed = 0;
    double cps = 0.1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int bad = 0;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            awss_usage(stdout);
            cli_shared_help(stdout);
            return 0;
        } else if (!strcmp(a, "--static")) {
            is_static = 1;
            continue;
        } else if (!strcmp(a, "--relax")) {
            relax = 1;
            continue;
        } else if (!strcmp(a, "--exact")) {
            exact = 1;
            continue;
        } else if (!strcmp(a, "--quality")) {
            quality = 1;
            continue;
        } else if (!strcmp(a, "--speed")) {
            speed = 1;
            continue;
        } else if (!is_value_option(a)) {
            fprintf(stderr, "ccgpu awss: unknown option '%s' (see ccgpu awss --help)\n", a);
            return 2;
        } else if (!v) {
            fprintf(stderr, "ccgpu awss: %s needs a value (see ccgpu awss --help)\n", a);
            return 2;
        } else if (!strcmp(a, "--sizes")) {
            sizes_path = v;
        } else if (!strcmp(a, "--bench")) {
            bench = v;
        } else if (!strcmp(a, "--size")) {
            bench_size = v;
        } else if (!strcmp(a, "--kernel")) {
            bad = parse_u32(v, 0, &kernel);
        } else if (!strcmp(a, "--line")) {
            bad = parse_u32(v, 4, &line);
        } else if (!strcmp(a, "--out")) {
            out_path = v;
        } else if (!strcmp(a, "--algo")) {
            algo_name = v;
        } else if (!strcmp(a, "--cap")) {
            bad = parse_bytes(v, &cap);
            have_cap = 1;
        } else if (!strcmp(a, "--max-tlp")) {
            bad = parse_u32(v, 1, &max_tlp);
        } else if (!strcmp(a, "--show")) {
            bad = parse_u32(v, 0, &show);
        } else if (!strcmp(a, "--instances")) {
            bad = parse_u32(v, 1, &instances);
        } else if (!strcmp(a, "--max-ctas")) {
            bad = parse_u32(v, 4, &max_ctas) || max_ctas > 24;
        } else if (!strcmp(a, "--ctas")) {
            bad = parse_u32(v, 1, &ctas);
        } else if (!strcmp(a, "--seed")) {
            char *end;
            errno = 0;
            seed = strtoull(v, &end, 0);
            bad = errno || *end || !*v;
        } else if (!strcmp(a, "--cps")) {
            char *end;
            errno = 0;
            cps = strtod(v, &end);
            bad = errno || *end || !*v || !(cps >= 0 && cps < 1e9);
        } else {
            fprintf(stderr, "ccgpu awss: unknown option '%s' (see ccgpu awss --help)\n", a);
            return 2;
        }
        if (bad) {
            fprintf(stderr, "ccgpu awss: bad value '%s' for %s\n", v, a);
            return 2;
        }
        i++;
    }
    if (quality) {
        int rc = awss_quality_report(stdout, seed, instances, max_ctas, cps, NULL, NULL);
        if (rc < 0)
            fprintf(stderr, "ccgpu awss: %s\n", rc == -1 ? "out of memory" : "quality check failed");
        return rc < 0;
    }
    if (speed) {
        int rc = awss_speed_report(stdout, ctas, seed);
        if (rc < 0)
            fprintf(stderr, "ccgpu awss: %s\n", rc == -1 ? "out of memory" : "invalid schedule");
        return rc < 0;
    }
    if (!(sizes_path || bench) || (sizes_path && bench) || !have_cap || !max_tlp) {
        fprintf(stderr, "ccgpu awss: --sizes or --bench, --cap and --max-tlp are required "
                        "(see ccgpu awss --help)\n");
        return 2;
    }
    enum awss_algo algo = relax ? AWSS_ALGO_MXF : AWSS_ALGO_LMF;
    if (algo_name && awss_algo_lookup(algo_name, &algo) < 0) {
        fprintf(stderr, "ccgpu awss: unknown algorithm '%s' (lmf, iwfd, mxf, glanf, agnostic)\n",
                algo_name);
        return 2;
    }
    if (algo != AWSS_ALGO_AGNOSTIC &&
        relax != (algo == AWSS_ALGO_MXF || algo == AWSS_ALGO_GLANF)) {
        fprintf(stderr, "ccgpu awss: --algo %s is %s; %s\n", awss_algo_name(algo),
                relax ? "a k-cardinality packer" : "an open-end packer",
                relax ? "--relax needs mxf or glanf" : "it needs --relax");
        return 2;
    }
    char msg[256];
    uint64_t *sizes = NULL;
    uint32_t n = 0;
    int rc = bench ? sizes_from_bench(bench, bench_size, &kernel, line, &sizes, &n)
                   : sizes_from_file(sizes_path, &sizes, &n);
    if (rc)
        return rc;
    struct awss_problem p = { sizes, n, cap, max_tlp, relax ? AWSS_RELAXED : AWSS_HARD,
                              is_static, cps, NULL };
    struct awss_schedule s;
    awss_schedule_init(&s);
    uint32_t k = 0;
    int status = 1;
    const char *used = is_static && algo != AWSS_ALGO_AGNOSTIC ? "static" : awss_algo_name(algo);
    if (exact) {
        struct awss_exact_result er;
        if (n > 24) {
            fprintf(stderr, "ccgpu awss: --exact handles at most 24 CTAs, %s has %u\n",
                    bench ? bench : sizes_path, n);
            goto out;
        }
        if (awss_exact(&p, 200000000, &s, &er) < 0) {
            fprintf(stderr, "ccgpu awss: out of memory\n");
            goto out;
        }
        if (!er.complete)
            fprintf(stderr, "ccgpu awss: warning: node limit reached, schedule may not be "
                            "optimal\n");
        used = "exact";
        k = 0;
        for (uint32_t st = 0; st < s.nsteps; st++)
            if (awss_step_tlp(&s, st) > k)
                k = awss_step_tlp(&s, st);
    } else if (awss_schedule_run(&p, algo, &s, &k) < 0) {
        fprintf(stderr, "ccgpu awss: out of memory\n");
        goto out;
    }
    if (bench) { /* the file names its launch: schedule:FILE needs no launch=K */
        s.has_launch = 1;
        s.launch = kernel;
    }
    int ok = awss_validate(&s, &p, msg, sizeof msg) == 0;
    uint64_t total = 0, over = 0;
    for (uint32_t i = 0; i < n; i++) {
        total += sizes[i];
        over += sizes[i] > cap;
    }
    printf("awss: %u CTAs, total working set %llu, cap %llu, TLP_max %u, %s%s constraint, "
           "CPS %g\n", n, (unsigned long long)total, (unsigned long long)cap, max_tlp,
           is_static ? "static TLP, " : "", relax ? "relaxed" : "hard", cps);
    printf("algorithm %s: k %u, %u steps (lower bound %u), %u synchronisations, cost %g\n",
           used, k, s.nsteps, awss_lower_bound(&p), awss_syncs(&s), awss_cost(&s, &p));
    if (is_static && !exact)
        printf("static TLP: Algorithm 2 (fixed) guarantees k = %u; packing found k = %u\n",
               awss_static_k_bound(&p), k);
    if (over)
        printf("note: %llu CTAs exceed the capacity alone and run in steps of their own\n",
               (unsigned long long)over);
    printf("constraints: %s\n", ok ? "satisfied" : msg);
    print_schedule(&s, &p, show);
    if (out_path) {
        FILE *f = fopen(out_path, "w");
        if (!f || awss_schedule_write(f, &s, &p, used) < 0 || fclose(f) != 0) {
            fprintf(stderr, "ccgpu awss: cannot write %s: %s\n", out_path, strerror(errno));
            goto out;
        }
        printf("schedule written to %s\n", out_path);
    }
    status = ok || algo == AWSS_ALGO_AGNOSTIC ? 0 : 1;
out:
    awss_schedule_free(&s);
    free(sizes);
    return status;
}
