/* ccgpu reproduce PAPER [--size S] [--jobs N] [--out DIR] [--only ID,...]
 *                       [--dry-run] [--force] [--report]
 *                       [--slurm [--partition P] [--time T] [--mem M]]
 * Runs every figure of a paper's recipe, reproduce/PAPER.repro (or a .repro
 * file named by path), into DIR (default out/PAPER), one figure after the
 * other, resuming: a finished figure with the same commands is not run again
 * (reproduce/figure_run.h). Then writes DIR/report.md, DIR/ID/values.md and
 * DIR/values.csv (reproduce/report.h). With --slurm, one Slurm array task per
 * unfinished figure (each task runs this command with --chunk 1 --task T);
 * --report then writes the report from what the tasks left. */
#include "cli/cli.h"
#include "reproduce/figure_run.h"
#include "reproduce/recipe.h"
#include "reproduce/report.h"
#include "sweep/afile.h"
#include "sweep/slurm_script.h"
#include "sweep/sweep_set.h"
#include "sweep/sweep_slurm.h"
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "usage: ccgpu reproduce PAPER [--size S] [--jobs N] [--out DIR] [--only ID,...]\n"
    "                       [--dry-run] [--force] [--report]\n"
    "                       [--slurm [--partition P] [--time T] [--mem M]]\n"
    "       ccgpu reproduce --list\n"
    "  PAPER: ccws, sacat, awss, clustering (reproduce/PAPER.repro) or a .repro file.\n"
    "  Runs each figure's commands into DIR/ID (default DIR: out/PAPER), resuming\n"
    "  (finished figures are kept), and writes DIR/report.md (the paper's numbers\n"
    "  beside ccgpu's), DIR/ID/values.md (each figure's every number) and\n"
    "  DIR/values.csv (all of them). --size: the input size (default: the\n"
    "  recipe's, the one that reproduces the paper); --jobs: runs at a time inside\n"
    "  a figure; --only: these figures; --dry-run: list the commands and what is\n"
    "  finished; --force: run finished figures again; --report: only write the\n"
    "  report; --slurm: one Slurm array task per unfinished figure.\n";

#define RECIPE_DIR "reproduce"

struct args {
    const char *paper, *size, *out, *only;
    int jobs, dry_run, force, report_only, slurm, list;
    long task; /* -1: none */
    struct sweep_slurm_opts so;
};

static int list_papers(void)
{
    DIR *d = opendir(RECIPE_DIR);
    if (!d) {
        fprintf(stderr, "ccgpu reproduce: %s/: %s (run ccgpu from the repository's folder)\n",
                RECIPE_DIR, strerror(errno));
        return 1;
    }
    char *names[256];
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) && n < 256;) {
        size_t k = strlen(e->d_name);
        if (k > 6 && !strcmp(e->d_name + k - 6, ".repro") && e->d_name[0] != '.')
            names[n++] = strndup(e->d_name, k - 6);
    }
    closedir(d);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (names[i] && names[j] && strcmp(names[i], names[j]) > 0) {
                char *t = names[i];
                names[i] = names[j];
                names[j] = t;
            }
    for (int i = 0; i < n; i++) {
        if (!names[i])
            continue;
        char path[PATH_MAX], err[512];
        snprintf(path, sizeof path, "%s/%s.repro", RECIPE_DIR, names[i]);
        struct recipe r;
        if (recipe_read(path, &r, err, sizeof err) == 0) {
            printf("%-12s %3d figures, size %-6s  %s\n", names[i], r.nfigures, r.size, r.title);
            recipe_free(&r);
        } else {
            printf("%-12s (%s)\n", names[i], err);
        }
        free(names[i]);
    }
    return 0;
}

static int count_arg(const char *opt, const char *v, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (end == v || *end || errno || n < lo || n > hi) {
        fprintf(stderr, "ccgpu reproduce: %s '%s': expected a whole number from %ld to %ld\n", opt,
                v, lo, hi);
        return -1;
    }
    *out = n;
    return 0;
}

