#include "sweep/sweep_run.h"
#include "sweep/afile.h"
#include "sweep/csv.h"
#include "sweep/plot.h"
#include "sweep/sweep_best.h"
#include "sweep/sweep_plan.h"
#include "sweep/sweep_results.h"
#include "sweep/sweep_set.h"
#include "sweep/workers.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct sweep {
    const struct sweep_opts *o;
    struct sweep_set set;
    long first, end;         /* the points of this run: all, or one task's chunk */
    char (*plot_y)[256];     /* the statistic of each --plot, then of each --best */
    int *best_min;           /* per --best: minimise */
    const char **stat_names; /* --stats plus the plotted statistics */
    int nstat_names;
    int stats_checked;
    int lock_fd; /* DIR/.lock, held while the sweep runs */
    long done, failed, resumed, missing;
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* One sweep per folder at a time: a second one would rewrite the same files.
 * Slurm array tasks of one sweep share the folder (shared locks): each
 * writes only its own chunk's points and removes only their temporaries.
 * -1 when the folder is in use (or not writable); a task on a file system
 * without fcntl locks (Lustre mounted without flock) goes on unlocked. */
static int lock_dir(const char *dir, int shared)
{
    char *path = sweep_path(dir, ".lock");
    int fd = path ? open(path, O_RDWR | O_CREAT, 0666) : -1;
    free(path);
    if (fd < 0)
        return -1;
    struct flock fl = { .l_type = shared ? F_RDLCK : F_WRLCK, .l_whence = SEEK_SET };
    if (fcntl(fd, F_SETLK, &fl) != 0) {
        int unsupported = errno != EAGAIN && errno != EACCES;
        close(fd);
        return shared && unsupported ? -2 : -1;
    }
    return fd; /* the lock lasts until fd is closed (or the process exits) */
}

/* Whether the temporary file NAME in the points folder belongs to a point
 * this run is about to write; s NULL: any temporary file. */
static int temp_to_remove(const struct sweep *s, const char *todo, const char *name)
{
    if (!afile_is_temp_name(name))
        return 0;
    for (long i = s ? s->first : 0; s && i < s->end; i++)
        if (todo[i] && afile_is_temp_of(name, strrchr(s->set.files[i], '/') + 1))
            return 1;
    return !s;
}

/* Temporary files of an interrupted earlier run (a task killed mid-write):
 * all of them in DIR, or (s given) those of the points in todo. */
static void remove_temps(const char *dir, const struct sweep *s, const char *todo)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!temp_to_remove(s, todo, e->d_name))
            continue;
        char *p = sweep_path(dir, e->d_name);
        if (p)
            remove(p);
        free(p);
    }
    closedir(d);
}

/* Runs point i on a fresh GPU and writes its file. 0, or -1 when the file
 * could not be written (err). A failing benchmark is a FAIL point, not -1. */
static int run_point(const struct sweep *s, long i, char *err, size_t errlen)
{
    const char *keys[SWEEP_MAX_PARAMS], *values[SWEEP_MAX_PARAMS];
    struct sweep_point_id id;
    sweep_set_id(&s->set, i, &id, keys, values);
    const struct bench_ops *b = bench_find(id.bench);
    char msg[512] = "";
    double t0 = now();
    ccgpu *gpu = NULL;
    int pass = 0;
    ccgpu_config *cfg = sweep_set_config(&s->set, i, msg, sizeof msg);
    if (cfg) {
        gpu = ccgpu_create(cfg, msg, sizeof msg);
        ccgpu_config_free(cfg);
    }
    if (gpu && b) {
        ccgpu_set_printf_stream(gpu, stdout);
        struct bench_ctx ctx = {
            .gpu = gpu,
            .size = s->o->size,
            .input = s->o->input,
            .data_dir = s->o->data_dir,
            .seed = s->o->seed,
            .log = s->o->verbose ? stderr : NULL,
        };
        pass = b->run(&ctx) == 0;
        if (!pass)
            snprintf(msg, sizeof msg, "%s", ctx.error);
    } else if (!b) {
        snprintf(msg, sizeof msg, "unknown benchmark '%s'", id.bench);
    }
    int rc = sweep_point_write(s->set.files[i], &id, pass, msg, now() - t0, gpu, err, errlen);
    ccgpu_destroy(gpu);
    return rc;
}

