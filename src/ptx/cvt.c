/* cvt: integer <-> integer (with .sat clamping), integer <-> float (rounded),
 * float -> integer (rounded to integral, always saturating, NaN -> 0),
 * float <-> float (f16/bf16/f32/f64, rounding, .ftz, .sat). */
#include "ptx/exec_impl.h"
#include <fenv.h>
#include <math.h>

static int bits_of(int t)
{
    int b = (int)ptx_type_bytes((enum ptx_type)t) * 8;
    return b ? b : 64;
}

static int is_float(int t)
{
    return t == PTX_T_F16 || t == PTX_T_BF16 || t == PTX_T_F32 || t == PTX_T_F64;
}

/* IEEE half <-> float, round to nearest even. */
float ptx_half_to_float(uint32_t h)
{
    uint32_t s = (h >> 15) & 1, e = (h >> 10) & 0x1f, m = h & 0x3ff;
    float v;
    if (e == 0)
        v = ldexpf((float)m, -24);
    else if (e == 31)
        v = m ? NAN : INFINITY;
    else
        v = ldexpf((float)(m | 0x400), (int)e - 25);
    return s ? -v : v;
}

uint32_t ptx_float_to_half(float f)
{
    uint32_t x = (uint32_t)fb32(f);
    uint32_t s = (x >> 16) & 0x8000;
    float a = fabsf(f);
    if (isnan(f))
        return s | 0x7e00;
    if (a >= 65520.0f) /* rounds to infinity */
        return s | 0x7c00;
    if (a < 0x1p-14f) { /* subnormal half: multiple of 2^-24, ties to even */
        float q = nearbyintf(a * 0x1p24f);
        return s | (uint32_t)q;
    }
    int e;
    float m = frexpf(a, &e); /* a = m * 2^e, m in [0.5, 1) */
    float q = nearbyintf(m * 2048.0f); /* 11 significant bits */
    if (q >= 2048.0f) {
        q /= 2;
        e++;
    }
    uint32_t he = (uint32_t)(e - 1 + 15);
    if (he >= 31)
        return s | 0x7c00;
    return s | (he << 10) | ((uint32_t)q & 0x3ff);
}

float ptx_bf16_to_float(uint32_t h)
{
    return f32((uint64_t)(h & 0xffff) << 16);
}

uint32_t ptx_float_to_bf16(float f)
{
    uint32_t x = (uint32_t)fb32(f);
    if (isnan(f))
        return (x >> 16) | 0x40;
    x += 0x7fff + ((x >> 16) & 1);
    return x >> 16;
}

static double load_float(int t, uint64_t v, int ftz)
{
    switch (t) {
    case PTX_T_F16: return ptx_half_to_float((uint32_t)v & 0xffff);
    case PTX_T_BF16: return ptx_bf16_to_float((uint32_t)v);
    case PTX_T_F32: return f32(ftz ? ftz32(v) : v);
    default: return f64(v);
    }
}

static double round_integral(double v, int rnd)
{
    switch (rnd) {
    case PTX_RND_RZI: return trunc(v);
    case PTX_RND_RMI: return floor(v);
    case PTX_RND_RPI: return ceil(v);
    case PTX_RND_RNI: return nearbyint(v); /* default mode: ties to even */
    default: return v;
    }
}

/* float -> integer: round, clamp to the destination range, NaN -> 0 */
static uint64_t float_to_int(double v, int rnd, int bits, int sgn)
{
    if (isnan(v))
        return 0;
    v = round_integral(v, rnd == PTX_RND_NONE ? PTX_RND_RZI : rnd);
    if (sgn) {
        double lo = -ldexp(1.0, bits - 1), hi = ldexp(1.0, bits - 1);
        if (v < lo)
            return zx((uint64_t)1 << (bits - 1), (unsigned)bits);
        if (v >= hi)
            return zx(((uint64_t)1 << (bits - 1)) - 1, (unsigned)bits);
        return zx((uint64_t)(int64_t)v, (unsigned)bits);
    }
    double hi = ldexp(1.0, bits);
    if (v <= 0)
        return 0;
    if (v >= hi)
        return zx(~0ull, (unsigned)bits);
    return zx((uint64_t)v, (unsigned)bits);
}

static uint64_t int_sat(uint64_t v, int sbits, int ssgn, int dbits, int dsgn)
{
    if (ssgn) {
        int64_t x = sx(v, (unsigned)sbits);
        int64_t lo = dsgn ? (dbits >= 64 ? INT64_MIN : -((int64_t)1 << (dbits - 1))) : 0;
        if (x < lo)
            return zx((uint64_t)lo, (unsigned)dbits);
        uint64_t hi = dsgn ? ((uint64_t)1 << (dbits - 1)) - 1 : zx(~0ull, (unsigned)dbits);
        if (x > 0 && (uint64_t)x > hi)
            return hi;
        return zx((uint64_t)x, (unsigned)dbits);
    }
    uint64_t x = zx(v, (unsigned)sbits);
    uint64_t hi = dsgn ? ((uint64_t)1 << (dbits - 1)) - 1 : zx(~0ull, (unsigned)dbits);
    return x > hi ? hi : x;
}

