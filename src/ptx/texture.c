/* tex / tld4 / suld / sust / txq / suq on texture and surface objects:
 * the engine side. The handle operand is the device
 * address of a struct ptx_texdesc (texture.h).
 *
 * What is modelled (readings of CUDA's documented behaviour):
 * - Coordinates: integer (tex.*.s32: texel indices, as tex1Dfetch) or float.
 *   Float coordinates are scaled by the size when the descriptor has
 *   normalized_coords. Point filtering takes texel floor(x); linear
 *   filtering takes the texels floor(x - 0.5) and the next one, weighted by
 *   the fraction held, as CUDA documents, in 9-bit fixed point with 8
 *   fractional bits (round to nearest). 2D is bilinear, 3D trilinear.
 * - Addressing per coordinate, applied to each texel index: clamp (to the
 *   edge texel), border (the texel is the border colour), wrap (index modulo
 *   the size) and mirror (period twice the size). CUDA allows wrap and
 *   mirror only with normalized coordinates; here they apply either way.
 * - Texel formats: 1, 2 or 4 channels of 8, 16 or 32 bits; unsigned,
 *   signed or float (16-bit float channels are halves). read_normalized
 *   turns 8/16-bit integers into [0,1] (unsigned) or [-1,1] (signed)
 *   floats. Missing channels read as 0. Linear filtering applies to float
 *   results; an integer read is point-sampled.
 * - tld4.{r,g,b,a}: the chosen component of the bilinear footprint's four
 *   texels, in the order (i0,j1) (i1,j1) (i1,j0) (i0,j0) (as OpenGL's
 *   textureGather, which PTX's tld4 follows).
 * - suld.b / sust.b: x in bytes, y and z in rows and slices; .trap faults
 *   outside the surface, .clamp moves the access to the nearest element
 *   inside, .zero reads 0 and drops the store.
 * - txq: width, height, depth, normalized_coords, filter_mode,
 *   addr_mode_0/1/2; suq: width, height, depth.
 * Not modelled: mipmaps (tex.level, tex.grad), layered/cube textures,
 *   depth compare, texture references (.texref), formatted surface access
 *   (sust.p), sRGB.
 *
 * For the timing model a texture instruction is a global load (a store for
 * sust) of one element per lane at the address of its first texel (the
 * footprint's (i0,j0,k0) texel, clamped into the texture), through the L1
 * path: the texture cache is not modelled separately. The engine counts
 * them under the texture space (ptx_counters warp_loads[PTX_SPACE_TEX]),
 * apart from the global loads. */
#include "ptx/exec_impl.h"
#include "ptx/texture.h"
#include <math.h>

static const struct ptx_texdesc *desc_at(struct ptx_warp *w, uint64_t handle)
{
    const uint8_t *p = devmem_ptr(w->launch->prog->mem, handle, PTX_TEXDESC_BYTES);
    if (!p || (handle & 7))
        return NULL;
    const struct ptx_texdesc *t = (const struct ptx_texdesc *)(const void *)p;
    if (t->magic != PTX_TEXDESC_MAGIC || t->dims < 1 || t->dims > 3 ||
        (t->channels != 1 && t->channels != 2 && t->channels != 4) ||
        (t->channel_bits != 8 && t->channel_bits != 16 && t->channel_bits != 32) ||
        !t->width || !t->height || !t->depth)
        return NULL;
    return t;
}

static uint32_t texel_bytes(const struct ptx_texdesc *t)
{
    return t->channels * t->channel_bits / 8;
}

/* index i along a coordinate of size n under mode; -1 for border */
static int64_t address(int64_t i, uint32_t n, uint32_t mode)
{
    int64_t N = n;
    switch (mode) {
    case PTX_TEXADDR_WRAP: {
        int64_t m = i % N;
        return m < 0 ? m + N : m;
    }
    case PTX_TEXADDR_MIRROR: {
        int64_t m = i % (2 * N);
        if (m < 0)
            m += 2 * N;
        return m >= N ? 2 * N - 1 - m : m;
    }
    case PTX_TEXADDR_BORDER:
        return i < 0 || i >= N ? -1 : i;
    default:
        return i < 0 ? 0 : i >= N ? N - 1 : i;
    }
}

static float half_to_float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 0x1f, m = h & 0x3ff;
    float f;
    if (e == 0)
        f = ldexpf((float)m, -24);
    else if (e == 31)
        f = m ? NAN : INFINITY;
    else
        f = ldexpf((float)(m | 0x400), (int)e - 25);
    return sign ? -f : f;
}

