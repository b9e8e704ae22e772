/* Coalescer: whole-warp and per-sub-warp (gpgpu_shmem_warp_parts) line
 * requests, sector masks, order of first touch; on random addresses, sizes,
 * masks and local-memory layouts the same requests as a naive reference
 * (every byte range split at line boundaries, each line searched for among
 * the sub-warp's requests so far), with one output reused throughout as
 * the SM does (the coalescer's line index is kept across calls). */
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
    struct coalesced co = { 0 };
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

/* coalesce_atomic, as GPGPU-Sim's memory_coalescing_arch_atomic: 32-byte
 * chunks, conflicting lanes in separate requests */
TEST(atomics_one_request_per_chunk_and_conflict)
{
    struct ptx_dyninst d;
    struct coalesced co = { 0 };
    lanes_at(&d, 0x1000, 4, ~0u); /* 128 distinct bytes: 4 chunks */
    d.is_atomic = 1;
    coalesce_atomic(&d, 1, &co);
    CHECK_EQ_INT(co.n, 4);
    for (uint32_t i = 0; i < 4; i++) {
        CHECK_EQ_U64(co.line[i], 0x1000 + 32 * i);
        CHECK_EQ_INT(co.sectors[i], 1);
    }
    lanes_at(&d, 0x2000, 0, ~0u); /* one address: 32 conflicting requests */
    coalesce_atomic(&d, 1, &co);
    CHECK_EQ_INT(co.n, 32);
    CHECK_EQ_U64(co.line[31], 0x2000);
    lanes_at(&d, 0x3000, 4, ~0u); /* lanes 2k and 2k+1 at 0x3000 and 0x3004 */
    for (uint32_t l = 0; l < 32; l++)
        d.addr[l] = 0x3000 + 4 * (l & 1);
    coalesce_atomic(&d, 1, &co);
    CHECK_EQ_INT(co.n, 16); /* each request takes one of each pair */
    lanes_at(&d, 0x4000, 200, (1u << 0) | (1u << 9)); /* two lanes, far apart */
    coalesce_atomic(&d, 1, &co);
    CHECK_EQ_INT(co.n, 2);
    CHECK_EQ_U64(co.line[0], 0x4000);
    CHECK_EQ_U64(co.line[1], (0x4000 + 9 * 200) >> 5 << 5);
    lanes_at(&d, 0x5000, 0, ~0u); /* half-warps: one address, 16 + 16 */
    coalesce_atomic(&d, 2, &co);
    CHECK_EQ_INT(co.n, 32);
    lanes_at(&d, 0x5000, 4, 0); /* no lane: no request */
    coalesce_atomic(&d, 1, &co);
    CHECK_EQ_INT(co.n, 0);
}

TEST(sub_warps_without_active_lanes_make_no_request)
{
    struct ptx_dyninst d;
    struct coalesced co = { 0 };
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
    struct coalesced co = { 0 };
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

/* The reference: a plain linear search per line, no shortcuts. */
static void ref_add(struct coalesced *o, uint32_t from, uint64_t a, uint32_t bytes, uint32_t ls,
                    uint32_t ss)
{
    uint64_t end = a + bytes;
    while (a < end) {
        uint64_t line = a >> ls << ls;
        uint64_t stop = line + (1ull << ls) < end ? line + (1ull << ls) : end;
        uint32_t s0 = (uint32_t)((a - line) >> ss), s1 = (uint32_t)((stop - 1 - line) >> ss);
        uint8_t mask = (uint8_t)(((2u << s1) - 1) & ~((1u << s0) - 1));
        uint32_t i;
        for (i = from; i < o->n && o->line[i] != line; i++)
            ;
        if (i < o->n)
            o->sectors[i] |= mask;
        else if (o->n < COALESCE_MAX) {
            o->line[o->n] = line;
            o->sectors[o->n++] = mask;
        }
        a = stop;
    }
}

static void ref_coalesce(const struct ptx_dyninst *d, uint32_t parts, uint32_t ls, uint32_t ss,
                         const struct coalesce_local *loc, struct coalesced *o)
{
    o->n = 0;
    uint32_t bytes = (uint32_t)d->access_size * (d->vec ? d->vec : 1);
    uint32_t width = 32 / parts;
    for (uint32_t p = 0; p < parts; p++) {
        uint32_t from = o->n;
        for (uint32_t l = p * width; l < (p + 1) * width; l++) {
            if (!(d->exec_mask >> l & 1))
                continue;
            uint64_t a = d->addr[l];
            if (loc) {
                for (uint64_t off = a >> 2 << 2; off < a + bytes; off += 4)
                    ref_add(o, from, loc->base + (off >> 2) * loc->stride +
                                         (loc->first_thread + l) * 4, 4, ls, ss);
            } else {
                ref_add(o, from, a, bytes ? bytes : 1, ls, ss);
            }
        }
    }
}

TEST(random_accesses_match_the_reference)
{
    uint64_t x = 88172645463325252ull;
    int bad = 0;
    for (int it = 0; it < 20000; it++) {
        struct ptx_dyninst d;
        memset(&d, 0, sizeof d);
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        d.is_mem = d.is_load = 1;
        static const uint8_t sizes[] = { 1, 2, 4, 8, 16 };
        d.access_size = sizes[x % 5];
        d.vec = (x >> 4) % 3 == 0 ? 4 : 1;
        if (d.access_size > 4)
            d.vec = 1;
        d.exec_mask = (x >> 8) % 4 == 0 ? 0xffffffffu : (uint32_t)(x >> 16);
        uint64_t span = 1ull << ((x >> 48) % 16 + 4); /* 16 B .. 512 KiB */
        uint64_t base = 0x10000000 + ((x >> 40) % 64) * 4;
        for (uint32_t l = 0; l < 32; l++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            d.addr[l] = (x >> 60) < 4 ? base + l * d.access_size * d.vec : base + x % span;
        }
        uint32_t parts = (x >> 20) % 3 == 0 ? 1 : (x >> 20) % 3 == 1 ? 2 : 4;
        struct coalesce_local loc = { 0x7f0000000000ull, 4 * 30 * 1024, (x >> 24) % 4096 * 32 };
        const struct coalesce_local *lp = (x >> 36) % 5 == 0 ? &loc : NULL;
        uint32_t ls = (x >> 28) % 2 ? 7 : 6, ss = 5;
        static struct coalesced a; /* reused, as the SM reuses its own */
        struct coalesced b;
        coalesce(&d, parts, ls, ss, lp, &a);
        ref_coalesce(&d, parts, ls, ss, lp, &b);
        int same = a.n == b.n;
        for (uint32_t i = 0; same && i < a.n; i++)
            same = a.line[i] == b.line[i] && a.sectors[i] == b.sectors[i];
        if (!same && bad++ < 3)
            printf("  case %d: %u requests, reference %u\n", it, a.n, b.n);
    }
    CHECK_EQ_INT(bad, 0);
}

int main(void)
{
    RUN(random_accesses_match_the_reference);
    RUN(coalesced_load_is_one_request_per_warp_two_per_half_warps);
    RUN(atomics_one_request_per_chunk_and_conflict);
    RUN(sub_warps_without_active_lanes_make_no_request);
    RUN(divergent_lines_merge_only_within_a_sub_warp);
    return check_summary();
}
