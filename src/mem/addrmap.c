#include "mem/addrmap.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Splits mask into runs of contiguous bits (at most 32: every other bit). */
static void make_runs(uint64_t mask, struct addrmap_run *runs, uint8_t *n)
{
    int dst = 0;
    *n = 0;
    while (mask) {
        int lo = __builtin_ctzll(mask);
        uint64_t ones = ~(mask >> lo);
        int w = ones ? __builtin_ctzll(ones) : 64;
        runs[(*n)++] = (struct addrmap_run){ (uint8_t)lo, (uint8_t)w, (uint8_t)dst };
        dst += w;
        if (lo + w >= 64)
            break;
        mask &= ~(((1ull << w) - 1) << lo);
    }
}

static uint64_t gather_runs(uint64_t v, const struct addrmap_run *runs, int n)
{
    uint64_t out = 0;
    for (int i = 0; i < n; i++) {
        uint64_t field = runs[i].width == 64 ? v : (v >> runs[i].shift) & ((1ull << runs[i].width) - 1);
        out |= field << runs[i].dst;
    }
    return out;
}

int addrmap_init(struct addrmap *m, const char *spec, uint32_t nchan, uint32_t nbanks, char *err,
                 size_t errlen)
{
    memset(m, 0, sizeof *m);
    m->nchan = nchan;
    m->nbanks = nbanks;
    m->chan_bit = -1;
    if (!nchan || !nbanks) {
        snprintf(err, errlen, "address mapping: zero channels or banks");
        return -1;
    }
    if (!spec || !*spec)
        spec = ADDRMAP_DEFAULT;
    const char *bits = spec;
    if (strncmp(spec, "dramid@", 7) == 0) {
        char *end;
        long n = strtol(spec + 7, &end, 10);
        if (end == spec + 7 || *end != ';' || n < 0 || n > 48) {
            snprintf(err, errlen, "address mapping '%s': dramid@N; needs a bit number 0..48", spec);
            return -1;
        }
        m->chan_bit = (int)n;
        bits = end + 1;
    }
    int nbits = 0;
    for (const char *p = bits; *p; p++)
        nbits += *p != '.';
    if (nbits == 0 || nbits > 64) {
        snprintf(err, errlen, "address mapping '%s': needs 1..64 bit letters", spec);
        return -1;
    }
    int bit = nbits - 1;
    for (const char *p = bits; *p; p++) {
        int f;
        switch (*p) {
        case '.': continue;
        case '0': bit--; continue;
        case 'D': f = ADDRMAP_D; break;
        case 'B': f = ADDRMAP_B; break;
        case 'R': f = ADDRMAP_R; break;
        case 'C':
        case 'S': f = ADDRMAP_C; break;
        default:
            snprintf(err, errlen, "address mapping '%s': letter '%c' is not one of D B R C S 0 .", spec,
                     *p);
            return -1;
        }
        m->mask[f] |= 1ull << bit--;
    }
    int dbits = __builtin_popcountll(m->mask[ADDRMAP_D]);
    if (dbits && m->chan_bit >= 0) {
        snprintf(err, errlen, "address mapping '%s': give D bits or dramid@N, not both", spec);
        return -1;
    }
    if (dbits ? (1ull << dbits) != nchan : (m->chan_bit < 0 && nchan > 1)) {
        snprintf(err, errlen, "address mapping '%s': %d D bits cannot select %u channels", spec, dbits,
                 nchan);
        return -1;
    }
    if (m->chan_bit < 0 && !dbits)
        m->chan_bit = 0; /* one channel */
    for (int f = 0; f < ADDRMAP_NFIELDS; f++)
        make_runs(m->mask[f], m->runs[f], &m->nruns[f]);
    make_runs(~m->mask[ADDRMAP_D], m->runs[ADDRMAP_NFIELDS], &m->nruns[ADDRMAP_NFIELDS]);
    int bbits = __builtin_popcountll(m->mask[ADDRMAP_B]);
    if (bbits > 30 || (1u << bbits) < nbanks) {
        snprintf(err, errlen, "address mapping '%s': %d B bits cannot select %u banks", spec, bbits,
                 nbanks);
        return -1;
    }
    return 0;
}

