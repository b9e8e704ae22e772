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

uint64_t addrmap_global(const struct addrmap *m, uint32_t chan, uint64_t local)
{
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

void addrmap_locate(const struct addrmap *m, uint64_t addr, struct dram_addr *o)
{
    (void)locate(m, addr, o);
}

void addrmap_decode(const struct addrmap *m, uint64_t addr, struct dram_addr *o)
{
    uint64_t src = locate(m, addr, o);
    o->bank = (uint32_t)(gather_runs(src, m->runs[ADDRMAP_B], m->nruns[ADDRMAP_B]) % m->nbanks);
    o->row = gather_runs(src, m->runs[ADDRMAP_R], m->nruns[ADDRMAP_R]);
    o->col = gather_runs(src, m->runs[ADDRMAP_C], m->nruns[ADDRMAP_C]);
}
