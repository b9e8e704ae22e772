/* The GPU clock loop. Per core cycle C:
 *   memsys_advance(C); replies visible at C go to their SMs (fills, wakes);
 *   every SM with something to do at C runs its cycle (issue, LD/ST);
 *   queued requests leave for the memory system; SMs that retired CTAs are
 *   refilled by the dispatcher.
 * With ccgpu_skip_idle (default) the loop then jumps to the earliest cycle
 * at which anything can change: an SM's next event (I-buffer, scoreboard,
 * function unit, LD/ST work, policy) or the memory system's next event.
 * SMs with nothing to do are not visited; their per-cycle statistics are
 * accounted when they next run. Skipping changes no result (tested). */
#include "timing/gpu_timing.h"
#include "timing/gpu_timing_state.h" /* (the memory system, SMs, dispatcher...) */
#include "gpu/config.h"
#include "timing/carveout.h"
#include "timing/launch_guard.h"
#include "timing/size_check.h"
#include "policy/warp/dwt_coord.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ccgpu_warp_long_wait for the policies (policy_gpu.long_wait) */
static int long_wait(void *ctx, uint32_t sm, uint32_t slot, uint64_t at)
{
    const struct gpu_timing *g = ctx;
    return sm < g->nsms && sm_warp_long_wait(&g->sms[sm], slot, at);
}

/* The threads the lookahead mode runs on for ccgpu_sim_threads n: the
 * memory system and the SMs, the SMs in n groups from three threads on
 * where the launch allows (gpu_timing_link.c), placed over the threads by
 * their times (sim_threads.c); a run that cannot use them runs on one
 * thread, and says why on stderr (the statistics are the same on any
 * number). */
static uint32_t threads_choose(const struct gpu_timing *g, uint32_t n, uint32_t lookahead)
{
    if (n == 1)
        return 1;
    if (!lookahead) {
        fprintf(stderr, "ccgpu_sim_threads %u: the exact model (ccgpu_sim_lookahead 0) runs on "
                "one thread\n", n);
        return 1;
    }
    /* a plugin's L2 policy would run on the memory system's thread, and a
     * plugin may keep state of its own that its SM-side instances share */
    for (uint32_t i = 0; i < g->mem.nparts; i++)
        if (policy_guard_repl_fault(g->mem.part[i].l2.repl.ops) ||
            policy_guard_index_fault(g->mem.part[i].l2.index.ops)) {
            fprintf(stderr, "ccgpu_sim_threads %u: the L2 runs a plugin policy, which is not "
                    "known to be thread-safe: running on one thread\n", n);
            return 1;
        }
    return n;
}

/* The model for p, or with trial set only what checks every option: the
 * options read and the sizes checked for p's SM count, the memory system,
 * the SM and the CTA dispatcher built for one SM (their own checks), no
 * trace file opened. */
