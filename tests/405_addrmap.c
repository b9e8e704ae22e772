/* Address mapping in GPGPU-Sim's bit-string form. */
#include "check.h"
#include "mem/addrmap.h"

TEST(default_fermi_mapping_six_channels)
{
    struct addrmap m;
    struct dram_addr a;
    char err[256];
    CHECK_EQ_INT(addrmap_init(&m, NULL, 6, 16, err, sizeof err), 0);
    for (uint32_t c = 0; c < 12; c++) {
        addrmap_decode(&m, (uint64_t)c * 256 + 5, &a);
        CHECK_EQ_INT(a.chan, c % 6);
        CHECK_EQ_U64(a.local, (uint64_t)(c / 6) * 256 + 5);
    }
    /* local bit 7 and bits 12..14 are the bank; bits 15.. the row */
    addrmap_decode(&m, 0x80, &a); /* channel 0, local 0x80 */
    CHECK_EQ_INT(a.chan, 0);
    CHECK_EQ_INT(a.bank, 1);
    uint64_t local = (5ull << 15) | (3ull << 12) | 0x40; /* row 5, bank bits 1..2, column */
    uint64_t addr = ((local >> 8) * 6 + 2) << 8 | (local & 0xff);
    addrmap_decode(&m, addr, &a);
    CHECK_EQ_INT(a.chan, 2);
    CHECK_EQ_U64(a.local, local);
    CHECK_EQ_INT(a.bank, 6);
    CHECK_EQ_U64(a.row, 5);
    CHECK_EQ_U64(a.col, 0x40);
    CHECK_EQ_U64(addrmap_global(&m, a.chan, a.local), addr);
}

TEST(explicit_channel_bits)
{
    struct addrmap m;
    struct dram_addr a;
    char err[256];
    CHECK_EQ_INT(addrmap_init(&m, "RRRR.BBDD.CCCC.CCCC", 4, 4, err, sizeof err), 0);
    addrmap_decode(&m, (0x9u << 12) | (0x2u << 10) | (0x3u << 8) | 0x17, &a);
    CHECK_EQ_INT(a.chan, 3);
    CHECK_EQ_INT(a.bank, 2);
    CHECK_EQ_U64(a.row, 9);
    CHECK_EQ_U64(a.col, 0x17);
    CHECK_EQ_U64(a.local, (0x9u << 10) | (0x2u << 8) | 0x17);
    uint64_t x = 12345;
    for (int i = 0; i < 1000; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        uint64_t g = x & 0xffff;
        addrmap_decode(&m, g, &a);
        CHECK_EQ_U64(addrmap_global(&m, a.chan, a.local), g);
    }
}

/* Bit-by-bit reference for a letter's field. */
static uint64_t naive(const char *bits, char letter, uint64_t addr)
{
    int n = 0;
    for (const char *p = bits; *p; p++)
        n += *p != '.';
    uint64_t out = 0;
    int k = 0;
    for (int b = 0; b < n; b++) { /* bit b is the (n-1-b)-th letter */
        int idx = n - 1 - b, seen = 0;
        const char *p = bits;
        for (; *p; p++)
            if (*p != '.' && seen++ == idx)
                break;
        char c = *p == 'S' ? 'C' : *p;
        if (c == letter)
            out |= ((addr >> b) & 1) << k++;
    }
    return out;
}

TEST(scattered_bits_match_bit_by_bit_reference)
{
    const char *bits = "RRBRBRRB.CCDCDCC.BDCRDCCR";
    struct addrmap m;
    struct dram_addr a;
    char err[256];
    CHECK_EQ_INT(addrmap_init(&m, bits, 16, 16, err, sizeof err), 0);
    uint64_t x = 99;
    for (int i = 0; i < 2000; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        uint64_t g = x & 0xffffff;
        addrmap_decode(&m, g, &a);
        CHECK_EQ_U64(a.chan, naive(bits, 'D', g));
        CHECK_EQ_U64(a.bank, naive(bits, 'B', g));
        CHECK_EQ_U64(a.row, naive(bits, 'R', g));
        CHECK_EQ_U64(a.col, naive(bits, 'C', g));
        CHECK_EQ_U64(addrmap_global(&m, a.chan, a.local), g);
    }
}

TEST(locate_agrees_with_decode)
{
    /* addrmap_locate (the memory system's channel lookup) gives decode's
     * channel and local address, with D bits and with dramid@N */
    const char *specs[] = { "RRBRBRRB.CCDCDCC.BDCRDCCR", ADDRMAP_DEFAULT };
    const uint32_t nchan[] = { 16, 6 };
    for (int k = 0; k < 2; k++) {
        struct addrmap m;
        char err[256];
        CHECK_EQ_INT(addrmap_init(&m, specs[k], nchan[k], 16, err, sizeof err), 0);
        uint64_t x = 7 + (uint64_t)k;
        for (int i = 0; i < 2000; i++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            struct dram_addr a, b = { 0 };
            addrmap_decode(&m, x & 0xffffffffffull, &a);
            addrmap_locate(&m, x & 0xffffffffffull, &b);
            CHECK_EQ_U64(b.chan, a.chan);
            CHECK_EQ_U64(b.local, a.local);
        }
    }
}

