/* Asynchronous copies and mbarriers (decoded in async_parse.c).
 *
 * The engine executes at issue, so an asynchronous copy is done when its
 * instruction is: cp.async and cp.async.bulk write shared memory at once,
 * and cp.async.commit_group / wait_group / wait_all have nothing left to
 * wait for (the timing model makes wait_group wait for the copies' loads:
 * src/timing/tinst.c, sm_issue.c). A program that reads the destination
 * before waiting has a race in PTX's terms and sees the copied data here.
 *
 * An mbarrier is the 64-bit shared-memory object PTX describes, kept in
 * this layout (PTX leaves it opaque):
 *   bits  0..20  pending arrivals of the current phase
 *   bits 21..41  expected arrivals (what pending starts at in each phase)
 *   bits 42..62  transaction count (21-bit two's complement, bytes)
 *   bit  63      phase parity
 * A phase completes when pending arrivals and transaction count are both
 * 0: the parity flips and pending starts again at expected. arrive returns
 * the object's value before the arrival as its state; test_wait(state) is
 * true once the parity differs from the state's, try_wait.parity(p) once
 * it differs from p. try_wait never suspends (PTX allows it to return
 * false at once), so waiting loops spin. Lanes of one instruction act in
 * lane order. */
#include "ptx/exec_impl.h"

#define MB_BITS 21
#define MB_FIELD ((1ull << MB_BITS) - 1)
#define MB_MAX_COUNT ((1u << 20) - 1)

static uint32_t mb_pending(uint64_t v) { return (uint32_t)(v & MB_FIELD); }
static uint32_t mb_expected(uint64_t v) { return (uint32_t)((v >> MB_BITS) & MB_FIELD); }
static int32_t mb_tx(uint64_t v) { return (int32_t)(sx(v >> (2 * MB_BITS), MB_BITS)); }
static unsigned mb_phase(uint64_t v) { return (unsigned)(v >> 63); }

static uint64_t mb_make(uint32_t pending, uint32_t expected, int32_t tx, unsigned phase)
{
    return (uint64_t)pending | (uint64_t)expected << MB_BITS |
           ((uint64_t)(uint32_t)tx & MB_FIELD) << (2 * MB_BITS) | (uint64_t)phase << 63;
}

static uint64_t mb_settle(uint64_t v)
{
    if (mb_pending(v) == 0 && mb_tx(v) == 0)
        return mb_make(mb_expected(v), mb_expected(v), 0, mb_phase(v) ^ 1);
    return v;
}

/* Lane addresses of an address operand ([reg+off], [sym+off], [imm]). */
static void lane_addrs(struct ptx_warp *w, const struct ptx_operand *o, int space, uint64_t *out)
{
    uint64_t t[PTX_WARP_SIZE];
    const uint64_t *base = t;
    uint64_t off = 0;
    if (o->kind == PTX_OPND_ADDR_REG) {
        base = &w->regs[(size_t)o->index * PTX_WARP_SIZE];
        off = (uint64_t)o->value;
    } else {
        base = ptx_src(w, o, t);
    }
    uint64_t wrap = space == PTX_SPACE_SHARED ? 0xffffffffull : ~0ull;
    for (int l = 0; l < PTX_WARP_SIZE; l++)
        out[l] = (base[l] + off) & wrap;
}

/* Host pointer to `size` aligned bytes of `space` (generic resolved), or
 * NULL with the launch failed. */
static uint8_t *checked_ptr(struct ptx_warp *w, const struct ptx_inst *in, int space,
                            uint64_t a, uint32_t size, int lane, const char *what)
{
    if (a % size) {
        ptx_exec_fail(w, lane, in, "misaligned %s of %u bytes at 0x%llx", what, size,
                      (unsigned long long)a);
        return NULL;
    }
    uint8_t *p = ptx_mem_lane_ptr(w, space, a, size, lane);
    if (!p)
        ptx_exec_fail(w, lane, in, "out-of-bounds %s of %u bytes at 0x%llx", what, size,
                      (unsigned long long)a);
    return p;
}

/* The shared-memory mbarrier at a for one lane, or NULL (launch failed). */
static uint8_t *mbar_ptr(struct ptx_warp *w, const struct ptx_inst *in, int space, uint64_t a,
                         int lane, uint64_t *shared_off)
{
    uint64_t s = a;
    if (space == PTX_SPACE_GENERIC) {
        if (a - PTX_GENERIC_SHARED_BASE >= PTX_GENERIC_WINDOW) {
            ptx_exec_fail(w, lane, in, "mbarrier at 0x%llx is not in shared memory",
                          (unsigned long long)a);
            return NULL;
        }
        s = a - PTX_GENERIC_SHARED_BASE;
    }
    *shared_off = s;
    return checked_ptr(w, in, PTX_SPACE_SHARED, s, 8, lane, "mbarrier access");
}