static uint64_t scatter(uint64_t v, uint64_t mask)
{
    uint64_t out = 0;
    while (mask) {
        int b = __builtin_ctzll(mask);
        out |= (v & 1) << b;
        v >>= 1;
        mask &= mask - 1;
    }
    return out;
}

int addrmap_set_indexing(struct addrmap *m, uint32_t kind, uint32_t nsub, char *err,
                         size_t errlen)
{
    m->hash = ADDRMAP_CONSECUTIVE;
    if (kind > 5) {
        snprintf(err, errlen, "partition indexing %u is not 0 (consecutive), 1 (bitwise), "
                              "2 (IPOLY), 3 (PAE), 4 (random) or 5 (custom)", kind);
        return -1;
    }
    if (kind == 0)
        return 0;
    uint64_t d = m->mask[ADDRMAP_D];
    uint32_t lchan = (uint32_t)__builtin_ctz(m->nchan | 1u << 31);
    int contiguous = m->chan_bit >= 0 || (d >> __builtin_ctzll(d)) + 1 == 1ull << lchan;
    if ((kind != 1 && kind != 2) || !nsub || (m->nchan & (m->nchan - 1)) || (nsub & (nsub - 1)) ||
        !contiguous)
        return 1;
    m->lchan = lchan;
    m->lsub = (uint32_t)__builtin_ctz(nsub);
    m->chan_lo = m->chan_bit >= 0 ? (uint32_t)m->chan_bit : (uint32_t)__builtin_ctzll(d);
    if (kind == 2) {
        /* GPGPU-Sim's I-Poly tables: 16, 32, 64 sub-partitions; the high
         * bits each uses; the polynomial they are the residues of */
        static const struct { uint32_t n, bits; uint64_t poly; } t[] = {
            { 4, 13, 0x13 }, { 5, 15, 0x25 }, { 6, 19, 0x43 },
        };
        uint32_t n = m->lchan + m->lsub, i;
        for (i = 0; i < 3 && t[i].n != n; i++)
            ;
        if (i == 3)
            return 1;
        m->poly_n = n;
        m->poly = t[i].poly;
        m->high_mask = (1ull << t[i].bits) - 1;
    }
    m->hash = kind == 1 ? ADDRMAP_BITWISE : ADDRMAP_IPOLY;
    return 0;
}

/* (high x x^n) mod poly over GF(2), high below 2^19: the I-Poly residue. */
static uint32_t ipoly_residue(const struct addrmap *m, uint64_t high)
{
    uint64_t v = (high & m->high_mask) << m->poly_n;
    uint32_t n = m->poly_n;
    while (v >> n) {
        int top = 63 - __builtin_clzll(v);
        v ^= m->poly << (top - (int)n);
    }
    return (uint32_t)v;
}

/* The address the B letters describe, from a local address (the D bits, the
 * only ones the local address lacks, are not B bits). */
static uint64_t b_source(const struct addrmap *m, uint64_t local)
{
    return m->chan_bit >= 0 ? local : scatter(local, ~m->mask[ADDRMAP_D]);
}

/* The hashed channel (and, IPOLY, sub-partition) of an unhashed channel
 * chan whose local address is local. */
static void hash_chan(const struct addrmap *m, uint32_t chan, uint64_t local, struct dram_addr *o)
{
    uint32_t lsub = m->lsub;
    /* the address bits above the channel and sub-partition bits, read from
     * the local address (the channel bits squeezed out at chan_lo) */
    uint64_t high = local >> (m->chan_lo + lsub);
    if (m->hash == ADDRMAP_BITWISE) {
        o->chan = chan ^ (uint32_t)(high & (m->nchan - 1));
        return;
    }
    uint32_t nsub = 1u << lsub;
    uint32_t bk = (uint32_t)gather_runs(b_source(m, local), m->runs[ADDRMAP_B], m->nruns[ADDRMAP_B]);
    uint32_t sp = (chan * nsub + (bk & (nsub - 1))) ^ ipoly_residue(m, high);
    o->chan = sp >> lsub;
    o->sub = sp & (nsub - 1);
}

