/* Inter-CTA reuse and the clustering paper's five sources; see locality_cta.h.
 *
 * The classification thresholds are this implementation's reading of the
 * paper's words, not numbers the paper gives:
 *   - data related: "irregular data structures (graphs, trees, hashes,
 *     pointer lists)" whose locality is "achieved by accident": a quarter or
 *     more of the warp instructions gather: the address steps between
 *     consecutive active lanes take more than 3 distinct values (a strided
 *     or 2-D-tiled access has one stride plus row jumps) (§4.4 reads this from a low coalescing degree;
 *     a strided access such as SYRK's is uncoalesced but regular, so the
 *     stride test is used instead);
 *   - write related: the reuse "could be evicted earlier by irrelevant
 *     writing from another CTA": a quarter of the inter-CTA reuse is read
 *     right after another CTA's store to the line;
 *   - streaming "rarely" has inter-CTA reuse: fewer than one line in ten
 *     is touched by a second CTA (inter-CTA reuse / cold requests);
 *   - algorithm vs cache-line related: whether the data itself (the same
 *     words) is used by several CTAs, or only the 128-byte line is shared. */
#include "analysis/locality_cta.h"
#include <stdlib.h>
#include <string.h>

#define CTA_BITS 24
#define LINE_LIMIT (1ull << (64 - CTA_BITS))
#define WORDS_MAX 512
#define GATHER_STEPS 3

static int maps_init(struct cta_reuse *r)
{
    if (blockmap_init(&r->line_cta, 4096) != 0)
        return -1;
    if (blockmap_init(&r->line, 4096) != 0) {
        blockmap_free(&r->line_cta);
        return -1;
    }
    if (blockmap_init(&r->word, 4096) != 0) {
        blockmap_free(&r->line_cta);
        blockmap_free(&r->line);
        return -1;
    }
    return 0;
}

static void maps_free(struct cta_reuse *r)
{
    blockmap_free(&r->line_cta);
    blockmap_free(&r->line);
    blockmap_free(&r->word);
}

int cta_reuse_init(struct cta_reuse *r, uint32_t line_bytes)
{
    memset(r, 0, sizeof *r);
    if (line_bytes < 4 || (line_bytes & (line_bytes - 1)))
        return -1;
    r->line_bytes = line_bytes;
    while ((1u << r->line_shift) < line_bytes)
        r->line_shift++;
    return maps_init(r);
}

void cta_reuse_free(struct cta_reuse *r)
{
    maps_free(r);
    memset(r, 0, sizeof *r);
}

static void sort_u64(uint64_t *v, int n)
{
    for (int i = 1; i < n; i++) {
        uint64_t x = v[i];
        int j = i - 1;
        while (j >= 0 && v[j] > x) {
            v[j + 1] = v[j];
            j--;
        }
        v[j + 1] = x;
    }
}

/* One line request of CTA cta: words w[0..n) (sorted, distinct) of line L. */
static int request(struct cta_reuse *r, const struct ccgpu_access *a, uint64_t L,
                   const uint64_t *w, int n)
{
    struct cta_reuse_counts *c = &r->c;
    uint32_t cta = a->cta;
    c->requests++;
    c->bytes_lines += r->line_bytes;
    c->bytes_wanted += 4u * (uint32_t)n;
    if (a->is_load)
        c->reads++;
    int added;
    uint32_t *ls = blockmap_insert(&r->line, L, 0, &added);
    if (!ls)
        return -1;
    if (added)
        c->cold++;
    else if (blockmap_find(&r->line_cta, L << CTA_BITS | cta))
        c->intra_cta++;
    else {
        c->inter_cta++;
        int same = 0;
        for (int i = 0; i < n && !same; i++) {
            const uint32_t *v = blockmap_find(&r->word, w[i]);
            same = v && ((*v >> 1) != cta || (*v & 1));
        }
        if (same)
            c->inter_same_data++;
        else
            c->inter_line_only++;
        if (a->is_load && (*ls & 1) && (*ls >> 1) != cta)
            c->write_broken++;
    }
    *ls = cta << 1 | (a->is_store ? 1u : 0u);
    if (!blockmap_insert(&r->line_cta, L << CTA_BITS | cta, 1, &added))
        return -1;
    for (int i = 0; i < n; i++) {
        uint32_t *v = blockmap_insert(&r->word, w[i], cta << 1, &added);
        if (!v)
            return -1;
        if (!added && (*v >> 1) != cta)
            *v |= 1;
    }
    return 0;
}

