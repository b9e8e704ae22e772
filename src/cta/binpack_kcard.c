/* k-cardinality bin packing (at most k items per bin), Krause, Shen and
 * Schwetman 1975, plus the sort and the open-end variant of LMF used by MXF.
 *
 * Readings used (the 1975 paper analyses list schedules for tasks with memory
 * demands on a k-processor machine; as bin packing they read):
 *  - LMF, Largest Memory First: fill one bin (step) at a time; repeatedly put
 *    in the largest remaining item that still fits, until the bin has k items
 *    or nothing fits. (This equals cardinality-constrained First Fit Decreasing.)
 *  - IWFD, Iterated Worst-Fit Decreasing: start from q = max(ceil(n/k),
 *    ceil(sum/cap)) bins; take items largest first, each into the least-loaded
 *    bin that has fewer than k items (worst fit); if an item does not fit there
 *    it fits nowhere, so q grows and the packing restarts.
 *    Growing q one by one can take thousands of rounds on 100K CTAs, so after
 *    a few single steps q grows by doubling and then bisects back to the
 *    smallest q that packed. When success is monotone in q (the usual case)
 *    this is the same q; otherwise it is a larger valid one.
 * Items larger than cap cannot satisfy the constraint; each gets its own bin. */
#include "cta/awss.h"
#include "cta/binpack_internal.h"
#include <stdlib.h>

struct keyed {
    uint64_t size;
    uint32_t id;
};

static int cmp_keyed_desc(const void *a, const void *b)
{
    const struct keyed *x = a, *y = b;
    if (x->size != y->size)
        return x->size > y->size ? -1 : 1;
    return x->id < y->id ? -1 : (x->id > y->id);
}

uint32_t *binpack_sort_desc(const uint64_t *sizes, uint32_t n)
{
    struct keyed *k = malloc(((size_t)n + 1) * sizeof *k);
    uint32_t *ids = malloc(((size_t)n + 1) * sizeof *ids);
    if (!k || !ids) {
        free(k);
        free(ids);
        return NULL;
    }
    for (uint32_t i = 0; i < n; i++)
        k[i] = (struct keyed){ sizes[i], i };
    qsort(k, n, sizeof *k, cmp_keyed_desc);
    for (uint32_t i = 0; i < n; i++)
        ids[i] = k[i].id;
    free(k);
    return ids;
}

/* next unused sorted position >= i (union-find with path halving) */
static uint32_t next_free(uint32_t *nxt, uint32_t i)
{
    while (nxt[i] != i) {
        nxt[i] = nxt[nxt[i]];
        i = nxt[i];
    }
    return i;
}

