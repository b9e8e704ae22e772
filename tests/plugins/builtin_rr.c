/* The built-in round-robin CTA dispatch as a plugin (tests/cli/970_plugins.sh). */
#include "../../src/policy/cta/cta_rr.c"
CCGPU_POLICY_PLUGIN(.cta_sched = &cta_sched_rr);
