/* A pool of forked worker processes on one machine: job i of [0, n) (those
 * with todo[i], or all when todo is NULL) runs in a child process of its own,
 * at most `jobs` at a time; the parent hears of each job when its child ends,
 * in the order they end, with the child's wait status and the bytes it sent
 * (workers_send). Used by `ccgpu sweep --jobs N` (a child writes its point
 * file) and `ccgpu compare --jobs N` (a child sends its row's figures back). */
#ifndef CCGPU_SWEEP_WORKERS_H
#define CCGPU_SWEEP_WORKERS_H
#include <stddef.h>

#define WORKERS_RESULT_MAX 4096 /* PIPE_BUF: one write that never blocks */

struct workers_ops {
    /* In the child: runs job i; result_fd takes workers_send. The return
     * value is the child's exit status. */
    int (*work)(void *ctx, long i, int result_fd);
    /* In the parent, once job i's child has ended: status as waitpid gives
     * it, the bytes it sent (len 0 when none). 0 goes on; a positive value stops
     * the pool (running children get SIGTERM and are waited for) and is what
     * workers_run returns. May be NULL. */
    int (*done)(void *ctx, long i, int status, const void *result, size_t len);
    /* In the parent, just before job i's child is started. May be NULL. */
    void (*starting)(void *ctx, long i);
};

/* 0 when every job ran and done() accepted each; done()'s value when it
 * stopped the pool; -1 with err when a child could not be started or
 * waited for (the running ones are stopped). */
int workers_run(const struct workers_ops *ops, void *ctx, long n, const char *todo, int jobs,
                char *err, size_t errlen);

/* From a child: sends up to WORKERS_RESULT_MAX bytes to the parent (once). */
int workers_send(int result_fd, const void *data, size_t len);

#endif
