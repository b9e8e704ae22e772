/* ccgpu_bypass none: nothing bypasses (the default; only .cg loads, atomics
 * and gpgpu_gmem_skip_L1D go around the L1, as without a policy). */
#include "policy/bypass/bypass.h"
#include <stdio.h>

static int none_init(struct bypass *bp, const char *args, char *err, size_t errlen)
{
    (void)bp;
    if (args && *args) {
        snprintf(err, errlen, "ccgpu_bypass none takes no arguments (got '%s')", args);
        return -1;
    }
    return 0;
}

const struct bypass_ops bypass_none = {
    .version = 1,
    .name = "none",
    .init = none_init,
};
