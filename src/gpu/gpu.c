/* The host API (include/ccgpu.h): one simulated GPU with its configuration,
 * device memory, loaded modules, launches and statistics. */
#include "ccgpu.h"
#include "gpu/gpu_internal.h"
#include "gpu/config.h"
#include "gpu/funcrun.h"
#include "gpu/stats.h"
#include "ptx/engine.h"
#include "ptx/ptx.h"
#include "timing/carveout.h"
#include "timing/gpu_timing.h"
#include "timing/isrc.h"
#include "trace/sass_write.h"
#include "timing/size_check.h"
#include "util/text_input.h"
#include "mem/memsys.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int gpu_fail(ccgpu *gpu, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(gpu->error, sizeof gpu->error, fmt, ap);
    va_end(ap);
    text_printable_msg(gpu->error, sizeof gpu->error); /* (it may quote an input) */
    gpu->status = strstr(gpu->error, "out of memory") ? CCGPU_ERROR_OUT_OF_MEMORY
                                                      : CCGPU_ERROR_INVALID_VALUE;
    return -1;
}

int gpu_fail_code(ccgpu *gpu, enum ccgpu_status code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(gpu->error, sizeof gpu->error, fmt, ap);
    va_end(ap);
    text_printable_msg(gpu->error, sizeof gpu->error); /* (it may quote an input) */
    gpu->status = code;
    return -1;
}

static const char *const space_suffix[PTX_SPACE_COUNT] = {
    NULL, NULL, "global", "shared", "local", "const", "param", NULL,
};

/* Stat names must outlive the registry: a static table per space. */
static const char *const load_names[PTX_SPACE_COUNT] = {
    NULL, NULL, "warp_loads.global", "warp_loads.shared", "warp_loads.local",
    "warp_loads.const", "warp_loads.param", NULL,
};
static const char *const store_names[PTX_SPACE_COUNT] = {
    NULL, NULL, "warp_stores.global", "warp_stores.shared", "warp_stores.local", NULL, NULL, NULL,
};
static const char *const atomic_names[PTX_SPACE_COUNT] = {
    NULL, NULL, "warp_atomics.global", "warp_atomics.shared", NULL, NULL, NULL, NULL,
};
static const char *const tload_names[PTX_SPACE_COUNT] = {
    NULL, NULL, "thread_loads.global", "thread_loads.shared", "thread_loads.local",
    "thread_loads.const", "thread_loads.param", NULL,
};
static const char *const tstore_names[PTX_SPACE_COUNT] = {
    NULL, NULL, "thread_stores.global", "thread_stores.shared", "thread_stores.local", NULL,
    NULL, NULL,
};

static int register_stats(ccgpu *gpu)
{
    struct stats *s = &gpu->stats;
    struct gpu_counters *c = &gpu->cnt;
    int rc = 0;
    rc |= stats_register(s, "kernels", &c->kernels, "kernel launches");
    rc |= stats_register(s, "ctas", &c->ctas, "CTAs executed");
    rc |= stats_register(s, "warp_instructions", &c->warp_insts, "warp instructions issued");
    rc |= stats_register(s, "thread_instructions", &c->thread_insts,
                         "thread instructions (active lanes of issued warp instructions)");
    rc |= stats_register(s, "thread_instructions_exec", &c->thread_insts_exec,
                         "thread instructions whose guard predicate is true (GPGPU-Sim's gpu_sim_insn)");
    for (int sp = 0; sp < PTX_SPACE_COUNT; sp++) {
        if (load_names[sp])
            rc |= stats_register(s, load_names[sp], &c->warp_loads[sp], "warp load instructions");
        if (store_names[sp])
            rc |= stats_register(s, store_names[sp], &c->warp_stores[sp], "warp store instructions");
        if (atomic_names[sp])
            rc |= stats_register(s, atomic_names[sp], &c->warp_atomics[sp], "warp atomic/reduction instructions");
        if (tload_names[sp])
            rc |= stats_register(s, tload_names[sp], &c->thread_loads[sp], "thread loads");
        if (tstore_names[sp])
            rc |= stats_register(s, tstore_names[sp], &c->thread_stores[sp], "thread stores");
    }
    /* texture and surface instructions (src/ptx/texture.c): listed only in
     * runs that execute them */
    rc |= stats_register_if_used(s, "warp_loads.tex", &c->warp_loads[PTX_SPACE_TEX],
                                 "warp tex/tld4/suld instructions");
    rc |= stats_register_if_used(s, "thread_loads.tex", &c->thread_loads[PTX_SPACE_TEX],
                                 "thread texel/surface loads");
    rc |= stats_register_if_used(s, "warp_stores.tex", &c->warp_stores[PTX_SPACE_TEX],
                                 "warp sust instructions");
    rc |= stats_register_if_used(s, "thread_stores.tex", &c->thread_stores[PTX_SPACE_TEX],
                                 "thread surface stores");
    rc |= stats_register(s, "branches", &c->branches, "warp branch instructions");
    rc |= stats_register(s, "divergent_branches", &c->divergent_branches, "branches that split a warp");
    rc |= stats_register(s, "barriers", &c->barriers, "warp barrier instructions");
    /* SASS trace replays (gpu_trace.c): listed only in runs of traces */
    struct gpu_trace_counters *t = &gpu->tcnt;
    rc |= stats_register_if_used(s, "trace.kernels", &t->kernels, "kernel traces replayed");
    rc |= stats_register_if_used(s, "trace.instructions", &t->insts,
                                 "trace instructions replayed (warp instructions of the trace)");
    rc |= stats_register_if_used(s, "trace.mem_instructions", &t->mem_insts,
                                 "trace memory instructions with lane addresses");
    rc |= stats_register_if_used(s, "trace.unknown_opcodes", &t->unknown,
                                 "trace instructions whose opcode is not in the opcode table");
    rc |= stats_register_if_used(s, "trace.mem_no_address", &t->no_address,
                                 "trace memory instructions recorded without addresses");
    (void)space_suffix;
    return rc;
}

