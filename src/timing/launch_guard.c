#include "timing/launch_guard.h"
#include "util/text_input.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

/* Why a launch cannot go on (nothing is due at all, or no warp instruction
 * issued for a watchdog window; what: how that was seen): the kernel's own
 * deadlock at a barrier; a policy holding the progress (CTAs left
 * undispatched with none resident, the CTA policy only waking itself; a
 * warp that passed every check vetoed by the warp scheduler); only when
 * none of these holds, the timing model itself (a lost wake-up). */
int launch_stalled(struct gpu_timing *g, const struct isrc *l, uint64_t start, const char *what,
                   char *err, size_t errlen)
{
    const char *k = isrc_kernel_name(l);
    unsigned long long cyc = (unsigned long long)(g->now - start);
    for (uint32_t i = 0; i < g->nsms; i++)
        for (uint32_t c = 0; c < g->cfg.max_ctas; c++)
            if (g->sms[i].ctas[c].c && isrc_cta_check_deadlock(l, g->sms[i].ctas[c].c)) {
                snprintf(err, errlen, "%s", isrc_error(l));
                return -1;
            }
    char spec[160];
    if (g->disp.left && g->disp.budget && !g->disp.resident) {
        text_printable(spec, sizeof spec, g->cfg.cta_sched, strlen(g->cfg.cta_sched));
        snprintf(err, errlen,
                 "kernel %s: %s (cycle %llu): ccgpu_cta_sched %s holds the launch: %u of %u CTAs "
                 "never dispatched and none resident",
                 k, what, cyc, spec, g->disp.left, g->disp.total);
        return -1;
    }
    for (uint32_t i = 0; i < g->nsms; i++) {
        const struct sm *sm = &g->sms[i];
        for (uint32_t s = 0; sm->live_warps && s < g->cfg.n_sched; s++)
            if (sm->reason[s] == R_THROTTLED) {
                text_printable(spec, sizeof spec, g->cfg.sched, strlen(g->cfg.sched));
                snprintf(err, errlen,
                         "kernel %s: %s (cycle %llu): warp scheduler %s holds the launch: its "
                         "can_issue() vetoes warps that are ready to issue (SM %u, scheduler %u)",
                         k, what, cyc, spec, i, s);
                return -1;
            }
    }
    snprintf(err, errlen,
             "kernel %s: %s (cycle %llu) with no policy holding it: a lost wake-up in the timing "
             "model (raise the limit with -o ccgpu_watchdog_cycles=N, 0 for none)",
             k, what, cyc);
    return -1;
}

/* The launch's forward progress so far: global stores, atomics, barrier
 * arrivals, warp exits and global loads at another address than their
 * warp's previous one (a walk through memory: a pointer chase, a row walk).
 * A loop that does none of these (for(;;){}, a spin re-reading a flag
 * nothing sets) leaves it unchanged. */
static uint64_t forward_progress(const struct gpu_timing *g, const struct ptx_counters *cnt)
{
    uint64_t p = cnt->warp_stores[PTX_SPACE_GLOBAL] + cnt->barriers + cnt->load_walks;
    for (int s = 0; s < PTX_SPACE_COUNT; s++)
        p += cnt->warp_atomics[s];
    for (uint32_t i = 0; i < g->nsms; i++)
        p += g->sms[i].exits;
    return p;
}

static double wall_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The report of a runaway launch (why: what was seen): the first warp still
 * issuing, SM by SM, is stepped on the functional engine for up to
 * RUNAWAY_STEPS instructions (the launch fails anyway) and the PTX lines it
 * went through are named: the body of its loop. */
#define RUNAWAY_STEPS 4096
static void runaway(struct gpu_timing *g, const struct isrc *l, const uint32_t grid[3],
                    uint64_t start, const char *why, const char *option, char *err, size_t errlen)
{
    const char *k = isrc_kernel_name(l);
    unsigned long long cyc = (unsigned long long)(g->now - start);
    struct ptx_warp *pw = NULL;
    uint32_t smid = 0;
    for (uint32_t i = 0; i < g->nsms && !pw && !l->ops; i++) /* (PTX: the loop's lines) */
        for (uint32_t s = 0; s < g->cfg.n_slots && !pw; s++) {
            const struct sm_warp *w = &g->sms[i].warps[s];
            if (w->live && w->pw && isrc_warp_ready(l, w->pw))
                pw = ISRC_PTX_WARP(w->pw), smid = i;
        }
    char where[300] = "";
    if (pw) {
        struct ptx_dyninst d;
        uint32_t lo = UINT32_MAX, hi = 0, pclo = UINT32_MAX, pchi = 0, n = 0;
        const struct ptx_function *f = NULL;
        struct ccgpu_inst_info info;
        uint32_t cta = ptx_cta_linear_id(ptx_warp_cta(pw)), wi = ptx_warp_index(pw);
        for (; n < RUNAWAY_STEPS; n++) {
            memset(&d, 0, sizeof d);
            enum ptx_step_status st = ptx_warp_step(pw, &d);
            if (st == PTX_STEP_ERROR || (f && d.func != f))
                break;
            f = d.func;
            ccgpu_inst_info(d.inst, &info);
            lo = info.ptx_line < lo ? info.ptx_line : lo;
            hi = info.ptx_line > hi ? info.ptx_line : hi;
            pclo = d.pc < pclo ? d.pc : pclo;
            pchi = d.pc > pchi ? d.pc : pchi;
            if (st != PTX_STEP_OK)
                break;
        }
        uint32_t gx = grid[0] ? grid[0] : 1, gy = grid[1] ? grid[1] : 1;
        char fname[80];
        text_printable(fname, sizeof fname, f && f->name ? f->name : "?",
                       f && f->name ? strlen(f->name) : 1);
        char lines[40];
        if (lo == hi)
            snprintf(lines, sizeof lines, "PTX line %u", lo);
        else
            snprintf(lines, sizeof lines, "PTX lines %u-%u", lo, hi);
        if (n)
            snprintf(where, sizeof where,
                     ": CTA (%u,%u,%u) warp %u on SM %u loops over PCs %u-%u (%s) of %s",
                     cta % gx, cta / gx % gy, cta / gx / gy, wi, smid, pclo, pchi, lines, fname);
    }
    snprintf(err, errlen, "kernel %s: %s, to cycle %llu%s: a runaway kernel (%s; 0 for no limit)", k,
             why, cyc, where, option);
}

