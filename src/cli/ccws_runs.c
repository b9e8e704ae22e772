/* Timing runs, Best-SWL and Belady replays for the CCWS experiments. */
#include "cli/ccws_runs.h"
#include "analysis/cachesim_run.h"
#include "analysis/source.h"
#include "gpu/config.h"
#include "mem/cache_config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- one (launch, SM) pair = one cache stream ---------------------------- */

#define MAX_SM 1024

struct per_launch {
    struct access_source in;
    uint16_t *id;      /* [kernel * MAX_SM + sm] -> stream id + 1 (0 = none yet) */
    uint32_t kernels;
    uint32_t next_id;
    char err[128];
};

static int pl_next(void *ctx, struct trace_record *r)
{
    struct per_launch *p = ctx;
    int st = p->in.next(p->in.ctx, r);
    if (st != 1)
        return st;
    if (r->kernel >= p->kernels || r->sm >= MAX_SM) {
        snprintf(p->err, sizeof p->err, "record of kernel %u, SM %u: out of range", r->kernel,
                 r->sm);
        return -1;
    }
    uint16_t *slot = &p->id[(size_t)r->kernel * MAX_SM + r->sm];
    if (!*slot) {
        if (p->next_id >= UINT16_MAX) {
            snprintf(p->err, sizeof p->err, "more than %u (launch, SM) streams", UINT16_MAX - 1);
            return -1;
        }
        *slot = (uint16_t)++p->next_id;
    }
    r->sm = (uint16_t)(*slot - 1);
    return 1;
}

static int pl_rewind(void *ctx)
{
    struct per_launch *p = ctx;
    return p->in.rewind(p->in.ctx);
}

static const char *pl_error(void *ctx)
{
    struct per_launch *p = ctx;
    return p->err[0] ? p->err : p->in.error(p->in.ctx);
}

int ccws_trace_opt_misses(const char *trace, const char *dl1, uint64_t *misses, uint64_t *insts,
                          char *err, size_t errlen)
{
    struct cache_config cc;
    if (cache_config_parse(&cc, dl1, err, errlen))
        return -1;
    if (cc.write_policy != CACHE_WRITE_EVICT) {
        snprintf(err, errlen, "Belady replay: only a write-evict L1 (E) is modelled (%s)", dl1);
        return -1;
    }
    struct trace_reader *rd = trace_reader_open(trace, err, errlen);
    if (!rd)
        return -1;
    const struct trace_header *h = trace_reader_header(rd);
    struct per_launch p = { 0 };
    access_source_reader(&p.in, rd);
    p.kernels = h->kernel_count;
    p.id = calloc((size_t)(p.kernels ? p.kernels : 1) * MAX_SM, sizeof *p.id);
    int rc = -1;
    if (!p.id) {
        snprintf(err, errlen, "Belady replay: out of memory");
        goto out;
    }
    struct access_source src = { &p, pl_next, pl_rewind, pl_error };
    struct cachesim_run_config rc_cfg = { 0 };
    rc_cfg.cache.policy = CACHESIM_OPT;
    rc_cfg.cache.writes = CACHESIM_WRITES_EVICT;
    rc_cfg.cache.local_writes = CACHESIM_WRITES_EVICT;
    rc_cfg.cache.size = (uint64_t)cc.nsets * cc.assoc * cc.line_size;
    rc_cfg.cache.assoc = cc.assoc;
    rc_cfg.cache.line_size = cc.line_size;
    rc_cfg.cache.index = cc.index;
    rc_cfg.cache.seed = 1;
    rc_cfg.per_sm = 1;
    struct cachesim_run_result res;
    if (h->line_size != cc.line_size) {
        snprintf(err, errlen, "Belady replay: trace lines of %u B, L1 lines of %u B",
                 h->line_size, cc.line_size);
        goto out;
    }
    if (cachesim_run(&rc_cfg, &src, &res, err, errlen))
        goto out;
    *misses = cachesim_stats_misses(&res.stats);
    *insts = h->insts;
    rc = 0;
out:
    free(p.id);
    trace_reader_close(rd);
    return rc;
}

/* ---- runs ------------------------------------------------------------------ */

static int one_run(const struct cli_run_options *o, const struct bench_ops *b, const char *sched,
                   const char *trace, struct ccws_cell *c)
{
    memset(c, 0, sizeof *c);
    if (ccgpu_config_set(o->cfg, "gpgpu_scheduler", sched) ||
        ccgpu_config_set(o->cfg, "ccgpu_mode", "timing") ||
        ccgpu_config_set(o->cfg, "ccgpu_trace_l1", trace ? trace : "")) {
        fprintf(stderr, "ccgpu: %s\n", ccgpu_config_error(o->cfg));
        return -2;
    }
    char err[512];
    ccgpu *gpu = ccgpu_create(o->cfg, err, sizeof err);
    if (!gpu) {
        fprintf(stderr, "ccgpu: %s\n", err);
        return -2;
    }
    ccgpu_set_printf_stream(gpu, stderr);
    struct bench_ctx ctx = { .gpu = gpu, .size = o->size, .input = o->input,
                             .data_dir = o->data_dir, .seed = o->seed };
    int rc = b->run(&ctx);
    if (rc)
        fprintf(stderr, "ccgpu: %s with %s: %s\n", b->name, sched, ctx.error);
    c->ok = rc == 0;
    ccgpu_stat(gpu, "cycles", -1, &c->cycles);
    ccgpu_stat(gpu, "ipc", -1, &c->ipc);
    ccgpu_stat(gpu, "l1d.mpki", -1, &c->mpki);
    ccgpu_stat(gpu, "l1d.misses", -1, &c->misses);
    ccgpu_stat(gpu, "warp_instructions", -1, &c->insts);
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
                                                       "32:128:8,L:E:m:N,A:32:8,8"),
                                  &misses, &insts, err, sizeof err)) {
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

int ccws_best_swl(const struct cli_run_options *o, const struct bench_ops *b,
                  const uint32_t *limits, int n, int belady, FILE *log, struct ccws_cell *best)
{
    uint32_t all[32];
    if (n <= 0) {
        for (int i = 0; i < 32; i++)
            all[i] = (uint32_t)i + 1;
        limits = all;
        n = 32;
    }
    memset(best, 0, sizeof *best);
    int failed = 0;
    for (int i = 0; i < n; i++) {
        char sched[32];
        snprintf(sched, sizeof sched, "swl:%u", limits[i]);
        struct ccws_cell c;
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
    if (!strncmp(sched, "best-swl", 8) && (sched[8] == 0 || sched[8] == ':')) {
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
        return ccws_best_swl(o, b, lim, n, belady, NULL, c);
    }
    return run_sched(o, b, sched, belady, c);
}
