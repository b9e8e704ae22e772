/* Means for summary rows of figures: the papers report harmonic means of
 * normalised IPC (ccws-micro2012 Fig. 7/9) and geometric means of speedups.
 * Each returns 0 and sets *out, or -1 when the mean is undefined: no values,
 * a value that is not finite, or (harmonic, geometric) a value <= 0. */
#ifndef CCGPU_SWEEP_MEANS_H
#define CCGPU_SWEEP_MEANS_H
#include <stddef.h>

int means_arithmetic(const double *v, size_t n, double *out);
int means_harmonic(const double *v, size_t n, double *out);
int means_geometric(const double *v, size_t n, double *out);

#endif
