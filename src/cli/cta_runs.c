/* Timing runs for the CTA-scheduling commands (cli/cta_runs.h). */
#include "cli/cta_runs.h"
#include "cli/cta_profile.h"
#include "cli/workset_cli.h"
#include "gpu/config.h"
#include <stdlib.h>
#include <string.h>

static const char *const energy_stats[6] = {
    "energy.group.sm_pj", "energy.group.noc_pj", "energy.group.l2mc_pj",
    "energy.group.dram_pj", "energy.group.const_pj", "energy.total_pj",
};

int cta_energy_on(const struct cli_run_options *o)
{
    const struct config_entry *e = config_peek(o->cfg, "ccgpu_power_file");
    return e && e->value[0];
}

void cta_energy_header(FILE *f, int on)
{
    if (on)
        fprintf(f, ",e_sm_uj,e_noc_uj,e_l2mc_uj,e_dram_uj,e_const_uj,energy_uj");
}

void cta_energy_row(FILE *f, const struct cta_cell *c)
{
    for (int i = 0; c->energy && i < 6; i++)
        fprintf(f, ",%.3f", c->energy_uj[i]);
}

void cta_cell_free(struct cta_cell *c)
{
    free(c->ctas_per_sm);
    c->ctas_per_sm = NULL;
}

int cta_run(const struct cli_run_options *o, const struct bench_ops *b, const char *policy,
            const char *const *over, int nover, struct cta_cell *c)
{
    memset(c, 0, sizeof *c);
    if (ccgpu_config_set(o->cfg, "ccgpu_cta_sched", policy)) {
        fprintf(stderr, "ccgpu: %s\n", ccgpu_config_error(o->cfg));
        return -2;
    }
    for (int i = 0; i < nover; i++)
        if (ccgpu_config_override(o->cfg, over[i])) {
            fprintf(stderr, "ccgpu: %s\n", ccgpu_config_error(o->cfg));
            return -2;
        }
    ccgpu *gpu = cli_create_gpu(o);
    if (!gpu)
        return -2;
    if (cli_cta_profile_needed(o) && cli_cta_profile(o, b->name, gpu)) {
        ccgpu_destroy(gpu);
        return -1;
    }
    struct bench_ctx ctx = {
        .gpu = gpu, .size = o->size, .input = o->input, .data_dir = o->data_dir, .seed = o->seed,
    };
    int rc = b->run(&ctx);
    if (rc) {
        fprintf(stderr, "ccgpu: %s under ccgpu_cta_sched %s failed: %s\n", b->name, policy,
                ctx.error);
        ccgpu_destroy(gpu);
        return -1;
    }
    struct ccgpu_device_facts f;
    ccgpu_device_facts(gpu, &f);
    c->nsms = f.num_sms;
    c->l2_bytes = f.l2_bytes;
    ccgpu_stat(gpu, "cycles", -1, &c->cycles);
    ccgpu_stat(gpu, "warp_ipc", -1, &c->ipc);
    ccgpu_stat(gpu, "l2.accesses", -1, &c->l2_accesses);
    ccgpu_stat(gpu, "l2.misses", -1, &c->l2_misses);
    ccgpu_stat(gpu, "l1d.hits", -1, &c->l1_hits);
    ccgpu_stat(gpu, "l1d.misses", -1, &c->l1_misses);
    ccgpu_stat(gpu, "dram.reads", -1, &c->dram_reads);
    ccgpu_stat(gpu, "cta.tlp_avg", -1, &c->tlp_avg);
    ccgpu_stat(gpu, "cta.syncs", -1, &c->syncs);
    c->energy = 1;
    for (int i = 0; i < 6; i++) {
        double pj = 0;
        c->energy &= ccgpu_stat(gpu, energy_stats[i], -1, &pj) == 0;
        c->energy_uj[i] = pj * 1e-6;
    }
    int nk = ccgpu_num_kernels(gpu);
    c->nlaunches = nk > 0 ? (uint32_t)nk : 0;
    c->ctas_per_sm = calloc(c->nlaunches + 1, sizeof *c->ctas_per_sm);
    for (uint32_t k = 0; c->ctas_per_sm && k < c->nlaunches; k++) {
        struct ccgpu_launch_info li;
        if (ccgpu_launch_info(gpu, (int)k, &li) == 0)
            c->ctas_per_sm[k] = li.ctas_per_sm;
    }
    ccgpu_destroy(gpu);
    c->ok = c->ctas_per_sm != NULL;
    return c->ok ? 0 : -1;
}

void cta_prof_free(struct cta_prof *p)
{
    for (uint32_t k = 0; k < p->nl; k++)
        free(p->bytes[k]);
    free(p->bytes);
    free(p->n);
    free(p->sum);
    memset(p, 0, sizeof *p);
}

int cta_profile(const struct cli_run_options *o, const struct bench_ops *b, uint32_t line_bytes,
                struct cta_prof *p)
{
    memset(p, 0, sizeof *p);
    struct workset ws;
    memset(&ws, 0, sizeof ws);
    ccgpu *fgpu = NULL;
    int rc = cli_workset_collect(o, b->name, line_bytes, &ws, &fgpu);
    if (ccgpu_config_set(o->cfg, "ccgpu_mode", "timing") && !rc)
        rc = 1;
    uint32_t nk = fgpu && !rc ? (uint32_t)ccgpu_num_kernels(fgpu) : 0;
    p->nl = nk;
    p->n = calloc(nk + 1, sizeof *p->n);
    p->sum = calloc(nk + 1, sizeof *p->sum);
    p->bytes = calloc(nk + 1, sizeof *p->bytes);
    if (!p->n || !p->sum || !p->bytes)
        rc = 1;
    for (uint32_t k = 0; !rc && k < nk && k < ws.nlaunches; k++) {
        struct workset_launch st;
        memset(&st, 0, sizeof st);
        if (workset_launch_stats(&ws, k, &st) ||
            !(p->bytes[k] = calloc((size_t)st.nctas + 1, sizeof **p->bytes))) {
            rc = 1;
            workset_launch_free(&st);
            break;
        }
        p->n[k] = st.nctas;
        for (uint32_t c = 0; c < st.nctas; c++) {
            p->bytes[k][c] = (uint64_t)st.cta[c].total * line_bytes;
            p->sum[k] += p->bytes[k][c];
        }
        if (p->sum[k] > p->sum[p->dom])
            p->dom = k;
        workset_launch_free(&st);
    }
    workset_free(&ws);
    ccgpu_destroy(fgpu);
    if (rc) {
        fprintf(stderr, "ccgpu: measuring the working sets of %s failed\n", b->name);
        cta_prof_free(p);
        return -1;
    }
    return 0;
}

double cta_contention(const struct cta_prof *p, uint32_t k, uint32_t tlp, uint64_t cap)
{
    if (k >= p->nl || !cap)
        return 0;
    uint64_t s = 0;
    for (uint32_t c = 0; c < tlp && c < p->n[k]; c++)
        s += p->bytes[k][c];
    return (double)s / (double)cap;
}
