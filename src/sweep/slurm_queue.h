/* What Slurm says about the array tasks of a sweep, for `ccgpu sweep
 * --status`: the lines of `squeue --array --noheader --format='%i %T'`
 * ("123_4 RUNNING") and of `sacct -X -n -P -o JobID,State`
 * ("123_4|CANCELLED by 0"), read into (job, task, state). */
#ifndef CCGPU_SWEEP_SLURM_QUEUE_H
#define CCGPU_SWEEP_SLURM_QUEUE_H

struct slurm_task {
    long job, task;
    char state[24]; /* the state's first word: RUNNING, PENDING, TIMEOUT ... */
};

/* Parses text: one task per line "JOB_TASK<sep>STATE...", or several for
 * "JOB_[0-3,7]" (a pending rest of an array; at most 100000 per line).
 * Other lines (a job that is no array, a step, an error message) are
 * skipped. The number of tasks in *out (malloc'd; free it), or -1 when out
 * of memory. */
int slurm_tasks_parse(const char *text, char sep, struct slurm_task **out);

enum slurm_task_class {
    SLURM_TASK_RUNNING, /* RUNNING, COMPLETING, CONFIGURING, ... */
    SLURM_TASK_QUEUED,  /* PENDING, REQUEUED, SUSPENDED, held ... */
    SLURM_TASK_ENDED,   /* COMPLETED */
    SLURM_TASK_FAILED,  /* FAILED, TIMEOUT, CANCELLED, OUT_OF_MEMORY, NODE_FAIL, ... */
};
enum slurm_task_class slurm_task_classify(const char *state);

#endif
