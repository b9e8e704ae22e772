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
 * bank is the B field mod nbanks.
 *
 * Partition indexing (gpgpu_memory_partition_indexing, as GPGPU-Sim's
 * address decoder): the channel found above may be hashed with the address
 * bits above the channel and sub-partition bits ("high": addr >> (lowest
 * channel bit + log2 channels + log2 sub-partitions per channel)):
 *   1 bitwise: channel ^= high mod channels;
 *   2 IPOLY: the sub-partition index, channel x nsub + (B field mod nsub),
 *     is XORed with high (its bits 0-12, 0-14 or 0-18 for 16, 32 or 64
 *     sub-partitions) times x^n modulo x^4+x+1, x^5+x^2+1 or x^6+x+1 over
 *     GF(2) (n = log2 of the sub-partition count): the I-Poly function
 *     GPGPU-Sim tabulates; the channel is the result / nsub and the
 *     sub-partition the result mod nsub.
 * The hash only moves lines between channels: the local address stays the
 * unhashed one (GPGPU-Sim's partition address), and as the hash is an XOR
 * with bits the local address keeps, addrmap_global can undo it. Modelled
 * for a power-of-two channel count with contiguous channel bits (dramid@N,
 * or contiguous D letters), IPOLY for 16, 32 or 64 sub-partitions; other
 * geometries, and GPGPU-Sim's 4 (random, first-touch rand()), keep the
 * consecutive mapping (addrmap_set_indexing says so). */
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

enum { ADDRMAP_CONSECUTIVE, ADDRMAP_BITWISE, ADDRMAP_IPOLY };

struct addrmap {
    uint32_t nchan, nbanks;
    uint32_t hash;            /* ADDRMAP_* partition indexing */
    uint32_t lchan, lsub;     /* log2 of the channels and of the sub-partitions per channel */
    uint32_t chan_lo;         /* the lowest channel bit of an address */
    uint32_t poly_n;          /* IPOLY: log2 sub-partitions; the polynomial; the high */
    uint64_t poly, high_mask; /* bits it uses */
    int chan_bit;                      /* dramid@N, or -1 when D bits are given */
    uint64_t mask[ADDRMAP_NFIELDS];    /* address bits of each field */
    struct addrmap_run runs[ADDRMAP_NFIELDS + 1][32]; /* fields, then "not D" */
    uint8_t nruns[ADDRMAP_NFIELDS + 1];
};

struct dram_addr {
    uint32_t chan, bank;
    uint32_t sub;   /* IPOLY indexing only (addrmap_locate): the sub-partition in chan */
    uint64_t row, col;
    uint64_t local; /* partition-local byte address (channel removed) */
};

int addrmap_init(struct addrmap *m, const char *spec, uint32_t nchan, uint32_t nbanks, char *err,
                 size_t errlen);
/* Partition indexing `kind` (gpgpu_memory_partition_indexing) for nsub
 * sub-partitions per channel: 0 applied, 1 not modelled for this geometry
 * or kind 4 (the mapping stays consecutive), -1 an unknown kind (err set). */
int addrmap_set_indexing(struct addrmap *m, uint32_t kind, uint32_t nsub, char *err,
                         size_t errlen);
void addrmap_decode(const struct addrmap *m, uint64_t addr, struct dram_addr *out);
/* addrmap_decode's chan and local only (bank, row and col left as they are). */
void addrmap_locate(const struct addrmap *m, uint64_t addr, struct dram_addr *out);
/* The bits of a partition-local address that pick one of nsub
 * sub-partitions before the partition indexing's hash: the lowest
 * log2(nsub) bank bits (GPGPU-Sim's sub_partition_id_mask, which its
 * partition address leaves out). */
uint64_t addrmap_sub_bits(const struct addrmap *m, uint32_t nsub);
/* The global address of a partition-local address (inverse of decode). */
uint64_t addrmap_global(const struct addrmap *m, uint32_t chan, uint64_t local);

#endif