TEST(bad_mappings)
{
    struct addrmap m;
    char err[256];
    CHECK_EQ_INT(addrmap_init(&m, "RRRX.CCCC", 1, 1, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "letter 'X'");
    CHECK_EQ_INT(addrmap_init(&m, "RRDD.BCCC", 8, 2, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "2 D bits cannot select 8 channels");
    CHECK_EQ_INT(addrmap_init(&m, "RRRB.CCCC", 2, 2, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "0 D bits");
    CHECK_EQ_INT(addrmap_init(&m, "dramid@8;RRRB.CCCC", 2, 4, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "1 B bits cannot select 4 banks");
    CHECK_EQ_INT(addrmap_init(&m, "dramid@x;RRRB.CCCC", 2, 2, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "dramid@N");
}

/* GPGPU-Sim's SM7_QV100 geometry: 32 channels, 2 sub-partitions each,
 * IPOLY over 64 sub-partitions */
#define QV100_MAP "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS"

static uint64_t next_rand(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 11;
}

TEST(ipoly_partition_indexing)
{
    struct addrmap m;
    char err[256];
    struct dram_addr a;
    CHECK_EQ_INT(addrmap_init(&m, QV100_MAP, 32, 16, err, sizeof err), 0);
    CHECK_EQ_INT(addrmap_set_indexing(&m, 2, 2, err, sizeof err), 0);
    /* hand-checked against GPGPU-Sim's 64-sub-partition table: the high
     * bits are addr >> 14 (8 + 5 channel bits + 1 sub-partition bit);
     * high bit 0 alone flips index bits 0 and 1 (sub-partition 3 =
     * channel 1, sub 1); high bit 18 flips bits 0 and 4 (17 = channel 8,
     * sub 1); high bit 19 is beyond the table (channel 0) */
    addrmap_locate(&m, 1ull << 14, &a);
    CHECK_EQ_U64(a.chan, 1);
    CHECK_EQ_U64(a.sub, 1);
    addrmap_locate(&m, 1ull << 32, &a);
    CHECK_EQ_U64(a.chan, 8);
    CHECK_EQ_U64(a.sub, 1);
    addrmap_locate(&m, 1ull << 33, &a);
    CHECK_EQ_U64(a.chan, 0);
    CHECK_EQ_U64(a.sub, 0);
    /* the unhashed index passes through when the high bits are 0: channel
     * bits 8-12, the sub-partition the bank bit at 13 */
    addrmap_locate(&m, (5ull << 8) | (1ull << 13), &a);
    CHECK_EQ_U64(a.chan, 5);
    CHECK_EQ_U64(a.sub, 1);
    /* a bijection: the global address comes back from (channel, local),
     * and the local address is the unhashed one */
    struct addrmap plain;
    CHECK_EQ_INT(addrmap_init(&plain, QV100_MAP, 32, 16, err, sizeof err), 0);
    uint64_t seed = 7;
    for (int i = 0; i < 20000; i++) {
        uint64_t addr = next_rand(&seed) & ((1ull << 40) - 1);
        struct dram_addr b;
        addrmap_decode(&m, addr, &a);
        addrmap_decode(&plain, addr, &b);
        CHECK_EQ_U64(a.local, b.local);
        CHECK_EQ_U64(a.bank, b.bank);
        CHECK_EQ_U64(a.row, b.row);
        CHECK_EQ_U64(addrmap_global(&m, a.chan, a.local), addr);
    }
    /* a power-of-two stride that camps on one channel consecutively (16
     * KB: every line in channel 0) is spread over the sub-partitions */
    uint64_t seen = 0;
    for (uint64_t k = 0; k < 64; k++) {
        addrmap_locate(&m, k << 14, &a);
        seen |= 1ull << (a.chan * 2 + a.sub);
        addrmap_locate(&plain, k << 14, &a);
        CHECK_EQ_U64(a.chan, 0);
    }
    CHECK_EQ_U64(seen, ~0ull);
}

TEST(bitwise_partition_indexing_and_unmodelled)
{
    struct addrmap m;
    char err[256];
    struct dram_addr a;
    CHECK_EQ_INT(addrmap_init(&m, "dramid@8;RRRRRRRR.BBBBCCCC.CCSSSSSS", 8, 16, err, sizeof err), 0);
    CHECK_EQ_INT(addrmap_set_indexing(&m, 1, 1, err, sizeof err), 0);
    /* the channel XOR the bits above it (addr >> 11) mod 8 */
    addrmap_locate(&m, (3ull << 8) | (6ull << 11), &a);
    CHECK_EQ_U64(a.chan, 3 ^ 6);
    uint64_t seed = 11;
    for (int i = 0; i < 5000; i++) {
        uint64_t addr = next_rand(&seed) & ((1ull << 36) - 1);
        addrmap_locate(&m, addr, &a);
        CHECK_EQ_U64(addrmap_global(&m, a.chan, a.local), addr);
    }
    /* 24 channels (GPGPU-Sim's TITANV), random indexing, 128
     * sub-partitions: not modelled, the mapping stays consecutive */
    CHECK_EQ_INT(addrmap_init(&m, QV100_MAP, 24, 16, err, sizeof err), 0);
    CHECK_EQ_INT(addrmap_set_indexing(&m, 2, 2, err, sizeof err), 1);
    CHECK_EQ_INT(addrmap_set_indexing(&m, 4, 2, err, sizeof err), 1);
    CHECK_EQ_INT(addrmap_init(&m, QV100_MAP, 32, 16, err, sizeof err), 0);
    CHECK_EQ_INT(addrmap_set_indexing(&m, 2, 4, err, sizeof err), 1);
    addrmap_locate(&m, 1ull << 14, &a);
    CHECK_EQ_U64(a.chan, 0);
    CHECK_EQ_INT(addrmap_set_indexing(&m, 9, 2, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "partition indexing 9");
}

int main(void)
{
    RUN(ipoly_partition_indexing);
    RUN(bitwise_partition_indexing_and_unmodelled);
    RUN(default_fermi_mapping_six_channels);
    RUN(explicit_channel_bits);
    RUN(scattered_bits_match_bit_by_bit_reference);
    RUN(locate_agrees_with_decode);
    RUN(bad_mappings);
    return check_summary();
}
