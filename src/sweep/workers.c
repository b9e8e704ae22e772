#include "sweep/workers.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

struct slot {
    pid_t pid; /* 0: free */
    long job;
    int fd; /* read end of the child's result pipe */
};

static void stop_all(struct slot *slot, int n)
{
    for (int w = 0; w < n; w++)
        if (slot[w].pid > 0)
            kill(slot[w].pid, SIGTERM);
    for (int w = 0; w < n; w++)
        if (slot[w].pid > 0) {
            while (waitpid(slot[w].pid, NULL, 0) < 0 && errno == EINTR)
                ;
            close(slot[w].fd);
            slot[w].pid = 0;
        }
}

/* The child's result: it has exited, so the pipe holds all it sent. */
static size_t drain(int fd, char *buf)
{
    size_t len = 0;
    for (;;) {
        ssize_t r = read(fd, buf + len, WORKERS_RESULT_MAX - len);
        if (r > 0 && (len += (size_t)r) < WORKERS_RESULT_MAX)
            continue;
        if (r < 0 && errno == EINTR)
            continue;
        return len;
    }
}

/* A worker dies with its parent: killed (even by SIGKILL, which runs no
 * handler) the parent can no longer read back or account for the job, and a
 * resume started at once would run the same job beside the orphan. */
static void die_with_parent(pid_t parent)
{
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    if (getppid() != parent) /* the parent died before prctl took effect */
        _exit(4);
}

/* Starts job i in slot w; -1 with err. */
static int start(const struct workers_ops *ops, void *ctx, struct slot *slot, int nslots, int w,
                 long i, char *err, size_t errlen)
{
    int p[2];
    if (pipe(p) != 0) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        return -1;
    }
    fcntl(p[0], F_SETFD, FD_CLOEXEC);
    if (ops->starting)
        ops->starting(ctx, i);
    fflush(stdout);
    fflush(stderr);
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        close(p[0]);
        close(p[1]);
        return -1;
    }
    if (pid == 0) {
        die_with_parent(parent);
        close(p[0]);
        for (int k = 0; k < nslots; k++)
            if (slot[k].pid > 0)
                close(slot[k].fd);
        int rc = ops->work(ctx, i, p[1]);
        fflush(stdout);
        fflush(stderr);
        _exit(rc);
    }
    close(p[1]);
    slot[w] = (struct slot){ .pid = pid, .job = i, .fd = p[0] };
    return 0;
}

int workers_run(const struct workers_ops *ops, void *ctx, long n, const char *todo, int jobs,
                char *err, size_t errlen)
{
    struct slot *slot = calloc((size_t)jobs, sizeof *slot);
    char *result = malloc(WORKERS_RESULT_MAX);
    int running = 0, rc = 0;
    long next = 0;
    if (!slot || !result) {
        free(slot);
        free(result);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (;;) {
        while (running < jobs && rc == 0) {
            while (next < n && todo && !todo[next])
                next++;
            if (next == n)
                break;
            int w = 0;
            while (slot[w].pid > 0)
                w++;
            if (start(ops, ctx, slot, jobs, w, next, err, errlen) != 0) {
                rc = -1;
                break;
            }
            next++;
            running++;
        }
        if (running == 0 || rc != 0)
            break;
        int status;
        pid_t p = waitpid(-1, &status, 0);
        if (p < 0) {
            if (errno == EINTR)
                continue;
            snprintf(err, errlen, "waitpid: %s", strerror(errno));
            rc = -1;
            break;
        }
        int w = 0;
        while (w < jobs && slot[w].pid != p)
            w++;
        if (w == jobs)
            continue; /* not one of ours */
        size_t len = drain(slot[w].fd, result);
        close(slot[w].fd);
        slot[w].pid = 0;
        running--;
        if (ops->done)
            rc = ops->done(ctx, slot[w].job, status, result, len);
    }
    stop_all(slot, jobs);
    free(slot);
    free(result);
    return rc;
}

int workers_send(int result_fd, const void *data, size_t len)
{
    if (len > WORKERS_RESULT_MAX)
        return -1;
    ssize_t w;
    while ((w = write(result_fd, data, len)) < 0 && errno == EINTR)
        ;
    return w == (ssize_t)len ? 0 : -1;
}
