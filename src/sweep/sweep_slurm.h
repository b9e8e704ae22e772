/* A sweep on a Slurm cluster. `ccgpu sweep ... --slurm` writes
 * DIR/slurm/sweep.sbatch, a job array with one task per chunk of points
 * still to run (slurm_script.h), submits it with `sbatch` and records the
 * job in DIR/slurm/jobs ("JOBID CHUNK" per line); each task runs
 * `ccgpu sweep ... --chunk K --task T` (sweep_run.h, SWEEP_TASK) into DIR.
 * `ccgpu sweep ... --status` counts the points done, failed, running,
 * queued and missing from DIR/points and, for the recorded jobs, from
 * `squeue` and `sacct` when they answer. */
#ifndef CCGPU_SWEEP_SWEEP_SLURM_H
#define CCGPU_SWEEP_SWEEP_SLURM_H
#include "sweep/sweep_run.h"

struct sweep_slurm_opts {
    const char *partition, *time, *mem; /* NULL: the cluster's default */
    long chunk;                         /* points per array task */
    int dry_run;                        /* write the script, submit nothing */
    const char *const *args;            /* the arguments after "sweep" for the tasks */
    int nargs;
};

/* Exit status: 0 submitted (or written, or nothing left to run), 1 an I/O
 * error or sbatch failed, 2 a usage error (a value the configuration
 * rejects, a value that cannot stand in the script). */
int sweep_slurm_submit(const struct sweep_opts *o, const struct sweep_slurm_opts *so);

/* Exit status: 0 when every point has its file (PASS or FAIL), 1 when some
 * are still running, queued or missing, 2 a usage error. */
int sweep_slurm_status(const struct sweep_opts *o);

/* Whether --partition, --time and --mem can stand in an #SBATCH line
 * (slurm_sbatch_value_ok); -1 with a message beginning with who when not. */
int sweep_slurm_values_ok(const char *who, const struct sweep_slurm_opts *so);

/* sbatch --parsable SCRIPT: the job id, or -1 with a message on stderr
 * beginning with who ("ccgpu sweep"). */
long sweep_sbatch(const char *who, const char *script);

#endif
