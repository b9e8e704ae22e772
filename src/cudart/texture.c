/* CUDA arrays, 3D copies, texture and surface objects over ccgpu's host API
 * (ccgpu_texture_create / ccgpu_surface_create; the engine side is
 * src/ptx/texture.c).
 *
 * A CUDA array is plain device memory, rows packed (pitch = width x element
 * size), slices after each other; cudaArray_t points at the runtime's record
 * of it. 1D, 2D and 3D arrays of 1, 2 or 4 channels of one size (8, 16, 32
 * bits) are supported; layered and cubemap arrays, mipmaps and resource
 * views are not (cudaErrorNotSupported with a line naming the call).
 *
 * Texture objects over linear memory (cudaResourceTypeLinear, tex1Dfetch)
 * read 0 outside the buffer, as CUDA documents for linear memory, whatever
 * the address mode asks. Surface objects are accepted over any array (CUDA
 * also requires the array's cudaArraySurfaceLoadStore flag). */
#include "cudart/cudart.h"
#include <stdlib.h>
#include <string.h>

struct cudart_array {
    ccgpu_devptr data;
    struct cudaChannelFormatDesc desc;
    size_t width, height, depth; /* as given (0 = unused) */
    size_t elem;                 /* bytes per element */
    size_t pitch, slice;         /* bytes per row, per 2D slice */
    unsigned flags;
    int dims;
    struct cudart_array *next;
};

struct cudart_texobj {
    uint64_t handle;
    int surface;
    struct cudaResourceDesc res;
    struct cudaTextureDesc tex;
    struct cudart_texobj *next;
};

static cudaError_t done(cudaError_t e)
{
    rt_unlock();
    return rt_ret(e);
}

#define BEGIN                                                                                      \
    rt_lock();                                                                                     \
    if (ccgpu_rt.sticky)                                                                           \
        return done(ccgpu_rt.sticky);                                                              \
    ccgpu *gpu = rt_gpu()

static struct cudart_array *find_array(const struct cudart_array *a)
{
    for (struct cudart_array *p = ccgpu_rt.arrays; p; p = p->next)
        if (p == a)
            return p;
    return NULL;
}

struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                   enum cudaChannelFormatKind f)
{
    struct cudaChannelFormatDesc d = { x, y, z, w, f };
    return d;
}

/* channels and bits of a channel description: every used channel the same
 * size, channels x, x+y or x+y+z+w; 0 when ccgpu cannot represent it */
static int channel_layout(const struct cudaChannelFormatDesc *d, unsigned *channels,
                          unsigned *bits)
{
    int b = d->x;
    if (b != 8 && b != 16 && b != 32)
        return 0;
    if (d->f != cudaChannelFormatKindSigned && d->f != cudaChannelFormatKindUnsigned &&
        d->f != cudaChannelFormatKindFloat)
        return 0;
    if (d->f == cudaChannelFormatKindFloat && b == 8)
        return 0;
    if (d->y == 0 && d->z == 0 && d->w == 0)
        *channels = 1;
    else if (d->y == b && d->z == 0 && d->w == 0)
        *channels = 2;
    else if (d->y == b && d->z == b && d->w == b)
        *channels = 4;
    else
        return 0;
    *bits = (unsigned)b;
    return 1;
}

static cudaError_t make_array(ccgpu *gpu, cudaArray_t *out, const struct cudaChannelFormatDesc *desc,
                              size_t w, size_t h, size_t d, unsigned flags, const char *func)
{
    unsigned ch, bits;
    if (!out || !desc)
        return cudaErrorInvalidValue;
    if (!channel_layout(desc, &ch, &bits)) {
        rt_say(func, "channel format (%d,%d,%d,%d kind %d): ccgpu takes 1, 2 or 4 channels of "
               "8, 16 or 32 bits", desc->x, desc->y, desc->z, desc->w, (int)desc->f);
        return cudaErrorInvalidChannelDescriptor;
    }
    if (flags & (cudaArrayLayered | cudaArrayCubemap)) {
        rt_say(func, "layered and cubemap arrays are not supported by ccgpu");
        return cudaErrorNotSupported;
    }
    if (!w || (d && !h) || w > (1u << 30) || h > (1u << 30) || d > (1u << 30))
        return cudaErrorInvalidValue;
    struct cudart_array *a = calloc(1, sizeof *a);
    if (!a)
        return cudaErrorMemoryAllocation;
    a->desc = *desc;
    a->width = w;
    a->height = h;
    a->depth = d;
    a->elem = ch * bits / 8;
    a->pitch = w * a->elem;
    a->slice = a->pitch * (h ? h : 1);
    a->flags = flags;
    a->dims = d ? 3 : h ? 2 : 1;
    if (ccgpu_malloc(gpu, &a->data, a->slice * (d ? d : 1))) {
        free(a);
        return cudaErrorMemoryAllocation;
    }
    a->next = ccgpu_rt.arrays;
    ccgpu_rt.arrays = a;
    *out = a;
    return cudaSuccess;
}

