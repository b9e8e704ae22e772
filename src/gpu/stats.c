#include "gpu/stats.h"
#include <stdlib.h>
#include <string.h>

void stats_init(struct stats *s)
{
    memset(s, 0, sizeof *s);
}

void stats_free(struct stats *s)
{
    for (int i = 0; i < s->nkernels; i++) {
        free(s->kernels[i].name);
        free(s->kernels[i].values);
    }
    free(s->kernels);
    free(s->counters);
    free(s->ratios);
    free(s->at_kernel_start);
    free(s->names);
    memset(s, 0, sizeof *s);
}

static uint32_t name_hash(const char *name)
{
    uint32_t h = 2166136261u;
    for (; *name; name++)
        h = (h ^ (unsigned char)*name) * 16777619u;
    return h;
}

static const char *entry_name(const struct stats *s, int code)
{
    return code > 0 ? s->counters[code - 1].name : s->ratios[-code - 1].name;
}

/* The slot of name in the lookup table: its entry, or the empty slot where
 * it would go. */
static int name_slot(const struct stats *s, const char *name)
{
    uint32_t mask = (uint32_t)s->capnames - 1, i = name_hash(name) & mask;
    while (s->names[i] && strcmp(entry_name(s, s->names[i]), name) != 0)
        i = (i + 1) & mask;
    return (int)i;
}

/* code of name (> 0 counter, < 0 ratio) or 0 */
static int find_name(const struct stats *s, const char *name)
{
    return s->capnames ? s->names[name_slot(s, name)] : 0;
}

static int find_counter(const struct stats *s, const char *name)
{
    int code = find_name(s, name);
    return code > 0 ? code - 1 : -1;
}

static int find_ratio(const struct stats *s, const char *name)
{
    int code = find_name(s, name);
    return code < 0 ? -code - 1 : -1;
}

/* Adds code under its name, growing the table to stay at most half full. */
static int index_name(struct stats *s, int code)
{
    int used = s->ncounters + s->nratios; /* code's entry included */
    if (2 * used > s->capnames) {
        int cap = s->capnames ? s->capnames : 64;
        while (2 * used > cap)
            cap *= 2;
        int *old = s->names, oldcap = s->capnames;
        s->names = calloc((size_t)cap, sizeof *s->names);
        if (!s->names) {
            s->names = old;
            return -1;
        }
        s->capnames = cap;
        for (int i = 0; i < oldcap; i++)
            if (old[i])
                s->names[name_slot(s, entry_name(s, old[i]))] = old[i];
        free(old);
    }
    s->names[name_slot(s, entry_name(s, code))] = code;
    return 0;
}

static int grow(void **p, int *cap, int need, size_t elem)
{
    if (need <= *cap)
        return 0;
    int ncap = *cap ? *cap * 2 : 64;
    while (ncap < need)
        ncap *= 2;
    void *n = realloc(*p, (size_t)ncap * elem);
    if (!n)
        return -1;
    *p = n;
    *cap = ncap;
    return 0;
}

int stats_register(struct stats *s, const char *name, const uint64_t *value, const char *desc)
{
    if (find_counter(s, name) >= 0 || find_ratio(s, name) >= 0)
        return -1;
    if (s->nkernels > 0)
        return -1; /* counters are registered before the first kernel */
    if (grow((void **)&s->counters, &s->capcounters, s->ncounters + 1, sizeof *s->counters))
        return -1;
    s->counters[s->ncounters++] = (struct stats_counter){ name, desc, value, 0 };
    if (index_name(s, s->ncounters)) {
        s->ncounters--;
        return -1;
    }
    return 0;
}

int stats_register_if_used(struct stats *s, const char *name, const uint64_t *value,
                           const char *desc)
{
    if (stats_register(s, name, value, desc))
        return -1;
    s->counters[s->ncounters - 1].hide_zero = 1;
    return 0;
}

static int listed(const struct stats *s, int i)
{
    return !s->counters[i].hide_zero || *s->counters[i].value != 0;
}

int stats_register_ratio(struct stats *s, const char *name, const char *num, const char *den,
                         double scale)
{
    if (find_counter(s, name) >= 0 || find_ratio(s, name) >= 0)
        return -1;
    if (grow((void **)&s->ratios, &s->capratios, s->nratios + 1, sizeof *s->ratios))
        return -1;
    s->ratios[s->nratios++] = (struct stats_ratio){ name, num, den, scale };
    if (index_name(s, -s->nratios)) {
        s->nratios--;
        return -1;
    }
    return 0;
}

void stats_kernel_begin(struct stats *s)
{
    free(s->at_kernel_start);
    s->at_kernel_start = malloc(sizeof(uint64_t) * (size_t)(s->ncounters ? s->ncounters : 1));
    if (!s->at_kernel_start)
        return;
    for (int i = 0; i < s->ncounters; i++)
        s->at_kernel_start[i] = *s->counters[i].value;
}