static struct gpu_timing *create(const struct ccgpu_config *store,
                                 const struct gpu_timing_params *p, int trial, char *err,
                                 size_t errlen)
{
    /* (aligned as its cache-line members ask: gpu_timing_state.h) */
    struct gpu_timing *g = aligned_alloc(_Alignof(struct gpu_timing), sizeof *g);
    if (!g) {
        snprintf(err, errlen, "timing model: out of memory");
        return NULL;
    }
    memset(g, 0, sizeof *g);
    struct sm_config_gpu gp = { p->n_sms, p->max_threads_per_sm, p->max_ctas_per_sm,
                                p->shmem_per_sm, p->registers_per_sm };
    if (sm_config_read(&g->cfg, &gp, store, err, errlen))
        goto fail;
    memsys_config_ccws(&g->mcfg);
    if (memsys_config_read(&g->mcfg, store, err, errlen))
        goto fail;
    if (timing_size_check(&g->cfg, &g->mcfg, p->n_sms, err, errlen))
        goto fail;
    if (g->cfg.icache && g->cfg.il1.line_size > g->mcfg.l2.line_size) {
        snprintf(err, errlen, "gpgpu_cache:il1: %u-byte lines are longer than the L2's %u bytes",
                 g->cfg.il1.line_size, g->mcfg.l2.line_size);
        goto fail;
    }
    if (g->cfg.ccache && g->cfg.cl1.line_size > g->mcfg.l2.line_size) {
        snprintf(err, errlen, "gpgpu_const_cache:l1: %u-byte lines are longer than the L2's %u bytes",
                 g->cfg.cl1.line_size, g->mcfg.l2.line_size);
        goto fail;
    }
    /* the lookahead mode's link carries L of each crossbar's cycles
     * (sim_link.h): the round trip keeps its length */
    uint32_t lookahead, threads;
    if (config_get_u32(store, "ccgpu_sim_lookahead", 0, &lookahead, err, errlen) ||
        config_get_u32(store, "ccgpu_sim_threads", 1, &threads, err, errlen))
        goto fail;
    if (lookahead && lookahead >= g->mcfg.icnt_latency) {
        config_value_error(store, "ccgpu_sim_lookahead", err, errlen,
                           "%u interconnect cycles: the link takes them from the crossbars' "
                           "mem_icnt_latency %u, which keeps at least 1", lookahead,
                           g->mcfg.icnt_latency);
        goto fail;
    }
    g->mcfg.icnt_latency -= lookahead;
    g->mcfg.icnt_req_arb_shift = lookahead;
    /* a destination slot is held as long as in the exact model: the
     * request crossbar is the exact one L cycles later (its slots freed by
     * the partitions' pops are seen L cycles later); the reply crossbar's
     * packets are taken when they arrive, L cycles before the SM takes
     * them, and a slot the SM frees by its pop after the interconnect's
     * cycle is free for the next one */
    g->mcfg.icnt_req_release_delay = lookahead;
    g->mcfg.icnt_rep_release_delay = lookahead ? lookahead + 1 : 0;
    const uint32_t nsms = trial ? 1 : p->n_sms;
    g->mcfg.n_sm = nsms;
    if (memsys_init(&g->mem, &g->mcfg, err, errlen))
        goto fail;
    g->mem_ok = 1;
    g->nsms = nsms;
    g->sms = calloc(nsms, sizeof *g->sms);
    if (!g->sms || sm_wake_init(&g->wake, nsms, g->cfg.sm_wake)) {
        snprintf(err, errlen, "timing model: out of memory");
        goto fail;
    }
    g->pgpu.n_sms = nsms;
    g->pgpu.long_wait = long_wait;
    g->pgpu.long_wait_ctx = g;
    for (uint32_t i = 0; i < nsms; i++)
        if (sm_init(&g->sms[i], i, &g->cfg, &g->tc, &g->pgpu, err, errlen))
            goto fail;
    if (dispatch_init(&g->disp, &g->cfg, err, errlen))
        goto fail;
    int perfect = 0;
    if (config_get_bool(store, "gpgpu_perfect_mem", 0, &perfect, err, errlen))
        goto fail;
    if (perfect) {
        /* the FIFO's size is read only here: without perfect memory ccgpu's
         * interconnect has no such buffer, and the option stays unmodelled */
        uint32_t cap, cpc = p->cores_per_cluster ? p->cores_per_cluster : 1;
        if (config_get_u32(store, "gpgpu_n_cluster_ejection_buffer_size", 8, &cap, err, errlen))
            goto fail;
        if (cap == 0 || cap > 65536) {
            config_value_error(store, "gpgpu_n_cluster_ejection_buffer_size", err, errlen,
                               "%u responses (1 to 65536)", cap);
            goto fail;
        }
        g->nports = (nsms + cpc - 1) / cpc;
        if (!(g->ports = calloc(g->nports, sizeof *g->ports))) {
            snprintf(err, errlen, "timing model: out of memory");
            goto fail;
        }
        for (uint32_t i = 0; i < g->nports; i++)
            if (perfect_port_init(&g->ports[i], cap)) {
                snprintf(err, errlen, "timing model: out of memory");
                goto fail;
            }
        for (uint32_t i = 0; i < nsms; i++)
            g->sms[i].perfect = &g->ports[i / cpc];
    }
    struct l2_split_config sc;
    if (l2_split_config_read(&sc, store, g->mcfg.n_part, &g->split_on, err, errlen))
        goto fail;
    if (g->split_on && perfect) {
        config_value_error(store, "ccgpu_l2_groups", err, errlen,
                           "a split L2 and gpgpu_perfect_mem (no L2) exclude each other");
        goto fail;
    }
    if (g->split_on) {
        l2_split_init(&g->split, &sc, p->n_sms, g->mcfg.n_part, &g->mem.map,
                      g->mcfg.l2.line_size);
        for (uint32_t i = 0; i < nsms; i++)
            g->sms[i].split = &g->split;
    }
    g->cnet = (struct cluster_net){ g->sms, nsms, sc.gpcs, g->cfg.dsmem_latency, 0, 0 };
    if (threads < 1 || threads > 1024) {
        config_value_error(store, "ccgpu_sim_threads", err, errlen, "%u (1 to 1024)", threads);
        goto fail;
    }
    if (lookahead && perfect) {
        config_value_error(store, "ccgpu_sim_lookahead", err, errlen,
                           "gpgpu_perfect_mem has no memory system to link the SMs to");
        goto fail;
    }
    g->cta_stats = config_find(store, "ccgpu_cta_sched") != NULL;
    g->disp.l2_bytes = (uint64_t)g->mcfg.n_part * g->mcfg.l2.nsets * g->mcfg.l2.line_size *
                       g->mcfg.l2.assoc;
    if (config_get_u64(store, "gpgpu_max_cycle", 0, &g->max_cycle, err, errlen) ||
        config_get_u64(store, "gpgpu_max_insn", 0, &g->max_insn, err, errlen) ||
        config_get_u32(store, "gpgpu_max_cta", 0, &g->max_cta, err, errlen) ||
        config_get_u64(store, "ccgpu_watchdog_cycles", CCGPU_DEFAULT_WATCHDOG_CYCLES,
                       &g->watchdog, err, errlen) ||
        config_get_u64(store, "ccgpu_runaway_cycles", CCGPU_DEFAULT_RUNAWAY_CYCLES, &g->runaway,
                       err, errlen) ||
        config_get_u32(store, "ccgpu_launch_seconds", 0, &g->launch_seconds, err, errlen) ||
        config_get_u32(store, "gpgpu_kernel_launch_latency", 0, &g->kernel_latency, err, errlen) ||
        config_get_u32(store, "gpgpu_TB_launch_latency", 0, &g->cta_latency, err, errlen) ||
        config_get_bool(store, "gpgpu_perf_sim_memcpy", 0, &g->perf_memcpy, err, errlen) ||
        config_get_bool(store, "ccgpu_loop_counts", 0, &g->loop_counts, err, errlen))
        goto fail;
    static const char *const progress_modes[] = { "off", "on", "auto", NULL };
    int progress_mode;
    if (config_get_choice(store, "ccgpu_progress", progress_modes, PROGRESS_AUTO, &progress_mode,
                          err, errlen))
        goto fail;
    progress_begin(&g->prog, (enum progress_mode)progress_mode, stderr);
    const char *tpath = config_get_str(store, "ccgpu_trace_l1", "");
    if (trial) {
        const char *t2 = config_get_str(store, "ccgpu_trace_l2", "");
        if (t2[0] && !strcmp(t2, tpath)) {
            snprintf(err, errlen, "ccgpu_trace_l1 and ccgpu_trace_l2 name the same file %s", t2);
            goto fail;
        }
        gpu_timing_free(g);
        err[0] = '\0'; /* every check passed */
        return NULL;
    }
    if (tpath[0]) {
        char name[256];
        snprintf(name, sizeof name, "gpgpu_scheduler=%s gpgpu_cache:dl1=%s", g->cfg.sched,
                 config_get_str(store, "gpgpu_cache:dl1", "(default)"));
        uint32_t ls = g->sms[0].have_l1 ? g->sms[0].l1.line_shift : 7;
        if (!(g->trace = l1trace_open(tpath, name, ls, nsms, err, errlen)))
            goto fail;
        for (uint32_t i = 0; i < nsms; i++)
            g->sms[i].trace = g->trace;
    }
    char l2name[128];
    snprintf(l2name, sizeof l2name, "gpgpu_scheduler=%s", g->cfg.sched);
    if (l2trace_open(&g->l2trace, store, &g->mem, l2name, g->mcfg.l2.line_size, err, errlen))
        goto fail;
    const struct warp_sched_ops *wops = g->sms[0].ws.ops;
    uint32_t npol_all = 0; /* counters writes the whole list */
    while (wops->counter_names && wops->counter_names[npol_all])
        npol_all++;
    g->npol = npol_all;
    if (wops->n_counters && wops->n_counters(&g->sms[0].ws) < npol_all)
        g->npol = wops->n_counters(&g->sms[0].ws);
    if (g->npol) {
        g->pol = calloc(g->npol, sizeof *g->pol);
        g->pol_tmp = calloc(npol_all, sizeof *g->pol_tmp);
        g->pol_names = calloc(g->npol, sizeof *g->pol_names);
        if (!g->pol || !g->pol_tmp || !g->pol_names) {
            snprintf(err, errlen, "timing model: out of memory");
            goto fail;
        }
        for (uint32_t i = 0; i < g->npol; i++)
            snprintf(g->pol_names[i], sizeof g->pol_names[i], "sched.%s", wops->counter_names[i]);
    }
    const struct bypass_ops *bops = g->sms[0].bp.ops;
    while (bops->counter_names && bops->counter_names[g->nbp])
        g->nbp++;
    if (g->nbp) {
        g->bpc = calloc(g->nbp, sizeof *g->bpc);
        g->bpc_tmp = calloc(g->nbp, sizeof *g->bpc_tmp);
        g->bpc_names = calloc(g->nbp, sizeof *g->bpc_names);
        if (!g->bpc || !g->bpc_tmp || !g->bpc_names) {
            snprintf(err, errlen, "timing model: out of memory");
            goto fail;
        }
        for (uint32_t i = 0; i < g->nbp; i++)
            snprintf(g->bpc_names[i], sizeof g->bpc_names[i], "bypass.%s", bops->counter_names[i]);
    }
    /* sacat-tpds2017 Table 5's accounting, for the whole GPU: DWT-CS two
     * 16-bit counters per SM and 13 bits per remembered kernel; a bypass
     * policy's table per SM; MRPB 40 bits per queued request (its §5.4) */
    if (g->pgpu.dwt)
        g->storage_bits += 2ull * 16 * p->n_sms + 13ull * g->pgpu.dwt->p.mem;
    if (g->sms[0].bp.ops->storage_bits)
        g->storage_bits += g->sms[0].bp.ops->storage_bits(&g->sms[0].bp) * p->n_sms;
    if (g->cfg.mrpb.enabled)
        g->storage_bits += 40ull * g->cfg.n_slots * g->cfg.mrpb.depth * p->n_sms;
    gpu_timing_attach_faults(g);
    if (lookahead) {
        if (sim_link_init(&g->link, &g->mem, lookahead, err, errlen))
            goto fail;
        g->link_on = 1;
        for (uint32_t i = 0; i < nsms; i++)
            g->sms[i].link = &g->link;
    }
    g->threads = threads_choose(g, threads, lookahead);
    g->now = 1;
    return g;
fail:
    gpu_timing_discard(g);
    return NULL;
}

