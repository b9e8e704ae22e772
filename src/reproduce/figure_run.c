#define _GNU_SOURCE /* wait4 */
#include "reproduce/figure_run.h"
#include "sweep/afile.h"
#include "sweep/slurm_script.h"
#include "sweep/sweep_set.h"
#include "util/text_input.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MARKER_HEAD "ccgpu reproduce: figure finished\n"

/* argv as a shell command line: words quoted only where they need it. */
static void write_command(FILE *f, char *const *argv)
{
    static const char plain[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                "0123456789_./:=,+-@%";
    for (char *const *a = argv; *a; a++) {
        if (a != argv)
            fputc(' ', f);
        if (**a && strspn(*a, plain) == strlen(*a))
            fputs(*a, f);
        else
            slurm_shell_quote(f, *a);
    }
    fputc('\n', f);
}

/* The expanded words of run k (NULL-terminated, for execv), or NULL. */
static char **expand_run(const struct figure_job *j, int k)
{
    const struct recipe_run *r = &j->fig->runs[k];
    char **argv = calloc((size_t)r->nwords + 2, sizeof *argv);
    if (!argv)
        return NULL;
    argv[0] = strdup("ccgpu");
    int ok = argv[0] != NULL;
    for (int i = 0; ok && i < r->nwords; i++)
        ok = (argv[i + 1] = recipe_expand(r->words[i], j->size, j->jobs, j->dir)) != NULL;
    if (!ok) {
        for (int i = 0; i <= r->nwords; i++)
            free(argv[i]);
        free(argv);
        return NULL;
    }
    return argv;
}

static void free_argv(char **argv)
{
    if (argv)
        for (char **a = argv; *a; a++)
            free(*a);
    free(argv);
}

char *figure_commands(const struct figure_job *j)
{
    char *buf = NULL;
    size_t len;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    int ok = 1;
    for (int k = 0; ok && k < j->fig->nruns; k++) {
        char **argv = expand_run(j, k);
        if ((ok = argv != NULL))
            write_command(f, argv);
        free_argv(argv);
    }
    ok = fclose(f) == 0 && ok;
    if (!ok) {
        free(buf);
        return NULL;
    }
    return buf;
}

static char *marker_path(const struct figure_job *j)
{
    return sweep_path(j->dir, "done");
}

void figure_state_read(const struct figure_job *j, struct figure_state *st)
{
    *st = (struct figure_state){ 0 };
    char *path = marker_path(j), *cmds = figure_commands(j), err[256];
    size_t len;
    char *text = path ? text_input_read(path, "marker", TEXT_INPUT_TEXT, &len, err, sizeof err)
                      : NULL;
    /* MARKER_HEAD, "cpu_s X wall_s Y\n", then the command lines */
    if (text && cmds && !strncmp(text, MARKER_HEAD, strlen(MARKER_HEAD))) {
        const char *p = text + strlen(MARKER_HEAD);
        int used = 0;
        if (sscanf(p, "cpu_s %lf wall_s %lf\n%n", &st->cpu_s, &st->wall_s, &used) == 2 && used > 0)
            st->done = !strcmp(p + used, cmds);
    }
    if (!st->done)
        st->cpu_s = st->wall_s = 0;
    free(text);
    free(cmds);
    free(path);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs argv with stdout and stderr on log_fd; the wait status, or -1. */
static int spawn(const char *exe, char **argv, int log_fd, double *cpu_s)
{
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int devnull = open("/dev/null", O_RDONLY);
        if (devnull >= 0)
            dup2(devnull, 0);
        dup2(log_fd, 1);
        dup2(log_fd, 2);
        execv(exe, argv);
        fprintf(stderr, "ccgpu reproduce: cannot run %s: %s\n", exe, strerror(errno));
        _exit(127);
    }
    int status;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0)
        if (errno != EINTR)
            return -1;
    *cpu_s += (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
              (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
    return status;
}

static int write_marker(const struct figure_job *j, double cpu_s, double wall_s, char *err,
                        size_t errlen)
{
    char *path = marker_path(j), *cmds = figure_commands(j);
    int rc = -1;
    struct afile a;
    FILE *f;
    if (!path || !cmds) {
        snprintf(err, errlen, "out of memory");
    } else if ((f = afile_open(&a, path, err, errlen))) {
        fprintf(f, MARKER_HEAD "cpu_s %.3f wall_s %.3f\n%s", cpu_s, wall_s, cmds);
        rc = afile_commit(&a, err, errlen);
    }
    free(path);
    free(cmds);
    return rc;
}

int figure_run(const struct figure_job *j, struct figure_state *st, char *err, size_t errlen)
{
    *st = (struct figure_state){ 0 };
    char *marker = marker_path(j), *log = sweep_path(j->dir, "log.txt");
    int rc = -1, fd = -1;
    if (!marker || !log) {
        snprintf(err, errlen, "out of memory");
        goto out;
    }
    if (sweep_make_dirs(j->dir) != 0) {
        snprintf(err, errlen, "cannot create %s: %s", j->dir, strerror(errno));
        goto out;
    }
    if (unlink(marker) != 0 && errno != ENOENT) {
        snprintf(err, errlen, "%s: %s", marker, strerror(errno));
        goto out;
    }
    if ((fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666)) < 0) {
        snprintf(err, errlen, "%s: %s", log, strerror(errno));
        goto out;
    }
    double t0 = now_s(), cpu = 0;
    for (int k = 0; k < j->fig->nruns; k++) {
        char **argv = expand_run(j, k);
        if (!argv) {
            snprintf(err, errlen, "out of memory");
            goto out;
        }
        char *line = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&line, &len);
        if (m) {
            fputs("$ ", m);
            write_command(m, argv);
            if (fclose(m) == 0 && write(fd, line, len) < 0) {
                /* the log is for people; the run goes on */
            }
        }
        free(line);
        int status = spawn(j->exe, argv, fd, &cpu);
        free_argv(argv);
        if (status == -1) {
            snprintf(err, errlen, "figure %s: cannot run %s: %s", j->fig->id, j->exe,
                     strerror(errno));
            goto out;
        }
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            snprintf(err, errlen, "figure %s: the run line at %s:%d %s %d (output in %s)",
                     j->fig->id, j->recipe, j->fig->runs[k].line,
                     WIFEXITED(status) ? "exited with status" : "was killed by signal",
                     WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status), log);
            rc = 1;
            goto out;
        }
    }
    st->cpu_s = cpu;
    st->wall_s = now_s() - t0;
    if (write_marker(j, st->cpu_s, st->wall_s, err, errlen) != 0)
        goto out;
    st->done = 1;
    rc = 0;
out:
    if (fd >= 0)
        close(fd);
    free(marker);
    free(log);
    return rc;
}
