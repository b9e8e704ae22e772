/* ccgpu_bypass all: coarse-grained bypass, every global access goes around
 * the L1 (sacat-tpds2017 §4.3.1's "disable the whole cache"); the same path
 * as GPGPU-Sim's gpgpu_gmem_skip_L1D, so the two give the same statistics
 * (tested). The L2 is used as usual. */
#include "policy/bypass/bypass.h"
#include <stdio.h>

static int all_init(struct bypass *bp, const char *args, char *err, size_t errlen)
{
    (void)bp;
    if (args && *args) {
        snprintf(err, errlen, "ccgpu_bypass all takes no arguments (got '%s')", args);
        return -1;
    }
    return 0;
}

static int all_l1(struct bypass *bp, uint64_t addr, uint32_t pc, int is_store, uint64_t now)
{
    (void)bp;
    (void)addr;
    (void)pc;
    (void)is_store;
    (void)now;
    return 1;
}

const struct bypass_ops bypass_all = {
    .version = 1,
    .name = "all",
    .init = all_init,
    .l1_bypass = all_l1,
};
