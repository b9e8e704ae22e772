/* Oldest first: every cycle the oldest ready warp (no greediness), one of
 * the "other greedy schemes" ccws-micro2012 §5.1 compares GTO with. */
#include "ccgpu_policy.h"
#include "policy/warp/warp_sched.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int oldest_init(struct warp_sched *ws, const char *args, char *err, size_t errlen)
{
    if (args && *args) {
        snprintf(err, errlen, "gpgpu_scheduler oldest takes no arguments (got '%s')", args);
        return -1;
    }
    struct warp_ages *a = calloc(1, sizeof *a);
    if (!a || warp_ages_init(a, &ws->env)) {
        free(a);
        snprintf(err, errlen, "gpgpu_scheduler oldest: out of memory");
        return -1;
    }
    ws->state = a;
    return 0;
}

static void oldest_free(struct warp_sched *ws)
{
    if (ws->state)
        warp_ages_free(ws->state);
    free(ws->state);
}

static void oldest_assigned(struct warp_sched *ws, uint32_t slot, uint64_t age)
{
    warp_ages_add(ws->state, slot, age);
}

static void oldest_exit(struct warp_sched *ws, uint32_t slot)
{
    warp_ages_remove(ws->state, slot);
}

static uint32_t oldest_order(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out)
{
    (void)now;
    uint32_t n;
    const uint32_t *list = warp_ages_list(ws->state, sched, &n);
    memcpy(out, list, n * sizeof *out);
    return n;
}

uint32_t warp_sched_oldest_first(struct warp_sched *ws, uint32_t sched, uint64_t now,
                                 uint64_t cand)
{
    (void)now;
    return warp_ages_greedy_first(ws->state, sched, UINT32_MAX, cand);
}

const struct warp_sched_ops warp_sched_oldest = {
    .version = 2,
    .name = "oldest",
    .init = oldest_init,
    .free = oldest_free,
    .on_warp_assigned = oldest_assigned,
    .on_warp_exit = oldest_exit,
    .order = oldest_order,
    .first = warp_sched_oldest_first,
};
