#include "policy/contract.h"
#include "policy/policy_gpu.h"
#include "ptx/ptx.h"
#include "ptx/ir.h"
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* xorshift64*: the checks are seeded, so a failure always reproduces */
static uint64_t rnd(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}
static uint32_t below(uint64_t *s, uint32_t n)
{
    return n ? (uint32_t)(rnd(s) % n) : 0;
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* ---- warp schedulers ----------------------------------------------------- */

/* Instructions offered to can_issue/on_issue: a global load, an L1-bypassing
 * load, a store, an add, a barrier, a shared load. */
static const char contract_ptx[] =
    ".version 7.0\n.target sm_70\n.address_size 64\n"
    ".visible .entry k(.param .u64 p)\n{\n"
    "  .reg .f32 %f<4>;\n  .reg .b64 %rd<4>;\n  .shared .f32 sh[32];\n"
    "  ld.param.u64 %rd1, [p];\n"
    "  ld.global.f32 %f1, [%rd1];\n"
    "  ld.global.cg.f32 %f2, [%rd1+4];\n"
    "  add.f32 %f3, %f1, %f2;\n"
    "  st.global.f32 [%rd1], %f3;\n"
    "  bar.sync 0;\n"
    "  ld.shared.f32 %f1, [sh];\n"
    "  ret;\n}\n";

#define WS_MAX_SLOTS 64

/* One instance and the situation it is driven through. */
struct lane {
    struct warp_sched ws;
    int inited;
    uint8_t alive[WS_MAX_SLOTS], waiting[WS_MAX_SLOTS];
    uint8_t longwait[WS_MAX_SLOTS]; /* ccgpu_warp_long_wait's answers */
    uint64_t age, now, rng;
    uint64_t blocks[24];
    const struct ptx_inst *inst[8];
    uint32_t ninst;
    uint32_t *a, *b; /* answer vectors */
    uint32_t cap;
    struct policy_gpu gpu; /* each lane is an SM of its own GPU */
};

static uint64_t hash_vec(const uint32_t *v, uint32_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (uint32_t i = 0; i < n; i++)
        h = (h ^ v[i]) * 1099511628211ull;
    return h;
}

/* first() (version 2) against the order order() just gave (ord, n) at now:
 * for each suffix of the order, and for the slots at its odd places, the
 * first of them (slots below 64), and UINT32_MAX for no candidate. */
static int ws_check_first(struct warp_sched *ws, uint32_t s, uint64_t now, const uint32_t *ord,
                          uint32_t n, char *err, size_t errlen)
{
    for (uint32_t from = 0; from <= n + 1; from++) {
        uint64_t cand = 0;
        uint32_t want = UINT32_MAX;
        for (uint32_t j = 0; j < n; j++) {
            int in = from <= n ? j >= from : j % 2 == 1; /* from == n + 1: odd places */
            if (in && ord[j] < 64) {
                if (!cand)
                    want = ord[j];
                cand |= 1ull << ord[j];
            }
        }
        uint32_t got = ws->ops->first(ws, s, now, cand);
        if (got != want)
            return fail(err, errlen,
                        "rule 'first() gives order()'s first candidate': %s returned slot %u for scheduler %u where order() puts slot %u first among the %d candidates (cycle %" PRIu64 ")",
                        ws->ops->name, got, s, want, __builtin_popcountll(cand), now);
    }
    return 0;
}

/* Checks order() of every scheduler at `now`; writes the concatenated
 * orders (each ended by UINT32_MAX) to out. */
static int ws_check_order(struct lane *l, uint64_t now, uint32_t *out, uint32_t *nout, char *err,
                          size_t errlen)
{
    struct warp_sched *ws = &l->ws;
    const char *name = ws->ops->name;
    uint32_t n_slots = ws->env.n_slots, n_sched = ws->env.n_sched, k = 0;
    uint32_t buf[WS_MAX_SLOTS];
    for (uint32_t s = 0; s < n_sched; s++) {
        uint32_t per = (n_slots + n_sched - 1) / n_sched;
        uint32_t n = ws->ops->order(ws, s, now, buf);
        uint8_t seen[WS_MAX_SLOTS] = { 0 };
        uint32_t expect = 0;
        for (uint32_t w = s; w < n_slots; w += n_sched)
            expect += l->alive[w];
        if (n > per)
            return fail(err, errlen,
                        "rule 'order() lists each live warp once': %s returned %u warps for scheduler %u, which has %u slots (cycle %" PRIu64 ")",
                        name, n, s, per, now);
        for (uint32_t j = 0; j < n; j++) {
            uint32_t w = buf[j];
            if (w >= n_slots || w % n_sched != s || !l->alive[w])
                return fail(err, errlen,
                            "rule 'order() lists each live warp once': %s listed slot %u for scheduler %u, which is %s (cycle %" PRIu64 ")",
                            name, w, s,
                            w >= n_slots ? "out of range"
                            : w % n_sched != s ? "another scheduler's"
                                               : "not live",
                            now);
            if (seen[w]++)
                return fail(err, errlen,
                            "rule 'order() lists each live warp once': %s listed slot %u twice (cycle %" PRIu64 ")",
                            name, w, now);
        }
        if (n != expect) {
            uint32_t missing = 0;
            for (uint32_t w = s; w < n_slots; w += n_sched)
                if (l->alive[w] && !seen[w]) {
                    missing = w;
                    break;
                }
            return fail(err, errlen,
                        "rule 'order() lists each live warp once': %s left out live slot %u of scheduler %u (listed %u of %u, cycle %" PRIu64 ")",
                        name, missing, s, n, expect, now);
        }
        if (ws->ops->version >= 2 && ws->ops->first &&
            ws_check_first(ws, s, now, buf, n, err, errlen))
            return -1;
        memcpy(out + k, buf, n * sizeof *buf);
        k += n;
        out[k++] = UINT32_MAX;
    }
    *nout = k;
    return 0;
}

/* Everything order() and can_issue() say at `now`, as a vector. */
static int ws_answers(struct lane *l, uint64_t now, uint32_t *v, uint32_t *n, char *err,
                      size_t errlen)
{
    if (ws_check_order(l, now, v, n, err, errlen))
        return -1;
    struct warp_sched *ws = &l->ws;
    if (ws->ops->can_issue)
        for (uint32_t w = 0; w < ws->env.n_slots; w++)
            if (l->alive[w] && !l->waiting[w])
                for (uint32_t k = 0; k < l->ninst; k++)
                    v[(*n)++] = (uint32_t)(ws->ops->can_issue(ws, w, l->inst[k], now) != 0);
    return 0;
}

/* ccgpu_warp_long_wait in a lane: a warp that issued a global load waits on
 * it until the L1 reports an access of the warp (its data is back), so the
 * answer changes only at a hook, as the SM's does at its events. */
static int lane_long_wait(void *ctx, uint32_t sm, uint32_t slot, uint64_t at)
{
    (void)sm, (void)at;
    const struct lane *l = ctx;
    return slot < WS_MAX_SLOTS && l->alive[slot] && l->longwait[slot];
}

static int lane_init(struct lane *l, const struct warp_sched_ops *ops, const char *args,
                     const struct warp_sched_env *env, uint64_t seed, const struct ptx_module *m,
                     char *err, size_t errlen)
{
    memset(l, 0, sizeof *l);
    const struct ptx_function *f = ptx_find_function(m, "k");
    for (uint32_t k = 1; k < f->ninsts && l->ninst < 8; k++)
        if (f->insts[k].op != PTX_OP_RET)
            l->inst[l->ninst++] = &f->insts[k];
    l->rng = seed;
    for (int k = 0; k < 24; k++)
        l->blocks[k] = rnd(&l->rng) >> 20;
    l->cap = env->n_slots + env->n_sched + env->n_slots * l->ninst + 8;
    l->a = malloc(l->cap * sizeof *l->a);
    l->b = malloc(l->cap * sizeof *l->b);
    if (!l->a || !l->b)
        return fail(err, errlen, "policy-check: out of memory");
    l->ws.ops = ops;
    l->ws.env = *env;
    l->gpu.n_sms = env->sm + 1;
    l->gpu.launch = 1;
    snprintf(l->gpu.kernel, sizeof l->gpu.kernel, "policy_check");
    l->gpu.long_wait = lane_long_wait;
    l->gpu.long_wait_ctx = l;
    l->ws.env.gpu = &l->gpu;
    if (ops->init && ops->init(&l->ws, args, err, errlen)) {
        char inner[256];
        snprintf(inner, sizeof inner, "%s", err);
        return fail(err, errlen, "%s: init failed with args '%s': %s", ops->name,
                    args ? args : "", inner);
    }
    l->inited = 1;
    return 0;
}

static void lane_free(struct lane *l)
{
    if (l->inited && l->ws.ops->free)
        l->ws.ops->free(&l->ws);
    policy_gpu_release(&l->gpu);
    free(l->a);
    free(l->b);
    l->inited = 0;
    l->a = l->b = NULL;
}

/* One random step of the SM's life, as the SM calls the hooks; then the
 * hash of every answer at the lane's cycle. */
static int lane_step(struct lane *l, uint64_t *hash, char *err, size_t errlen)
{
    struct warp_sched *ws = &l->ws;
    const struct warp_sched_ops *ops = ws->ops;
    const struct warp_sched_env *env = &ws->env;
    const char *name = ops->name;
    uint64_t *s = &l->rng;
    uint32_t action = below(s, 100), slot = below(s, env->n_slots), na, nb;
    ws->now = l->now;
    if (action < 14) { /* a warp arrives in a free slot */
        for (uint32_t t = 0; t < env->n_slots && l->alive[slot]; t++)
            slot = (slot + 1) % env->n_slots;
        if (!l->alive[slot]) {
            l->alive[slot] = 1, l->waiting[slot] = 0, l->longwait[slot] = 0;
            if (ops->on_warp_assigned)
                ops->on_warp_assigned(ws, slot, l->age);
            l->age++;
        }
    } else if (action < 22) { /* a warp exits */
        if (l->alive[slot]) {
            if (ops->on_warp_exit)
                ops->on_warp_exit(ws, slot);
            l->alive[slot] = 0;
        }
    } else if (action < 28) { /* a warp reaches or leaves a barrier */
        if (l->alive[slot]) {
            l->waiting[slot] ^= 1;
            if (ops->on_warp_barrier)
                ops->on_warp_barrier(ws, slot, l->waiting[slot]);
        }
    } else if (action < 60) { /* a scheduler issues, as the SM does */
        uint32_t sched = below(s, env->n_sched);
        const struct ptx_inst *in = l->inst[below(s, l->ninst)];
        if (ws_check_order(l, l->now, l->a, &na, err, errlen))
            return -1;
        uint32_t from = 0;
        for (uint32_t t = 0; t < sched; t++)
            while (l->a[from++] != UINT32_MAX)
                ;
        for (uint32_t j = from; l->a[j] != UINT32_MAX; j++) {
            uint32_t w = l->a[j];
            if (l->waiting[w] || below(s, 4) == 0) /* not ready (a hazard) */
                continue;
            if (!ops->can_issue || ops->can_issue(ws, w, in, l->now)) {
                if (ops->on_issue)
                    ops->on_issue(ws, w, in, l->now);
                struct ccgpu_inst_info ii;
                ccgpu_inst_info(in, &ii);
                l->longwait[w] = ii.kind == CCGPU_INST_LOAD && ii.space == CCGPU_MEM_GLOBAL;
                break;
            }
        }
    } else if (action < 85) { /* the L1 reports an access */
        uint64_t blk = l->blocks[below(s, 24)];
        int32_t warp = l->alive[slot] ? (int32_t)slot : -1;
        uint32_t kind = below(s, 10);
        enum cache_outcome oc = kind < 4 ? CACHE_HIT : kind < 5 ? CACHE_HIT_RESERVED
                              : kind < 9 ? CACHE_MISS : CACHE_RESERVATION_FAIL;
        enum cache_fail why = oc == CACHE_RESERVATION_FAIL ? (enum cache_fail)(1 + below(s, 4))
                                                           : CACHE_FAIL_NONE;
        int wr = below(s, 8) == 0;
        if (warp >= 0)
            l->longwait[warp] = 0;
        if (ops->l1_access)
            ops->l1_access(ws, blk, warp, wr, oc, why);
        if (oc == CACHE_MISS && ops->l1_reserve)
            ops->l1_reserve(ws, blk, warp);
        if (oc == CACHE_MISS && below(s, 2) == 0) {
            uint64_t victim = l->blocks[below(s, 24)];
            int32_t owner = (int32_t)below(s, env->n_slots);
            if (ops->l1_evict)
                ops->l1_evict(ws, victim, owner);
        }
    } else { /* time passes; nothing but order/can_issue is called */
        uint64_t ne = ops->next_event ? ops->next_event(ws, l->now) : WARP_SCHED_NEVER;
        if (ne <= l->now)
            return fail(err, errlen,
                        "rule 'next_event() is later than now': %s returned %" PRIu64 " at cycle %" PRIu64,
                        name, ne, l->now);
        if (ws_answers(l, l->now, l->a, &na, err, errlen))
            return -1;
        uint64_t target = l->now + 1 + below(s, below(s, 8) == 0 ? 5000 : 300);
        if (ne != WARP_SCHED_NEVER && below(s, 3) == 0)
            target = ne; /* land exactly on the announced event */
        /* at every cycle before the event the answers must stay as they
         * are (what idle-cycle skipping assumes); up to 64 cycles sampled
         * in increasing order */
        uint64_t end = ne < target ? ne : target, stride = (end - l->now - 1) / 64 + 1;
        for (uint64_t t = l->now + 1; t < end; t += stride) {
            if (ws_answers(l, t, l->b, &nb, err, errlen))
                return -1;
            if (nb != na || memcmp(l->a, l->b, na * sizeof *l->a) != 0)
                return fail(err, errlen,
                            "rule 'next_event() announces every change': %s answers differently at cycle %" PRIu64 " than at %" PRIu64 " with no other hook called in between, but next_event() said %s (idle-cycle skipping would be wrong)",
                            name, t, l->now, ne == WARP_SCHED_NEVER ? "never" : "later");
        }
        l->now = target;
    }
    if (ws_answers(l, l->now, l->a, &na, err, errlen))
        return -1;
    *hash = hash_vec(l->a, na);
    return 0;
}

/* Instance A is driven with a third instance N beside it, fed other hooks
 * step by step; instance B alone, later, with A's situation. A and B must
 * answer the same at every step: a policy with shared or global state (or
 * unseeded randomness) does not. */
static int ws_run(const struct warp_sched_ops *ops, const char *args, const struct warp_sched_env *env,
                  uint64_t seed, uint32_t steps, const struct ptx_module *m, char *err, size_t errlen)
{
    struct lane a, n, b;
    memset(&a, 0, sizeof a), memset(&n, 0, sizeof n), memset(&b, 0, sizeof b);
    uint64_t *ha = calloc(steps, sizeof *ha);
    int rc = ha ? 0 : fail(err, errlen, "policy-check: out of memory");
    if (rc == 0)
        rc = lane_init(&a, ops, args, env, seed, m, err, errlen);
    if (rc == 0)
        rc = lane_init(&n, ops, args, env, ~seed, m, err, errlen);
    for (uint32_t i = 0; i < steps && rc == 0; i++) {
        uint64_t hn;
        rc = lane_step(&a, &ha[i], err, errlen);
        if (rc == 0)
            rc = lane_step(&n, &hn, err, errlen);
    }
    lane_free(&a);
    lane_free(&n);
    if (rc == 0)
        rc = lane_init(&b, ops, args, env, seed, m, err, errlen);
    for (uint32_t i = 0; i < steps && rc == 0; i++) {
        uint64_t hb;
        rc = lane_step(&b, &hb, err, errlen);
        if (rc == 0 && hb != ha[i])
            rc = fail(err, errlen,
                      "rule 'deterministic, no shared state': two %s instances given the same hooks answer differently at step %u (cycle %" PRIu64 "), one of them beside a third instance",
                      ops->name, i, b.now);
    }
    lane_free(&b);
    free(ha);
    return rc;
}

int policy_contract_warp_sched(const struct warp_sched_ops *ops, const char *args, FILE *log,
                               char *err, size_t errlen)
{
    static const struct warp_sched_env envs[] = {
        { 0, 8, 1, 1, NULL }, { 3, 24, 2, 4, NULL }, { 7, 48, 4, 1, NULL }, { 1, 64, 2, 2, NULL },
    };
    char perr[256];
    struct ptx_module *m = ptx_parse(contract_ptx, "policy-check.ptx", perr, sizeof perr);
    if (!m)
        return fail(err, errlen, "policy-check: internal PTX: %s", perr);
    int rc = 0;
    for (size_t e = 0; e < sizeof envs / sizeof envs[0] && rc == 0; e++) {
        for (uint64_t seed = 1; seed <= 2 && rc == 0; seed++)
            rc = ws_run(ops, args, &envs[e], seed * 0x9E3779B97F4A7C15ull + e, 2000, m, err, errlen);
        if (rc == 0 && log)
            fprintf(log, "  warp scheduler %s: %u slots, %u schedulers: order, next_event, determinism ok\n",
                    ops->name, envs[e].n_slots, envs[e].n_sched);
    }
    ptx_module_free(m);
    return rc;
}

/* ---- cache replacement --------------------------------------------------- */

int policy_contract_cache_repl(const struct cache_repl_ops *ops, const char *args, FILE *log,
                               char *err, size_t errlen)
{
    static const uint32_t assocs[] = { 1, 4, 16, 72 };
    int rc = 0;
    for (size_t k = 0; k < sizeof assocs / sizeof assocs[0] && rc == 0; k++) {
        uint32_t assoc = assocs[k], nsets = 8, words = (assoc + 63) / 64;
        struct cache_repl r[2];
        memset(r, 0, sizeof r);
        int inited = 0;
        for (int i = 0; i < 2; i++) {
            r[i].ops = ops, r[i].nsets = nsets, r[i].assoc = assoc;
            if (ops->init && ops->init(&r[i], args, err, errlen)) {
                char inner[256];
                snprintf(inner, sizeof inner, "%s", err);
                rc = fail(err, errlen, "%s: init failed for %u sets x %u ways: %s", ops->name,
                          nsets, assoc, inner);
                break;
            }
            inited++;
        }
        uint64_t s = 0x5EEDull + k, elig[2];
        for (uint32_t step = 0; step < 20000 && rc == 0; step++) {
            uint32_t set = below(&s, nsets), way = below(&s, assoc), act = below(&s, 10);
            if (act < 3) {
                for (int i = 0; i < 2; i++)
                    if (ops->on_fill)
                        ops->on_fill(&r[i], set, way);
            } else if (act < 7) {
                for (int i = 0; i < 2; i++)
                    if (ops->on_hit)
                        ops->on_hit(&r[i], set, way);
            } else {
                memset(elig, 0, sizeof elig);
                int any = 0;
                uint32_t density = below(&s, 4); /* 0: none eligible sometimes */
                for (uint32_t w = 0; w < assoc; w++)
                    if (density && below(&s, 4) < density) {
                        elig[w / 64] |= 1ull << (w % 64);
                        any = 1;
                    }
                int v0 = ops->choose_victim(&r[0], set, elig);
                int v1 = ops->choose_victim(&r[1], set, elig);
                if (!any && v0 != -1)
                    rc = fail(err, errlen,
                              "rule 'choose_victim() returns -1 when no way is eligible': %s returned %d (%u ways)",
                              ops->name, v0, assoc);
                else if (any && (v0 < 0 || (uint32_t)v0 >= assoc || !(elig[v0 / 64] >> (v0 % 64) & 1)))
                    rc = fail(err, errlen,
                              "rule 'choose_victim() returns an eligible way': %s returned %d in set %u (%u ways, %s)",
                              ops->name, v0, set, assoc,
                              v0 < 0 || (uint32_t)v0 >= assoc ? "out of range" : "that way is reserved");
                else if (v0 != v1)
                    rc = fail(err, errlen,
                              "rule 'deterministic, no shared state': two %s instances given the same hooks chose ways %d and %d",
                              ops->name, v0, v1);
                else if (v0 >= 0)
                    for (int i = 0; i < 2; i++)
                        if (ops->on_fill)
                            ops->on_fill(&r[i], set, (uint32_t)v0);
            }
        }
        (void)words;
        for (int i = 0; i < inited; i++)
            if (ops->free)
                ops->free(&r[i]);
        if (rc == 0 && log)
            fprintf(log, "  replacement %s: %u sets x %u ways: victims, determinism ok\n",
                    ops->name, nsets, assoc);
    }
    return rc;
}

/* ---- set index ----------------------------------------------------------- */

int policy_contract_cache_index(const struct cache_index_ops *ops, const char *args, FILE *log,
                                char *err, size_t errlen)
{
    static const uint32_t sets[] = { 1, 2, 16, 32, 64, 1024 };
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        struct cache_index x[2];
        memset(x, 0, sizeof x);
        for (int i = 0; i < 2; i++) {
            x[i].ops = ops, x[i].nsets = sets[k];
            while ((1u << x[i].log2_nsets) < sets[k])
                x[i].log2_nsets++;
            if (ops->init && ops->init(&x[i], args, err, errlen)) {
                /* a function may refuse a geometry it does not support */
                if (log)
                    fprintf(log, "  index %s: %u sets refused by init (%s)\n", ops->name, sets[k], err);
                goto next;
            }
        }
        uint64_t s = 0xB10Cull + k;
        for (uint32_t step = 0; step < 50000; step++) {
            uint64_t blk = step < 4096 ? step : step < 8192 ? (uint64_t)step << 7 : rnd(&s);
            uint32_t a = ops->set_of(&x[0], blk), b = ops->set_of(&x[1], blk);
            if (a >= sets[k])
                return fail(err, errlen,
                            "rule 'set_of() is below the set count': %s maps block 0x%" PRIx64 " to set %u of %u",
                            ops->name, blk, a, sets[k]);
            if (a != b)
                return fail(err, errlen,
                            "rule 'deterministic, no shared state': two %s instances map block 0x%" PRIx64 " to sets %u and %u",
                            ops->name, blk, a, b);
        }
        if (log)
            fprintf(log, "  index %s: %u sets: range, determinism ok\n", ops->name, sets[k]);
    next:;
    }
    return 0;
}

