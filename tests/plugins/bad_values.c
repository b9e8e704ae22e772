/* Policies that return a bad value from one hook, for tests/cli/971: each
 * kind works (oldest-first, lowest eligible way, linear index, CTAs in
 * order) until its argument names the hook and the value to break:
 *
 *   warp scheduler  order_slot   order() lists slot 4294967040
 *                   order_count  order() returns a count above the room
 *                   order_twice  order() lists a live warp twice
 *                   order_drop   order() leaves a live warp out
 *                   first_slot   first() returns a slot outside cand
 *                   first_none   first() returns UINT32_MAX for a non-empty cand
 *                   event_past   next_event() returns now
 *                   veto_all     can_issue() vetoes every warp (a valid answer that
 *                                holds the launch: the watchdog names the policy)
 *   replacement     victim_way   choose_victim() returns way assoc
 *                   victim_none  choose_victim() returns -1 with eligible ways
 *   set index       set_range    set_of() returns nsets
 *   CTA dispatch    cta_range    next_cta() returns a CTA the launch lacks
 *                   cta_twice    next_cta() returns CTA 0 twice
 *                   cta_never    next_cta() never gives a CTA
 *                   wake_past    on_cta_done() asks for a cycle already past
 *                   wake_only    dispatches nothing, asks to be woken again and
 *                                again (the watchdog names the policy)
 *
 * Built twice: as is, the warp scheduler is version 1 (order() is called
 * at every walk); with -DBAD_FIRST it is version 2 with first() (which the
 * issue stage then calls instead of order()). Everything per instance
 * (state behind the state pointer). */
#include <ccgpu_policy.h>
#include <stdlib.h>
#include <string.h>

static int mode_is(const char *args, const char *m)
{
    return args && !strcmp(args, m);
}

/* ---- warp scheduler: oldest first ---- */
struct ws_state {
    struct warp_ages a;
    char mode[16];
};
static int ws_init(struct warp_sched *ws, const char *args, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    struct ws_state *s = calloc(1, sizeof *s);
    if (!s || warp_ages_init(&s->a, &ws->env)) {
        free(s);
        return -1;
    }
    strncpy(s->mode, args ? args : "", sizeof s->mode - 1);
    ws->state = s;
    return 0;
}
static void ws_fini(struct warp_sched *ws)
{
    struct ws_state *s = ws->state;
    warp_ages_free(&s->a);
    free(s);
}
static void ws_assigned(struct warp_sched *ws, uint32_t slot, uint64_t age)
{
    warp_ages_add(&((struct ws_state *)ws->state)->a, slot, age);
}
static void ws_gone(struct warp_sched *ws, uint32_t slot)
{
    warp_ages_remove(&((struct ws_state *)ws->state)->a, slot);
}
static uint32_t ws_order(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out)
{
    (void)now;
    struct ws_state *s = ws->state;
    uint32_t n = warp_ages_greedy_order(&s->a, sched, UINT32_MAX, out);
    if (n && mode_is(s->mode, "order_slot"))
        out[0] = 4294967040u;
    if (n && mode_is(s->mode, "order_count"))
        return n + ws->env.n_slots;
    if (n >= 2 && mode_is(s->mode, "order_twice"))
        out[1] = out[0];
    if (n >= 2 && mode_is(s->mode, "order_drop"))
        return n - 1;
    return n;
}
#ifdef BAD_FIRST
static uint32_t ws_first(struct warp_sched *ws, uint32_t sched, uint64_t now, uint64_t cand)
{
    struct ws_state *s = ws->state;
    uint32_t order[64], n = ws_order(ws, sched, now, order);
    if (cand && mode_is(s->mode, "first_none"))
        return UINT32_MAX;
    for (uint32_t i = 0; i < n; i++)
        if (order[i] < 64 && (cand >> order[i] & 1))
            return mode_is(s->mode, "first_slot") ? order[i] + ws->env.n_sched * 64 : order[i];
    return UINT32_MAX;
}
#endif
static int ws_can_issue(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                        uint64_t now)
{
    (void)slot, (void)inst, (void)now;
    return !mode_is(((struct ws_state *)ws->state)->mode, "veto_all");
}
static uint64_t ws_event(struct warp_sched *ws, uint64_t now)
{
    struct ws_state *s = ws->state;
    return mode_is(s->mode, "event_past") ? now : WARP_SCHED_NEVER;
}
static const struct warp_sched_ops ws_ops = {
    .name = "bad_warp_values", .init = ws_init, .free = ws_fini,
    .on_warp_assigned = ws_assigned, .on_warp_exit = ws_gone, .order = ws_order,
    .next_event = ws_event, .can_issue = ws_can_issue,
#ifdef BAD_FIRST
    .version = 2, .first = ws_first,
#else
    .version = 1,
#endif
};

