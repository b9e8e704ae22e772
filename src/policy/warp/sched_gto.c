/* GTO, greedy then oldest (ccws-micro2012 §5.1): keep issuing from the warp
 * that issued last until it cannot, then the oldest ready warp. Age = order
 * of assignment to the SM, ties (one CTA) by lower warp id. */
#include "ccgpu_policy.h"
/* This file builds as a plugin against ccgpu_policy.h alone (tests/cli/970),
 * so warp_sched_gto_first, gto's first hook (warp_sched_ops.first, which
 * the timing model also calls directly for the built-in gto), is declared
 * here too; where the header is found, the compiler checks the two agree.
 * The other built-in policies with a first function do the same. */
#if defined(__has_include)
#if __has_include("policy/warp/warp_sched.h")
#include "policy/warp/warp_sched.h"
#endif
#endif
uint32_t warp_sched_gto_first(struct warp_sched *ws, uint32_t sched, uint64_t now, uint64_t cand);
#include <stdio.h>
#include <stdlib.h>

#define NONE UINT32_MAX

struct gto {
    struct warp_ages ages;
    uint32_t *greedy; /* per scheduler: slot that issued last, or NONE */
};

static int gto_init(struct warp_sched *ws, const char *args, char *err, size_t errlen)
{
    if (args && *args) {
        snprintf(err, errlen, "gpgpu_scheduler gto takes no arguments (got '%s')", args);
        return -1;
    }
    struct gto *s = calloc(1, sizeof *s);
    if (!s || warp_ages_init(&s->ages, &ws->env) ||
        !(s->greedy = malloc(ws->env.n_sched * sizeof *s->greedy))) {
        if (s)
            warp_ages_free(&s->ages);
        free(s);
        snprintf(err, errlen, "gpgpu_scheduler gto: out of memory");
        return -1;
    }
    for (uint32_t i = 0; i < ws->env.n_sched; i++)
        s->greedy[i] = NONE;
    ws->state = s;
    return 0;
}

static void gto_free(struct warp_sched *ws)
{
    struct gto *s = ws->state;
    if (!s)
        return;
    warp_ages_free(&s->ages);
    free(s->greedy);
    free(s);
}

static void gto_assigned(struct warp_sched *ws, uint32_t slot, uint64_t age)
{
    warp_ages_add(&((struct gto *)ws->state)->ages, slot, age);
}

static void gto_exit(struct warp_sched *ws, uint32_t slot)
{
    struct gto *s = ws->state;
    warp_ages_remove(&s->ages, slot);
    if (s->greedy[slot % ws->env.n_sched] == slot)
        s->greedy[slot % ws->env.n_sched] = NONE;
}

static uint32_t gto_order(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out)
{
    (void)now;
    const struct gto *s = ws->state;
    return warp_ages_greedy_order(&s->ages, sched, s->greedy[sched], out);
}

uint32_t warp_sched_gto_first(struct warp_sched *ws, uint32_t sched, uint64_t now, uint64_t cand)
{
    (void)now;
    const struct gto *s = ws->state;
    return warp_ages_greedy_first(&s->ages, sched, s->greedy[sched], cand);
}

static void gto_issue(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                      uint64_t now)
{
    (void)inst;
    (void)now;
    ((struct gto *)ws->state)->greedy[slot % ws->env.n_sched] = slot;
}

const struct warp_sched_ops warp_sched_gto = {
    .version = 2,
    .name = "gto",
    .init = gto_init,
    .free = gto_free,
    .on_warp_assigned = gto_assigned,
    .on_warp_exit = gto_exit,
    .order = gto_order,
    .on_issue = gto_issue,
    .first = warp_sched_gto_first,
};