cudaError_t cudaMallocArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                            size_t width, size_t height, unsigned int flags)
{
    BEGIN;
    return done(make_array(gpu, array, desc, width, height, 0, flags, "cudaMallocArray"));
}

cudaError_t cudaMalloc3DArray(cudaArray_t *array, const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent extent, unsigned int flags)
{
    BEGIN;
    return done(make_array(gpu, array, desc, extent.width, extent.height, extent.depth, flags,
                           "cudaMalloc3DArray"));
}

cudaError_t cudaFreeArray(cudaArray_t array)
{
    BEGIN;
    if (!array)
        return done(cudaSuccess);
    for (struct cudart_array **p = &ccgpu_rt.arrays; *p; p = &(*p)->next) {
        if (*p == array) {
            struct cudart_array *a = *p;
            *p = a->next;
            ccgpu_free(gpu, a->data);
            free(a);
            return done(cudaSuccess);
        }
    }
    return done(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc, struct cudaExtent *extent,
                             unsigned int *flags, cudaArray_t array)
{
    BEGIN;
    (void)gpu;
    struct cudart_array *a = find_array(array);
    if (!a)
        return done(cudaErrorInvalidResourceHandle);
    if (desc)
        *desc = a->desc;
    if (extent)
        *extent = (struct cudaExtent){ a->width, a->height, a->depth };
    if (flags)
        *flags = a->flags;
    return done(cudaSuccess);
}

cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array)
{
    return cudaArrayGetInfo(desc, NULL, NULL, (cudaArray_t)array);
}

/* ---- copies ---- */

static void *dev(ccgpu_devptr p)
{
    return (void *)(uintptr_t)p;
}

/* rows x bytes from src (pitch sp) to dst (pitch dp), by rt_copy */
static cudaError_t rows(void *dst, size_t dp, const void *src, size_t sp, size_t bytes, size_t n,
                        int kind, const char *func)
{
    for (size_t y = 0; y < n; y++) {
        cudaError_t e = rt_copy((char *)dst + y * dp, (const char *)src + y * sp, bytes, kind, func);
        if (e)
            return e;
    }
    return cudaSuccess;
}

/* the array's rows [hOffset, +height) x bytes [wOffset, +width) exist */
static int inside(const struct cudart_array *a, size_t wOffset, size_t hOffset, size_t width,
                  size_t height)
{
    size_t h = a->height ? a->height : 1;
    return wOffset <= a->pitch && width <= a->pitch - wOffset && hOffset <= h &&
           height <= h - hOffset;
}

static cudaError_t to_array(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                            size_t spitch, size_t width, size_t height, int kind, const char *func)
{
    struct cudart_array *a = find_array(dst);
    if (!a)
        return cudaErrorInvalidResourceHandle;
    if (width > spitch && height > 1)
        return cudaErrorInvalidPitchValue;
    if (!inside(a, wOffset, hOffset, width, height)) {
        rt_say(func, "%zu x %zu bytes at (%zu, %zu) are outside the %zu x %zu-byte array", width,
               height, wOffset, hOffset, a->pitch, a->height ? a->height : 1);
        return cudaErrorInvalidValue;
    }
    if (kind == cudaMemcpyHostToHost || kind == cudaMemcpyDeviceToHost)
        return cudaErrorInvalidMemcpyDirection;
    return rows((char *)dev(a->data) + hOffset * a->pitch + wOffset, a->pitch, src, spitch, width,
                height, kind == cudaMemcpyDefault ? cudaMemcpyDefault : kind, func);
}

