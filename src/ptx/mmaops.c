/* Warp-level matrix instructions (decoded in mma_parse.c):
 *
 * mma.sync.aligned.m16n8kK.row.col: D (16x8) = A (16xK) x B (Kx8) + C, the
 * fragments spread over the warp's registers exactly as the PTX ISA lays
 * them out for each shape and type (groupID g = lane / 4, t = lane % 4):
 *   A, 16-bit: element i of lane at row g + 8 * (i/2 % 2), column
 *     2t + i%2 + 8 * (i/4); tf32 (k8): row g + 8 * (i%2), column t + 4 * (i/2);
 *     8-bit: register r, byte b at row g + 8 * (r%2), column 4t + b + 16 * (r/2)
 *   B, 16-bit: row 2t + i%2 + 8 * (i/2), column g; tf32: row t + 4i;
 *     8-bit: register r, byte b at row 4t + b + 16r
 *   C and D: element i at row g + 8 * (i/2), column 2t + i%2 (f16: two to a
 *     register, the lower half first)
 * Registers are read from all 32 lanes (mma requires the whole warp); D is
 * written in the executing lanes. Floating-point products are summed in
 * double precision and rounded once to the result type (the hardware's
 * order and intermediate precision are unspecified); tf32 operands use the
 * top 19 bits of their f32 registers; integer products are exact, summed
 * modulo 2^32, or clamped to the s32 range with .satfinite.
 *
 * ldmatrix.sync.aligned.m8n8.xN[.trans].b16: lanes 8j..8j+7 give the row
 * addresses of matrix j; lane l receives in register j the elements
 * (l/4, 2(l%4)) and (l/4, 2(l%4)+1) of matrix j, or with .trans the
 * elements (2(l%4), l/4) and (2(l%4)+1, l/4). */
#include "ptx/exec_impl.h"
#include "ptx/ptx.h"

/* Register slot of element k of a vector operand (PTX_NO_INDEX for "_"). */
static uint32_t vec_reg(const struct ptx_warp *w, const struct ptx_operand *o, unsigned k)
{
    return w->func->vec_pool[o->index + k];
}

static uint32_t reg_of(const struct ptx_warp *w, const struct ptx_operand *o, unsigned k, int lane)
{
    uint32_t r = vec_reg(w, o, k);
    return r == PTX_NO_INDEX ? 0 : (uint32_t)w->regs[(size_t)r * PTX_WARP_SIZE + lane];
}

/* One element of a fragment as a number: 16-bit floats, tf32, 8-bit integers. */
static double element(enum ptx_type t, uint32_t reg, unsigned part, int b_unsigned)
{
    switch (t) {
    case PTX_T_F16: return ptx_half_to_float(reg >> (16 * part) & 0xffff);
    case PTX_T_BF16: return ptx_bf16_to_float(reg >> (16 * part) & 0xffff);
    case PTX_T_TF32: return f32(reg & 0xffffe000u);
    case PTX_T_F32: return f32(reg);
    case PTX_T_S32: return (int32_t)reg;
    default: {
        uint32_t byte = reg >> (8 * part) & 0xff;
        return b_unsigned || t == PTX_T_U8 ? (double)byte : (double)(int8_t)byte;
    }
    }
}

static int exec_mma(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask)
{
    enum ptx_type ta = (enum ptx_type)in->stype, tc = (enum ptx_type)in->type;
    unsigned k = in->mode == PTX_MMA_M16N8K16 ? 16 : in->mode == PTX_MMA_M16N8K8 ? 8 : 32;
    int bits8 = ta == PTX_T_S8 || ta == PTX_T_U8, tf32 = ta == PTX_T_TF32;
    double A[16][32], B[32][8], C[16][8];
    for (int lane = 0; lane < PTX_WARP_SIZE; lane++) {
        int g = lane / 4, t = lane % 4;
        for (unsigned i = 0; i < 16 * k / 32; i++) { /* A */
            unsigned row, col, r, part;
            if (bits8) {
                r = i / 4, part = i % 4;
                row = g + 8 * (r % 2), col = 4 * t + part + 16 * (r / 2);
            } else if (tf32) {
                r = i, part = 0;
                row = g + 8 * (i % 2), col = t + 4 * (i / 2);
            } else {
                r = i / 2, part = i % 2;
                row = g + 8 * (i / 2 % 2), col = 2 * t + i % 2 + 8 * (i / 4);
            }
            A[row][col] = element(ta, reg_of(w, &in->ops[1], r, lane), part, 0);
        }
        for (unsigned i = 0; i < k * 8 / 32; i++) { /* B */
            unsigned row, r, part;
            if (bits8)
                r = i / 4, part = i % 4, row = 4 * t + part + 16 * r;
            else if (tf32)
                r = i, part = 0, row = t + 4 * i;
            else
                r = i / 2, part = i % 2, row = 2 * t + i % 2 + 8 * (i / 2);
            B[row][g] = element(ta, reg_of(w, &in->ops[2], r, lane), part, in->boolop);
        }
        for (unsigned i = 0; i < 4; i++) { /* C */
            unsigned row = g + 8 * (i / 2), col = 2 * t + i % 2;
            C[row][col] = tc == PTX_T_F16 ? element(tc, reg_of(w, &in->ops[3], i / 2, lane), i % 2, 0)
                                          : element(tc, reg_of(w, &in->ops[3], i, lane), 0, 0);
        }
    }
    uint32_t out[PTX_WARP_SIZE][4] = { { 0 } };
    for (int lane = 0; lane < PTX_WARP_SIZE; lane++) {
        int g = lane / 4, t = lane % 4;
        for (unsigned i = 0; i < 4; i++) {
            unsigned row = g + 8 * (i / 2), col = 2 * t + i % 2;
            double s = 0;
            if (tc == PTX_T_S32) {
                int64_t acc = (int64_t)C[row][col];
                for (unsigned q = 0; q < k; q++)
                    acc += (int64_t)A[row][q] * (int64_t)B[q][col];
                if (in->flags & PTX_F_SAT)
                    acc = acc > INT32_MAX ? INT32_MAX : acc < INT32_MIN ? INT32_MIN : acc;
                out[lane][i] = (uint32_t)acc;
                continue;
            }
            for (unsigned q = 0; q < k; q++)
                s += A[row][q] * B[q][col];
            s += C[row][col];
            if (tc == PTX_T_F16)
                out[lane][i / 2] |= ptx_float_to_half((float)s) << (16 * (i % 2));
            else
                out[lane][i] = (uint32_t)fb32((float)s);
        }
    }
    unsigned nd = tc == PTX_T_F16 ? 2 : 4;
    for (unsigned r = 0; r < nd; r++) {
        uint32_t slot = vec_reg(w, &in->ops[0], r);
        uint64_t *D = slot == PTX_NO_INDEX ? w->sink : &w->regs[(size_t)slot * PTX_WARP_SIZE];
        LANES((uint64_t)out[l][r]);
    }
    return 0;
}

