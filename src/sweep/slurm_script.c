#include "sweep/slurm_script.h"
#include <stdlib.h>
#include <string.h>

void slurm_shell_quote(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'')
            fputs("'\\''", f);
        else
            fputc(*s, f);
    }
    fputc('\'', f);
}

int slurm_sbatch_value_ok(const char *v)
{
    return v && *v && !strpbrk(v, " \t\n\r\v\f'\"\\%");
}

void slurm_script_write(FILE *f, const struct slurm_script *s)
{
    const char *cmd = s->command ? s->command : "sweep";
    if (strcmp(cmd, "sweep"))
        fprintf(f, "#!/bin/bash\n"
                   "# ccgpu %s as a Slurm job array, written by `ccgpu %s --slurm`.\n"
                   "# %ld figures, %ld of them to run: array task T runs figure T into the\n"
                   "# same output folder; a finished figure is not run again. The report:\n"
                   "# the same command with --report once the tasks have ended.\n",
                cmd, cmd, s->npoints, s->ntodo);
    else
        fprintf(f, "#!/bin/bash\n"
               "# ccgpu sweep as a Slurm job array, written by `ccgpu sweep --slurm`.\n"
               "# %ld points, %ld of them to run, in chunks of %ld: array task T runs\n"
               "# points T*%ld .. T*%ld+%ld into the same output folder. A point already\n"
               "# written is skipped, so a requeued or resubmitted task runs only what\n"
               "# is missing; results.csv: the same sweep command with --collect.\n",
            s->npoints, s->ntodo, s->chunk, s->chunk, s->chunk, s->chunk - 1);
    fprintf(f, "#SBATCH --job-name=ccgpu-%s\n", cmd);
    fprintf(f, "#SBATCH --array=%s\n", s->array);
    fprintf(f, "#SBATCH --output=%s/task-%%A_%%a.out\n", s->log_dir);
    fprintf(f, "#SBATCH --open-mode=append\n");
    fprintf(f, "#SBATCH --requeue\n");
    fprintf(f, "#SBATCH --ntasks=1\n");
    fprintf(f, "#SBATCH --cpus-per-task=%d\n", s->cpus);
    if (s->partition)
        fprintf(f, "#SBATCH --partition=%s\n", s->partition);
    if (s->time)
        fprintf(f, "#SBATCH --time=%s\n", s->time);
    if (s->mem)
        fprintf(f, "#SBATCH --mem=%s\n", s->mem);
    fputs("cd ", f);
    slurm_shell_quote(f, s->cwd);
    fputs(" || exit 1\nexec ", f);
    slurm_shell_quote(f, s->exe);
    fprintf(f, " %s", cmd);
    for (int i = 0; i < s->nargs; i++) {
        fputc(' ', f);
        slurm_shell_quote(f, s->args[i]);
    }
    fprintf(f, " --chunk %ld --task \"$SLURM_ARRAY_TASK_ID\"\n", s->chunk);
}

char *slurm_array_spec(const char *todo, long n)
{
    size_t cap = 64, len = 0;
    char *buf = malloc(cap);
    if (!buf)
        return NULL;
    buf[0] = '\0';
    for (long t = 0; t < n; t++) {
        if (!todo[t])
            continue;
        long last = t;
        while (last + 1 < n && todo[last + 1])
            last++;
        if (cap - len < 48) {
            char *b = realloc(buf, cap *= 2);
            if (!b) {
                free(buf);
                return NULL;
            }
            buf = b;
        }
        len += (size_t)snprintf(buf + len, cap - len, "%s%ld", len ? "," : "", t);
        if (last > t)
            len += (size_t)snprintf(buf + len, cap - len, "-%ld", last);
        t = last;
    }
    return buf;
}
