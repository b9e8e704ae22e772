/* Timing runs, Best-SWL and Belady replays for the CCWS experiments. */
#include "cli/ccws_runs.h"
#include "analysis/l1replay.h"
#include "gpu/config.h"
#include "timing/sm_config.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int ccws_trace_opt_misses(const char *trace, const char *dl1, int bypass, uint64_t *misses,
                          uint64_t *insts, char *err, size_t errlen)
{
    /* l1replay: caches shaped like the L1D, one per SM, emptied per launch */
    struct l1replay rp;
    struct cachesim_run_result res;
    if (l1replay_init(&rp, dl1, bypass ? CACHESIM_OPT_BYPASS : CACHESIM_OPT, 0, err, errlen) ||
        l1replay_file(&rp, trace, &res, insts, err, errlen))
        return -1;
    *misses = cachesim_stats_misses(&res.stats);
    return 0;
}

/* ---- runs ------------------------------------------------------------------ */

/* The named mechanism combinations of sacat-tpds2017 (docs/sacat.md), as
 * a scheduler and configuration overrides. */
static const struct {
    const char *name, *spec;
} presets[] = {
    { "pric", "gto@ccgpu_l1_index=ipoly" },
    { "fgcb", "gto@ccgpu_bypass=fgcb" },
    { "pcb", "gto@ccgpu_bypass=pc" },
    { "allbypass", "gto@ccgpu_bypass=all" },
    { "dwt+pric", "dwt@ccgpu_l1_index=ipoly" },
    { "sacat", "dwt@ccgpu_l1_index=ipoly@ccgpu_bypass=fgcb:after=dwt" },
    /* FG-CB's sampling interval per base address = its first N accesses
     * (window=accesses, docs/sacat.md) */
    { "fgcb-acc", "gto@ccgpu_bypass=fgcb:window=accesses" },
    { "pcb-acc", "gto@ccgpu_bypass=pc:window=accesses" },
    { "sacat-acc", "dwt@ccgpu_l1_index=ipoly@ccgpu_bypass=fgcb:after=dwt,window=accesses" },
    { "mrpb", "gto@ccgpu_mrpb=on" },
    /* Fig. 14: the same capacity, a one-cycle hit latency for all */
    { "lat1", "gto@gpgpu_l1_latency=1" },
    { "pric-lat1", "gto@gpgpu_l1_latency=1@ccgpu_l1_index=ipoly" },
    { "16way-lat1", "gto@gpgpu_l1_latency=1@ccgpu_l1_assoc=16" },
    { "32way-lat1", "gto@gpgpu_l1_latency=1@ccgpu_l1_assoc=32" },
    { "64way-lat1", "gto@gpgpu_l1_latency=1@ccgpu_l1_assoc=64" },
    { "fa-lat1", "gto@gpgpu_l1_latency=1@ccgpu_l1_assoc=128" },
    /* Fig. 15: 32 KB (64 sets x 4 ways) and 48 KB (64 x 6), the policy
     * fields of configs/sacat-gtx480.cfg */
    { "base-32k", "gto@gpgpu_cache:dl1=64:128:4,L:E:m:N,A:32:8,8" },
    { "sacat-32k", "dwt@ccgpu_l1_index=ipoly@ccgpu_bypass=fgcb:after=dwt"
                   "@gpgpu_cache:dl1=64:128:4,L:E:m:N,A:32:8,8" },
    { "base-48k", "gto@gpgpu_cache:dl1=64:128:6,L:E:m:N,A:32:8,8" },
    { "sacat-48k", "dwt@ccgpu_l1_index=ipoly@ccgpu_bypass=fgcb:after=dwt"
                   "@gpgpu_cache:dl1=64:128:6,L:E:m:N,A:32:8,8" },
};

/* Applies "sched@key=value@..." (or a preset name) to cfg; -1 with a
 * message on a bad override. */
static int apply_variant(ccgpu_config *cfg, const char *variant)
{
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++)
        if (!strcmp(variant, presets[i].name))
            variant = presets[i].spec;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", variant);
    char *save = NULL, *t = strtok_r(buf, "@", &save);
    if (!t || ccgpu_config_set(cfg, "gpgpu_scheduler", t))
        return -1;
    while ((t = strtok_r(NULL, "@", &save))) {
        char *eq = strchr(t, '=');
        if (!eq) {
            fprintf(stderr, "ccgpu: '%s' in '%s' is not key=value\n", t, variant);
            return -1;
        }
        *eq = '\0';
        if (ccgpu_config_set(cfg, t, eq + 1)) {
            fprintf(stderr, "ccgpu: %s\n", ccgpu_config_error(cfg));
            return -1;
        }
    }
    return 0;
}