/* The point file of a worker that died without writing one. */
static int record_crash(const struct sweep *s, long i, int status, char *err, size_t errlen)
{
    const char *keys[SWEEP_MAX_PARAMS], *values[SWEEP_MAX_PARAMS];
    struct sweep_point_id id;
    sweep_set_id(&s->set, i, &id, keys, values);
    char msg[128];
    if (WIFSIGNALED(status))
        snprintf(msg, sizeof msg, "worker killed by signal %d", WTERMSIG(status));
    else
        snprintf(msg, sizeof msg, "worker exited with status %d", WEXITSTATUS(status));
    return sweep_point_write(s->set.files[i], &id, 0, msg, 0, NULL, err, errlen);
}

/* Every --stats name (and plotted statistic) must be a statistic of the
 * first point that has statistics. */
static int check_stats(struct sweep *s, const struct json *point, const char *path)
{
    const struct json *tot = sweep_point_totals(point);
    if (s->stats_checked || !tot)
        return 0;
    s->stats_checked = 1;
    for (int k = 0; k < s->nstat_names; k++)
        if (!json_get(tot, s->stat_names[k])) {
            fprintf(stderr, "ccgpu sweep: unknown statistic '%s' (not in %s)\n",
                    s->stat_names[k], path);
            return -1;
        }
    return 0;
}

/* After point i finished: read its file back, print the progress line,
 * check the statistic names. -1 = stop the sweep (exit 2). */
static int finished(struct sweep *s, long i)
{
    struct json *j;
    char err[768], label[512];
    const char *keys[SWEEP_MAX_PARAMS], *values[SWEEP_MAX_PARAMS];
    struct sweep_point_id id;
    sweep_set_id(&s->set, i, &id, keys, values);
    if (sweep_point_read(s->set.files[i], &id, &j, err, sizeof err) != SWEEP_POINT_MATCH) {
        fprintf(stderr, "ccgpu sweep: %s\n", err);
        return -1;
    }
    s->done++;
    int pass = sweep_point_passed(j);
    if (!pass)
        s->failed++;
    sweep_plan_label(&s->set.plan, i, label, sizeof label);
    const struct json *secs = json_get(j, "seconds");
    printf("[%ld/%ld] %s%s%s: %s (%.3f s)", s->done + s->resumed, s->end - s->first, id.bench,
           label[0] ? " " : "", label, pass ? "PASS" : "FAIL",
           secs && secs->type == JSON_NUMBER ? strtod(secs->text, NULL) : 0.0);
    if (!pass)
        printf(" %s", json_str(json_get(j, "error")));
    printf("\n");
    fflush(stdout);
    int rc = check_stats(s, j, s->set.files[i]);
    json_free(j);
    return rc;
}

/* Ctrl-C: say how to go on, then die of SIGINT as if unhandled (so the
 * shell sees it). Only async-signal-safe calls. Finished points are safe on
 * disk; the running ones are lost, their temporary files removed next run. */
static void on_interrupt(int sig)
{
    static const char msg[] = "\nccgpu sweep: interrupted; run the same command again to resume\n";
    ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)w;
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Installs on_interrupt unless SIGINT is ignored (a background job); the
 * previous action goes to *old. */
static void catch_interrupt(struct sigaction *old)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGINT, NULL, old) == 0 && old->sa_handler != SIG_IGN)
        sigaction(SIGINT, &sa, NULL);
}

/* A Slurm task's log names each point as it starts: a task killed by its
 * time limit says in which point. */
static void starting(void *ctx, long i)
{
    const struct sweep *s = ctx;
    char what[600];
    if (s->o->mode != SWEEP_TASK)
        return;
    sweep_set_describe(&s->set, i, what, sizeof what);
    printf("start: %s\n", what);
    fflush(stdout);
}

static int run_serial(struct sweep *s, const char *todo)
{
    for (long i = s->first; i < s->end; i++) {
        if (!todo[i])
            continue;
        char err[768];
        starting(s, i);
        if (run_point(s, i, err, sizeof err) != 0) {
            fprintf(stderr, "ccgpu sweep: %s\n", err);
            return 1;
        }
        if (finished(s, i) != 0)
            return 2;
    }
    return 0;
}

