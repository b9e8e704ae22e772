/* Per-CTA working sets from the engine's access observer: two open-addressing
 * hash tables, one of (launch, CTA, line) with read/written flags, one of
 * (launch, line) with the number of CTAs touching the line. */
#include "cta/workset.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct ws_entry {
    uint64_t line;
    uint32_t cta, launch; /* launch + 1; 0 marks an empty slot */
    uint8_t flags;        /* 1 read, 2 written */
};

struct ws_line {
    uint64_t line;
    uint32_t launch; /* launch + 1; 0 = empty */
    uint32_t ctas;
};

static uint64_t mix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    return x ^ (x >> 33);
}

static uint64_t hash3(uint64_t line, uint32_t cta, uint32_t launch)
{
    return mix64(line * 0x9e3779b97f4a7c15ull ^ ((uint64_t)cta << 20) ^ launch);
}

int workset_init(struct workset *w, uint32_t line_bytes)
{
    memset(w, 0, sizeof *w);
    if (line_bytes < 4 || (line_bytes & (line_bytes - 1)))
        return -1;
    w->line_bytes = line_bytes;
    w->ecap = 1 << 12;
    w->lcap = 1 << 12;
    w->e = calloc(w->ecap, sizeof *w->e);
    w->l = calloc(w->lcap, sizeof *w->l);
    if (!w->e || !w->l) {
        workset_free(w);
        return -1;
    }
    return 0;
}

void workset_free(struct workset *w)
{
    free(w->e);
    free(w->l);
    free(w->grid_ctas);
    w->e = NULL;
    w->l = NULL;
    w->grid_ctas = NULL;
    w->ngrid = 0;
    w->ecap = w->lcap = w->en = w->ln = 0;
}

static int grow_entries(struct workset *w)
{
    uint64_t cap = w->ecap * 2;
    struct ws_entry *e = calloc(cap, sizeof *e);
    if (!e)
        return -1;
    for (uint64_t i = 0; i < w->ecap; i++) {
        if (!w->e[i].launch)
            continue;
        uint64_t h = hash3(w->e[i].line, w->e[i].cta, w->e[i].launch) & (cap - 1);
        while (e[h].launch)
            h = (h + 1) & (cap - 1);
        e[h] = w->e[i];
    }
    free(w->e);
    w->e = e;
    w->ecap = cap;
    return 0;
}

static int grow_lines(struct workset *w)
{
    uint64_t cap = w->lcap * 2;
    struct ws_line *l = calloc(cap, sizeof *l);
    if (!l)
        return -1;
    for (uint64_t i = 0; i < w->lcap; i++) {
        if (!w->l[i].launch)
            continue;
        uint64_t h = hash3(w->l[i].line, 0, w->l[i].launch) & (cap - 1);
        while (l[h].launch)
            h = (h + 1) & (cap - 1);
        l[h] = w->l[i];
    }
    free(w->l);
    w->l = l;
    w->lcap = cap;
    return 0;
}

static struct ws_line *line_slot(const struct workset *w, uint64_t line, uint32_t launch1)
{
    uint64_t h = hash3(line, 0, launch1) & (w->lcap - 1);
    while (w->l[h].launch && !(w->l[h].launch == launch1 && w->l[h].line == line))
        h = (h + 1) & (w->lcap - 1);
    return &w->l[h];
}

static void touch(struct workset *w, uint32_t launch1, uint32_t cta, uint64_t line, uint8_t flags)
{
    if (w->en * 10 >= w->ecap * 7 && grow_entries(w)) {
        w->oom = 1;
        return;
    }
    uint64_t h = hash3(line, cta, launch1) & (w->ecap - 1);
    while (w->e[h].launch &&
           !(w->e[h].launch == launch1 && w->e[h].cta == cta && w->e[h].line == line))
        h = (h + 1) & (w->ecap - 1);
    struct ws_entry *e = &w->e[h];
    if (e->launch) {
        e->flags |= flags;
        return;
    }
    *e = (struct ws_entry){ line, cta, launch1, flags };
    w->en++;
    if (w->ln * 10 >= w->lcap * 7 && grow_lines(w)) {
        w->oom = 1;
        return;
    }
    struct ws_line *l = line_slot(w, line, launch1);
    if (!l->launch) {
        *l = (struct ws_line){ line, launch1, 0 };
        w->ln++;
    }
    l->ctas++;
}