/* "1536:32" */
static int parse_pipeline(ccgpu *gpu, const ccgpu_config *cfg, char *err, size_t errlen)
{
    const char *v = config_get_str(cfg, "gpgpu_shader_core_pipeline", "1536:32");
    unsigned long long threads = 0, warp = 0;
    char *end = NULL;
    const char *p = v + strspn(v, " \t");
    if (p[0] >= '0' && p[0] <= '9') {
        threads = strtoull(p, &end, 10);
        if (*end == ':' && end[1] >= '0' && end[1] <= '9')
            warp = strtoull(end + 1, &end, 10);
        else
            end = NULL;
    }
    if (!end || *end || threads == 0) {
        snprintf(err, errlen, "gpgpu_shader_core_pipeline: expected THREADS:WARPSIZE, got '%s'", v);
        return -1;
    }
    if (warp != 32) {
        snprintf(err, errlen, "gpgpu_shader_core_pipeline: warp size %llu (ccgpu models 32)", warp);
        return -1;
    }
    if (threads % 32 || threads > 64 * 32) {
        snprintf(err, errlen,
                 "gpgpu_shader_core_pipeline: %llu threads per SM (a multiple of 32, at most 2048)",
                 threads);
        return -1;
    }
    gpu->max_threads_per_sm = (uint32_t)threads;
    gpu->warp_size = (uint32_t)warp;
    return 0;
}

/* The memory system's effective options (the timing model's preset plus
 * the configuration), read again for ccgpu_device_facts. */
static int read_facts(ccgpu *gpu, const ccgpu_config *cfg, char *err, size_t errlen)
{
    struct memsys_config mc;
    memsys_config_ccws(&mc);
    if (memsys_config_read(&mc, cfg, err, errlen))
        return -1;
    struct ccgpu_device_facts *f = &gpu->facts;
    f->num_sms = gpu->num_sms;
    f->warp_size = gpu->warp_size;
    f->max_threads_per_sm = gpu->max_threads_per_sm;
    f->max_ctas_per_sm = gpu->max_ctas_per_sm;
    f->max_threads_per_cta = gpu->max_threads_per_sm < 1024 ? gpu->max_threads_per_sm : 1024;
    f->shmem_per_sm = gpu->shmem_per_sm;
    f->registers_per_sm = gpu->registers_per_sm;
    f->mem_partitions = mc.n_part;
    f->dram_bus_bits = mc.dram.bus_bytes * 8;
    f->l2_bytes = (uint64_t)mc.n_part * mc.l2.nsets * mc.l2.assoc * mc.l2.line_size;
    f->l2_line_bytes = mc.l2.line_size;
    f->core_mhz = mc.core_mhz;
    f->dram_mhz = mc.dram_mhz;
    f->timing = gpu->mode == MODE_TIMING;
    return 0;
}

