/* Integer and bit-field instructions of every width, as the PTX ISA defines
 * them (wrap-around arithmetic, shifts by >= width, defined division by zero,
 * bfe/bfi/bfind/prmt/lop3/shf). Values arrive zero-extended in 64-bit slots. */
#include "ptx/exec_impl.h"

static int bits_of(int type)
{
    int b = (int)ptx_type_bytes((enum ptx_type)type) * 8;
    return b ? b : 64;
}

static uint64_t umulhi(uint64_t a, uint64_t b, int bits)
{
    if (bits < 64)
        return zx((a * b) >> bits, (unsigned)bits);
    return (uint64_t)(((unsigned __int128)a * b) >> 64);
}

static uint64_t smulhi(uint64_t a, uint64_t b, int bits)
{
    if (bits < 64)
        return zx((uint64_t)((sx(a, (unsigned)bits) * sx(b, (unsigned)bits)) >> bits), (unsigned)bits);
    return (uint64_t)(((__int128)(int64_t)a * (int64_t)b) >> 64);
}

/* Division by zero: the PTX ISA leaves the value machine-specific; ccgpu
 * returns what NVIDIA GPUs return: all ones for unsigned quotients, -1 for
 * signed ones (and a remainder equal to the dividend). */
static uint64_t udiv(uint64_t a, uint64_t b, int bits)
{
    return b ? a / b : zx(~0ull, (unsigned)bits);
}

static uint64_t sdiv(uint64_t x, uint64_t y, int bits)
{
    int64_t a = sx(x, (unsigned)bits), b = sx(y, (unsigned)bits);
    if (b == 0)
        return zx(~0ull, (unsigned)bits);
    if (b == -1)
        return zx(0 - x, (unsigned)bits); /* INT_MIN / -1 wraps */
    return zx((uint64_t)(a / b), (unsigned)bits);
}

static uint64_t urem(uint64_t a, uint64_t b)
{
    return b ? a % b : a;
}

static uint64_t srem(uint64_t x, uint64_t y, int bits)
{
    int64_t a = sx(x, (unsigned)bits), b = sx(y, (unsigned)bits);
    if (b == 0)
        return x;
    if (b == -1)
        return 0;
    return zx((uint64_t)(a % b), (unsigned)bits);
}

static uint64_t ssat32(int64_t v)
{
    return zx((uint64_t)(v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v), 32);
}

static uint64_t shift_right(uint64_t a, uint64_t n, int bits, int sgn)
{
    uint32_t s = (uint32_t)n;
    if (sgn) {
        int64_t v = sx(a, (unsigned)bits);
        return zx((uint64_t)(v >> (s >= (uint32_t)bits ? (uint32_t)bits - 1 : s)), (unsigned)bits);
    }
    return s >= (uint32_t)bits ? 0 : zx(a, (unsigned)bits) >> s;
}

static uint64_t bfe(uint64_t a, uint64_t pos_, uint64_t len_, int bits, int sgn)
{
    unsigned pos = pos_ & 0xff, len = len_ & 0xff, w = (unsigned)bits;
    if (len == 0)
        return 0;
    unsigned valid = pos >= w ? 0 : (len < w - pos ? len : w - pos);
    uint64_t v = valid ? zx(zx(a, w) >> pos, valid) : 0;
    if (sgn) {
        unsigned sbit = pos + len - 1 < w - 1 ? pos + len - 1 : w - 1;
        if ((a >> sbit) & 1)
            v |= valid ? ~zx(~0ull, valid) : ~0ull;
    }
    return zx(v, w);
}

static uint64_t bfi(uint64_t f, uint64_t b, uint64_t pos_, uint64_t len_, int bits)
{
    unsigned pos = pos_ & 0xff, len = len_ & 0xff, w = (unsigned)bits;
    if (len == 0 || pos >= w)
        return zx(b, w);
    unsigned n = len < w - pos ? len : w - pos;
    uint64_t m = zx(~0ull, n) << pos;
    return zx((b & ~m) | ((f << pos) & m), w);
}

static uint64_t bfind(uint64_t a, int bits, int sgn, int shiftamt)
{
    uint64_t v = zx(a, (unsigned)bits);
    if (sgn && ((v >> (bits - 1)) & 1))
        v = zx(~v, (unsigned)bits);
    if (!v)
        return 0xffffffffu;
    int pos = 63 - __builtin_clzll(v);
    return (uint32_t)(shiftamt ? bits - 1 - pos : pos);
}

