/* A helper thread for the lookahead mode (docs/parallel.md): the memory
 * side of each quantum runs on it while the calling thread runs the SM
 * side. Hand-offs spin briefly and then block on a condition variable.
 *
 * The pair measures itself: over each window of quanta it compares the
 * wall time the quanta took with what one thread would have spent on the
 * same work (the SM side's time plus the memory side's), and runs the
 * memory side on the calling thread instead (the helper left blocked)
 * when the hand-offs cost more than the overlap saves; it tries two
 * threads again now and then. Which thread runs a quantum's memory side
 * changes no result: the two sides share nothing within a quantum. */
#ifndef CCGPU_TIMING_SIM_THREADS_H
#define CCGPU_TIMING_SIM_THREADS_H
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

/* the memory side of quantum [from, end): 0, or -1 (the caller's error) */
typedef int (*sim_threads_work)(void *ctx, uint64_t from, uint64_t end);

struct sim_threads_stats {
    uint64_t quanta, quanta_parallel; /* quanta run, and run with the helper */
    double wait_s;     /* the calling thread's waits for the helper */
    double par_wall_s, par_serial_s; /* windows run on two threads: wall time,
                                        and the work on both sides */
    uint32_t fallbacks; /* times the helper was left idle */
    double one_sm_s, one_mem_s; /* quanta run on the calling thread: each side's time */
};

/* The calling thread writes go (and from, end before it), the helper done
 * (and rc, work_s before it): each group on its own cache line, and the
 * rest, the calling thread's, on another, so that the hand-offs move only
 * the lines they must. */
#define SIM_THREADS_LINE 64

struct sim_threads {
    _Alignas(SIM_THREADS_LINE) atomic_uint_fast64_t go; /* hand-offs to the helper */
    uint64_t from, end;
    _Alignas(SIM_THREADS_LINE) atomic_uint_fast64_t done; /* hand-offs back */
    int rc;
    double work_s; /* the helper's time in work(), this quantum */
    /* who waits on cv (set under mu; a post reads them without it and
     * takes mu only to wake a sleeper) */
    _Alignas(SIM_THREADS_LINE) atomic_int helper_sleeps, main_sleeps;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    _Alignas(SIM_THREADS_LINE) pthread_t th;
    int started;
    int quit;
    sim_threads_work work;
    void *ctx;
    /* the choice between one and two threads, window by window */
    int parallel;
    uint32_t in_window, idle_windows, retry_windows;
    uint32_t bad_windows; /* windows in a row in which two threads did not pay */
    double win_wall, win_serial;
    struct sim_threads_stats st;
};

/* Starts the helper: 0, or -1 when a thread cannot be made (then every
 * quantum runs on the calling thread). */
int sim_threads_start(struct sim_threads *s, sim_threads_work work, void *ctx);
/* Quantum [from, end): sm_side(sm_ctx, from, end) on this thread and the
 * memory side on the helper or after it here; the first non-zero rc of
 * the two (the SM side's first), after both have finished. */
int sim_threads_quantum(struct sim_threads *s, uint64_t from, uint64_t end,
                        sim_threads_work sm_side, void *sm_ctx);
void sim_threads_stop(struct sim_threads *s);

#endif
