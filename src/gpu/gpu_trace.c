/* ccgpu_trace_run: an Accel-Sim command list on the timing model, each
 * kernel trace as a launch of the trace instruction source
 * (src/trace/trace_source.h). The host copies' ranges stand in for the
 * kernel's pointer parameters as FG-CB's base addresses (a trace records
 * no parameters). */
#include "ccgpu.h"
#include "gpu/gpu_internal.h"
#include "policy/policy_gpu.h"
#include "timing/carveout.h"
#include "timing/gpu_timing.h"
#include "trace/trace_list.h"
#include "trace/trace_source.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NARCH 5
static const char *const archs[NARCH] = { "volta", "turing", "ampere", "ada", "hopper" };

struct run {
    ccgpu *gpu;
    const struct ccgpu_trace_options *o;
    struct sass_table tab[NARCH];
    int have[NARCH];
};

static const struct sass_table *get_table(void *ctx, const char *arch, char *err, size_t errlen)
{
    struct run *r = ctx;
    for (int i = 0; i < NARCH; i++) {
        if (strcmp(archs[i], arch))
            continue;
        if (r->have[i])
            return &r->tab[i];
        const char *text = r->o->table ? r->o->table(r->o->ctx, arch) : NULL;
        if (!text) {
            snprintf(err, errlen, "no opcode table for %s", arch);
            return NULL;
        }
        char name[64];
        snprintf(name, sizeof name, "configs/sass/%s.txt", arch);
        if (sass_table_parse(&r->tab[i], arch, text, name, err, errlen))
            return NULL;
        r->have[i] = 1;
        return &r->tab[i];
    }
    snprintf(err, errlen, "unknown SASS architecture '%.40s' (volta, turing, ampere, ada, hopper)",
             arch);
    return NULL;
}

static void warn_fn(void *ctx, const char *msg)
{
    struct run *r = ctx;
    if (r->o->warn)
        r->o->warn(r->o->ctx, msg);
}

/* The opcodes of f not in its table, one warning. */
static void warn_unknown(struct run *r, const struct trace_file *f, const char *path)
{
    uint32_t n;
    const struct trace_unknown *u = trace_file_unknown(f, &n);
    if (!n || !r->o->warn)
        return;
    char msg[600];
    int at = snprintf(msg, sizeof msg, "%s: %u opcode%s not in the %s table, replayed as fp32 adds:",
                      path, n, n > 1 ? "s" : "", trace_file_table(f)->arch);
    for (uint32_t i = 0; i < n && at > 0 && (size_t)at < sizeof msg - 40; i++)
        at += snprintf(msg + at, sizeof msg - (size_t)at, " %s (%llu)", u[i].name,
                       (unsigned long long)u[i].count);
    r->o->warn(r->o->ctx, msg);
}