static int one_run(const struct cli_run_options *o, const struct bench_ops *b, const char *sched,
                   const char *trace, struct ccws_cell *c)
{
    const char *want[CCWS_MAX_STATS];
    memcpy(want, c->want, sizeof want);
    memset(c, 0, sizeof *c);
    memcpy(c->want, want, sizeof want);
    if (ccgpu_config_set(o->cfg, "gpgpu_scheduler", "gto") ||
        ccgpu_config_set(o->cfg, "ccgpu_mode", "timing") ||
        ccgpu_config_set(o->cfg, "ccgpu_trace_l1", trace ? trace : "")) {
        fprintf(stderr, "ccgpu: %s\n", ccgpu_config_error(o->cfg));
        return -2;
    }
    char err[512];
    ccgpu_config *vc = config_clone(o->cfg);
    if (!vc || apply_variant(vc, sched)) {
        if (!vc)
            fprintf(stderr, "ccgpu: out of memory\n");
        ccgpu_config_free(vc);
        return -2;
    }
    ccgpu *gpu = ccgpu_create(vc, err, sizeof err);
    ccgpu_config_free(vc);
    if (!gpu) {
        fprintf(stderr, "ccgpu: %s\n", err);
        return -2;
    }
    ccgpu_set_printf_stream(gpu, stderr);
    struct bench_ctx ctx = { .gpu = gpu, .size = o->size, .input = o->input,
                             .data_dir = o->data_dir, .seed = o->seed };
    int rc = b->run(&ctx);
    /* a run stopped at gpgpu_max_insn / _max_cycle / _max_cta (as the SACAT
     * paper caps SYRK and GESUMMV): its statistics cover the run up to the
     * cap, the result is not checked */
    if (rc && strstr(ctx.error, "stopped at gpgpu_max_")) {
        c->capped = 1;
        rc = 0;
    }
    if (rc)
        fprintf(stderr, "ccgpu: %s with %s: %s\n", b->name, sched, ctx.error);
    c->ok = rc == 0;
    ccgpu_stat(gpu, "cycles", -1, &c->cycles);
    ccgpu_stat(gpu, "warp_ipc", -1, &c->ipc);
    ccgpu_stat(gpu, "l1d.mpki", -1, &c->mpki);
    ccgpu_stat(gpu, "l1d.misses", -1, &c->misses);
    ccgpu_stat(gpu, "warp_instructions", -1, &c->insts);
    ccgpu_stat(gpu, "hw.storage_bits", -1, &c->storage_bits);
    c->energy_pj = NAN;
    ccgpu_stat(gpu, "energy.total_pj", -1, &c->energy_pj);
    for (int k = 0; k < CCWS_MAX_STATS && c->want[k]; k++) {
        c->stat[k] = NAN; /* not a statistic of this run */
        ccgpu_stat(gpu, c->want[k], -1, &c->stat[k]);
    }
    ccgpu_destroy(gpu); /* closes the trace */
    return rc ? -1 : 0;
}

static int run_sched(const struct cli_run_options *o, const struct bench_ops *b, const char *sched,
                     int belady, struct ccws_cell *c)
{
    if (!belady)
        return one_run(o, b, sched, NULL, c);
    const char *tmp = getenv("TMPDIR");
    char dir[512], path[600];
    snprintf(dir, sizeof dir, "%s/ccgpu-bel-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        fprintf(stderr, "ccgpu: cannot create a temporary folder in %s\n",
                tmp && *tmp ? tmp : "/tmp");
        return -2;
    }
    snprintf(path, sizeof path, "%s/l1.trace", dir);
    int rc = one_run(o, b, sched, path, c);
    ccgpu_config_set(o->cfg, "ccgpu_trace_l1", "");
    c->bel_mpki = -1;
    if (rc == 0) {
        uint64_t misses = 0, insts = 0;
        char err[512];
        if (ccws_trace_opt_misses(path, config_get_str(o->cfg, "gpgpu_cache:dl1",
                                                       SM_CONFIG_DEFAULT_L1),
                                  belady == 2, &misses, &insts, err, sizeof err)) {
            fprintf(stderr, "ccgpu: %s with %s: %s\n", b->name, sched, err);
            rc = -1;
        } else if (insts) {
            c->bel_mpki = 1000.0 * (double)misses / (double)insts;
        }
    }
    unlink(path);
    rmdir(dir);
    return rc;
}

