/* Streams and events. Every operation completes before its call returns,
 * so a stream is a name for "in issue order" and synchronising is free;
 * events record the simulated time (core cycles / core clock) at the point
 * in issue order where they are recorded. */
#include "cudart/cudart.h"
#include <stdlib.h>

#define STREAM_MAGIC 0x63637374u /* "ccst" */
#define EVENT_MAGIC 0x63636576u  /* "ccev" */

struct cudart_stream {
    uint32_t magic;
    unsigned flags;
};

struct cudart_event {
    uint32_t magic;
    unsigned flags;
    int recorded;
    double ms; /* simulated time when recorded */
};

int cudart_check_stream(cudaStream_t s)
{
    if (!s || s == cudaStreamLegacy || s == cudaStreamPerThread)
        return 0;
    return s->magic == STREAM_MAGIC ? 0 : -1;
}

static int bad_event(cudaEvent_t e)
{
    return !e || e->magic != EVENT_MAGIC;
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream, unsigned flags, int priority)
{
    (void)priority;
    if (!pStream)
        return cudart_ret(cudaErrorInvalidValue);
    struct cudart_stream *s = malloc(sizeof *s);
    if (!s)
        return cudart_ret(cudaErrorMemoryAllocation);
    *s = (struct cudart_stream){ STREAM_MAGIC, flags };
    *pStream = s;
    return cudaSuccess;
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
    if (!stream || cudart_check_stream(stream) || stream == cudaStreamLegacy ||
        stream == cudaStreamPerThread)
        return cudart_ret(cudaErrorInvalidResourceHandle);
    stream->magic = 0;
    free(stream);
    return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
    if (cudart_check_stream(stream))
        return cudart_ret(cudaErrorInvalidResourceHandle);
    return cudart_ret(cudart.sticky);
}

cudaError_t cudaStreamQuery(cudaStream_t stream)
{
    return cudaStreamSynchronize(stream);
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned flags)
{
    (void)flags;
    if (cudart_check_stream(stream) || bad_event(event))
        return cudart_ret(cudaErrorInvalidResourceHandle);
    return cudaSuccess;
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void *userData, unsigned flags)
{
    (void)flags;
    if (cudart_check_stream(stream))
        return cudart_ret(cudaErrorInvalidResourceHandle);
    if (!callback)
        return cudart_ret(cudaErrorInvalidValue);
    callback(stream, cudart.sticky, userData);
    return cudaSuccess;
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData)
{
    if (cudart_check_stream(stream))
        return cudart_ret(cudaErrorInvalidResourceHandle);
    if (!fn)
        return cudart_ret(cudaErrorInvalidValue);
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
    e->magic = EVENT_MAGIC;
    e->flags = flags;
    *event = e;
    return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *event)
{
    return cudaEventCreateWithFlags(event, 0);
}

cudaError_t cudaEventDestroy(cudaEvent_t event)
{
    if (bad_event(event))
        return cudart_ret(cudaErrorInvalidResourceHandle);
    event->magic = 0;
    free(event);
    return cudaSuccess;
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned flags)
{
    (void)flags;
    if (bad_event(event) || cudart_check_stream(stream))
        return cudart_ret(cudaErrorInvalidResourceHandle);
    cudart_lock();
    event->ms = cudart_now_ms();
    event->recorded = 1;
    cudart_unlock();
    return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
    return cudaEventRecordWithFlags(event, stream, 0);
}

cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
    if (bad_event(event))
        return cudart_ret(cudaErrorInvalidResourceHandle);
    return cudart_ret(cudart.sticky);
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
    if (bad_event(start) || bad_event(end))
        return cudart_ret(cudaErrorInvalidResourceHandle);
    if (!start->recorded || !end->recorded ||
        (start->flags & cudaEventDisableTiming) || (end->flags & cudaEventDisableTiming))
        return cudart_ret(cudaErrorInvalidResourceHandle);
    *ms = (float)(end->ms - start->ms);
    return cudaSuccess;
}
