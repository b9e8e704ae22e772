/* The built-in CCWS scheduler's own sources (with its victim tag arrays,
 * locality scores and diagnostics), built as a plugin against the
 * installed ccgpu_policy.h only (tests/cli/970_plugins.sh). */
#include "../../src/policy/warp/sched_ccws.c"
#include "../../src/policy/warp/ccws_vta.c"
#include "../../src/policy/warp/ccws_lss.c"
#include "../../src/policy/warp/load_diag.c"
CCGPU_POLICY_PLUGIN(.warp_sched = &warp_sched_ccws);
