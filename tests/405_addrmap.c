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

int main(void)
{
    RUN(default_fermi_mapping_six_channels);
    RUN(explicit_channel_bits);
    RUN(scattered_bits_match_bit_by_bit_reference);
    RUN(locate_agrees_with_decode);
    RUN(bad_mappings);
    return check_summary();
}