static uint64_t brev(uint64_t a, int bits)
{
    uint64_t r = 0;
    for (int i = 0; i < bits; i++)
        r |= ((a >> i) & 1) << (bits - 1 - i);
    return r;
}

static uint64_t lop3(uint64_t a, uint64_t b, uint64_t c, uint64_t lut)
{
    uint64_t r = 0;
    for (int i = 0; i < 8; i++)
        if ((lut >> i) & 1)
            r |= ((i & 4) ? a : ~a) & ((i & 2) ? b : ~b) & ((i & 1) ? c : ~c);
    return r & 0xffffffffu;
}

/* prmt.b32: byte permute of {b, a}; the modes per the PTX ISA table */
static uint64_t prmt(uint64_t a, uint64_t b, uint64_t c, int mode)
{
    uint64_t v = ((b & 0xffffffffu) << 32) | (a & 0xffffffffu);
    unsigned sel[4];
    unsigned s = (unsigned)c & 3;
    switch (mode) {
    case PTX_PRMT_F4E: for (int i = 0; i < 4; i++) sel[i] = (s + (unsigned)i) & 7; break;
    case PTX_PRMT_B4E: for (int i = 0; i < 4; i++) sel[i] = (s - (unsigned)i) & 7; break;
    case PTX_PRMT_RC8: for (int i = 0; i < 4; i++) sel[i] = s; break;
    /* edge clamp: .ecl s=1 gives bytes 3,2,1,1 (msb first); .ecr s=1 gives 1,1,1,0 */
    case PTX_PRMT_ECL: for (int i = 0; i < 4; i++) sel[i] = (unsigned)i >= s ? (unsigned)i : s; break;
    case PTX_PRMT_ECR: for (int i = 0; i < 4; i++) sel[i] = (unsigned)i <= s ? (unsigned)i : s; break;
    case PTX_PRMT_RC16:
        sel[0] = sel[2] = (s & 1) * 2;
        sel[1] = sel[3] = (s & 1) * 2 + 1;
        break;
    default: {
        uint64_t r = 0;
        for (int i = 0; i < 4; i++) {
            unsigned n = (unsigned)(c >> (4 * i)) & 0xf;
            uint64_t byte = (v >> (8 * (n & 7))) & 0xff;
            if (n & 8) /* replicate the byte's sign */
                byte = (byte & 0x80) ? 0xff : 0;
            r |= byte << (8 * i);
        }
        return r;
    }
    }
    uint64_t r = 0;
    for (int i = 0; i < 4; i++)
        r |= ((v >> (8 * sel[i])) & 0xff) << (8 * i);
    return r;
}

static uint64_t mul24(uint64_t a, uint64_t b, int sgn, int hi)
{
    int64_t p = sgn ? sx(a, 24) * sx(b, 24) : (int64_t)(zx(a, 24) * zx(b, 24));
    return zx((uint64_t)p >> (hi ? 16 : 0), 32);
}

