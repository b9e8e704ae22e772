/* Progress of the commands that do many runs and print their table only at
 * the end (compare, opttlp; swl-sweep and suite print a line per run as it
 * finishes) when stderr is not a terminal (a batch
 * job, a log file, a pipe), where the live line of one run (the
 * ccgpu_progress option) stays silent:
 *   ccgpu compare: 5 of 12 runs done, last kmeans with ccws, 2 min 10 s elapsed
 * at most one line per interval (30 s; CCGPU_PROGRESS_SECONDS=N changes
 * it, 0 a line per run, "off" none), so short commands print nothing. */
#ifndef CCGPU_CLI_PROGRESS_LINES_H
#define CCGPU_CLI_PROGRESS_LINES_H

struct progress_lines {
    const char *command;
    long total, done;
    double start, last, every; /* seconds */
    int on;
};

void progress_lines_begin(struct progress_lines *p, const char *command, long total);
/* One run finished; what names it ("kmeans with ccws"). */
void progress_lines_step(struct progress_lines *p, const char *what);

#endif