/* One texel's channels: as floats (out_f) when the read gives floats, else
 * as integer bits (out_i). Border texels (idx < 0) are the border colour. */
static void fetch(const struct ptx_texdesc *t, const uint8_t *data, int64_t x, int64_t y,
                  int64_t z, int as_float, float out_f[4], uint64_t out_i[4])
{
    for (int c = 0; c < 4; c++) {
        out_f[c] = 0;
        out_i[c] = 0;
    }
    if (x < 0 || y < 0 || z < 0) {
        for (int c = 0; c < 4; c++) {
            out_f[c] = t->border[c];
            out_i[c] = fb32(t->border[c]);
        }
        return;
    }
    const uint8_t *p = data + (uint64_t)z * t->slice_pitch + (uint64_t)y * t->pitch +
                       (uint64_t)x * texel_bytes(t);
    for (uint32_t c = 0; c < t->channels; c++) {
        uint64_t raw = 0;
        memcpy(&raw, p + c * t->channel_bits / 8, t->channel_bits / 8);
        float f;
        uint64_t bits;
        if (t->channel_kind == PTX_TEXCH_FLOAT) {
            f = t->channel_bits == 16 ? half_to_float((uint16_t)raw) : f32(raw);
            bits = fb32(f);
        } else if (t->channel_kind == PTX_TEXCH_SIGNED) {
            int64_t v = sx(raw, t->channel_bits);
            bits = zx((uint64_t)v, 32);
            if (t->read_normalized && t->channel_bits < 32) {
                float mx = t->channel_bits == 8 ? 127.0f : 32767.0f;
                f = (float)v / mx;
                if (f < -1.0f)
                    f = -1.0f;
            } else {
                f = (float)v;
            }
        } else {
            bits = raw;
            if (t->read_normalized && t->channel_bits < 32)
                f = (float)raw / (t->channel_bits == 8 ? 255.0f : 65535.0f);
            else
                f = (float)raw;
        }
        out_f[c] = f;
        out_i[c] = as_float ? fb32(f) : bits;
    }
}

/* the 8-bit-fraction weight of linear filtering */
static float weight(float frac)
{
    return roundf(frac * 256.0f) / 256.0f;
}

static int su_bad(struct ptx_warp *w, int lane, const struct ptx_inst *in, const char *what)
{
    ptx_exec_fail(w, lane, in, "%s", what);
    return -1;
}

/* the operands' lane values of a vector (or single register) operand */
static void vec_lanes(struct ptx_warp *w, const struct ptx_operand *o, unsigned n,
                      const uint64_t *out[4], uint64_t tmp[4][PTX_WARP_SIZE], uint64_t *dst[4])
{
    for (unsigned e = 0; e < 4; e++) {
        out[e] = tmp[e];
        if (dst)
            dst[e] = w->sink;
    }
    if (o->kind == PTX_OPND_VEC) {
        for (unsigned e = 0; e < n && e < o->count; e++) {
            uint32_t r = w->func->vec_pool[o->index + e];
            if (r == PTX_NO_INDEX) {
                memset(tmp[e], 0, sizeof tmp[e]);
                continue;
            }
            out[e] = &w->regs[(size_t)r * PTX_WARP_SIZE];
            if (dst)
                dst[e] = &w->regs[(size_t)r * PTX_WARP_SIZE];
        }
    } else if (o->kind != PTX_OPND_NONE) {
        out[0] = ptx_src(w, o, tmp[0]);
        if (dst)
            dst[0] = ptx_exec_dst(w, o);
    }
}

static int exec_query(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                      const uint64_t *h)
{
    uint64_t *D = ptx_exec_dst(w, &in->ops[0]);
    for (uint32_t m = mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        const struct ptx_texdesc *t = desc_at(w, h[l]);
        if (!t)
            return su_bad(w, l, in, "txq/suq: the handle is not a texture or surface object");
        uint64_t v = 0;
        switch (in->mode) {
        case PTX_TXQ_WIDTH: v = t->width; break;
        case PTX_TXQ_HEIGHT: v = t->height; break;
        case PTX_TXQ_DEPTH: v = t->depth; break;
        case PTX_TXQ_NORMALIZED: v = t->normalized_coords; break;
        case PTX_TXQ_FILTER: v = t->filter; break;
        case PTX_TXQ_ADDR0: v = t->addr_mode[0]; break;
        case PTX_TXQ_ADDR1: v = t->addr_mode[1]; break;
        default: v = t->addr_mode[2]; break;
        }
        D[l] = v;
    }
    return 0;
}

