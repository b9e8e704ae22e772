/* The live progress line on stderr for long timing runs:
 *   ccgpu: kernel bfs_expand  cycle 1234567  IPC 2.41  elapsed 3.2 s
 * shown once a run has taken more than a second, refreshed twice a second,
 * and only when stderr is a terminal (ccgpu_progress auto, the default;
 * `on` forces it, `off` silences it). It reads the wall clock only every
 * 64 K loop iterations and never touches statistics, so runs stay
 * deterministic and cheap. */
#ifndef CCGPU_TIMING_PROGRESS_H
#define CCGPU_TIMING_PROGRESS_H
#include <stdint.h>
#include <stdio.h>

enum progress_mode { PROGRESS_OFF, PROGRESS_ON, PROGRESS_AUTO };

struct progress {
    int enabled;
    FILE *out;
    uint32_t countdown;   /* loop iterations until the next clock read */
    double start, last;   /* seconds */
    int shown;            /* a line is on the terminal */
};

/* At GPU creation: the clock runs for the whole simulation, not per kernel. */
void progress_begin(struct progress *p, enum progress_mode mode, FILE *out);
/* Slow path of progress_tick. */
void progress_report(struct progress *p, const char *kernel, uint64_t cycle, double ipc);
/* At the end of each launch: erases the line (if one was shown), so the
 * command's own output starts on a clean line. */
void progress_clear(struct progress *p);

static inline int progress_due(struct progress *p)
{
    return p->enabled && --p->countdown == 0;
}

#endif