/* ---- CTA dispatch -------------------------------------------------------- */

struct cta_case {
    uint32_t sms, ctas, per_sm, gx;
};

/* The simulated dispatcher's view of one launch: twin instances, which CTAs
 * went out, which are resident on which SM. */
struct cta_drive {
    const struct cta_sched_ops *ops;
    struct cta_sched cs[2];
    const struct cta_case *cc;
    uint8_t *done;   /* by CTA */
    uint32_t *where; /* [sm * per_sm + i]: resident CTAs */
    uint32_t *count; /* resident per SM */
    uint32_t dispatched, resident;
    uint64_t now;
};

/* Asks SM sm for one CTA (it has room); *got = 1 when one was dispatched.
 * -1 with the broken rule in err. */
static int cta_ask(struct cta_drive *d, uint32_t sm, int *got, char *err, size_t errlen)
{
    const struct cta_case *cc = d->cc;
    uint32_t c0 = d->ops->next_cta(&d->cs[0], sm, d->count[sm], d->now);
    uint32_t c1 = d->ops->next_cta(&d->cs[1], sm, d->count[sm], d->now);
    *got = 0;
    if (c0 != c1)
        return fail(err, errlen,
                    "rule 'deterministic, no shared state': two %s instances gave SM %u CTAs %u and %u",
                    d->ops->name, sm, c0, c1);
    if (c0 == CTA_SCHED_NONE)
        return 0;
    if (c0 >= cc->ctas || d->done[c0])
        return fail(err, errlen,
                    "rule 'next_cta() returns each CTA of the launch exactly once': %s gave SM %u CTA %u (%s; %u CTAs)",
                    d->ops->name, sm, c0, c0 >= cc->ctas ? "out of range" : "already dispatched",
                    cc->ctas);
    d->done[c0] = 1;
    d->where[sm * cc->per_sm + d->count[sm]++] = c0;
    d->dispatched++, d->resident++;
    *got = 1;
    return 0;
}