static __attribute__((noinline)) uint64_t store_float(int t, double v, int rnd, int ftz, int sat)
{
    if (sat)
        v = isnan(v) ? 0.0 : v < 0 ? 0.0 : v > 1 ? 1.0 : v;
    switch (t) {
    case PTX_T_F16: return ptx_float_to_half((float)v);
    case PTX_T_BF16: return ptx_float_to_bf16((float)v);
    case PTX_T_F32: {
        volatile double x = v;
        int old = 0, nd = rnd == PTX_RND_RZ || rnd == PTX_RND_RM || rnd == PTX_RND_RP;
        if (nd) {
            old = fegetround();
            fesetround(rnd == PTX_RND_RZ ? FE_TOWARDZERO : rnd == PTX_RND_RM ? FE_DOWNWARD : FE_UPWARD);
        }
        volatile float r = (float)x;
        if (nd)
            fesetround(old);
        uint64_t b = fb32(r);
        return ftz ? ftz32(b) : b;
    }
    default: return fb64(v);
    }
}

/* integer -> float with the requested rounding: a 64-bit integer may not be
 * exact in a double, so convert directly to the destination type */
static __attribute__((noinline)) uint64_t int_to_float(uint64_t v, int sbits, int ssgn, int t,
                                                       int rnd, int sat)
{
    int old = 0, nd = rnd == PTX_RND_RZ || rnd == PTX_RND_RM || rnd == PTX_RND_RP;
    if (nd) {
        old = fegetround();
        fesetround(rnd == PTX_RND_RZ ? FE_TOWARDZERO : rnd == PTX_RND_RM ? FE_DOWNWARD : FE_UPWARD);
    }
    uint64_t r;
    volatile int64_t si = sx(v, (unsigned)sbits);
    volatile uint64_t ui = zx(v, (unsigned)sbits);
    if (t == PTX_T_F64) {
        volatile double d = ssgn ? (double)si : (double)ui;
        r = fb64(sat ? (d < 0 ? 0.0 : d > 1 ? 1.0 : d) : d);
    } else {
        volatile float fl = ssgn ? (float)si : (float)ui;
        if (sat)
            fl = fl < 0 ? 0.0f : fl > 1 ? 1.0f : fl;
        r = t == PTX_T_F32 ? fb32(fl) : t == PTX_T_F16 ? ptx_float_to_half(fl) : ptx_float_to_bf16(fl);
    }
    if (nd)
        fesetround(old);
    return r;
}

int ptx_alu_cvt(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask, uint64_t *D,
                const uint64_t *a)
{
    (void)w; /* uniform ALU signature; every cvt form here succeeds */
    int dt = in->type, st = in->stype ? in->stype : in->type;
    if (dt == PTX_T_TF32) { /* f32 -> tf32: 10 fraction bits, nearest, ties away (.rna) */
        LANES((a[l] & 0x7f800000u) == 0x7f800000u ? a[l] & 0xffffffffu
                                                   : ((a[l] & 0xffffffffu) + 0x1000u) & 0xffffe000u);
        return 0;
    }
    int db = bits_of(dt), sb = bits_of(st);
    int dsgn = ptx_type_is_signed((enum ptx_type)dt), ssgn = ptx_type_is_signed((enum ptx_type)st);
    int ftz = (in->flags & PTX_F_FTZ) != 0, sat = (in->flags & PTX_F_SAT) != 0;
    int rnd = in->round;
    if (!is_float(dt) && !is_float(st)) {
        if (sat)
            LANES(int_sat(a[l], sb, ssgn, db, dsgn));
        else if (ssgn)
            LANES(zx((uint64_t)sx(a[l], (unsigned)sb), (unsigned)db));
        else
            LANES(zx(zx(a[l], (unsigned)sb), (unsigned)db));
        return 0;
    }
    if (!is_float(st)) {
        int nearest = rnd == PTX_RND_NONE || rnd == PTX_RND_RN;
        if (nearest && !sat && dt == PTX_T_F32 && ssgn)
            LANES(fb32((float)sx(a[l], (unsigned)sb)));
        else if (nearest && !sat && dt == PTX_T_F32)
            LANES(fb32((float)zx(a[l], (unsigned)sb)));
        else if (nearest && !sat && dt == PTX_T_F64 && ssgn)
            LANES(fb64((double)sx(a[l], (unsigned)sb)));
        else if (nearest && !sat && dt == PTX_T_F64)
            LANES(fb64((double)zx(a[l], (unsigned)sb)));
        else
            LANES(int_to_float(a[l], sb, ssgn, dt, rnd, sat));
        return 0;
    }
    if (!is_float(dt)) {
        LANES(float_to_int(load_float(st, a[l], ftz), rnd, db, dsgn));
        return 0;
    }
    /* float -> float; .rni etc. round to an integral value in the source
     * type's precision, which the destination then holds exactly or rounds */
    int integral = rnd == PTX_RND_RNI || rnd == PTX_RND_RZI || rnd == PTX_RND_RMI ||
                   rnd == PTX_RND_RPI;
    for (int l = 0; l < PTX_WARP_SIZE; l++) {
        if (!((mask >> l) & 1))
            continue;
        double v = load_float(st, a[l], ftz);
        if (integral)
            v = round_integral(v, rnd);
        D[l] = store_float(dt, v, integral ? PTX_RND_RN : rnd, ftz, sat);
    }
    return 0;
}
