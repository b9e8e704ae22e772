/* Streams and events. Every operation completes before its call returns,
 * so a stream is a name for "in issue order" and synchronising is free;
 * events record the simulated time (core cycles / core clock) at the point
 * in issue order where they are recorded. */
#include "cudart/cudart.h"
#include <stdlib.h>

struct cudart_stream {
    unsigned flags;
    struct cudart_stream *next;
};

struct cudart_event {
    unsigned flags;
    int recorded;
    double ms; /* simulated time when recorded */
    struct cudart_event *next;
};

static cudaError_t done(cudaError_t e)
{
    cudart_unlock();
    return cudart_ret(e);
}

int cudart_check_stream(cudaStream_t s)
{
    if (!s || s == cudaStreamLegacy || s == cudaStreamPerThread)
        return 0;
    for (struct cudart_stream *t = cudart.streams; t; t = t->next)
        if (t == s)
            return 0;
    return -1;
}

static int bad_event(cudaEvent_t e)
{
    for (struct cudart_event *t = cudart.events; t; t = t->next)
        if (t == e)
            return 0;
    return 1;
}

void cudart_free_streams(void)
{
    while (cudart.streams) {
        struct cudart_stream *s = cudart.streams;
        cudart.streams = s->next;
        free(s);
    }
    while (cudart.events) {
        struct cudart_event *e = cudart.events;
        cudart.events = e->next;
        free(e);
    }
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned flags, int priority)
{
    (void)priority;
    if (!pStream)
        return cudart_ret(cudaErrorInvalidValue);
    struct cudart_stream *s = calloc(1, sizeof *s);
    if (!s)
        return cudart_ret(cudaErrorMemoryAllocation);
    cudart_lock();
    s->flags = flags;
    s->next = cudart.streams;
    cudart.streams = s;
    *pStream = s;
    return done(cudaSuccess);
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned flags)
{
    return cudaStreamCreateWithPriority(pStream, flags, 0);
}

cudaError_t cudaStreamCreate(cudaStream_t *pStream)
{
    return cudaStreamCreateWithPriority(pStream, 0, 0);
}

cudaError_t cudaStreamDestroy(cudaStream_t stream)
{
    cudart_lock();
    for (struct cudart_stream **p = &cudart.streams; *p; p = &(*p)->next)
        if (*p == stream) {
            *p = stream->next;
            free(stream);
            return done(cudaSuccess);
        }
    return done(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
    cudart_lock();
    if (cudart_check_stream(stream))
        return done(cudaErrorInvalidResourceHandle);
    return done(cudart.sticky);
}

cudaError_t cudaStreamQuery(cudaStream_t stream)
{
    return cudaStreamSynchronize(stream);
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned flags)
{
    (void)flags;
    cudart_lock();
    if (cudart_check_stream(stream) || bad_event(event))
        return done(cudaErrorInvalidResourceHandle);
    return done(cudaSuccess);
}

/* Host work in a stream runs at once: everything before it has finished.
 * The lock is not held during the call (it may call the runtime). */
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void *userData, unsigned flags)
{
    (void)flags;
    if (!callback)
        return cudart_ret(cudaErrorInvalidValue);
    cudart_lock();
    int bad = cudart_check_stream(stream);
    cudaError_t status = cudart.sticky;
    cudart_unlock();
    if (bad)
        return cudart_ret(cudaErrorInvalidResourceHandle);
    callback(stream, status, userData);
    return cudaSuccess;
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData)
{
    if (!fn)
        return cudart_ret(cudaErrorInvalidValue);
    cudart_lock();
    int bad = cudart_check_stream(stream);
    cudart_unlock();
    if (bad)
        return cudart_ret(cudaErrorInvalidResourceHandle);
    fn(userData);
    return cudaSuccess;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned flags)
{
    if (!event)
        return cudart_ret(cudaErrorInvalidValue);
    struct cudart_event *e = calloc(1, sizeof *e);
    if (!e)
        return cudart_ret(cudaErrorMemoryAllocation);
    cudart_lock();
    e->flags = flags;
    e->next = cudart.events;
    cudart.events = e;
    *event = e;
    return done(cudaSuccess);
}

cudaError_t cudaEventCreate(cudaEvent_t *event)
{
    return cudaEventCreateWithFlags(event, 0);
}

cudaError_t cudaEventDestroy(cudaEvent_t event)
{
    cudart_lock();
    for (struct cudart_event **p = &cudart.events; *p; p = &(*p)->next)
        if (*p == event) {
            *p = event->next;
            free(event);
            return done(cudaSuccess);
        }
    return done(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned flags)
{
    (void)flags;
    cudart_lock();
    if (bad_event(event) || cudart_check_stream(stream))
        return done(cudaErrorInvalidResourceHandle);
    event->ms = cudart_now_ms();
    event->recorded = 1;
    return done(cudaSuccess);
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
    return cudaEventRecordWithFlags(event, stream, 0);
}

cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
    cudart_lock();
    if (bad_event(event))
        return done(cudaErrorInvalidResourceHandle);
    return done(cudart.sticky);
}

cudaError_t cudaEventQuery(cudaEvent_t event)
{
    return cudaEventSynchronize(event);
}

/* Simulated milliseconds between the two records (0 in functional mode,
 * which has no clock). */
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
    if (!ms)
        return cudart_ret(cudaErrorInvalidValue);
    cudart_lock();
    if (bad_event(start) || bad_event(end) || !start->recorded || !end->recorded ||
        (start->flags & cudaEventDisableTiming) || (end->flags & cudaEventDisableTiming))
        return done(cudaErrorInvalidResourceHandle);
    *ms = (float)(end->ms - start->ms);
    return done(cudaSuccess);
}
