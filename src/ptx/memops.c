/* Memory instructions: ld/ldu/st/atom/red in every state space (generic
 * addresses resolved per lane through the shared and local windows), cvta and
 * isspacep. Every access is bounds- and alignment-checked; the first bad lane
 * stops the kernel with kernel, CTA, thread, address and line. */
#include "ptx/exec_impl.h"
#include <math.h>

static const char *space_name(int s)
{
    switch (s) {
    case PTX_SPACE_GLOBAL: return "global";
    case PTX_SPACE_SHARED: return "shared";
    case PTX_SPACE_LOCAL: return "local";
    case PTX_SPACE_CONST: return "const";
    case PTX_SPACE_PARAM: return "param";
    case PTX_SPACE_GENERIC: return "generic";
    default: return "unknown-space";
    }
}

/* Generic -> (space, address in space). */
static int resolve_generic(uint64_t *addr)
{
    uint64_t a = *addr;
    if (a - PTX_GENERIC_SHARED_BASE < PTX_GENERIC_WINDOW) {
        *addr = a - PTX_GENERIC_SHARED_BASE;
        return PTX_SPACE_SHARED;
    }
    if (a - PTX_GENERIC_LOCAL_BASE < PTX_GENERIC_WINDOW) {
        *addr = a - PTX_GENERIC_LOCAL_BASE;
        return PTX_SPACE_LOCAL;
    }
    return PTX_SPACE_GLOBAL;
}

static inline uint32_t thread_in_cta(const struct ptx_warp *w, int lane)
{
    return w->index * PTX_WARP_SIZE + (uint32_t)lane;
}

/* `fparam`: the address is in the per-lane parameter frame (a .param symbol
 * of a function body or .func), else in the kernel's parameter buffer. */
static uint8_t *lane_ptr(struct ptx_warp *w, int space, uint64_t addr, uint32_t size, int lane,
                         int fparam)
{
    struct ptx_launch *l = w->launch;
    switch (space) {
    case PTX_SPACE_GLOBAL:
    case PTX_SPACE_CONST:
        return devmem_ptr(l->prog->mem, addr, size);
    case PTX_SPACE_SHARED:
        if (addr >= l->shared_per_cta || size > l->shared_per_cta - addr)
            return l->resident ? ptx_cluster_shared_ptr(w, addr, size) : NULL;
        return w->cta->shared + addr;
    case PTX_SPACE_LOCAL:
        if (addr >= l->local_per_thread || size > l->local_per_thread - addr)
            return NULL;
        return w->cta->local + (size_t)thread_in_cta(w, lane) * l->local_per_thread + addr;
    case PTX_SPACE_PARAM: {
        if (fparam) {
            uint32_t frame = l->prog->param_frame[w->func_idx];
            if (addr >= frame || size > frame - addr)
                return NULL;
            return w->params + (size_t)lane * frame + addr;
        }
        uint64_t n = l->prog->kparam_bytes[l->kernel_idx];
        if (addr >= n || size > n - addr)
            return NULL;
        return l->params + addr;
    }
    default:
        return NULL;
    }
}

uint8_t *ptx_mem_lane_ptr(struct ptx_warp *w, int space, uint64_t addr, uint32_t size, int lane)
{
    if (space == PTX_SPACE_GENERIC)
        space = resolve_generic(&addr);
    return lane_ptr(w, space, addr, size, lane, 0);
}

static uint64_t load_bytes(const uint8_t *p, unsigned size)
{
    switch (size) {
    case 1: return p[0];
    case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
    case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
    default: { uint64_t v; memcpy(&v, p, 8); return v; }
    }
}

static void store_bytes(uint8_t *p, uint64_t v, unsigned size)
{
    switch (size) {
    case 1: p[0] = (uint8_t)v; break;
    case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
    default: memcpy(p, &v, 8); break;
    }
}