/* Asks SM sm while it has room and the policy gives CTAs. */
static int cta_fill(struct cta_drive *d, uint32_t sm, char *err, size_t errlen)
{
    int got = 1;
    while (got && d->count[sm] < d->cc->per_sm && d->dispatched < d->cc->ctas)
        if (cta_ask(d, sm, &got, err, errlen))
            return -1;
    return 0;
}

static int cta_run(const struct cta_sched_ops *ops, const char *args, const struct cta_case *cc,
                   char *err, size_t errlen)
{
    struct cta_drive d;
    memset(&d, 0, sizeof d);
    d.ops = ops, d.cc = cc;
    struct cta_sched *cs = d.cs;
    int inited = 0, rc = 0;
    d.done = calloc(cc->ctas, 1);
    d.where = calloc((size_t)cc->sms * cc->per_sm, sizeof *d.where);
    d.count = calloc(cc->sms, sizeof *d.count);
    if (!d.done || !d.where || !d.count) {
        rc = fail(err, errlen, "policy-check: out of memory");
        goto out;
    }
    for (int i = 0; i < 2; i++) {
        cs[i].ops = ops, cs[i].num_sms = cc->sms, cs[i].wake = CTA_SCHED_NEVER;
        cs[i].sync_cycles = 100;
        if (ops->init && ops->init(&cs[i], args, err, errlen)) {
            char inner[256];
            snprintf(inner, sizeof inner, "%s", err);
            rc = fail(err, errlen, "%s: init failed with args '%s': %s", ops->name,
                      args ? args : "", inner);
            goto out;
        }
        inited++;
    }
    struct cta_sched_launch l = { "policy_check", cc->ctas, { cc->gx, cc->ctas / cc->gx, 1 },
                                  4, cc->sms, cc->per_sm, 0, 1u << 20, NULL, 0, NULL, NULL, 0, 0, 1 };
    for (int i = 0; i < 2 && rc == 0; i++)
        if (ops->on_launch && ops->on_launch(&cs[i], &l, err, errlen)) {
            char inner[256];
            snprintf(inner, sizeof inner, "%s", err);
            rc = fail(err, errlen, "%s: on_launch refused %u CTAs on %u SMs: %s", ops->name,
                      cc->ctas, cc->sms, inner);
        }
    if (rc)
        goto out;
    uint64_t s = 0xC7Aull + cc->ctas, idle = 0;
    /* the dispatcher's initial fill: one CTA per SM per round */
    for (int progress = 1; progress && rc == 0 && d.dispatched < cc->ctas;) {
        progress = 0;
        for (uint32_t sm = 0; sm < cc->sms && rc == 0 && d.dispatched < cc->ctas; sm++) {
            int got = 0;
            if (d.count[sm] < cc->per_sm)
                rc = cta_ask(&d, sm, &got, err, errlen);
            progress |= got;
        }
    }
    while (rc == 0 && (d.dispatched < cc->ctas || d.resident > 0)) {
        d.now += 1 + below(&s, 500);
        /* a policy waiting for a cycle (cs->wake) is woken there, as the
         * dispatcher does, and then every SM with room is asked */
        if (cs[0].wake != cs[1].wake) {
            rc = fail(err, errlen,
                      "rule 'deterministic, no shared state': two %s instances ask to be woken at cycles %" PRIu64 " and %" PRIu64,
                      ops->name, cs[0].wake, cs[1].wake);
            break;
        }
        if (cs[0].wake != CTA_SCHED_NEVER && d.resident == 0 && cs[0].wake > d.now)
            d.now = cs[0].wake;
        if (cs[0].wake != CTA_SCHED_NEVER && cs[0].wake <= d.now) {
            for (int i = 0; i < 2; i++) {
                cs[i].wake = CTA_SCHED_NEVER;
                if (ops->on_wake)
                    ops->on_wake(&cs[i], d.now);
            }
            for (uint32_t sm = 0; sm < cc->sms && rc == 0; sm++)
                rc = cta_fill(&d, sm, err, errlen);
            if (rc)
                break;
        }
        if (d.resident > 0) {
            /* a random resident CTA retires */
            uint32_t pick = below(&s, d.resident), sm = 0;
            while (pick >= d.count[sm])
                pick -= d.count[sm++];
            uint32_t cta = d.where[sm * cc->per_sm + pick];
            d.where[sm * cc->per_sm + pick] = d.where[sm * cc->per_sm + --d.count[sm]];
            d.resident--;
            for (int i = 0; i < 2; i++)
                if (ops->on_cta_done)
                    ops->on_cta_done(&cs[i], sm, cta, d.now);
            rc = cta_fill(&d, sm, err, errlen);
            idle = 0;
        } else if (++idle > 100000) {
            rc = fail(err, errlen,
                      "rule 'next_cta() never refuses forever': %s dispatched %u of %u CTAs and then refused every SM for 100000 tries with none resident",
                      ops->name, d.dispatched, cc->ctas);
            break;
        } else {
            for (uint32_t sm = 0; sm < cc->sms && rc == 0; sm++)
                rc = cta_fill(&d, sm, err, errlen);
        }
    }
out:
    for (int i = 0; i < inited; i++)
        if (ops->free)
            ops->free(&cs[i]);
    free(d.done);
    free(d.where);
    free(d.count);
    return rc;
}

int policy_contract_cta_sched(const struct cta_sched_ops *ops, const char *args, FILE *log,
                              char *err, size_t errlen)
{
    static const struct cta_case cases[] = {
        { 1, 1, 1, 1 }, { 4, 37, 3, 37 }, { 15, 480, 8, 24 }, { 30, 7, 16, 7 }, { 2, 1000, 2, 40 },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        if (cta_run(ops, args, &cases[k], err, errlen))
            return -1;
        if (log)
            fprintf(log, "  CTA dispatch %s: %u CTAs on %u SMs (%u per SM): each once, determinism ok\n",
                    ops->name, cases[k].ctas, cases[k].sms, cases[k].per_sm);
    }
    return 0;
}
