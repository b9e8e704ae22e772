/* The host API's texture and surface objects (the engine side:
 * src/ptx/texture.c). */
#include "gpu/gpu_internal.h"
#include "ptx/texture.h"
#include <string.h>

/* ---- texture and surface objects (the engine side: src/ptx/texture.c) ---- */

static int object_create(ccgpu *gpu, const struct ccgpu_texture_desc *d, uint64_t *handle,
                         uint32_t kind)
{
    const char *what = kind == PTX_TEXOBJ_TEXTURE ? "texture_create" : "surface_create";
    if (!d || !handle)
        return gpu_fail(gpu, "%s: NULL description or handle", what);
    struct ptx_texdesc t;
    memset(&t, 0, sizeof t);
    t.magic = PTX_TEXDESC_MAGIC;
    t.kind = kind;
    t.dims = d->dims;
    t.channels = d->channels;
    t.channel_bits = d->channel_bits;
    t.channel_kind = (uint32_t)d->channel_kind;
    t.width = d->width;
    t.height = d->dims >= 2 && d->height ? d->height : 1;
    t.depth = d->dims >= 3 && d->depth ? d->depth : 1;
    if (d->dims < 1 || d->dims > 3)
        return gpu_fail(gpu, "%s: dims %u (1, 2 or 3)", what, d->dims);
    if (d->channels != 1 && d->channels != 2 && d->channels != 4)
        return gpu_fail(gpu, "%s: %u channels (1, 2 or 4)", what, d->channels);
    if (d->channel_bits != 8 && d->channel_bits != 16 && d->channel_bits != 32)
        return gpu_fail(gpu, "%s: %u-bit channels (8, 16 or 32)", what, d->channel_bits);
    if ((unsigned)d->channel_kind > CCGPU_CHANNEL_FLOAT ||
        (d->channel_kind == CCGPU_CHANNEL_FLOAT && d->channel_bits == 8))
        return gpu_fail(gpu, "%s: bad channel kind for %u-bit channels", what, d->channel_bits);
    if (!d->width || (d->dims >= 2 && !d->height) || (d->dims >= 3 && !d->depth))
        return gpu_fail(gpu, "%s: empty %uD extent %ux%ux%u", what, d->dims, d->width, d->height,
                    d->depth);
    for (int k = 0; k < 3; k++) {
        if ((unsigned)d->address[k] > CCGPU_ADDRESS_BORDER)
            return gpu_fail(gpu, "%s: address mode %d of coordinate %d", what, (int)d->address[k], k);
        t.addr_mode[k] = (uint32_t)d->address[k];
    }
    if ((unsigned)d->filter > CCGPU_FILTER_LINEAR)
        return gpu_fail(gpu, "%s: filter mode %d", what, (int)d->filter);
    int float_read = d->channel_kind == CCGPU_CHANNEL_FLOAT ||
                     (d->read_normalized && d->channel_bits < 32);
    if (kind == PTX_TEXOBJ_TEXTURE) {
        if (d->filter == CCGPU_FILTER_LINEAR && !float_read)
            return gpu_fail(gpu, "%s: linear filtering needs float texels or read_normalized", what);
        t.filter = (uint32_t)d->filter;
        t.read_normalized = d->read_normalized && d->channel_bits < 32;
        t.normalized_coords = d->normalized_coords != 0;
    }
    memcpy(t.border, d->border, sizeof t.border);
    uint64_t row = (uint64_t)t.width * t.channels * t.channel_bits / 8;
    t.pitch = d->pitch ? d->pitch : row;
    t.slice_pitch = d->slice_pitch ? d->slice_pitch : t.pitch * t.height;
    if (t.pitch < row || t.slice_pitch < t.pitch * t.height)
        return gpu_fail(gpu, "%s: pitch %llu / slice pitch %llu below the row / slice size", what,
                    (unsigned long long)t.pitch, (unsigned long long)t.slice_pitch);
    uint64_t span = (uint64_t)(t.depth - 1) * t.slice_pitch + (uint64_t)(t.height - 1) * t.pitch + row;
    if (!d->base || !devmem_ptr(&gpu->mem, d->base, span))
        return gpu_fail(gpu, "%s: [0x%llx, +%llu) is not inside one live allocation", what,
                    (unsigned long long)d->base, (unsigned long long)span);
    t.base = d->base;
    ccgpu_devptr h;
    if (devmem_alloc(&gpu->mem, sizeof t, &h))
        return gpu_fail(gpu, "%s: out of memory for the descriptor", what);
    memcpy(devmem_ptr(&gpu->mem, h, sizeof t), &t, sizeof t);
    *handle = h;
    return 0;
}

int ccgpu_texture_create(ccgpu *gpu, const struct ccgpu_texture_desc *desc, uint64_t *handle)
{
    return object_create(gpu, desc, handle, PTX_TEXOBJ_TEXTURE);
}

int ccgpu_surface_create(ccgpu *gpu, const struct ccgpu_texture_desc *desc, uint64_t *handle)
{
    return object_create(gpu, desc, handle, PTX_TEXOBJ_SURFACE);
}

int ccgpu_texture_destroy(ccgpu *gpu, uint64_t handle)
{
    uint8_t *p = devmem_ptr(&gpu->mem, handle, PTX_TEXDESC_BYTES);
    uint32_t magic = 0;
    if (p)
        memcpy(&magic, p, 4);
    if (!p || magic != PTX_TEXDESC_MAGIC)
        return gpu_fail(gpu, "texture_destroy: 0x%llx is not a texture or surface object",
                    (unsigned long long)handle);
    memset(p, 0, PTX_TEXDESC_BYTES);
    if (devmem_release(&gpu->mem, handle))
        return gpu_fail(gpu, "texture_destroy: 0x%llx is not a texture or surface object",
                    (unsigned long long)handle);
    return 0;
}
