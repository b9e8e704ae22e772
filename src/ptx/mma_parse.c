/* Decoding of the mma.*, ldmatrix.*, stmatrix.* and wmma.* opcode words (the engine side is
 * mmaops.c). Accepted:
 *   mma.sync.aligned.m16n8k16.row.col.{f32,f16}.{f16,bf16}.{f16,bf16}.{f32,f16}
 *                                   (bf16 with f32 only; D and C of one type)
 *   mma.sync.aligned.m16n8k8.row.col.{f32,f16}.f16.f16.{f32,f16},
 *                    .m16n8k8.row.col.f32.{bf16,tf32}.{bf16,tf32}.f32
 *   mma.sync.aligned.{m16n8k16,m16n8k32}.row.col[.satfinite].s32.{s8,u8}.{s8,u8}.s32
 *   ldmatrix.sync.aligned.m8n8.{x1,x2,x4}[.trans][.shared{::cta}].b16
 *   stmatrix.sync.aligned.m8n8.{x1,x2,x4}[.trans][.shared{::cta}].b16
 *   wmma.load.{a,b,c}.sync.aligned.{row,col}.SHAPE[.global|.shared{::cta}].TYPE
 *   wmma.store.d.sync.aligned.{row,col}.SHAPE[.global|.shared{::cta}].TYPE
 *   wmma.mma.sync.aligned.{row,col}.{row,col}.SHAPE[.satfinite].D.C (f16 inputs)
 *                                              or .D.A.B.C
 *     SHAPE m16n16k16: a/b f16, bf16, s8, u8; c/d f32, f16, s32
 *     SHAPE m16n16k8: a/b tf32; c/d f32 (D and C of one type)
 * Anything else of the family (other shapes, sparse mma, fp8, sub-byte
 * types, block scaling, ld/stmatrix of other shapes) is refused as an
 * instruction ccgpu does not support, naming it. */
#include "ptx/parse_internal.h"
#include "ptx/ptx.h"
#include <string.h>

_Noreturn static void refuse(struct pctx *c, const struct lex_token *t)
{
    pctx_fail(c, t->line, "PTX instruction '%.*s' is not supported by ccgpu", (int)t->len, t->s);
}

static int mma_types_ok(int shape, int d, int a, int b, int cty)
{
    if (a != b && !((a == PTX_T_S8 || a == PTX_T_U8) && (b == PTX_T_S8 || b == PTX_T_U8)))
        return 0;
    if (d != cty)
        return 0;
    int half = a == PTX_T_F16, wide = a == PTX_T_BF16 || a == PTX_T_TF32;
    int int8 = a == PTX_T_S8 || a == PTX_T_U8;
    switch (shape) {
    case PTX_MMA_M16N8K16: return (half && (d == PTX_T_F32 || d == PTX_T_F16)) ||
                                  (a == PTX_T_BF16 && d == PTX_T_F32) || (int8 && d == PTX_T_S32);
    case PTX_MMA_M16N8K8: return (half && (d == PTX_T_F32 || d == PTX_T_F16)) ||
                                 (wide && d == PTX_T_F32);
    default: return int8 && d == PTX_T_S32; /* m16n8k32 */
    }
}