static int parse(int argc, char **argv, struct args *a)
{
    *a = (struct args){ .jobs = 1, .task = -1 };
    long chunk = 1;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        int has = i + 1 < argc;
        long n;
        if (!strcmp(o, "--help") || !strcmp(o, "-h")) {
            fputs(usage, stdout);
            return 1;
        }
        if (!strcmp(o, "--list")) {
            a->list = 1;
        } else if (!strcmp(o, "--dry-run")) {
            a->dry_run = 1;
        } else if (!strcmp(o, "--force")) {
            a->force = 1;
        } else if (!strcmp(o, "--report")) {
            a->report_only = 1;
        } else if (!strcmp(o, "--slurm")) {
            a->slurm = 1;
        } else if (!strcmp(o, "--size") && has) {
            a->size = argv[++i];
        } else if (!strcmp(o, "--out") && has) {
            a->out = argv[++i];
        } else if (!strcmp(o, "--only") && has) {
            a->only = argv[++i];
        } else if (!strcmp(o, "--jobs") && has) {
            if (count_arg(o, argv[++i], 1, 1024, &n))
                return 2;
            a->jobs = (int)n;
        } else if (!strcmp(o, "--partition") && has) {
            a->so.partition = argv[++i];
        } else if (!strcmp(o, "--time") && has) {
            a->so.time = argv[++i];
        } else if (!strcmp(o, "--mem") && has) {
            a->so.mem = argv[++i];
        } else if (!strcmp(o, "--chunk") && has) {
            if (count_arg(o, argv[++i], 1, 1, &chunk))
                return 2;
        } else if (!strcmp(o, "--task") && has) {
            if (count_arg(o, argv[++i], 0, RECIPE_MAX_FIGURES - 1, &a->task))
                return 2;
        } else if (o[0] == '-' && o[1]) {
            fprintf(stderr, "ccgpu reproduce: %s %s\n", o,
                    has || strncmp(o, "--", 2) ? "is not an option of reproduce"
                                               : "is not an option of reproduce, or needs a value");
            return 2;
        } else if (!a->paper) {
            a->paper = o;
        } else {
            fprintf(stderr, "ccgpu reproduce: one paper at a time ('%s' and '%s')\n", a->paper, o);
            return 2;
        }
    }
    if (a->list)
        return 0;
    if (!a->paper) {
        fputs(usage, stderr);
        return 2;
    }
    if ((a->so.partition || a->so.time || a->so.mem) && !a->slurm) {
        fprintf(stderr, "ccgpu reproduce: --partition, --time and --mem go with --slurm\n");
        return 2;
    }
    if (a->slurm + a->report_only + a->dry_run + (a->task >= 0) > 1) {
        fprintf(stderr, "ccgpu reproduce: --slurm, --report, --dry-run and --task exclude each "
                        "other\n");
        return 2;
    }
    return 0;
}

/* PAPER -> reproduce/PAPER.repro, unless it names a file itself. */
static char *recipe_path(const char *paper)
{
    size_t n = strlen(paper);
    if (strchr(paper, '/') || (n > 6 && !strcmp(paper + n - 6, ".repro")))
        return strdup(paper);
    for (const char *c = paper; *c; c++)
        if (!(('a' <= *c && *c <= 'z') || ('0' <= *c && *c <= '9') || *c == '-' || *c == '_'))
            return NULL;
    char *p = malloc(n + sizeof RECIPE_DIR "/.repro");
    if (p)
        sprintf(p, "%s/%s.repro", RECIPE_DIR, paper);
    return p;
}

/* The paper's short name for the default folder: the file name without
 * folder and .repro. */
static char *paper_name(const char *paper)
{
    const char *b = strrchr(paper, '/');
    b = b ? b + 1 : paper;
    size_t n = strlen(b);
    if (n > 6 && !strcmp(b + n - 6, ".repro"))
        n -= 6;
    return strndup(b, n);
}

/* Marks the figures --only names (all when it is NULL); -1 on an unknown id. */
static int select_figures(const struct recipe *r, const char *only, char *sel)
{
    memset(sel, only ? 0 : 1, (size_t)r->nfigures);
    if (!only)
        return 0;
    for (const char *s = only; *s;) {
        size_t n = strcspn(s, ",");
        int found = 0;
        for (int i = 0; i < r->nfigures; i++)
            if (strlen(r->figures[i].id) == n && !strncmp(r->figures[i].id, s, n))
                sel[i] = found = 1;
        if (!found) {
            fprintf(stderr, "ccgpu reproduce: --only: %s has no figure '%.*s' (", r->path, (int)n,
                    s);
            for (int i = 0; i < r->nfigures; i++)
                fprintf(stderr, "%s%s", i ? ", " : "", r->figures[i].id);
            fprintf(stderr, ")\n");
            return -1;
        }
        s += n + (s[n] == ',');
    }
    return 0;
}