/* --jobs N: one forked worker per point (workers.h). Each worker writes its
 * own point file, so results do not depend on the order they finish in. */
static int work_point(void *ctx, long i, int result_fd)
{
    char err[768];
    (void)result_fd;
    signal(SIGINT, SIG_DFL); /* the parent alone reports */
    if (run_point(ctx, i, err, sizeof err) == 0)
        return 0;
    fprintf(stderr, "ccgpu sweep: %s\n", err);
    return 3;
}

static int point_done(void *ctx, long i, int status, const void *result, size_t len)
{
    struct sweep *s = ctx;
    char err[768];
    (void)result;
    (void)len;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 3)
        return 1; /* could not write: the worker said why */
    if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0) &&
        record_crash(s, i, status, err, sizeof err) != 0) {
        fprintf(stderr, "ccgpu sweep: %s\n", err);
        return 1;
    }
    return finished(s, i) != 0 ? 2 : 0;
}

static int run_parallel(struct sweep *s, const char *todo)
{
    static const struct workers_ops ops = { .work = work_point, .done = point_done,
                                            .starting = starting };
    char err[256];
    int rc = workers_run(&ops, s, s->set.plan.npoints, todo, s->o->jobs, err, sizeof err);
    if (rc < 0) {
        fprintf(stderr, "ccgpu sweep: %s\n", err);
        return 1;
    }
    return rc;
}

/* Which points need running (--collect: which are missing): a file that
 * matches this point is kept (and counted as resumed); a missing, malformed
 * or stale one is (re)run. */
static int scan(struct sweep *s, char *todo)
{
    int collect = s->o->mode == SWEEP_COLLECT;
    for (long i = s->first; i < s->end; i++) {
        struct json *j = NULL;
        char err[768];
        switch (sweep_set_read(&s->set, i, &j, err, sizeof err)) {
        case SWEEP_POINT_MATCH:
            if (s->o->rerun_failed && !collect && !sweep_point_passed(j)) {
                todo[i] = 1;
                break;
            }
            s->resumed++;
            if (!sweep_point_passed(j))
                s->failed++;
            if (check_stats(s, j, s->set.files[i]) != 0) {
                json_free(j);
                return -1;
            }
            break;
        case SWEEP_POINT_MISSING:
            todo[i] = 1;
            break;
        case SWEEP_POINT_STALE:
        case SWEEP_POINT_BAD:
            fprintf(stderr, "ccgpu sweep: %s; %s\n", err, collect ? "left out" : "running it again");
            todo[i] = 1;
            break;
        }
        json_free(j);
    }
    return 0;
}

/* --plot Y[:X]: Y against X (default the first parameter), one series per
 * benchmark and per value of every other parameter. */
static int make_plots(const struct sweep *s, const char *csv_path)
{
    struct csv_table t;
    char err[768];
    if (s->o->nplots == 0)
        return 0;
    if (csv_read_file(csv_path, &t, err, sizeof err) != 0) {
        fprintf(stderr, "ccgpu sweep: %s\n", err);
        return 1;
    }
    int rc = 0;
    for (int k = 0; k < s->o->nplots && rc == 0; k++) {
        const char *spec = s->o->plots[k], *colon = strchr(spec, ':'), *y = s->plot_y[k];
        char svgname[600];
        const char *x = colon ? colon + 1 : s->set.plan.params[0].key;
        struct plot_spec p = { .x = x, .ny = 1, .skip_failed = 1, .source = "results.csv" };
        p.y[0] = y;
        if (strcmp(x, "bench") != 0)
            p.group[p.ngroup++] = "bench";
        for (int q = 0; q < s->set.plan.nparams && p.ngroup < PLOT_MAX_COLS; q++)
            if (strcmp(s->set.plan.params[q].key, x) != 0)
                p.group[p.ngroup++] = s->set.plan.params[q].key;
        /* file name: plot_Y[_vs_X].svg with characters outside [A-Za-z0-9.-] as '_' */
        size_t n = (size_t)snprintf(svgname, sizeof svgname, colon ? "plot_%s_vs_%s" : "plot_%s",
                                    y, x);
        for (size_t c = 0; c < n && c < sizeof svgname; c++) {
            char ch = svgname[c];
            if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                  ch == '.' || ch == '-'))
                svgname[c] = '_';
        }
        if (n + 4 < sizeof svgname)
            strcat(svgname, ".svg");
        char *svg = sweep_path(s->o->dir, svgname);
        p.svg = svg;
        if (!svg || plot_make(&t, &p, stdout, err, sizeof err) != 0) {
            fprintf(stderr, "ccgpu sweep: --plot %s: %s\n", spec, svg ? err : "out of memory");
            rc = 1;
        }
        free(svg);
    }
    csv_free(&t);
    return rc;
}

