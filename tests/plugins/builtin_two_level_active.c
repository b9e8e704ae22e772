/* The built-in two-level active scheduler's own source, built as a plugin
 * against the installed ccgpu_policy.h only (tests/cli/970_plugins.sh): it
 * asks the SM through ccgpu_warp_long_wait, which the loading program
 * exports. */
#include "../../src/policy/warp/sched_two_level_active.c"
CCGPU_POLICY_PLUGIN(.warp_sched = &warp_sched_two_level_active);
