/* PRIC / I-Poly set indexing (SACAT paper §4.3, after Rau): the set is the
 * block number, read as a polynomial over GF(2), modulo an irreducible
 * polynomial P of degree log2(nsets). "ipoly" uses a default P per set count
 * (Poly(37) = x^5+x^2+1 for 32 sets, as in the paper); "ipoly:P" picks P,
 * given as an integer whose bit i is the coefficient of x^i (e.g. 37, 0x25).
 *
 * Reading chosen: the paper's Fig. 8 (and GPGPU-Sim's table) XOR only address
 * bits A[26:7]; we reduce the whole block number, which is the polynomial
 * modulus the paper defines and equals the table for addresses below 2^27. */
#include "ccgpu_policy.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

/* Index = log2(nsets); one irreducible polynomial of each degree 1..12. */
static const uint32_t ipoly_default[13] = {
    0,
    0x3,    /* x+1 */
    0x7,    /* x^2+x+1 */
    0xb,    /* x^3+x+1 */
    0x13,   /* x^4+x+1 */
    0x25,   /* x^5+x^2+1, Poly(37) */
    0x43,   /* x^6+x+1 */
    0x83,   /* x^7+x+1 */
    0x11b,  /* x^8+x^4+x^3+x+1 */
    0x211,  /* x^9+x^4+1 */
    0x409,  /* x^10+x^3+1 */
    0x805,  /* x^11+x^2+1 */
    0x1009, /* x^12+x^3+1 */
};

static int degree(uint64_t p)
{
    return p ? 63 - __builtin_clzll(p) : -1;
}

/* a mod b over GF(2); b != 0. */
static uint64_t gf2_mod(uint64_t a, uint64_t b)
{
    int db = degree(b);
    for (int da = degree(a); da >= db; da = degree(a))
        a ^= b << (da - db);
    return a;
}

/* Irreducible over GF(2): no divisor of degree 1..deg/2 (trial division). */
static int ipoly_irreducible(uint64_t p)
{
    int d = degree(p);
    if (d < 1)
        return 0;
    for (uint64_t q = 2; degree(q) <= d / 2; q++)
        if (gf2_mod(p, q) == 0)
            return 0;
    return 1;
}

static int ipoly_init(struct cache_index *idx, const char *args, char *err, size_t errlen)
{
    uint32_t n = idx->log2_nsets;
    if ((idx->nsets & (idx->nsets - 1)) != 0 || n < 1 || n > 31) {
        snprintf(err, errlen, "cache index ipoly: set count %u is not a power of two in 2..2^31",
                 idx->nsets);
        return -1;
    }
    uint64_t p;
    if (args && *args) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(args, &end, 0);
        if (errno || *end || *args == '-') {
            snprintf(err, errlen, "cache index ipoly: bad polynomial '%s'", args);
            return -1;
        }
        p = v;
        if (degree(p) != (int)n) {
            snprintf(err, errlen, "cache index ipoly: polynomial %s has degree %d, %u sets need %u",
                     args, degree(p), idx->nsets, n);
            return -1;
        }
        if (!ipoly_irreducible(p)) {
            snprintf(err, errlen, "cache index ipoly: polynomial %s is reducible", args);
            return -1;
        }
    } else {
        if (n >= sizeof ipoly_default / sizeof ipoly_default[0]) {
            snprintf(err, errlen, "cache index ipoly: no default polynomial for %u sets; give ipoly:P",
                     idx->nsets);
            return -1;
        }
        p = ipoly_default[n];
    }
    idx->param = p;
    return 0;
}

static uint32_t ipoly_set_of(const struct cache_index *idx, uint64_t block)
{
    uint64_t p = idx->param;
    int n = (int)idx->log2_nsets;
    /* Reduce from the top bit down; each step clears the leading term. */
    while (block >> n) {
        int d = 63 - __builtin_clzll(block);
        block ^= p << (d - n);
    }
    return (uint32_t)block;
}

const struct cache_index_ops cache_index_ipoly = {
    .version = 1,
    .name = "ipoly",
    .alias = "P",
    .init = ipoly_init,
    .set_of = ipoly_set_of,
};