/* The cycle at which the watchdog next looks: a window of w cycles after
 * now (never for 0, or past the last cycle). */
static uint64_t watchdog_due(uint64_t now, uint64_t w)
{
    return !w || w > UINT64_MAX - now ? UINT64_MAX : now + w;
}


void launch_guard_begin(struct launch_guard *gd, const struct gpu_timing *g,
                        const struct ptx_counters *cnt, uint64_t start, uint64_t now)
{
    gd->cnt = cnt;
    gd->start = start;
    /* the watchdog looks once per window from the launch latency's end (a
     * stall is caught after W to 2W cycles) */
    gd->wd_insts = cnt->warp_insts;
    gd->wd_at = now;
    gd->wd_due = watchdog_due(now, g->watchdog);
    /* the runaway check looks 16 times per ccgpu_runaway_cycles (a launch
     * without forward progress is stopped after 1 to 17/16 times the
     * limit); the wall clock is read every 64 K loop iterations */
    gd->rw_prog = forward_progress(g, cnt);
    gd->rw_at = now;
    gd->rw_step = g->runaway >= 16 ? g->runaway / 16 : 1;
    gd->rw_due = g->runaway ? watchdog_due(now, gd->rw_step) : UINT64_MAX;
    gd->due = gd->wd_due < gd->rw_due ? gd->wd_due : gd->rw_due;
    gd->wall_count = 1u << 16;
    gd->wall_start = g->launch_seconds ? wall_seconds() : 0;
}

int launch_guard_slow(struct launch_guard *gd, struct gpu_timing *g, const struct isrc *l,
                      const struct gpu_timing_launch *gl, uint64_t now, char *err, size_t errlen)
{
    const struct ptx_counters *cnt = gd->cnt;
    uint64_t start = gd->start;
    if (g->fault.set) { /* a plugin policy broke its contract (policy/guard.h) */
        snprintf(err, errlen, "%s (cycle %llu of kernel %s)", g->fault.msg,
                 (unsigned long long)(now - start), isrc_kernel_name(l));
        return -1;
    }
    if (gl->max_warp_insts && cnt->warp_insts > gl->max_warp_insts) {
        snprintf(err, errlen,
                 "kernel %s: more than %llu warp instructions (ccgpu_max_warp_instructions); "
                 "runaway kernel stopped (raise the limit with -o "
                 "ccgpu_max_warp_instructions=N, 0 for none)",
                 isrc_kernel_name(l), (unsigned long long)gl->max_warp_insts);
        return -1;
    }
    if (now >= gd->wd_due) {
        if (cnt->warp_insts == gd->wd_insts) {
            char what[120];
            snprintf(what, sizeof what,
                     "no warp instruction issued for %llu cycles (ccgpu_watchdog_cycles)",
                     (unsigned long long)(now - gd->wd_at));
            return launch_stalled(g, l, start, what, err, errlen);
        }
        gd->wd_insts = cnt->warp_insts;
        gd->wd_at = now;
        gd->wd_due = watchdog_due(now, g->watchdog);
    }
    if (now >= gd->rw_due) {
        uint64_t p = forward_progress(g, cnt);
        if (p != gd->rw_prog) {
            gd->rw_prog = p;
            gd->rw_at = now;
        } else if (now - gd->rw_at >= g->runaway) {
            char why[200];
            snprintf(why, sizeof why,
                     "no forward progress (no global store, atomic, barrier arrival, warp "
                     "exit or load from a new address) for %llu cycles",
                     (unsigned long long)(now - gd->rw_at));
            runaway(g, l, gl->grid, start, why, "ccgpu_runaway_cycles", err, errlen);
            return -1;
        }
        gd->rw_due = watchdog_due(now, gd->rw_step);
    }
    gd->due = gd->wd_due < gd->rw_due ? gd->wd_due : gd->rw_due;
    if (g->launch_seconds && --gd->wall_count == 0) {
        gd->wall_count = 1u << 16;
        if (wall_seconds() - gd->wall_start > (double)g->launch_seconds) {
            char why[200];
            snprintf(why, sizeof why, "still running after %u s of wall-clock time",
                     g->launch_seconds);
            runaway(g, l, gl->grid, start, why, "ccgpu_launch_seconds", err, errlen);
            return -1;
        }
    }
    return 0;
}
