/* A plugin built for another version of the policy API
 * (tests/cli/970_plugins.sh): the descriptor written out by hand. */
#include <ccgpu_policy.h>
CCGPU_POLICY_EXPORT extern const struct ccgpu_policy_plugin ccgpu_policy_plugin;
CCGPU_POLICY_EXPORT const struct ccgpu_policy_plugin ccgpu_policy_plugin = { 99, 0, 0, 0, 0 };
