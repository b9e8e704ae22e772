#include "timing/progress.h"
#include <time.h>
#include <unistd.h>

#define PROGRESS_EVERY 65536u

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void progress_begin(struct progress *p, enum progress_mode mode, FILE *out)
{
    p->out = out;
    p->enabled = mode == PROGRESS_ON || (mode == PROGRESS_AUTO && isatty(fileno(out)));
    p->countdown = PROGRESS_EVERY;
    p->start = p->enabled ? seconds_now() : 0;
    p->last = p->start;
    p->shown = 0;
}

void progress_report(struct progress *p, const char *kernel, uint64_t cycle, double ipc)
{
    p->countdown = PROGRESS_EVERY;
    double t = seconds_now();
    if (t - p->start < 1.0 || t - p->last < 0.5)
        return;
    p->last = t;
    p->shown = 1;
    fprintf(p->out, "\rccgpu: kernel %-24.24s cycle %12llu  IPC %6.3f  elapsed %6.1f s ", kernel,
            (unsigned long long)cycle, ipc, t - p->start);
    fflush(p->out);
}

void progress_clear(struct progress *p)
{
    if (p->shown) {
        fprintf(p->out, "\r%*s\r", 90, "");
        fflush(p->out);
    }
    p->shown = 0;
}
