/* Helper threads for the lookahead mode (docs/parallel.md): each quantum is
 * a few jobs that share nothing (the memory side, the SMs' groups), spread
 * over the calling thread and its helpers, several to a thread when there
 * are more jobs than threads. Which thread runs which job is chosen anew
 * after every window of quanta from the jobs' measured times (the longest
 * first, each to the thread with the least so far), so that the threads'
 * loads are even. Hand-offs spin briefly and then block on a condition
 * variable.
 *
 * The threads measure themselves: over each window of quanta they compare
 * the wall time the quanta took with what one thread would have spent on
 * the same work (every job's time added up), and run every job on the
 * calling thread instead (the helpers left blocked) when the hand-offs
 * cost more than the overlap saves; they try the helpers again now and
 * then. Which thread runs a job changes no result. */
#ifndef CCGPU_TIMING_SIM_THREADS_H
#define CCGPU_TIMING_SIM_THREADS_H
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

/* a job of quantum [from, end): 0, or -1 (the error is the job's to keep) */
typedef int (*sim_threads_work)(void *ctx, uint64_t from, uint64_t end);

struct sim_threads_job {
    sim_threads_work work;
    void *ctx;
};

struct sim_threads_stats {
    uint64_t quanta, quanta_parallel; /* quanta run, and run with the helpers */
    double wait_s;     /* the calling thread's waits for the helpers */
    double par_wall_s, par_serial_s; /* windows run on the helpers: wall time,
                                        and every job's time */
    uint32_t fallbacks; /* times the helpers were left idle */
    double one_first_s, one_rest_s; /* quanta run on the calling thread: the
                                       first job's time, the others' */
};

/* The calling thread writes a helper's go (and its jobs before it), the
 * helper its done (and work_s and its jobs' stats before it): each on its
 * own cache line,
 * so that the hand-offs move only the lines they must. */
#define SIM_THREADS_LINE 64

/* a job's outcome and time, written by the thread that ran it (a line of
 * its own) */
struct sim_threads_jobstat {
    _Alignas(SIM_THREADS_LINE) double s; /* its time in the current window */
    int rc;                              /* this quantum's */
};

struct sim_threads_helper {
    _Alignas(SIM_THREADS_LINE) atomic_uint_fast64_t go;
    uint64_t from, end;
    const struct sim_threads_job *jobs; /* this quantum's */
    const uint32_t *mine; /* the indices of the jobs it runs, nmine of them */
    uint32_t nmine;
    _Alignas(SIM_THREADS_LINE) atomic_uint_fast64_t done;
    double work_s; /* its time in its jobs, this quantum */
    _Alignas(SIM_THREADS_LINE) atomic_int sleeps; /* it waits on cv (set under mu) */
    struct sim_threads *owner;
    pthread_t th;
};

struct sim_threads {
    _Alignas(SIM_THREADS_LINE) atomic_int main_sleeps;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    struct sim_threads_helper *h; /* nh of them */
    uint32_t nh;
    /* the jobs' placement: for njobs jobs (assign_n), job i on thread
     * assign[i] (0: the calling thread, t: helper t - 1); each thread's
     * jobs listed in order in lists[t * max_jobs ...], nlist[t] of them;
     * each job's time in the current window (job_s) */
    uint32_t max_jobs, assign_n;
    uint32_t *assign, *lists, *nlist;
    struct sim_threads_jobstat *stat; /* by job */
    int started;
    int quit;
    /* the choice between the helpers and one thread, window by window */
    int parallel;
    uint32_t in_window, idle_windows, retry_windows;
    uint32_t bad_windows; /* windows in a row in which the helpers did not pay */
    double win_wall, win_serial;
    struct sim_threads_stats st;
};

/* Starts n helpers for up to max_jobs jobs a quantum: 0, or -1 when they
 * cannot all be made (then none runs and every job runs on the calling
 * thread). */
int sim_threads_start(struct sim_threads *s, uint32_t n, uint32_t max_jobs);
/* Quantum [from, end): the jobs (at most max_jobs) over this thread and
 * the helpers, or all here in order; the first non-zero rc in job order,
 * after every job has finished. */
int sim_threads_run(struct sim_threads *s, uint64_t from, uint64_t end,
                    const struct sim_threads_job *jobs, uint32_t njobs);
void sim_threads_stop(struct sim_threads *s);

#endif
