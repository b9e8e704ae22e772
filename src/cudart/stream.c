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
    rt_unlock();
    return rt_ret(e);
}

int rt_check_stream(cudaStream_t s)
{
    if (!s || s == cudaStreamLegacy || s == cudaStreamPerThread)
        return 0;
    for (struct cudart_stream *t = ccgpu_rt.streams; t; t = t->next)
        if (t == s)
            return 0;
    return -1;
}

static int bad_event(cudaEvent_t e)
{
    for (struct cudart_event *t = ccgpu_rt.events; t; t = t->next)
        if (t == e)
            return 0;
    return 1;
}

void rt_free_streams(void)
{
    while (ccgpu_rt.streams) {
        struct cudart_stream *s = ccgpu_rt.streams;
        ccgpu_rt.streams = s->next;
        free(s);
    }
    while (ccgpu_rt.events) {
        struct cudart_event *e = ccgpu_rt.events;
        ccgpu_rt.events = e->next;
        free(e);
    }
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned flags, int priority)
{
    (void)priority;
    if (!pStream)
        return rt_ret(cudaErrorInvalidValue);
    struct cudart_stream *s = calloc(1, sizeof *s);
    if (!s)
        return rt_ret(cudaErrorMemoryAllocation);
    rt_lock();
    s->flags = flags;
    s->next = ccgpu_rt.streams;
    ccgpu_rt.streams = s;
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
    rt_lock();
    for (struct cudart_stream **p = &ccgpu_rt.streams; *p; p = &(*p)->next)
        if (*p == stream) {
            *p = stream->next;
            free(stream);
            return done(cudaSuccess);
        }
    return done(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
    rt_lock();
    if (rt_check_stream(stream))
        return done(cudaErrorInvalidResourceHandle);
    return done(ccgpu_rt.sticky);
}

cudaError_t cudaStreamQuery(cudaStream_t stream)
{
    return cudaStreamSynchronize(stream);
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned flags)
{
    (void)flags;
    rt_lock();
    if (rt_check_stream(stream) || bad_event(event))
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
        return rt_ret(cudaErrorInvalidValue);
    rt_lock();
    int bad = rt_check_stream(stream);
    cudaError_t status = ccgpu_rt.sticky;
    rt_unlock();
    if (bad)
        return rt_ret(cudaErrorInvalidResourceHandle);
    callback(stream, status, userData);
    return cudaSuccess;
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData)
{
    if (!fn)
        return rt_ret(cudaErrorInvalidValue);
    rt_lock();
    int bad = rt_check_stream(stream);
    rt_unlock();
    if (bad)
        return rt_ret(cudaErrorInvalidResourceHandle);
    fn(userData);
    return cudaSuccess;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned flags)
{
    if (!event)
        return rt_ret(cudaErrorInvalidValue);
    struct cudart_event *e = calloc(1, sizeof *e);
    if (!e)
        return rt_ret(cudaErrorMemoryAllocation);
    rt_lock();
    e->flags = flags;
    e->next = ccgpu_rt.events;
    ccgpu_rt.events = e;
    *event = e;
    return done(cudaSuccess);
}

cudaError_t cudaEventCreate(cudaEvent_t *event)
{
    return cudaEventCreateWithFlags(event, 0);
}

cudaError_t cudaEventDestroy(cudaEvent_t event)
{
    rt_lock();
    for (struct cudart_event **p = &ccgpu_rt.events; *p; p = &(*p)->next)
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
    rt_lock();
    if (bad_event(event) || rt_check_stream(stream))
        return done(cudaErrorInvalidResourceHandle);
    event->ms = rt_now_ms();
    event->recorded = 1;
    return done(cudaSuccess);
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
    return cudaEventRecordWithFlags(event, stream, 0);
}

cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
    rt_lock();
    if (bad_event(event))
        return done(cudaErrorInvalidResourceHandle);
    return done(ccgpu_rt.sticky);
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
        return rt_ret(cudaErrorInvalidValue);
    rt_lock();
    if (bad_event(start) || bad_event(end) || !start->recorded || !end->recorded ||
        (start->flags & cudaEventDisableTiming) || (end->flags & cudaEventDisableTiming))
        return done(cudaErrorInvalidResourceHandle);
    *ms = (float)(end->ms - start->ms);
    return done(cudaSuccess);
}