static uint64_t atom_apply(const struct ptx_inst *in, uint64_t old, uint64_t b, uint64_t c,
                           unsigned size)
{
    int t = in->type;
    unsigned bits = size * 8;
    int sgn = ptx_type_is_signed((enum ptx_type)t);
    switch (in->mode) {
    case PTX_ATOM_ADD:
        if (t == PTX_T_F32)
            return fb32(f32(old) + f32(b));
        if (t == PTX_T_F64)
            return fb64(f64(old) + f64(b));
        return zx(old + b, bits);
    case PTX_ATOM_MIN:
        if (t == PTX_T_F32)
            return fb32(fminf(f32(old), f32(b)));
        if (t == PTX_T_F64)
            return fb64(fmin(f64(old), f64(b)));
        if (sgn)
            return sx(old, bits) < sx(b, bits) ? old : zx(b, bits);
        return zx(old, bits) < zx(b, bits) ? old : zx(b, bits);
    case PTX_ATOM_MAX:
        if (t == PTX_T_F32)
            return fb32(fmaxf(f32(old), f32(b)));
        if (t == PTX_T_F64)
            return fb64(fmax(f64(old), f64(b)));
        if (sgn)
            return sx(old, bits) > sx(b, bits) ? old : zx(b, bits);
        return zx(old, bits) > zx(b, bits) ? old : zx(b, bits);
    case PTX_ATOM_INC: /* wraps to 0 past b */
        return zx(old, bits) >= zx(b, bits) ? 0 : zx(old + 1, bits);
    case PTX_ATOM_DEC: /* wraps to b at 0 or above b */
        return (zx(old, bits) == 0 || zx(old, bits) > zx(b, bits)) ? zx(b, bits) : zx(old - 1, bits);
    case PTX_ATOM_CAS: return zx(old, bits) == zx(b, bits) ? zx(c, bits) : old;
    case PTX_ATOM_EXCH: return zx(b, bits);
    case PTX_ATOM_AND: return old & b;
    case PTX_ATOM_OR: return zx(old | b, bits);
    case PTX_ATOM_XOR: return zx(old ^ b, bits);
    default: return old;
    }
}

/* Registers of a data operand: a vector's entries or one register. */
static void data_regs(struct ptx_warp *w, const struct ptx_operand *o, unsigned vec,
                      uint64_t *lanes[4], uint64_t tmp[4][PTX_WARP_SIZE])
{
    if (o->kind == PTX_OPND_VEC) {
        for (unsigned e = 0; e < vec; e++) {
            uint32_t r = e < o->count ? w->func->vec_pool[o->index + e] : PTX_NO_INDEX;
            lanes[e] = r == PTX_NO_INDEX ? tmp[e] : &w->regs[(size_t)r * PTX_WARP_SIZE];
            if (r == PTX_NO_INDEX)
                memset(tmp[e], 0, sizeof tmp[e]);
        }
        return;
    }
    if (o->kind == PTX_OPND_REG && o->index != PTX_NO_INDEX) {
        lanes[0] = &w->regs[(size_t)o->index * PTX_WARP_SIZE];
        return;
    }
    lanes[0] = (uint64_t *)ptx_src(w, o, tmp[0]);
    if (lanes[0] != tmp[0])
        lanes[0] = w->sink; /* "_" */
}

/* The common case: a plain ld/st whose active lanes all fall, aligned, inside
 * one global allocation, the CTA's shared memory, or their threads' local
 * memory. One range check for the warp instead of one per lane; anything else
 * takes the checked per-lane path (which also produces the error messages).
 * Returns the space, or -1. */