struct gpu_timing *gpu_timing_create(const struct ccgpu_config *store,
                                     const struct gpu_timing_params *p, char *err, size_t errlen)
{
    return create(store, p, 0, err, errlen);
}

int gpu_timing_check_options(const struct ccgpu_config *store, const struct gpu_timing_params *p,
                             char *err, size_t errlen)
{
    err[0] = '\0';
    create(store, p, 1, err, errlen); /* (NULL either way) */
    return err[0] ? -1 : 0;
}

void gpu_timing_discard(struct gpu_timing *g)
{
    if (!g)
        return;
    l1trace_discard(g->trace);
    l2trace_discard(g->l2trace);
    g->trace = NULL;
    g->l2trace = NULL;
    gpu_timing_free(g);
}

void gpu_timing_free(struct gpu_timing *g)
{
    if (!g)
        return;
    for (uint32_t i = 0; g->sms && i < g->nsms; i++)
        if (g->sms[i].cfg)
            sm_free(&g->sms[i]);
    free(g->sms);
    sm_wake_free(&g->wake);
    if (g->th.started) {
        const struct sim_threads_stats *t = &g->th.st;
        fprintf(stderr, "ccgpu_sim_threads: %llu quanta, %llu on several threads (%u at most; %.3f s waited "
                "for the helpers; those windows took %.3f s, their work %.3f s), "
                "%u fallbacks to one; the others' first SM group %.3f s, the rest %.3f s\n",
                (unsigned long long)t->quanta, (unsigned long long)t->quanta_parallel,
                g->threads, t->wait_s, t->par_wall_s, t->par_serial_s, t->fallbacks,
                t->one_first_s, t->one_rest_s);
        sim_threads_stop(&g->th);
    }
    sim_link_free(&g->link);
    if (g->mem_ok)
        memsys_free(&g->mem);
    dispatch_free(&g->disp);
    tinst_cache_free(&g->tc);
    l2trace_close(g->l2trace);
    if (g->trace) {
        char err[256];
        if (l1trace_close(g->trace, err, sizeof err))
            fprintf(stderr, "ccgpu_trace_l1: %s\n", err);
    }
    free(g->pol);
    free(g->pol_tmp);
    free(g->pol_names);
    free(g->bpc);
    free(g->bpc_tmp);
    free(g->bpc_names);
    for (uint32_t i = 0; g->ports && i < g->nports; i++)
        perfect_port_free(&g->ports[i]);
    free(g->ports);
    policy_gpu_release(&g->pgpu);
    free(g);
}

