/* Energy statistics: pricing each launch's activity and keeping the
 * registered totals (energy_stats.h). */
#include "power/energy_stats.h"
#include "gpu/stats.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

void energy_stats_init(struct energy_stats *es, const struct energy_params *p, double core_mhz,
                       double voltage)
{
    memset(es, 0, sizeof *es);
    es->params = *p;
    es->core_mhz = core_mhz;
    es->voltage = voltage;
}

static const char *name_at(struct energy_stats *es, int *k, const char *fmt, const char *what)
{
    char *n = es->names[(*k)++];
    snprintf(n, sizeof es->names[0], fmt, what);
    return n;
}

int energy_stats_register(struct energy_stats *es, struct stats *s)
{
    int k = 0, rc = 0;
    rc |= stats_register(s, "energy.total_pj", &es->total_pj, "energy of the whole GPU, pJ");
    for (int g = 0; g < ENERGY_NGROUPS; g++)
        rc |= stats_register(s, name_at(es, &k, "energy.group.%s_pj",
                                        energy_group_name((enum energy_group)g)),
                             &es->group_pj[g], "energy of one group of components, pJ");
    for (int e = 0; e < ENERGY_NEVENTS; e++)
        rc |= stats_register(s, name_at(es, &k, "energy.%s_pj",
                                        energy_event_name((enum energy_event)e)),
                             &es->event_pj[e], energy_event_unit((enum energy_event)e));
    for (int p = 0; p < ENERGY_NPOWER; p++)
        rc |= stats_register(s, name_at(es, &k, "energy.%s_pj",
                                        energy_power_name((enum energy_power_part)p)),
                             &es->power_pj[p], "power x time, pJ");
    for (int e = 0; e < ENERGY_NEVENTS; e++)
        rc |= stats_register(s, name_at(es, &k, "energy.count.%s",
                                        energy_event_name((enum energy_event)e)),
                             &es->count[e], energy_event_unit((enum energy_event)e));
    rc |= stats_register(s, "energy.count.busy_sm_cycles", &es->busy_sm_cycles,
                         "SM cycles with a warp resident (static power)");
    rc |= stats_register(s, "energy.count.idle_sm_cycles", &es->idle_sm_cycles,
                         "SM cycles with no warp resident (idle-SM power)");
    /* W = pJ / cycles x MHz x 1e-6 */
    rc |= stats_register_ratio(s, "energy.avg_power_w", "energy.total_pj", "cycles",
                               es->core_mhz * 1e-6);
    rc |= stats_register_ratio(s, "energy.per_warp_inst_pj", "energy.total_pj",
                               "warp_instructions", 1.0);
    return rc ? -1 : 0;
}

static uint64_t rounded(double pj)
{
    return pj > 0 ? (uint64_t)llround(pj) : 0;
}

void energy_stats_launch_end(struct energy_stats *es, const struct energy_activity *total)
{
    struct energy_activity d = *total;
    const struct energy_activity *p = &es->prev;
    for (int e = 0; e < ENERGY_NEVENTS; e++)
        d.events[e] -= p->events[e];
    d.cycles -= p->cycles;
    d.busy_sm_cycles -= p->busy_sm_cycles;
    d.idle_sm_cycles -= p->idle_sm_cycles;
    d.warp_insts -= p->warp_insts;
    d.thread_insts -= p->thread_insts;
    struct energy_result r;
    energy_compute(&es->params, &d, es->core_mhz, es->voltage, &r);
    for (int e = 0; e < ENERGY_NEVENTS; e++) {
        es->sum_event[e] += r.event_pj[e];
        es->event_pj[e] = rounded(es->sum_event[e]);
        es->count[e] = total->events[e];
    }
    for (int k = 0; k < ENERGY_NPOWER; k++) {
        es->sum_power[k] += r.power_pj[k];
        es->power_pj[k] = rounded(es->sum_power[k]);
    }
    for (int g = 0; g < ENERGY_NGROUPS; g++) {
        es->sum_group[g] += r.group_pj[g];
        es->group_pj[g] = rounded(es->sum_group[g]);
    }
    es->sum_total += r.total_pj;
    es->total_pj = rounded(es->sum_total);
    es->busy_sm_cycles = total->busy_sm_cycles;
    es->idle_sm_cycles = total->idle_sm_cycles;
    es->prev = *total;
}