static int best_limit(const struct cli_run_options *o, const struct bench_ops *b,
                      const uint32_t *limits, int n, int belady, FILE *log,
                      struct ccws_cell *best, const char *fmt);

int ccws_best_swl(const struct cli_run_options *o, const struct bench_ops *b,
                  const uint32_t *limits, int n, int belady, FILE *log, struct ccws_cell *best)
{
    return best_limit(o, b, limits, n, belady, log, best, "swl:%u");
}

/* best over fmt's limits: "swl:%u" per SM, "swl:%u:sched" per scheduler
 * (SACAT's SWT) */
static int best_limit(const struct cli_run_options *o, const struct bench_ops *b,
                      const uint32_t *limits, int n, int belady, FILE *log,
                      struct ccws_cell *best, const char *fmt)
{
    uint32_t all[32];
    if (n <= 0) {
        for (int i = 0; i < 32; i++)
            all[i] = (uint32_t)i + 1;
        limits = all;
        n = 32;
    }
    const char *want[CCWS_MAX_STATS];
    memcpy(want, best->want, sizeof want);
    memset(best, 0, sizeof *best);
    memcpy(best->want, want, sizeof want);
    int failed = 0;
    for (int i = 0; i < n; i++) {
        char sched[32];
        if (!strcmp(fmt, "swl:%u:sched"))
            snprintf(sched, sizeof sched, "swl:%u:sched", limits[i]);
        else
            snprintf(sched, sizeof sched, "swl:%u", limits[i]);
        struct ccws_cell c;
        memset(&c, 0, sizeof c);
        memcpy(c.want, want, sizeof want);
        int rc = run_sched(o, b, sched, belady, &c);
        if (rc == -2)
            return -2;
        failed |= rc != 0;
        c.swl = limits[i];
        if (log && belady)
            fprintf(log, "%-12s %-12s %12.0f %8.3f %9.2f %9.2f%s\n", b->name, sched, c.cycles,
                    c.ipc, c.mpki, c.bel_mpki, c.ok ? "" : "  FAIL");
        else if (log)
            fprintf(log, "%-12s %-12s %12.0f %8.3f %9.2f%s\n", b->name, sched, c.cycles, c.ipc,
                    c.mpki, c.ok ? "" : "  FAIL");
        if (c.ok && (!best->ok || c.ipc > best->ipc))
            *best = c;
    }
    return failed || !best->ok ? -1 : 0;
}

int ccws_run(const struct cli_run_options *o, const struct bench_ops *b, const char *sched,
             int belady, struct ccws_cell *c)
{
    int swt = !strncmp(sched, "best-swt", 8);
    if ((swt || !strncmp(sched, "best-swl", 8)) && (sched[8] == 0 || sched[8] == ':')) {
        /* best-swl or best-swl:1/2/4/8 (limits separated by '/') */
        uint32_t lim[32];
        int n = 0;
        for (const char *p = sched[8] ? sched + 9 : ""; *p && n < 32;) {
            char *end;
            unsigned long v = strtoul(p, &end, 10);
            if (end == p || v == 0 || v > 1024 || (*end && *end != '/')) {
                fprintf(stderr, "ccgpu: '%s': expected best-swl or best-swl:L1/L2/...\n", sched);
                return -2;
            }
            lim[n++] = (uint32_t)v;
            p = *end ? end + 1 : end;
        }
        return best_limit(o, b, lim, n, belady, NULL, c, swt ? "swl:%u:sched" : "swl:%u");
    }
    return run_sched(o, b, sched, belady, c);
}

int cli_split_scheds(const char *list, char *buf, size_t size, char **scheds, int max,
                     const char *who)
{
    if (strlen(list) >= size) {
        fprintf(stderr, "ccgpu %s: --sched list longer than %zu characters\n", who, size - 1);
        return -1;
    }
    int ns = 0;
    size_t len = 0;
    for (const char *p = list;;) {
        size_t n = strcspn(p, ",");
        size_t key = strcspn(p, "=:@,");
        int continues = ns > 0 && key < n && p[key] == '=' && strchr(scheds[ns - 1], '@');
        if (n > 0) {
            if (continues) {
                buf[len - 1] = ','; /* the previous entry's terminator */
            } else if (ns == max) {
                fprintf(stderr, "ccgpu %s: --sched lists more than %d schedulers\n", who, max);
                return -1;
            } else {
                scheds[ns++] = buf + len;
            }
            memcpy(buf + len, p, n);
            len += n;
            buf[len++] = '\0';
        }
        if (!p[n])
            break;
        p += n + 1;
    }
    return ns;
}
