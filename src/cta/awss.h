/* Aggregate-working-set-size (AWSS) constrained CTA scheduling
 * (awss-sllc-todaes2014, Section 5). A schedule is a sequence of steps; each
 * step is a set of CTAs dispatched together. TLP(step) = CTAs in the step,
 * AWSS(step) = sum of their working-set sizes (Eqs. 1-2).
 *
 * Constraints (checked by awss_validate):
 *   hard    (Definition 3): AWSS(step) <= cap. A CTA whose own working set
 *           exceeds cap can never satisfy it; it is scheduled alone and such a
 *           singleton step is accepted (the schedule cannot do better).
 *   relaxed (Definition 5): some designated CTA's removal brings AWSS within
 *           cap. The best designated CTA is always the largest, so the test is
 *           AWSS(step) - max(step) <= cap.
 *   static  (Definition 4): every step holds exactly k CTAs, except the last,
 *           which holds the remainder n mod k. Problem 2 asks for equal TLP in
 *           every step, which is impossible when k does not divide n; a short
 *           tail is what a fixed-TLP launch does, so we allow it and do not count
 *           it as a synchronisation.
 * Cost (Problem 1, Eqs. 3-6): steps + CPS * synchronisations, where a
 * synchronisation is a TLP change between consecutive steps. */
#ifndef CCGPU_CTA_AWSS_H
#define CCGPU_CTA_AWSS_H
#include <stdint.h>
#include <stdio.h>

enum awss_mode { AWSS_HARD = 0, AWSS_RELAXED = 1 };

enum awss_algo {
    AWSS_ALGO_LMF,      /* k-cardinality: Largest Memory First */
    AWSS_ALGO_IWFD,     /* k-cardinality: Iterated Worst-Fit Decreasing */
    AWSS_ALGO_MXF,      /* open-end: Mixed Fit */
    AWSS_ALGO_GLANF,    /* open-end: Greedy Look-Ahead Next Fit */
    AWSS_ALGO_AGNOSTIC, /* Fig. 4(a): k CTAs per step in id order, no constraint */
    AWSS_ALGO_COUNT
};

struct awss_schedule {
    uint32_t nctas, nsteps;
    uint32_t *order; /* CTA ids, step after step (nctas entries) */
    uint32_t *start; /* step s holds order[start[s] .. start[s+1]-1] */
    int has_launch;  /* the schedule names the launch it is for (file key */
    uint32_t launch; /* `launch`, 0-based; ccgpu awss --bench writes it) */
};

/* Per-CTA line sets for the union footprint (an option of ours, not the
 * paper's model): CTA c touched lines lines[off[c] .. off[c+1]-1], dense ids
 * in [0, nlines), no id twice within a CTA; a line is line_bytes bytes. */
struct awss_linesets {
    const uint32_t *off; /* nctas + 1 entries */
    const uint32_t *lines;
    uint32_t nlines;
    uint64_t line_bytes;
    int id_order; /* take CTAs in id order instead of largest first */
};

struct awss_problem {
    const uint64_t *sizes; /* working-set size of each CTA, by CTA id */
    uint32_t nctas;
    uint64_t cap;      /* shared cache capacity, same unit as sizes */
    uint32_t max_tlp;  /* TLP_max, >= 1 */
    enum awss_mode mode;
    int static_tlp;    /* Definition 4 */
    double cps;        /* cost per synchronisation, >= 0 */
    /* NULL: the paper's model, AWSS(step) = sum of the CTAs' sizes. Else the
     * union footprint: a step's working set is |union of its CTAs' line sets|
     * x line_bytes (hard constraint, LMF only; binpack_lmf_union). */
    const struct awss_linesets *sets;
};

/* --- schedules (awss_schedule.c) --- */
void awss_schedule_init(struct awss_schedule *s);
void awss_schedule_free(struct awss_schedule *s);
/* Builds a schedule from a bin number per CTA; empty bins are dropped and the
 * remaining steps keep bin order. -1 on allocation failure. */
int awss_schedule_from_bins(struct awss_schedule *s, uint32_t nctas, const uint32_t *bin_of,
                            uint32_t nbins);
