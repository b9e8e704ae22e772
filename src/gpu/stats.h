/* Statistics registry (Ramulator 2 style): each module registers plain
 * counters once, by pointer; the hot path only increments its own fields.
 * At the end of each kernel the registry records every counter's delta, so
 * values are available per kernel and in total. Derived values (IPC, MPKI,
 * miss rates) are registered as ratios of other counters. */
#ifndef CCGPU_GPU_STATS_H
#define CCGPU_GPU_STATS_H
#include <stdint.h>
#include <stdio.h>

struct stats_counter {
    const char *name; /* dotted, e.g. "l1d.misses"; must outlive the registry */
    const char *desc;
    const uint64_t *value;
    int hide_zero; /* listed (print, JSON) only once its total is non-zero */
};

struct stats_ratio {
    const char *name;
    const char *num, *den; /* counter names */
    double scale;          /* name = scale * num / den */
};

struct stats_kernel {
    char *name;
    uint64_t *values; /* delta of each counter during this kernel, by counter index */
};

struct stats {
    struct stats_counter *counters;
    int ncounters, capcounters;
    struct stats_ratio *ratios;
    int nratios, capratios;
    struct stats_kernel *kernels;
    int nkernels, capkernels;
    uint64_t *at_kernel_start;
    /* name lookup: open addressing over counters (i + 1) and ratios
     * (-(i + 1)), 0 = empty; capacity a power of two, at most half full */
    int *names;
    int capnames;
};

void stats_init(struct stats *s);
void stats_free(struct stats *s);
/* Registration fails (-1) only on allocation failure or a duplicate name. */
int stats_register(struct stats *s, const char *name, const uint64_t *value, const char *desc);
/* A counter of a feature most runs never use (texture instructions): the
 * listings show it only when its total is non-zero, so runs without the
 * feature print exactly what they printed before it existed; stats_get
 * answers for it always. */
int stats_register_if_used(struct stats *s, const char *name, const uint64_t *value,
                           const char *desc);
/* The listed names (counters, then ratios, as stats_print orders them). */
int stats_count(const struct stats *s);
const char *stats_name(const struct stats *s, int i);
int stats_register_ratio(struct stats *s, const char *name, const char *num, const char *den,
                         double scale);
void stats_kernel_begin(struct stats *s);
int stats_kernel_end(struct stats *s, const char *kernel_name);

/* value of a counter or ratio; kernel = -1 for the total. -1 if unknown. */
int stats_get(const struct stats *s, const char *name, int kernel, double *out);
void stats_print(const struct stats *s, FILE *out);
/* The total over all kernels only. */
void stats_print_total(const struct stats *s, FILE *out);
int stats_write_json(const struct stats *s, FILE *out);

#endif