ccgpu *ccgpu_create(const ccgpu_config *cfg, char *err, size_t errlen)
{
    ccgpu *gpu = calloc(1, sizeof *gpu);
    ccgpu_config *empty = NULL;
    if (!gpu) {
        snprintf(err, errlen, "ccgpu_create: out of memory");
        return NULL;
    }
    if (!cfg) {
        empty = ccgpu_config_new();
        if (!empty) {
            snprintf(err, errlen, "ccgpu_create: out of memory");
            free(gpu);
            return NULL;
        }
        cfg = empty;
    }
    config_reset_used(cfg);
    static const char *const modes[] = { "functional", "timing", NULL };
    if (config_get_u32(cfg, "gpgpu_n_clusters", 15, &gpu->n_clusters, err, errlen) ||
        config_get_u32(cfg, "gpgpu_n_cores_per_cluster", 1, &gpu->cores_per_cluster, err, errlen) ||
        parse_pipeline(gpu, cfg, err, errlen) ||
        config_get_u32(cfg, "gpgpu_shader_cta", 8, &gpu->max_ctas_per_sm, err, errlen) ||
        config_get_u32(cfg, "gpgpu_shmem_size", 49152, &gpu->shmem_per_sm, err, errlen) ||
        config_get_u32(cfg, "gpgpu_shader_registers", 32768, &gpu->registers_per_sm, err, errlen) ||
        config_get_choice(cfg, "ccgpu_mode", modes, MODE_TIMING, &gpu->mode, err, errlen) ||
        config_get_u64(cfg, "ccgpu_max_warp_instructions", CCGPU_DEFAULT_MAX_WARP_INSTRUCTIONS,
                       &gpu->max_warp_insts, err, errlen) ||
        config_get_bool(cfg, "ccgpu_check_register_init", 0, &gpu->check_register_init, err,
                        errlen) ||
        config_get_u64(cfg, "ccgpu_functional_warp_run", FUNCRUN_DEFAULT_WARP_RUN,
                       &gpu->functional_warp_run, err, errlen))
        goto fail;
    const char *sass_dir = config_get_str(cfg, "ccgpu_sass_trace_out", "");
    int sass_nvbit_regs = 0;
    if (config_get_bool(cfg, "ccgpu_sass_trace_nvbit_regs", 0, &sass_nvbit_regs, err, errlen))
        goto fail;
    if (gpu->functional_warp_run == 0) {
        snprintf(err, errlen, "ccgpu_functional_warp_run must be at least 1 (instructions a warp "
                              "runs before the next warp of its CTA in functional mode)");
        goto fail;
    }
    if (gpu->n_clusters == 0 || gpu->cores_per_cluster == 0 || gpu->max_ctas_per_sm == 0) {
        snprintf(err, errlen, "gpgpu_n_clusters, gpgpu_n_cores_per_cluster and gpgpu_shader_cta "
                              "must be at least 1");
        goto fail;
    }
    uint64_t sms = (uint64_t)gpu->n_clusters * gpu->cores_per_cluster;
    if (sms > SIZE_CHECK_MAX_SMS) {
        snprintf(err, errlen,
                 "gpgpu_n_clusters x gpgpu_n_cores_per_cluster: %u x %u = %llu SMs, more than "
                 "the %u ccgpu allows",
                 gpu->n_clusters, gpu->cores_per_cluster, (unsigned long long)sms,
                 SIZE_CHECK_MAX_SMS);
        goto fail;
    }
    gpu->num_sms = (uint32_t)sms;
    /* The timing model reads (and validates) its options in functional mode
     * too, so one config file serves both modes; a functional run builds no
     * model (gpu_timing_check_options). */
    struct gpu_timing_params tp = { gpu->num_sms, gpu->max_threads_per_sm, gpu->max_ctas_per_sm,
                                    gpu->shmem_per_sm, gpu->registers_per_sm,
                                    gpu->cores_per_cluster };
    if (gpu->mode == MODE_TIMING ? !(gpu->timing = gpu_timing_create(cfg, &tp, err, errlen))
                                 : gpu_timing_check_options(cfg, &tp, err, errlen) != 0)
        goto fail;
    if (gpu_energy_create(gpu, cfg, err, errlen))
        goto fail;
    /* ccgpu_unmodelled_options: warn (default) lets GPGPU-Sim config files load
     * and names what is ignored; error refuses them */
    static const char *const unmodelled_modes[] = { "warn", "error", NULL };
    int unmodelled_mode;
    if (config_get_choice(cfg, "ccgpu_unmodelled_options", unmodelled_modes, 0, &unmodelled_mode,
                          err, errlen))
        goto fail;
    if (config_check_all_used(cfg, err, errlen))
        goto fail;
    /* the CLI prints "ccgpu: warning: " before it: wrapped at 100 columns */
    int unmodelled;
    char *names = config_unmodelled_wrapped(cfg, 16 + 58, 100, &unmodelled);
    if (!names) {
        snprintf(err, errlen, "ccgpu_create: out of memory");
        goto fail;
    }
    if (unmodelled && unmodelled_mode == 1) {
        snprintf(err, errlen, "GPGPU-Sim option%s not modelled by ccgpu: %.*s",
                 unmodelled > 1 ? "s" : "", (int)(errlen > 60 ? errlen - 60 : 0), names);
        free(names);
        goto fail;
    }
    if (unmodelled) {
        size_t n = strlen(names) + 80;
        if ((gpu->warnings = malloc(n)))
            snprintf(gpu->warnings, n, "%d GPGPU-Sim option%s not modelled by ccgpu, ignored: %s",
                     unmodelled, unmodelled > 1 ? "s" : "", names);
    }
    free(names);
    if (unmodelled && !gpu->warnings) {
        snprintf(err, errlen, "ccgpu_create: out of memory");
        goto fail;
    }
    if (read_facts(gpu, cfg, err, errlen))
        goto fail;
    if (sass_dir[0] && gpu->mode != MODE_TIMING) {
        snprintf(err, errlen, "ccgpu_sass_trace_out: traces are written in timing mode only");
        goto fail;
    }
    if (sass_dir[0] && !(gpu->sass_out = sass_writer_create(sass_dir, sass_nvbit_regs, err, errlen)))
        goto fail;
    devmem_init(&gpu->mem);
    stats_init(&gpu->stats);
    if (register_stats(gpu) || (gpu->timing && gpu_timing_register_stats(gpu->timing, &gpu->stats)) ||
        gpu_energy_register(gpu)) {
        snprintf(err, errlen, "ccgpu_create: out of memory");
        stats_free(&gpu->stats);
        goto fail;
    }
    gpu->printf_out = stdout;
    ccgpu_config_free(empty);
    return gpu;
fail:
    text_printable_msg(err, errlen); /* (it may quote a configuration value) */
    gpu_timing_discard(gpu->timing);
    gpu_energy_free(gpu);
    ccgpu_config_free(empty);
    free(gpu->warnings);
    free(gpu);
    return NULL;
}

