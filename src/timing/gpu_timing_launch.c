/* The parts of a launch both GPU loops share (the exact loop in
 * gpu_timing.c, the lookahead mode's in gpu_timing_link.c): its start, the
 * run-length caps, whether it is over, and its end with a failed launch's
 * drain. */
#include "timing/gpu_timing_state.h"
#include <stdio.h>
#include <string.h>

/* Every plugin policy instance (warp schedulers, the L1s' and L2 slices'
 * replacement and index functions) reports a contract violation to
 * g->fault; the L1s are rebuilt at a carve-out change, so this runs again
 * at every launch. Built-in policies have no fault record: nothing to do. */
void gpu_timing_attach_faults(struct gpu_timing *g)
{
    for (uint32_t i = 0; i < g->nsms; i++) {
        struct sm *sm = &g->sms[i];
        policy_guard_warp_sink(sm->ws.ops, &g->fault);
        if (sm->have_l1) {
            policy_guard_repl_sink(sm->l1.repl.ops, &g->fault);
            policy_guard_index_sink(sm->l1.index.ops, &g->fault);
        }
    }
    for (uint32_t i = 0; g->mem_ok && i < g->mem.nparts; i++) {
        policy_guard_repl_sink(g->mem.part[i].l2.repl.ops, &g->fault);
        policy_guard_index_sink(g->mem.part[i].l2.index.ops, &g->fault);
    }
}

/* After a failed launch: let the memory system finish what is in flight
 * (replies release L1 reservations, queued misses still go out) so the next
 * launch starts clean. */
static void drain_after_failure(struct gpu_timing *g)
{
    if (g->link_on) {
        gpu_timing_link_drain(g);
        return;
    }
    for (uint64_t guard = 0; guard < 100000000; guard++) {
        uint64_t now = g->now;
        int pending = 0;
        memsys_advance(&g->mem, now);
        for (uint32_t i = 0; i < g->nsms; i++) {
            struct sm *sm = &g->sms[i];
            struct mem_request r;
            const uint64_t *tok;
            while (sm->inflight && memsys_pop_response(&g->mem, i, now, &r)) {
                sm->inflight--;
                if (!r.is_write && sm->have_l1 && !(r.id & (TOKEN_STORE | TOKEN_BYPASS | TOKEN_INST | TOKEN_CONST)))
                    cache_fill(&sm->l1, r.addr, memsys_reply_sectors(&sm->l1, &r), &tok);
            }
            while (sm->perfect && sm->inflight && perfect_port_pop(sm->perfect, now, &r)) {
                struct sm *to = &g->sms[r.sm];
                to->inflight--;
                if (!r.is_write && to->have_l1 && !(r.id & (TOKEN_STORE | TOKEN_BYPASS | TOKEN_INST | TOKEN_CONST)))
                    cache_fill(&to->l1, r.addr, memsys_reply_sectors(&to->l1, &r), &tok);
            }
            if (sm_has_output(sm) && sm_drain(sm, &g->mem, now, UINT64_MAX))
                return;
            pending |= sm->inflight || sm_has_output(sm);
        }
        if (!pending && memsys_idle(&g->mem))
            return;
        uint64_t next = memsys_next_event(&g->mem);
        for (uint32_t i = 0; i < g->nports; i++)
            if (perfect_port_next(&g->ports[i]) < next)
                next = perfect_port_next(&g->ports[i]);
        g->now = next != MEMSYS_NEVER && next > now ? next : now + 1;
    }
}

/* A launch's start at cycle g->now (its first cycle): the SMs pointed at
 * its instruction source, the L1 carve-out, the traces, what the policies
 * share, the launch latency, the CTA dispatcher's parameters. 0, or -1 with
 * err set (nothing runs after a cap, as in GPGPU-Sim). */
