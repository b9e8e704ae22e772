/* The timing model's state (struct gpu_timing), shared by the files that
 * make it up: gpu_timing.c (creation and the GPU clock loop) and
 * gpu_timing_stats.c (its statistics). Not part of the interface:
 * everything else goes through gpu_timing.h. */
#ifndef CCGPU_TIMING_GPU_TIMING_STATE_H
#define CCGPU_TIMING_GPU_TIMING_STATE_H

#include "timing/gpu_timing.h"
#include "mem/memsys.h"
#include "timing/dispatch.h"
#include "timing/isrc.h"
#include "timing/perfect_mem.h"
#include "timing/l1trace.h"
#include "timing/l2trace.h"
#include "timing/progress.h"
#include "timing/sm.h"
#include "timing/l2_split.h"
#include "timing/sm_wake.h"
#include "timing/sim_link.h"
#include "timing/sim_threads.h"
#include "timing/tinst.h"
#include "policy/guard.h"
#include "policy/policy_gpu.h"
#include "mem/cache.h"

struct timing_totals {
    uint64_t cycles;
    struct sm_stats sm;
};

struct gpu_timing {
    struct sm_config cfg;
    struct memsys_config mcfg;
    /* the memory system, the link and the helper thread's hand-offs each on
     * cache lines of their own: in the lookahead mode with two threads the
     * memory side writes the first, and each side a part of the others,
     * while the calling thread writes the rest (sim_link.h) */
    _Alignas(SIM_LINK_LINE) struct memsys mem;
    _Alignas(SIM_LINK_LINE) int mem_ok;
    struct l2_split split; /* GPCs and a split L2 (l2_split.h) */
    int split_on;          /* ccgpu_l2_groups > 1 */
    struct cluster_net cnet; /* ccgpu_cluster_spread: clusters over a GPC's SMs */
    struct sm *sms;
    uint32_t nsms;
    struct sm_wake wake; /* the SMs' events (the loop visits the SMs they wake) */
    struct tinst_cache tc;
    struct isrc src; /* the running launch's instruction source (the SMs point here) */
    struct dispatch disp;
    int cta_stats; /* ccgpu_cta_sched set: register cta.* */
    uint64_t now;
    struct timing_totals tot;
    struct cache l1sum; /* only .st and the stat names: the L1s summed */
    struct roc_stats icsum, ccsum; /* the I-caches and constant caches summed */
    /* the warp scheduler's own counters (ops->counter_names), summed */
    uint32_t npol;
    uint64_t *pol, *pol_tmp;
    char (*pol_names)[64];
    /* the bypass policy's own counters (bypass_ops.counter_names), summed */
    uint32_t nbp;
    uint64_t *bpc, *bpc_tmp;
    char (*bpc_names)[64];
    struct policy_gpu pgpu; /* GPU-wide policy state (DWT-CS, base addresses) */
    uint64_t mrpb_drained, mrpb_bypass; /* ccgpu_mrpb, summed over SMs */
    uint64_t storage_bits; /* SRAM the SACAT-paper mechanisms in use need (Table 5) */
    struct l1trace *trace; /* ccgpu_trace_l1 */
    struct l2trace *l2trace; /* ccgpu_trace_l2 */
    uint64_t l2trace_insts;
    uint64_t trace_insts;
    struct progress prog; /* ccgpu_progress */
    /* run-length caps (GPGPU-Sim's gpgpu_max_cycle, _max_insn, _max_cta; 0 =
     * none) over the whole run, and what counts against them */
    uint64_t max_cycle, max_insn;
    uint32_t max_cta;
    /* ccgpu_watchdog_cycles: a launch in which no warp instruction issues
     * for this many cycles fails (0 = never; ccgpu.h) */
    uint64_t watchdog;
    /* ccgpu_runaway_cycles: a launch in which no warp makes forward progress
     * (no global store, atomic, barrier arrival or warp exit) for this many
     * cycles fails, naming the loop (0 = never; ccgpu.h); and
     * ccgpu_launch_seconds: a launch running longer in wall-clock time
     * fails the same way (0 = never) */
    uint64_t runaway;
    uint32_t launch_seconds;
    /* gpgpu_kernel_launch_latency + CTAs x gpgpu_TB_launch_latency: cycles
     * from a launch to its first CTA dispatch (GPGPU-Sim's
     * m_kernel_TB_latency), counted in the kernel's cycles */
    uint32_t kernel_latency, cta_latency;
    int perf_memcpy; /* gpgpu_perf_sim_memcpy: host copies leave their data in the L2 */
    uint64_t thread_insts_exec; /* guard-true thread instructions (thread_instructions_exec)
                                   of the launches before this one: gpgpu_max_insn's count */
    uint64_t ctas;         /* dispatched in the launches before this one */
    int last_pref;         /* the previous launch's carve-out preference (enum carve_pref) */
    /* gpgpu_perfect_mem: one response FIFO per cluster (perfect_mem.h) in
     * place of the memory system; NULL when off */
    struct perfect_port *ports;
    uint32_t nports;
    char stopped[200];     /* "" or why the run stopped at a cap */
    /* the first contract violation of a plugin policy (policy/guard.h):
     * every wrapped policy instance reports here, and the clock loop stops
     * at the cycle it is set (it stays set: later launches fail too) */
    struct policy_fault fault;
    /* ccgpu_sim_lookahead > 0: the SMs and the memory system meet through
     * the link (sim_link.h) in quanta of link.q cycles (gpu_timing_link.c),
     * the memory side on a helper thread with ccgpu_sim_threads 2
     * (sim_threads.h) */
    int link_on;
    struct sim_link link;
    uint32_t threads;     /* threads the lookahead mode runs on */
    int split_said;       /* a launch whose SMs could not be split was named */
    struct sim_threads th;
    uint64_t link_last_sm; /* the SM side's last cycle simulated */
    /* The exact loop's own work in the current launch (not statistics: the
     * JSON does not hold them), printed at its end with ccgpu_loop_counts 1:
     * loop cycles (those with a visit), memory-only cycles (the memory
     * system advanced alone), SM visits, and visits that found something to
     * do (a reply to take, an event due, a request sent, CTAs to refill);
     * the DRAM schedulers' scans and commands at the launch's start. */
    int loop_counts;
    struct {
        uint64_t cycles, mem_cycles, visits, useful, scans0, commands0;
    } lc;
};