static uint64_t load64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static void store64(uint8_t *p, uint64_t v)
{
    memcpy(p, &v, 8);
}

/* One lane's arrival of `count` (with tx bytes expected first); the value
 * before it. */
static int mb_arrive(struct ptx_warp *w, const struct ptx_inst *in, int lane, uint8_t *p,
                     uint32_t count, uint32_t tx, int drop, uint64_t *before)
{
    uint64_t v = load64(p);
    *before = v;
    int64_t ntx = (int64_t)mb_tx(v) + tx;
    if (count > mb_pending(v) || (drop && count > mb_expected(v)) || ntx > MB_MAX_COUNT) {
        ptx_exec_fail(w, lane, in, "mbarrier arrival of %u beyond its %u pending arrivals "
                      "(or its transaction count overflows)", count, mb_pending(v));
        return -1;
    }
    uint32_t expected = mb_expected(v) - (drop ? count : 0);
    store64(p, mb_settle(mb_make(mb_pending(v) - count, expected, (int32_t)ntx, mb_phase(v))));
    return 0;
}

static int mb_tx_change(struct ptx_warp *w, const struct ptx_inst *in, int lane, uint8_t *p,
                        int64_t delta)
{
    uint64_t v = load64(p);
    int64_t ntx = (int64_t)mb_tx(v) + delta;
    if (ntx > MB_MAX_COUNT || ntx < -(int64_t)MB_MAX_COUNT) {
        ptx_exec_fail(w, lane, in, "mbarrier transaction count out of range (%lld)",
                      (long long)ntx);
        return -1;
    }
    v = mb_make(mb_pending(v), mb_expected(v), (int32_t)ntx, mb_phase(v));
    store64(p, delta < 0 ? mb_settle(v) : v);
    return 0;
}

static void describe_shared(struct ptx_dyninst *d, uint32_t mask, int has_result)
{
    if (!d)
        return;
    d->exec_mask = mask;
    d->is_mem = 1;
    d->is_load = (uint8_t)has_result;
    d->is_store = 1;
    d->is_atomic = 0;
    d->space = PTX_SPACE_SHARED;
    d->mixed_space = 0;
    d->access_size = 8;
    d->vec = 1;
}

static int exec_mbarrier(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                         struct ptx_dyninst *d)
{
    uint64_t addr[PTX_WARP_SIZE], tb[PTX_WARP_SIZE], tc[PTX_WARP_SIZE];
    int m = in->mode;
    if (m == PTX_MBAR_PENDING_COUNT) {
        const uint64_t *s = ptx_src(w, &in->ops[1], tb);
        uint64_t *D = ptx_exec_dst(w, &in->ops[0]);
        LANES((uint64_t)mb_pending(s[l]));
        return 0;
    }
    int arrive = m == PTX_MBAR_ARRIVE || m == PTX_MBAR_ARRIVE_DROP;
    int wait = m == PTX_MBAR_TEST_WAIT || m == PTX_MBAR_TRY_WAIT;
    unsigned ai = arrive || wait ? 1 : 0;
    lane_addrs(w, &in->ops[ai], in->space, addr);
    const uint64_t *b = ai + 1 < in->nops ? ptx_src(w, &in->ops[ai + 1], tb) : NULL;
    uint64_t *D = arrive ? ptx_exec_dst(w, &in->ops[0]) : NULL;
    uint32_t done = 0;
    (void)tc;
    for (uint32_t mm = mask; mm; mm &= mm - 1) {
        int lane = __builtin_ctz(mm);
        uint64_t off;
        uint8_t *p = mbar_ptr(w, in, in->space, addr[lane], lane, &off);
        if (!p)
            return -1;
        if (d)
            d->addr[lane] = off;
        uint64_t v = load64(p), before;
        uint32_t n = b ? (uint32_t)b[lane] : 1;
        switch (m) {
        case PTX_MBAR_INIT:
            if (n < 1 || n > MB_MAX_COUNT) {
                ptx_exec_fail(w, lane, in, "mbarrier.init count %u outside 1..%u", n, MB_MAX_COUNT);
                return -1;
            }
            store64(p, mb_make(n, n, 0, 0));
            break;
        case PTX_MBAR_INVAL: store64(p, 0); break;
        case PTX_MBAR_EXPECT_TX:
            if (mb_tx_change(w, in, lane, p, n))
                return -1;
            break;
        case PTX_MBAR_COMPLETE_TX:
            if (mb_tx_change(w, in, lane, p, -(int64_t)n))
                return -1;
            break;
        case PTX_MBAR_TEST_WAIT:
        case PTX_MBAR_TRY_WAIT: {
            unsigned want = (in->flags & PTX_F_PARITY) ? (unsigned)(b[lane] & 1) : mb_phase(b[lane]);
            if (mb_phase(v) != want)
                done |= 1u << lane;
            break;
        }
        default: { /* arrive, arrive_drop */
            uint32_t count = 1, tx = 0;
            if (in->flags & PTX_F_EXPECT_TX)
                tx = n;
            else if (b)
                count = n;
            if (mb_arrive(w, in, lane, p, count, tx, m == PTX_MBAR_ARRIVE_DROP, &before))
                return -1;
            D[lane] = before;
            break;
        }
        }
    }
    if (wait) {
        const struct ptx_operand *o = &in->ops[0];
        if (o->kind == PTX_OPND_PRED && o->index != PTX_NO_INDEX)
            w->preds[o->index] = (w->preds[o->index] & ~mask) | (done & mask);
    }
    describe_shared(d, mask, arrive || wait);
    return 0;
}