void workset_observe(void *ctx, const struct ccgpu_access *a)
{
    struct workset *w = ctx;
    if (a->space != CCGPU_SPACE_GLOBAL)
        return;
    uint8_t flags = (uint8_t)((a->is_load ? 1 : 0) | (a->is_store ? 2 : 0));
    uint32_t launch1 = a->launch + 1;
    if (launch1 > w->nlaunches)
        w->nlaunches = launch1;
    uint64_t shift = 0;
    while ((1ull << shift) < w->line_bytes)
        shift++;
    for (uint32_t lane = 0; lane < 32; lane++) {
        if (!(a->mask >> lane & 1))
            continue;
        uint64_t first = a->addr[lane] >> shift;
        uint64_t last = (a->addr[lane] + (a->bytes ? a->bytes - 1 : 0)) >> shift;
        for (uint64_t line = first; line <= last; line++)
            touch(w, launch1, a->cta, line, flags);
    }
}

int workset_set_launch_ctas(struct workset *w, uint32_t launch, uint32_t nctas)
{
    if (launch >= w->ngrid) {
        uint32_t n = launch + 1;
        uint32_t *g = realloc(w->grid_ctas, (size_t)n * sizeof *g);
        if (!g)
            return -1;
        memset(g + w->ngrid, 0, (size_t)(n - w->ngrid) * sizeof *g);
        w->grid_ctas = g;
        w->ngrid = n;
    }
    w->grid_ctas[launch] = nctas;
    if (launch + 1 > w->nlaunches)
        w->nlaunches = launch + 1;
    return 0;
}

int workset_launch_stats(const struct workset *w, uint32_t launch, struct workset_launch *out)
{
    memset(out, 0, sizeof *out);
    uint32_t launch1 = launch + 1;
    if (launch < w->ngrid)
        out->nctas = w->grid_ctas[launch];
    for (uint64_t i = 0; i < w->ecap; i++)
        if (w->e[i].launch == launch1 && w->e[i].cta + 1 > out->nctas)
            out->nctas = w->e[i].cta + 1;
    out->cta = calloc((size_t)out->nctas + 1, sizeof *out->cta);
    if (!out->cta)
        return -1;
    for (uint64_t i = 0; i < w->ecap; i++) {
        const struct ws_entry *e = &w->e[i];
        if (e->launch != launch1)
            continue;
        struct workset_cta *c = &out->cta[e->cta];
        c->read += (e->flags & 1) != 0;
        c->written += (e->flags & 2) != 0;
        c->total++;
        c->shared += line_slot(w, e->line, launch1)->ctas > 1;
        out->sum_lines++;
    }
    for (uint64_t i = 0; i < w->lcap; i++) {
        const struct ws_line *l = &w->l[i];
        if (l->launch != launch1)
            continue;
        out->distinct_lines++;
        out->shared_lines += l->ctas > 1;
        if (l->ctas > out->max_sharers)
            out->max_sharers = l->ctas;
    }
    return 0;
}

static int cmp_u32(const void *a, const void *b);

int workset_launch_linesets(const struct workset *w, uint32_t launch, uint32_t nctas,
                            uint32_t **off, uint32_t **lines, uint32_t *nlines)
{
    uint32_t launch1 = launch + 1;
    *off = NULL;
    *lines = NULL;
    *nlines = 0;
    uint32_t *dense = malloc(((size_t)w->lcap + 1) * sizeof *dense);
    uint32_t *o = calloc((size_t)nctas + 2, sizeof *o);
    if (!dense || !o) {
        free(dense);
        free(o);
        return -1;
    }
    uint32_t nl = 0;
    for (uint64_t i = 0; i < w->lcap; i++)
        dense[i] = w->l[i].launch == launch1 ? nl++ : UINT32_MAX;
    uint64_t total = 0;
    for (uint64_t i = 0; i < w->ecap; i++)
        if (w->e[i].launch == launch1 && w->e[i].cta < nctas) {
            o[w->e[i].cta + 1]++;
            total++;
        }
    for (uint32_t c = 0; c < nctas; c++)
        o[c + 1] += o[c];
    uint32_t *l = malloc(((size_t)total + 1) * sizeof *l);
    uint32_t *fill = malloc(((size_t)nctas + 1) * sizeof *fill);
    if (!l || !fill || total > UINT32_MAX) {
        free(dense);
        free(o);
        free(l);
        free(fill);
        return -1;
    }
    memcpy(fill, o, (size_t)nctas * sizeof *fill);
    for (uint64_t i = 0; i < w->ecap; i++) {
        const struct ws_entry *e = &w->e[i];
        if (e->launch == launch1 && e->cta < nctas)
            l[fill[e->cta]++] = dense[line_slot(w, e->line, launch1) - w->l];
    }
    for (uint32_t c = 0; c < nctas; c++)
        qsort(l + o[c], o[c + 1] - o[c], sizeof *l, cmp_u32);
    free(dense);
    free(fill);
    *off = o;
    *lines = l;
    *nlines = nl;
    return 0;
}

