/* The timing model's statistics: the totals it registers (cycles,
 * scheduler outcomes, LD/ST and L1 counters summed over the SMs, the
 * policies' own counters, the memory system's) and their summing at each
 * launch's end. */
#include "timing/gpu_timing_state.h"
#include "gpu/stats.h"
#include <string.h>

int gpu_timing_register_stats(struct gpu_timing *g, struct stats *s)
{
    struct timing_totals *t = &g->tot;
    const struct {
        const char *name;
        const uint64_t *v;
        const char *desc;
    } tab[] = {
        { "cycles", &t->cycles, "core cycles" },
        { "sched.cycles", &t->sm.sched_cycles, "scheduler cycles (SMs x schedulers x cycles)" },
        { "sched.issued", &t->sm.by_reason[R_ISSUED], "scheduler cycles that issued" },
        { "sched.idle_no_warp", &t->sm.by_reason[R_IDLE], "no warp with an instruction ready in its I-buffer" },
        { "sched.stall_scoreboard", &t->sm.by_reason[R_SB], "ready warps all wait on the scoreboard" },
        { "sched.stall_unit", &t->sm.by_reason[R_UNIT], "a ready warp's function unit was busy" },
        { "sched.stall_mem", &t->sm.by_reason[R_MEM], "a ready memory instruction found the LD/ST unit busy" },
        { "sched.stall_barrier", &t->sm.by_reason[R_BARRIER], "warps wait at a barrier" },
        { "sched.throttled", &t->sm.by_reason[R_THROTTLED], "the policy vetoed a ready warp" },
        { "warps.active_sum", &t->sm.active_warp_sum, "live warps summed over SM cycles" },
        { "sm_cycles", &t->sm.sm_cycles, "SMs x cycles" },
        { "ldst.l1_requests", &t->sm.l1_requests, "line requests accepted by the L1D" },
        { "ldst.bypass_requests", &t->sm.bypass_requests, "line requests bypassing the L1D" },
        { "ldst.smem_accesses", &t->sm.smem_accesses, "shared-memory warp accesses" },
        { "ldst.smem_conflict_cycles", &t->sm.smem_conflict_cycles, "extra bank-conflict passes" },
        { "ldst.const_accesses", &t->sm.const_accesses, "constant/param warp loads" },
    };
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (stats_register(s, tab[i].name, tab[i].v, tab[i].desc))
            return -1;
    for (uint32_t i = 0; i < g->npol; i++)
        if (stats_register(s, g->pol_names[i], &g->pol[i], "warp scheduler counter"))
            return -1;
    for (uint32_t i = 0; i < g->nbp; i++)
        if (stats_register(s, g->bpc_names[i], &g->bpc[i], "bypass policy counter"))
            return -1;
    if (g->storage_bits &&
        stats_register(s, "hw.storage_bits", &g->storage_bits,
                       "SRAM bits of DWT-CS, the bypass table and MRPB, whole GPU (SACAT Table 5)"))
        return -1;
    if (g->cfg.mrpb.enabled &&
        (stats_register(s, "mrpb.drained", &g->mrpb_drained, "requests MRPB sent to the L1") ||
         stats_register(s, "mrpb.assoc_bypass", &g->mrpb_bypass,
                        "reads sent around the L1 on a LINE_ALLOC failure")))
        return -1;
    if (g->cta_stats && /* only then: default statistics unchanged */
        (stats_register(s, "cta.resident_sum", &g->disp.resident_sum,
                        "CTAs resident on all SMs, summed over cycles") ||
         stats_register(s, "cta.syncs", &g->disp.syncs,
                        "synchronisations of a CTA schedule waited out") ||
         stats_register(s, "cta.drain_cycles", &g->disp.drain_cycles,
                        "cycles from a schedule phase's last dispatch to its synchronisation's "
                        "end, less the sync cost (the phase draining)") ||
         stats_register(s, "cta.drain_resident_sum", &g->disp.drain_resident_sum,
                        "CTAs resident on all SMs, summed over the drain cycles") ||
         stats_register_ratio(s, "cta.tlp_avg", "cta.resident_sum", "cycles", 1.0)))
        return -1;
    if (g->split_on && /* only then: default statistics unchanged */
        (stats_register(s, "l2_split.far_replies", &g->split.far_replies,
                        "read replies from an L2 group other than their SM's (l2_split.h)") ||
         stats_register(s, "l2_split.far_delay_sum", &g->split.far_delay_sum,
                        "cycles those replies' data came later (far latency and link wait)")))
        return -1;
    if (g->cfg.cluster_spread && /* only then: default statistics unchanged */
        (stats_register(s, "ldst.smem_remote", &t->sm.smem_remote,
                        "shared-memory warp accesses reaching a CTA on another SM (cluster_net.h)") ||
         stats_register(s, "cluster.remote_releases", &g->cnet.remote_releases,
                        "warps a barrier.cluster phase completed on another SM released")))
        return -1;
    if (g->cfg.prefetch && /* only then: default statistics unchanged */
        (stats_register(s, "ldst.prefetch_l1", &t->sm.prefetch_l1, "prefetch line requests into the L1D") ||
         stats_register(s, "ldst.prefetch_l2", &t->sm.prefetch_l2, "prefetch line requests into the L2")))
        return -1;
    if (g->cfg.icache && /* only then: default statistics unchanged */
        (stats_register(s, "l1i.accesses", &g->icsum.accesses,
                        "I-cache lookups (a warp's next instruction in another line)") ||
         stats_register(s, "l1i.misses", &g->icsum.misses, "I-cache misses sent to memory") ||
         stats_register(s, "l1i.hit_reserved", &g->icsum.hit_reserved,
                        "I-cache lookups of a line already requested") ||
         stats_register(s, "l1i.res_fail", &g->icsum.res_fail,
                        "I-cache lookups that found no free miss entry (retried)")))
        return -1;
    if (g->cfg.ccache &&
        (stats_register(s, "l1c.accesses", &g->ccsum.accesses,
                        "constant-cache line lookups (ld.const, kernel ld.param)") ||
         stats_register(s, "l1c.misses", &g->ccsum.misses, "constant-cache misses sent to memory") ||
         stats_register(s, "l1c.hit_reserved", &g->ccsum.hit_reserved,
                        "constant-cache lookups of a line already requested") ||
         stats_register(s, "l1c.res_fail", &g->ccsum.res_fail,
                        "constant-cache lookups that found no free miss entry (the LD/ST unit waits)")))
        return -1;
    if (cache_register_stats(&g->l1sum, s, "l1d") ||
        /* warp IPC and thread IPC (GPGPU-Sim's "IPC"): no bare "ipc", so the
         * two cannot be confused */
        stats_register_ratio(s, "warp_ipc", "warp_instructions", "cycles", 1.0) ||
        stats_register_ratio(s, "thread_ipc", "thread_instructions", "cycles", 1.0) ||
        /* MPKI per 1000 warp instructions; the thread-instruction form is
         * GPGPU-Sim's instruction count (the CCWS paper's figures) */
        stats_register_ratio(s, "l1d.mpki", "l1d.misses", "warp_instructions", 1000.0) ||
        stats_register_ratio(s, "l1d.mpki_thread", "l1d.misses", "thread_instructions", 1000.0) ||
        stats_register_ratio(s, "warps.active_avg", "warps.active_sum", "sm_cycles", 1.0) ||
        memsys_register_stats(&g->mem, s))
        return -1;
    return 0;
}

