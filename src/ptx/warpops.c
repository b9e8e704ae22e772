/* Warp-wide instructions: shfl.sync (up/down/bfly/idx with clamp and segment
 * mask, and the |p validity output), vote.sync, match.sync, activemask,
 * redux.sync and elect.sync. */
#include "ptx/exec_impl.h"

static void write_pred(struct ptx_warp *w, const struct ptx_operand *o, uint32_t mask, uint32_t v)
{
    if (o->kind != PTX_OPND_PRED || o->index == PTX_NO_INDEX)
        return;
    w->preds[o->index] = (w->preds[o->index] & ~mask) | (v & mask);
}

static int exec_shfl(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask)
{
    uint64_t ta[PTX_WARP_SIZE], tb[PTX_WARP_SIZE], tc[PTX_WARP_SIZE];
    /* fixed layout: d, p (or none), a, b, c, membermask */
    int has_p = in->ops[1].kind == PTX_OPND_PRED;
    unsigned s = 2;
    const uint64_t *a = ptx_src(w, &in->ops[s], ta);
    const uint64_t *b = ptx_src(w, &in->ops[s + 1], tb);
    const uint64_t *c = ptx_src(w, &in->ops[s + 2], tc);
    uint64_t src[PTX_WARP_SIZE], out[PTX_WARP_SIZE];
    memcpy(src, a, sizeof src); /* the destination may be the source */
    uint32_t pv = 0;
    for (int lane = 0; lane < PTX_WARP_SIZE; lane++) {
        if (!((mask >> lane) & 1))
            continue;
        int bval = (int)(b[lane] & 0x1f);
        int clamp = (int)(c[lane] & 0x1f), seg = (int)((c[lane] >> 8) & 0x1f);
        int max_lane = (lane & seg) | (clamp & ~seg), min_lane = lane & seg, j, ok;
        switch (in->mode) {
        case PTX_SHFL_UP: j = lane - bval; ok = j >= max_lane; break;
        case PTX_SHFL_DOWN: j = lane + bval; ok = j <= max_lane; break;
        case PTX_SHFL_BFLY: j = lane ^ bval; ok = j <= max_lane; break;
        default: j = min_lane | (bval & ~seg); ok = j <= max_lane; break;
        }
        if (!ok)
            j = lane;
        out[lane] = src[j & 31] & 0xffffffffu;
        pv |= (uint32_t)ok << lane;
    }
    uint64_t *D = ptx_exec_dst(w, &in->ops[0]);
    LANES(out[l]);
    if (has_p)
        write_pred(w, &in->ops[1], mask, pv);
    return 0;
}

static int exec_vote(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask)
{
    uint32_t p = ptx_exec_pred(w, &in->ops[1]) & mask;
    uint32_t r;
    switch (in->mode) {
    case PTX_VOTE_ALL: r = p == mask ? FULL_MASK : 0; break;
    case PTX_VOTE_ANY: r = p ? FULL_MASK : 0; break;
    case PTX_VOTE_UNI: r = (p == 0 || p == mask) ? FULL_MASK : 0; break;
    default: { /* ballot */
        uint64_t *D = ptx_exec_dst(w, &in->ops[0]);
        LANES((uint64_t)p);
        return 0;
    }
    }
    write_pred(w, &in->ops[0], mask, r);
    return 0;
}

/* match.any: lanes holding the same value; match.all: mask if all equal. */
static int exec_match(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask)
{
    int has_p = in->ops[1].kind == PTX_OPND_PRED; /* d, p (or none), a, membermask */
    uint64_t ta[PTX_WARP_SIZE];
    const uint64_t *a = ptx_src(w, &in->ops[2], ta);
    uint64_t out[PTX_WARP_SIZE];
    int all_equal = 1;
    for (int l = 0; l < PTX_WARP_SIZE; l++) {
        if (!((mask >> l) & 1))
            continue;
        uint32_t m = 0;
        for (int k = 0; k < PTX_WARP_SIZE; k++)
            if (((mask >> k) & 1) && a[k] == a[l])
                m |= 1u << k;
        if (m != mask)
            all_equal = 0;
        out[l] = m;
    }
    uint64_t *D = ptx_exec_dst(w, &in->ops[0]);
    if (in->mode == PTX_VOTE_ALL)
        LANES((uint64_t)(all_equal ? mask : 0));
    else
        LANES(out[l]);
    if (has_p)
        write_pred(w, &in->ops[1], mask, all_equal ? FULL_MASK : 0);
    return 0;
}

/* redux.sync.op.type d, a, membermask: the reduction over the lanes that
 * execute it (PTX requires them to be exactly membermask's). */
static int exec_redux(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask)
{
    uint64_t ta[PTX_WARP_SIZE], tm[PTX_WARP_SIZE];
    const uint64_t *a = ptx_src(w, &in->ops[1], ta);
    uint32_t member = (uint32_t)ptx_src(w, &in->ops[2], tm)[__builtin_ctz(mask)];
    if ((member & mask) != mask) {
        ptx_exec_fail(w, __builtin_ctz(mask & ~member), in,
                      "redux.sync executed by a lane outside its member mask 0x%08x", member);
        return -1;
    }
    int sgn = in->type == PTX_T_S32;
    uint32_t r = (uint32_t)a[__builtin_ctz(mask)];
    for (uint32_t m = mask & (mask - 1); m; m &= m - 1) {
        uint32_t v = (uint32_t)a[__builtin_ctz(m)];
        switch (in->mode) {
        case PTX_ATOM_ADD: r += v; break;
        case PTX_ATOM_MIN: r = sgn ? ((int32_t)v < (int32_t)r ? v : r) : (v < r ? v : r); break;
        case PTX_ATOM_MAX: r = sgn ? ((int32_t)v > (int32_t)r ? v : r) : (v > r ? v : r); break;
        case PTX_ATOM_AND: r &= v; break;
        case PTX_ATOM_OR: r |= v; break;
        default: r ^= v; break;
        }
    }
    uint64_t *D = ptx_exec_dst(w, &in->ops[0]);
    LANES((uint64_t)r);
    return 0;
}

/* elect.sync d|p, membermask: the lowest executing lane of membermask is
 * the leader; d gets its lane id in every lane, p is true only there. */
static int exec_elect(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask)
{
    uint64_t tm[PTX_WARP_SIZE];
    uint32_t member = (uint32_t)ptx_src(w, &in->ops[2], tm)[__builtin_ctz(mask)];
    uint32_t cand = member & mask;
    uint32_t leader = cand ? (uint32_t)__builtin_ctz(cand) : 0;
    uint64_t *D = ptx_exec_dst(w, &in->ops[0]);
    LANES((uint64_t)leader);
    write_pred(w, &in->ops[1], mask, cand ? 1u << leader : 0);
    return 0;
}

int ptx_exec_warpop(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask)
{
    if (!mask)
        return 0;
    switch (in->op) {
    case PTX_OP_SHFL: return exec_shfl(w, in, mask);
    case PTX_OP_VOTE: return exec_vote(w, in, mask);
    case PTX_OP_MATCH: return exec_match(w, in, mask);
    case PTX_OP_REDUX: return exec_redux(w, in, mask);
    case PTX_OP_ELECT: return exec_elect(w, in, mask);
    default: {
        uint64_t *D = ptx_exec_dst(w, &in->ops[0]);
        LANES((uint64_t)mask);
        return 0;
    }
    }
}