int awss_schedule_copy(struct awss_schedule *dst, const struct awss_schedule *src);
uint32_t awss_step_tlp(const struct awss_schedule *s, uint32_t step);
uint64_t awss_step_awss(const struct awss_schedule *s, uint32_t step, const uint64_t *sizes);
uint32_t awss_syncs(const struct awss_schedule *s);
/* Problem 1 cost; static schedules (Problem 2) cost their step count. */
double awss_cost(const struct awss_schedule *s, const struct awss_problem *p);
/* Lemma 3: stable sort of the steps by decreasing TLP (fewest TLP changes). */
int awss_sort_by_tlp(struct awss_schedule *s);
/* 0 when s is a valid schedule for p; else -1 and a one-line reason in msg. */
int awss_validate(const struct awss_schedule *s, const struct awss_problem *p, char *msg,
                  size_t msglen);
/* Lower bound on the number of steps: max(ceil(n/k), ceil(sum/cap)) (hard). */
uint32_t awss_lower_bound(const struct awss_problem *p);

/* --- packers: each returns 0, or -1 on allocation failure (binpack_*.c) --- */
int binpack_lmf(const uint64_t *sizes, uint32_t n, uint64_t cap, uint32_t k,
                struct awss_schedule *out);
int binpack_iwfd(const uint64_t *sizes, uint32_t n, uint64_t cap, uint32_t k,
                 struct awss_schedule *out);
int binpack_mxf(const uint64_t *sizes, uint32_t n, uint64_t cap, uint32_t k,
                struct awss_schedule *out);
int binpack_glanf(const uint64_t *sizes, uint32_t n, uint64_t cap, uint32_t k,
                  struct awss_schedule *out);
int binpack_agnostic(uint32_t n, uint32_t k, struct awss_schedule *out);
/* Exactly k CTAs per step (remainder in the last step) satisfying mode:
 * 1 found, 0 not found by the heuristic, -1 allocation failure. */
int binpack_static(const uint64_t *sizes, uint32_t n, uint64_t cap, uint32_t k,
                   enum awss_mode mode, struct awss_schedule *out);

/* LMF with the union footprint (binpack_union.c): each step opens with the
 * first remaining CTA of ids (largest first, or by id with ls->id_order),
 * then takes, in that order, the remaining CTAs whose lines added to the
 * step's union keep it within cap bytes, until k CTAs. Overlapping CTAs fit
 * where their sum would not. */
int binpack_lmf_union(const struct awss_linesets *ls, const uint32_t *ids, uint32_t n,
                      uint64_t cap, uint32_t k, struct awss_schedule *out);
/* |union of step's line sets| x line_bytes. */
uint64_t awss_step_union(const struct awss_schedule *s, uint32_t step,
                         const struct awss_linesets *ls);

/* --- Algorithms 1-3 (awss_algo.c) --- */
const char *awss_algo_name(enum awss_algo a);
int awss_algo_lookup(const char *name, enum awss_algo *out); /* 0 or -1 */
/* Algorithm 2's TLP choice with its off-by-one fixed: the largest k <= TLP_max
 * such that the k largest CTAs satisfy the constraint together (so any k CTAs
 * do); 1 when even the largest CTA alone is over capacity. */
uint32_t awss_static_k_bound(const struct awss_problem *p);
/* Algorithm 3: runs packer `algo` (lmf/iwfd for hard, mxf/glanf for relaxed),
 * sorts by TLP, descends k while the cost does not grow. Static problems pick
 * the largest k in [bound, TLP_max] at which binpack_static succeeds.
 * chosen_k (may be NULL) receives the final k. 0 ok, -1 allocation failure,
 * -2 algo does not fit the mode. */
int awss_schedule_run(const struct awss_problem *p, enum awss_algo algo,
                      struct awss_schedule *out, uint32_t *chosen_k);

/* --- exact solver for small instances (awss_exact.c) --- */
struct awss_exact_result {
    double cost;
    int complete;         /* 0 when node_limit stopped the search */
    uint64_t nodes;
};
/* Branch and bound over all partitions; optimal for p's cost. n <= 24. */
int awss_exact(const struct awss_problem *p, uint64_t node_limit, struct awss_schedule *out,
               struct awss_exact_result *res);

/* --- files (awss_file.c; format in docs/awss.md) --- */
/* Parses a sizes file: one non-negative integer per CTA in CTA-id order,
 * separated by white space; '#' starts a comment. 0 ok, -1 out of memory,
 * -2 bad input (msg says what and where). */
int awss_sizes_parse(const char *text, const char *name, uint64_t **sizes, uint32_t *n,
                     char *msg, size_t msglen);
int awss_schedule_write(FILE *f, const struct awss_schedule *s, const struct awss_problem *p,
                        const char *algo);
/* Reads what awss_schedule_write wrote; checks every CTA appears once. */
int awss_schedule_parse(const char *text, const char *name, struct awss_schedule *s,
                        char *msg, size_t msglen);

#endif
