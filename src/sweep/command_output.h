/* Runs another program and reads what it prints: how `ccgpu sweep` talks
 * to sbatch, squeue and sacct. */
#ifndef CCGPU_SWEEP_COMMAND_OUTPUT_H
#define CCGPU_SWEEP_COMMAND_OUTPUT_H
#include <stddef.h>

/* Runs argv (argv[0] looked up on PATH; NULL-terminated) with stdin from
 * /dev/null and its stdout (and its stderr too with merge_stderr, else to
 * ours) read into *out (malloc'd, NUL-terminated; free it). 0 with *status
 * as waitpid gives it; -1 with err ("squeue: not found on PATH") when the
 * program could not be started. */
int command_output(const char *const *argv, int merge_stderr, char **out, int *status, char *err,
                   size_t errlen);

#endif