int gpu_timing_launch_begin(struct gpu_timing *g, const struct gpu_timing_launch *gl, char *err,
                            size_t errlen)
{
    g->src = gl->src ? *gl->src : (struct isrc){ NULL, gl->l };
    const struct isrc *l = &g->src;
    memset(&g->lc, 0, sizeof g->lc);
    memsys_dram_work(&g->mem, &g->lc.scans0, &g->lc.commands0);
    /* clusters spread over a GPC's SMs reach across SMs (cluster_net.h) */
    struct cluster_net *cnet = g->cfg.cluster_spread && isrc_cluster_size(l) > 1 ? &g->cnet : NULL;
    g->disp.cnet = cnet;
    for (uint32_t i = 0; i < g->nsms; i++) {
        g->sms[i].src = l;
        g->sms[i].tap = gl->tap;
        g->sms[i].tap_ctx = gl->tap_ctx;
        g->sms[i].cnet = cnet;
    }
    const uint32_t threads = g->cfg.n_slots * 32 * g->nsms;
    uint64_t start = g->now;
    if (g->stopped[0]) {
        snprintf(err, errlen, "%s", g->stopped);
        return -1;
    }
    /* the launch's L1 / shared-memory carve-out (gl->carve): the L1s are
     * rebuilt when their geometry changes, and invalidated when the
     * preference changes (GPGPU-Sim flushes them then, whatever
     * gpgpu_flush_l1_cache says) */
    const struct carveout_choice *ch = gl->carve;
    g->cfg.shmem_bytes = ch->shmem_bytes;
    g->cfg.l1 = ch->l1;
    for (uint32_t i = 0; i < g->nsms; i++)
        if (sm_set_l1(&g->sms[i], &ch->l1, (int)ch->pref != g->last_pref, err, errlen))
            return -1;
    g->last_pref = (int)ch->pref;
    gpu_timing_attach_faults(g);
    tinst_cache_reset(&g->tc, gl->mod);
    if (g->trace && l1trace_kernel(g->trace, isrc_kernel_name(l))) {
        snprintf(err, errlen, "ccgpu_trace_l1: cannot record kernel %s", isrc_kernel_name(l));
        return -1;
    }
    if (g->l2trace && l2trace_kernel(g->l2trace, isrc_kernel_name(l), err, errlen))
        return -1;
    isrc_set_clock(l, &g->now);
    /* what the policies share about this launch (policy_gpu.h) */
    g->pgpu.launch++;
    g->pgpu.kernel_start = start;
    snprintf(g->pgpu.kernel, sizeof g->pgpu.kernel, "%s", isrc_kernel_name(l));
    g->pgpu.nregions = gl->nregions < POLICY_GPU_MAX_REGIONS ? gl->nregions
                                                             : POLICY_GPU_MAX_REGIONS;
    if (g->pgpu.nregions)
        memcpy(g->pgpu.regions, gl->regions, g->pgpu.nregions * sizeof *gl->regions);
    for (uint32_t i = 0; i < g->nsms; i++) {
        struct sm *sm = &g->sms[i];
        sm_launch_begin(sm, threads, start);
    }
    g->now += g->kernel_latency + (uint64_t)isrc_num_ctas(l) * g->cta_latency;
    for (uint32_t i = 0; i < g->nsms; i++)
        g->sms[i].busy_from = g->now;
    g->disp.budget = !g->max_cta ? UINT32_MAX
                   : g->ctas < g->max_cta ? (uint32_t)(g->max_cta - g->ctas) : 0;
    g->disp.launch_index = gl->index;
    g->disp.ws_bytes = gl->ws_bytes;
    g->disp.ws_n = gl->ws_n;
    g->disp.ws_off = gl->ws_off;
    g->disp.ws_lines = gl->ws_lines;
    g->disp.ws_nlines = gl->ws_nlines;
    g->disp.ws_nsets = gl->ws_nsets;
    return 0;
}

/* Whether a run-length cap (GPGPU-Sim's gpgpu_max_cycle and gpgpu_max_insn)
 * stops the run at cycle now of the launch begun at start: g->stopped says
 * which (the statistics cover the run up to there). */
