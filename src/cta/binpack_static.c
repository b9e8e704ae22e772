/* Static-TLP packing (AWSS Problem 2): every step holds exactly k CTAs, the
 * last one the remainder. Worst-fit decreasing with per-bin quotas gives a
 * balanced start; then pairwise swaps between an over-capacity bin and another
 * bin repair it while the total overflow shrinks. The paper leaves the packer
 * open ("any k-cardinality bin packing algorithm"); a plain k-cardinality
 * packer may leave steps with fewer than k CTAs, which a fixed-TLP launch
 * cannot express, hence this packer. */
#include "cta/awss.h"
#include "cta/binpack_internal.h"
#include <stdlib.h>

struct sbins {
    const uint64_t *sizes;
    uint64_t cap;
    enum awss_mode mode;
    uint32_t k, q;
    uint32_t *items; /* q * k CTA ids */
    uint32_t *count;
    uint64_t *load;
    uint64_t work, budget; /* swap evaluations so far, and the limit */
};

/* a bin's sum, largest and second largest size, and where the largest is */
struct binsum {
    uint64_t sum, m1, m2;
    uint32_t at1, count;
};

static struct binsum summarise(const struct sbins *b, uint32_t bin)
{
    struct binsum s = { 0, 0, 0, 0, b->count[bin] };
    for (uint32_t j = 0; j < s.count; j++) {
        uint64_t w = b->sizes[b->items[(size_t)bin * b->k + j]];
        s.sum += w;
        if (w > s.m1) {
            s.m2 = s.m1;
            s.m1 = w;
            s.at1 = j;
        } else if (w > s.m2) {
            s.m2 = w;
        }
    }
    return s;
}

/* overflow of a bin whose item at position `out` (or none: UINT32_MAX) is
 * replaced by an item of size win */
static uint64_t over_after(const struct sbins *b, const struct binsum *s, uint32_t out,
                           uint64_t wout, uint64_t win)
{
    if (s->count == 1 && b->mode == AWSS_HARD)
        return 0; /* an oversize CTA alone is accepted */
    uint64_t sum = s->sum, max = s->m1;
    if (out != UINT32_MAX) {
        sum = sum - wout + win;
        max = out == s->at1 ? s->m2 : s->m1;
        if (win > max)
            max = win;
    }
    uint64_t m = b->mode == AWSS_RELAXED ? sum - max : sum;
    return m > b->cap ? m - b->cap : 0;
}

static uint64_t bin_over(const struct sbins *b, uint32_t bin)
{
    struct binsum s = summarise(b, bin);
    return over_after(b, &s, UINT32_MAX, 0, 0);
}

static int cmp_u64_pair(const void *a, const void *b)
{
    const uint64_t *x = a, *y = b;
    return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : (x[1] < y[1] ? -1 : (x[1] > y[1]));
}

/* one improving swap for bin a; 1 done, 0 none */
static int repair_one(struct sbins *b, uint32_t a, const uint64_t *cand, uint32_t ncand)
{
    struct binsum sa = summarise(b, a);
    uint64_t over_a = over_after(b, &sa, UINT32_MAX, 0, 0);
    uint64_t best_gain = 0;
    uint32_t best_i = 0, best_bin = 0, best_j = 0;
    for (uint32_t c = 0; c < ncand; c++) {
        uint32_t o = (uint32_t)cand[2 * c + 1];
        if (o == a)
            continue;
        struct binsum so = summarise(b, o);
        b->work += (uint64_t)sa.count * so.count;
        uint64_t before = over_a + over_after(b, &so, UINT32_MAX, 0, 0);
        for (uint32_t i = 0; i < sa.count; i++) {
            uint64_t wx = b->sizes[b->items[(size_t)a * b->k + i]];
            for (uint32_t j = 0; j < so.count; j++) {
                uint64_t wy = b->sizes[b->items[(size_t)o * b->k + j]];
                if (wx == wy)
                    continue;
                uint64_t after = over_after(b, &sa, i, wx, wy) + over_after(b, &so, j, wy, wx);
                if (after < before && before - after > best_gain) {
                    best_gain = before - after;
                    best_i = i;
                    best_bin = o;
                    best_j = j;
                }
            }
        }
    }
    if (best_gain == 0)
        return 0;
    uint32_t *px = &b->items[(size_t)a * b->k + best_i];
    uint32_t *py = &b->items[(size_t)best_bin * b->k + best_j];
    b->load[a] += b->sizes[*py] - b->sizes[*px];
    b->load[best_bin] += b->sizes[*px] - b->sizes[*py];
    uint32_t t = *px;
    *px = *py;
    *py = t;
    return 1;
}

/* --- worst fit decreasing with quotas, on a min-heap of (load, bin) --- */
static int heap_less(const struct sbins *b, uint32_t x, uint32_t y)
{
    return b->load[x] != b->load[y] ? b->load[x] < b->load[y] : x < y;
}

