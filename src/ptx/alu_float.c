/* f32 and f64 arithmetic and special functions: rounding modifiers, .ftz,
 * .sat, NaN rules of min/max. .approx functions use the C library (exact
 * where hardware is approximate; deterministic for a given libm). */
#include "ptx/exec_impl.h"
#include <fenv.h>
#include <math.h>

static int fe_mode(int round)
{
    switch (round) {
    case PTX_RND_RZ: return FE_TOWARDZERO;
    case PTX_RND_RM: return FE_DOWNWARD;
    case PTX_RND_RP: return FE_UPWARD;
    default: return FE_TONEAREST;
    }
}

static float min32(float a, float b)
{
    if (isnan(a))
        return isnan(b) ? NAN : b;
    if (isnan(b))
        return a;
    if (a == 0 && b == 0)
        return signbit(a) ? a : b; /* -0 < +0 */
    return a < b ? a : b;
}

static float max32(float a, float b)
{
    if (isnan(a))
        return isnan(b) ? NAN : b;
    if (isnan(b))
        return a;
    if (a == 0 && b == 0)
        return signbit(a) ? b : a;
    return a > b ? a : b;
}

static double min64(double a, double b)
{
    if (isnan(a))
        return isnan(b) ? NAN : b;
    if (isnan(b))
        return a;
    if (a == 0 && b == 0)
        return signbit(a) ? a : b;
    return a < b ? a : b;
}

static double max64(double a, double b)
{
    if (isnan(a))
        return isnan(b) ? NAN : b;
    if (isnan(b))
        return a;
    if (a == 0 && b == 0)
        return signbit(a) ? b : a;
    return a > b ? a : b;
}