static void decode_wmma(struct pctx *c, struct ptx_inst *in, const struct lex_token *t)
{
    const char *end = t->s + t->len, *p = memchr(t->s, '.', t->len);
    int kind = -1, matrix = -1, sync = 0, aligned = 0, shape = -1, nlayout = 0, ntypes = 0;
    int layout[2] = { 0, 0 }, types[4] = { 0 };
    in->space = PTX_SPACE_GENERIC;
    size_t n;
    for (const char *m; (m = ptx_next_word(&p, end, &n));) {
        int ty = ptx_type_from_word(m, n);
        if (kind < 0) {
            kind = ptx_word_is(m, n, "load") ? 0 : ptx_word_is(m, n, "store") ? 1 : ptx_word_is(m, n, "mma") ? 2 : -1;
            if (kind < 0)
                refuse(c, t);
        } else if (kind < 2 && matrix < 0 && n == 1 && strchr("abcd", m[0])) {
            matrix = m[0] - 'a';
        } else if (ptx_word_is(m, n, "sync") && !sync) {
            sync = 1;
        } else if (ptx_word_is(m, n, "aligned") && !aligned) {
            aligned = 1;
        } else if (shape < 0 && nlayout < (kind == 2 ? 2 : 1) &&
                   (ptx_word_is(m, n, "row") || ptx_word_is(m, n, "col"))) {
            layout[nlayout++] = m[0] == 'c';
        } else if (shape < 0 && ptx_word_is(m, n, "m16n16k16")) {
            shape = PTX_WMMA_M16N16K16;
        } else if (shape < 0 && ptx_word_is(m, n, "m16n16k8")) {
            shape = PTX_WMMA_M16N16K8;
        } else if (kind < 2 && shape >= 0 && !ntypes && in->space == PTX_SPACE_GENERIC &&
                   (ptx_word_is(m, n, "global") || ptx_word_is(m, n, "shared") ||
                    ptx_word_is(m, n, "shared::cta"))) {
            in->space = m[0] == 'g' ? PTX_SPACE_GLOBAL : PTX_SPACE_SHARED;
        } else if (kind == 2 && shape >= 0 && !ntypes && ptx_word_is(m, n, "satfinite") &&
                   !(in->flags & PTX_F_SAT)) {
            in->flags |= PTX_F_SAT;
        } else if (ty >= 0 && shape >= 0 && ntypes < 4) {
            types[ntypes++] = ty;
        } else {
            refuse(c, t);
        }
    }
    if (!sync || !aligned || shape < 0 || nlayout != (kind == 2 ? 2 : 1))
        refuse(c, t);
    in->mode = (uint8_t)shape;
    if (kind < 2) {
        in->op = kind ? PTX_OP_WMMA_STORE : PTX_OP_WMMA_LOAD;
        in->opclass = PTX_CLASS_MEM;
        int ab = matrix == 0 || matrix == 1, cd = matrix == 2 || matrix == 3;
        int t16 = shape == PTX_WMMA_M16N16K16;
        int ty = ntypes == 1 ? types[0] : -1;
        int ok = (kind == 0 ? matrix >= 0 && matrix <= 2 : matrix == 3) &&
                 ((ab && t16 && (ty == PTX_T_F16 || ty == PTX_T_BF16 || ty == PTX_T_S8 ||
                                 ty == PTX_T_U8)) ||
                  (ab && !t16 && ty == PTX_T_TF32) ||
                  (cd && (ty == PTX_T_F32 || (t16 && (ty == PTX_T_F16 || ty == PTX_T_S32)))));
        if (!ok)
            refuse(c, t);
        in->type = (uint8_t)ty;
        in->boolop = (uint8_t)(matrix | layout[0] << 2);
        return;
    }
    in->op = PTX_OP_WMMA_MMA;
    in->opclass = PTX_CLASS_TENSOR;
    int d = types[0], a, b, cty;
    if (ntypes == 2) /* f16 inputs: .D.C */
        a = b = PTX_T_F16, cty = types[1];
    else if (ntypes == 4)
        a = types[1], b = types[2], cty = types[3];
    else
        refuse(c, t);
    int int8 = a == PTX_T_S8 || a == PTX_T_U8;
    int ok = a == b && d == cty &&
             (shape == PTX_WMMA_M16N16K8
                  ? a == PTX_T_TF32 && d == PTX_T_F32
                  : (a == PTX_T_F16 && (d == PTX_T_F32 || d == PTX_T_F16)) ||
                        (a == PTX_T_BF16 && d == PTX_T_F32) || (int8 && d == PTX_T_S32));
    if (!ok || ((in->flags & PTX_F_SAT) && d != PTX_T_S32))
        refuse(c, t);
    in->type = (uint8_t)d;
    in->stype = (uint8_t)a;
    in->boolop = (uint8_t)(layout[0] | layout[1] << 1);
}