int gpu_timing_cap_reached(struct gpu_timing *g, const struct isrc *l, uint64_t now,
                           uint64_t start)
{
    if (!gpu_timing_cap_due(g, l, now, start))
        return 0;
    if (gpu_timing_at_max_cycle(g, start, now)) {
        snprintf(g->stopped, sizeof g->stopped, "stopped at gpgpu_max_cycle %llu in kernel %s: "
                 "the statistics cover the run up to there",
                 (unsigned long long)g->max_cycle, isrc_kernel_name(l));
        return 1;
    }
    snprintf(g->stopped, sizeof g->stopped, "stopped at gpgpu_max_insn %llu (thread "
             "instructions whose guard is true, thread_instructions_exec) in kernel %s: "
             "the statistics cover the run up to there",
             (unsigned long long)g->max_insn, isrc_kernel_name(l));
    return 1;
}

/* With every CTA dispatched (or gpgpu_max_cta's budget spent;
 * gpu_timing_launch_over checks that): whether none is resident and no
 * request is left in an SM or the memory system. */
int gpu_timing_launch_finished(struct gpu_timing *g, const struct isrc *l)
{
    for (uint32_t i = 0; i < g->nsms; i++) {
        const struct sm *sm = &g->sms[i];
        /* requests still inside the SM (a kernel's last stores in the
         * LD/ST unit or the L1 access pipeline: their warps have exited)
         * keep the launch going, as GPGPU-Sim's warps wait for their
         * stores */
        if (sm->resident_ctas || sm->inflight || sm_has_output(sm) || sm_mem_pending(sm))
            return 0;
    }
    if (!memsys_idle(&g->mem))
        return 0;
    if (g->disp.left)
        snprintf(g->stopped, sizeof g->stopped, "stopped at gpgpu_max_cta %u in kernel "
                 "%s: its CTAs ran to completion, the statistics cover the run up to "
                 "there", g->max_cta, isrc_kernel_name(l));
    return 1;
}

/* The end of a launch begun at start, run to g->now (rc: 0, or -1 when it
 * failed or a cap stopped it): the SMs' accounting, a failed launch's
 * in-flight requests drained, the cycles counted, the traces flushed, the
 * statistics summed. rc, or -1 when a trace could not be written. */
int gpu_timing_launch_end(struct gpu_timing *g, const struct isrc *l, uint64_t start, int rc,
                          char *err, size_t errlen)
{
    const struct ptx_counters *cnt = isrc_counters(l);
    g->thread_insts_exec += cnt->thread_insts_exec;
    g->ctas += g->disp.total - g->disp.left;
    progress_clear(&g->prog);
    for (uint32_t i = 0; i < g->nsms; i++) {
        sm_launch_end(&g->sms[i], g->now);
        if (rc) {
            /* the warps still live leave at the run's last cycle, which
             * the policy's exit hooks see (with the SMs woken by events,
             * an SM's last visit can be earlier; without, it is that
             * cycle): a policy that counts cycles (ccws's live_cycles)
             * counts up to there either way */
            struct sm *sm = &g->sms[i];
            if (g->now && g->now - 1 > sm->ws.now)
                sm->ws.now = g->now - 1;
            sm_reset(sm);
        }
    }
    uint64_t end = g->now;
    if (rc)
        drain_after_failure(g);
    /* a cap's run ends where it stopped: the drain is not part of it */
    g->tot.cycles += (g->stopped[0] ? end : g->now) - start;
    if (g->trace) {
        g->trace_insts += cnt->warp_insts;
        l1trace_set_insts(g->trace, g->trace_insts);
        if (rc == 0 && l1trace_flush(g->trace)) {
            snprintf(err, errlen, "ccgpu_trace_l1: writing the trace failed");
            rc = -1;
        }
    }
    if (g->l2trace) {
        g->l2trace_insts += cnt->warp_insts;
        if (l2trace_launch_end(g->l2trace, g->l2trace_insts, rc ? NULL : err, rc ? 0 : errlen))
            rc = -1;
    }
    memsys_sync_stats(&g->mem); /* (the L2's skipped retries counted, memsys.c) */
    gpu_timing_sum_stats(g);
    if (g->loop_counts)
        gpu_timing_print_loop_counts(g, l);
    isrc_set_clock(l, NULL);
    return rc;
}
