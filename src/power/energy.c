/* The energy of a stretch of activity: counts x energy per event, plus
 * power x time (energy.h). */
#include "power/energy.h"

static const struct {
    const char *name, *unit;
    enum energy_group group;
} event_info[ENERGY_NEVENTS] = {
#define X(name, group, unit) { #name, unit, ENERGY_G_##group },
#include "power/energy_events.def"
#undef X
};

static const char *const group_names[ENERGY_NGROUPS] = { "sm", "noc", "l2mc", "dram", "const" };

static const struct {
    const char *name;
    enum energy_group group;
} power_info[ENERGY_NPOWER] = {
    /* leakage of the SMs that hold warps: the SM group, as the AWSS paper
     * counts it (SMs burn static energy) */
    [ENERGY_P_STATIC] = { "static", ENERGY_G_SM },
    [ENERGY_P_IDLE_SM] = { "idle_sm", ENERGY_G_CONST },
    [ENERGY_P_CONSTANT] = { "constant", ENERGY_G_CONST },
    [ENERGY_P_MC] = { "mc_background", ENERGY_G_L2MC },
};

const char *energy_event_name(enum energy_event e) { return event_info[e].name; }
const char *energy_event_unit(enum energy_event e) { return event_info[e].unit; }
enum energy_group energy_event_group(enum energy_event e) { return event_info[e].group; }
const char *energy_group_name(enum energy_group g) { return group_names[g]; }
const char *energy_power_name(enum energy_power_part p) { return power_info[p].name; }
enum energy_group energy_power_group(enum energy_power_part p) { return power_info[p].group; }

void energy_compute(const struct energy_params *p, const struct energy_activity *a,
                    double core_mhz, double voltage, struct energy_result *out)
{
    double vr = voltage > 0 && p->voltage_ref > 0 ? voltage / p->voltage_ref : 1.0;
    double dyn = vr * vr, leak = vr;
    *out = (struct energy_result){ 0 };
    for (int e = 0; e < ENERGY_NEVENTS; e++)
        out->event_pj[e] = dyn * (double)a->events[e] * p->event_pj[e];
    /* W x cycles / MHz = uJ; x 1e6 = pJ */
    double pj_per_w_cycle = core_mhz > 0 ? 1e6 / core_mhz : 0.0;
    /* static: the whole GPU's figure shared evenly among the SMs, drawn by
     * the busy ones; threads per warp = active lanes per issued instruction */
    double tpw = a->warp_insts ? (double)a->thread_insts / (double)a->warp_insts : 1.0;
    double static_w = p->static_w + (tpw > 1.0 ? tpw - 1.0 : 0.0) * p->static_lane_w;
    double busy_share = a->n_sms ? (double)a->busy_sm_cycles / a->n_sms : 0.0;
    out->power_pj[ENERGY_P_STATIC] = leak * static_w * busy_share * pj_per_w_cycle;
    out->power_pj[ENERGY_P_IDLE_SM] =
        leak * p->idle_sm_w * (double)a->idle_sm_cycles * pj_per_w_cycle;
    out->power_pj[ENERGY_P_CONSTANT] = dyn * p->constant_w * (double)a->cycles * pj_per_w_cycle;
    out->power_pj[ENERGY_P_MC] = dyn * p->mc_w * (double)a->cycles * pj_per_w_cycle;
    for (int e = 0; e < ENERGY_NEVENTS; e++)
        out->group_pj[event_info[e].group] += out->event_pj[e];
    for (int k = 0; k < ENERGY_NPOWER; k++)
        out->group_pj[power_info[k].group] += out->power_pj[k];
    for (int g = 0; g < ENERGY_NGROUPS; g++)
        out->total_pj += out->group_pj[g];
}