static cudaError_t from_array(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                              size_t hOffset, size_t width, size_t height, int kind,
                              const char *func)
{
    struct cudart_array *a = find_array(src);
    if (!a)
        return cudaErrorInvalidResourceHandle;
    if (width > dpitch && height > 1)
        return cudaErrorInvalidPitchValue;
    if (!inside(a, wOffset, hOffset, width, height)) {
        rt_say(func, "%zu x %zu bytes at (%zu, %zu) are outside the %zu x %zu-byte array", width,
               height, wOffset, hOffset, a->pitch, a->height ? a->height : 1);
        return cudaErrorInvalidValue;
    }
    if (kind == cudaMemcpyHostToHost || kind == cudaMemcpyHostToDevice)
        return cudaErrorInvalidMemcpyDirection;
    return rows(dst, dpitch, (char *)dev(a->data) + hOffset * a->pitch + wOffset, a->pitch, width,
                height, kind, func);
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind)
{
    BEGIN;
    (void)gpu;
    return done(to_array(dst, wOffset, hOffset, src, spitch, width, height, kind,
                         "cudaMemcpy2DToArray"));
}

cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                     const void *src, size_t spitch, size_t width, size_t height,
                                     enum cudaMemcpyKind kind, cudaStream_t stream)
{
    BEGIN;
    (void)gpu;
    if (rt_check_stream(stream))
        return done(cudaErrorInvalidResourceHandle);
    return done(to_array(dst, wOffset, hOffset, src, spitch, width, height, kind,
                         "cudaMemcpy2DToArrayAsync"));
}

cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                  size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind)
{
    BEGIN;
    (void)gpu;
    return done(from_array(dst, dpitch, src, wOffset, hOffset, width, height, kind,
                           "cudaMemcpy2DFromArray"));
}

cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src,
                                       size_t wOffset, size_t hOffset, size_t width,
                                       size_t height, enum cudaMemcpyKind kind, cudaStream_t stream)
{
    BEGIN;
    (void)gpu;
    if (rt_check_stream(stream))
        return done(cudaErrorInvalidResourceHandle);
    return done(from_array(dst, dpitch, src, wOffset, hOffset, width, height, kind,
                           "cudaMemcpy2DFromArrayAsync"));
}

/* the deprecated linear forms: count bytes from (wOffset, hOffset) on, rows
 * being contiguous */
static cudaError_t linear_span(const struct cudart_array *a, size_t wOffset, size_t hOffset,
                               size_t count, size_t *off)
{
    size_t total = a->slice * (a->depth ? a->depth : 1);
    if (wOffset > a->pitch || hOffset > (a->height ? a->height : 1))
        return cudaErrorInvalidValue;
    *off = hOffset * a->pitch + wOffset;
    return *off <= total && count <= total - *off ? cudaSuccess : cudaErrorInvalidValue;
}

cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                              size_t count, enum cudaMemcpyKind kind)
{
    BEGIN;
    (void)gpu;
    struct cudart_array *a = find_array(dst);
    size_t off = 0;
    if (!a)
        return done(cudaErrorInvalidResourceHandle);
    cudaError_t e = linear_span(a, wOffset, hOffset, count, &off);
    if (!e)
        e = rt_copy((char *)dev(a->data) + off, src, count, kind, "cudaMemcpyToArray");
    return done(e);
}

cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                size_t count, enum cudaMemcpyKind kind)
{
    BEGIN;
    (void)gpu;
    struct cudart_array *a = find_array(src);
    size_t off = 0;
    if (!a)
        return done(cudaErrorInvalidResourceHandle);
    cudaError_t e = linear_span(a, wOffset, hOffset, count, &off);
    if (!e)
        e = rt_copy(dst, (char *)dev(a->data) + off, count, kind, "cudaMemcpyFromArray");
    return done(e);
}

/* One side of a 3D copy: its first byte, row and slice pitches, the bytes
 * of extent.width, and its rows and slices for the bounds check. */