void ccgpu_destroy(ccgpu *gpu)
{
    if (!gpu)
        return;
    for (struct ccgpu_module *m = gpu->modules, *n; m; m = n) {
        n = m->next;
        ptx_program_free(m->prog);
        ptx_module_free(m->mod);
        free(m->ptxas);
        free(m);
    }
    char werr[256];
    if (sass_writer_close(gpu->sass_out, werr, sizeof werr))
        fprintf(stderr, "ccgpu: %s\n", werr);
    devmem_free_all(&gpu->mem);
    stats_free(&gpu->stats);
    gpu_timing_free(gpu->timing);
    gpu_energy_free(gpu);
    for (uint32_t i = 0; i < gpu->nws; i++) {
        free(gpu->ws[i].bytes);
        free(gpu->ws[i].off);
        free(gpu->ws[i].lines);
    }
    free(gpu->ws);
    free(gpu->linfo);
    for (uint32_t i = 0; i < gpu->nfunc_cache; i++)
        free(gpu->func_cache[i].kernel);
    free(gpu->func_cache);
    free(gpu->warnings);
    free(gpu);
}

const char *ccgpu_warnings(const ccgpu *gpu)
{
    return gpu && gpu->warnings ? gpu->warnings : "";
}

const char *ccgpu_error(const ccgpu *gpu)
{
    return gpu ? gpu->error : "no GPU";
}

enum ccgpu_status ccgpu_error_code(const ccgpu *gpu)
{
    return gpu ? gpu->status : CCGPU_ERROR_INVALID_VALUE;
}

void ccgpu_set_printf_stream(ccgpu *gpu, FILE *out)
{
    gpu->printf_out = out ? out : stdout;
}

uint32_t ccgpu_num_sms(const ccgpu *gpu)
{
    return gpu->num_sms;
}

void ccgpu_device_facts(const ccgpu *gpu, struct ccgpu_device_facts *out)
{
    *out = gpu->facts;
}

/* ---- launches ---- */

static struct gpu_ws *ws_slot(ccgpu *gpu, int launch)
{
    if ((uint32_t)launch >= gpu->nws) {
        struct gpu_ws *w = realloc(gpu->ws, ((size_t)launch + 1) * sizeof *w);
        if (!w)
            return NULL;
        memset(w + gpu->nws, 0, ((size_t)launch + 1 - gpu->nws) * sizeof *w);
        gpu->ws = w;
        gpu->nws = (uint32_t)launch + 1;
    }
    return &gpu->ws[launch];
}

int ccgpu_set_cta_linesets(ccgpu *gpu, int launch, uint32_t nctas, const uint32_t *off,
                           const uint32_t *lines, uint32_t nlines)
{
    if (!gpu || launch < 0 || !off || off[0] != 0 || (off[nctas] && !lines))
        return -1;
    for (uint32_t c = 0; c < nctas; c++)
        if (off[c + 1] < off[c])
            return -1;
    uint8_t *seen = calloc((size_t)nlines + 1, 1);
    if (!seen)
        return -1;
    int bad = 0;
    for (uint32_t c = 0; c < nctas && !bad; c++) {
        for (uint32_t i = off[c]; i < off[c + 1] && !bad; i++) {
            bad = lines[i] >= nlines || seen[lines[i]];
            if (!bad)
                seen[lines[i]] = 1;
        }
        for (uint32_t i = off[c]; i < off[c + 1] && lines[i] < nlines; i++)
            seen[lines[i]] = 0;
    }
    free(seen);
    struct gpu_ws *w = bad ? NULL : ws_slot(gpu, launch);
    if (!w)
        return -1;
    uint32_t *o = malloc(((size_t)nctas + 1) * sizeof *o);
    uint32_t *l = malloc(((size_t)off[nctas] + 1) * sizeof *l);
    if (!o || !l) {
        free(o);
        free(l);
        return -1;
    }
    memcpy(o, off, ((size_t)nctas + 1) * sizeof *o);
    if (off[nctas])
        memcpy(l, lines, (size_t)off[nctas] * sizeof *l);
    free(w->off);
    free(w->lines);
    w->off = o;
    w->lines = l;
    w->nlines = nlines;
    w->nsets = nctas;
    return 0;
}

int ccgpu_set_cta_worksets(ccgpu *gpu, int launch, const uint64_t *bytes, uint32_t nctas)
{
    if (!gpu || launch < 0 || (nctas && !bytes))
        return -1;
    struct gpu_ws *w = ws_slot(gpu, launch);
    if (!w)
        return -1;
    uint64_t *copy = malloc(((size_t)nctas + 1) * sizeof *copy); /* non-NULL: measured */
    if (!copy)
        return -1;
    if (nctas)
        memcpy(copy, bytes, (size_t)nctas * sizeof *copy);
    free(w->bytes);
    w->bytes = copy;
    w->n = nctas;
    return 0;
}

void ccgpu_set_access_observer(ccgpu *gpu, ccgpu_access_fn fn, void *ctx)
{
    gpu->observer = fn;
    gpu->observer_ctx = ctx;
}

/* engine observer -> public record */
static void gpu_observe(void *ctx, const struct ptx_dyninst *d, uint32_t cta, uint32_t warp)
{
    const ccgpu *gpu = ctx;
    if (d->prefetch) /* a hint, not an access to data */
        return;
    struct ccgpu_access a = {
        .launch = gpu->launches - 1,
        .cta = cta,
        .warp = warp,
        .mask = d->exec_mask,
        .space = d->space == PTX_SPACE_GLOBAL   ? CCGPU_SPACE_GLOBAL
                 : d->space == PTX_SPACE_SHARED ? CCGPU_SPACE_SHARED
                 : d->space == PTX_SPACE_LOCAL  ? CCGPU_SPACE_LOCAL
                                                : CCGPU_SPACE_OTHER,
        .is_load = d->is_load,
        .is_store = d->is_store,
        .is_atomic = d->is_atomic,
        .bytes = (uint32_t)d->access_size * (d->vec ? d->vec : 1),
        .addr = d->addr,
    };
    gpu->observer(gpu->observer_ctx, &a);
}

