/* LRR, loose round-robin (ccws-micro2012 §5.1): warps take turns in warp-slot
 * order; a warp that cannot issue on its turn passes it to the next. The
 * order each cycle starts at the warp after the one that issued last. */
#include "ccgpu_policy.h"
#include "policy/warp/warp_sched.h"
#include <stdio.h>
#include <stdlib.h>

struct lrr {
    uint32_t per_sched;
    uint32_t *next;  /* per scheduler: local index that comes first */
    uint8_t *live;   /* by slot */
};

static int lrr_init(struct warp_sched *ws, const char *args, char *err, size_t errlen)
{
    if (args && *args) {
        snprintf(err, errlen, "gpgpu_scheduler lrr takes no arguments (got '%s')", args);
        return -1;
    }
    struct lrr *s = calloc(1, sizeof *s);
    if (!s)
        goto oom;
    ws->state = s;
    s->per_sched = (ws->env.n_slots + ws->env.n_sched - 1) / ws->env.n_sched;
    s->next = calloc(ws->env.n_sched, sizeof *s->next);
    s->live = calloc(ws->env.n_slots, 1);
    if (!s->next || !s->live)
        goto oom;
    return 0;
oom:
    snprintf(err, errlen, "gpgpu_scheduler lrr: out of memory");
    return -1;
}

static void lrr_free(struct warp_sched *ws)
{
    struct lrr *s = ws->state;
    if (!s)
        return;
    free(s->next);
    free(s->live);
    free(s);
}

static void lrr_assigned(struct warp_sched *ws, uint32_t slot, uint64_t age)
{
    (void)age;
    ((struct lrr *)ws->state)->live[slot] = 1;
}

static void lrr_exit(struct warp_sched *ws, uint32_t slot)
{
    ((struct lrr *)ws->state)->live[slot] = 0;
}

static uint32_t lrr_order(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out)
{
    (void)now;
    const struct lrr *s = ws->state;
    uint32_t n = ws->env.n_sched, k = 0, start = s->next[sched];
    /* locals start .. per_sched - 1, then 0 .. start - 1 (no division) */
    for (uint32_t slot = start * n + sched; slot < ws->env.n_slots; slot += n)
        if (s->live[slot])
            out[k++] = slot;
    for (uint32_t slot = sched; slot < start * n + sched && slot < ws->env.n_slots; slot += n)
        if (s->live[slot])
            out[k++] = slot;
    return k;
}

/* The slots of one scheduler in warp-slot order are its local indices in
 * order, so the first of cand at or after the turn's start is the lowest
 * bit at or above slot start * n_sched, else the lowest bit. */
uint32_t warp_sched_lrr_first(struct warp_sched *ws, uint32_t sched, uint64_t now, uint64_t cand)
{
    (void)now;
    if (!cand)
        return UINT32_MAX;
    const struct lrr *s = ws->state;
    uint64_t from = (uint64_t)s->next[sched] * ws->env.n_sched;
    uint64_t late = from < 64 ? cand & (~0ull << from) : 0;
    return (uint32_t)__builtin_ctzll(late ? late : cand);
}

static void lrr_issue(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                      uint64_t now)
{
    (void)inst;
    (void)now;
    struct lrr *s = ws->state;
    uint32_t n = ws->env.n_sched;
    s->next[slot % n] = (slot / n + 1) % s->per_sched;
}

const struct warp_sched_ops warp_sched_lrr = {
    .version = 2,
    .name = "lrr",
    .init = lrr_init,
    .free = lrr_free,
    .on_warp_assigned = lrr_assigned,
    .on_warp_exit = lrr_exit,
    .order = lrr_order,
    .on_issue = lrr_issue,
    .first = warp_sched_lrr_first,
};