int gpu_timing_carveout(const struct gpu_timing *g, const struct gpu_timing_launch *gl,
                        uint32_t regs, struct carveout_choice *out, char *err, size_t errlen)
{
    struct isrc src = gl->src ? *gl->src : (struct isrc){ NULL, gl->l };
    return carveout_choose(&g->cfg, &src, g->cfg.regs_per_thread ? g->cfg.regs_per_thread : regs,
                           gl->func_cache, out, err, errlen);
}

const struct sm_config *gpu_timing_sm_config(const struct gpu_timing *g)
{
    return &g->cfg;
}

int gpu_timing_carveout_active(const struct gpu_timing *g)
{
    return g->cfg.carve.active;
}

uint32_t gpu_timing_regs_override(const struct gpu_timing *g)
{
    return g->cfg.regs_per_thread;
}

uint64_t gpu_timing_cycles(const struct gpu_timing *g)
{
    return g->tot.cycles;
}

/* At the start of a launch's loop (its first cycle now): every SM filed at
 * its next event (at the latest now: the first cycle visits every SM whose
 * event is not later). */
void gpu_timing_wake_reset(struct gpu_timing *g, uint64_t now)
{
    sm_wake_clear(&g->wake);
    for (uint32_t i = 0; i < g->nsms; i++)
        gpu_timing_wake_file_sm(g, &g->wake, i, now);
}

