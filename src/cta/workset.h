/* Per-CTA working sets (awss-sllc-todaes2014 Sec. 5, DESIGN.md "AWSS"): the
 * distinct global-memory cache lines each CTA of each launch reads and writes,
 * collected from the functional engine's access observer, and how much the
 * CTAs' line sets overlap (the AWSS paper assumes little overlap, so that a
 * step's aggregate working set is the sum of its CTAs'). */
#ifndef CCGPU_CTA_WORKSET_H
#define CCGPU_CTA_WORKSET_H
#include "ccgpu.h"
#include <stdint.h>
#include <stdio.h>

struct ws_entry;
struct ws_line;

struct workset {
    uint32_t line_bytes;
    struct ws_entry *e; /* (launch, cta, line) -> read/written */
    uint64_t ecap, en;
    struct ws_line *l; /* (launch, line) -> CTAs touching it */
    uint64_t lcap, ln;
    uint32_t nlaunches;
    uint32_t *grid_ctas; /* per launch: CTAs in its grid (0: not told) */
    uint32_t ngrid;
    int oom; /* an insertion failed: results are incomplete */
};

/* line_bytes: a power of two >= 4. 0 ok, -1 bad line size or OOM. */
int workset_init(struct workset *w, uint32_t line_bytes);
void workset_free(struct workset *w);
/* The observer: pass to ccgpu_set_access_observer with ctx = the workset.
 * Only global-memory accesses count; atomics count as read and write. */
void workset_observe(void *ctx, const struct ccgpu_access *a);

struct workset_cta {
    uint32_t read, written, total; /* distinct lines; total = read U written */
    uint32_t shared;               /* of total, lines some other CTA also touches */
};

struct workset_launch {
    uint32_t nctas;            /* the grid's CTAs where workset_set_launch_ctas told
                                * them, else the highest CTA id with an access,
                                * plus one */
    struct workset_cta *cta;   /* nctas entries (malloc'd) */
    uint64_t sum_lines;        /* sum over CTAs of total */
    uint64_t distinct_lines;   /* lines touched by the launch */
    uint64_t shared_lines;     /* lines touched by two or more CTAs */
    uint32_t max_sharers;      /* most CTAs touching one line */
};

/* Launch `launch` had nctas CTAs in its grid, so its trailing CTAs that
 * touch no global memory still count (with empty sets) in
 * workset_launch_stats. 0, or -1 on allocation failure. */
int workset_set_launch_ctas(struct workset *w, uint32_t launch, uint32_t nctas);
/* Per-CTA sets of launch `launch`. 0, or -1 on allocation failure. */
int workset_launch_stats(const struct workset *w, uint32_t launch, struct workset_launch *out);
void workset_launch_free(struct workset_launch *s);
/* The line set of every CTA of launch `launch`, in CSR form for the AWSS
 * union footprint (awss_linesets in cta/awss.h): CTA c touched lines
 * (*lines)[(*off)[c] .. (*off)[c+1]-1], each a dense id in [0, *nlines) (the
 * launch's distinct lines, numbered in hash-table order), increasing within a
 * CTA. nctas is the CTA count wanted (CTAs without accesses get empty sets).
 * *off has nctas + 1 entries. 0, or -1 on allocation failure (nothing to
 * free). */
int workset_launch_linesets(const struct workset *w, uint32_t launch, uint32_t nctas,
                            uint32_t **off, uint32_t **lines, uint32_t *nlines);

/* Prints the distribution and overlap summary of one launch. */
void workset_print(FILE *f, const struct workset *w, uint32_t launch, const char *kernel,
                   const struct workset_launch *s, int per_cta);

/* One line per launch: CTAs, mean / max lines per CTA, CoV, overlap ratio. */
void workset_print_summary_line(FILE *f, uint32_t launch, const char *kernel,
                                const struct workset_launch *s);

#endif
