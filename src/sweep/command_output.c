#include "sweep/command_output.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* In the child: wire the pipes and exec; on failure the errno goes up the
 * close-on-exec pipe `report`. */
static void child(const char *const *argv, int merge_stderr, int outfd, int report)
{
    int in = open("/dev/null", O_RDONLY);
    if (in >= 0) {
        dup2(in, STDIN_FILENO);
        close(in);
    }
    dup2(outfd, STDOUT_FILENO);
    if (merge_stderr)
        dup2(outfd, STDERR_FILENO);
    close(outfd);
    execvp(argv[0], (char *const *)argv);
    int e = errno;
    ssize_t w = write(report, &e, sizeof e);
    (void)w;
    _exit(127);
}

static char *read_all(int fd)
{
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (cap - len < 2048) {
            char *b = realloc(buf, cap *= 2);
            if (!b)
                break;
            buf = b;
        }
        ssize_t r = read(fd, buf + len, cap - len - 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            buf[len] = '\0';
            return buf;
        }
        len += (size_t)r;
    }
    free(buf);
    return NULL;
}

int command_output(const char *const *argv, int merge_stderr, char **out, int *status, char *err,
                   size_t errlen)
{
    int o[2], r[2];
    *out = NULL;
    if (pipe(o) != 0) {
        snprintf(err, errlen, "%s: pipe: %s", argv[0], strerror(errno));
        return -1;
    }
    if (pipe(r) != 0) {
        snprintf(err, errlen, "%s: pipe: %s", argv[0], strerror(errno));
        close(o[0]);
        close(o[1]);
        return -1;
    }
    fcntl(r[1], F_SETFD, FD_CLOEXEC);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        close(o[0]);
        close(r[0]);
        child(argv, merge_stderr, o[1], r[1]);
    }
    close(o[1]);
    close(r[1]);
    if (pid < 0) {
        snprintf(err, errlen, "%s: fork: %s", argv[0], strerror(errno));
        close(o[0]);
        close(r[0]);
        return -1;
    }
    char *text = read_all(o[0]);
    int e = 0;
    ssize_t got;
    while ((got = read(r[0], &e, sizeof e)) < 0 && errno == EINTR)
        ;
    close(o[0]);
    close(r[0]);
    while (waitpid(pid, status, 0) < 0 && errno == EINTR)
        ;
    if (got == (ssize_t)sizeof e) {
        snprintf(err, errlen, "%s: %s", argv[0],
                 e == ENOENT ? "not found on PATH" : strerror(e));
        free(text);
        return -1;
    }
    if (!text) {
        snprintf(err, errlen, "%s: out of memory", argv[0]);
        return -1;
    }
    *out = text;
    return 0;
}