/* The SMs' counters (and their L1s', policies' and MRPB's) summed into the
 * registered totals: at each launch's end. */
void gpu_timing_sum_stats(struct gpu_timing *g)
{
    struct sm_stats *t = &g->tot.sm;
    struct cache_stats *c = &g->l1sum.st;
    memset(t, 0, sizeof *t);
    memset(c, 0, sizeof *c);
    if (g->npol)
        memset(g->pol, 0, g->npol * sizeof *g->pol);
    if (g->nbp)
        memset(g->bpc, 0, g->nbp * sizeof *g->bpc);
    g->mrpb_drained = g->mrpb_bypass = 0;
    memset(&g->icsum, 0, sizeof g->icsum);
    memset(&g->ccsum, 0, sizeof g->ccsum);
    for (uint32_t i = 0; i < g->nsms; i++) {
        for (int k = 0; k < 2; k++) {
            const struct roc_stats *x = k ? &g->sms[i].cc.st : &g->sms[i].ic.st;
            struct roc_stats *sum = k ? &g->ccsum : &g->icsum;
            sum->accesses += x->accesses;
            sum->misses += x->misses;
            sum->hit_reserved += x->hit_reserved;
            sum->res_fail += x->res_fail;
        }
        if (g->nbp) {
            g->sms[i].bp.ops->counters(&g->sms[i].bp, g->bpc_tmp);
            for (uint32_t k = 0; k < g->nbp; k++)
                g->bpc[k] += g->bpc_tmp[k];
        }
        if (g->npol) {
            g->sms[i].ws.ops->counters(&g->sms[i].ws, g->pol_tmp);
            for (uint32_t k = 0; k < g->npol; k++)
                g->pol[k] += g->pol_tmp[k];
        }
        g->mrpb_drained += g->sms[i].mrpb.drained;
        g->mrpb_bypass += g->sms[i].mrpb.assoc_bypass;
        const struct sm_stats *s = &g->sms[i].st;
        for (uint32_t r = 0; r < R_COUNT; r++)
            t->by_reason[r] += s->by_reason[r];
        t->sched_cycles += s->sched_cycles;
        t->active_warp_sum += s->active_warp_sum;
        t->sm_cycles += s->sm_cycles;
        t->l1_requests += s->l1_requests;
        t->bypass_requests += s->bypass_requests;
        t->smem_accesses += s->smem_accesses;
        t->smem_conflict_cycles += s->smem_conflict_cycles;
        t->smem_remote += s->smem_remote;
        t->const_accesses += s->const_accesses;
        t->prefetch_l1 += s->prefetch_l1;
        t->prefetch_l2 += s->prefetch_l2;
        t->busy_cycles += s->busy_cycles;
        for (uint32_t k = 0; k < TOP_COUNT; k++)
            t->thread_ops[k] += s->thread_ops[k];
        t->rf_reads += s->rf_reads;
        t->rf_writes += s->rf_writes;
        if (!g->sms[i].have_l1)
            continue;
        const struct cache_stats *l = &g->sms[i].l1.st;
        c->accesses += l->accesses;
        c->reads += l->reads;
        c->writes += l->writes;
        c->hits += l->hits;
        c->read_sectors += l->read_sectors;
        c->read_hit_sectors += l->read_hit_sectors;
        c->write_sectors += l->write_sectors;
        c->write_hit_sectors += l->write_hit_sectors;
        c->hit_reserved += l->hit_reserved;
        c->misses += l->misses;
        c->sector_misses += l->sector_misses;
        for (int k = 0; k < CACHE_NFAIL; k++)
            c->res_fail[k] += l->res_fail[k];
        c->mshr_merges += l->mshr_merges;
        c->evictions += l->evictions;
        c->writebacks += l->writebacks;
        c->write_invalidates += l->write_invalidates;
        c->fills += l->fills;
    }
}