/* ---- replacement: the lowest eligible way ---- */
static int repl_init(struct cache_repl *r, const char *args, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    r->state = (void *)(uintptr_t)(mode_is(args, "victim_way") ? 1 : mode_is(args, "victim_none") ? 2 : 0);
    return 0;
}
static int repl_victim(struct cache_repl *r, uint32_t set, const uint64_t *eligible)
{
    (void)set;
    uintptr_t mode = (uintptr_t)r->state;
    if (mode == 1)
        return (int)r->assoc;
    if (mode == 2)
        return -1;
    for (uint32_t w = 0; w < r->assoc; w++)
        if (eligible[w / 64] >> (w % 64) & 1)
            return (int)w;
    return -1;
}
static const struct cache_repl_ops repl_ops = {
    .version = 1, .name = "bad_victims", .init = repl_init, .choose_victim = repl_victim,
};

/* ---- set index: linear ---- */
static int index_init(struct cache_index *idx, const char *args, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    idx->param = mode_is(args, "set_range");
    return 0;
}
static uint32_t index_set(const struct cache_index *idx, uint64_t block)
{
    return idx->param ? idx->nsets : (uint32_t)(block % idx->nsets);
}
static const struct cache_index_ops index_ops = {
    .version = 1, .name = "bad_sets", .init = index_init, .set_of = index_set,
};

/* ---- CTA dispatch: CTAs in order ---- */
struct cta_state {
    char mode[16];
    uint32_t next, total;
};
static int cta_init(struct cta_sched *cs, const char *args, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    struct cta_state *s = calloc(1, sizeof *s);
    if (!s)
        return -1;
    strncpy(s->mode, args ? args : "", sizeof s->mode - 1);
    cs->state = s;
    return 0;
}
static void cta_fini(struct cta_sched *cs)
{
    free(cs->state);
}
static int cta_launch(struct cta_sched *cs, const struct cta_sched_launch *l, char *err,
                      size_t errlen)
{
    (void)err, (void)errlen;
    struct cta_state *s = cs->state;
    s->next = 0;
    s->total = l->num_ctas;
    if (mode_is(s->mode, "wake_only"))
        cs->wake = 100;
    return 0;
}
static uint32_t cta_next(struct cta_sched *cs, uint32_t sm, uint32_t resident, uint64_t now)
{
    (void)sm, (void)resident, (void)now;
    struct cta_state *s = cs->state;
    if (mode_is(s->mode, "cta_never") || mode_is(s->mode, "wake_only") || s->next >= s->total)
        return CTA_SCHED_NONE;
    if (mode_is(s->mode, "cta_range"))
        return s->total + 7;
    if (mode_is(s->mode, "cta_twice") && s->next == 1)
        return 0;
    return s->next++;
}
static void cta_done(struct cta_sched *cs, uint32_t sm, uint32_t cta, uint64_t now)
{
    (void)sm, (void)cta;
    struct cta_state *s = cs->state;
    if (mode_is(s->mode, "wake_past") && now > 0)
        cs->wake = now - 1;
}
static void cta_wake(struct cta_sched *cs, uint64_t now)
{
    if (mode_is(((struct cta_state *)cs->state)->mode, "wake_only"))
        cs->wake = now + 1000;
}
static const struct cta_sched_ops cta_ops = {
    .version = 1, .name = "bad_ctas", .init = cta_init, .free = cta_fini,
    .on_launch = cta_launch, .next_cta = cta_next, .on_cta_done = cta_done,
    .on_wake = cta_wake,
};

CCGPU_POLICY_PLUGIN(.warp_sched = &ws_ops, .cache_repl = &repl_ops, .cache_index = &index_ops,
                    .cta_sched = &cta_ops);
