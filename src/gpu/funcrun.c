#include "gpu/funcrun.h"
#include <stdlib.h>
#include <string.h>

#define DEFAULT_BATCH 4096

uint32_t funcrun_ctas_per_sm(const struct funcrun_config *cfg, const struct ptx_launch *l)
{
    uint32_t warps = ptx_launch_warps_per_cta(l);
    uint32_t n = cfg->max_ctas_per_sm;
    uint32_t by_threads = cfg->max_threads_per_sm / (warps * 32);
    if (by_threads < n)
        n = by_threads;
    uint64_t sh = ptx_launch_shared_per_cta(l);
    if (sh && cfg->shared_per_sm / sh < n)
        n = (uint32_t)(cfg->shared_per_sm / sh);
    if (cfg->regs_per_thread && cfg->registers_per_sm) {
        /* the register figure is an estimate from PTX: it limits occupancy
         * but never makes a kernel unlaunchable */
        uint64_t per_cta = (uint64_t)cfg->regs_per_thread * warps * 32;
        uint64_t by_regs = cfg->registers_per_sm / per_cta;
        if (by_regs < 1)
            by_regs = 1;
        if (by_regs < n)
            n = (uint32_t)by_regs;
    }
    return n;
}

struct sm_state {
    struct ptx_cta **slots; /* max_ctas entries, NULL = free */
    uint8_t *warp_used;     /* warp slots in use */
};

static int place(struct ptx_launch *l, struct sm_state *sm, uint32_t sm_id, uint32_t slot,
                 uint32_t cta, uint32_t nwarp_slots, uint32_t *tmp)
{
    uint32_t need = ptx_launch_warps_per_cta(l), k = 0;
    for (uint32_t i = 0; i < nwarp_slots && k < need; i++)
        if (!sm->warp_used[i])
            tmp[k++] = i;
    if (k < need)
        return -1;
    struct ptx_cta *c = ptx_cta_create(l, cta, sm_id, tmp);
    if (!c)
        return -1;
    for (uint32_t i = 0; i < need; i++)
        sm->warp_used[tmp[i]] = 1;
    sm->slots[slot] = c;
    return 0;
}

/* Thread-block clusters: a cluster's CTAs all go to one SM, together, when
 * it has a free slot for each (so barrier.cluster and distributed shared
 * memory find them all). 1 placed, 0 no room or none left, -1 error. */
static int place_cluster(struct ptx_launch *l, struct sm_state *sm, uint32_t sm_id,
                         uint32_t per_sm, uint32_t csize, uint32_t *next, uint32_t nclusters,
                         uint32_t nwarp_slots, uint32_t *tmp)
{
    uint32_t free_slots = 0;
    for (uint32_t k = 0; k < per_sm; k++)
        free_slots += sm->slots[k] == NULL;
    if (*next >= nclusters || free_slots < csize)
        return 0;
    uint32_t cl = (*next)++, r = 0;
    for (uint32_t k = 0; k < per_sm && r < csize; k++)
        if (!sm->slots[k] &&
            place(l, sm, sm_id, k, ptx_launch_cluster_cta(l, cl, r++), nwarp_slots, tmp))
            return -1;
    return 1;
}

static void retire(struct sm_state *sm, uint32_t slot)
{
    struct ptx_cta *c = sm->slots[slot];
    for (uint32_t i = 0; i < ptx_cta_num_warps(c); i++)
        sm->warp_used[ptx_warp_slot(ptx_cta_warp(c, i))] = 0;
    ptx_cta_recycle(c); /* the next CTA reuses its memory */
    sm->slots[slot] = NULL;
}

