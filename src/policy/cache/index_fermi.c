/* Fermi L1 set hash measured by Nugteren et al. (HPCA 2014, "A detailed GPU
 * cache model based on reuse distance theory"): for 32 or 64 sets of 128-byte
 * lines, set bits 0..4 are address bits 7..11 XOR address bits 13,14,15,17,19;
 * with 64 sets, set bit 5 is address bit 12. Written here on the block number
 * (address / 128), so for other line sizes it keeps the same block-bit
 * pattern. GPGPU-Sim's set-index letter for it is 'H'. */
#include "ccgpu_policy.h"
#include <stdio.h>

static int fermi_init(struct cache_index *idx, const char *args, char *err, size_t errlen)
{
    if (args && *args) {
        snprintf(err, errlen, "cache index fermi takes no arguments (got '%s')", args);
        return -1;
    }
    if (idx->nsets != 32 && idx->nsets != 64) {
        snprintf(err, errlen, "cache index fermi: needs 32 or 64 sets, not %u", idx->nsets);
        return -1;
    }
    return 0;
}

static uint32_t fermi_set_of(const struct cache_index *idx, uint64_t block)
{
    uint32_t lower = (uint32_t)(block & 0x1f);
    uint32_t upper = (uint32_t)(((block >> 6) & 0x7) | ((block >> 7) & 0x8) | ((block >> 8) & 0x10));
    uint32_t set = lower ^ upper;
    if (idx->nsets == 64)
        set |= (uint32_t)(block & 0x20);
    return set;
}

const struct cache_index_ops cache_index_fermi = {
    .version = 1,
    .name = "fermi",
    .alias = "H",
    .init = fermi_init,
    .set_of = fermi_set_of,
};