void workset_launch_free(struct workset_launch *s)
{
    free(s->cta);
    s->cta = NULL;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

void workset_print(FILE *f, const struct workset *w, uint32_t launch, const char *kernel,
                   const struct workset_launch *s, int per_cta)
{
    fprintf(f, "launch %u (%s): %u CTAs with global accesses, %u-byte lines\n", launch,
            kernel ? kernel : "?", s->nctas, w->line_bytes);
    if (s->nctas == 0)
        return;
    uint32_t *t = malloc((size_t)s->nctas * sizeof *t);
    if (!t) {
        fprintf(f, "  (out of memory)\n");
        return;
    }
    double mean = 0, var = 0, rd = 0, wr = 0, shared_frac = 0;
    for (uint32_t i = 0; i < s->nctas; i++) {
        t[i] = s->cta[i].total;
        mean += t[i];
        rd += s->cta[i].read;
        wr += s->cta[i].written;
        shared_frac += s->cta[i].total ? (double)s->cta[i].shared / s->cta[i].total : 0;
    }
    mean /= s->nctas;
    for (uint32_t i = 0; i < s->nctas; i++)
        var += (t[i] - mean) * (t[i] - mean);
    var /= s->nctas;
    qsort(t, s->nctas, sizeof *t, cmp_u32);
    uint32_t n = s->nctas;
    fprintf(f, "  lines per CTA: min %u  p10 %u  median %u  p90 %u  max %u  mean %.1f  "
               "CoV %.2f\n",
            t[0], t[n / 10], t[n / 2], t[(n * 9) / 10 < n ? (n * 9) / 10 : n - 1], t[n - 1], mean,
            mean > 0 ? sqrt(var) / mean : 0.0);
    fprintf(f, "  mean lines read %.1f, written %.1f per CTA\n", rd / n, wr / n);
    fprintf(f, "  overlap: sum of CTA sets %llu lines, union %llu (ratio %.2f; 1 = disjoint); "
               "%llu lines (%.1f%%) touched by 2+ CTAs, at most %u\n",
            (unsigned long long)s->sum_lines, (unsigned long long)s->distinct_lines,
            s->distinct_lines ? (double)s->sum_lines / s->distinct_lines : 0.0,
            (unsigned long long)s->shared_lines,
            s->distinct_lines ? 100.0 * s->shared_lines / s->distinct_lines : 0.0,
            s->max_sharers);
    fprintf(f, "  a CTA's lines shared with another CTA: %.1f%% on average\n",
            100.0 * shared_frac / n);
    if (per_cta)
        for (uint32_t i = 0; i < n; i++)
            fprintf(f, "  cta %-6u lines %-6u read %-6u written %-6u shared %u\n", i,
                    s->cta[i].total, s->cta[i].read, s->cta[i].written, s->cta[i].shared);
    free(t);
}

void workset_print_summary_line(FILE *f, uint32_t launch, const char *kernel,
                                const struct workset_launch *s)
{
    double mean = 0, var = 0;
    uint32_t max = 0;
    for (uint32_t i = 0; i < s->nctas; i++) {
        mean += s->cta[i].total;
        if (s->cta[i].total > max)
            max = s->cta[i].total;
    }
    mean = s->nctas ? mean / s->nctas : 0;
    for (uint32_t i = 0; i < s->nctas; i++)
        var += (s->cta[i].total - mean) * (s->cta[i].total - mean);
    var = s->nctas ? var / s->nctas : 0;
    fprintf(f, "%6u %-20s %7u %10.1f %8u %6.2f %9.2f %8.1f%%\n", launch, kernel ? kernel : "?",
            s->nctas, mean, max, mean > 0 ? sqrt(var) / mean : 0.0,
            s->distinct_lines ? (double)s->sum_lines / s->distinct_lines : 0.0,
            s->distinct_lines ? 100.0 * s->shared_lines / s->distinct_lines : 0.0);
}