void gpu_timing_sum_stats(struct gpu_timing *g);
/* ccgpu_loop_counts: one line on stderr about the launch's loop (the exact
 * loop's; the lookahead mode's counts only the DRAM's), src/timing/loop_counts.c */
void gpu_timing_print_loop_counts(const struct gpu_timing *g, const struct isrc *l);

/* Every plugin policy instance reports a contract violation to g->fault
 * (gpu_timing_launch.c; again at each launch, as the L1s may be rebuilt). */
void gpu_timing_attach_faults(struct gpu_timing *g);
/* The parts of a launch both GPU loops share (gpu_timing_launch.c): its start at
 * g->now, whether a run-length cap stops it at cycle now, whether it is
 * over, and its end (rc: 0, or -1 when it failed or a cap stopped it). */
int gpu_timing_launch_begin(struct gpu_timing *g, const struct gpu_timing_launch *gl, char *err,
                            size_t errlen);
int gpu_timing_cap_reached(struct gpu_timing *g, const struct isrc *l, uint64_t now,
                           uint64_t start);
int gpu_timing_launch_finished(struct gpu_timing *g, const struct isrc *l);
/* Every SM filed in the wheel at its next event (at the latest now), and
 * those holding requests marked in its outp; _file_sm: SM i so in wheel w
 * (the lookahead mode's groups each have one). */
void gpu_timing_wake_reset(struct gpu_timing *g, uint64_t now);
void gpu_timing_wake_file_sm(struct gpu_timing *g, struct sm_wake *w, uint32_t i, uint64_t now);
/* Whether cycle now of the launch begun at start is gpgpu_max_cycle's last. */
static inline int gpu_timing_at_max_cycle(const struct gpu_timing *g, uint64_t start, uint64_t now)
{
    return g->max_cycle && g->tot.cycles + (now + 1 - start) >= g->max_cycle;
}
/* The next cycle to visit, with a gpgpu_max_cycle cap: its last cycle is
 * visited whatever is due then. */
static inline uint64_t gpu_timing_cap_next(const struct gpu_timing *g, uint64_t start, uint64_t next)
{
    if (g->max_cycle && next != SM_NEVER && g->tot.cycles + (next + 1 - start) > g->max_cycle)
        return g->max_cycle + start - 1 - g->tot.cycles;
    return next;
}
/* Whether a run-length cap (gpgpu_max_cycle, gpgpu_max_insn; GPGPU-Sim's
 * counts gpu_sim_insn: lanes whose guard is true) stops the launch begun
 * at start at cycle now: gpu_timing_cap_reached's test, inline for the
 * loop's every cycle. */
static inline int gpu_timing_cap_due(const struct gpu_timing *g, const struct isrc *l, uint64_t now,
                                     uint64_t start)
{
    return gpu_timing_at_max_cycle(g, start, now) ||
           (g->max_insn && g->thread_insts_exec + isrc_counters(l)->thread_insts_exec >= g->max_insn);
}
/* Whether the launch is over: every CTA dispatched (or gpgpu_max_cta's
 * budget spent), none resident, no request left in an SM or the memory
 * system (gpu_timing_launch_finished, not called while CTAs are left). */
static inline int gpu_timing_launch_over(struct gpu_timing *g, const struct isrc *l)
{
    return !(g->disp.left && g->disp.budget) && gpu_timing_launch_finished(g, l);
}
/* After a cycle's visits: the SMs a visit changed through a spread cluster
 * (cluster_net.h: a barrier.cluster release, a placed CTA) refiled in the
 * wheel, or, without it (next not NULL), their next events taken into *next. */
static inline void gpu_timing_cluster_changes(struct gpu_timing *g, uint64_t now, int wheel,
                                              uint64_t *next)
{
    if (!g->cnet.touched)
        return;
    g->cnet.touched = 0;
    for (uint32_t i = 0; i < g->nsms; i++) {
        if (wheel)
            sm_wake_refile(&g->wake, &g->sms[i], i, now);
        else if (g->sms[i].next_event < *next)
            *next = g->sms[i].next_event;
    }
}
int gpu_timing_launch_end(struct gpu_timing *g, const struct isrc *l, uint64_t start, int rc,
                          char *err, size_t errlen);
/* The lookahead mode's launch loop and its drain after a failed launch
 * (gpu_timing_link.c). */
int gpu_timing_run_link(struct gpu_timing *g, const struct gpu_timing_launch *gl, char *err,
                        size_t errlen);
void gpu_timing_link_drain(struct gpu_timing *g);

#endif