void gpu_add_counters(struct gpu_counters *g, const struct ptx_counters *c)
{
    g->warp_insts += c->warp_insts;
    g->thread_insts += c->thread_insts;
    g->thread_insts_exec += c->thread_insts_exec;
    for (int s = 0; s < PTX_SPACE_COUNT; s++) {
        g->warp_loads[s] += c->warp_loads[s];
        g->warp_stores[s] += c->warp_stores[s];
        g->warp_atomics[s] += c->warp_atomics[s];
        g->thread_loads[s] += c->thread_loads[s];
        g->thread_stores[s] += c->thread_stores[s];
    }
    g->branches += c->branches;
    g->divergent_branches += c->divergent_branches;
    g->barriers += c->barriers;
}

/* ptxas's figure when the module has one for this kernel, else an estimate */
static uint32_t kernel_registers(const ccgpu_module *mod, const struct ptx_function *f,
                                 int *from_ptxas)
{
    *from_ptxas = 1;
    for (int i = 0; i < mod->nptxas; i++)
        if (strcmp(mod->ptxas[i].name, f->name) == 0)
            return mod->ptxas[i].registers;
    *from_ptxas = 0;
    return ptx_estimate_registers(mod->mod, f);
}

/* Occupancy of a launch and what bounds it, by the rules the timing model's
 * dispatcher applies (src/timing/dispatch.c): CTA slots, threads, shared
 * memory, registers (an SM always takes one CTA whatever its registers). */
void gpu_occupancy(const ccgpu *gpu, const struct isrc *l, uint32_t shmem_per_sm,
                   struct ccgpu_launch_info *li)
{
    uint32_t threads = isrc_threads_per_cta(l), warps = isrc_warps_per_cta(l);
    uint64_t sh = isrc_shared_per_cta(l);
    li->threads_per_cta = threads;
    li->shared_per_cta = (uint32_t)sh;
    uint32_t n = gpu->max_ctas_per_sm;
    li->limit = CCGPU_LIMIT_CTA_SLOTS;
    uint32_t slots = gpu->max_threads_per_sm / 32;
    if (warps && slots / warps < n) {
        n = slots / warps;
        li->limit = CCGPU_LIMIT_THREADS;
    }
    li->shared_per_sm = shmem_per_sm;
    if (sh && shmem_per_sm / sh < n) {
        n = (uint32_t)(shmem_per_sm / sh);
        li->limit = CCGPU_LIMIT_SHARED;
    }
    uint64_t regs = (uint64_t)li->regs_per_thread * threads;
    if (regs && gpu->registers_per_sm) {
        uint64_t by = gpu->registers_per_sm / regs;
        if (by < 1)
            by = 1;
        if (by < n) {
            n = (uint32_t)by;
            li->limit = CCGPU_LIMIT_REGISTERS;
        }
    }
    uint32_t nctas = isrc_num_ctas(l);
    uint32_t per_sm_grid = (uint32_t)(((uint64_t)nctas + gpu->num_sms - 1) / gpu->num_sms);
    if (per_sm_grid < n) {
        n = per_sm_grid;
        li->limit = CCGPU_LIMIT_GRID;
    }
    li->ctas_per_sm = n;
    li->warps_per_sm = n * warps;
}

int gpu_record_launch_info(ccgpu *gpu, const struct ccgpu_launch_info *li)
{
    if (gpu->nlinfo == gpu->caplinfo) {
        int cap = gpu->caplinfo ? gpu->caplinfo * 2 : 16;
        struct ccgpu_launch_info *n = realloc(gpu->linfo, (size_t)cap * sizeof *n);
        if (!n)
            return -1;
        gpu->linfo = n;
        gpu->caplinfo = cap;
    }
    gpu->linfo[gpu->nlinfo++] = *li;
    return 0;
}

int ccgpu_launch_info(const ccgpu *gpu, int kernel, struct ccgpu_launch_info *out)
{
    if (kernel == -1)
        kernel = gpu->nlinfo - 1;
    if (kernel < 0 || kernel >= gpu->nlinfo) {
        gpu_fail_code((ccgpu *)gpu, CCGPU_ERROR_NOT_FOUND, "launch info: no launch %d (%d so far)",
                  kernel, gpu->nlinfo);
        return -1;
    }
    *out = gpu->linfo[kernel];
    return 0;
}

const char *ccgpu_limit_name(enum ccgpu_limit limit)
{
    static const char *const names[] = { "CTA slots", "threads", "shared memory", "registers",
                                          "grid size" };
    return (unsigned)limit < sizeof names / sizeof names[0] ? names[limit] : "?";
}

/* "unknown kernel" help: the module's entries, since a C++-mangled name is
 * the usual cause */
static void list_entries(const struct ptx_module *m, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = 0;
    int n = 0;
    for (uint32_t i = 0; i < m->nfuncs && at + 1 < len; i++) {
        if (!m->funcs[i].is_entry)
            continue;
        int w = snprintf(buf + at, len - at, "%s%s", n++ ? ", " : "", m->funcs[i].name);
        if (w < 0 || (size_t)w >= len - at) {
            snprintf(buf + (len > 5 ? len - 5 : 0), len > 5 ? 5 : len, "...");
            return;
        }
        at += (size_t)w;
    }
    if (!n)
        snprintf(buf, len, "none");
}

