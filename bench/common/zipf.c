/* Zipf-distributed samples by inversion of the cumulative distribution. */
#include "common/inputs.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int inputs_zipf(uint32_t *out, size_t count, uint32_t n, double s, struct bench_rng *rng,
                char *err, size_t errlen)
{
    if (n == 0 || !(s >= 0)) {
        snprintf(err, errlen, "zipf: needs n > 0 and s >= 0");
        return -1;
    }
    double *cdf = malloc((size_t)n * sizeof *cdf);
    if (!cdf) {
        snprintf(err, errlen, "zipf: out of memory for %u ranks", n);
        return -1;
    }
    double sum = 0;
    for (uint32_t r = 0; r < n; r++) {
        sum += pow((double)r + 1.0, -s);
        cdf[r] = sum;
    }
    for (size_t i = 0; i < count; i++) {
        double u = bench_rng_unit(rng) * sum;
        uint32_t lo = 0, hi = n - 1; /* first rank with cdf > u */
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2;
            if (cdf[mid] > u)
                hi = mid;
            else
                lo = mid + 1;
        }
        out[i] = lo;
    }
    free(cdf);
    return 0;
}
