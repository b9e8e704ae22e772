/* The lookahead mode's helper thread; see sim_threads.h. */
#include "timing/sim_threads.h"
#include <string.h>
#include <time.h>

/* hand-off waits spin this many times before blocking */
#define SPINS 2000
/* quanta per measured window, and windows on one thread before two are
 * tried again (doubled after each try, up to RETRY_MAX; reset by a window
 * in which two threads paid) */
#define WINDOW 512
#define RETRY_WINDOWS 16
/* consecutive windows in which two threads did not pay before one thread
 * takes over: a lone slow window is usually the host taking a core away
 * for a few milliseconds, not the hand-offs costing more than the overlap */
#define BAD_STREAK 2
#define RETRY_MAX 1024

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static inline void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Waits until *seq reaches target: a short spin, then on the condition
 * variable with *sleeps set. The sleeper sets *sleeps and then reads *seq;
 * the poster advances *seq and then reads *sleeps (both sequentially
 * consistent), so at least one of them sees the other's write: either the
 * sleeper finds the target reached or the poster finds it asleep and,
 * taking mu, wakes it once it waits. */
static void wait_for(struct sim_threads *s, atomic_uint_fast64_t *seq, uint64_t target,
                     atomic_int *sleeps)
{
    for (int i = 0; i < SPINS; i++) {
        if (atomic_load_explicit(seq, memory_order_acquire) >= target)
            return;
        relax();
    }
    pthread_mutex_lock(&s->mu);
    atomic_store(sleeps, 1);
    while (atomic_load(seq) < target)
        pthread_cond_wait(&s->cv, &s->mu);
    atomic_store(sleeps, 0);
    pthread_mutex_unlock(&s->mu);
}

/* Advances *seq and wakes the other thread if it sleeps. */
static void post(struct sim_threads *s, atomic_uint_fast64_t *seq, atomic_int *other_sleeps)
{
    atomic_fetch_add(seq, 1);
    if (atomic_load(other_sleeps)) {
        pthread_mutex_lock(&s->mu);
        pthread_cond_broadcast(&s->cv);
        pthread_mutex_unlock(&s->mu);
    }
}

static void *helper(void *arg)
{
    struct sim_threads *s = arg;
    uint64_t seen = 0;
    for (;;) {
        wait_for(s, &s->go, seen + 1, &s->helper_sleeps);
        seen++;
        if (s->quit)
            return NULL;
        double t0 = seconds();
        s->rc = s->work(s->ctx, s->from, s->end);
        s->work_s = seconds() - t0;
        post(s, &s->done, &s->main_sleeps);
    }
}

int sim_threads_start(struct sim_threads *s, sim_threads_work work, void *ctx)
{
    memset(s, 0, sizeof *s);
    s->work = work;
    s->ctx = ctx;
    atomic_init(&s->go, 0);
    atomic_init(&s->done, 0);
    atomic_init(&s->helper_sleeps, 0);
    atomic_init(&s->main_sleeps, 0);
    if (pthread_mutex_init(&s->mu, NULL))
        return -1;
    if (pthread_cond_init(&s->cv, NULL)) {
        pthread_mutex_destroy(&s->mu);
        return -1;
    }
    if (pthread_create(&s->th, NULL, helper, s)) {
        pthread_cond_destroy(&s->cv);
        pthread_mutex_destroy(&s->mu);
        return -1;
    }
    s->started = 1;
    s->parallel = 1;
    s->retry_windows = RETRY_WINDOWS;
    return 0;
}

/* The end of a window of quanta: two threads go on while they took less
 * wall time than one thread's share of the same work would have. */
static void window_end(struct sim_threads *s)
{
    s->st.par_wall_s += s->win_wall;
    s->st.par_serial_s += s->win_serial;
    if (s->win_wall > 0.97 * s->win_serial) {
        /* one thread after BAD_STREAK such windows in a row; two again
         * after twice as many windows as the last time (up to a limit),
         * so that a run where two never pay loses little on the tries */
        if (++s->bad_windows == BAD_STREAK) {
            s->parallel = 0;
            s->idle_windows = 0;
            s->bad_windows = 0;
            s->st.fallbacks++;
        }
    } else {
        s->bad_windows = 0;
        s->retry_windows = RETRY_WINDOWS;
    }
    s->in_window = 0;
    s->win_wall = s->win_serial = 0;
}

int sim_threads_quantum(struct sim_threads *s, uint64_t from, uint64_t end,
                        sim_threads_work sm_side, void *sm_ctx)
{
    s->st.quanta++;
    if (!s->started || !s->parallel) {
        if (s->started && ++s->in_window == WINDOW) {
            s->in_window = 0;
            if (++s->idle_windows == s->retry_windows) {
                s->parallel = 1;
                s->retry_windows = s->retry_windows < RETRY_MAX ? 2 * s->retry_windows
                                                                : RETRY_MAX;
            }
        }
        double t0 = seconds();
        int rc = sm_side(sm_ctx, from, end);
        double t1 = seconds();
        int rm = s->work(s->ctx, from, end);
        s->st.one_sm_s += t1 - t0;
        s->st.one_mem_s += seconds() - t1;
        return rc ? rc : rm;
    }
    s->st.quanta_parallel++;
    double t0 = seconds();
    s->from = from;
    s->end = end;
    post(s, &s->go, &s->helper_sleeps);
    int rc = sm_side(sm_ctx, from, end);
    double t1 = seconds();
    wait_for(s, &s->done, atomic_load_explicit(&s->go, memory_order_relaxed), &s->main_sleeps);
    double t2 = seconds();
    s->st.wait_s += t2 - t1;
    s->win_wall += t2 - t0;
    s->win_serial += (t1 - t0) + s->work_s;
    if (++s->in_window == WINDOW)
        window_end(s);
    return rc ? rc : s->rc;
}

void sim_threads_stop(struct sim_threads *s)
{
    if (!s->started)
        return;
    s->quit = 1;
    post(s, &s->go, &s->helper_sleeps);
    pthread_join(s->th, NULL);
    pthread_cond_destroy(&s->cv);
    pthread_mutex_destroy(&s->mu);
    s->started = 0;
}