struct side {
    char *base;
    size_t pitch, slice, row_bytes;
};

static cudaError_t side_of(cudaArray_t arr, struct cudaPos pos, struct cudaPitchedPtr ptr,
                           struct cudaExtent ext, struct side *s, const char *func)
{
    if (arr) {
        struct cudart_array *a = find_array(arr);
        if (!a)
            return cudaErrorInvalidResourceHandle;
        size_t h = a->height ? a->height : 1, d = a->depth ? a->depth : 1;
        size_t eh = ext.height ? ext.height : 1, ed = ext.depth ? ext.depth : 1;
        if (pos.x > a->width || ext.width > a->width - pos.x || pos.y > h || eh > h - pos.y ||
            pos.z > d || ed > d - pos.z) {
            rt_say(func, "the copy leaves the %zu x %zu x %zu array", a->width, h, d);
            return cudaErrorInvalidValue;
        }
        s->base = (char *)dev(a->data) + pos.z * a->slice + pos.y * a->pitch + pos.x * a->elem;
        s->pitch = a->pitch;
        s->slice = a->slice;
        s->row_bytes = ext.width * a->elem;
        return cudaSuccess;
    }
    if (!ptr.ptr)
        return cudaErrorInvalidValue;
    size_t ysize = ptr.ysize ? ptr.ysize : (ext.height ? ext.height : 1);
    s->pitch = ptr.pitch;
    s->slice = ptr.pitch * ysize;
    s->base = (char *)ptr.ptr + pos.z * s->slice + pos.y * ptr.pitch + pos.x;
    s->row_bytes = ext.width;
    return cudaSuccess;
}

static cudaError_t copy3d(const struct cudaMemcpy3DParms *p, const char *func)
{
    if (!p || (p->srcArray && p->srcPtr.ptr) || (p->dstArray && p->dstPtr.ptr))
        return cudaErrorInvalidValue;
    struct side s, d;
    cudaError_t e = side_of(p->srcArray, p->srcPos, p->srcPtr, p->extent, &s, func);
    if (!e)
        e = side_of(p->dstArray, p->dstPos, p->dstPtr, p->extent, &d, func);
    if (e)
        return e;
    /* an array side's width is in elements; a pointer side's in bytes */
    size_t bytes = p->srcArray ? s.row_bytes : d.row_bytes;
    if ((!p->srcArray && bytes > s.pitch) || (!p->dstArray && bytes > d.pitch))
        return cudaErrorInvalidPitchValue;
    size_t h = p->extent.height ? p->extent.height : 1, n = p->extent.depth ? p->extent.depth : 1;
    for (size_t z = 0; z < n && !e; z++)
        e = rows(d.base + z * d.slice, d.pitch, s.base + z * s.slice, s.pitch, bytes, h, p->kind,
                 func);
    return e;
}

cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p)
{
    BEGIN;
    (void)gpu;
    return done(copy3d(p, "cudaMemcpy3D"));
}

cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream)
{
    BEGIN;
    (void)gpu;
    if (rt_check_stream(stream))
        return done(cudaErrorInvalidResourceHandle);
    return done(copy3d(p, "cudaMemcpy3DAsync"));
}

cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent)
{
    if (!pitchedDevPtr)
        return rt_ret(cudaErrorInvalidValue);
    size_t pitch = 0, rows_ = (extent.height ? extent.height : 1) * (extent.depth ? extent.depth : 1);
    void *p = NULL;
    cudaError_t e = cudaMallocPitch(&p, &pitch, extent.width, rows_);
    if (!e)
        *pitchedDevPtr = (struct cudaPitchedPtr){ p, pitch, extent.width, extent.height };
    return e;
}

cudaError_t cudaMemset3D(struct cudaPitchedPtr p, int value, struct cudaExtent extent)
{
    size_t h = extent.height ? extent.height : 1, d = extent.depth ? extent.depth : 1;
    size_t ysize = p.ysize ? p.ysize : h;
    for (size_t z = 0; z < d; z++) {
        cudaError_t e = cudaMemset2D((char *)p.ptr + z * p.pitch * ysize, p.pitch, value,
                                     extent.width, h);
        if (e)
            return e;
    }
    return cudaSuccess;
}

cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr p, int value, struct cudaExtent extent,
                              cudaStream_t stream)
{
    rt_lock();
    int bad = rt_check_stream(stream);
    rt_unlock();
    if (bad)
        return rt_ret(cudaErrorInvalidResourceHandle);
    return cudaMemset3D(p, value, extent);
}

/* ---- texture and surface objects ---- */

static cudaError_t describe(const struct cudaResourceDesc *r, struct ccgpu_texture_desc *t,
                            int *linear, const char *func)
{
    const struct cudaChannelFormatDesc *cd;
    memset(t, 0, sizeof *t);
    *linear = 0;
    switch (r->resType) {
    case cudaResourceTypeArray: {
        struct cudart_array *a = find_array(r->res.array.array);
        if (!a)
            return cudaErrorInvalidResourceHandle;
        cd = &a->desc;
        t->base = a->data;
        t->dims = (uint32_t)a->dims;
        t->width = (uint32_t)a->width;
        t->height = (uint32_t)a->height;
        t->depth = (uint32_t)a->depth;
        t->pitch = a->pitch;
        t->slice_pitch = a->slice;
        break;
    }
    case cudaResourceTypeLinear:
        cd = &r->res.linear.desc;
        t->base = (uintptr_t)r->res.linear.devPtr;
        t->dims = 1;
        *linear = 1;
        break;
    case cudaResourceTypePitch2D:
        cd = &r->res.pitch2D.desc;
        t->base = (uintptr_t)r->res.pitch2D.devPtr;
        t->dims = 2;
        t->width = (uint32_t)r->res.pitch2D.width;
        t->height = (uint32_t)r->res.pitch2D.height;
        t->pitch = r->res.pitch2D.pitchInBytes;
        if (r->res.pitch2D.width > UINT32_MAX || r->res.pitch2D.height > UINT32_MAX)
            return cudaErrorInvalidValue;
        break;
    default:
        rt_say(func, "resource type %d (mipmapped arrays) is not supported by ccgpu",
               (int)r->resType);
        return cudaErrorNotSupported;
    }
    unsigned ch, bits;
    if (!channel_layout(cd, &ch, &bits)) {
        rt_say(func, "channel format (%d,%d,%d,%d kind %d): ccgpu takes 1, 2 or 4 channels of "
               "8, 16 or 32 bits", cd->x, cd->y, cd->z, cd->w, (int)cd->f);
        return cudaErrorInvalidChannelDescriptor;
    }
    t->channels = ch;
    t->channel_bits = bits;
    t->channel_kind = cd->f == cudaChannelFormatKindSigned   ? CCGPU_CHANNEL_SIGNED
                      : cd->f == cudaChannelFormatKindFloat ? CCGPU_CHANNEL_FLOAT
                                                            : CCGPU_CHANNEL_UNSIGNED;
    if (*linear) {
        size_t w = r->res.linear.sizeInBytes / (ch * bits / 8);
        if (!w || w > UINT32_MAX)
            return cudaErrorInvalidValue;
        t->width = (uint32_t)w;
    }
    return cudaSuccess;
}

static cudaError_t object(unsigned long long *out, const struct cudaResourceDesc *r,
                          const struct cudaTextureDesc *td, int surface, const char *func)
{
    ccgpu *gpu = ccgpu_rt.gpu;
    if (!out || !r || (!surface && !td))
        return cudaErrorInvalidValue;
    if (surface && r->resType != cudaResourceTypeArray)
        return cudaErrorInvalidValue; /* CUDA: surfaces are over arrays */
    struct ccgpu_texture_desc t;
    int linear;
    cudaError_t e = describe(r, &t, &linear, func);
    if (e)
        return e;
    if (!surface) {
        if (td->sRGB) {
            rt_say(func, "sRGB textures are not supported by ccgpu");
            return cudaErrorNotSupported;
        }
        for (int k = 0; k < 3; k++)
            t.address[k] = linear ? CCGPU_ADDRESS_BORDER
                                  : (enum ccgpu_address_mode)(td->addressMode[k] & 3);
        t.filter = linear ? CCGPU_FILTER_POINT : (enum ccgpu_filter_mode)(td->filterMode & 1);
        t.read_normalized = td->readMode == cudaReadModeNormalizedFloat;
        t.normalized_coords = !linear && td->normalizedCoords;
        if (!linear)
            memcpy(t.border, td->borderColor, sizeof t.border);
    }
    uint64_t h = 0;
    if ((surface ? ccgpu_surface_create(gpu, &t, &h) : ccgpu_texture_create(gpu, &t, &h)) != 0) {
        rt_say(func, "%s", ccgpu_error(gpu));
        return cudaErrorInvalidValue;
    }
    struct cudart_texobj *o = calloc(1, sizeof *o);
    if (!o) {
        ccgpu_texture_destroy(gpu, h);
        return cudaErrorMemoryAllocation;
    }
    o->handle = h;
    o->surface = surface;
    o->res = *r;
    if (td)
        o->tex = *td;
    o->next = ccgpu_rt.texobjs;
    ccgpu_rt.texobjs = o;
    *out = h;
    return cudaSuccess;
}