static float sat32(float v)
{
    return isnan(v) ? 0.0f : v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

/* One f32 lane. Kept out of line and fed through volatile so that the
 * non-default rounding mode set around the loop reaches the operation. */
static __attribute__((noinline)) float op32(int op, float a, float b, float c)
{
    volatile float x = a, y = b, z = c;
    switch (op) {
    case PTX_OP_ADD: return x + y;
    case PTX_OP_SUB: return x - y;
    case PTX_OP_MUL: return x * y;
    case PTX_OP_FMA: case PTX_OP_MAD: return fmaf(x, y, z);
    case PTX_OP_DIV: return x / y;
    case PTX_OP_MIN: return min32(x, y);
    case PTX_OP_MAX: return max32(x, y);
    case PTX_OP_ABS: return fabsf(x);
    case PTX_OP_NEG: return -x;
    case PTX_OP_SQRT: return sqrtf(x);
    case PTX_OP_RSQRT: return 1.0f / sqrtf(x);
    case PTX_OP_RCP: return 1.0f / x;
    case PTX_OP_EX2: return exp2f(x);
    case PTX_OP_LG2: return log2f(x);
    case PTX_OP_SIN: return sinf(x);
    case PTX_OP_COS: return cosf(x);
    case PTX_OP_TANH: return tanhf(x);
    case PTX_OP_COPYSIGN: return copysignf(y, x);
    default: return NAN;
    }
}

static __attribute__((noinline)) double op64(int op, double a, double b, double c)
{
    volatile double x = a, y = b, z = c;
    switch (op) {
    case PTX_OP_ADD: return x + y;
    case PTX_OP_SUB: return x - y;
    case PTX_OP_MUL: return x * y;
    case PTX_OP_FMA: case PTX_OP_MAD: return fma(x, y, z);
    case PTX_OP_DIV: return x / y;
    case PTX_OP_MIN: return min64(x, y);
    case PTX_OP_MAX: return max64(x, y);
    case PTX_OP_ABS: return fabs(x);
    case PTX_OP_NEG: return -x;
    case PTX_OP_SQRT: return sqrt(x);
    case PTX_OP_RSQRT: return 1.0 / sqrt(x);
    case PTX_OP_RCP: return 1.0 / x;
    case PTX_OP_EX2: return exp2(x);
    case PTX_OP_LG2: return log2(x);
    case PTX_OP_SIN: return sin(x);
    case PTX_OP_COS: return cos(x);
    case PTX_OP_TANH: return tanh(x);
    case PTX_OP_COPYSIGN: return copysign(y, x);
    default: return NAN;
    }
}

/* fma is the most frequent float instruction nvcc emits; without -mfma the C
 * library call costs more than the rest of the instruction, so use the
 * hardware instruction when the host has it (checked at run time). */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
__attribute__((target("fma"))) static void fma32_hw(uint64_t *D, const uint64_t *a,
                                                   const uint64_t *b, const uint64_t *c,
                                                   uint32_t mask)
{
    LANES(fb32(__builtin_fmaf(f32(a[l]), f32(b[l]), f32(c[l]))));
}
#define HAVE_FMA_HW() __builtin_cpu_supports("fma")
#else
#define HAVE_FMA_HW() 0
#define fma32_hw(D, a, b, c, mask) ((void)0)
#endif

static int supported(int op)
{
    switch (op) {
    case PTX_OP_ADD: case PTX_OP_SUB: case PTX_OP_MUL: case PTX_OP_FMA: case PTX_OP_MAD:
    case PTX_OP_DIV: case PTX_OP_MIN: case PTX_OP_MAX: case PTX_OP_ABS: case PTX_OP_NEG:
    case PTX_OP_SQRT: case PTX_OP_RSQRT: case PTX_OP_RCP: case PTX_OP_EX2: case PTX_OP_LG2:
    case PTX_OP_SIN: case PTX_OP_COS: case PTX_OP_TANH: case PTX_OP_COPYSIGN:
        return 1;
    default:
        return 0;
    }
}

static int testp(int mode, uint64_t v, int is64)
{
    int c = is64 ? fpclassify(f64(v)) : fpclassify(f32(v));
    switch (mode) {
    case 0: return c != FP_INFINITE && c != FP_NAN;  /* finite */
    case 1: return c == FP_INFINITE;                 /* infinite */
    case 2: return c != FP_NAN;                      /* number */
    case 3: return c == FP_NAN;                      /* notanumber */
    case 4: return c == FP_NORMAL;                   /* normal */
    case 5: return c == FP_SUBNORMAL;                /* subnormal */
    default: return 0;
    }
}

int ptx_alu_float(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask, uint64_t *D,
                  const uint64_t *a, const uint64_t *b, const uint64_t *c)
{
    int op = in->op;
    uint32_t f = in->flags;
    if (op == PTX_OP_TESTP) {
        uint32_t r = 0;
        for (int l = 0; l < PTX_WARP_SIZE; l++)
            if ((mask >> l) & 1)
                r |= (uint32_t)testp(in->mode, a[l], in->type == PTX_T_F64) << l;
        if (in->ops[0].kind == PTX_OPND_PRED && in->ops[0].index != PTX_NO_INDEX)
            w->preds[in->ops[0].index] = (w->preds[in->ops[0].index] & ~mask) | (r & mask);
        return 0;
    }
    if (!supported(op)) {
        ptx_exec_fail(w, __builtin_ctz(mask), in, "instruction %s.%s is not supported by ccgpu",
                      ptx_op_name(op), ptx_type_str(in->type));
        return -1;
    }
    int rnd = in->round;
    int nondefault = rnd == PTX_RND_RZ || rnd == PTX_RND_RM || rnd == PTX_RND_RP;
    int old = 0;
    if (nondefault) {
        old = fegetround();
        fesetround(fe_mode(rnd));
    }
    if (in->type == PTX_T_F64) {
        if (!nondefault && op == PTX_OP_ADD)
            LANES(fb64(f64(a[l]) + f64(b[l])));
        else if (!nondefault && op == PTX_OP_MUL)
            LANES(fb64(f64(a[l]) * f64(b[l])));
        else if (!nondefault && (op == PTX_OP_FMA || op == PTX_OP_MAD))
            LANES(fb64(fma(f64(a[l]), f64(b[l]), f64(c[l]))));
        else
            LANES(fb64(op64(op, f64(a[l]), f64(b[l]), f64(c[l]))));
        if (f & PTX_F_SAT) /* only some f64 forms allow .sat; harmless elsewhere */
            LANES(fb64(isnan(f64(D[l])) ? 0.0 : f64(D[l]) < 0 ? 0.0 : f64(D[l]) > 1 ? 1.0 : f64(D[l])));
    } else {
        int ftz = (f & PTX_F_FTZ) != 0;
        /* abs/neg are bit operations (NaN payloads kept) */
        if (op == PTX_OP_ABS && !ftz)
            LANES(a[l] & 0x7fffffffu);
        else if (op == PTX_OP_NEG && !ftz)
            LANES((a[l] ^ 0x80000000u) & 0xffffffffu);
        else if (ftz)
            LANES(ftz32(fb32(op32(op, f32(ftz32(a[l])), f32(ftz32(b[l])), f32(ftz32(c[l]))))));
        else if (!nondefault && op == PTX_OP_ADD)
            LANES(fb32(f32(a[l]) + f32(b[l])));
        else if (!nondefault && op == PTX_OP_SUB)
            LANES(fb32(f32(a[l]) - f32(b[l])));
        else if (!nondefault && op == PTX_OP_MUL)
            LANES(fb32(f32(a[l]) * f32(b[l])));
        else if (!nondefault && (op == PTX_OP_FMA || op == PTX_OP_MAD) && HAVE_FMA_HW())
            fma32_hw(D, a, b, c, mask);
        else if (!nondefault && (op == PTX_OP_FMA || op == PTX_OP_MAD))
            LANES(fb32(fmaf(f32(a[l]), f32(b[l]), f32(c[l]))));
        else
            LANES(fb32(op32(op, f32(a[l]), f32(b[l]), f32(c[l]))));
        if (f & PTX_F_SAT)
            LANES(fb32(sat32(f32(D[l]))));
    }
    if (nondefault)
        fesetround(old);
    if ((f & PTX_F_NAN) && (op == PTX_OP_MIN || op == PTX_OP_MAX)) { /* NaN in, NaN out */
        if (in->type == PTX_T_F64)
            LANES(isnan(f64(a[l])) || isnan(f64(b[l])) ? 0x7ff8000000000000ull : D[l]);
        else
            LANES(isnan(f32(a[l])) || isnan(f32(b[l])) ? 0x7fffffffull : D[l]);
    }
    if (f & PTX_F_RELU) { /* negative results become 0, NaN the canonical NaN */
        if (in->type == PTX_T_F64)
            LANES(isnan(f64(D[l])) ? 0x7ff8000000000000ull : f64(D[l]) < 0 ? 0 : D[l]);
        else
            LANES(isnan(f32(D[l])) ? 0x7fffffffull : f32(D[l]) < 0 ? 0 : D[l]);
    }
    return 0;
}
