/* Timing runs behind `ccgpu opttlp` and `ccgpu cta-exp` (CTA scheduling):
 * one benchmark under one ccgpu_cta_sched policy, and the
 * per-launch working-set profile that gives the AWSS paper's cache
 * contention ratio. */
#ifndef CCGPU_CLI_CTA_RUNS_H
#define CCGPU_CLI_CTA_RUNS_H
#include "cli/options.h"
#include <stdint.h>
#include <stdio.h>

struct cta_cell {
    int ok;
    double cycles, ipc, l2_accesses, l2_misses, l1_hits, l1_misses, dram_reads;
    double tlp_avg, syncs; /* cta.tlp_avg (mean resident CTAs), cta.syncs */
    /* with a power file (ccgpu_power_file): energy of the groups sm, noc,
     * l2mc, dram, const and the total, uJ */
    int energy;
    double energy_uj[6];
    uint32_t nsms;
    uint64_t l2_bytes;
    uint32_t nlaunches;
    uint32_t *ctas_per_sm; /* per launch (occupancy), malloc'd */
};
void cta_cell_free(struct cta_cell *c);
/* The energy columns of the CSVs, present when a power file is configured:
 * a header's (",e_sm_uj,...,energy_uj") when on, a row's when c->energy. */
int cta_energy_on(const struct cli_run_options *o);
void cta_energy_header(FILE *f, int on);
void cta_energy_row(FILE *f, const struct cta_cell *c);

/* Runs b with ccgpu_cta_sched = policy and the overrides "key=value" of
 * over[0..nover) (set on o->cfg, which keeps them). awss: policies get their
 * working-set profile first. 0 ok (c filled), -1 the run failed (message
 * printed), -2 bad configuration. */
int cta_run(const struct cli_run_options *o, const struct bench_ops *b, const char *policy,
            const char *const *over, int nover, struct cta_cell *c);

/* Per-launch working sets (bytes per CTA, lines of line_bytes). */
struct cta_prof {
    uint32_t nl;
    uint32_t *n;      /* CTAs measured per launch */
    uint64_t **bytes; /* per launch, per CTA */
    uint64_t *sum;    /* per launch */
    uint32_t dom;     /* the launch whose working sets add up to the most */
};
int cta_profile(const struct cli_run_options *o, const struct bench_ops *b, uint32_t line_bytes,
                struct cta_prof *p);
void cta_prof_free(struct cta_prof *p);
/* Contention ratio of launch k when tlp CTAs run together in id order (as
 * rr fills): the working sets of CTAs 0..tlp-1 summed, over cap. */
double cta_contention(const struct cta_prof *p, uint32_t k, uint32_t tlp, uint64_t cap);

#endif