/* --best STAT[:min|:max]: per benchmark and values of the other parameters,
 * the value of the first parameter with the best STAT (Best-SWL with
 * --param gpgpu_scheduler=swl:1..32 --best ipc). */
static int print_best(const struct sweep *s, const char *csv_path)
{
    struct csv_table t;
    char err[768];
    if (s->o->nbest == 0)
        return 0;
    if (csv_read_file(csv_path, &t, err, sizeof err) != 0) {
        fprintf(stderr, "ccgpu sweep: %s\n", err);
        return 1;
    }
    const char *group[SWEEP_MAX_PARAMS + 1];
    int ngroup = 0, rc = 0;
    group[ngroup++] = "bench";
    for (int q = 1; q < s->set.plan.nparams; q++)
        group[ngroup++] = s->set.plan.params[q].key;
    const char *x = s->set.plan.params[0].key;
    for (int k = 0; k < s->o->nbest && rc == 0; k++) {
        const char *y = s->plot_y[s->o->nplots + k];
        int *rows, n;
        if (sweep_best_rows(&t, y, group, ngroup, s->best_min[k], &rows, &n, err, sizeof err) != 0) {
            fprintf(stderr, "ccgpu sweep: --best %s: %s\n", s->o->best[k], err);
            rc = 1;
            break;
        }
        for (int i = 0; i < n; i++) {
            const char **row = (const char **)t.rows[rows[i]];
            printf("best %s (%s): %s", y, s->best_min[k] ? "min" : "max", row[0]);
            for (int g = 1; g < ngroup; g++)
                printf(" %s=%s", group[g], row[csv_column(&t, group[g])]);
            printf(": %s=%s (%s %s)\n", x, row[csv_column(&t, x)], y, row[csv_column(&t, y)]);
        }
        if (n == 0)
            printf("best %s: no PASS point has it\n", y);
        free(rows);
    }
    fflush(stdout);
    csv_free(&t);
    return rc;
}

static void sweep_free(struct sweep *s)
{
    sweep_set_free(&s->set);
    free(s->stat_names);
    free(s->plot_y);
    free(s->best_min);
    if (s->lock_fd >= 0)
        close(s->lock_fd);
}

/* The folders and the lock: a sweep creates DIR and DIR/points, locks DIR
 * and removes every temporary file left there; a Slurm task shares the lock
 * and leaves other tasks' temporaries alone; --collect only reads. */