void cta_reuse_observe(void *ctx, const struct ccgpu_access *a)
{
    struct cta_reuse *r = ctx;
    if (r->error || a->space != CCGPU_SPACE_GLOBAL || !a->mask)
        return;
    if (a->cta >= (1u << CTA_BITS) - 1) {
        r->error = 2;
        return;
    }
    if (!r->started || a->launch != r->launch) {
        if (r->started) {
            maps_free(r);
            if (maps_init(r) != 0) {
                r->error = 1;
                return;
            }
        }
        r->started = 1;
        r->launch = a->launch;
    }
    r->c.insts++;
    /* regular: the address steps between consecutive active lanes take at
     * most GATHER_STEPS distinct values (a stride, plus the row jumps of a
     * 2-D thread block); a gather has more */
    int64_t steps[GATHER_STEPS + 1];
    int nsteps = 0, prev = -1, affine = 1;
    for (int lane = 0; lane < 32 && affine; lane++) {
        if (!(a->mask >> lane & 1))
            continue;
        if (prev >= 0) {
            int64_t d = (int64_t)(a->addr[lane] - a->addr[prev]);
            int k = 0;
            while (k < nsteps && steps[k] != d)
                k++;
            if (k == nsteps) {
                if (nsteps == GATHER_STEPS)
                    affine = 0;
                else
                    steps[nsteps++] = d;
            }
        }
        prev = lane;
    }
    r->c.irregular_insts += !affine;
    uint64_t w[WORDS_MAX];
    int n = 0;
    uint32_t bytes = a->bytes ? a->bytes : 4;
    for (int lane = 0; lane < 32; lane++) {
        if (!(a->mask >> lane & 1))
            continue;
        uint64_t first = a->addr[lane] >> 2, last = (a->addr[lane] + bytes - 1) >> 2;
        for (uint64_t x = first; x <= last && n < WORDS_MAX; x++)
            w[n++] = x;
    }
    sort_u64(w, n);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (m == 0 || w[i] != w[m - 1])
            w[m++] = w[i];
    for (int i = 0; i < m;) {
        uint64_t L = (w[i] << 2) >> r->line_shift;
        if (L >= LINE_LIMIT) {
            r->error = 2;
            return;
        }
        int j = i;
        while (j < m && ((w[j] << 2) >> r->line_shift) == L)
            j++;
        if (request(r, a, L, w + i, j - i) != 0) {
            r->error = 1;
            return;
        }
        i = j;
    }
}

static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

struct cta_class cta_classify(const struct cta_reuse_counts *c)
{
    struct cta_class k = { CTA_CAT_CACHE_LINE, 0, 0 };
    int write = c->inter_cta && ratio(c->write_broken, c->inter_cta) >= CTA_WRITE_BROKEN_MIN;
    int data = ratio(c->irregular_insts, c->insts) >= CTA_DATA_IRREGULAR_MIN;
    if (data)
        k.cat = CTA_CAT_DATA;
    else if (write)
        k.cat = CTA_CAT_WRITE;
    else if (ratio(c->inter_cta, c->cold) < CTA_STREAMING_SHARED_MAX)
        k.cat = CTA_CAT_STREAMING;
    else if (ratio(c->inter_same_data, c->inter_cta) >= CTA_ALGORITHM_SAME_MIN)
        k.cat = CTA_CAT_ALGORITHM;
    k.also_write = write && k.cat != CTA_CAT_WRITE;
    k.also_data = data && k.cat != CTA_CAT_DATA;
    return k;
}

const char *cta_category_name(enum cta_category c)
{
    static const char *const names[] = { "algorithm", "cache-line", "data", "write", "streaming" };
    return (unsigned)c < sizeof names / sizeof *names ? names[c] : "?";
}