static int run_kernel(struct run *r, const char *path, const struct policy_region *regions,
                      uint32_t nregions)
{
    ccgpu *gpu = r->gpu;
    char err[512];
    struct trace_file *f = trace_file_open(path, r->o->arch, get_table, r, warn_fn, err, sizeof err);
    if (!f)
        return gpu_fail(gpu, "%s", err);
    struct trace_launch *tl = trace_launch_create(f, gpu_timing_sm_config(gpu->timing));
    if (!tl) {
        trace_file_close(f);
        return gpu_fail(gpu, "%s: out of memory", path);
    }
    struct isrc src = trace_launch_isrc(tl);
    const struct trace_header *h = trace_file_header(f);
    uint32_t li_ = gpu->launches;
    struct gpu_timing_launch gl = { .grid = { h->grid[0], h->grid[1], h->grid[2] },
                                    .regs_per_thread = trace_file_regs(f),
                                    .max_warp_insts = gpu->max_warp_insts,
                                    .regions = regions,
                                    .nregions = nregions,
                                    .index = li_,
                                    .func_cache = -1,
                                    .src = &src };
    struct ccgpu_launch_info li = { .regs_per_thread = trace_file_regs(f) };
    if (gpu_timing_regs_override(gpu->timing)) {
        li.regs_per_thread = gpu_timing_regs_override(gpu->timing);
        li.regs_from_config = 1;
    }
    struct carveout_choice ch;
    gl.carve = &ch;
    int rc = -1;
    if (gpu_timing_carveout(gpu->timing, &gl, li.regs_per_thread, &ch, err, sizeof err)) {
        gpu_fail(gpu, "%s", err);
        goto out;
    }
    li.l1d_bytes = (uint32_t)carveout_l1_bytes(&ch.l1);
    li.carveout = gpu_timing_carveout_active(gpu->timing);
    carveout_describe(&ch, li.carveout_desc, sizeof li.carveout_desc);
    gpu_occupancy(gpu, &src, ch.shmem_bytes, &li);
    if (gpu_record_launch_info(gpu, &li)) {
        gpu_fail(gpu, "%s: out of memory", path);
        goto out;
    }
    gpu->launches++;
    stats_kernel_begin(&gpu->stats);
    int run = gpu_timing_run(gpu->timing, &gl, err, sizeof err);
    gpu_add_counters(&gpu->cnt, isrc_counters(&src));
    const struct trace_counts *tc = trace_launch_counts(tl);
    gpu->tcnt.kernels++;
    gpu->tcnt.insts += tc->insts;
    gpu->tcnt.mem_insts += tc->mem_insts;
    gpu->tcnt.unknown += tc->unknown;
    gpu->tcnt.no_address += tc->no_address;
    gpu->cnt.kernels++;
    gpu->cnt.ctas += trace_file_num_ctas(f);
    gpu_energy_launch_end(gpu);
    if (stats_kernel_end(&gpu->stats, isrc_kernel_name(&src)) && run == 0) {
        gpu_fail(gpu, "%s: out of memory recording statistics", path);
        goto out;
    }
    if (run) {
        gpu_fail_code(gpu, !strncmp(err, "stopped at gpgpu_max_", 21) ? CCGPU_ERROR_STOPPED
                                                                       : CCGPU_ERROR_LAUNCH_FAILED,
                      "%s", err);
        goto out;
    }
    warn_unknown(r, f, path);
    rc = 0;
out:
    trace_launch_free(tl);
    trace_file_close(f);
    return rc;
}

int ccgpu_trace_run(ccgpu *gpu, const char *kernelslist, const struct ccgpu_trace_options *o)
{
    static const struct ccgpu_trace_options none = { 0 };
    if (!gpu->timing)
        return gpu_fail(gpu, "trace runs need the timing model (ccgpu_mode timing)");
    if (o && o->arch && o->arch[0] && !sass_arch_known(o->arch))
        return gpu_fail(gpu, "unknown SASS architecture '%.40s' (volta, turing, ampere, ada, hopper)",
                        o->arch);
    struct run r = { gpu, o ? o : &none, { { { 0 }, NULL, 0 } }, { 0 } };
    struct trace_list l;
    char err[512];
    if (trace_list_read(&l, kernelslist, err, sizeof err))
        return gpu_fail(gpu, "%s", err);
    struct policy_region regions[POLICY_GPU_MAX_REGIONS];
    uint32_t nregions = 0;
    int rc = 0;
    for (uint32_t i = 0; i < l.n && rc == 0; i++) {
        const struct trace_cmd *c = &l.cmds[i];
        if (c->kind == TRACE_CMD_COPY) {
            gpu_timing_host_copy(gpu->timing, c->addr, c->bytes);
            if (c->to_device && nregions < POLICY_GPU_MAX_REGIONS && c->bytes)
                regions[nregions++] = (struct policy_region){ c->addr, c->addr + c->bytes };
        } else {
            rc = run_kernel(&r, c->path, regions, nregions);
        }
    }
    trace_list_free(&l);
    for (int i = 0; i < NARCH; i++)
        if (r.have[i])
            sass_table_free(&r.tab[i]);
    return rc;
}
