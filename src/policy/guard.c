#include "policy/guard.h"
#include "util/text_input.h"
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void policy_fault_set(struct policy_fault *f, const char *fmt, ...)
{
    if (f->set)
        return; /* the first violation is the one reported */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->msg, sizeof f->msg, fmt, ap);
    va_end(ap);
    f->set = 1;
}

/* "KIND NAME (plugin PATH)" for the messages, printable only */
static void describe(char *out, size_t n, const char *kind, const char *name, const char *spec)
{
    const char *path = strncmp(spec, "plugin:", 7) ? spec : spec + 7;
    const char *colon = strchr(path, ':');
    size_t plen = colon ? (size_t)(colon - path) : strlen(path);
    char pname[64], ppath[160];
    text_printable(pname, sizeof pname, name ? name : "?", name ? strlen(name) : 1);
    text_printable(ppath, sizeof ppath, path, plen);
    snprintf(out, n, "%s %s (plugin %s)", kind, pname, ppath);
}

/* ---- warp schedulers ---------------------------------------------------- */

struct ws_guard {
    struct warp_sched_ops ops; /* first: the instance's ops point here */
    const struct warp_sched_ops *inner;
    struct policy_fault *sink, own;
    uint32_t n_slots, n_sched, words;
    uint64_t *sched_mask; /* with one word: each scheduler's slots */
    uint64_t *live;       /* live slots, by the hooks (n_slots bits) */
    uint64_t *seen;       /* scratch for order() */
    uint32_t *live_count; /* live slots per scheduler */
    uint32_t *room;       /* slots per scheduler */
    char who[256];
};

static uint32_t ws_order(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out);

static struct ws_guard *ws_guard_of(const struct warp_sched_ops *ops)
{
    /* (ops is the guard's first member; the guard itself was allocated) */
    return ops && ops->order == ws_order ? (struct ws_guard *)(uintptr_t)ops : NULL;
}

static int bit_get(const uint64_t *m, uint32_t i)
{
    return (int)(m[i >> 6] >> (i & 63) & 1);
}

static uint32_t order_bad_slot(struct ws_guard *g, uint32_t sched, uint32_t s)
{
    policy_fault_set(g->sink, "%s: order() listed slot %u for scheduler %u, not one of its live warps",
                     g->who, s, sched);
    return 0;
}

static uint32_t order_twice(struct ws_guard *g, uint32_t sched, uint32_t s)
{
    policy_fault_set(g->sink, "%s: order() listed slot %u of scheduler %u twice", g->who, s, sched);
    return 0;
}

static uint32_t order_left_out(struct ws_guard *g, uint32_t sched, uint32_t n, uint32_t miss)
{
    policy_fault_set(g->sink,
                     "%s: order() returned %u warps for scheduler %u and left out live slot %u (it "
                     "has %u live warps)",
                     g->who, n, sched, miss, g->live_count[sched]);
    return 0;
}

static uint32_t ws_order(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out)
{
    struct ws_guard *g = ws_guard_of(ws->ops);
    uint32_t n = g->inner->order(ws, sched, now, out);
    uint32_t room = sched < g->n_sched ? g->room[sched] : 0;
    if (n > room) {
        policy_fault_set(g->sink,
                         "%s: order() returned a count of %u for scheduler %u, which has %u warp "
                         "slots",
                         g->who, n, sched, room);
        return 0;
    }
    if (g->words == 1) {
        /* at most 64 slots (the timing model's SMs): the answer is right
         * when every slot is below 64 and the slots listed, as a mask, are
         * the scheduler's live ones, n of them (none twice); only a wrong
         * answer is walked again to say what is wrong */
        const uint64_t live = g->live[0] & g->sched_mask[sched];
        uint64_t seen = 0;
        uint32_t any = 0;
        for (uint32_t i = 0; i < n; i++) {
            any |= out[i];
            seen |= 1ull << (out[i] & 63);
        }
        if (any < 64 && seen == live && n == g->live_count[sched])
            return n;
        seen = 0;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t s = out[i];
            if (s >= 64 || !(live >> s & 1))
                return order_bad_slot(g, sched, s);
            if (seen >> s & 1)
                return order_twice(g, sched, s);
            seen |= 1ull << s;
        }
        return order_left_out(g, sched, n, (uint32_t)__builtin_ctzll(live & ~seen));
    }
    memset(g->seen, 0, g->words * sizeof *g->seen);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t s = out[i];
        if (s >= g->n_slots || s % g->n_sched != sched || !bit_get(g->live, s))
            return order_bad_slot(g, sched, s);
        if (bit_get(g->seen, s))
            return order_twice(g, sched, s);
        g->seen[s >> 6] |= 1ull << (s & 63);
    }
    if (n != g->live_count[sched]) {
        uint32_t miss = sched;
        while (miss < g->n_slots && !(bit_get(g->live, miss) && !bit_get(g->seen, miss)))
            miss += g->n_sched;
        return order_left_out(g, sched, n, miss);
    }
    return n;
}