static int find_kernel(const struct ptx_module *m, const char *name)
{
    for (uint32_t i = 0; i < m->nfuncs; i++)
        if (m->funcs[i].name && strcmp(m->funcs[i].name, name) == 0)
            return (int)i;
    return -1;
}

int ccgpu_kernel_facts(ccgpu *gpu, ccgpu_module *mod, const char *kernel,
                       struct ccgpu_kernel_facts *out)
{
    const struct ptx_module *m = mod ? mod->mod : NULL;
    int k = m && kernel ? find_kernel(m, kernel) : -1;
    if (k < 0 || !m->funcs[k].is_entry)
        return gpu_fail(gpu, "no kernel '%s' in %s", kernel ? kernel : "(null)",
                    m && m->name ? m->name : "module");
    const struct ptx_function *f = &m->funcs[k];
    out->nparams = (int)f->nparams;
    int from_ptxas;
    out->registers = kernel_registers(mod, f, &from_ptxas);
    out->static_shared = f->shared_bytes;
    out->local_bytes = f->local_bytes;
    uint32_t t = f->maxntid[0] ? f->maxntid[0] * (f->maxntid[1] ? f->maxntid[1] : 1) *
                                     (f->maxntid[2] ? f->maxntid[2] : 1)
                               : 1024;
    out->max_threads = t < 1024 ? t : 1024;
    out->refused = ptx_program_refusal(mod->prog, k);
    return 0;
}

int ccgpu_launch(ccgpu *gpu, ccgpu_module *mod, const char *kernel, struct ccgpu_dim3 grid,
                 struct ccgpu_dim3 block, uint32_t dynamic_shared_bytes, void **args, int nargs)
{
    struct ccgpu_dim3 none = { 0, 0, 0 };
    return ccgpu_launch_cluster(gpu, mod, kernel, grid, block, none, dynamic_shared_bytes, args,
                                nargs);
}

