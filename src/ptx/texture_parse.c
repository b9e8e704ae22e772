/* Decoding of tex / tld4 / suld / sust / txq / suq opcode words (the
 * engine side is texture.c). Accepted:
 *   tex.{1d,2d,3d}.v4.{f32,s32,u32}.{s32,f32}    d4, [h, {c}]
 *   tld4.{r,g,b,a}.2d.v4.{f32,s32,u32}.f32        d4, [h, {c}]
 *   suld.b.{1d,2d,3d}[.v2|.v4].{b8,b16,b32,b64}[.trap|.clamp|.zero]  d, [h, {c}]
 *   sust.b.{1d,2d,3d}[.v2|.v4].{b8,b16,b32,b64}[.trap|.clamp|.zero]  [h, {c}], a
 *   txq.{width,height,depth,normalized_coords,filter_mode,addr_mode_0,
 *        addr_mode_1,addr_mode_2}.b32            d, [h]
 *   suq.{width,height,depth}.b32                 d, [h]
 * where h is a register holding a texture or surface object. Anything else
 * (mipmap levels and gradients, arrays and cubes, formatted surface access,
 * other queries) is refused with a message naming it. */
#include "ptx/parse_internal.h"
#include <string.h>

void ptx_decode_texop(struct pctx *c, struct ptx_inst *in, const struct lex_token *t)
{
    const char *end = t->s + t->len;
    const char *p = memchr(t->s, '.', t->len);
    int op = in->op, ntypes = 0, geo = 0, clamp = -1, comp = -1, query = -1, bmode = 0;
    in->space = PTX_SPACE_GLOBAL;
    in->vec = 0;
    size_t n;
    for (const char *m; (m = ptx_next_word(&p, end, &n));) {
        int ty = ptx_type_from_word(m, n);
        if (ty >= 0) {
            if (ntypes == 0)
                in->type = (uint8_t)ty;
            else if (ntypes == 1)
                in->stype = (uint8_t)ty;
            ntypes++;
            continue;
        }
        if (ptx_word_is(m, n, "1d") || ptx_word_is(m, n, "2d") || ptx_word_is(m, n, "3d")) {
            if (geo)
                pctx_fail(c, t->line, "two geometries in '%.*s'", (int)t->len, t->s);
            geo = m[0] - '0';
        } else if (ptx_word_is(m, n, "v4") || ptx_word_is(m, n, "v2")) {
            in->vec = (uint8_t)(m[1] - '0');
        } else if ((op == PTX_OP_SULD || op == PTX_OP_SUST) && ptx_word_is(m, n, "b")) {
            bmode = 1;
        } else if ((op == PTX_OP_SULD || op == PTX_OP_SUST) && ptx_word_is(m, n, "trap")) {
            clamp = PTX_SU_TRAP;
        } else if ((op == PTX_OP_SULD || op == PTX_OP_SUST) && ptx_word_is(m, n, "clamp")) {
            clamp = PTX_SU_CLAMP;
        } else if ((op == PTX_OP_SULD || op == PTX_OP_SUST) && ptx_word_is(m, n, "zero")) {
            clamp = PTX_SU_ZERO;
        } else if (op == PTX_OP_TLD4 && n == 1 && strchr("rgba", m[0])) {
            comp = (int)(strchr("rgba", m[0]) - "rgba");
        } else if ((op == PTX_OP_TXQ || op == PTX_OP_SUQ) && query < 0 &&
                   (ptx_word_is(m, n, "width") || ptx_word_is(m, n, "height") || ptx_word_is(m, n, "depth") ||
                    (op == PTX_OP_TXQ &&
                     (ptx_word_is(m, n, "normalized_coords") || ptx_word_is(m, n, "filter_mode") ||
                      ptx_word_is(m, n, "addr_mode_0") || ptx_word_is(m, n, "addr_mode_1") ||
                      ptx_word_is(m, n, "addr_mode_2"))))) {
            query = ptx_word_is(m, n, "width")               ? PTX_TXQ_WIDTH
                    : ptx_word_is(m, n, "height")            ? PTX_TXQ_HEIGHT
                    : ptx_word_is(m, n, "depth")             ? PTX_TXQ_DEPTH
                    : ptx_word_is(m, n, "normalized_coords") ? PTX_TXQ_NORMALIZED
                    : ptx_word_is(m, n, "filter_mode")       ? PTX_TXQ_FILTER
                    : ptx_word_is(m, n, "addr_mode_0")       ? PTX_TXQ_ADDR0
                    : ptx_word_is(m, n, "addr_mode_1")       ? PTX_TXQ_ADDR1
                                                         : PTX_TXQ_ADDR2;
        } else {
            pctx_fail(c, t->line, "'.%.*s' in '%.*s' is not supported by ccgpu (texture and "
                      "surface support: docs/cuda-runtime.md)", (int)n, m, (int)t->len, t->s);
        }
    }
    switch (op) {
    case PTX_OP_TEX: case PTX_OP_TLD4:
        if (!geo || in->vec != 4 || ntypes != 2 ||
            (in->type != PTX_T_F32 && in->type != PTX_T_S32 && in->type != PTX_T_U32) ||
            (in->stype != PTX_T_F32 && in->stype != PTX_T_S32))
            pctx_fail(c, t->line, "'%.*s': expected %s.{1d,2d,3d}.v4.{f32,s32,u32}.{s32,f32}",
                      (int)t->len, t->s, op == PTX_OP_TEX ? "tex" : "tld4.{r,g,b,a}");
        if (op == PTX_OP_TLD4 && (comp < 0 || geo != 2 || in->stype != PTX_T_F32))
            pctx_fail(c, t->line, "'%.*s': tld4 takes .r/.g/.b/.a, .2d and .f32 coordinates",
                      (int)t->len, t->s);
        in->mode = (uint8_t)geo;
        in->boolop = (uint8_t)(comp < 0 ? 0 : comp);
        break;
    case PTX_OP_SULD: case PTX_OP_SUST:
        if (!bmode || !geo || ntypes != 1 ||
            (in->type != PTX_T_B8 && in->type != PTX_T_B16 && in->type != PTX_T_B32 &&
             in->type != PTX_T_B64))
            pctx_fail(c, t->line, "'%.*s': expected %s.b.{1d,2d,3d}[.v2|.v4].{b8,b16,b32,b64}"
                      "[.trap|.clamp|.zero] (formatted .p access is not supported)",
                      (int)t->len, t->s, op == PTX_OP_SULD ? "suld" : "sust");
        in->mode = (uint8_t)geo;
        in->boolop = (uint8_t)(clamp < 0 ? PTX_SU_TRAP : clamp);
        break;
    default: /* txq suq */
        if (query < 0 || ntypes != 1 || in->type != PTX_T_B32 || geo || in->vec)
            pctx_fail(c, t->line, "'%.*s': expected %s.{width,height,depth%s}.b32", (int)t->len,
                      t->s, op == PTX_OP_TXQ ? "txq" : "suq",
                      op == PTX_OP_TXQ ? ",normalized_coords,filter_mode,addr_mode_N" : "");
        in->mode = (uint8_t)query;
        break;
    }
}