int ptx_alu_int(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask, uint64_t *D,
                const uint64_t *a, const uint64_t *b, const uint64_t *c, const uint64_t *e)
{
    int bits = bits_of(in->type), sgn = ptx_type_is_signed((enum ptx_type)in->type);
    unsigned ub = (unsigned)bits;
    uint32_t f = in->flags;
    switch (in->op) {
    case PTX_OP_ADD:
        if (f & PTX_F_SAT) {
            LANES(ssat32(sx(a[l], 32) + sx(b[l], 32)));
        } else if (f & PTX_F_CC) {
            uint32_t cc = 0;
            for (int l = 0; l < PTX_WARP_SIZE; l++)
                if ((mask >> l) & 1) {
                    uint64_t s = zx(a[l], ub) + zx(b[l], ub);
                    cc |= (uint32_t)((s >> ub) & 1) << l;
                    D[l] = zx(s, ub);
                }
            w->cc = (w->cc & ~mask) | cc;
        } else {
            LANES(zx(a[l] + b[l], ub));
        }
        return 0;
    case PTX_OP_ADDC: {
        uint32_t cin = w->cc, cc = 0;
        for (int l = 0; l < PTX_WARP_SIZE; l++)
            if ((mask >> l) & 1) {
                uint64_t s = zx(a[l], ub) + zx(b[l], ub) + ((cin >> l) & 1);
                cc |= (uint32_t)((s >> ub) & 1) << l;
                D[l] = zx(s, ub);
            }
        if (f & PTX_F_CC)
            w->cc = (w->cc & ~mask) | cc;
        return 0;
    }
    case PTX_OP_SUB:
        if (f & PTX_F_SAT) {
            LANES(ssat32(sx(a[l], 32) - sx(b[l], 32)));
        } else if (f & PTX_F_CC) { /* CC.CF holds the borrow */
            uint32_t cc = 0;
            for (int l = 0; l < PTX_WARP_SIZE; l++)
                if ((mask >> l) & 1) {
                    cc |= (uint32_t)(zx(a[l], ub) < zx(b[l], ub)) << l;
                    D[l] = zx(a[l] - b[l], ub);
                }
            w->cc = (w->cc & ~mask) | cc;
        } else {
            LANES(zx(a[l] - b[l], ub));
        }
        return 0;
    case PTX_OP_SUBC: {
        uint32_t cin = w->cc, cc = 0;
        for (int l = 0; l < PTX_WARP_SIZE; l++)
            if ((mask >> l) & 1) {
                uint64_t bi = (cin >> l) & 1;
                unsigned __int128 sub = (unsigned __int128)zx(b[l], ub) + bi;
                cc |= (uint32_t)((unsigned __int128)zx(a[l], ub) < sub) << l;
                D[l] = zx(a[l] - b[l] - bi, ub);
            }
        if (f & PTX_F_CC)
            w->cc = (w->cc & ~mask) | cc;
        return 0;
    }
    case PTX_OP_MUL:
    case PTX_OP_MAD: {
        int mad = in->op == PTX_OP_MAD;
        if (f & PTX_F_WIDE) {
            unsigned wb = 2 * ub;
            if (sgn)
                LANES(zx((uint64_t)(sx(a[l], ub) * sx(b[l], ub)) + (mad ? c[l] : 0), wb));
            else
                LANES(zx(zx(a[l], ub) * zx(b[l], ub) + (mad ? c[l] : 0), wb));
        } else if (f & PTX_F_HI) {
            if (sgn && mad && (f & PTX_F_SAT))
                LANES(ssat32((int64_t)(int32_t)smulhi(a[l], b[l], 32) + sx(c[l], 32)));
            else if (sgn)
                LANES(zx(smulhi(a[l], b[l], bits) + (mad ? c[l] : 0), ub));
            else
                LANES(zx(umulhi(zx(a[l], ub), zx(b[l], ub), bits) + (mad ? c[l] : 0), ub));
        } else {
            LANES(zx(a[l] * b[l] + (mad ? c[l] : 0), ub));
        }
        return 0;
    }
    case PTX_OP_MUL24:
        LANES(mul24(a[l], b[l], sgn, (f & PTX_F_HI) != 0));
        return 0;
    case PTX_OP_MAD24:
        LANES(zx(mul24(a[l], b[l], sgn, (f & PTX_F_HI) != 0) + c[l], 32));
        return 0;
    case PTX_OP_SAD:
        if (sgn)
            LANES(zx(c[l] + (uint64_t)(sx(a[l], ub) > sx(b[l], ub) ? sx(a[l], ub) - sx(b[l], ub)
                                                                 : sx(b[l], ub) - sx(a[l], ub)), ub));
        else
            LANES(zx(c[l] + (zx(a[l], ub) > zx(b[l], ub) ? zx(a[l], ub) - zx(b[l], ub)
                                                        : zx(b[l], ub) - zx(a[l], ub)), ub));
        return 0;
    case PTX_OP_DIV:
        if (sgn)
            LANES(sdiv(a[l], b[l], bits));
        else
            LANES(udiv(zx(a[l], ub), zx(b[l], ub), bits));
        return 0;
    case PTX_OP_REM:
        if (sgn)
            LANES(srem(a[l], b[l], bits));
        else
            LANES(urem(zx(a[l], ub), zx(b[l], ub)));
        return 0;
    case PTX_OP_ABS:
        LANES(zx(sx(a[l], ub) < 0 ? 0 - a[l] : a[l], ub));
        return 0;
    case PTX_OP_NEG:
        LANES(zx(0 - a[l], ub));
        return 0;
    case PTX_OP_MIN:
        if (sgn)
            LANES(zx((uint64_t)(sx(a[l], ub) < sx(b[l], ub) ? sx(a[l], ub) : sx(b[l], ub)), ub));
        else
            LANES(zx(a[l], ub) < zx(b[l], ub) ? zx(a[l], ub) : zx(b[l], ub));
        return 0;
    case PTX_OP_MAX:
        if (sgn)
            LANES(zx((uint64_t)(sx(a[l], ub) > sx(b[l], ub) ? sx(a[l], ub) : sx(b[l], ub)), ub));
        else
            LANES(zx(a[l], ub) > zx(b[l], ub) ? zx(a[l], ub) : zx(b[l], ub));
        return 0;
    case PTX_OP_AND: LANES(zx(a[l] & b[l], ub)); return 0;
    case PTX_OP_OR: LANES(zx(a[l] | b[l], ub)); return 0;
    case PTX_OP_XOR: LANES(zx(a[l] ^ b[l], ub)); return 0;
    case PTX_OP_NOT: LANES(zx(~a[l], ub)); return 0;
    case PTX_OP_CNOT: LANES((uint64_t)(zx(a[l], ub) == 0)); return 0;
    case PTX_OP_LOP3: LANES(lop3(a[l], b[l], c[l], e[l])); return 0;
    case PTX_OP_SHL: LANES((uint32_t)b[l] >= ub ? 0 : zx(a[l] << (uint32_t)b[l], ub)); return 0;
    case PTX_OP_SHR:
        if (sgn)
            LANES(shift_right(a[l], b[l], bits, 1));
        else
            LANES((uint32_t)b[l] >= ub ? 0 : zx(a[l], ub) >> (uint32_t)b[l]);
        return 0;
    case PTX_OP_SHF: {
        int left = (f & PTX_F_SHIFT_LEFT) != 0, clamp = (f & PTX_F_SHIFT_CLAMP) != 0;
        for (int l = 0; l < PTX_WARP_SIZE; l++) {
            if (!((mask >> l) & 1))
                continue;
            uint32_t n = (uint32_t)c[l];
            n = clamp ? (n > 32 ? 32 : n) : (n & 31);
            uint64_t v = (zx(b[l], 32) << 32) | zx(a[l], 32);
            D[l] = left ? zx((v << n) >> 32, 32) : zx(v >> n, 32);
        }
        return 0;
    }
    case PTX_OP_BFE: LANES(bfe(a[l], b[l], c[l], bits, sgn)); return 0;
    case PTX_OP_BFI: LANES(bfi(a[l], b[l], c[l], e[l], bits)); return 0;
    case PTX_OP_BFIND:
        LANES(bfind(a[l], bits, sgn, (f & PTX_F_SHIFTAMT) != 0));
        return 0;
    case PTX_OP_POPC: LANES((uint64_t)__builtin_popcountll(zx(a[l], ub))); return 0;
    case PTX_OP_CLZ:
        LANES((uint64_t)(zx(a[l], ub) ? __builtin_clzll(zx(a[l], ub)) - (64 - bits) : bits));
        return 0;
    case PTX_OP_BREV: LANES(brev(a[l], bits)); return 0;
    case PTX_OP_PRMT: LANES(prmt(a[l], b[l], c[l], in->mode)); return 0;
    case PTX_OP_DP4A: {
        /* dp4a.atype.btype d, a, b, c: type = atype, stype = btype */
        int as = ptx_type_is_signed((enum ptx_type)in->type);
        int bs = ptx_type_is_signed((enum ptx_type)(in->stype ? in->stype : in->type));
        for (int l = 0; l < PTX_WARP_SIZE; l++) {
            if (!((mask >> l) & 1))
                continue;
            int64_t s = sx(c[l], 32);
            for (int i = 0; i < 4; i++) {
                uint64_t x = (a[l] >> (8 * i)) & 0xff, y = (b[l] >> (8 * i)) & 0xff;
                s += (as ? sx(x, 8) : (int64_t)x) * (bs ? sx(y, 8) : (int64_t)y);
            }
            D[l] = zx((uint64_t)s, 32);
        }
        return 0;
    }
    default:
        break;
    }
    ptx_exec_fail(w, __builtin_ctz(mask), in, "instruction %s.%s is not supported by ccgpu",
                  ptx_op_name(in->op), ptx_type_str(in->type));
    return -1;
}
