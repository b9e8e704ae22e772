#include "cli/progress_lines.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void progress_lines_begin(struct progress_lines *p, const char *command, long total)
{
    const char *env = getenv("CCGPU_PROGRESS_SECONDS");
    char *end = NULL;
    double every = env && *env ? strtod(env, &end) : 30.0;
    p->command = command;
    p->total = total;
    p->done = 0;
    p->every = every >= 0 && (!end || !*end) ? every : 30.0;
    p->on = !isatty(STDERR_FILENO) && !(env && !strcmp(env, "off"));
    p->start = p->last = seconds_now();
}

void progress_lines_step(struct progress_lines *p, const char *what)
{
    p->done++;
    if (!p->on)
        return;
    double now = seconds_now();
    if (now - p->last < p->every)
        return;
    p->last = now;
    long s = (long)(now - p->start);
    fprintf(stderr, "ccgpu %s: %ld of %ld runs done, last %s, ", p->command, p->done, p->total,
            what);
    if (s >= 60)
        fprintf(stderr, "%ld min %ld s elapsed\n", s / 60, s % 60);
    else
        fprintf(stderr, "%ld s elapsed\n", s);
    fflush(stderr);
}
