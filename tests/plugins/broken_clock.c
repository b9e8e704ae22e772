/* A broken warp scheduler for tests/cli/970_plugins.sh: oldest-first
 * rotated by one warp every 128 cycles, without announcing the changes
 * through next_event (idle-cycle skipping would miss them). */
#include <ccgpu_policy.h>
#include <stdlib.h>

static int init(struct warp_sched *ws, const char *args, char *err, size_t errlen)
{
    (void)args, (void)err, (void)errlen;
    struct warp_ages *a = calloc(1, sizeof *a);
    ws->state = a;
    return a && warp_ages_init(a, &ws->env) == 0 ? 0 : -1;
}
static void fini(struct warp_sched *ws)
{
    warp_ages_free(ws->state);
    free(ws->state);
}
static void assigned(struct warp_sched *ws, uint32_t slot, uint64_t age)
{
    warp_ages_add(ws->state, slot, age);
}
static void gone(struct warp_sched *ws, uint32_t slot)
{
    warp_ages_remove(ws->state, slot);
}
static uint32_t order(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out)
{
    uint32_t n;
    const uint32_t *list = warp_ages_list(ws->state, sched, &n);
    for (uint32_t i = 0; i < n; i++)
        out[i] = list[(i + now / 128) % n];
    return n;
}
static const struct warp_sched_ops ops = {
    .version = 1, .name = "hides_its_clock", .init = init, .free = fini,
    .on_warp_assigned = assigned, .on_warp_exit = gone, .order = order,
};
CCGPU_POLICY_PLUGIN(.warp_sched = &ops);
