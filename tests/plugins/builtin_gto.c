/* The built-in GTO scheduler's own source, built as a plugin against the
 * installed ccgpu_policy.h only (tests/cli/970_plugins.sh). */
#include "../../src/policy/warp/sched_gto.c"
CCGPU_POLICY_PLUGIN(.warp_sched = &warp_sched_gto);