int ptx_exec_tex(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                 struct ptx_dyninst *d)
{
    struct ptx_launch *L = w->launch;
    int is_su = in->op == PTX_OP_SULD || in->op == PTX_OP_SUST;
    int is_store = in->op == PTX_OP_SUST;
    const struct ptx_operand *ho = &in->ops[is_store ? 0 : 1];
    const struct ptx_operand *co = &in->ops[is_store ? 1 : 2];
    uint64_t th[PTX_WARP_SIZE];
    const uint64_t *h = ho->kind == PTX_OPND_ADDR_REG ? &w->regs[(size_t)ho->index * PTX_WARP_SIZE]
                                                      : ptx_src(w, ho, th);
    if (in->op == PTX_OP_TXQ || in->op == PTX_OP_SUQ)
        return exec_query(w, in, mask, h);
    unsigned geo = in->mode; /* 1, 2, 3 */
    const uint64_t *c[4];
    uint64_t ctmp[4][PTX_WARP_SIZE];
    vec_lanes(w, co, geo, c, ctmp, NULL);
    unsigned nd = is_su ? (in->vec ? in->vec : 1) : 4;
    const uint64_t *dv[4];
    uint64_t *D[4];
    uint64_t dtmp[4][PTX_WARP_SIZE];
    vec_lanes(w, &in->ops[is_store ? 2 : 0], nd, dv, dtmp, is_store ? NULL : D);
    unsigned acc_size = 4;
    for (uint32_t m = mask; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        const struct ptx_texdesc *t = desc_at(w, h[l]);
        if (!t || (t->kind == PTX_TEXOBJ_SURFACE) != is_su)
            return su_bad(w, l, in, is_su ? "suld/sust: the handle is not a surface object"
                                          : "tex/tld4: the handle is not a texture object");
        if (t->dims < geo)
            return su_bad(w, l, in, "the instruction's geometry has more dimensions than the object");
        uint64_t span = (uint64_t)(t->depth - 1) * t->slice_pitch +
                        (uint64_t)(t->height - 1) * t->pitch + (uint64_t)t->width * texel_bytes(t);
        const uint8_t *data = devmem_ptr(L->prog->mem, t->base, span);
        if (!data)
            return su_bad(w, l, in, "the object's memory is not a live allocation");
        uint32_t dims[3] = { t->width, t->height, t->depth };
        uint64_t addr_out;
        if (is_su) {
            unsigned size = ptx_type_bytes((enum ptx_type)in->type) * nd;
            acc_size = size;
            int64_t xb = sx(c[0][l], 32);
            int64_t y = geo > 1 ? sx(c[1][l], 32) : 0, z = geo > 2 ? sx(c[2][l], 32) : 0;
            int64_t row = (int64_t)t->width * texel_bytes(t), sz = (int64_t)size;
            int out = xb < 0 || xb + sz > row || y < 0 || y >= t->height || z < 0 ||
                      z >= t->depth;
            if (out && in->boolop == PTX_SU_TRAP) {
                ptx_exec_fail(w, l, in, "surface access out of bounds at (%lld bytes, %lld, %lld)",
                              (long long)xb, (long long)y, (long long)z);
                return -1;
            }
            if (out && in->boolop == PTX_SU_CLAMP) {
                xb = xb < 0 ? 0 : xb + sz > row ? row - sz : xb;
                y = y < 0 ? 0 : y >= t->height ? t->height - 1 : y;
                z = z < 0 ? 0 : z >= t->depth ? t->depth - 1 : z;
                out = 0;
            }
            if (xb % sz) {
                ptx_exec_fail(w, l, in, "misaligned surface access of %u bytes at x = %lld bytes",
                              size, (long long)xb);
                return -1;
            }
            uint64_t off = (uint64_t)z * t->slice_pitch + (uint64_t)y * t->pitch + (uint64_t)xb;
            addr_out = out ? t->base : t->base + off;
            unsigned es = ptx_type_bytes((enum ptx_type)in->type);
            for (unsigned e = 0; e < nd; e++) {
                uint8_t *p = (uint8_t *)data + off + e * es;
                if (is_store) {
                    if (!out)
                        memcpy(p, &dv[e][l], es);
                } else {
                    uint64_t v = 0;
                    if (!out)
                        memcpy(&v, p, es);
                    D[e][l] = v;
                }
            }
        } else {
            int float_coords = in->stype == PTX_T_F32;
            int as_float = in->type == PTX_T_F32;
            int linear = as_float && t->filter == PTX_TEXFILT_LINEAR && float_coords;
            int gather = in->op == PTX_OP_TLD4;
            int64_t i0[3] = { 0, 0, 0 };
            float frac[3] = { 0, 0, 0 };
            for (unsigned k = 0; k < geo; k++) {
                if (!float_coords) {
                    i0[k] = sx(c[k][l], 32);
                    continue;
                }
                float x = f32(c[k][l]);
                if (t->normalized_coords)
                    x *= (float)dims[k];
                if (linear || gather) {
                    float xb = x - 0.5f, fl = floorf(xb);
                    i0[k] = isfinite(fl) ? (int64_t)fl : 0;
                    frac[k] = weight(xb - fl);
                } else {
                    float fl = floorf(x);
                    i0[k] = isfinite(fl) ? (int64_t)fl : 0;
                }
            }
            int64_t ix[3][2];
            for (unsigned k = 0; k < 3; k++) {
                uint32_t n = k < geo ? dims[k] : 1;
                ix[k][0] = k < geo ? address(i0[k], n, t->addr_mode[k]) : 0;
                ix[k][1] = k < geo ? address(i0[k] + 1, n, t->addr_mode[k]) : 0;
            }
            /* the timing model's address: the first texel, clamped inside */
            int64_t ax = address(i0[0], dims[0], PTX_TEXADDR_CLAMP);
            int64_t ay = geo > 1 ? address(i0[1], dims[1], PTX_TEXADDR_CLAMP) : 0;
            int64_t az = geo > 2 ? address(i0[2], dims[2], PTX_TEXADDR_CLAMP) : 0;
            addr_out = t->base + (uint64_t)az * t->slice_pitch + (uint64_t)ay * t->pitch +
                       (uint64_t)ax * texel_bytes(t);
            acc_size = texel_bytes(t);
            float f[4];
            uint64_t bits[4];
            if (gather) {
                static const int order[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
                for (int e = 0; e < 4; e++) {
                    float tf[4];
                    uint64_t tb[4];
                    fetch(t, data, ix[0][order[e][0]], geo > 1 ? ix[1][order[e][1]] : 0, 0,
                          as_float, tf, tb);
                    D[e][l] = as_float ? fb32(tf[in->boolop]) : tb[in->boolop];
                }
                goto next;
            }
            if (!linear) {
                fetch(t, data, ix[0][0], ix[1][0], ix[2][0], as_float, f, bits);
                for (int e = 0; e < 4; e++)
                    D[e][l] = bits[e];
                goto next;
            }
            float acc[4] = { 0, 0, 0, 0 };
            for (unsigned corner = 0; corner < (1u << geo); corner++) {
                float wgt = 1;
                int64_t idx[3];
                for (unsigned k = 0; k < 3; k++) {
                    unsigned b = (corner >> k) & 1;
                    idx[k] = ix[k][k < geo ? b : 0];
                    if (k < geo)
                        wgt *= b ? frac[k] : 1 - frac[k];
                }
                if (wgt == 0)
                    continue;
                fetch(t, data, idx[0], idx[1], idx[2], 1, f, bits);
                for (int e = 0; e < 4; e++)
                    acc[e] += wgt * f[e];
            }
            for (int e = 0; e < 4; e++)
                D[e][l] = fb32(acc[e]);
        }
    next:
        if (d)
            d->addr[l] = addr_out;
    }
    unsigned n = (unsigned)bits_popc32(mask);
    if (is_store) {
        w->cnt->warp_stores[PTX_SPACE_TEX]++;
        w->cnt->thread_stores[PTX_SPACE_TEX] += n;
    } else {
        w->cnt->warp_loads[PTX_SPACE_TEX]++;
        w->cnt->thread_loads[PTX_SPACE_TEX] += n;
    }
    if (d) {
        d->is_mem = 1;
        d->is_load = (uint8_t)!is_store;
        d->is_store = (uint8_t)is_store;
        d->is_atomic = 0;
        d->space = PTX_SPACE_GLOBAL;
        d->mixed_space = 0;
        d->access_size = (uint8_t)(acc_size > 16 ? 16 : acc_size);
        d->vec = 1;
    }
    return 0;
}
