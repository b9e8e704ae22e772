#include "timing/coalescer.h"
#include <string.h>

/* The request of the current sub-warp for line, found through the index
 * (a line's requests were looked for by a scan of the sub-warp's requests,
 * quadratic in an uncoalesced warp's 32 lines), else a new one appended
 * (none when COALESCE_MAX are there). The requests come out in the same
 * order either way: by the first lane that touches each line. */
static void merge(struct coalesced *o, uint64_t line, uint8_t mask)
{
    uint32_t h = (uint32_t)((line * 0x9e3779b97f4a7c15ull) >> 56);
    while (o->hgen[h] == o->gen && o->line[o->hidx[h]] != line)
        h = (h + 1) & (COALESCE_HASH - 1);
    if (o->hgen[h] == o->gen) {
        o->sectors[o->hidx[h]] |= mask;
    } else if (o->n < COALESCE_MAX) {
        o->hgen[h] = o->gen;
        o->hidx[h] = (uint8_t)o->n;
        o->line[o->n] = line;
        o->sectors[o->n++] = mask;
    }
}
_Static_assert(COALESCE_MAX <= 256 && COALESCE_HASH == 256 && COALESCE_HASH >= 2 * COALESCE_MAX,
               "merge: request indices in a byte, 8 hash bits, the table never full");

/* A new sub-warp: the index's entries become empty. */
static void new_generation(struct coalesced *o)
{
    if (++o->gen == 0) { /* after 2^32 sub-warps: empty the table itself */
        memset(o->hgen, 0, sizeof o->hgen);
        o->gen = 1;
    }
}

/* Adds the bytes [a, a+bytes) to the requests of the current sub-warp. */
static void add(struct coalesced *o, uint32_t from, uint64_t a, uint32_t bytes, uint32_t ls,
                uint32_t ss)
{
    uint64_t end = a + bytes; /* exclusive */
    while (a < end) {
        uint64_t line = a >> ls << ls;
        uint64_t stop = line + (1ull << ls) < end ? line + (1ull << ls) : end;
        uint32_t s0 = (uint32_t)((a - line) >> ss), s1 = (uint32_t)((stop - 1 - line) >> ss);
        uint8_t mask = (uint8_t)(((2u << s1) - 1) & ~((1u << s0) - 1));
        /* consecutive lanes usually share the line found last */
        if (o->n > from && o->line[o->n - 1] == line)
            o->sectors[o->n - 1] |= mask;
        else
            merge(o, line, mask);
        a = stop;
    }
}

/* Appends the requests of the lanes in mask. */
static void coalesce_lanes(const struct ptx_dyninst *d, uint32_t mask, uint32_t line_shift,
                           uint32_t sector_shift, const struct coalesce_local *loc,
                           struct coalesced *out)
{
    uint32_t bytes = (uint32_t)d->access_size * (d->vec ? d->vec : 1);
    uint32_t from = out->n;
    new_generation(out);
    if (!loc && bytes && mask && out->n < COALESCE_MAX) {
        /* fully coalesced (every lane in one line): one pass, no search */
        uint64_t first = d->addr[__builtin_ctz(mask)] >> line_shift, diff = 0;
        uint32_t smask = (1u << (line_shift - sector_shift)) - 1, sec = 0;
        for (uint32_t m = mask; m; m &= m - 1) {
            uint64_t a = d->addr[__builtin_ctz(m)], e = a + bytes - 1;
            diff |= ((a >> line_shift) ^ first) | ((e >> line_shift) ^ first);
            uint32_t s0 = (uint32_t)(a >> sector_shift) & smask;
            uint32_t s1 = (uint32_t)(e >> sector_shift) & smask;
            sec |= ((2u << s1) - 1) & ~((1u << s0) - 1);
        }
        if (!diff) {
            out->line[out->n] = first << line_shift;
            out->sectors[out->n++] = (uint8_t)sec;
            return;
        }
    }
    while (mask) {
        uint32_t lane = (uint32_t)__builtin_ctz(mask);
        mask &= mask - 1;
        uint64_t a = d->addr[lane];
        if (loc) {
            uint64_t t = loc->first_thread + lane;
            for (uint64_t off = a >> 2 << 2; off < a + bytes; off += 4)
                add(out, from, loc->base + (off >> 2) * loc->stride + t * 4, 4, line_shift,
                    sector_shift);
        } else if (bytes && !((a ^ (a + bytes - 1)) >> line_shift)) {
            /* the common case, inline: the lane's bytes lie in one line */
            uint64_t line = a >> line_shift << line_shift;
            uint32_t s0 = (uint32_t)((a - line) >> sector_shift);
            uint32_t s1 = (uint32_t)((a + bytes - 1 - line) >> sector_shift);
            uint8_t m = (uint8_t)(((2u << s1) - 1) & ~((1u << s0) - 1));
            if (out->n > from && out->line[out->n - 1] == line)
                out->sectors[out->n - 1] |= m;
            else
                add(out, from, a, bytes, line_shift, sector_shift);
        } else {
            add(out, from, a, bytes ? bytes : 1, line_shift, sector_shift);
        }
    }
}

void coalesce(const struct ptx_dyninst *d, uint32_t parts, uint32_t line_shift,
              uint32_t sector_shift, const struct coalesce_local *loc, struct coalesced *out)
{
    out->n = 0;
    if (line_shift - sector_shift > 3)
        sector_shift = line_shift - 3; /* at most 8 sectors (cache.h) */
    if (parts <= 1) {
        coalesce_lanes(d, d->exec_mask, line_shift, sector_shift, loc, out);
        return;
    }
    uint32_t width = 32 / parts, part_mask = width >= 32 ? ~0u : (1u << width) - 1;
    for (uint32_t p = 0; p < parts; p++) {
        uint32_t m = d->exec_mask & (part_mask << (p * width));
        if (m)
            coalesce_lanes(d, m, line_shift, sector_shift, loc, out);
    }
}

void coalesce_atomic(const struct ptx_dyninst *d, uint32_t parts, struct coalesced *out)
{
    uint32_t bytes = (uint32_t)d->access_size * (d->vec ? d->vec : 1);
    uint32_t used[32]; /* bytes of each request's chunk taken so far */
    out->n = 0;
    if (parts < 1)
        parts = 1;
    uint32_t width = 32 / parts, part_mask = width >= 32 ? ~0u : (1u << width) - 1;
    for (uint32_t p = 0; p < parts; p++) {
        uint32_t from = out->n;
        for (uint32_t m = d->exec_mask & (part_mask << (p * width)); m; m &= m - 1) {
            uint64_t a = d->addr[__builtin_ctz(m)], chunk = a >> 5 << 5;
            uint32_t off = (uint32_t)(a - chunk), n = bytes ? bytes : 1;
            uint32_t want = (n >= 32 || off + n > 32 ? ~0u : ((1u << n) - 1)) << off;
            uint32_t i;
            for (i = from; i < out->n; i++)
                if (out->line[i] == chunk && !(used[i] & want))
                    break;
            if (i == out->n) {
                if (out->n == 32)
                    break; /* cannot happen: one request per lane at most */
                out->line[i] = chunk;
                out->sectors[i] = 1;
                used[i] = 0;
                out->n++;
            }
            used[i] |= want;
        }
    }
}
