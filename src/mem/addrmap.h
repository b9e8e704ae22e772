/* Address mapping from a global byte address to DRAM channel (= memory
 * partition), bank, row and column, in GPGPU-Sim's gpgpu_mem_addr_mapping
 * bit-string form:
 *
 *   [dramid@N;]BITS     e.g. dramid@8;0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS
 *
 * BITS lists address bits from the most significant (left) to bit 0
 * (right); '.' separates for reading. Each letter sends its bit to a field,
 * gathered low bit first: D channel, B bank, R row, C or S column, 0 unused.
 * Reading chosen for "dramid@N" (needed when the channel count is not a
 * power of two, GPGPU-Sim's usual form): with no D letters, the channel is
 * (addr >> N) mod nchan, and the quotient replaces those bits, so the
 * partition-local address is ((addr >> N) / nchan) << N | addr mod 2^N; BITS
 * then applies to that local address. With D letters the B, R and C letters
 * describe the address itself and the local address drops the D bits. The
 * bank is the B field mod nbanks. */
#ifndef CCGPU_MEM_ADDRMAP_H
#define CCGPU_MEM_ADDRMAP_H
#include <stddef.h>
#include <stdint.h>

/* GTX480-like default (GPGPU-Sim's Fermi configuration string). */
#define ADDRMAP_DEFAULT \
    "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS"

enum { ADDRMAP_D, ADDRMAP_B, ADDRMAP_R, ADDRMAP_C, ADDRMAP_NFIELDS };

/* A run of contiguous address bits that lands contiguously in a field. */
struct addrmap_run {
    uint8_t shift, width, dst;
};

struct addrmap {
    uint32_t nchan, nbanks;
    int chan_bit;                      /* dramid@N, or -1 when D bits are given */
    uint64_t mask[ADDRMAP_NFIELDS];    /* address bits of each field */
    struct addrmap_run runs[ADDRMAP_NFIELDS + 1][32]; /* fields, then "not D" */
    uint8_t nruns[ADDRMAP_NFIELDS + 1];
};

struct dram_addr {
    uint32_t chan, bank;
    uint64_t row, col;
    uint64_t local; /* partition-local byte address (channel removed) */
};

int addrmap_init(struct addrmap *m, const char *spec, uint32_t nchan, uint32_t nbanks, char *err,
                 size_t errlen);
void addrmap_decode(const struct addrmap *m, uint64_t addr, struct dram_addr *out);
/* addrmap_decode's chan and local only (bank, row and col left as they are). */
void addrmap_locate(const struct addrmap *m, uint64_t addr, struct dram_addr *out);
/* The global address of a partition-local address (inverse of decode). */
uint64_t addrmap_global(const struct addrmap *m, uint32_t chan, uint64_t local);

#endif
