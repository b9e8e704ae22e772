/* The lookahead mode's helper threads; see sim_threads.h. */
#include "timing/sim_threads.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* hand-off waits spin this many times before blocking */
#define SPINS 2000
/* quanta per measured window, and windows on one thread before the helpers are
 * tried again (doubled after each try, up to RETRY_MAX; reset by a window
 * in which the helpers paid) */
#define WINDOW 512
#define RETRY_WINDOWS 16
/* consecutive windows in which the helpers did not pay before one thread
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

/* Advances *seq and wakes the sleepers if the one it is for sleeps (they
 * share cv: each goes back to sleep unless its own target is reached). */
static void post(struct sim_threads *s, atomic_uint_fast64_t *seq, atomic_int *other_sleeps)
{
    atomic_fetch_add(seq, 1);
    if (atomic_load(other_sleeps)) {
        pthread_mutex_lock(&s->mu);
        pthread_cond_broadcast(&s->cv);
        pthread_mutex_unlock(&s->mu);
    }
}

/* Runs the jobs listed in mine (indices into jobs) in order, each timed
 * into its stat: the time they took. */
static double run_list(struct sim_threads *s, const struct sim_threads_job *jobs,
                       const uint32_t *mine, uint32_t n, uint64_t from, uint64_t end)
{
    double sum = 0;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t i = mine[k];
        double t0 = seconds();
        s->stat[i].rc = jobs[i].work(jobs[i].ctx, from, end);
        double t = seconds() - t0;
        s->stat[i].s += t;
        sum += t;
    }
    return sum;
}

static void *helper(void *arg)
{
    struct sim_threads_helper *h = arg;
    struct sim_threads *s = h->owner;
    uint64_t seen = 0;
    for (;;) {
        wait_for(s, &h->go, seen + 1, &h->sleeps);
        seen++;
        if (s->quit)
            return NULL;
        h->work_s = run_list(s, h->jobs, h->mine, h->nmine, h->from, h->end);
        post(s, &h->done, &s->main_sleeps);
    }
}

static void release(struct sim_threads *s)
{
    free(s->h);
    free(s->assign);
    free(s->lists);
    free(s->nlist);
    free(s->stat);
    s->h = NULL;
    s->assign = s->lists = s->nlist = NULL;
    s->stat = NULL;
}

int sim_threads_start(struct sim_threads *s, uint32_t n, uint32_t max_jobs)
{
    memset(s, 0, sizeof *s);
    atomic_init(&s->main_sleeps, 0);
    if (!n || !max_jobs)
        return -1;
    s->h = aligned_alloc(SIM_THREADS_LINE, n * sizeof *s->h);
    s->assign = calloc(max_jobs, sizeof *s->assign);
    s->lists = calloc((size_t)(n + 1) * max_jobs, sizeof *s->lists);
    s->nlist = calloc(n + 1, sizeof *s->nlist);
    s->stat = aligned_alloc(SIM_THREADS_LINE, max_jobs * sizeof *s->stat);
    if (!s->h || !s->assign || !s->lists || !s->nlist || !s->stat) {
        release(s);
        return -1;
    }
    memset(s->h, 0, n * sizeof *s->h);
    memset(s->stat, 0, max_jobs * sizeof *s->stat);
    s->max_jobs = max_jobs;
    if (pthread_mutex_init(&s->mu, NULL)) {
        release(s);
        return -1;
    }
    if (pthread_cond_init(&s->cv, NULL)) {
        pthread_mutex_destroy(&s->mu);
        release(s);
        return -1;
    }
    s->started = 1;
    for (uint32_t i = 0; i < n; i++) {
        struct sim_threads_helper *h = &s->h[i];
        atomic_init(&h->go, 0);
        atomic_init(&h->done, 0);
        atomic_init(&h->sleeps, 0);
        h->owner = s;
        if (pthread_create(&h->th, NULL, helper, h)) {
            sim_threads_stop(s); /* (stops the nh started) */
            return -1;
        }
        s->nh = i + 1;
    }
    s->parallel = 1;
    s->retry_windows = RETRY_WINDOWS;
    return 0;
}

/* The jobs' placement for njobs jobs: job i on thread i % threads until
 * the first window's times are known; then the longest first, each to the
 * thread with the least time so far (ties: the lower thread). Each
 * thread's list in job order. */
