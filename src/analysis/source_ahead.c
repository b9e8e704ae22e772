/* The read-ahead source (source_ahead.h): one worker thread, a ring of
 * AHEAD_SLOTS chunks of AHEAD_CHUNK accesses. The worker fills the slot at
 * the ring's tail and hands it over under the mutex; the caller reads the
 * slot at its head in place (view_accesses) or copies out of it
 * (read_accesses), and gives it back once it is read. A chunk of 0
 * (the end) or -1 (an error) is the worker's last; the caller returns it
 * from then on, as the wrapped source would. */
#include "analysis/source_ahead.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define AHEAD_CHUNK 4096
#define AHEAD_SLOTS 4

struct access_ahead {
    struct access_source in;
    pthread_t worker;
    pthread_mutex_t mu;
    pthread_cond_t filled, emptied;
    int running;  /* a worker was started and not yet joined */
    int stop;     /* the caller asks the worker to end (rewind, free) */
    uint32_t head, count; /* slots handed over, not yet given back */
    uint32_t pos;         /* accesses of the head slot already copied out */
    long last;            /* after the worker's last chunk: its 0 or -1 */
    int ended;
    int held;     /* the head slot was read to its end through a view */
    long len[AHEAD_SLOTS];
    struct trace_access *slot[AHEAD_SLOTS];
};

static void *work(void *arg)
{
    struct access_ahead *a = arg;
    uint32_t tail = 0;
    for (;;) {
        pthread_mutex_lock(&a->mu);
        while (!a->stop && a->count == AHEAD_SLOTS)
            pthread_cond_wait(&a->emptied, &a->mu);
        int stop = a->stop;
        pthread_mutex_unlock(&a->mu);
        if (stop)
            return NULL;
        /* the slot at the tail is the worker's until it is handed over */
        long n = access_source_read_accesses(&a->in, a->slot[tail], AHEAD_CHUNK);
        pthread_mutex_lock(&a->mu);
        a->len[tail] = n;
        a->count++;
        pthread_cond_signal(&a->filled);
        pthread_mutex_unlock(&a->mu);
        if (n <= 0)
            return NULL;
        tail = (tail + 1) % AHEAD_SLOTS;
    }
}

static void stop_worker(struct access_ahead *a)
{
    if (!a->running)
        return;
    pthread_mutex_lock(&a->mu);
    a->stop = 1;
    pthread_cond_signal(&a->emptied);
    pthread_mutex_unlock(&a->mu);
    pthread_join(a->worker, NULL);
    a->running = 0;
    a->stop = 0;
    a->head = a->count = a->pos = 0;
    a->ended = a->held = 0;
}

/* Up to n of the next accesses, left in the head slot: *view points at
 * them until the next call, which gives the slot back once it is read. */
static long take(struct access_ahead *a, size_t n, const struct trace_access **view)
{
    if (a->ended)
        return a->last;
    if (a->held) { /* the slot read through the last call goes back to the worker */
        a->held = 0;
        a->pos = 0;
        a->head = (a->head + 1) % AHEAD_SLOTS;
        pthread_mutex_lock(&a->mu);
        a->count--;
        pthread_cond_signal(&a->emptied);
        pthread_mutex_unlock(&a->mu);
    }
    if (!a->running) {
        if (pthread_create(&a->worker, NULL, work, a) != 0)
            return -2; /* no thread: the caller reads directly */
        a->running = 1;
    }
    pthread_mutex_lock(&a->mu);
    while (!a->count)
        pthread_cond_wait(&a->filled, &a->mu);
    pthread_mutex_unlock(&a->mu);
    long len = a->len[a->head];
    if (len <= 0) {
        a->ended = 1;
        a->last = len;
        return len;
    }
    size_t k = (size_t)len - a->pos;
    if (k > n)
        k = n;
    *view = a->slot[a->head] + a->pos;
    a->pos += (uint32_t)k;
    a->held = a->pos == (uint32_t)len;
    return (long)k;
}

static long ahead_read_accesses(void *ctx, struct trace_access *out, size_t n)
{
    struct access_ahead *a = ctx;
    const struct trace_access *v = NULL; /* (set by take when it returns > 0) */
    long k = take(a, n, &v);
    if (k == -2)
        return access_source_read_accesses(&a->in, out, n);
    if (k > 0)
        memcpy(out, v, (size_t)k * sizeof *out);
    return k;
}

static long ahead_view_accesses(void *ctx, const struct trace_access **view)
{
    struct access_ahead *a = ctx;
    long k = take(a, AHEAD_CHUNK, view);
    if (k == -2) { /* no thread: read into the head slot here */
        k = access_source_read_accesses(&a->in, a->slot[0], AHEAD_CHUNK);
        *view = a->slot[0];
    }
    return k;
}

static int ahead_next(void *ctx, struct trace_record *r)
{
    struct access_ahead *a = ctx;
    return a->in.next(a->in.ctx, r);
}

static long ahead_read(void *ctx, struct trace_record *r, size_t n)
{
    struct access_ahead *a = ctx;
    return access_source_read(&a->in, r, n);
}

static int ahead_rewind(void *ctx)
{
    struct access_ahead *a = ctx;
    stop_worker(a);
    return a->in.rewind(a->in.ctx);
}

static const char *ahead_error(void *ctx)
{
    struct access_ahead *a = ctx; /* read after the worker's last chunk was handed over */
    return a->in.error(a->in.ctx);
}

struct access_ahead *access_source_ahead(struct access_source *src, const struct access_source *in)
{
    struct access_ahead *a = calloc(1, sizeof *a);
    int have_mu = 0, have_filled = 0, have_emptied = 0;
    if (!a)
        goto fail;
    a->in = *in;
    for (int i = 0; i < AHEAD_SLOTS; i++)
        if (!(a->slot[i] = malloc(AHEAD_CHUNK * sizeof *a->slot[i])))
            goto fail;
    if (pthread_mutex_init(&a->mu, NULL) != 0)
        goto fail;
    have_mu = 1;
    if (pthread_cond_init(&a->filled, NULL) != 0)
        goto fail;
    have_filled = 1;
    if (pthread_cond_init(&a->emptied, NULL) != 0)
        goto fail;
    have_emptied = 1;
    src->ctx = a;
    src->next = ahead_next;
    src->read = ahead_read;
    src->read_accesses = ahead_read_accesses;
    src->view_accesses = ahead_view_accesses;
    src->rewind = ahead_rewind;
    src->error = ahead_error;
    return a;
fail:
    if (a) {
        for (int i = 0; i < AHEAD_SLOTS; i++)
            free(a->slot[i]);
        if (have_mu)
            pthread_mutex_destroy(&a->mu);
        if (have_filled)
            pthread_cond_destroy(&a->filled);
        if (have_emptied)
            pthread_cond_destroy(&a->emptied);
        free(a);
    }
    *src = *in;
    return NULL;
}

void access_ahead_free(struct access_ahead *a)
{
    if (!a)
        return;
    stop_worker(a);
    for (int i = 0; i < AHEAD_SLOTS; i++)
        free(a->slot[i]);
    pthread_mutex_destroy(&a->mu);
    pthread_cond_destroy(&a->filled);
    pthread_cond_destroy(&a->emptied);
    free(a);
}
