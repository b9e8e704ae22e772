/* Coalescer: whole-warp and per-sub-warp (gpgpu_shmem_warp_parts) line
 * requests, sector masks, order of first touch. */
#include "check.h"
#include "timing/coalescer.h"
#include <string.h>

static void lanes_at(struct ptx_dyninst *d, uint64_t base, uint64_t stride, uint32_t mask)
{
    memset(d, 0, sizeof *d);
    d->is_mem = d->is_load = 1;
    d->access_size = 4;
    d->vec = 1;
    d->exec_mask = mask;
    for (uint32_t l = 0; l < 32; l++)
        d->addr[l] = base + l * stride;
}

TEST(coalesced_load_is_one_request_per_warp_two_per_half_warps)
{
    struct ptx_dyninst d;
    struct coalesced co;
    lanes_at(&d, 0x1000, 4, ~0u); /* 32 x 4 B: one 128 B line */
    coalesce(&d, 1, 7, 5, NULL, &co);
    CHECK_EQ_INT(co.n, 1);
    CHECK_EQ_U64(co.line[0], 0x1000);
    CHECK_EQ_INT(co.sectors[0], 0xf);
    coalesce(&d, 2, 7, 5, NULL, &co); /* half-warps: the same line twice */
    CHECK_EQ_INT(co.n, 2);
    CHECK_EQ_U64(co.line[0], 0x1000);
    CHECK_EQ_U64(co.line[1], 0x1000);
    CHECK_EQ_INT(co.sectors[0], 0x3); /* lanes 0-15: bytes 0-63 */
    CHECK_EQ_INT(co.sectors[1], 0xc);
    coalesce(&d, 4, 7, 5, NULL, &co); /* quarter-warps: one sector each */
    CHECK_EQ_INT(co.n, 4);
    for (uint32_t i = 0; i < 4; i++)
        CHECK_EQ_INT(co.sectors[i], 1 << i);
}

TEST(sub_warps_without_active_lanes_make_no_request)
{
    struct ptx_dyninst d;
    struct coalesced co;
    lanes_at(&d, 0x2000, 4, 0x0000ffffu); /* only the first half-warp */
    coalesce(&d, 2, 7, 5, NULL, &co);
    CHECK_EQ_INT(co.n, 1);
    CHECK_EQ_INT(co.sectors[0], 0x3);
    lanes_at(&d, 0x2000, 4, 0);
    coalesce(&d, 2, 7, 5, NULL, &co);
    CHECK_EQ_INT(co.n, 0);
}

TEST(divergent_lines_merge_only_within_a_sub_warp)
{
    struct ptx_dyninst d;
    struct coalesced co;
    /* lane l reads line (l % 4): whole warp 4 lines, half-warps 4 + 4 */
    lanes_at(&d, 0, 0, ~0u);
    for (uint32_t l = 0; l < 32; l++)
        d.addr[l] = 0x10000 + (uint64_t)(l % 4) * 128;
    coalesce(&d, 1, 7, 5, NULL, &co);
    CHECK_EQ_INT(co.n, 4);
    coalesce(&d, 2, 7, 5, NULL, &co);
    CHECK_EQ_INT(co.n, 8);
    for (uint32_t i = 0; i < 8; i++)
        CHECK_EQ_U64(co.line[i], 0x10000 + (uint64_t)(i % 4) * 128);
    /* 32 distinct lines stay 32 requests either way */
    lanes_at(&d, 0x40000, 128, ~0u);
    coalesce(&d, 1, 7, 5, NULL, &co);
    CHECK_EQ_INT(co.n, 32);
    coalesce(&d, 2, 7, 5, NULL, &co);
    CHECK_EQ_INT(co.n, 32);
    CHECK_EQ_U64(co.line[16], 0x40000 + 16 * 128);
}

int main(void)
{
    RUN(coalesced_load_is_one_request_per_warp_two_per_half_warps);
    RUN(sub_warps_without_active_lanes_make_no_request);
    RUN(divergent_lines_merge_only_within_a_sub_warp);
    return check_summary();
}
