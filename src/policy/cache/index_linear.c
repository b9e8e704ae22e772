/* Linear set indexing: the low bits of the block number (modulo for a
 * non-power-of-two set count). */
#include "ccgpu_policy.h"

static uint32_t linear_set_of(const struct cache_index *idx, uint64_t block)
{
    if ((idx->nsets & (idx->nsets - 1)) == 0)
        return (uint32_t)(block & (idx->nsets - 1));
    return (uint32_t)(block % idx->nsets);
}

const struct cache_index_ops cache_index_linear = {
    .version = 1,
    .name = "linear",
    .alias = "L",
    .init = NULL,
    .set_of = linear_set_of,
};
