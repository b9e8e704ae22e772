#include "sweep/sweep_slurm.h"
#include "sweep/afile.h"
#include "sweep/command_output.h"
#include "sweep/slurm_queue.h"
#include "sweep/slurm_script.h"
#include "sweep/sweep_set.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- --slurm ---------------------------------------------------------------- */

/* Marks the chunks holding a point without its file (or, with
 * --rerun-failed, with a FAIL file); the number of such points. */
static long chunks_to_run(const struct sweep_set *set, long chunk, char *todo)
{
    long n = 0;
    for (long i = 0; i < set->plan.npoints; i++) {
        struct json *j = NULL;
        char err[768];
        int done = sweep_set_read(set, i, &j, err, sizeof err) == SWEEP_POINT_MATCH &&
                   !(set->o->rerun_failed && !sweep_point_passed(j));
        json_free(j);
        if (!done) {
            todo[i / chunk] = 1;
            n++;
        }
    }
    return n;
}

static int write_script(const char *path, const struct slurm_script *sc)
{
    struct afile a;
    char err[768];
    FILE *f = afile_open(&a, path, err, sizeof err);
    if (f) {
        slurm_script_write(f, sc);
        if (afile_commit(&a, err, sizeof err) == 0)
            return 0;
    }
    fprintf(stderr, "ccgpu sweep: %s\n", err);
    return -1;
}

/* Appends "JOBID CHUNK" to DIR/slurm/jobs, for --status. */
static int record_job(const char *path, long job, long chunk)
{
    char line[64];
    int n = snprintf(line, sizeof line, "%ld %ld\n", job, chunk);
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0666);
    int ok = fd >= 0 && write(fd, line, (size_t)n) == n && fsync(fd) == 0;
    int e = errno;
    if (fd >= 0)
        close(fd);
    if (!ok)
        fprintf(stderr, "ccgpu sweep: %s: %s\n", path, strerror(e));
    return ok ? 0 : -1;
}

