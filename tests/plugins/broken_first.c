/* A broken warp scheduler for tests/cli/970_plugins.sh: GTO whose first
 * hook gives the lowest-numbered candidate instead of order()'s first. */
#include "../../src/policy/warp/sched_gto.c"
static uint32_t lowest_first(struct warp_sched *ws, uint32_t sched, uint64_t now, uint64_t cand)
{
    (void)ws, (void)sched, (void)now;
    return cand ? (uint32_t)__builtin_ctzll(cand) : UINT32_MAX;
}
static const struct warp_sched_ops broken_first = {
    .version = 2,
    .name = "lowest_first",
    .init = gto_init,
    .free = gto_free,
    .on_warp_assigned = gto_assigned,
    .on_warp_exit = gto_exit,
    .order = gto_order,
    .on_issue = gto_issue,
    .first = lowest_first,
};
CCGPU_POLICY_PLUGIN(.warp_sched = &broken_first);