static void heap_down(const struct sbins *b, uint32_t *h, uint32_t n, uint32_t i)
{
    for (;;) {
        uint32_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && heap_less(b, h[l], h[m]))
            m = l;
        if (r < n && heap_less(b, h[r], h[m]))
            m = r;
        if (m == i)
            return;
        uint32_t t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

int binpack_static(const uint64_t *sizes, uint32_t n, uint64_t cap, uint32_t k,
                   enum awss_mode mode, struct awss_schedule *out)
{
    uint32_t *ids = binpack_sort_desc(sizes, n);
    int rc = ids ? binpack_static_sorted(sizes, ids, n, cap, k, mode, out) : -1;
    free(ids);
    return rc;
}

int binpack_static_sorted(const uint64_t *sizes, const uint32_t *ids, uint32_t n, uint64_t cap,
                          uint32_t k, enum awss_mode mode, struct awss_schedule *out)
{
    if (k == 0)
        k = 1;
    if (k > n)
        k = n ? n : 1;
    uint32_t q = n ? (n + k - 1) / k : 0;
    /* the swap search is cut off after a fixed amount of work: an instance
     * that needs more is reported as not packed at this k */
    struct sbins b = { sizes, cap, mode, k, q, NULL, NULL, NULL, 0, 1000000 + 16 * (uint64_t)n };
    int rc = -1;
    uint32_t *bin_of = malloc(((size_t)n + 1) * sizeof *bin_of);
    uint32_t *heap = malloc(((size_t)q + 1) * sizeof *heap);
    uint64_t *cand = malloc(((size_t)q + 1) * 2 * sizeof *cand);
    b.items = malloc(((size_t)q * k + 1) * sizeof *b.items);
    b.count = calloc((size_t)q + 1, sizeof *b.count);
    b.load = calloc((size_t)q + 1, sizeof *b.load);
    if (!bin_of || !heap || !cand || !b.items || !b.count || !b.load)
        goto out;
    uint32_t hn = q;
    for (uint32_t o = 0; o < q; o++)
        heap[o] = o; /* all loads 0: index order is a heap */
    /* Many bins: deal the sorted CTAs out in rounds, alternating direction
     * (largest with smallest), which balances nearly as well as worst fit in
     * O(n) and leaves the rest to the repair. The last bin's quota is the
     * remainder, so it only takes part in the first rounds. */
    uint32_t r = n - (q - 1) * k, j0 = 0;
    int dealt = q > 256;
    if (dealt) {
        for (uint32_t round = 0; round < k && j0 < n; round++) {
            uint32_t width = round < r ? q : q - 1;
            for (uint32_t x = 0; x < width && j0 < n; x++, j0++) {
                uint32_t o = round % 2 ? width - 1 - x : x;
                b.items[(size_t)o * k + b.count[o]++] = ids[j0];
                b.load[o] += sizes[ids[j0]];
            }
        }
    }
    for (uint32_t j = dealt ? n : 0; j < n; j++) {
        uint32_t o = heap[0];
        b.items[(size_t)o * k + b.count[o]++] = ids[j];
        b.load[o] += sizes[ids[j]];
        uint32_t quota = o + 1 < q ? k : n - (q - 1) * k;
        if (b.count[o] == quota)
            heap[0] = heap[--hn];
        heap_down(&b, heap, hn, 0);
    }
    /* repair in passes: candidates are all bins when few, else the least
     * loaded at the start of the pass (the swap rechecks real loads) */
    uint32_t ncand_max = k > 16 ? 16 : 64;
    int found = 0;
    for (int pass = 0; pass < 8 && !found; pass++) {
        for (uint32_t o = 0; o < q; o++) {
            struct binsum s = summarise(&b, o);
            cand[2 * o] = mode == AWSS_RELAXED ? s.sum - s.m1 : s.sum;
            cand[2 * o + 1] = o;
        }
        uint32_t ncand = q;
        if (q > ncand_max) {
            qsort(cand, q, 2 * sizeof *cand, cmp_u64_pair);
            ncand = ncand_max;
        }
        int progress = 0, over = 0;
        for (uint32_t a = 0; a < q; a++) {
            for (uint32_t tries = 0; tries < 8 && b.work < b.budget && bin_over(&b, a) > 0;
                 tries++) {
                if (!repair_one(&b, a, cand, ncand))
                    break;
                progress = 1;
            }
        }
        /* a swap may push a partner bin over, so check all bins afresh */
        for (uint32_t a = 0; a < q; a++)
            over |= bin_over(&b, a) > 0;
        found = !over;
        if (!progress)
            break;
    }
    if (!found) {
        rc = 0;
        goto out;
    }
    for (uint32_t o = 0; o < q; o++)
        for (uint32_t j = 0; j < b.count[o]; j++)
            bin_of[b.items[(size_t)o * k + j]] = o;
    rc = awss_schedule_from_bins(out, n, bin_of, q) < 0 ? -1 : 1;
out:
    free(bin_of);
    free(heap);
    free(cand);
    free(b.items);
    free(b.count);
    free(b.load);
    return rc;
}
