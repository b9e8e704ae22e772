/* Open-end bin packing (a bin may exceed its capacity by one designated item,
 * whose removal brings it back within capacity), Yang and Leung 2003, as used
 * for the relaxed constraint of AWSS Problem 3.
 *
 * Readings used (the original text was not available to us; these follow the
 * problem definitions and the algorithm names, and are what ccgpu means by
 * the names):
 *  - MXF, Mixed Fit (binpack_mxf in binpack_kcard.c): each bin opens with the
 *    largest remaining item as its designated item and is then filled, largest
 *    first, with remaining items that fit in the full capacity beside it --
 *    one large item mixed with smaller ones.
 *  - GLANF, Greedy Look-Ahead Next Fit: the ordered problem -- items are packed
 *    in their given order (CTA id order, which also keeps neighbouring CTAs in
 *    the same step), one open bin at a time (Next Fit). Greedy look-ahead: the
 *    designated item is not fixed to the bin's last item; the bin keeps taking
 *    the next item as long as choosing the largest item seen so far as the
 *    designated one keeps it valid (sum - max <= cap) and it has fewer than k
 *    items. Linear time. */
#include "cta/awss.h"
#include <stdlib.h>

int binpack_glanf(const uint64_t *sizes, uint32_t n, uint64_t cap, uint32_t k,
                  struct awss_schedule *out)
{
    uint32_t *bin_of = malloc(((size_t)n + 1) * sizeof *bin_of);
    if (!bin_of)
        return -1;
    if (k == 0)
        k = 1;
    uint32_t bin = 0, count = 0;
    uint64_t sum = 0, max = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint64_t w = sizes[i];
        uint64_t nmax = w > max ? w : max;
        if (count > 0 && (count == k || sum + w - nmax > cap)) {
            bin++;
            count = 0;
            sum = max = 0;
            nmax = w;
        }
        bin_of[i] = bin;
        count++;
        sum += w;
        max = nmax;
    }
    int rc = awss_schedule_from_bins(out, n, bin_of, n ? bin + 1 : 0);
    free(bin_of);
    return rc;
}
