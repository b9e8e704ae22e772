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
 * elements (2(l%4), l/4) and (2(l%4)+1, l/4).
 *
 * wmma: PTX leaves the fragments' layout unspecified, so ccgpu chooses
 * one: element e of lane l's fragment is element (l * n + e) mod size of
 * the matrix in row-major order, n being the lane's element count (f16 a
 * and b: 16, so lanes 16-31 hold copies of lanes 0-15's; c and d: 8 of
 * 256, each once). wmma.load and wmma.store read and write those elements
 * at their row-major or column-major places with the stride (elements
 * between rows, or columns; default the matrix's width, or height);
 * wmma.mma multiplies the matrices the fragments hold, as mma does. */
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

/* ldmatrix and stmatrix: lane i (< 8 x matrices) gives the address of row
 * i % 8 of matrix i / 8 (16 bytes); each lane holds two 16-bit elements of
 * each matrix per register (row l / 4, columns 2 (l % 4) and the next; with
 * .trans the transposed pair). */
static int exec_ldstmatrix(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                           struct ptx_dyninst *d)
{
    const int store = in->op == PTX_OP_STMATRIX;
    const char *name = store ? "stmatrix" : "ldmatrix";
    const struct ptx_operand *ao = &in->ops[store ? 0 : 1];
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
    if (store) /* the fragments into the matrices */
        for (unsigned j = 0; j < n; j++) {
            uint32_t slot = vec_reg(w, &in->ops[1], j);
            for (unsigned l = 0; l < PTX_WARP_SIZE; l++) {
                uint64_t v = slot == PTX_NO_INDEX ? 0 : w->regs[(size_t)slot * PTX_WARP_SIZE + l];
                unsigned r = l / 4, c = 2 * (l % 4);
                if (in->boolop) {
                    m[j][c][r] = (uint16_t)v;
                    m[j][c + 1][r] = (uint16_t)(v >> 16);
                } else {
                    m[j][r][c] = (uint16_t)v;
                    m[j][r][c + 1] = (uint16_t)(v >> 16);
                }
            }
        }
    int space = in->space == PTX_SPACE_SHARED ? PTX_SPACE_SHARED : PTX_SPACE_GENERIC;
    uint64_t wrap = space == PTX_SPACE_SHARED ? 0xffffffffull : ~0ull;
    uint8_t *rowp[32];
    for (unsigned lane = 0; lane < rows; lane++) {
        uint64_t a = (base[lane] + off) & wrap;
        if (space == PTX_SPACE_GENERIC && a - PTX_GENERIC_SHARED_BASE >= PTX_GENERIC_WINDOW) {
            ptx_exec_fail(w, (int)lane, in, "%s row at 0x%llx is not in shared memory", name,
                          (unsigned long long)a);
            return -1;
        }
        uint8_t *p = a % 16 ? NULL : ptx_mem_lane_ptr(w, space, a, 16, (int)lane);
        if (!p) {
            ptx_exec_fail(w, (int)lane, in, "%s %s row of 16 bytes at 0x%llx",
                          a % 16 ? "misaligned" : "out-of-bounds", name, (unsigned long long)a);
            return -1;
        }
        rowp[lane] = p;
        if (d) {
            uint64_t s = a;
            if (space == PTX_SPACE_GENERIC)
                s = a - PTX_GENERIC_SHARED_BASE;
            d->addr[lane] = s;
        }
    }
    /* (every address checked before any row is written) */
    for (unsigned lane = 0; lane < rows; lane++) {
        if (store)
            memcpy(rowp[lane], m[lane / 8][lane % 8], 16);
        else
            memcpy(m[lane / 8][lane % 8], rowp[lane], 16);
    }
    if (!store)
        for (unsigned j = 0; j < n; j++) {
            uint32_t slot = vec_reg(w, &in->ops[0], j);
            uint64_t *D = slot == PTX_NO_INDEX ? w->sink : &w->regs[(size_t)slot * PTX_WARP_SIZE];
            if (in->boolop)
                LANES((uint64_t)m[j][2 * (l % 4)][l / 4] | (uint64_t)m[j][2 * (l % 4) + 1][l / 4] << 16);
            else
                LANES((uint64_t)m[j][l / 4][2 * (l % 4)] | (uint64_t)m[j][l / 4][2 * (l % 4) + 1] << 16);
        }
    if (store) {
        w->cnt->warp_stores[PTX_SPACE_SHARED]++;
        w->cnt->thread_stores[PTX_SPACE_SHARED] += rows;
    } else {
        w->cnt->warp_loads[PTX_SPACE_SHARED]++;
        w->cnt->thread_loads[PTX_SPACE_SHARED] += rows;
    }
    if (d) {
        d->exec_mask = rows >= 32 ? FULL_MASK : (1u << rows) - 1;
        d->is_mem = 1;
        d->is_load = !store;
        d->is_store = store;
        d->is_atomic = 0;
        d->space = PTX_SPACE_SHARED;
        d->mixed_space = 0;
        d->access_size = 16;
        d->vec = 1;
    }
    return 0;
}

/* A wmma matrix: rows x cols, its fragment's elements per lane and per register. */
struct wfrag {
    unsigned rows, cols, per_lane, per_reg, esize;
    enum ptx_type t;
};

static struct wfrag wmma_frag(int matrix, int shape, enum ptx_type t)
{
    struct wfrag f;
    unsigned k = shape == PTX_WMMA_M16N16K8 ? 8 : 16, want[4] = { 0 };
    struct ptx_inst probe = { 0 };
    probe.op = PTX_OP_WMMA_LOAD;
    probe.mode = (uint8_t)shape;
    probe.type = (uint8_t)t;
    probe.boolop = (uint8_t)matrix;
    ptx_mma_fragment_regs(&probe, want);
    f.t = t;
    f.rows = matrix == 1 ? k : 16;
    f.cols = matrix == 0 ? k : 16;
    f.esize = ptx_type_bytes(t);
    f.per_reg = t == PTX_T_TF32 || f.esize == 4 ? 1 : f.esize == 2 ? 2 : 4;
    f.per_lane = want[0] * f.per_reg;
    return f;
}

/* The matrix element fragment element e of lane l stands for. */
static void wmma_place(const struct wfrag *f, unsigned lane, unsigned e, unsigned *r, unsigned *c)
{
    unsigned idx = (lane * f->per_lane + e) % (f->rows * f->cols);
    *r = idx / f->cols;
    *c = idx % f->cols;
}

static uint32_t wmma_bits(const struct wfrag *f, uint32_t reg, unsigned part)
{
    unsigned bits = 32 / f->per_reg;
    return bits == 32 ? reg : reg >> (bits * part) & ((1u << bits) - 1);
}

static int exec_wmma_mem(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                         struct ptx_dyninst *d)
{
    int store = in->op == PTX_OP_WMMA_STORE, col = (in->boolop & 4) != 0;
    struct wfrag f = wmma_frag(in->boolop & 3, in->mode, (enum ptx_type)in->type);
    const struct ptx_operand *ao = &in->ops[store ? 0 : 1], *vo = &in->ops[store ? 1 : 0];
    uint64_t ta[PTX_WARP_SIZE], ts[PTX_WARP_SIZE];
    const uint64_t *base = ta;
    uint64_t off = 0;
    if (ao->kind == PTX_OPND_ADDR_REG) {
        base = &w->regs[(size_t)ao->index * PTX_WARP_SIZE];
        off = (uint64_t)ao->value;
    } else {
        base = ptx_src(w, ao, ta);
    }
    const uint64_t *stride = in->nops > 2 ? ptx_src(w, &in->ops[2], ts) : NULL;
    uint64_t wrap = in->space == PTX_SPACE_SHARED ? 0xffffffffull : ~0ull;
    int space0 = -1;
    uint32_t regs[8] = { 0 };
    for (uint32_t mm = mask; mm; mm &= mm - 1) {
        int lane = __builtin_ctz(mm);
        uint64_t p = (base[lane] + off) & wrap;
        uint64_t ld = stride ? (uint32_t)stride[lane] : col ? f.rows : f.cols;
        for (unsigned k = 0; k < f.per_lane / f.per_reg; k++)
            regs[k] = store ? reg_of(w, vo, k, lane) : 0;
        for (unsigned e = 0; e < f.per_lane; e++) {
            unsigned r, c;
            wmma_place(&f, (unsigned)lane, e, &r, &c);
            uint64_t a = (p + (col ? c * ld + r : r * ld + c) * f.esize) & wrap;
            int space = in->space;
            if (space == PTX_SPACE_GENERIC) {
                space = a - PTX_GENERIC_SHARED_BASE < PTX_GENERIC_WINDOW ? PTX_SPACE_SHARED
                        : a - PTX_GENERIC_LOCAL_BASE < PTX_GENERIC_WINDOW ? PTX_SPACE_LOCAL
                                                                           : PTX_SPACE_GLOBAL;
                if (space == PTX_SPACE_SHARED)
                    a -= PTX_GENERIC_SHARED_BASE;
            }
            uint8_t *q = space == PTX_SPACE_LOCAL ? NULL : ptx_mem_lane_ptr(w, space, a, f.esize, lane);
            if (!q || a % f.esize) {
                ptx_exec_fail(w, lane, in, "%s wmma %s of %u bytes at 0x%llx",
                              space == PTX_SPACE_LOCAL ? "local-memory" : !q ? "out-of-bounds"
                                                                              : "misaligned",
                              store ? "store" : "load", f.esize, (unsigned long long)a);
                return -1;
            }
            if (e == 0) {
                if (space0 < 0)
                    space0 = space;
                if (d)
                    d->addr[lane] = a;
            }
            unsigned k = e / f.per_reg, sh = (32 / f.per_reg) * (e % f.per_reg);
            uint32_t v = 0;
            if (store) {
                v = wmma_bits(&f, regs[k], e % f.per_reg);
                memcpy(q, &v, f.esize);
            } else {
                memcpy(&v, q, f.esize);
                regs[k] |= v << sh;
            }
        }
        for (unsigned k = 0; !store && k < f.per_lane / f.per_reg; k++) {
            uint32_t slot = vec_reg(w, vo, k);
            if (slot != PTX_NO_INDEX)
                w->regs[(size_t)slot * PTX_WARP_SIZE + lane] = regs[k];
        }
    }
    int sp = space0 < 0 ? PTX_SPACE_GLOBAL : space0;
    uint64_t *cnt = store ? w->cnt->warp_stores : w->cnt->warp_loads;
    cnt[sp]++;
    (store ? w->cnt->thread_stores : w->cnt->thread_loads)[sp] += (uint64_t)bits_popc32(mask);
    if (d) { /* each lane's fragment as one run of bytes from its first element */
        d->exec_mask = mask;
        d->is_mem = 1;
        d->is_load = (uint8_t)!store;
        d->is_store = (uint8_t)store;
        d->is_atomic = 0;
        d->space = (uint8_t)sp;
        d->mixed_space = 0;
        d->access_size = (uint8_t)f.esize;
        d->vec = (uint8_t)f.per_lane;
    }
    return 0;
}

static double welement(const struct wfrag *f, uint32_t reg, unsigned part)
{
    uint32_t v = wmma_bits(f, reg, part);
    switch (f->t) {
    case PTX_T_F16: return ptx_half_to_float(v);
    case PTX_T_BF16: return ptx_bf16_to_float(v);
    case PTX_T_TF32: return f32(v & 0xffffe000u);
    case PTX_T_F32: return f32(v);
    case PTX_T_S32: return (int32_t)v;
    case PTX_T_S8: return (int8_t)v;
    default: return v; /* u8 */
    }
}

static int exec_wmma(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask)
{
    struct wfrag fa = wmma_frag(0, in->mode, (enum ptx_type)in->stype);
    struct wfrag fb = wmma_frag(1, in->mode, (enum ptx_type)in->stype);
    struct wfrag fc = wmma_frag(2, in->mode, (enum ptx_type)in->type);
    double A[16][16], B[16][16], C[16][16];
    const struct wfrag *fs[3] = { &fa, &fb, &fc };
    for (unsigned m = 0; m < 3; m++)
        for (unsigned lane = 0; lane < PTX_WARP_SIZE; lane++)
            for (unsigned e = 0; e < fs[m]->per_lane; e++) {
                unsigned r, c;
                wmma_place(fs[m], lane, e, &r, &c);
                double v = welement(fs[m], reg_of(w, &in->ops[m + 1], e / fs[m]->per_reg, (int)lane),
                                    e % fs[m]->per_reg);
                (m == 0 ? A : m == 1 ? B : C)[r][c] = v;
            }
    unsigned k = fa.cols;
    for (uint32_t mm = mask; mm; mm &= mm - 1) {
        int lane = __builtin_ctz(mm);
        uint32_t regs[8] = { 0 };
        for (unsigned e = 0; e < fc.per_lane; e++) {
            unsigned r, c;
            wmma_place(&fc, (unsigned)lane, e, &r, &c);
            uint32_t v;
            if (fc.t == PTX_T_S32) {
                int64_t acc = (int64_t)C[r][c];
                for (unsigned q = 0; q < k; q++)
                    acc += (int64_t)A[r][q] * (int64_t)B[q][c];
                if (in->flags & PTX_F_SAT)
                    acc = acc > INT32_MAX ? INT32_MAX : acc < INT32_MIN ? INT32_MIN : acc;
                v = (uint32_t)acc;
            } else {
                double s = 0;
                for (unsigned q = 0; q < k; q++)
                    s += A[r][q] * B[q][c];
                s += C[r][c];
                v = fc.t == PTX_T_F16 ? ptx_float_to_half((float)s) : (uint32_t)fb32((float)s);
            }
            regs[e / fc.per_reg] |= v << ((32 / fc.per_reg) * (e % fc.per_reg));
        }
        for (unsigned q = 0; q < fc.per_lane / fc.per_reg; q++) {
            uint32_t slot = vec_reg(w, &in->ops[0], q);
            if (slot != PTX_NO_INDEX)
                w->regs[(size_t)slot * PTX_WARP_SIZE + lane] = regs[q];
        }
    }
    return 0;
}

int ptx_exec_mma(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                 struct ptx_dyninst *d)
{
    switch (in->op) {
    case PTX_OP_LDMATRIX: case PTX_OP_STMATRIX: return exec_ldstmatrix(w, in, mask, d);
    case PTX_OP_WMMA_LOAD: case PTX_OP_WMMA_STORE: return exec_wmma_mem(w, in, mask, d);
    case PTX_OP_WMMA_MMA: return exec_wmma(w, in, mask);
    default: return exec_mma(w, in, mask);
    }
}
