/* Texture and surface objects. A texture or surface
 * object handle is the device address of a descriptor in device memory
 * (the host API writes it: ccgpu_texture_create / ccgpu_surface_create), as
 * a GPU's handle names a descriptor the texture unit reads. The engine reads
 * the descriptor at the handle for every tex / tld4 / suld / sust / txq /
 * suq; a handle that is not a live descriptor stops the kernel with a
 * message. The layout is fixed (little-endian, 104 bytes). */
#ifndef CCGPU_PTX_TEXTURE_H
#define CCGPU_PTX_TEXTURE_H
#include <stdint.h>

#define PTX_TEXDESC_MAGIC 0x54584431u /* "1DXT" */
#define PTX_TEXDESC_BYTES 104u

enum ptx_tex_kind { PTX_TEXOBJ_TEXTURE = 1, PTX_TEXOBJ_SURFACE = 2 };
/* channel kinds */
enum { PTX_TEXCH_UNSIGNED = 0, PTX_TEXCH_SIGNED = 1, PTX_TEXCH_FLOAT = 2 };
/* addressing modes, as cudaTextureAddressMode numbers them */
enum { PTX_TEXADDR_WRAP = 0, PTX_TEXADDR_CLAMP = 1, PTX_TEXADDR_MIRROR = 2,
       PTX_TEXADDR_BORDER = 3 };
/* filter modes, as cudaTextureFilterMode */
enum { PTX_TEXFILT_POINT = 0, PTX_TEXFILT_LINEAR = 1 };

struct ptx_texdesc {
    uint32_t magic, kind;     /* PTX_TEXDESC_MAGIC, enum ptx_tex_kind */
    uint32_t dims;            /* 1, 2 or 3 */
    uint32_t channels;        /* 1, 2 or 4 */
    uint32_t channel_bits;    /* 8, 16 or 32 (every channel the same) */
    uint32_t channel_kind;    /* PTX_TEXCH_* */
    uint32_t width, height, depth; /* texels (height, depth 1 when unused) */
    uint32_t addr_mode[3];    /* PTX_TEXADDR_* per coordinate */
    uint32_t filter;          /* PTX_TEXFILT_* */
    uint32_t read_normalized; /* 1: 8/16-bit integer texels read as floats in [0,1] / [-1,1] */
    uint32_t normalized_coords; /* 1: coordinates in [0,1) scaled by the size */
    uint32_t pad;
    uint64_t base;            /* device address of texel (0,0,0) */
    uint64_t pitch;           /* bytes from one row to the next */
    uint64_t slice_pitch;     /* bytes from one 2D slice to the next */
    float border[4];          /* border colour (PTX_TEXADDR_BORDER) */
};

_Static_assert(sizeof(struct ptx_texdesc) == PTX_TEXDESC_BYTES, "texture descriptor layout");

#endif
