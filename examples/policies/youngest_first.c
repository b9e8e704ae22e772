/* youngest_first: a warp scheduler that always prefers the warp assigned to
 * the SM most recently (the opposite of oldest-first). A toy to show the
 * policy API: every hook the scheduler needs, nothing else.
 *
 *   cc -shared -fPIC -fvisibility=hidden $(pkg-config --cflags ccgpu) \
 *      -o youngest_first.so youngest_first.c
 *   ccgpu policy-check ./youngest_first.so
 *   ccgpu compare bfs --sched gto,plugin:./youngest_first.so */
#include <ccgpu_policy.h>
#include <stdio.h>
#include <stdlib.h>

static int yf_init(struct warp_sched *ws, const char *args, char *err, size_t errlen)
{
    struct warp_ages *ages = calloc(1, sizeof *ages);
    if (args && *args) {
        snprintf(err, errlen, "youngest_first takes no arguments");
        free(ages);
        return -1;
    }
    if (!ages || warp_ages_init(ages, &ws->env) != 0) {
        snprintf(err, errlen, "youngest_first: out of memory");
        free(ages);
        return -1;
    }
    ws->state = ages;
    return 0;
}

static void yf_free(struct warp_sched *ws)
{
    warp_ages_free(ws->state);
    free(ws->state);
}

static void yf_assigned(struct warp_sched *ws, uint32_t slot, uint64_t age)
{
    warp_ages_add(ws->state, slot, age);
}

static void yf_exit(struct warp_sched *ws, uint32_t slot)
{
    warp_ages_remove(ws->state, slot);
}

/* the scheduler's live warps, youngest first */
static uint32_t yf_order(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out)
{
    (void)now;
    uint32_t n;
    const uint32_t *oldest_first = warp_ages_list(ws->state, sched, &n);
    for (uint32_t i = 0; i < n; i++)
        out[i] = oldest_first[n - 1 - i];
    return n;
}

static const struct warp_sched_ops youngest_first = {
    .version = 1,
    .name = "youngest_first",
    .init = yf_init,
    .free = yf_free,
    .on_warp_assigned = yf_assigned,
    .on_warp_exit = yf_exit,
    .order = yf_order,
};

CCGPU_POLICY_PLUGIN(.warp_sched = &youngest_first);