static int fast_access(struct ptx_warp *w, int space, const uint64_t *addr, uint32_t mask,
                       unsigned size, unsigned vec, int is_ld, int sext, uint64_t **regs)
{
/* a loop over the active lanes, branch-free when all 32 are */
#define ACTIVE_LANES(body)                                                    \
    do {                                                                      \
        if (mask == FULL_MASK) {                                              \
            for (int l = 0; l < PTX_WARP_SIZE; l++) {                         \
                body;                                                         \
            }                                                                 \
        } else {                                                              \
            for (uint32_t m_ = mask; m_; m_ &= m_ - 1) {                      \
                int l = __builtin_ctz(m_);                                    \
                body;                                                         \
            }                                                                 \
        }                                                                     \
    } while (0)
    unsigned total = size * vec;
    uint64_t lo = UINT64_MAX, hi = 0, orv = 0;
    ACTIVE_LANES(lo = addr[l] < lo ? addr[l] : lo; hi = addr[l] > hi ? addr[l] : hi;
                 orv |= addr[l]);
    if (orv & (total - 1))
        return -1;
    if (space == PTX_SPACE_GENERIC) {
        if (hi >= PTX_GENERIC_LOCAL_BASE)
            return -1; /* shared or local lanes: per-lane path */
        space = PTX_SPACE_GLOBAL;
    }
    uint8_t *ptr[PTX_WARP_SIZE];
    uint64_t span = hi - lo + total;
    if (space == PTX_SPACE_GLOBAL || space == PTX_SPACE_CONST) {
        uint8_t *base = devmem_ptr(w->launch->prog->mem, lo, span);
        if (!base)
            return -1;
        ACTIVE_LANES(ptr[l] = base + (addr[l] - lo));
    } else if (space == PTX_SPACE_SHARED) {
        uint64_t n = w->launch->shared_per_cta;
        if (lo >= n || span > n - lo)
            return -1;
        uint8_t *base = w->cta->shared;
        ACTIVE_LANES(ptr[l] = base + addr[l]);
    } else if (space == PTX_SPACE_LOCAL) {
        uint64_t n = w->launch->local_per_thread;
        if (lo >= n || span > n - lo)
            return -1;
        uint8_t *base = w->cta->local + (size_t)w->index * PTX_WARP_SIZE * n;
        ACTIVE_LANES(ptr[l] = base + (size_t)l * n + addr[l]);
    } else {
        return -1;
    }
    for (unsigned e = 0; e < vec; e++) {
        uint64_t *r = regs[e];
        size_t eo = e * size;
        switch (size | (is_ld ? 0x100 : 0)) {
        case 0x104:
            ACTIVE_LANES(uint32_t v; memcpy(&v, ptr[l] + eo, 4); r[l] = v);
            break;
        case 0x108:
            ACTIVE_LANES(memcpy(&r[l], ptr[l] + eo, 8));
            break;
        case 4:
            ACTIVE_LANES(uint32_t v = (uint32_t)r[l]; memcpy(ptr[l] + eo, &v, 4));
            break;
        case 8:
            ACTIVE_LANES(memcpy(ptr[l] + eo, &r[l], 8));
            break;
        default:
            if (is_ld)
                ACTIVE_LANES(uint64_t v = load_bytes(ptr[l] + eo, size);
                             r[l] = sext ? zx((uint64_t)sx(v, size * 8), 32) : v);
            else
                ACTIVE_LANES(store_bytes(ptr[l] + eo, r[l], size));
            break;
        }
    }
#undef ACTIVE_LANES
    return space;
}

/* ld.param of a kernel parameter: one address for the whole warp. */
static int uniform_param_load(struct ptx_warp *w, uint64_t a, uint32_t mask, unsigned size,
                              unsigned vec, int sext, uint64_t **regs)
{
    const struct ptx_launch *la = w->launch;
    uint64_t n = la->prog->kparam_bytes[la->kernel_idx];
    unsigned total = size * vec;
    if (a >= n || total > n - a)
        return -1;
    for (unsigned e = 0; e < vec; e++) {
        uint64_t v = load_bytes(la->params + a + e * size, size);
        if (sext)
            v = zx((uint64_t)sx(v, size * 8), 32);
        uint64_t *D = regs[e];
        LANES(v);
    }
    return PTX_SPACE_PARAM;
}

static int exec_cvta(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask)
{
    uint64_t t[PTX_WARP_SIZE];
    const uint64_t *a = ptx_src(w, &in->ops[1], t);
    uint64_t *D = ptx_exec_dst(w, &in->ops[0]);
    uint64_t base = in->space == PTX_SPACE_SHARED ? PTX_GENERIC_SHARED_BASE
                    : in->space == PTX_SPACE_LOCAL ? PTX_GENERIC_LOCAL_BASE : 0;
    unsigned bits = ptx_type_bytes((enum ptx_type)in->type) * 8;
    if (!bits)
        bits = 64;
    if (in->flags & PTX_F_TO_SPACE)
        LANES(zx(a[l] - base, bits));
    else
        LANES(zx(a[l] + base, bits));
    return 0;
}

static int exec_isspacep(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask)
{
    uint64_t t[PTX_WARP_SIZE];
    const uint64_t *a = ptx_src(w, &in->ops[1], t);
    uint32_t r = 0;
    for (int l = 0; l < PTX_WARP_SIZE; l++) {
        uint64_t x = a[l];
        int s = resolve_generic(&x);
        int is = in->space == PTX_SPACE_GLOBAL || in->space == PTX_SPACE_CONST
                     ? s == PTX_SPACE_GLOBAL
                     : s == in->space;
        r |= (uint32_t)is << l;
    }
    if (in->ops[0].kind == PTX_OPND_PRED && in->ops[0].index != PTX_NO_INDEX)
        w->preds[in->ops[0].index] = (w->preds[in->ops[0].index] & ~mask) | (r & mask);
    return 0;
}