void ptx_decode_mmaop(struct pctx *c, struct ptx_inst *in, const struct lex_token *t)
{
    if (t->s[0] == 'w') {
        decode_wmma(c, in, t);
        return;
    }
    const char *end = t->s + t->len, *p = memchr(t->s, '.', t->len);
    int is_mma = t->s[0] == 'm';
    int sync = 0, aligned = 0, shape = -1, row = 0, col = 0, ntypes = 0, types[4] = { 0 };
    in->op = is_mma ? PTX_OP_MMA : t->s[0] == 's' ? PTX_OP_STMATRIX : PTX_OP_LDMATRIX;
    in->opclass = is_mma ? PTX_CLASS_TENSOR : PTX_CLASS_MEM;
    in->space = PTX_SPACE_GENERIC;
    size_t n;
    for (const char *m; (m = ptx_next_word(&p, end, &n));) {
        int ty = ptx_type_from_word(m, n);
        if (ptx_word_is(m, n, "sync") && !sync)
            sync = 1;
        else if (ptx_word_is(m, n, "aligned") && !aligned)
            aligned = 1;
        else if (ty >= 0 && ntypes < 4 && (is_mma ? row && col : shape >= 0))
            types[ntypes++] = ty;
        else if (is_mma && shape < 0 && ptx_word_is(m, n, "m16n8k16"))
            shape = PTX_MMA_M16N8K16;
        else if (is_mma && shape < 0 && ptx_word_is(m, n, "m16n8k8"))
            shape = PTX_MMA_M16N8K8;
        else if (is_mma && shape < 0 && ptx_word_is(m, n, "m16n8k32"))
            shape = PTX_MMA_M16N8K32;
        else if (is_mma && shape >= 0 && !row && ptx_word_is(m, n, "row"))
            row = 1;
        else if (is_mma && row && !col && ptx_word_is(m, n, "col"))
            col = 1;
        else if (is_mma && col && !ntypes && ptx_word_is(m, n, "satfinite") && !(in->flags & PTX_F_SAT))
            in->flags |= PTX_F_SAT;
        else if (!is_mma && shape < 0 && ptx_word_is(m, n, "m8n8"))
            shape = 0;
        else if (!is_mma && shape == 0 && !in->mode && n == 2 && m[0] == 'x' &&
                 (m[1] == '1' || m[1] == '2' || m[1] == '4'))
            in->mode = (uint8_t)(m[1] - '0');
        else if (!is_mma && in->mode && !in->boolop && ptx_word_is(m, n, "trans"))
            in->boolop = 1;
        else if (!is_mma && in->mode && in->space == PTX_SPACE_GENERIC &&
                 (ptx_word_is(m, n, "shared") || ptx_word_is(m, n, "shared::cta")))
            in->space = PTX_SPACE_SHARED;
        else
            refuse(c, t);
    }
    if (!sync || !aligned || shape < 0)
        refuse(c, t);
    if (!is_mma) {
        if (!in->mode || ntypes != 1 || types[0] != PTX_T_B16)
            refuse(c, t);
        in->type = PTX_T_B16;
        return;
    }
    if (!row || !col || ntypes != 4 || !mma_types_ok(shape, types[0], types[1], types[2], types[3]))
        refuse(c, t);
    if ((in->flags & PTX_F_SAT) && types[0] != PTX_T_S32)
        refuse(c, t);
    in->mode = (uint8_t)shape;
    in->type = (uint8_t)types[0];
    in->stype = (uint8_t)types[1];
    in->boolop = (uint8_t)(types[2] == PTX_T_U8); /* B's signedness when it differs from A's */
}

/* Fragment registers per thread: 16-bit elements two to a register, 8-bit
 * four, tf32/f32/s32 one. */
/* wmma fragments: elements of the matrix (16 x 16, or 16 x 8 / 8 x 16 for
 * tf32's a and b) per thread, as nvcc's registers hold them: f16 a and b
 * 16 (each element in two threads), bf16 8, tf32 4, 8-bit 8, c and d 8 */
static unsigned wmma_regs(int matrix, int shape, enum ptx_type t)
{
    if (matrix >= 2)
        return t == PTX_T_F16 ? 4 : 8;
    if (shape == PTX_WMMA_M16N16K8)
        return 4;
    return t == PTX_T_F16 ? 8 : t == PTX_T_BF16 ? 4 : 2;
}

unsigned ptx_mma_fragment_regs(const struct ptx_inst *in, unsigned want[4])
{
    if (in->op == PTX_OP_LDMATRIX || in->op == PTX_OP_STMATRIX) {
        want[0] = in->mode;
        return 1; /* (stmatrix's vector is its second operand: checked by the caller) */
    }
    if (in->op == PTX_OP_WMMA_LOAD || in->op == PTX_OP_WMMA_STORE) {
        want[0] = wmma_regs(in->boolop & 3, in->mode, (enum ptx_type)in->type);
        return 1; /* (the store's vector is its second operand: checked by the caller) */
    }
    if (in->op == PTX_OP_WMMA_MMA) {
        want[0] = want[3] = wmma_regs(2, in->mode, (enum ptx_type)in->type);
        want[1] = want[2] = wmma_regs(0, in->mode, (enum ptx_type)in->stype);
        return 4;
    }
    unsigned k = in->mode == PTX_MMA_M16N8K16 ? 16 : in->mode == PTX_MMA_M16N8K8 ? 8 : 32;
    unsigned per = in->stype == PTX_T_TF32 ? 1 : ptx_type_bytes((enum ptx_type)in->stype) == 1 ? 4 : 2;
    unsigned cd = in->type == PTX_T_F16 ? 2 : 4; /* 16 x 8 accumulator, 4 elements a thread */
    want[0] = want[3] = cd;
    want[1] = 16 * k / 32 / per; /* A: 16 x k */
    want[2] = k * 8 / 32 / per;  /* B: k x 8 */
    return 4;
}