static int exec_ldmatrix(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                         struct ptx_dyninst *d)
{
    const struct ptx_operand *ao = &in->ops[1];
    uint64_t t[PTX_WARP_SIZE];
    const uint64_t *base = t;
    uint64_t off = 0;
    if (ao->kind == PTX_OPND_ADDR_REG) {
        base = &w->regs[(size_t)ao->index * PTX_WARP_SIZE];
        off = (uint64_t)ao->value;
    } else {
        base = ptx_src(w, ao, t);
    }
    unsigned n = in->mode, rows = 8 * n;
    uint16_t m[4][8][8];
    int space = in->space == PTX_SPACE_SHARED ? PTX_SPACE_SHARED : PTX_SPACE_GENERIC;
    uint64_t wrap = space == PTX_SPACE_SHARED ? 0xffffffffull : ~0ull;
    for (unsigned lane = 0; lane < rows; lane++) {
        uint64_t a = (base[lane] + off) & wrap;
        if (space == PTX_SPACE_GENERIC && a - PTX_GENERIC_SHARED_BASE >= PTX_GENERIC_WINDOW) {
            ptx_exec_fail(w, (int)lane, in, "ldmatrix row at 0x%llx is not in shared memory",
                          (unsigned long long)a);
            return -1;
        }
        uint8_t *p = a % 16 ? NULL : ptx_mem_lane_ptr(w, space, a, 16, (int)lane);
        if (!p) {
            ptx_exec_fail(w, (int)lane, in, "%s ldmatrix row of 16 bytes at 0x%llx",
                          a % 16 ? "misaligned" : "out-of-bounds", (unsigned long long)a);
            return -1;
        }
        memcpy(m[lane / 8][lane % 8], p, 16);
        if (d) {
            uint64_t s = a;
            if (space == PTX_SPACE_GENERIC)
                s = a - PTX_GENERIC_SHARED_BASE;
            d->addr[lane] = s;
        }
    }
    for (unsigned j = 0; j < n; j++) {
        uint32_t slot = vec_reg(w, &in->ops[0], j);
        uint64_t *D = slot == PTX_NO_INDEX ? w->sink : &w->regs[(size_t)slot * PTX_WARP_SIZE];
        if (in->boolop)
            LANES((uint64_t)m[j][2 * (l % 4)][l / 4] | (uint64_t)m[j][2 * (l % 4) + 1][l / 4] << 16);
        else
            LANES((uint64_t)m[j][l / 4][2 * (l % 4)] | (uint64_t)m[j][l / 4][2 * (l % 4) + 1] << 16);
    }
    struct ptx_launch *l = w->launch;
    l->cnt.warp_loads[PTX_SPACE_SHARED]++;
    l->cnt.thread_loads[PTX_SPACE_SHARED] += rows;
    if (d) {
        d->exec_mask = rows >= 32 ? FULL_MASK : (1u << rows) - 1;
        d->is_mem = 1;
        d->is_load = 1;
        d->is_store = d->is_atomic = 0;
        d->space = PTX_SPACE_SHARED;
        d->mixed_space = 0;
        d->access_size = 16;
        d->vec = 1;
    }
    return 0;
}

int ptx_exec_mma(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                 struct ptx_dyninst *d)
{
    if (in->op == PTX_OP_LDMATRIX)
        return exec_ldmatrix(w, in, mask, d);
    return exec_mma(w, in, mask);
}
