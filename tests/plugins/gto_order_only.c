/* The built-in GTO scheduler's source as a version-1 plugin: no first hook,
 * so the issue stage has its order written out at every walk
 * (tests/cli/970_plugins.sh: the same statistics as gto, which has one). */
#include "../../src/policy/warp/sched_gto.c"
static const struct warp_sched_ops gto_order_only = {
    .version = 1,
    .name = "gto",
    .init = gto_init,
    .free = gto_free,
    .on_warp_assigned = gto_assigned,
    .on_warp_exit = gto_exit,
    .order = gto_order,
    .on_issue = gto_issue,
};
CCGPU_POLICY_PLUGIN(.warp_sched = &gto_order_only);