void gpu_timing_wake_file_sm(struct gpu_timing *g, struct sm_wake *w, uint32_t i, uint64_t now)
{
    const struct sm *sm = &g->sms[i];
    /* (filed before cycle now is simulated: as if at now - 1) */
    sm_wake_file(w, i, sm->next_event < now ? now : sm->next_event, now - 1);
    if (sm_has_output(sm))
        w->outp[i / 64] |= 1ull << (i % 64);
}

/* At a crossbar tick, the SMs a poll reaches: those holding requests for
 * their port (outp), except, with one SM per port, those whose port is full
 * (they would only find it full: their visit is left to their other
 * events), and those with a reply arrived at their port (from the reply
 * crossbar's busy destinations). They go to visit (wake_polled: w->visit);
 * with visit NULL, only whether there is one (1 at the first found). */
static inline int polled(const struct gpu_timing *g, const struct sm_wake *w, uint64_t *visit)
{
    const struct memsys *m = &g->mem;
    const uint64_t *full = memsys_full_sm_ports(m);
    for (uint32_t wi = 0; wi < w->words; wi++) {
        uint64_t b = full ? w->outp[wi] & ~full[wi] : w->outp[wi];
        if (b && !visit)
            return 1;
        if (visit)
            visit[wi] |= b;
    }
    const uint64_t *arr = memsys_reply_ports(m);
    const uint32_t cpp = memsys_sms_per_port(m);
    for (uint32_t pw = 0; pw < memsys_reply_port_words(m); pw++)
        for (uint64_t b = arr[pw]; b; b &= b - 1) {
            uint32_t port = pw * 64 + (uint32_t)__builtin_ctzll(b);
            if (!memsys_port_arrived(m, port))
                continue;
            for (uint32_t i = port * cpp; i < (port + 1) * cpp && i < g->nsms; i++)
                if (g->sms[i].inflight) {
                    if (!visit)
                        return 1;
                    visit[i / 64] |= 1ull << (i % 64);
                }
        }
    return 0;
}