/* prefetch{,u}[.space].level [a]: no architectural effect, never faults (a
 * hint). For the timing model, global and local lines are described in d as
 * a memory access with neither load nor store (d->prefetch = the level;
 * prefetchu and a prefetch naming no level are L1). Lanes of a generic
 * address that resolve to shared memory are dropped; shared, const and
 * other spaces stay no-ops. */
static int exec_prefetch(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                         struct ptx_dyninst *d)
{
    if (!d || (in->space != PTX_SPACE_GLOBAL && in->space != PTX_SPACE_LOCAL &&
               in->space != PTX_SPACE_GENERIC && in->space != PTX_SPACE_NONE))
        return 0;
    const struct ptx_operand *ao = &in->ops[0];
    uint64_t tmpa[PTX_WARP_SIZE];
    const uint64_t *base = tmpa;
    uint64_t off = 0;
    if (ao->kind == PTX_OPND_ADDR_REG) {
        base = &w->regs[(size_t)ao->index * PTX_WARP_SIZE];
        off = (uint64_t)ao->value;
    } else
        base = ptx_src(w, ao, tmpa);
    int sp = -1;
    uint32_t keep = 0;
    for (uint32_t m = mask; m; m &= m - 1) {
        int lane = __builtin_ctz(m);
        uint64_t a = base[lane] + off;
        int space = in->space;
        if (space == PTX_SPACE_LOCAL)
            a &= 0xffffffffull;
        else if (space == PTX_SPACE_GENERIC || space == PTX_SPACE_NONE)
            space = resolve_generic(&a);
        if (space == PTX_SPACE_SHARED || (sp >= 0 && space != sp))
            continue; /* one space per access: the first lane's */
        sp = space;
        d->addr[lane] = a;
        keep |= 1u << lane;
    }
    if (!keep)
        return 0;
    d->exec_mask = keep;
    d->is_mem = 1;
    d->is_load = d->is_store = d->is_atomic = 0;
    d->space = (uint8_t)sp;
    d->mixed_space = 0;
    d->access_size = 1;
    d->vec = 1;
    d->prefetch = in->op == PTX_OP_PREFETCH && in->mode == 2 ? 2 : 1;
    return 0;
}