/* cp.async.{ca,cg}.shared.global [d], [s], size(, src-size | ignore-src) */
static int exec_cp_async(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                         struct ptx_dyninst *d)
{
    uint64_t dst[PTX_WARP_SIZE], src[PTX_WARP_SIZE], t[PTX_WARP_SIZE];
    unsigned size = (unsigned)in->ops[2].value;
    lane_addrs(w, &in->ops[0], PTX_SPACE_SHARED, dst);
    lane_addrs(w, &in->ops[1], PTX_SPACE_GLOBAL, src);
    const uint64_t *srcsize = NULL;
    uint32_t ignore = 0;
    if (in->nops > 3 && in->ops[3].kind == PTX_OPND_PRED)
        ignore = ptx_exec_pred(w, &in->ops[3]);
    else if (in->nops > 3)
        srcsize = ptx_src(w, &in->ops[3], t);
    uint32_t reads = 0;
    for (uint32_t mm = mask; mm; mm &= mm - 1) {
        int lane = __builtin_ctz(mm);
        unsigned n = (ignore >> lane) & 1 ? 0 : srcsize ? (unsigned)srcsize[lane] : size;
        if (n > size) {
            ptx_exec_fail(w, lane, in, "cp.async source size %u exceeds the copy size %u", n,
                          size);
            return -1;
        }
        uint8_t *q = checked_ptr(w, in, PTX_SPACE_SHARED, dst[lane], size, lane,
                                 "cp.async shared store");
        if (!q)
            return -1;
        uint8_t buf[16] = { 0 };
        if (n) {
            uint8_t *p = checked_ptr(w, in, PTX_SPACE_GLOBAL, src[lane], size, lane,
                                     "cp.async global load");
            if (!p)
                return -1;
            memcpy(buf, p, n);
            reads |= 1u << lane;
            if (d)
                d->addr[lane] = src[lane];
        }
        memcpy(q, buf, size);
    }
    w->cnt->warp_loads[PTX_SPACE_GLOBAL]++;
    w->cnt->thread_loads[PTX_SPACE_GLOBAL] += (uint64_t)bits_popc32(mask);
    if (d) { /* the timing model sees the global loads (the shared stores are not modelled) */
        d->exec_mask = reads;
        d->is_mem = 1;
        d->is_load = 1;
        d->is_store = d->is_atomic = 0;
        d->space = PTX_SPACE_GLOBAL;
        d->mixed_space = 0;
        d->access_size = 4;
        d->vec = (uint8_t)(size / 4);
    }
    return 0;
}

/* cp.async.mbarrier.arrive[.noinc] [mbar]: the copies are complete, so the
 * arrive-on happens now; without .noinc the pending count is raised first,
 * which leaves it as it was. */
static int exec_cp_async_arrive(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                                struct ptx_dyninst *d)
{
    uint64_t addr[PTX_WARP_SIZE];
    lane_addrs(w, &in->ops[0], in->space, addr);
    for (uint32_t mm = mask; mm; mm &= mm - 1) {
        int lane = __builtin_ctz(mm);
        uint64_t off, before;
        uint8_t *p = mbar_ptr(w, in, in->space, addr[lane], lane, &off);
        if (!p)
            return -1;
        if (d)
            d->addr[lane] = off;
        if ((in->flags & PTX_F_NOINC) && mb_arrive(w, in, lane, p, 1, 0, 0, &before))
            return -1;
    }
    describe_shared(d, mask, 0);
    return 0;
}

/* cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
 * [d], [s], size, [mbar]: each lane copies size bytes and completes that
 * many transaction bytes on the mbarrier. The timing model sees the first
 * executing lane's copy as one global load spread over the warp's lanes. */
static int exec_cp_bulk(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                        struct ptx_dyninst *d)
{
    uint64_t dst[PTX_WARP_SIZE], src[PTX_WARP_SIZE], bar[PTX_WARP_SIZE], t[PTX_WARP_SIZE];
    lane_addrs(w, &in->ops[0], PTX_SPACE_SHARED, dst);
    lane_addrs(w, &in->ops[1], PTX_SPACE_GLOBAL, src);
    const uint64_t *sz = ptx_src(w, &in->ops[2], t);
    lane_addrs(w, &in->ops[3], PTX_SPACE_SHARED, bar);
    for (uint32_t mm = mask; mm; mm &= mm - 1) {
        int lane = __builtin_ctz(mm);
        uint32_t n = (uint32_t)sz[lane];
        if (n == 0 || n % 16 || n > MB_MAX_COUNT) {
            ptx_exec_fail(w, lane, in, "cp.async.bulk size %u is not a multiple of 16 in 16..%u",
                          n, MB_MAX_COUNT);
            return -1;
        }
        if (dst[lane] % 16 || src[lane] % 16) {
            ptx_exec_fail(w, lane, in, "cp.async.bulk addresses must be 16-byte aligned");
            return -1;
        }
        uint8_t *q = ptx_mem_lane_ptr(w, PTX_SPACE_SHARED, dst[lane], n, lane);
        uint8_t *p = ptx_mem_lane_ptr(w, PTX_SPACE_GLOBAL, src[lane], n, lane);
        if (!q || !p) {
            ptx_exec_fail(w, lane, in, "out-of-bounds cp.async.bulk of %u bytes from 0x%llx to "
                          "shared 0x%llx", n, (unsigned long long)src[lane],
                          (unsigned long long)dst[lane]);
            return -1;
        }
        memmove(q, p, n);
        uint64_t off;
        uint8_t *mb = mbar_ptr(w, in, PTX_SPACE_SHARED, bar[lane], lane, &off);
        if (!mb || mb_tx_change(w, in, lane, mb, -(int64_t)n))
            return -1;
    }
    w->cnt->warp_loads[PTX_SPACE_GLOBAL]++;
    w->cnt->thread_loads[PTX_SPACE_GLOBAL] += (uint64_t)bits_popc32(mask);
    if (d) {
        int lane = __builtin_ctz(mask);
        uint32_t n = (uint32_t)sz[lane];
        uint32_t chunk = (n / 16 + PTX_WARP_SIZE - 1) / PTX_WARP_SIZE * 16; /* per lane */
        uint32_t unit = 16;
        if (chunk > 16 * 255) { /* (vec is a byte) */
            unit = 128;
            chunk = (chunk + 127) / 128 * 128;
        }
        uint32_t lanes = (n + chunk - 1) / chunk;
        for (uint32_t k = 0; k < lanes; k++)
            d->addr[k] = src[lane] + (uint64_t)k * chunk;
        d->exec_mask = lanes >= 32 ? FULL_MASK : (1u << lanes) - 1;
        d->is_mem = 1;
        d->is_load = 1;
        d->is_store = d->is_atomic = 0;
        d->space = PTX_SPACE_GLOBAL;
        d->mixed_space = 0;
        d->access_size = (uint8_t)unit;
        d->vec = (uint8_t)(chunk / unit);
    }
    return 0;
}

int ptx_exec_async(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask,
                   struct ptx_dyninst *d)
{
    switch (in->op) {
    case PTX_OP_CP_ASYNC: return exec_cp_async(w, in, mask, d);
    case PTX_OP_CP_ASYNC_MBAR_ARRIVE: return exec_cp_async_arrive(w, in, mask, d);
    case PTX_OP_CP_ASYNC_BULK: return exec_cp_bulk(w, in, mask, d);
    case PTX_OP_MBARRIER: return exec_mbarrier(w, in, mask, d);
    default: return 0; /* commit_group, wait_group, wait_all: nothing in flight */
    }
}