static void wake_polled(struct gpu_timing *g, struct sm_wake *w)
{
    polled(g, w, w->visit);
}

/* One SM at core cycle now: its replies (at a poll), its cycle if due, its
 * requests out, its CTA refill. 0, or -1 with err set; *has_out: whether
 * the SM still holds requests for the memory system (sm_has_output). Both
 * GPU loops call it once per SM visit; always inlined (as a call it cost 3%
 * of bfs small's host instructions). */
static inline __attribute__((always_inline)) int visit_sm(struct gpu_timing *g, const struct isrc *l, struct sm *sm, uint64_t now,
                    int poll, int fast, int skip, uint64_t out_tick, int *has_out,
                    const int counting, char *err, size_t errlen)
{
    struct mem_request r;
    uint32_t i = sm->id;
    int replied = 0; /* (for ccgpu_loop_counts) */
    /* (the memory system has advanced to now: a reply is there if the reply
     * crossbar's output for this SM has one by rep_tick) */
    /* (a pop finds a reply only where one has arrived: the last, failing
     * pop is looked for inline) */
    while (poll && sm->inflight && memsys_reply_arrived(&g->mem, i) &&
           memsys_pop_response(&g->mem, i, now, &r)) {
        sm_mem_reply(sm, &r, now);
        replied = 1;
    }
    const int due = sm->next_event <= now;
    if ((!skip || due) && sm_cycle(sm, now)) {
        snprintf(err, errlen, "%s", sm->err[0] ? sm->err : isrc_error(l));
        return -1;
    }
    const uint32_t inflight = sm->inflight;
    /* a port found full stays full until the interconnect ticks; with the
     * fast paths a full port of the memory system is seen without a drain
     * (which would only note the tick) */
    int out = sm_has_output(sm);
    if (out && sm->port_full_tick != out_tick) {
        if (fast && !g->ports && !memsys_can_push(&g->mem, i))
            sm->port_full_tick = out_tick;
        else if (sm_drain(sm, &g->mem, now, out_tick)) {
            snprintf(err, errlen, "memory system: %s", g->mem.err);
            return -1;
        } else {
            out = sm_has_output(sm);
        }
    }
    *has_out = out; /* (a refill queues no request) */
    if (counting) {
        g->lc.visits++;
        g->lc.useful += (uint64_t)(replied | due | (sm->inflight != inflight) | !!sm->retired);
    }
    if (sm->retired) {
        if (dispatch_refill(&g->disp, sm, now, err, errlen))
            return -1;
    }
    return 0;
}

/* gpgpu_perfect_mem: each cluster's FIFO hands back one response (before
 * the SMs' cycles, as GPGPU-Sim's icnt_cycle); a port found full is tried
 * again every core cycle. */
static void perfect_ports_reply(struct gpu_timing *g, uint64_t now)
{
    for (uint32_t i = 0; i < g->nports; i++) {
        struct mem_request r;
        if (perfect_port_pop(&g->ports[i], now, &r))
            sm_mem_reply(&g->sms[r.sm], &r, now);
    }
}

/* The earlier of next and the perfect-memory ports' next reply. */
static uint64_t perfect_ports_next(const struct gpu_timing *g, uint64_t next)
{
    for (uint32_t i = 0; i < g->nports; i++)
        if (perfect_port_next(&g->ports[i]) < next)
            next = perfect_port_next(&g->ports[i]);
    return next;
}

