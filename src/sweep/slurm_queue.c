#include "sweep/slurm_queue.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PER_LINE 100000L

struct tasks {
    struct slurm_task *t;
    int n, cap;
};

static int add(struct tasks *ts, long job, long task, const char *state, size_t statelen)
{
    if (ts->n == ts->cap) {
        int cap = ts->cap ? ts->cap * 2 : 64;
        struct slurm_task *t = realloc(ts->t, (size_t)cap * sizeof *t);
        if (!t)
            return -1;
        ts->t = t;
        ts->cap = cap;
    }
    struct slurm_task *t = &ts->t[ts->n++];
    t->job = job;
    t->task = task;
    snprintf(t->state, sizeof t->state, "%.*s", (int)statelen, state);
    return 0;
}

/* a decimal number at *p; -1 when none */
static long number(const char **p)
{
    if (!isdigit((unsigned char)**p))
        return -1;
    char *end;
    long v = strtol(*p, &end, 10);
    *p = end;
    return v;
}

/* One line [start, end): 0 (added or skipped), -1 out of memory. */
static int parse_line(struct tasks *ts, const char *p, const char *end, char sep)
{
    const char *s = memchr(p, sep, (size_t)(end - p));
    if (!s)
        return 0;
    const char *state = s + 1, *state_end = state;
    while (state_end < end && !isspace((unsigned char)*state_end) && *state_end != sep)
        state_end++;
    if (state_end == state)
        return 0;
    long job = number(&p);
    if (job < 0 || *p++ != '_')
        return 0;
    if (*p != '[') { /* JOB_TASK */
        long task = number(&p);
        return task >= 0 && p == s ? add(ts, job, task, state, (size_t)(state_end - state)) : 0;
    }
    /* JOB_[A-B,C,...] (squeue may add a throttle "%N" at the end) */
    long count = 0;
    for (p++; p < s && *p != ']' && *p != '%';) {
        long a = number(&p), b = a;
        if (a < 0)
            return 0;
        if (*p == '-') {
            p++;
            if ((b = number(&p)) < a)
                return 0;
        }
        for (long t = a; t <= b && count < MAX_PER_LINE; t++, count++)
            if (add(ts, job, t, state, (size_t)(state_end - state)) != 0)
                return -1;
        if (*p == ',')
            p++;
    }
    return 0;
}

int slurm_tasks_parse(const char *text, char sep, struct slurm_task **out)
{
    struct tasks ts = { 0 };
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n'), *end = nl ? nl : p + strlen(p);
        if (parse_line(&ts, p, end, sep) != 0) {
            free(ts.t);
            *out = NULL;
            return -1;
        }
        p = nl ? nl + 1 : end;
    }
    *out = ts.t;
    return ts.n;
}

enum slurm_task_class slurm_task_classify(const char *state)
{
    static const char *const running[] = { "RUNNING", "COMPLETING", "CONFIGURING", "STAGE_OUT",
                                           "SIGNALING", NULL };
    static const char *const queued[] = { "PENDING", "REQUEUED", "REQUEUE_HOLD", "REQUEUE_FED",
                                          "SUSPENDED", "RESIZING", "RESV_DEL_HOLD", "STOPPED",
                                          "SPECIAL_EXIT", NULL };
    for (int i = 0; running[i]; i++)
        if (!strcmp(state, running[i]))
            return SLURM_TASK_RUNNING;
    for (int i = 0; queued[i]; i++)
        if (!strcmp(state, queued[i]))
            return SLURM_TASK_QUEUED;
    return strcmp(state, "COMPLETED") ? SLURM_TASK_FAILED : SLURM_TASK_ENDED;
}