int ptx_exec_mem(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                 struct ptx_dyninst *d)
{
    struct ptx_launch *l = w->launch;
    if (in->op == PTX_OP_CVTA)
        return exec_cvta(w, in, mask);
    if (in->op == PTX_OP_ISSPACEP)
        return exec_isspacep(w, in, mask);
    if (in->op == PTX_OP_PREFETCH || in->op == PTX_OP_PREFETCHU)
        return exec_prefetch(w, in, mask, d);
    int is_ld = in->op == PTX_OP_LD || in->op == PTX_OP_LDU;
    int is_st = in->op == PTX_OP_ST, is_atom = in->op == PTX_OP_ATOM, is_red = in->op == PTX_OP_RED;
    const struct ptx_operand *ao = (is_st || is_red) ? &in->ops[0] : &in->ops[1];
    const struct ptx_operand *dop = is_st || is_red ? &in->ops[1] : &in->ops[0];
    unsigned size = ptx_type_bytes((enum ptx_type)in->type), vec = in->vec ? in->vec : 1;
    if (!size)
        size = 4;
    if (vec > 4)
        vec = 4;
    unsigned total = size * vec;
    int fparam = ao->kind == PTX_OPND_ADDR_SYM && l->prog->sym_kind[ao->index] == SYMK_FPARAM;

    /* the lanes' addresses go straight into d when there is one */
    uint64_t tmpa[PTX_WARP_SIZE], addr_own[PTX_WARP_SIZE];
    uint64_t *addr = d ? d->addr : addr_own;
    const uint64_t *base = tmpa;
    uint64_t off = 0;
    if (ao->kind == PTX_OPND_ADDR_REG) {
        base = &w->regs[(size_t)ao->index * PTX_WARP_SIZE];
        off = (uint64_t)ao->value;
    } else {
        base = ptx_src(w, ao, tmpa);
    }
    /* Shared and local state-space addresses are 32-bit: nvcc computes them in
     * 32-bit registers and relies on [reg+offset] wrapping modulo 2^32. */
    uint64_t wrap = (in->space == PTX_SPACE_SHARED || in->space == PTX_SPACE_LOCAL)
                        ? 0xffffffffull : ~0ull;
    for (int i = 0; i < PTX_WARP_SIZE; i++)
        addr[i] = (base[i] + off) & wrap;

    uint64_t *regs[4];
    uint64_t tmp[4][PTX_WARP_SIZE];
    data_regs(w, dop, vec, regs, tmp);
    const uint64_t *bsrc = NULL, *csrc = NULL;
    uint64_t tb[PTX_WARP_SIZE], tc[PTX_WARP_SIZE];
    if (is_atom) {
        bsrc = ptx_src(w, &in->ops[2], tb);
        if (in->mode == PTX_ATOM_CAS)
            csrc = ptx_src(w, &in->ops[3], tc);
    } else if (is_red) {
        bsrc = ptx_src(w, &in->ops[1], tb);
    }
    int sext = is_ld && size < 4 && ptx_type_is_signed((enum ptx_type)in->type);
    int space0 = -1, mixed = 0;
    if (!is_atom && !is_red && !fparam) {
        if (in->space == PTX_SPACE_PARAM)
            space0 = is_ld && ao->kind != PTX_OPND_ADDR_REG
                         ? uniform_param_load(w, addr[0], mask, size, vec, sext, regs)
                         : -1;
        else
            space0 = fast_access(w, in->space, addr, mask, size, vec, is_ld, sext, regs);
        if (space0 >= 0)
            goto done;
    }
    for (uint32_t m = mask; m; m &= m - 1) {
        int lane = __builtin_ctz(m);
        const uint64_t a_in = addr[lane];
        uint64_t a = a_in;
        int space = in->space;
        if (space == PTX_SPACE_GENERIC || space == PTX_SPACE_NONE)
            space = resolve_generic(&a);
        if (space0 < 0)
            space0 = space;
        else if (space != space0)
            mixed = 1;
        if (d)
            d->addr[lane] = a;
        const char *what = is_ld ? "load" : is_st ? "store" : "atomic";
        if (a % total != 0 && !(vec > 1 && a % size == 0 && space == PTX_SPACE_PARAM)) {
            ptx_exec_fail(w, lane, in, "misaligned %s %s of %u bytes at 0x%llx", space_name(space),
                          what, total, (unsigned long long)a_in);
            return -1;
        }
        uint8_t *p = lane_ptr(w, space, a, total, lane, fparam);
        if (!p) {
            ptx_exec_fail(w, lane, in, "out-of-bounds %s %s of %u bytes at 0x%llx",
                          space_name(space), what, total, (unsigned long long)a_in);
            return -1;
        }
        if (is_ld) {
            for (unsigned e = 0; e < vec; e++) {
                uint64_t v = load_bytes(p + e * size, size);
                regs[e][lane] = sext ? zx((uint64_t)sx(v, size * 8), 32) : v;
            }
        } else if (is_st) {
            for (unsigned e = 0; e < vec; e++)
                store_bytes(p + e * size, regs[e][lane], size);
        } else {
            uint64_t old = load_bytes(p, size);
            store_bytes(p, atom_apply(in, old, bsrc[lane], csrc ? csrc[lane] : 0, size), size);
            if (is_atom)
                regs[0][lane] = old;
        }
    }
done:;
    int sp = space0 < 0 ? in->space : space0;
    unsigned n = (unsigned)bits_popc32(mask);
    if (is_ld) {
        w->cnt->warp_loads[sp]++;
        w->cnt->thread_loads[sp] += n;
        /* (counted for a timing model, which passes d; the functional
         * fast path has no use for it) */
        if (d && sp == PTX_SPACE_GLOBAL && mask && addr[__builtin_ctz(mask)] != w->last_global_load) {
            w->last_global_load = addr[__builtin_ctz(mask)];
            w->cnt->load_walks++;
        }
    } else if (is_st) {
        w->cnt->warp_stores[sp]++;
        w->cnt->thread_stores[sp] += n;
    } else {
        w->cnt->warp_atomics[sp]++;
    }
    if (d) {
        d->is_mem = 1;
        d->is_load = (uint8_t)(is_ld || is_atom);
        d->is_store = (uint8_t)(is_st || is_atom || is_red);
        d->is_atomic = (uint8_t)(is_atom || is_red);
        d->space = (uint8_t)sp;
        d->mixed_space = (uint8_t)mixed;
        d->access_size = (uint8_t)size;
        d->vec = (uint8_t)vec;
    }
    return 0;
}