/* The cycles from g->now on at which only the memory system has something
 * to do: no SM is filed in the wheel, no CTA policy wake, guard check or
 * cap is due before `limit`, and a reply-crossbar tick reaches no SM (no
 * reply arrived for one, no SM holding requests for a port with room).
 * Such a cycle of the loop would advance the memory system and visit
 * nothing, and nothing else it does can change then (a launch ends only
 * after an SM's visit has taken its last reply), so the memory system
 * alone is advanced from event to event. Returns 1 with g->now at a cycle
 * whose visits are due, the memory system advanced to it (the loop then
 * does the rest of that cycle), or 0 with g->now the next cycle for the
 * loop as it is. */
static int memory_only_cycles(struct gpu_timing *g, uint64_t start, uint64_t limit,
                              uint64_t *polled_tick)
{
    struct sm_wake *w = &g->wake;
    while (g->now < limit) {
        if (gpu_timing_at_max_cycle(g, start, g->now))
            return 0; /* the cap's cycle is the loop's */
        g->lc.mem_cycles++;
        memsys_advance(&g->mem, g->now);
        if (memsys_reply_tick(&g->mem) != *polled_tick || memsys_polls_every_cycle(&g->mem)) {
            if (polled(g, w, NULL))
                return 1;
            *polled_tick = memsys_reply_tick(&g->mem);
        }
        uint64_t next = memsys_next_event(&g->mem);
        if (next == MEMSYS_NEVER && limit == SM_NEVER)
            return 1; /* nothing left to wait for: the loop says so */
        g->now = gpu_timing_cap_next(g, start, next < limit ? next : limit);
    }
    return 0;
}

/* The GPU loop of one launch (the file's header says what a cycle does),
 * compiled twice: counting its own work for ccgpu_loop_counts or not (the
 * counts would cost every launch half a percent). */