int stats_kernel_end(struct stats *s, const char *kernel_name)
{
    if (grow((void **)&s->kernels, &s->capkernels, s->nkernels + 1, sizeof *s->kernels))
        return -1;
    struct stats_kernel *k = &s->kernels[s->nkernels];
    k->name = malloc(strlen(kernel_name) + 1);
    k->values = malloc(sizeof(uint64_t) * (size_t)(s->ncounters ? s->ncounters : 1));
    if (!k->name || !k->values) {
        free(k->name);
        free(k->values);
        return -1;
    }
    strcpy(k->name, kernel_name);
    for (int i = 0; i < s->ncounters; i++)
        k->values[i] = *s->counters[i].value - (s->at_kernel_start ? s->at_kernel_start[i] : 0);
    s->nkernels++;
    return 0;
}

static double counter_value(const struct stats *s, int idx, int kernel)
{
    if (kernel < 0)
        return (double)*s->counters[idx].value;
    return (double)s->kernels[kernel].values[idx];
}

int stats_get(const struct stats *s, const char *name, int kernel, double *out)
{
    if (kernel >= s->nkernels)
        return -1;
    int c = find_counter(s, name);
    if (c >= 0) {
        *out = counter_value(s, c, kernel);
        return 0;
    }
    int r = find_ratio(s, name);
    if (r < 0)
        return -1;
    double num, den;
    if (stats_get(s, s->ratios[r].num, kernel, &num) || stats_get(s, s->ratios[r].den, kernel, &den))
        return -1;
    *out = den != 0 ? s->ratios[r].scale * num / den : 0.0;
    return 0;
}

int stats_count(const struct stats *s)
{
    int n = s->nratios;
    for (int i = 0; i < s->ncounters; i++)
        n += listed(s, i);
    return n;
}

const char *stats_name(const struct stats *s, int i)
{
    for (int c = 0; c < s->ncounters && i >= 0; c++)
        if (listed(s, c) && i-- == 0)
            return s->counters[c].name;
    return i >= 0 && i < s->nratios ? s->ratios[i].name : NULL;
}

static void print_block(const struct stats *s, FILE *out, int kernel)
{
    for (int i = 0; i < s->ncounters; i++)
        if (listed(s, i))
            fprintf(out, "  %-40s %llu\n", s->counters[i].name,
                    (unsigned long long)counter_value(s, i, kernel));
    for (int i = 0; i < s->nratios; i++) {
        double v;
        if (stats_get(s, s->ratios[i].name, kernel, &v) == 0)
            fprintf(out, "  %-40s %.4f\n", s->ratios[i].name, v);
    }
}

void stats_print(const struct stats *s, FILE *out)
{
    for (int k = 0; k < s->nkernels; k++) {
        fprintf(out, "kernel %d: %s\n", k, s->kernels[k].name);
        print_block(s, out, k);
    }
    stats_print_total(s, out);
}

void stats_print_total(const struct stats *s, FILE *out)
{
    fprintf(out, "total (%d kernels)\n", s->nkernels);
    print_block(s, out, -1);
}

static void json_string(FILE *out, const char *str)
{
    fputc('"', out);
    for (const char *p = str; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if ((unsigned char)*p < 0x20)
            fprintf(out, "\\u%04x", *p);
        else
            fputc(*p, out);
    }
    fputc('"', out);
}

static void json_block(const struct stats *s, FILE *out, int kernel)
{
    fputc('{', out);
    int first = 1;
    for (int i = 0; i < s->ncounters; i++) {
        if (!listed(s, i))
            continue;
        fprintf(out, "%s\n    ", first ? "" : ",");
        json_string(out, s->counters[i].name);
        fprintf(out, ": %llu", (unsigned long long)counter_value(s, i, kernel));
        first = 0;
    }
    for (int i = 0; i < s->nratios; i++) {
        double v;
        if (stats_get(s, s->ratios[i].name, kernel, &v) != 0)
            continue;
        fprintf(out, "%s\n    ", first ? "" : ",");
        json_string(out, s->ratios[i].name);
        fprintf(out, ": %.17g", v);
        first = 0;
    }
    fprintf(out, "\n  }");
}

int stats_write_json(const struct stats *s, FILE *out)
{
    fprintf(out, "{\n  \"kernels\": [");
    for (int k = 0; k < s->nkernels; k++) {
        fprintf(out, "%s\n  {\"name\": ", k ? "," : "");
        json_string(out, s->kernels[k].name);
        fprintf(out, ", \"stats\": ");
        json_block(s, out, k);
        fputc('}', out);
    }
    fprintf(out, "],\n  \"total\": ");
    json_block(s, out, -1);
    fprintf(out, "\n}\n");
    return ferror(out) ? -1 : 0;
}