int funcrun_run(struct ptx_launch *l, const struct funcrun_config *cfg, char *err, size_t errlen)
{
    uint32_t per_sm = funcrun_ctas_per_sm(cfg, l);
    uint32_t nwarp_slots = cfg->max_threads_per_sm / 32;
    if (per_sm == 0) {
        snprintf(err, errlen,
                 "launch %s: a CTA of %u threads and %llu bytes of shared memory does not fit "
                 "on an SM (%u threads, %llu bytes); gpgpu_shader_core_pipeline and "
                 "gpgpu_shmem_size set an SM's",
                 ptx_launch_kernel_name(l), ptx_launch_threads_per_cta(l),
                 (unsigned long long)ptx_launch_shared_per_cta(l), cfg->max_threads_per_sm,
                 (unsigned long long)cfg->shared_per_sm);
        return -1;
    }
    uint32_t nsms = cfg->num_sms, total = ptx_launch_num_ctas(l), next = 0;
    uint32_t csize = ptx_launch_cluster_size(l), nclusters = total / csize, next_cluster = 0;
    if (csize > per_sm) {
        snprintf(err, errlen,
                 "launch %s: a cluster of %u CTAs does not fit on one SM (%u CTAs of this "
                 "kernel do); ccgpu places a cluster's CTAs on one SM",
                 ptx_launch_kernel_name(l), csize, per_sm);
        return -1;
    }
    uint64_t batch = cfg->batch ? cfg->batch : DEFAULT_BATCH;
    uint64_t run = cfg->warp_run ? cfg->warp_run : FUNCRUN_DEFAULT_WARP_RUN;
    if (run > batch)
        run = batch;
    uint64_t rounds = (batch + run - 1) / run;
    struct sm_state *sms = calloc(nsms, sizeof *sms);
    uint32_t *tmp = calloc(nwarp_slots + 1, sizeof *tmp);
    int rc = -1;
    if (!sms || !tmp)
        goto oom;
    for (uint32_t s = 0; s < nsms; s++) {
        sms[s].slots = calloc(per_sm, sizeof *sms[s].slots);
        sms[s].warp_used = calloc(nwarp_slots + 1, 1);
        if (!sms[s].slots || !sms[s].warp_used)
            goto oom;
    }
    /* initial fill: round-robin over SMs, one CTA (or cluster) each per round */
    for (uint32_t r = 0; csize == 1 && r < per_sm && next < total; r++)
        for (uint32_t s = 0; s < nsms && next < total; s++)
            if (place(l, &sms[s], s, r, next++, nwarp_slots, tmp))
                goto engine_error;
    for (uint32_t r = 0; csize > 1 && r < per_sm / csize; r++)
        for (uint32_t s = 0; s < nsms; s++)
            if (place_cluster(l, &sms[s], s, per_sm, csize, &next_cluster, nclusters,
                              nwarp_slots, tmp) < 0)
                goto engine_error;
    const struct ptx_counters *cnt = ptx_launch_counters(l);
    for (;;) {
        int resident = 0, progress = 0;
        for (uint32_t s = 0; s < nsms; s++) {
            for (uint32_t k = 0; k < per_sm; k++) {
                struct ptx_cta *c = sms[s].slots[k];
                if (!c)
                    continue;
                resident = 1;
                uint64_t executed = 0;
                if (ptx_cta_run(c, run, rounds, &executed) == PTX_STEP_ERROR)
                    goto engine_error;
                if (cfg->max_warp_insts && cnt->warp_insts > cfg->max_warp_insts) {
                    snprintf(err, errlen,
                             "kernel %s: more than %llu warp instructions "
                             "(ccgpu_max_warp_instructions); runaway kernel stopped (raise the "
                             "limit with -o ccgpu_max_warp_instructions=N, 0 for none)",
                             ptx_launch_kernel_name(l), (unsigned long long)cfg->max_warp_insts);
                    goto out;
                }
                progress |= executed > 0;
                if (ptx_cta_done(c)) {
                    progress = 1;
                    retire(&sms[s], k);
                    if (csize == 1 && next < total &&
                        place(l, &sms[s], s, k, next++, nwarp_slots, tmp))
                        goto engine_error;
                    if (csize > 1 && place_cluster(l, &sms[s], s, per_sm, csize, &next_cluster,
                                                   nclusters, nwarp_slots, tmp) < 0)
                        goto engine_error;
                } else if (executed == 0 && ptx_cta_check_deadlock(c)) {
                    goto engine_error;
                }
            }
        }
        if (!resident)
            break;
        if (!progress) { /* cannot happen if barrier accounting is right; never hang */
            snprintf(err, errlen, "kernel %s: no warp can run (internal error)",
                     ptx_launch_kernel_name(l));
            goto out;
        }
    }
    rc = 0;
    goto out;
oom:
    snprintf(err, errlen, "launch %s: out of memory", ptx_launch_kernel_name(l));
    goto out;
engine_error:
    snprintf(err, errlen, "%s", ptx_launch_error(l));
out:
    if (sms) {
        for (uint32_t s = 0; s < nsms; s++) {
            for (uint32_t k = 0; sms[s].slots && k < per_sm; k++)
                if (sms[s].slots[k])
                    ptx_cta_free(sms[s].slots[k]);
            free(sms[s].slots);
            free(sms[s].warp_used);
        }
    }
    free(sms);
    free(tmp);
    return rc;
}
