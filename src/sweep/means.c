#include "sweep/means.h"
#include <math.h>

static int usable(const double *v, size_t n, int positive)
{
    if (n == 0)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!isfinite(v[i]) || (positive && v[i] <= 0))
            return 0;
    return 1;
}

int means_arithmetic(const double *v, size_t n, double *out)
{
    if (!usable(v, n, 0))
        return -1;
    double s = 0;
    for (size_t i = 0; i < n; i++)
        s += v[i];
    *out = s / (double)n;
    return 0;
}

int means_harmonic(const double *v, size_t n, double *out)
{
    if (!usable(v, n, 1))
        return -1;
    double s = 0;
    for (size_t i = 0; i < n; i++)
        s += 1.0 / v[i];
    *out = (double)n / s;
    return 0;
}

/* through logarithms, so long products neither overflow nor underflow */
int means_geometric(const double *v, size_t n, double *out)
{
    if (!usable(v, n, 1))
        return -1;
    double s = 0;
    for (size_t i = 0; i < n; i++)
        s += log(v[i]);
    *out = exp(s / (double)n);
    return 0;
}