int ccgpu_launch_cluster(ccgpu *gpu, ccgpu_module *mod, const char *kernel,
                         struct ccgpu_dim3 grid, struct ccgpu_dim3 block,
                         struct ccgpu_dim3 cluster, uint32_t dynamic_shared_bytes, void **args,
                         int nargs)
{
    if (!mod || !kernel)
        return gpu_fail(gpu, "launch: no module or kernel name");
    const struct ptx_module *m = mod->mod;
    const char *mname = m->name ? m->name : "module";
    int k = find_kernel(m, kernel);
    if (k < 0 || !m->funcs[k].is_entry) {
        char entries[256];
        list_entries(m, entries, sizeof entries);
        return gpu_fail_code(gpu, CCGPU_ERROR_NOT_FOUND,
                         "launch: %s '%s' in %s; its kernels: %s%s",
                         k < 0 ? "unknown kernel" : "not a kernel (.func)", kernel, mname, entries,
                         strncmp(kernel, "_Z", 2) != 0 && strstr(entries, "_Z")
                             ? " (C++ names are mangled: use the name in the PTX, or extern \"C\")"
                             : "");
    }
    const struct ptx_function *f = &m->funcs[k];
    if (nargs < 0 || (uint32_t)nargs != f->nparams)
        return gpu_fail(gpu, "launch %s: %d argument%s given, the kernel takes %u", kernel, nargs,
                    nargs == 1 ? "" : "s", f->nparams);
    uint64_t pbytes = ptx_program_param_bytes(mod->prog, k);
    uint8_t *params = calloc(1, pbytes ? pbytes : 1);
    if (!params)
        return gpu_fail(gpu, "launch %s: out of memory", kernel);
    for (uint32_t i = 0; i < f->nparams; i++) {
        uint64_t off = 0, size = 0;
        ptx_program_param(mod->prog, k, i, &off, &size);
        if (!args || !args[i]) {
            free(params);
            return gpu_fail(gpu, "launch %s: argument %u is a NULL pointer", kernel, i);
        }
        memcpy(params + off, args[i], size);
    }
    /* FG-CB's base addresses: the allocations 8-byte parameters point into */
    struct policy_region regions[POLICY_GPU_MAX_REGIONS];
    uint32_t nregions = 0;
    for (uint32_t i = 0; i < f->nparams && nregions < POLICY_GPU_MAX_REGIONS; i++) {
        uint64_t off = 0, size = 0, v;
        ccgpu_devptr base;
        size_t bytes;
        ptx_program_param(mod->prog, k, i, &off, &size);
        if (size != 8)
            continue;
        memcpy(&v, params + off, 8);
        if (!v || ccgpu_find_allocation(gpu, (ccgpu_devptr)v, &base, &bytes))
            continue;
        uint32_t j;
        for (j = 0; j < nregions && regions[j].base != base; j++)
            ;
        if (j == nregions)
            regions[nregions++] = (struct policy_region){ base, base + bytes };
    }
    uint32_t max_threads = gpu->max_threads_per_sm < 1024 ? gpu->max_threads_per_sm : 1024;
    struct ptx_launch_desc d = {
        .kernel = k,
        .grid = { grid.x, grid.y, grid.z },
        .block = { block.x, block.y, block.z },
        .dynamic_shared = dynamic_shared_bytes,
        .params = params,
        .num_sms = gpu->num_sms,
        .warps_per_sm = gpu->max_threads_per_sm / 32,
        .gridid = gpu->launches + 1,
        .printf_out = gpu->printf_out,
        .max_threads_per_cta = max_threads,
        .max_shared_per_cta = gpu->shmem_per_sm,
        /* a pattern no kernel of the suite reads as a valid address or count */
        .register_fill = gpu->check_register_init ? 0xa5a5a5a5a5a5a5a5ull : 0,
        .cluster = { cluster.x, cluster.y, cluster.z },
    };
    char err[512];
    struct ptx_launch *l = ptx_launch_create(mod->prog, &d, err, sizeof err);
    free(params);
    if (!l)
        return gpu_fail(gpu, "%s", err);
    if (gpu->observer)
        ptx_launch_set_observer(l, gpu_observe, gpu);
    struct funcrun_config rc = {
        .num_sms = gpu->num_sms,
        .max_threads_per_sm = gpu->max_threads_per_sm,
        .max_ctas_per_sm = gpu->max_ctas_per_sm,
        .shared_per_sm = gpu->shmem_per_sm,
        .registers_per_sm = gpu->registers_per_sm,
        .max_warp_insts = gpu->max_warp_insts,
        .warp_run = gpu->functional_warp_run,
    };
    struct ccgpu_launch_info li = { 0 };
    rc.regs_per_thread = kernel_registers(mod, f, &li.regs_from_ptxas);
    li.regs_per_thread = rc.regs_per_thread;
    if (gpu->timing && gpu_timing_regs_override(gpu->timing)) {
        li.regs_per_thread = gpu_timing_regs_override(gpu->timing);
        li.regs_from_ptxas = 0;
        li.regs_from_config = 1;
    }
    uint32_t li_ = gpu->launches;
    struct gpu_timing_launch tl = { l, m, { grid.x, grid.y, grid.z }, rc.regs_per_thread,
                                    gpu->max_warp_insts, regions, nregions, li_,
                                    li_ < gpu->nws ? gpu->ws[li_].bytes : NULL,
                                    li_ < gpu->nws ? gpu->ws[li_].n : 0, -1, NULL, NULL, NULL, 0, 0, NULL, NULL, NULL };
    if (li_ < gpu->nws && gpu->ws[li_].off) {
        tl.ws_off = gpu->ws[li_].off;
        tl.ws_lines = gpu->ws[li_].lines;
        tl.ws_nlines = gpu->ws[li_].nlines;
        tl.ws_nsets = gpu->ws[li_].nsets;
    }
    for (uint32_t i = 0; i < gpu->nfunc_cache; i++)
        if (!strcmp(gpu->func_cache[i].kernel, kernel))
            tl.func_cache = gpu->func_cache[i].pref;
    uint32_t shmem_per_sm = gpu->shmem_per_sm;
    struct carveout_choice ch; /* chosen once: launch info and the run use it */
    if (gpu->timing) {
        tl.carve = &ch;
        if (gpu_timing_carveout(gpu->timing, &tl, li.regs_per_thread, &ch, err, sizeof err)) {
            ptx_launch_free(l);
            return gpu_fail(gpu, "%s", err);
        }
        shmem_per_sm = ch.shmem_bytes;
        li.l1d_bytes = (uint32_t)carveout_l1_bytes(&ch.l1);
        li.carveout = gpu_timing_carveout_active(gpu->timing);
        carveout_describe(&ch, li.carveout_desc, sizeof li.carveout_desc);
    }
    struct isrc lsrc = { NULL, l };
    gpu_occupancy(gpu, &lsrc, shmem_per_sm, &li);
    if (gpu_record_launch_info(gpu, &li)) {
        ptx_launch_free(l);
        return gpu_fail(gpu, "launch %s: out of memory", kernel);
    }
    gpu->launches++;
    stats_kernel_begin(&gpu->stats);
    int r;
    if (gpu->sass_out) { /* ccgpu_sass_trace_out: the launch as an Accel-Sim trace */
        uint32_t g3[3] = { grid.x, grid.y, grid.z }, b3[3] = { block.x, block.y, block.z };
        if (sass_writer_kernel_begin(gpu->sass_out, kernel, g3, b3,
                                      (uint32_t)ptx_launch_shared_per_cta(l), li.regs_per_thread)) {
            ptx_launch_free(l);
            return gpu_fail(gpu, "launch %s: out of memory", kernel);
        }
        tl.tap = sass_writer_tap;
        tl.tap_ctx = gpu->sass_out;
    }
    if (gpu->timing) {
        r = gpu_timing_run(gpu->timing, &tl, err, sizeof err);
        if (gpu->sass_out && r == 0 && sass_writer_kernel_end(gpu->sass_out, err, sizeof err))
            r = -1;
    } else {
        r = funcrun_run(l, &rc, err, sizeof err);
    }
    gpu_add_counters(&gpu->cnt, ptx_launch_counters(l));
    gpu->cnt.kernels++;
    gpu->cnt.ctas += ptx_launch_num_ctas(l);
    ptx_launch_free(l);
    gpu_energy_launch_end(gpu);
    if (stats_kernel_end(&gpu->stats, kernel) && r == 0)
        return gpu_fail(gpu, "launch %s: out of memory recording statistics", kernel);
    if (r)
        return gpu_fail_code(gpu,
                         !strncmp(err, "stopped at gpgpu_max_", 21) ? CCGPU_ERROR_STOPPED
                         : strstr(err, "ccgpu_max_warp_instructions") ||
                                   strstr(err, "ccgpu_runaway_cycles") ||
                                   strstr(err, "ccgpu_launch_seconds")
                               ? CCGPU_ERROR_LAUNCH_TIMEOUT
                         : strstr(err, "out of memory")             ? CCGPU_ERROR_OUT_OF_MEMORY
                         : strstr(err, "ccgpu_trace")               ? CCGPU_ERROR_IO
                                                                    : CCGPU_ERROR_LAUNCH_FAILED,
                         "%s", err);
    return 0;
}