/* first sorted position whose size is <= room (sizes are decreasing) */
static uint32_t first_fitting(const uint64_t *sz, uint32_t n, uint64_t room)
{
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (sz[mid] <= room)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* LMF; open_end makes each bin's first (largest) item its designated item,
 * exempt from the capacity (MXF). */
int binpack_lmf_sorted(const uint64_t *sizes, const uint32_t *ids, uint32_t n, uint64_t cap,
                       uint32_t k, int open_end, struct awss_schedule *out)
{
    int rc = -1;
    if (k == 0)
        k = 1;
    uint64_t *sz = malloc(((size_t)n + 1) * sizeof *sz);
    uint32_t *nxt = malloc(((size_t)n + 1) * sizeof *nxt);
    uint32_t *bin_of = malloc(((size_t)n + 1) * sizeof *bin_of);
    if (!sz || !nxt || !bin_of)
        goto out;
    for (uint32_t i = 0; i < n; i++)
        sz[i] = sizes[ids[i]];
    for (uint32_t i = 0; i <= n; i++)
        nxt[i] = i;
    uint32_t bins = 0;
    for (uint32_t p = next_free(nxt, 0); p < n; p = next_free(nxt, 0), bins++) {
        nxt[p] = p + 1;
        bin_of[ids[p]] = bins;
        uint64_t room = open_end ? cap : (sz[p] > cap ? 0 : cap - sz[p]);
        for (uint32_t count = 1; count < k;) {
            uint32_t q = next_free(nxt, first_fitting(sz, n, room));
            if (q >= n)
                break;
            nxt[q] = q + 1;
            bin_of[ids[q]] = bins;
            room -= sz[q];
            count++;
        }
    }
    rc = awss_schedule_from_bins(out, n, bin_of, bins);
out:
    free(sz);
    free(nxt);
    free(bin_of);
    return rc;
}

static int lmf_wrap(const uint64_t *sizes, uint32_t n, uint64_t cap, uint32_t k, int open_end,
                    struct awss_schedule *out)
{
    uint32_t *ids = binpack_sort_desc(sizes, n);
    int rc = ids ? binpack_lmf_sorted(sizes, ids, n, cap, k, open_end, out) : -1;
    free(ids);
    return rc;
}

int binpack_lmf(const uint64_t *sizes, uint32_t n, uint64_t cap, uint32_t k,
                struct awss_schedule *out)
{
    return lmf_wrap(sizes, n, cap, k, 0, out);
}

int binpack_mxf(const uint64_t *sizes, uint32_t n, uint64_t cap, uint32_t k,
                struct awss_schedule *out)
{
    return lmf_wrap(sizes, n, cap, k, 1, out);
}

/* --- IWFD -------------------------------------------------------------- */

struct wf_bin {
    uint64_t load;
    uint32_t index, count;
};

static int wf_less(const struct wf_bin *a, const struct wf_bin *b)
{
    return a->load != b->load ? a->load < b->load : a->index < b->index;
}

static void heap_down(struct wf_bin *h, uint32_t n, uint32_t i)
{
    for (;;) {
        uint32_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && wf_less(&h[l], &h[m]))
            m = l;
        if (r < n && wf_less(&h[r], &h[m]))
            m = r;
        if (m == i)
            return;
        struct wf_bin t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

/* Worst-fit decreasing into q bins; 1 packed (bin numbers in bin_of, offset
 * by base), 0 some item did not fit. */
static int wfd_attempt(const uint64_t *sizes, const uint32_t *ids, uint32_t m, uint64_t cap,
                       uint32_t k, uint32_t q, struct wf_bin *heap, uint32_t *bin_of,
                       uint32_t base)
{
    uint32_t hn = q;
    for (uint32_t b = 0; b < q; b++)
        heap[b] = (struct wf_bin){ 0, b, 0 };
    /* all loads are 0, so index order is already a valid heap */
    for (uint32_t j = 0; j < m; j++) {
        uint64_t w = sizes[ids[j]];
        if (hn == 0 || heap[0].load + w > cap)
            return 0;
        bin_of[ids[j]] = base + heap[0].index;
        heap[0].load += w;
        if (++heap[0].count == k)
            heap[0] = heap[--hn];
        heap_down(heap, hn, 0);
    }
    return 1;
}

int binpack_iwfd(const uint64_t *sizes, uint32_t n, uint64_t cap, uint32_t k,
                 struct awss_schedule *out)
{
    uint32_t *ids = binpack_sort_desc(sizes, n);
    int rc = ids ? binpack_iwfd_sorted(sizes, ids, n, cap, k, out) : -1;
    free(ids);
    return rc;
}

int binpack_iwfd_sorted(const uint64_t *sizes, const uint32_t *ids, uint32_t n, uint64_t cap,
                        uint32_t k, struct awss_schedule *out)
{
    int rc = -1;
    if (k == 0)
        k = 1;
    uint32_t *bin_of = malloc(((size_t)n + 1) * sizeof *bin_of);
    struct wf_bin *heap = malloc(((size_t)n + 1) * sizeof *heap);
    if (!bin_of || !heap)
        goto out;
    /* oversize items (sorted first) get a bin each */
    uint32_t big = 0;
    while (big < n && sizes[ids[big]] > cap) {
        bin_of[ids[big]] = big;
        big++;
    }
    uint32_t m = n - big;
    const uint32_t *rest = ids + big;
    uint64_t sum = 0;
    for (uint32_t j = 0; j < m; j++)
        sum += sizes[rest[j]];
    uint64_t lb = ((uint64_t)m + k - 1) / k;
    if (cap > 0 && (sum + cap - 1) / cap > lb)
        lb = (sum + cap - 1) / cap;
    if (m > 0 && lb == 0)
        lb = 1;
    if (lb > m)
        lb = m;
    uint32_t q = (uint32_t)lb, fail = q ? q - 1 : 0, ok = 0;
    if (m > 0) {
        /* linear steps first (the textbook iteration), then doubling */
        uint32_t step = 1, tries = 0;
        for (;;) {
            if (wfd_attempt(sizes, rest, m, cap, k, q, heap, bin_of, big)) {
                ok = q;
                break;
            }
            fail = q;
            if (q >= m) /* cannot happen: one item per bin always fits */
                goto out;
            if (++tries > 8)
                step *= 2;
            q = (uint64_t)q + step > m ? m : q + step;
        }
        while (ok - fail > 1) {
            uint32_t mid = fail + (ok - fail) / 2;
            if (wfd_attempt(sizes, rest, m, cap, k, mid, heap, bin_of, big))
                ok = mid;
            else
                fail = mid;
        }
        if (!wfd_attempt(sizes, rest, m, cap, k, ok, heap, bin_of, big))
            goto out;
    }
    rc = awss_schedule_from_bins(out, n, bin_of, big + ok);
out:
    free(bin_of);
    free(heap);
    return rc;
}

/* Fig. 4(a): k CTAs per step in id order, working sets ignored. */
int binpack_agnostic(uint32_t n, uint32_t k, struct awss_schedule *out)
{
    uint32_t *bin_of = malloc(((size_t)n + 1) * sizeof *bin_of);
    if (!bin_of)
        return -1;
    if (k == 0)
        k = 1;
    for (uint32_t i = 0; i < n; i++)
        bin_of[i] = i / k;
    int rc = awss_schedule_from_bins(out, n, bin_of, (n + k - 1) / k);
    free(bin_of);
    return rc;
}