static int prepare_dir(struct sweep *s, const struct sweep_opts *o)
{
    struct stat st;
    if (o->mode == SWEEP_COLLECT) {
        if (stat(s->set.points_dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
            fprintf(stderr, "ccgpu sweep: --collect: %s: no such folder (no point has run)\n",
                    s->set.points_dir);
            return 1;
        }
        return 0;
    }
    if (sweep_make_dirs(s->set.points_dir) != 0) {
        fprintf(stderr, "ccgpu sweep: cannot create %s: %s\n", s->set.points_dir, strerror(errno));
        return 1;
    }
    if ((s->lock_fd = lock_dir(o->dir, o->mode == SWEEP_TASK)) == -1) {
        fprintf(stderr, "ccgpu sweep: %s is in use by another sweep (or not writable)\n", o->dir);
        return 2;
    }
    if (o->mode == SWEEP_RUN) {
        remove_temps(o->dir, NULL, NULL);
        remove_temps(s->set.points_dir, NULL, NULL);
    }
    return 0;
}

/* This run's points: all of them, or chunk `task` of a Slurm array. */
static int choose_range(struct sweep *s, const struct sweep_opts *o)
{
    long n = s->set.plan.npoints;
    s->first = 0;
    s->end = n;
    if (o->mode != SWEEP_TASK)
        return 0;
    long chunks = (n + o->chunk - 1) / o->chunk;
    if (o->task < 0 || o->task >= chunks) {
        fprintf(stderr, "ccgpu sweep: --task %ld: the sweep has %ld chunks of %ld points (0..%ld)\n",
                o->task, chunks, o->chunk, chunks - 1);
        return 2;
    }
    s->first = o->task * o->chunk;
    s->end = s->first + o->chunk < n ? s->first + o->chunk : n;
    s->stats_checked = 1; /* statistic names matter to --collect only */
    return 0;
}

static int setup(struct sweep *s, const struct sweep_opts *o)
{
    char err[512];
    if (sweep_set_init(&s->set, o, err, sizeof err) != 0) {
        fprintf(stderr, "ccgpu sweep: %s\n", err);
        return 2;
    }
    int rc = choose_range(s, o);
    if (rc == 0)
        rc = prepare_dir(s, o);
    if (rc != 0)
        return rc;
    s->stat_names = calloc((size_t)(o->nstats + o->nplots + o->nbest) + 1, sizeof *s->stat_names);
    s->plot_y = calloc((size_t)(o->nplots + o->nbest) + 1, sizeof *s->plot_y);
    s->best_min = calloc((size_t)o->nbest + 1, sizeof *s->best_min);
    if (!s->stat_names || !s->plot_y || !s->best_min) {
        fprintf(stderr, "ccgpu sweep: out of memory\n");
        return 1;
    }
    for (int k = 0; k < o->nstats; k++)
        s->stat_names[s->nstat_names++] = o->stats[k];
    for (int k = 0; k < o->nplots; k++) {
        const char *c = strchr(o->plots[k], ':');
        const char *x = c ? c + 1 : o->nparams ? o->params[0].key : NULL;
        int known = x && !strcmp(x, "bench");
        for (int q = 0; x && q < o->nparams; q++)
            known |= !strcmp(x, o->params[q].key);
        if (!known) {
            fprintf(stderr, "ccgpu sweep: --plot %s: %s\n", o->plots[k],
                    x ? "X must be a --param key or bench" : "no --param to plot against (give Y:X)");
            return 2;
        }
        snprintf(s->plot_y[k], sizeof s->plot_y[k], "%.*s",
                 c ? (int)(c - o->plots[k]) : (int)strlen(o->plots[k]), o->plots[k]);
        s->stat_names[s->nstat_names++] = s->plot_y[k];
    }
    for (int k = 0; k < o->nbest; k++) {
        const char *c = strchr(o->best[k], ':');
        if (!o->nparams || (c && strcmp(c, ":min") != 0 && strcmp(c, ":max") != 0)) {
            fprintf(stderr, "ccgpu sweep: --best %s: %s\n", o->best[k],
                    o->nparams ? "expected STAT, STAT:max or STAT:min"
                               : "needs a --param to choose a value of");
            return 2;
        }
        char *y = s->plot_y[o->nplots + k];
        snprintf(y, sizeof s->plot_y[0], "%.*s", c ? (int)(c - o->best[k]) : (int)strlen(o->best[k]),
                 o->best[k]);
        s->best_min[k] = c && !strcmp(c, ":min");
        s->stat_names[s->nstat_names++] = y;
    }
    return 0;
}

/* --collect: names the missing points (the first few) after the summary. */
static void print_missing(const struct sweep *s, const char *todo)
{
    long shown = 0;
    for (long i = s->first; i < s->end; i++) {
        char what[600];
        if (!todo[i] || shown++ >= 10)
            continue;
        sweep_set_describe(&s->set, i, what, sizeof what);
        printf("missing: %s\n", what);
    }
    if (shown > 10)
        printf("missing: ... and %ld more\n", shown - 10);
}

/* Runs the points to do: 0, or the exit status. */
static int run_points(struct sweep *s, const char *todo)
{
    const struct sweep_opts *o = s->o;
    if (o->mode == SWEEP_TASK) {
        remove_temps(s->set.points_dir, s, todo);
        printf("sweep: task %ld: points %ld..%ld of %ld in %s (resumed %ld points, %ld to run, "
               "jobs %d)\n", o->task, s->first, s->end - 1, s->set.plan.npoints, o->dir, s->resumed,
               s->end - s->first - s->resumed, o->jobs);
    } else {
        printf("sweep: %ld points in %s (resumed %ld points, %ld to run, jobs %d)\n",
               s->set.plan.npoints, o->dir, s->resumed, s->set.plan.npoints - s->resumed, o->jobs);
    }
    fflush(stdout);
    struct sigaction old_int;
    catch_interrupt(&old_int);
    int rc = o->jobs > 1 ? run_parallel(s, todo) : run_serial(s, todo);
    sigaction(SIGINT, &old_int, NULL);
    if (rc == 0 && o->mode == SWEEP_TASK) {
        afile_sync_dir(s->set.points_dir);
        printf("sweep: task %ld: %ld points, %ld passed, %ld failed\n", o->task, s->end - s->first,
               s->end - s->first - s->failed, s->failed);
        fflush(stdout);
    }
    return rc;
}

/* results.csv from the point files there are (todo marks the missing ones
 * under --collect), then --best and the plots. */
static int write_results(struct sweep *s, const char *todo, const char *csv)
{
    const struct sweep_opts *o = s->o;
    long n = s->set.plan.npoints;
    char **files = malloc((size_t)n * sizeof *files), err[768];
    if (!files) {
        fprintf(stderr, "ccgpu sweep: out of memory\n");
        return 1;
    }
    for (long i = 0; i < n; i++)
        files[i] = o->mode == SWEEP_COLLECT && todo[i] ? NULL : s->set.files[i];
    const char **extra = s->stat_names + o->nstats; /* the plotted and --best statistics */
    int rc = sweep_results_write(&s->set.plan, files, o->nstats ? o->stats : NULL, o->nstats,
                                 extra, o->nplots + o->nbest, SWEEP_DEFAULT_MAX_COLUMNS, csv,
                                 stdout, err, sizeof err);
    free(files);
    if (rc != 0) {
        fprintf(stderr, "ccgpu sweep: %s\n", err);
        return 1;
    }
    afile_sync_dir(s->set.points_dir);
    afile_sync_dir(o->dir);
    if (o->mode == SWEEP_COLLECT) {
        long there = n - s->missing;
        printf("collect: %ld points in %s: %ld there (%ld passed, %ld failed), %ld missing -> %s\n",
               n, o->dir, there, there - s->failed, s->failed, s->missing, csv);
        print_missing(s, todo);
    } else {
        printf("sweep: %ld points, %ld passed, %ld failed -> %s\n", n, n - s->failed, s->failed,
               csv);
    }
    fflush(stdout);
    rc = print_best(s, csv);
    if (rc == 0)
        rc = make_plots(s, csv);
    return rc;
}

int sweep_run(const struct sweep_opts *o)
{
    struct sweep s = { .o = o, .lock_fd = -1 };
    char *todo = NULL, *csv = NULL;
    int rc = setup(&s, o);
    if (rc != 0)
        goto out;
    if (o->mode == SWEEP_RUN && sweep_set_validate(&s.set) != 0) {
        rc = 2;
        goto out;
    }
    if (!(todo = calloc((size_t)s.set.plan.npoints, 1)) || !(csv = sweep_path(o->dir, "results.csv"))) {
        fprintf(stderr, "ccgpu sweep: out of memory\n");
        rc = 1;
        goto out;
    }
    if (scan(&s, todo) != 0) {
        rc = 2;
        goto out;
    }
    if (o->mode == SWEEP_COLLECT)
        s.missing = s.end - s.first - s.resumed;
    else if ((rc = run_points(&s, todo)) != 0 || o->mode == SWEEP_TASK)
        goto out;
    rc = write_results(&s, todo, csv);
    if (rc == 0 && (s.failed || s.missing))
        rc = 1;
out:
    free(todo);
    free(csv);
    sweep_free(&s);
    return rc;
}