static inline __attribute__((always_inline)) int exact_loop(struct gpu_timing *g,
                                                            const struct gpu_timing_launch *gl,
                                                            const int counting, char *err,
                                                            size_t errlen)
{
    const uint64_t start = g->now;
    if (gpu_timing_launch_begin(g, gl, err, errlen))
        return -1;
    const struct isrc *l = &g->src;
    const struct ptx_counters *cnt = isrc_counters(l);
    const int skip = g->cfg.skip_idle;
    uint32_t regs = g->cfg.regs_per_thread ? g->cfg.regs_per_thread : gl->regs_per_thread;
    int rc = -1;
    if (dispatch_begin(&g->disp, l, gl->grid, regs, g->sms, g->nsms, start, err, errlen))
        goto out;
    const int fast = g->cfg.fast_paths && skip; /* without skipping every SM cycles */
    /* the SMs an event wakes are visited (the wheel); without the fast
     * paths, or with gpgpu_perfect_mem's ports (replies handed over above,
     * every core cycle a polling cycle), every SM */
    const int wheel = fast && !g->ports;
    if (wheel)
        gpu_timing_wake_reset(g, g->now);
    uint64_t polled_tick = UINT64_MAX;
    struct launch_guard guard;
    launch_guard_begin(&guard, g, cnt, start, g->now);
    /* the memory-only stretches (memory_only_cycles) need the wheel and no
     * wall-clock limit (whose guard is looked at every loop cycle) */
    const int mem_stretch = wheel && !g->launch_seconds;
    int advanced = 0; /* the memory system is at g->now already */
    for (;;) {
        uint64_t now = g->now, next = SM_NEVER;
        if (counting)
            g->lc.cycles++;
        if (progress_due(&g->prog))
            progress_report(&g->prog, isrc_kernel_name(l), now - start,
                            now > start ? (double)cnt->warp_insts / (double)(now - start) : 0.0);
        if (!advanced)
            memsys_advance(&g->mem, now);
        advanced = 0;
        /* Replies become visible only when the reply crossbar ticks
         * (memsys.h: rep_tick, the crossbar cycle visible now), and every
         * visible one is popped below; with the interconnect at half the
         * core clock this halves the polling. Cluster ports (one reply per
         * core cycle) and gpgpu_perfect_mem's ports (requests taken every
         * core cycle) make every core cycle a polling cycle. */
        int poll = memsys_reply_tick(&g->mem) != polled_tick || memsys_polls_every_cycle(&g->mem) ||
                   g->ports;
        polled_tick = memsys_reply_tick(&g->mem);
        perfect_ports_reply(g, now);
        const uint64_t out_tick = g->ports ? now : polled_tick;
        /* SM by SM: replies, the SM's cycle, its requests out, CTA refill.
         * SMs do not see each other within a cycle, so this order is the
         * same as doing each step for all SMs in turn. With the fast paths
         * only the SMs an event wakes are visited (gpu_timing.wake, its
         * header says why the others would do nothing); without, every SM. */
        struct sm_wake *w = &g->wake;
        if (wheel) {
            sm_wake_take(w, now);
            if (poll)
                wake_polled(g, w);
        } else {
            sm_wake_all(w, g->nsms);
        }
        for (uint32_t wi = 0; wi < w->words; wi++)
            for (uint64_t bits = w->visit[wi]; bits; bits &= bits - 1) {
                uint32_t i = wi * 64 + (uint32_t)__builtin_ctzll(bits);
                struct sm *sm = &g->sms[i];
                int has_out;
                if (visit_sm(g, l, sm, now, poll, fast, skip, out_tick, &has_out, counting, err,
                             errlen))
                    goto out;
                if (!wheel) {
                    if (sm->next_event < next)
                        next = sm->next_event;
                    continue;
                }
                sm_wake_refile(w, sm, i, now);
                w->outp[wi] = (w->outp[wi] & ~(1ull << (i % 64))) | (uint64_t)!!has_out << (i % 64);
            }
        gpu_timing_cluster_changes(g, now, wheel, &next);
        if (wheel) {
            uint64_t t = sm_wake_next(w, now);
            if (t < next)
                next = t;
        }
        /* a CTA policy's synchronisation has been waited out */
        if (dispatch_next_event(&g->disp) <= now) {
            if (dispatch_wake(&g->disp, g->sms, g->nsms, now, err, errlen))
                goto out;
            for (uint32_t i = 0; wheel && i < g->nsms; i++)
                sm_wake_refile(w, &g->sms[i], i, now);
            for (uint32_t i = 0; i < g->nsms; i++)
                if (g->sms[i].next_event < next)
                    next = g->sms[i].next_event;
        }
        if (dispatch_next_event(&g->disp) < next)
            next = dispatch_next_event(&g->disp);
        const uint64_t sm_next = next; /* (the SMs' and the dispatcher's) */
        if (launch_guard_check(&guard, g, l, gl, now, err, errlen))
            goto out;
        if ((gpu_timing_cap_due(g, l, now, start) && gpu_timing_cap_reached(g, l, now, start)) ||
            gpu_timing_launch_over(g, l))
            break;
        /* the memory system's next event is at core_now + 1 or later: when
         * an SM is due by then it cannot move the next cycle, so it is not
         * looked for */
        uint64_t mnext = next > now + 1 ? memsys_next_event(&g->mem) : SM_NEVER;
        if (mnext < next)
            next = mnext;
        next = perfect_ports_next(g, next);
        next = gpu_timing_cap_next(g, start, next);
        if (next == SM_NEVER) {
            launch_stalled(g, l, start, "nothing left to wait for", err, errlen);
            goto out;
        }
        g->now = skip && next > now ? next : now + 1;
        if (mem_stretch && g->now < sm_next && g->now < guard.due)
            advanced = memory_only_cycles(g, start, sm_next < guard.due ? sm_next : guard.due,
                                          &polled_tick);
    }
    g->now++; /* the last cycle counts */
    rc = g->stopped[0] ? -1 : 0;
    if (rc)
        snprintf(err, errlen, "%s", g->stopped);
out:
    return gpu_timing_launch_end(g, l, start, rc, err, errlen);
}

int gpu_timing_run(struct gpu_timing *g, const struct gpu_timing_launch *gl, char *err,
                   size_t errlen)
{
    if (g->link_on)
        return gpu_timing_run_link(g, gl, err, errlen);
    return g->loop_counts ? exact_loop(g, gl, 1, err, errlen) : exact_loop(g, gl, 0, err, errlen);
}

void gpu_timing_host_copy(struct gpu_timing *g, uint64_t addr, uint64_t bytes)
{
    if (g && g->perf_memcpy)
        memsys_l2_preload(&g->mem, addr, bytes);
}
