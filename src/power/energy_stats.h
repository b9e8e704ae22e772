/* Energy statistics in the registry (gpu/stats.h), present only when a power
 * file is configured (ccgpu_power_file), so a run without one lists exactly
 * the statistics it listed before the energy model existed. Per launch the
 * activity since the previous launch is priced (energy_compute) and added to
 * running totals; the registry's per-kernel deltas are then each launch's
 * energy. Counters, in pJ (rounded from the running total):
 *   energy.total_pj                the whole GPU
 *   energy.group.G_pj              G = sm, noc, l2mc, dram, const
 *   energy.C_pj                    per component C: each event of
 *                                  energy_events.def, static, idle_sm, constant
 *   energy.count.E                 the events priced, and busy_sm_cycles,
 *                                  idle_sm_cycles
 * Ratios: energy.avg_power_w (W) and energy.per_warp_inst_pj. */
#ifndef CCGPU_POWER_ENERGY_STATS_H
#define CCGPU_POWER_ENERGY_STATS_H
#include "power/energy.h"

struct stats;

struct energy_stats {
    struct energy_params params;
    double core_mhz, voltage; /* voltage <= 0: no scaling */
    struct energy_activity prev; /* totals at the previous launch's end */
    double sum_event[ENERGY_NEVENTS], sum_power[ENERGY_NPOWER];
    double sum_group[ENERGY_NGROUPS], sum_total;
    /* the registered counters */
    uint64_t event_pj[ENERGY_NEVENTS], power_pj[ENERGY_NPOWER];
    uint64_t group_pj[ENERGY_NGROUPS], total_pj;
    uint64_t count[ENERGY_NEVENTS], busy_sm_cycles, idle_sm_cycles;
    char names[2 * ENERGY_NEVENTS + ENERGY_NPOWER + ENERGY_NGROUPS + 2][48];
};

void energy_stats_init(struct energy_stats *es, const struct energy_params *p, double core_mhz,
                       double voltage);
/* -1 on allocation failure or a name taken. */
int energy_stats_register(struct energy_stats *es, struct stats *s);
/* At a launch's end: total = the activity totals so far. */
void energy_stats_launch_end(struct energy_stats *es, const struct energy_activity *total);

#endif