static struct cudart_texobj *find_obj(uint64_t h, int surface)
{
    for (struct cudart_texobj *o = ccgpu_rt.texobjs; o; o = o->next)
        if (o->handle == h && o->surface == surface)
            return o;
    return NULL;
}

static cudaError_t destroy(uint64_t h, int surface)
{
    for (struct cudart_texobj **p = &ccgpu_rt.texobjs; *p; p = &(*p)->next) {
        if ((*p)->handle == h && (*p)->surface == surface) {
            struct cudart_texobj *o = *p;
            *p = o->next;
            ccgpu_texture_destroy(ccgpu_rt.gpu, h);
            free(o);
            return cudaSuccess;
        }
    }
    return h ? cudaErrorInvalidValue : cudaSuccess;
}

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
                                    const struct cudaResourceDesc *pResDesc,
                                    const struct cudaTextureDesc *pTexDesc,
                                    const struct cudaResourceViewDesc *pResViewDesc)
{
    BEGIN;
    (void)gpu;
    if (pResViewDesc) {
        rt_say("cudaCreateTextureObject", "resource views are not supported by ccgpu");
        return done(cudaErrorNotSupported);
    }
    return done(object(pTexObject, pResDesc, pTexDesc, 0, "cudaCreateTextureObject"));
}

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject,
                                    const struct cudaResourceDesc *pResDesc)
{
    BEGIN;
    (void)gpu;
    return done(object(pSurfObject, pResDesc, NULL, 1, "cudaCreateSurfaceObject"));
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject)
{
    BEGIN;
    (void)gpu;
    return done(destroy(texObject, 0));
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject)
{
    BEGIN;
    (void)gpu;
    return done(destroy(surfObject, 1));
}

cudaError_t cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaTextureObject_t texObject)
{
    BEGIN;
    (void)gpu;
    struct cudart_texobj *o = find_obj(texObject, 0);
    if (!o || !pResDesc)
        return done(cudaErrorInvalidValue);
    *pResDesc = o->res;
    return done(cudaSuccess);
}

cudaError_t cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc,
                                            cudaTextureObject_t texObject)
{
    BEGIN;
    (void)gpu;
    struct cudart_texobj *o = find_obj(texObject, 0);
    if (!o || !pTexDesc)
        return done(cudaErrorInvalidValue);
    *pTexDesc = o->tex;
    return done(cudaSuccess);
}

cudaError_t cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                             cudaSurfaceObject_t surfObject)
{
    BEGIN;
    (void)gpu;
    struct cudart_texobj *o = find_obj(surfObject, 1);
    if (!o || !pResDesc)
        return done(cudaErrorInvalidValue);
    *pResDesc = o->res;
    return done(cudaSuccess);
}

void rt_free_arrays(void)
{
    while (ccgpu_rt.texobjs) {
        struct cudart_texobj *o = ccgpu_rt.texobjs;
        ccgpu_rt.texobjs = o->next;
        free(o);
    }
    while (ccgpu_rt.arrays) {
        struct cudart_array *a = ccgpu_rt.arrays;
        ccgpu_rt.arrays = a->next;
        free(a);
    }
}