long sweep_sbatch(const char *who, const char *script)
{
    const char *argv[] = { "sbatch", "--parsable", script, NULL };
    char *out, err[512];
    int status;
    if (command_output(argv, 0, &out, &status, err, sizeof err) != 0) {
        fprintf(stderr, "%s: --slurm: %s (the script is %s)\n", who, err, script);
        return -1;
    }
    char *end;
    long job = strtol(out, &end, 10);
    int ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && end != out && job > 0 &&
             (*end == '\0' || *end == ';' || *end == '\n');
    if (!ok)
        fprintf(stderr, "%s: sbatch %s failed (%s %d)\n", who, script,
                WIFEXITED(status) ? "exit status" : "signal",
                WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
    free(out);
    return ok ? job : -1;
}

/* The absolute paths the script needs: this ccgpu, the current folder, and
 * DIR/slurm (created). -1 (message printed), -2 when DIR cannot stand in
 * the script. */
static int absolute_paths(const char *dir, char **exe, char **cwd, char **logs)
{
    enum { MAX = 4096 };
    char *rel = sweep_path(dir, "slurm");
    *exe = calloc(MAX, 1);
    *cwd = malloc(MAX);
    *logs = NULL;
    int rc = -1;
    if (!rel || !*exe || !*cwd) {
        fprintf(stderr, "ccgpu sweep: out of memory\n");
    } else if (!getcwd(*cwd, MAX)) {
        fprintf(stderr, "ccgpu sweep: --slurm: the current folder: %s\n", strerror(errno));
    } else if (readlink("/proc/self/exe", *exe, MAX - 1) <= 0) {
        fprintf(stderr, "ccgpu sweep: --slurm: the path of this ccgpu (/proc/self/exe): %s\n",
                strerror(errno));
    } else if (!(*logs = rel[0] == '/' ? strdup(rel) : sweep_path(*cwd, rel))) {
        fprintf(stderr, "ccgpu sweep: out of memory\n");
    } else if (!slurm_sbatch_value_ok(*logs)) {
        fprintf(stderr, "ccgpu sweep: --slurm: %s: a path with white space, quotes, a backslash "
                        "or '%%' cannot be sbatch's --output; choose another --out\n", *logs);
        rc = -2;
    } else if (sweep_make_dirs(*logs) != 0) {
        fprintf(stderr, "ccgpu sweep: cannot create %s: %s\n", *logs, strerror(errno));
    } else {
        rc = 0;
    }
    free(rel);
    return rc;
}

int sweep_slurm_values_ok(const char *who, const struct sweep_slurm_opts *so)
{
    const char *values[] = { so->partition, so->time, so->mem }, *names[] = { "partition", "time", "mem" };
    for (int k = 0; k < 3; k++)
        if (values[k] && !slurm_sbatch_value_ok(values[k])) {
            fprintf(stderr, "%s: --%s '%s': expected a value without white space, quotes, "
                            "backslashes or '%%'\n", who, names[k], values[k]);
            return -1;
        }
    return 0;
}

int sweep_slurm_submit(const struct sweep_opts *o, const struct sweep_slurm_opts *so)
{
    struct sweep_set set;
    char err[512], *todo = NULL, *exe = NULL, *cwd = NULL, *logs = NULL, *array = NULL;
    char *script = NULL, *jobs = NULL;
    int rc = 2;
    if (sweep_slurm_values_ok("ccgpu sweep", so) != 0)
        return 2;
    if (sweep_set_init(&set, o, err, sizeof err) != 0) {
        fprintf(stderr, "ccgpu sweep: %s\n", err);
        goto out;
    }
    if (sweep_set_validate(&set) != 0)
        goto out;
    rc = 1;
    long n = set.plan.npoints, nchunks = (n + so->chunk - 1) / so->chunk;
    if (!(todo = calloc((size_t)nchunks, 1))) {
        fprintf(stderr, "ccgpu sweep: out of memory\n");
        goto out;
    }
    long ntodo = chunks_to_run(&set, so->chunk, todo), ntasks = 0, last = 0;
    for (long t = 0; t < nchunks; t++)
        if (todo[t]) {
            ntasks++;
            last = t;
        }
    if (ntodo == 0) {
        printf("sweep: all %ld points are in %s; nothing to submit (results.csv: --collect)\n", n,
               o->dir);
        rc = 0;
        goto out;
    }
    int paths = absolute_paths(o->dir, &exe, &cwd, &logs);
    if (paths != 0) {
        rc = -paths;
        goto out;
    }
    if (!(array = slurm_array_spec(todo, nchunks)) || !(script = sweep_path(logs, "sweep.sbatch")) ||
        !(jobs = sweep_path(logs, "jobs"))) {
        fprintf(stderr, "ccgpu sweep: out of memory\n");
        goto out;
    }
    struct slurm_script sc = {
        .exe = exe, .cwd = cwd, .args = so->args, .nargs = so->nargs, .log_dir = logs,
        .array = array, .npoints = n, .ntodo = ntodo, .chunk = so->chunk,
        .cpus = o->jobs, .partition = so->partition, .time = so->time, .mem = so->mem,
    };
    if (write_script(script, &sc) != 0)
        goto out;
    printf("sweep: %s: %ld of %ld points to run in %ld array task%s of up to %ld points\n",
           script, ntodo, n, ntasks, ntasks == 1 ? "" : "s", so->chunk);
    if (last >= 1001)
        printf("sweep: note: array indices up to %ld; Slurm's default MaxArraySize is 1001 "
               "(a larger --chunk makes fewer tasks)\n", last);
    if (so->dry_run) {
        printf("sweep: dry run: submit it with: sbatch %s\n", script);
        rc = 0;
        goto out;
    }
    fflush(stdout);
    long job = sweep_sbatch("ccgpu sweep", script);
    if (job < 0 || record_job(jobs, job, so->chunk) != 0)
        goto out;
    printf("sweep: submitted job %ld; logs %s/task-%ld_T.out; follow it with --status, gather "
           "results.csv with --collect (the same command)\n", job, logs, job);
    rc = 0;
out:
    fflush(stdout);
    free(todo);
    free(exe);
    free(cwd);
    free(logs);
    free(array);
    free(script);
    free(jobs);
    sweep_set_free(&set);
    return rc;
}

/* ---- --status --------------------------------------------------------------- */

struct job {
    long id, chunk;
};

/* DIR/slurm/jobs: the jobs submitted for this folder (none when absent). */
static int read_jobs(const char *dir, struct job **jobs)
{
    char *path = sweep_path(dir, "slurm/jobs");
    FILE *f = path ? fopen(path, "r") : NULL;
    int n = 0, cap = 0;
    long id, chunk;
    *jobs = NULL;
    while (f && fscanf(f, "%ld %ld", &id, &chunk) == 2) {
        if (id <= 0 || chunk <= 0)
            continue;
        if (n == cap) {
            struct job *j = realloc(*jobs, (size_t)(cap = cap ? cap * 2 : 8) * sizeof *j);
            if (!j)
                break;
            *jobs = j;
        }
        (*jobs)[n++] = (struct job){ id, chunk };
    }
    if (f)
        fclose(f);
    free(path);
    return n;
}

struct status {
    const struct sweep_set *set;
    struct job *jobs;
    int njobs;
    char *file;   /* per point: 'P' PASS file, 'F' FAIL file, 0 none */
    char *live;   /* per point without a file: 2 its task runs, 1 it is queued */
    char (*ended)[64]; /* per point without a file: "task J_T STATE" of a task that failed */
    char squeue_why[600], sacct_why[600]; /* why squeue, sacct could not say; "" */
};

/* Runs a Slurm query; its tasks, or -1 with the reason in why. */
static int query(const char *const *argv, char sep, struct slurm_task **tasks, char *why,
                 size_t whylen)
{
    char *out, err[512];
    int status, n = -1;
    *tasks = NULL;
    if (command_output(argv, 1, &out, &status, err, sizeof err) != 0) {
        snprintf(why, whylen, "%s", err);
        return -1;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        if ((n = slurm_tasks_parse(out, sep, tasks)) < 0)
            snprintf(why, whylen, "%s: out of memory", argv[0]);
    } else {
        size_t len = strcspn(out, "\n"), name = strlen(argv[0]);
        int named = !strncmp(out, argv[0], name) && out[name] == ':'; /* "squeue: error: ..." */
        snprintf(why, whylen, "%s%s%.*s", named ? "" : argv[0], named ? "" : ": ", (int)len,
                 len ? out : "failed");
    }
    free(out);
    return n;
}

/* Applies what Slurm says of one task to the points of its chunk. */
static void apply(struct status *st, const struct slurm_task *t)
{
    long chunk = 0;
    for (int k = 0; k < st->njobs; k++)
        if (st->jobs[k].id == t->job)
            chunk = st->jobs[k].chunk;
    if (!chunk)
        return; /* not one of this sweep's jobs */
    enum slurm_task_class c = slurm_task_classify(t->state);
    long n = st->set->plan.npoints;
    for (long i = t->task * chunk; i >= 0 && i < n && i < (t->task + 1) * chunk; i++) {
        if (st->file[i])
            continue;
        if (c == SLURM_TASK_RUNNING)
            st->live[i] = 2;
        else if (c == SLURM_TASK_QUEUED && st->live[i] < 1)
            st->live[i] = 1;
        else if (c == SLURM_TASK_FAILED)
            snprintf(st->ended[i], sizeof st->ended[i], "task %ld_%ld %s", t->job, t->task,
                     t->state);
    }
}

/* squeue (tasks queued or running) and sacct (how ended tasks ended), each
 * when it answers. */
static void ask_slurm(struct status *st)
{
    char list[4096] = "", uid[32];
    size_t len = 0;
    for (int k = 0; k < st->njobs && len < sizeof list - 24; k++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%ld", k ? "," : "", st->jobs[k].id);
    snprintf(uid, sizeof uid, "--user=%ld", (long)getuid());
    const char *squeue[] = { "squeue", "--noheader", "--array", "--format=%i %T", uid, NULL };
    const char *sacct[] = { "sacct", "-X", "-n", "-P", "-o", "JobID,State", "-j", list, NULL };
    struct slurm_task *t;
    int n = query(sacct, '|', &t, st->sacct_why, sizeof st->sacct_why);
    for (int k = 0; k < n; k++)
        apply(st, &t[k]);
    free(t);
    n = query(squeue, ' ', &t, st->squeue_why, sizeof st->squeue_why); /* live state wins */
    for (int k = 0; k < n; k++)
        apply(st, &t[k]);
    free(t);
}

int sweep_slurm_status(const struct sweep_opts *o)
{
    struct sweep_set set;
    struct status st = { .set = &set };
    char err[768];
    int rc = 2;
    if (sweep_set_init(&set, o, err, sizeof err) != 0) {
        fprintf(stderr, "ccgpu sweep: %s\n", err);
        goto out;
    }
    long n = set.plan.npoints, count[5] = { 0 }; /* passed, failed, running, queued, missing */
    st.file = calloc((size_t)n, 1);
    st.live = calloc((size_t)n, 1);
    st.ended = calloc((size_t)n, sizeof *st.ended);
    rc = 1;
    if (!st.file || !st.live || !st.ended) {
        fprintf(stderr, "ccgpu sweep: out of memory\n");
        goto out;
    }
    for (long i = 0; i < n; i++) {
        struct json *j = NULL;
        if (sweep_set_read(&set, i, &j, err, sizeof err) == SWEEP_POINT_MATCH)
            st.file[i] = sweep_point_passed(j) ? 'P' : 'F';
        json_free(j);
    }
    st.njobs = read_jobs(o->dir, &st.jobs);
    if (st.njobs > 0)
        ask_slurm(&st);
    for (long i = 0; i < n; i++) {
        if (st.file[i])
            count[st.file[i] == 'P' ? 0 : 1]++;
        else
            count[st.live[i] == 2 ? 2 : st.live[i] == 1 ? 3 : 4]++;
    }
    printf("status: %ld points in %s: %ld passed, %ld failed, %ld running, %ld queued, %ld missing\n",
           n, o->dir, count[0], count[1], count[2], count[3], count[4]);
    if (st.squeue_why[0])
        printf("status: %s; running and queued points count as missing\n", st.squeue_why);
    if (st.sacct_why[0] && count[4])
        printf("status: %s; how the tasks of missing points ended is not known\n", st.sacct_why);
    long shown = 0;
    for (long i = 0; i < n; i++) {
        char what[600];
        if (st.file[i] || st.live[i] || shown++ >= 10)
            continue;
        sweep_set_describe(&set, i, what, sizeof what);
        printf("missing: %s%s%s%s\n", what, st.ended[i][0] ? " (" : "", st.ended[i],
               st.ended[i][0] ? ")" : "");
    }
    if (shown > 10)
        printf("missing: ... and %ld more\n", shown - 10);
    rc = count[2] + count[3] + count[4] ? 1 : 0;
out:
    fflush(stdout);
    free(st.file);
    free(st.live);
    free(st.ended);
    free(st.jobs);
    sweep_set_free(&set);
    return rc;
}
