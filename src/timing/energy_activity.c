/* The timing model's activity as the energy model's events
 * (gpu_timing_energy_activity, gpu_timing.h): which counter stands for
 * which event. */
#include "timing/gpu_timing_state.h"
#include "power/energy.h"
#include <string.h>

void gpu_timing_energy_activity(const struct gpu_timing *g, struct energy_activity *a)
{
    const struct sm_stats *t = &g->tot.sm;
    const struct cache_stats *l1 = &g->l1sum.st;
    uint64_t *ev = a->events;
    memset(a, 0, sizeof *a);
    ev[ENERGY_EV_rf_read] = t->rf_reads;
    ev[ENERGY_EV_rf_write] = t->rf_writes;
    ev[ENERGY_EV_int_op] = t->thread_ops[TOP_INT];
    ev[ENERGY_EV_fp32_op] = t->thread_ops[TOP_FP32];
    ev[ENERGY_EV_fp64_op] = t->thread_ops[TOP_FP64];
    ev[ENERGY_EV_sfu_op] = t->thread_ops[TOP_SFU];
    /* per sector (a line in a cache without sectors), as AccelWattch counts;
     * a hit on a line being filled counts as a miss: it reads no data */
    ev[ENERGY_EV_l1d_read_hit] = l1->read_hit_sectors;
    ev[ENERGY_EV_l1d_read_miss] = l1->read_sectors - l1->read_hit_sectors;
    ev[ENERGY_EV_l1d_write_hit] = l1->write_hit_sectors;
    ev[ENERGY_EV_l1d_write_miss] = l1->write_sectors - l1->write_hit_sectors;
    ev[ENERGY_EV_shared] = t->smem_accesses;
    ev[ENERGY_EV_const_cache] = t->const_accesses;
    if (g->mem_ok) {
        const struct memsys *m = &g->mem;
        ev[ENERGY_EV_noc_req_flit] = m->req.st.flits;
        ev[ENERGY_EV_noc_rep_flit] = m->rep.st.flits;
        for (uint32_t p = 0; p < m->nparts; p++) {
            const struct cache_stats *c = &m->part[p].l2.st;
            ev[ENERGY_EV_l2_read_hit] += c->read_hit_sectors;
            ev[ENERGY_EV_l2_read_miss] += c->read_sectors - c->read_hit_sectors;
            ev[ENERGY_EV_l2_write_hit] += c->write_hit_sectors;
            ev[ENERGY_EV_l2_write_miss] += c->write_sectors - c->write_hit_sectors;
        }
        /* DRAM traffic in data bursts, at the controllers and the devices */
        for (uint32_t p = 0; p < m->cfg.n_part; p++) {
            ev[ENERGY_EV_dram_read] += m->chan[p].dram.st.read_bursts;
            ev[ENERGY_EV_dram_write] += m->chan[p].dram.st.write_bursts;
        }
        ev[ENERGY_EV_mc_read] = ev[ENERGY_EV_dram_read];
        ev[ENERGY_EV_mc_write] = ev[ENERGY_EV_dram_write];
        ev[ENERGY_EV_dram_activate] = m->st.dram_activates;
    }
    a->cycles = g->tot.cycles;
    a->busy_sm_cycles = t->busy_cycles;
    a->idle_sm_cycles = t->sm_cycles - t->busy_cycles;
    a->n_sms = g->nsms;
}

double gpu_timing_core_mhz(const struct gpu_timing *g)
{
    return g->mcfg.core_mhz;
}