static uint32_t ws_first(struct warp_sched *ws, uint32_t sched, uint64_t now, uint64_t cand)
{
    struct ws_guard *g = ws_guard_of(ws->ops);
    uint32_t r = g->inner->first(ws, sched, now, cand);
    if (r == UINT32_MAX ? !cand : r < 64 && (cand >> r & 1))
        return r;
    if (r == UINT32_MAX)
        policy_fault_set(g->sink,
                         "%s: first() returned no warp (UINT32_MAX) for scheduler %u while the "
                         "candidates 0x%llx were not empty",
                         g->who, sched, (unsigned long long)cand);
    else
        policy_fault_set(g->sink,
                         "%s: first() returned slot %u for scheduler %u, not one of the candidates "
                         "0x%llx",
                         g->who, r, sched, (unsigned long long)cand);
    return cand ? (uint32_t)__builtin_ctzll(cand) : UINT32_MAX;
}

static uint64_t ws_next_event(struct warp_sched *ws, uint64_t now)
{
    struct ws_guard *g = ws_guard_of(ws->ops);
    uint64_t t = g->inner->next_event(ws, now);
    if (t > now)
        return t;
    policy_fault_set(g->sink, "%s: next_event() returned cycle %llu at cycle %llu (not later)",
                     g->who, (unsigned long long)t, (unsigned long long)now);
    return now + 1;
}

static void ws_assigned(struct warp_sched *ws, uint32_t slot, uint64_t age)
{
    struct ws_guard *g = ws_guard_of(ws->ops);
    if (slot < g->n_slots && !bit_get(g->live, slot)) {
        g->live[slot >> 6] |= 1ull << (slot & 63);
        g->live_count[slot % g->n_sched]++;
    }
    if (g->inner->on_warp_assigned)
        g->inner->on_warp_assigned(ws, slot, age);
}

static void ws_exit(struct warp_sched *ws, uint32_t slot)
{
    struct ws_guard *g = ws_guard_of(ws->ops);
    if (slot < g->n_slots && bit_get(g->live, slot)) {
        g->live[slot >> 6] &= ~(1ull << (slot & 63));
        g->live_count[slot % g->n_sched]--;
    }
    if (g->inner->on_warp_exit)
        g->inner->on_warp_exit(ws, slot);
}

const struct warp_sched_ops *policy_guard_warp(const struct warp_sched_ops *inner,
                                               const char *spec,
                                               const struct warp_sched_env *env)
{
    struct ws_guard *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->words = (env->n_slots + 63) / 64;
    g->live = calloc(g->words, sizeof *g->live);
    g->seen = calloc(g->words, sizeof *g->seen);
    g->live_count = calloc(env->n_sched, sizeof *g->live_count);
    g->sched_mask = calloc(env->n_sched, sizeof *g->sched_mask);
    g->room = calloc(env->n_sched, sizeof *g->room);
    if (!g->live || !g->seen || !g->live_count || !g->sched_mask || !g->room) {
        free(g->room);
        free(g->sched_mask);
        free(g->live);
        free(g->seen);
        free(g->live_count);
        free(g);
        return NULL;
    }
    /* (a struct of an earlier version may end before the hooks appended
     * since: copy only what it has) */
    if (inner->version < 2)
        memcpy(&g->ops, inner, offsetof(struct warp_sched_ops, first));
    else if (inner->version < 3)
        memcpy(&g->ops, inner, offsetof(struct warp_sched_ops, on_warp_atomic));
    else
        g->ops = *inner;
    g->inner = inner;
    g->sink = &g->own;
    g->n_slots = env->n_slots;
    g->n_sched = env->n_sched;
    for (uint32_t w = 0; w < env->n_slots; w++) {
        g->room[w % env->n_sched]++;
        if (g->words == 1)
            g->sched_mask[w % env->n_sched] |= 1ull << w;
    }
    describe(g->who, sizeof g->who, "warp scheduler", inner->name, spec);
    g->ops.order = ws_order;
    g->ops.on_warp_assigned = ws_assigned;
    g->ops.on_warp_exit = ws_exit;
    if (inner->next_event)
        g->ops.next_event = ws_next_event;
    if (g->ops.first)
        g->ops.first = ws_first;
    return &g->ops;
}

void policy_guard_warp_free(const struct warp_sched_ops *ops)
{
    struct ws_guard *g = ws_guard_of(ops);
    if (!g)
        return;
    free(g->room);
    free(g->sched_mask);
    free(g->live);
    free(g->seen);
    free(g->live_count);
    free(g);
}

struct policy_fault *policy_guard_warp_fault(const struct warp_sched_ops *ops)
{
    struct ws_guard *g = ws_guard_of(ops);
    return g ? g->sink : NULL;
}

void policy_guard_warp_sink(const struct warp_sched_ops *ops, struct policy_fault *sink)
{
    struct ws_guard *g = ws_guard_of(ops);
    if (g)
        g->sink = sink ? sink : &g->own;
}

