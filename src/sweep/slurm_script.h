/* The sbatch script of `ccgpu sweep --slurm`: a Slurm job array whose task T
 * runs chunk T of the sweep (points T*chunk .. T*chunk+chunk-1) with the same
 * ccgpu binary, by absolute path, and the same sweep arguments plus
 * `--chunk K --task $SLURM_ARRAY_TASK_ID`, from the folder the sweep was
 * submitted from (so relative paths in the arguments hold). Every task writes
 * its points into the same output folder; one log per task in DIR/slurm/. */
#ifndef CCGPU_SWEEP_SLURM_SCRIPT_H
#define CCGPU_SWEEP_SLURM_SCRIPT_H
#include <stdio.h>

struct slurm_script {
    const char *command;     /* the subcommand: NULL or "sweep" for a sweep's script */
    const char *exe;         /* absolute path of the ccgpu binary */
    const char *cwd;         /* absolute: where the task runs */
    const char *const *args; /* the arguments after "sweep", Slurm-only options taken out */
    int nargs;
    const char *log_dir;  /* absolute DIR/slurm (slurm_sbatch_value_ok) */
    const char *array;    /* the array indices, as slurm_array_spec writes them */
    long npoints, ntodo;  /* points in the sweep, points still to run */
    long chunk;           /* points per task */
    int cpus;             /* CPUs per task (the sweep's --jobs) */
    const char *partition, *time, *mem; /* NULL: the cluster's default */
};

void slurm_script_write(FILE *f, const struct slurm_script *s);

/* The indices t of [0, n) with todo[t] as a Slurm --array list of ranges,
 * "0-3,7,9-12"; malloc'd, NULL when out of memory. */
char *slurm_array_spec(const char *todo, long n);

/* Whether v can stand in an #SBATCH line as it is: not empty, no white
 * space, quote, backslash or '%' (sbatch expands %A, %a ... in --output). */
int slurm_sbatch_value_ok(const char *v);

/* s in single quotes for the shell ('\'' for a quote inside). */
void slurm_shell_quote(FILE *f, const char *s);

#endif