int ccgpu_func_set_cache_config(ccgpu *gpu, const char *kernel, int pref)
{
    if (!kernel || pref < CCGPU_FUNC_CACHE_PREFER_NONE || pref > CCGPU_FUNC_CACHE_PREFER_EQUAL)
        return gpu_fail_code(gpu, CCGPU_ERROR_INVALID_VALUE,
                         "func cache config: %s kernel, preference %d (0 to 3)",
                         kernel ? "" : "no", pref);
    /* GPGPU-Sim leaves its last configuration in place for "equal" (a
     * switch with no case for it); ccgpu reads it as no preference */
    int p = pref == CCGPU_FUNC_CACHE_PREFER_SHARED ? CARVE_SHARED
          : pref == CCGPU_FUNC_CACHE_PREFER_L1     ? CARVE_L1
                                                   : CARVE_NONE;
    for (uint32_t i = 0; i < gpu->nfunc_cache; i++)
        if (!strcmp(gpu->func_cache[i].kernel, kernel)) {
            gpu->func_cache[i].pref = p;
            return 0;
        }
    struct gpu_func_cache *n = realloc(gpu->func_cache, (gpu->nfunc_cache + 1) * sizeof *n);
    char *k = n ? strdup(kernel) : NULL;
    if (!k) {
        if (n)
            gpu->func_cache = n;
        return gpu_fail_code(gpu, CCGPU_ERROR_OUT_OF_MEMORY, "func cache config: out of memory");
    }
    gpu->func_cache = n;
    gpu->func_cache[gpu->nfunc_cache++] = (struct gpu_func_cache){ k, p };
    return 0;
}

int ccgpu_synchronize(ccgpu *gpu)
{
    (void)gpu; /* launches complete before ccgpu_launch returns */
    return 0;
}

/* ---- statistics ---- */

int ccgpu_stat(const ccgpu *gpu, const char *name, int kernel, double *value)
{
    if (stats_get(&gpu->stats, name, kernel, value) == 0)
        return 0;
    /* the error is bookkeeping, like the statistics' read marks: written
     * through the const pointer so ccgpu_error() is never stale */
    ccgpu *g = (ccgpu *)gpu;
    double v;
    if (kernel < -1 || kernel >= gpu->stats.nkernels)
        return gpu_fail_code(g, CCGPU_ERROR_INVALID_VALUE, "stat %s: no kernel %d (%d launched)",
                         name ? name : "(null)", kernel, gpu->stats.nkernels);
    if (!name || stats_get(&gpu->stats, name, -1, &v) != 0)
        return gpu_fail_code(g, CCGPU_ERROR_NOT_FOUND, "stat: unknown statistic '%s'%s",
                         name ? name : "(null)",
                         name && !strcmp(name, "ipc")
                             ? " (there are two: warp_ipc, warp instructions per cycle, and "
                               "thread_ipc, thread instructions per cycle as GPGPU-Sim's IPC)"
                             : "");
    return gpu_fail(g, "stat %s: cannot compute it for kernel %d", name, kernel);
}

int ccgpu_num_kernels(const ccgpu *gpu)
{
    return gpu->stats.nkernels;
}

const char *ccgpu_kernel_name(const ccgpu *gpu, int kernel)
{
    if (kernel < 0 || kernel >= gpu->stats.nkernels)
        return NULL;
    return gpu->stats.kernels[kernel].name;
}

void ccgpu_stats_print(const ccgpu *gpu, FILE *out)
{
    stats_print(&gpu->stats, out);
}

int ccgpu_stat_count(const ccgpu *gpu)
{
    return stats_count(&gpu->stats);
}

const char *ccgpu_stat_name(const ccgpu *gpu, int i)
{
    return stats_name(&gpu->stats, i);
}

void ccgpu_stats_print_total(const ccgpu *gpu, FILE *out)
{
    stats_print_total(&gpu->stats, out);
}

void ccgpu_stats_print_summary(const ccgpu *gpu, FILE *out)
{
    double v[5] = { 0, 0, 0, 0, 0 };
    if (gpu->timing) {
        static const char *const names[5] = { "cycles", "warp_instructions", "warp_ipc",
                                              "l1d.miss_rate", "l2.miss_rate" };
        for (int i = 0; i < 5; i++)
            ccgpu_stat(gpu, names[i], -1, &v[i]);
        fprintf(out, "cycles %.0f, warp_instructions %.0f, warp_ipc %.4f, l1d.miss_rate %.4f, "
                     "l2.miss_rate %.4f",
                v[0], v[1], v[2], v[3], v[4]);
    } else {
        ccgpu_stat(gpu, "warp_instructions", -1, &v[0]);
        ccgpu_stat(gpu, "thread_instructions", -1, &v[1]);
        fprintf(out, "warp_instructions %.0f, thread_instructions %.0f (functional)", v[0], v[1]);
    }
}

int ccgpu_stats_write_json(const ccgpu *gpu, FILE *out)
{
    return stats_write_json(&gpu->stats, out);
}