static int submit_slurm(const struct args *a, const struct recipe *r, const char *out,
                        const char *exe, const char *size, const char *sel)
{
    if (sweep_slurm_values_ok("ccgpu reproduce", &a->so) != 0)
        return 2;
    char todo[RECIPE_MAX_FIGURES] = { 0 };
    long ntodo = 0;
    for (int i = 0; i < r->nfigures; i++) {
        char *dir = sweep_path(out, r->figures[i].id);
        struct figure_job job = { .fig = &r->figures[i], .recipe = r->path, .exe = exe,
                                  .dir = dir, .size = size, .jobs = a->jobs };
        struct figure_state st;
        figure_state_read(&job, &st);
        if (sel[i] && (!st.done || a->force))
            todo[i] = 1, ntodo++;
        free(dir);
    }
    if (ntodo == 0) {
        printf("ccgpu reproduce: every selected figure is finished; --report writes the report\n");
        return 0;
    }
    char cwd[PATH_MAX], logs[PATH_MAX + 16], script[sizeof logs + 32];
    if (!getcwd(cwd, sizeof cwd)) {
        fprintf(stderr, "ccgpu reproduce: the current folder: %s\n", strerror(errno));
        return 1;
    }
    int n = snprintf(logs, sizeof logs, "%s%s%s/slurm", out[0] == '/' ? "" : cwd,
                     out[0] == '/' ? "" : "/", out);
    if (n < 0 || (size_t)n >= sizeof logs) {
        fprintf(stderr, "ccgpu reproduce: --out %s: the path is too long\n", out);
        return 2;
    }
    if (!slurm_sbatch_value_ok(logs)) {
        fprintf(stderr, "ccgpu reproduce: --slurm: %s cannot be sbatch's --output (white space, "
                        "quotes, a backslash or '%%'); choose another --out\n", logs);
        return 2;
    }
    if (sweep_make_dirs(logs) != 0) {
        fprintf(stderr, "ccgpu reproduce: cannot create %s: %s\n", logs, strerror(errno));
        return 1;
    }
    snprintf(script, sizeof script, "%s/reproduce.sbatch", logs);
    char *array = slurm_array_spec(todo, r->nfigures);
    char jobs[16];
    snprintf(jobs, sizeof jobs, "%d", a->jobs);
    const char *args[] = { a->paper, "--size", size, "--out", out, "--jobs", jobs };
    struct slurm_script sc = { .command = "reproduce", .exe = exe, .cwd = cwd, .args = args,
                               .nargs = 7, .log_dir = logs, .array = array,
                               .npoints = r->nfigures, .ntodo = ntodo, .chunk = 1,
                               .cpus = a->jobs, .partition = a->so.partition,
                               .time = a->so.time, .mem = a->so.mem };
    struct afile af;
    char err[768];
    FILE *f = array ? afile_open(&af, script, err, sizeof err) : NULL;
    if (!f) {
        fprintf(stderr, "ccgpu reproduce: %s\n", array ? err : "out of memory");
        free(array);
        return 1;
    }
    slurm_script_write(f, &sc);
    free(array);
    if (afile_commit(&af, err, sizeof err) != 0) {
        fprintf(stderr, "ccgpu reproduce: %s\n", err);
        return 1;
    }
    long job = sweep_sbatch("ccgpu reproduce", script);
    if (job < 0)
        return 1;
    printf("ccgpu reproduce: submitted job %ld, %ld figures (%s); then: ccgpu reproduce %s "
           "--size %s --out %s --report\n", job, ntodo, script, a->paper, size, out);
    return 0;
}