static void place(struct sim_threads *s, uint32_t njobs, int measured)
{
    const uint32_t threads = s->nh + 1;
    if (!measured) {
        for (uint32_t i = 0; i < njobs; i++)
            s->assign[i] = i % threads;
    } else {
        double load[threads];
        uint8_t done[njobs];
        memset(load, 0, sizeof load);
        memset(done, 0, sizeof done);
        for (uint32_t k = 0; k < njobs; k++) {
            uint32_t b = njobs;
            for (uint32_t i = 0; i < njobs; i++)
                if (!done[i] && (b == njobs || s->stat[i].s > s->stat[b].s))
                    b = i;
            uint32_t t = 0;
            for (uint32_t u = 1; u < threads; u++)
                if (load[u] < load[t])
                    t = u;
            done[b] = 1;
            s->assign[b] = t;
            load[t] += s->stat[b].s;
        }
    }
    for (uint32_t t = 0; t < threads; t++)
        s->nlist[t] = 0;
    for (uint32_t i = 0; i < njobs; i++) {
        uint32_t t = s->assign[i];
        s->lists[(size_t)t * s->max_jobs + s->nlist[t]++] = i;
    }
    s->assign_n = njobs;
}

/* The end of a window of quanta: the helpers go on while the window took
 * less wall time than one thread's share of the same work would have. */
static void window_end(struct sim_threads *s)
{
    s->st.par_wall_s += s->win_wall;
    s->st.par_serial_s += s->win_serial;
    if (s->win_wall > 0.97 * s->win_serial) {
        /* one thread after BAD_STREAK such windows in a row; the helpers
         * again after twice as many windows as the last time (up to a
         * limit), so that a run where they never pay loses little on the
         * tries */
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

/* The window's job times placed the jobs; a new window's times start. */
static void replace_jobs(struct sim_threads *s, uint32_t njobs)
{
    place(s, njobs, 1);
    for (uint32_t i = 0; i < njobs; i++)
        s->stat[i].s = 0;
}

/* Every job on the calling thread, in order. */
static int run_here(struct sim_threads *s, uint64_t from, uint64_t end,
                    const struct sim_threads_job *jobs, uint32_t njobs)
{
    const int timed = s->started && njobs <= s->max_jobs;
    if (s->started && ++s->in_window == WINDOW) {
        s->in_window = 0;
        if (timed)
            replace_jobs(s, njobs);
        if (++s->idle_windows == s->retry_windows) {
            s->parallel = 1;
            s->retry_windows = s->retry_windows < RETRY_MAX ? 2 * s->retry_windows : RETRY_MAX;
        }
    }
    int rc = 0;
    for (uint32_t i = 0; i < njobs; i++) {
        double t0 = seconds();
        int r = jobs[i].work(jobs[i].ctx, from, end);
        double t = seconds() - t0;
        if (timed)
            s->stat[i].s += t;
        if (!rc)
            rc = r;
        if (!i)
            s->st.one_first_s += t;
        else
            s->st.one_rest_s += t;
    }
    return rc;
}

int sim_threads_run(struct sim_threads *s, uint64_t from, uint64_t end,
                    const struct sim_threads_job *jobs, uint32_t njobs)
{
    s->st.quanta++;
    if (!s->started || !s->parallel || njobs < 2 || njobs > s->max_jobs)
        return run_here(s, from, end, jobs, njobs);
    if (s->assign_n != njobs) {
        for (uint32_t i = 0; i < njobs; i++)
            s->stat[i].s = 0;
        place(s, njobs, 0);
    }
    s->st.quanta_parallel++;
    double t0 = seconds();
    for (uint32_t t = 1; t <= s->nh; t++) {
        struct sim_threads_helper *h = &s->h[t - 1];
        if (!s->nlist[t])
            continue;
        h->from = from;
        h->end = end;
        h->jobs = jobs;
        h->mine = &s->lists[(size_t)t * s->max_jobs];
        h->nmine = s->nlist[t];
        post(s, &h->go, &h->sleeps);
    }
    double serial = run_list(s, jobs, s->lists, s->nlist[0], from, end);
    double t1 = seconds();
    for (uint32_t t = 1; t <= s->nh; t++) {
        struct sim_threads_helper *h = &s->h[t - 1];
        if (!s->nlist[t])
            continue;
        wait_for(s, &h->done, atomic_load_explicit(&h->go, memory_order_relaxed),
                 &s->main_sleeps);
        serial += h->work_s;
    }
    double t2 = seconds();
    int rc = 0;
    for (uint32_t i = 0; i < njobs && !rc; i++)
        rc = s->stat[i].rc;
    s->st.wait_s += t2 - t1;
    s->win_wall += t2 - t0;
    s->win_serial += serial;
    if (++s->in_window == WINDOW) {
        window_end(s);
        replace_jobs(s, njobs);
    }
    return rc;
}

void sim_threads_stop(struct sim_threads *s)
{
    if (!s->started)
        return;
    s->quit = 1;
    for (uint32_t i = 0; i < s->nh; i++)
        post(s, &s->h[i].go, &s->h[i].sleeps);
    for (uint32_t i = 0; i < s->nh; i++)
        pthread_join(s->h[i].th, NULL);
    pthread_cond_destroy(&s->cv);
    pthread_mutex_destroy(&s->mu);
    release(s);
    s->nh = 0;
    s->started = 0;
}