/* ---- replacement -------------------------------------------------------- */

struct repl_guard {
    struct cache_repl_ops ops;
    const struct cache_repl_ops *inner;
    struct policy_fault *sink, own;
    char who[256];
};

static int repl_victim(struct cache_repl *r, uint32_t set, const uint64_t *eligible);

static struct repl_guard *repl_guard_of(const struct cache_repl_ops *ops)
{
    return ops && ops->choose_victim == repl_victim ? (struct repl_guard *)(uintptr_t)ops : NULL;
}

static int repl_victim(struct cache_repl *r, uint32_t set, const uint64_t *eligible)
{
    struct repl_guard *g = repl_guard_of(r->ops);
    int v = g->inner->choose_victim(r, set, eligible);
    int lowest = -1;
    uint32_t n = 0;
    for (uint32_t w = 0; w < r->assoc; w++)
        if (bit_get(eligible, w)) {
            if (lowest < 0)
                lowest = (int)w;
            n++;
        }
    if (v < 0 ? v == -1 && !n : (uint32_t)v < r->assoc && bit_get(eligible, (uint32_t)v))
        return v;
    if (v == -1)
        policy_fault_set(g->sink,
                         "%s: choose_victim() returned -1 (no victim) in set %u while %u of its "
                         "%u ways were eligible",
                         g->who, set, n, r->assoc);
    else if (v < 0 || (uint32_t)v >= r->assoc)
        policy_fault_set(g->sink, "%s: choose_victim() returned way %d in set %u of a %u-way cache",
                         g->who, v, set, r->assoc);
    else
        policy_fault_set(g->sink,
                         "%s: choose_victim() returned way %d in set %u, which is not eligible "
                         "(reserved)",
                         g->who, v, set);
    return lowest;
}

/* on_hit and on_fill are optional (plugin.c asks only for choose_victim);
 * the cache calls them unconditionally */
static void repl_nop(struct cache_repl *r, uint32_t set, uint32_t way)
{
    (void)r, (void)set, (void)way;
}

const struct cache_repl_ops *policy_guard_repl(const struct cache_repl_ops *inner,
                                               const char *spec)
{
    struct repl_guard *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->ops = *inner;
    g->inner = inner;
    g->sink = &g->own;
    describe(g->who, sizeof g->who, "replacement policy", inner->name, spec);
    g->ops.choose_victim = repl_victim;
    if (!g->ops.on_hit)
        g->ops.on_hit = repl_nop;
    if (!g->ops.on_fill)
        g->ops.on_fill = repl_nop;
    return &g->ops;
}

void policy_guard_repl_free(const struct cache_repl_ops *ops)
{
    free(repl_guard_of(ops));
}

struct policy_fault *policy_guard_repl_fault(const struct cache_repl_ops *ops)
{
    struct repl_guard *g = repl_guard_of(ops);
    return g ? g->sink : NULL;
}

void policy_guard_repl_sink(const struct cache_repl_ops *ops, struct policy_fault *sink)
{
    struct repl_guard *g = repl_guard_of(ops);
    if (g)
        g->sink = sink ? sink : &g->own;
}

/* ---- set index ---------------------------------------------------------- */

struct index_guard {
    struct cache_index_ops ops;
    const struct cache_index_ops *inner;
    struct policy_fault *sink, own;
    char who[256];
};

static uint32_t index_set_of(const struct cache_index *idx, uint64_t block);

static struct index_guard *index_guard_of(const struct cache_index_ops *ops)
{
    return ops && ops->set_of == index_set_of ? (struct index_guard *)(uintptr_t)ops : NULL;
}

static uint32_t index_set_of(const struct cache_index *idx, uint64_t block)
{
    struct index_guard *g = index_guard_of(idx->ops);
    uint32_t s = g->inner->set_of(idx, block);
    if (s < idx->nsets)
        return s;
    policy_fault_set(g->sink, "%s: set_of() returned set %u for block 0x%llx of a %u-set cache",
                     g->who, s, (unsigned long long)block, idx->nsets);
    return 0;
}

const struct cache_index_ops *policy_guard_index(const struct cache_index_ops *inner,
                                                 const char *spec)
{
    struct index_guard *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->ops = *inner;
    g->inner = inner;
    g->sink = &g->own;
    describe(g->who, sizeof g->who, "index function", inner->name, spec);
    g->ops.set_of = index_set_of;
    return &g->ops;
}

void policy_guard_index_free(const struct cache_index_ops *ops)
{
    free(index_guard_of(ops));
}

struct policy_fault *policy_guard_index_fault(const struct cache_index_ops *ops)
{
    struct index_guard *g = index_guard_of(ops);
    return g ? g->sink : NULL;
}

void policy_guard_index_sink(const struct cache_index_ops *ops, struct policy_fault *sink)
{
    struct index_guard *g = index_guard_of(ops);
    if (g)
        g->sink = sink ? sink : &g->own;
}