int cmd_reproduce(int argc, char **argv)
{
    struct args a;
    int rc = parse(argc, argv, &a);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (a.list)
        return list_papers();
    char *path = recipe_path(a.paper), *name = paper_name(a.paper), *out_buf = NULL, err[1024];
    char exe[PATH_MAX] = { 0 }, sel[RECIPE_MAX_FIGURES];
    struct recipe r;
    int have_recipe = 0;
    rc = 1;
    if (!path || !name) {
        fprintf(stderr, "ccgpu reproduce: '%s': expected a paper name (letters, digits, '-', '_') "
                        "or a .repro file\n", a.paper);
        rc = 2;
        goto out;
    }
    if (recipe_read(path, &r, err, sizeof err) != 0) {
        fprintf(stderr, "ccgpu reproduce: %s%s\n", err,
                errno == ENOENT && !strchr(a.paper, '/') ? " (ccgpu reproduce --list: the papers)"
                                                         : "");
        rc = 2;
        goto out;
    }
    have_recipe = 1;
    const char *size = a.size ? a.size : r.size;
    if (strcmp(size, "small") && strcmp(size, "medium") && strcmp(size, "large")) {
        fprintf(stderr, "ccgpu reproduce: --size '%s': expected small, medium or large\n", size);
        rc = 2;
        goto out;
    }
    if (!a.out) {
        out_buf = sweep_path("out", name);
        a.out = out_buf;
    }
    if (readlink("/proc/self/exe", exe, sizeof exe - 1) <= 0) {
        fprintf(stderr, "ccgpu reproduce: the path of this ccgpu (/proc/self/exe): %s\n",
                strerror(errno));
        goto out;
    }
    if (select_figures(&r, a.only, sel) != 0) {
        rc = 2;
        goto out;
    }
    if (a.task >= 0) { /* a Slurm array task: figure T alone */
        if (a.task >= r.nfigures) {
            fprintf(stderr, "ccgpu reproduce: --task %ld: %s has %d figures\n", a.task, path,
                    r.nfigures);
            rc = 2;
            goto out;
        }
        memset(sel, 0, sizeof sel);
        sel[a.task] = 1;
    }
    if (a.slurm) {
        rc = submit_slurm(&a, &r, a.out, exe, size, sel);
        goto out;
    }
    int failed = 0, ran = 0;
    for (int i = 0; i < r.nfigures && !a.report_only; i++) {
        if (!sel[i])
            continue;
        char *dir = sweep_path(a.out, r.figures[i].id);
        if (!dir) {
            fprintf(stderr, "ccgpu reproduce: out of memory\n");
            goto out;
        }
        struct figure_job job = { .fig = &r.figures[i], .recipe = r.path, .exe = exe, .dir = dir,
                                  .size = size, .jobs = a.jobs };
        struct figure_state st;
        figure_state_read(&job, &st);
        if (a.dry_run) {
            char *cmds = figure_commands(&job);
            printf("# %s: %s [%s]\n%s", r.figures[i].id, r.figures[i].title,
                   st.done ? "finished" : "to run", cmds ? cmds : "(out of memory)\n");
            free(cmds);
        } else if (st.done && !a.force) {
            fprintf(stderr, "ccgpu reproduce: %s finished (%.1f s CPU), kept\n", r.figures[i].id,
                    st.cpu_s);
        } else {
            fprintf(stderr, "ccgpu reproduce: %s: %s ...\n", r.figures[i].id, r.figures[i].title);
            int frc = figure_run(&job, &st, err, sizeof err);
            ran++;
            if (frc == 0) {
                fprintf(stderr, "ccgpu reproduce: %s done, %.1f s CPU, %.1f s wall\n",
                        r.figures[i].id, st.cpu_s, st.wall_s);
            } else {
                fprintf(stderr, "ccgpu reproduce: %s\n", err);
                failed++;
                if (frc < 0) {
                    free(dir);
                    goto out;
                }
            }
        }
        free(dir);
    }
    if (a.dry_run) {
        rc = 0;
        goto out;
    }
    struct report_input in = { .recipe = &r, .paper = a.paper, .out = a.out, .size = size,
                               .jobs = a.jobs, .exe = exe };
    if (sweep_make_dirs(a.out) != 0) {
        fprintf(stderr, "ccgpu reproduce: cannot create %s: %s\n", a.out, strerror(errno));
        goto out;
    }
    if (report_write(&in, err, sizeof err) != 0) {
        fprintf(stderr, "ccgpu reproduce: %s\n", err);
        goto out;
    }
    printf("wrote %s/report.md and %s/values.csv (%d figures run, %d failed)\n", a.out, a.out, ran,
           failed);
    rc = failed ? 1 : 0;
out:
    if (have_recipe)
        recipe_free(&r);
    free(path);
    free(name);
    free(out_buf);
    return rc;
}