/* The unhashed channel of hashed channel chan with local address local. */
static uint32_t unhash_chan(const struct addrmap *m, uint32_t chan, uint64_t local)
{
    uint32_t lsub = m->lsub;
    uint64_t high = local >> (m->chan_lo + lsub);
    if (m->hash == ADDRMAP_BITWISE)
        return chan ^ (uint32_t)(high & (m->nchan - 1));
    uint32_t nsub = 1u << lsub, h = ipoly_residue(m, high);
    uint32_t bk = (uint32_t)gather_runs(b_source(m, local), m->runs[ADDRMAP_B], m->nruns[ADDRMAP_B]);
    uint32_t sp = chan << lsub | (((bk & (nsub - 1)) ^ h) & (nsub - 1));
    return (sp ^ h) >> lsub;
}


uint64_t addrmap_sub_bits(const struct addrmap *m, uint32_t nsub)
{
    uint64_t bits = 0, b = m->mask[ADDRMAP_B];
    for (uint32_t n = 1; n < nsub && b; n *= 2, b &= b - 1)
        bits |= b & -b;
    if (m->chan_bit >= 0) /* the B letters describe the local address */
        return bits;
    uint64_t local = 0; /* the address's: to the local address's places (D bits out) */
    for (; bits; bits &= bits - 1) {
        uint32_t g = (uint32_t)__builtin_ctzll(bits);
        local |= 1ull << __builtin_popcountll(~m->mask[ADDRMAP_D] & ((1ull << g) - 1));
    }
    return local;
}

uint64_t addrmap_global(const struct addrmap *m, uint32_t chan, uint64_t local)
{
    if (m->hash)
        chan = unhash_chan(m, chan, local);
    if (m->chan_bit >= 0) {
        uint64_t lo = local & ((1ull << m->chan_bit) - 1);
        return (((local >> m->chan_bit) * m->nchan + chan) << m->chan_bit) | lo;
    }
    return scatter(chan, m->mask[ADDRMAP_D]) | scatter(local, ~m->mask[ADDRMAP_D]);
}

/* Sets o->chan and o->local; returns the address the B, R and C letters
 * describe. */
static inline uint64_t locate(const struct addrmap *m, uint64_t addr, struct dram_addr *o)
{
    if (m->chan_bit >= 0) {
        uint64_t hi = addr >> m->chan_bit, lo = addr & ((1ull << m->chan_bit) - 1);
        o->chan = (uint32_t)(hi % m->nchan);
        o->local = ((hi / m->nchan) << m->chan_bit) | lo;
        return o->local;
    }
    o->chan = (uint32_t)gather_runs(addr, m->runs[ADDRMAP_D], m->nruns[ADDRMAP_D]);
    /* D bits squeezed out */
    o->local = gather_runs(addr, m->runs[ADDRMAP_NFIELDS], m->nruns[ADDRMAP_NFIELDS]);
    return addr;
}

/* locate, then the partition indexing's hash */
static inline uint64_t locate_hashed(const struct addrmap *m, uint64_t addr, struct dram_addr *o)
{
    uint64_t src = locate(m, addr, o);
    if (m->hash)
        hash_chan(m, o->chan, o->local, o);
    return src;
}

void addrmap_locate(const struct addrmap *m, uint64_t addr, struct dram_addr *o)
{
    (void)locate_hashed(m, addr, o);
}

void addrmap_decode(const struct addrmap *m, uint64_t addr, struct dram_addr *o)
{
    uint64_t src = locate_hashed(m, addr, o);
    o->bank = (uint32_t)(gather_runs(src, m->runs[ADDRMAP_B], m->nruns[ADDRMAP_B]) % m->nbanks);
    o->row = gather_runs(src, m->runs[ADDRMAP_R], m->nruns[ADDRMAP_R]);
    o->col = gather_runs(src, m->runs[ADDRMAP_C], m->nruns[ADDRMAP_C]);
}
