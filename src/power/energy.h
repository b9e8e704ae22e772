/* The energy model (GPUWattch / AccelWattch structure): energy = the sum over
 * events of count x energy per event, plus (constant + static + idle-SM
 * power) x time. An observer of the timing model: it reads activity counts
 * after each launch and never changes timing. The numbers are data, read
 * from a power file (power_file.h). */
#ifndef CCGPU_POWER_ENERGY_H
#define CCGPU_POWER_ENERGY_H
#include <stdint.h>

enum energy_event {
#define X(name, group, unit) ENERGY_EV_##name,
#include "power/energy_events.def"
#undef X
    ENERGY_NEVENTS
};

/* The five groups energy is reported in (AWSS Fig. 3's breakdown with the
 * constant and idle power apart). */
enum energy_group { ENERGY_G_SM, ENERGY_G_NOC, ENERGY_G_L2MC, ENERGY_G_DRAM, ENERGY_G_CONST,
                    ENERGY_NGROUPS };

/* The components beyond the events: time-proportional power. */
enum energy_power_part { ENERGY_P_STATIC, ENERGY_P_IDLE_SM, ENERGY_P_CONSTANT, ENERGY_P_MC,
                         ENERGY_NPOWER };

/* A power file's numbers (power_file.c fills it). */
struct energy_params {
    double event_pj[ENERGY_NEVENTS]; /* energy per event, pJ */
    double constant_w;     /* always drawn while the GPU runs (clocks, I/O) */
    double mc_w;           /* the memory controllers' activity-independent power */
    double idle_sm_w;      /* drawn by each SM with no warp resident */
    double static_w;       /* whole GPU with every SM busy, one active lane per warp */
    double static_lane_w;  /* added per further active lane (threads per warp - 1) */
    double voltage_ref;    /* the voltage the numbers hold at (0: not given) */
};

/* What happened during one stretch of time (a launch). */
struct energy_activity {
    uint64_t events[ENERGY_NEVENTS];
    uint64_t cycles;          /* core cycles */
    uint64_t busy_sm_cycles;  /* SM cycles with at least one warp resident */
    uint64_t idle_sm_cycles;  /* SM cycles with none */
    uint64_t warp_insts, thread_insts;
    uint32_t n_sms;
};

/* Energy of one stretch, pJ, by event and by power part. */
struct energy_result {
    double event_pj[ENERGY_NEVENTS];
    double power_pj[ENERGY_NPOWER];
    double group_pj[ENERGY_NGROUPS];
    double total_pj;
};

/* The energy of activity a at core clock core_mhz. voltage <= 0: no scaling;
 * else (needs p->voltage_ref > 0) static and idle-SM power scale by
 * voltage / voltage_ref and every other part by its square (AccelWattch's
 * DVFS rule). Time-proportional parts: constant and memory-controller power
 * over all cycles, static power over the busy SM cycles (the whole GPU's
 * figure shared evenly among the SMs, raised per active lane beyond the
 * first), idle-SM power over the idle SM cycles. */
void energy_compute(const struct energy_params *p, const struct energy_activity *a,
                    double core_mhz, double voltage, struct energy_result *out);

/* Names for statistics and messages. */
const char *energy_event_name(enum energy_event e);
const char *energy_event_unit(enum energy_event e);
enum energy_group energy_event_group(enum energy_event e);
const char *energy_group_name(enum energy_group g);
const char *energy_power_name(enum energy_power_part p);
enum energy_group energy_power_group(enum energy_power_part p);

#endif
