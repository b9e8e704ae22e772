/* CTA dispatch. Registers per thread: ccgpu_regs_per_thread when set, else
 * the PTX liveness estimate (ptx_estimate_registers); a CTA is allocated
 * regs x threads (no allocation granularity). Because the register figure is
 * an estimate it limits occupancy but never makes a kernel unlaunchable: an
 * empty SM always takes one CTA if threads and shared memory allow. */
#include "timing/dispatch.h"
#include "util/text_input.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int dispatch_init(struct dispatch *d, const struct sm_config *cfg, char *err, size_t errlen)
{
    memset(d, 0, sizeof *d);
    d->budget = UINT32_MAX;
    cta_set_init(&d->done);
    d->slots = calloc(cfg->n_slots + 1, sizeof *d->slots);
    d->room = calloc(cfg->n_sms ? cfg->n_sms : 1, sizeof *d->room);
    d->home_count = calloc(cfg->n_sms ? cfg->n_sms : 1, sizeof *d->home_count);
    d->home_wake = calloc(cfg->n_sms ? cfg->n_sms : 1, sizeof *d->home_wake);
    d->away = calloc(cfg->n_sms ? cfg->n_sms : 1, sizeof *d->away);
    if (!d->slots || !d->room || !d->home_count || !d->home_wake || !d->away) {
        snprintf(err, errlen, "timing model: out of memory");
        return -1;
    }
    if (cta_sched_init(&d->cs, cfg->cta_sched, cfg->n_sms, err, errlen))
        return -1;
    d->cs.sync_cycles = cfg->cta_sync_cycles;
    d->spec = cfg->cta_sched;
    return 0;
}

/* "ccgpu_cta_sched SPEC" for messages, printable only */
static const char *who(const struct dispatch *d, char *buf, size_t n)
{
    char spec[160];
    const char *s = d->spec ? d->spec : d->cs.ops->name;
    text_printable(spec, sizeof spec, s, strlen(s));
    snprintf(buf, n, "ccgpu_cta_sched %s", spec);
    return buf;
}

/* cs->wake after the policy's hook at cycle now: never, or not in the past
 * (on_wake asking for now itself would be asked again at every cycle). */
static int check_wake(const struct dispatch *d, uint64_t now, const char *hook, char *err,
                      size_t errlen)
{
    uint64_t w = d->cs.wake;
    int on_wake = !strcmp(hook, "on_wake");
    if (w == CTA_SCHED_NEVER || w > now || (w == now && !on_wake))
        return 0;
    char b[200];
    snprintf(err, errlen, "%s: %s() set wake to cycle %llu at cycle %llu (%s) (cycle %llu of kernel %s)",
             who(d, b, sizeof b), hook, (unsigned long long)w, (unsigned long long)now,
             on_wake ? "on_wake must ask for a later cycle" : "a cycle already past",
             (unsigned long long)(now - d->start), isrc_kernel_name(d->src));
    return -1;
}

/* CTAs left, none resident anywhere and no wake-up asked for: no CTA can
 * retire to ask the policy again, so the launch would never end. */
static int check_starved(const struct dispatch *d, uint64_t now, char *err, size_t errlen)
{
    if (!d->left || !d->budget || d->resident || d->cs.wake != CTA_SCHED_NEVER)
        return 0;
    char b[200];
    snprintf(err, errlen,
             "%s: next_cta() gave no CTA to any SM while none is resident and no wake-up is "
             "asked for: %u of %u CTAs never dispatched (cycle %llu of kernel %s)",
             who(d, b, sizeof b), d->left, d->total, (unsigned long long)(now - d->start),
             isrc_kernel_name(d->src));
    return -1;
}

void dispatch_free(struct dispatch *d)
{
    cta_sched_free(&d->cs);
    cta_set_free(&d->done);
    free(d->slots);
    free(d->room);
    free(d->home_count);
    free(d->home_wake);
    free(d->away);
    free(d->cl_home);
    free(d->cl_left);
    memset(d, 0, sizeof *d);
}

uint32_t dispatch_ctas_per_sm(const struct sm_config *cfg, const struct isrc *l,
                              uint32_t regs_per_thread)
{
    uint32_t threads = isrc_threads_per_cta(l);
    uint32_t warps = isrc_warps_per_cta(l);
    uint32_t n = cfg->max_ctas;
    if (warps > cfg->n_slots)
        return 0;
    if (cfg->n_slots / warps < n)
        n = cfg->n_slots / warps;
    uint64_t sh = isrc_shared_per_cta(l);
    if (sh > cfg->shmem_bytes)
        return 0;
    if (sh && cfg->shmem_bytes / sh < n)
        n = (uint32_t)(cfg->shmem_bytes / sh);
    uint64_t regs = (uint64_t)regs_per_thread * threads;
    if (regs && cfg->registers) {
        uint64_t by = cfg->registers / regs;
        if (by < 1)
            by = 1;
        if (by < n)
            n = (uint32_t)by;
    }
    return n;
}

static int place_one(struct dispatch *d, struct sm *sm, uint64_t now, char *err, size_t errlen);

/* resident CTAs integrated over time (the mean TLP) */
static void integrate(struct dispatch *d, uint64_t now)
{
    if (now > d->last_t) {
        d->resident_sum += d->resident * (now - d->last_t);
        d->last_t = now;
    }
}

int dispatch_begin(struct dispatch *d, const struct isrc *l, const uint32_t grid[3],
                   uint32_t regs_per_thread, struct sm *sms, uint32_t nsms, uint64_t now, char *err, size_t errlen)
{
    const struct sm_config *cfg = sms[0].cfg;
    d->src = l;
    d->total = d->left = isrc_num_ctas(l);
    d->nwarps = isrc_warps_per_cta(l);
    d->threads = isrc_threads_per_cta(l);
    d->shmem = isrc_shared_per_cta(l);
    d->regs = regs_per_thread * d->threads;
    d->per_sm = dispatch_ctas_per_sm(cfg, l, regs_per_thread);
    if (d->per_sm == 0) {
        snprintf(err, errlen,
                 "launch %s: a CTA of %u threads and %llu bytes of shared memory does not fit on "
                 "an SM (%u threads, %u bytes); gpgpu_shader_core_pipeline, gpgpu_shmem_size "
                 "and gpgpu_shader_registers set an SM's",
                 isrc_kernel_name(l), d->threads, (unsigned long long)d->shmem,
                 cfg->max_threads, cfg->shmem_bytes);
        return -1;
    }
    d->cluster_size = isrc_cluster_size(l);
    d->sms = sms;
    d->nsms = nsms;
    if (d->cnet && d->cluster_size > 1) {
        uint32_t least = nsms; /* SMs of the smallest GPC */
        for (uint32_t s = 0, first, end; s < nsms; s = end) {
            cluster_net_gpc(d->cnet, s, &first, &end);
            if (end - first < least)
                least = end - first;
        }
        if (d->cluster_size > (uint64_t)d->per_sm * least) {
            snprintf(err, errlen,
                     "launch %s: a cluster of %u CTAs does not fit in a GPC (%u SMs x %u CTAs of "
                     "this kernel); ccgpu places a cluster's CTAs in one GPC",
                     isrc_kernel_name(l), d->cluster_size, least, d->per_sm);
            return -1;
        }
    } else if (d->cluster_size > d->per_sm) {
        snprintf(err, errlen,
                 "launch %s: a cluster of %u CTAs does not fit on one SM (%u CTAs of this kernel "
                 "do); ccgpu places a cluster's CTAs on one SM",
                 isrc_kernel_name(l), d->cluster_size, d->per_sm);
        return -1;
    }
    if (cta_set_reset(&d->done, d->total)) {
        snprintf(err, errlen, "launch %s: out of memory", isrc_kernel_name(l));
        return -1;
    }
    struct cta_sched_launch info = { isrc_kernel_name(l), d->total,
                                     { grid[0], grid[1], grid[2] }, d->nwarps, nsms, d->per_sm,
                                     d->launch_index, d->l2_bytes,
                                     d->ws_bytes, d->ws_bytes ? d->ws_n : 0,
                                     d->ws_off, d->ws_off ? d->ws_lines : NULL,
                                     d->ws_off ? d->ws_nlines : 0, d->ws_off ? d->ws_nsets : 0, 1 };
    if (d->cluster_size > 1) {
        /* the policy sees the clusters as its CTAs; no per-CTA working sets */
        uint32_t n = d->total / d->cluster_size;
        if (n > d->cl_cap) {
            uint32_t *h = realloc(d->cl_home, (size_t)n * sizeof *h);
            if (h)
                d->cl_home = h;
            uint32_t *c = h ? realloc(d->cl_left, (size_t)n * sizeof *c) : NULL;
            if (!c) {
                snprintf(err, errlen, "launch %s: out of memory", isrc_kernel_name(l));
                return -1;
            }
            d->cl_left = c;
            d->cl_cap = n;
        }
        memset(d->home_count, 0, (size_t)nsms * sizeof *d->home_count);
        info.num_ctas = n;
        isrc_cluster_grid(l, grid, info.grid);
        info.warps_per_cta = d->nwarps * d->cluster_size;
        info.max_ctas_per_sm = d->per_sm / d->cluster_size ? d->per_sm / d->cluster_size : 1;
        info.ws_bytes = NULL;
        info.ws_n = 0;
        info.ws_off = info.ws_lines = NULL;
        info.ws_nlines = info.ws_nsets = 0;
        info.cluster_ctas = d->cluster_size;
    }
    d->cs.wake = CTA_SCHED_NEVER;
    d->resident = 0;
    d->last_t = now;
    d->start = now;
    if (d->cs.ops->on_launch && d->cs.ops->on_launch(&d->cs, &info, err, errlen))
        return -1;
    if (check_wake(d, now, "on_launch", err, errlen))
        return -1;
    /* initial fill: one CTA per SM per round, each round from the SM after
     * the one that took the latest CTA (so a launch continues where the
     * previous one stopped, as GPGPU-Sim's issue_block2core) */
    for (uint32_t r = 0; r < d->per_sm && d->left; r++)
        for (uint32_t s = 0, s0 = d->rot; s < nsms && d->left; s++) {
            struct sm *sm = &sms[(s0 + s) % nsms];
            if (sm->resident_ctas == r && place_one(d, sm, now, err, errlen) < 0)
                return -1;
        }
    return check_starved(d, now, err, errlen);
}

static int fits(const struct dispatch *d, const struct sm *sm)
{
    const struct sm_config *c = sm->cfg;
    if (sm->resident_ctas >= d->per_sm || sm->used_threads + d->threads > c->max_threads ||
        sm->used_shmem + d->shmem > c->shmem_bytes)
        return 0;
    return sm->resident_ctas == 0 || sm->used_regs + d->regs <= c->registers;
}

static int start_cta(struct dispatch *d, struct sm *sm, uint32_t id, int cta_slot, uint64_t now,
                     char *err, size_t errlen);

/* The CTA of rank r of cluster cl on sm, which the caller found room on:
 * 1, or -1 with err set. */
static int start_cluster_cta(struct dispatch *d, struct sm *sm, uint32_t cl, uint32_t r,
                             uint64_t now, char *err, size_t errlen)
{
    int cta_slot = sm_find_room(sm, d->nwarps, d->slots);
    if (cta_slot < 0) {
        snprintf(err, errlen, "launch %s: no room for CTA %u of cluster %u (internal error)",
                 isrc_kernel_name(d->src), r, cl);
        return -1;
    }
    if (start_cta(d, sm, isrc_cluster_cta(d->src, cl, r), cta_slot, now, err, errlen) < 0)
        return -1;
    sm->ctas[cta_slot].cluster = cl;
    sm->ctas[cta_slot].rank = r;
    return 1;
}

/* Thread-block clusters: once sm has room for a whole cluster, the CTA
 * policy chooses which (its ids are the launch's clusters): 1 and *cl set,
 * 0 when it gives none, -1 error. */
static int next_cluster(struct dispatch *d, struct sm *sm, uint64_t now, uint32_t *cl, char *err,
                        size_t errlen)
{
    uint32_t id = d->cs.ops->next_cta(&d->cs, sm->id, d->home_count[sm->id], now);
    if (check_wake(d, now, "next_cta", err, errlen))
        return -1;
    if (id == CTA_SCHED_NONE)
        return 0;
    uint32_t n = d->total / d->cluster_size;
    if (id >= n || cta_set_has(&d->done, isrc_cluster_cta(d->src, id, 0))) {
        char b[200];
        snprintf(err, errlen,
                 "%s: next_cta() returned cluster %u for SM %u, which %s (cycle %llu of kernel %s)",
                 who(d, b, sizeof b), id, sm->id,
                 id >= n ? "the launch does not have" : "was already dispatched",
                 (unsigned long long)(now - d->start), isrc_kernel_name(d->src));
        return -1;
    }
    d->cl_home[id] = sm->id;
    d->cl_left[id] = d->cluster_size;
    d->home_count[sm->id]++;
    *cl = id;
    return 1;
}

/* A cluster whole to one SM with room for all of its CTAs, so that
 * barrier.cluster and distributed shared memory find them together.
 * 1 placed, 0 not, -1 error. */
static int place_cluster(struct dispatch *d, struct sm *sm, uint64_t now, char *err,
                         size_t errlen)
{
    const struct sm_config *c = sm->cfg;
    uint32_t cs = d->cluster_size, free_ctas = 0, free_warps = 0;
    if (d->left < cs || d->budget < cs || sm->resident_ctas + cs > d->per_sm ||
        sm->used_threads + cs * d->threads > c->max_threads ||
        sm->used_shmem + cs * d->shmem > c->shmem_bytes ||
        (sm->resident_ctas && sm->used_regs + cs * d->regs > c->registers))
        return 0;
    for (uint32_t i = 0; i < c->max_ctas; i++)
        free_ctas += !sm->ctas[i].c;
    for (uint32_t i = 0; i < c->n_slots; i++)
        free_warps += !sm->warps[i].pw;
    if (free_ctas < cs || free_warps < cs * d->nwarps)
        return 0;
    uint32_t cl;
    int got = next_cluster(d, sm, now, &cl, err, errlen);
    if (got <= 0)
        return got;
    for (uint32_t r = 0; r < cs; r++)
        if (start_cluster_cta(d, sm, cl, r, now, err, errlen) < 0)
            return -1;
    return 1;
}

/* CTAs of the launch that still fit on sm (as fits() would say CTA by CTA). */
static uint32_t room_on(const struct dispatch *d, const struct sm *sm)
{
    const struct sm_config *c = sm->cfg;
    uint32_t n = 0, threads = sm->used_threads, regs = sm->used_regs, res = sm->resident_ctas;
    uint64_t shmem = sm->used_shmem;
    uint32_t free_ctas = 0, free_warps = 0;
    for (uint32_t i = 0; i < c->max_ctas; i++)
        free_ctas += !sm->ctas[i].c;
    for (uint32_t i = 0; i < c->n_slots; i++)
        free_warps += !sm->warps[i].pw;
    while (res + n < d->per_sm && threads + d->threads <= c->max_threads &&
           shmem + d->shmem <= c->shmem_bytes && (res + n == 0 || regs + d->regs <= c->registers) &&
           n < free_ctas && (n + 1) * d->nwarps <= free_warps) {
        n++;
        threads += d->threads;
        shmem += d->shmem;
        regs += d->regs;
    }
    return n;
}

/* A cluster over the SMs of sm's GPC (cluster_net.h): one CTA to each SM
 * with room from sm on, wrapping within the GPC, round after round; all or
 * nothing. 1 placed, 0 not, -1 error. */
static int place_cluster_spread(struct dispatch *d, struct sm *sm, uint64_t now, char *err,
                                size_t errlen)
{
    uint32_t cs = d->cluster_size, first, end;
    if (d->left < cs || d->budget < cs)
        return 0;
    cluster_net_gpc(d->cnet, sm->id, &first, &end);
    uint32_t n = end - first, *room = d->room, total = 0, on[16]; /* (clusters: <= 16 CTAs) */
    /* the SMs from sm on, until cs of them have room (the first round then
     * places the whole cluster) or the GPC is passed */
    uint32_t seen = 0, with_room = 0;
    for (; seen < n && with_room < cs; seen++) {
        room[seen] = room_on(d, &d->sms[first + (sm->id - first + seen) % n]);
        total += room[seen];
        with_room += room[seen] > 0;
    }
    if (total < cs)
        return 0;
    for (uint32_t r = 0; r < cs;) /* the SM (index from sm) of each rank */
        for (uint32_t k = 0; k < seen && r < cs; k++)
            if (room[k]) {
                room[k]--;
                on[r++] = k;
            }
    uint32_t cl;
    int got = next_cluster(d, sm, now, &cl, err, errlen);
    if (got <= 0)
        return got;
    for (uint32_t r = 0; r < cs; r++) {
        struct sm *t = &d->sms[first + (sm->id - first + on[r]) % n];
        if (start_cluster_cta(d, t, cl, r, now, err, errlen) < 0)
            return -1;
        if (t != sm)
            d->cnet->touched = 1;
    }
    return 1;
}

/* One CTA on sm if it fits and the policy gives one: 1 placed, 0 not, -1
 * error. */
static int place_one(struct dispatch *d, struct sm *sm, uint64_t now, char *err, size_t errlen)
{
    if (d->cluster_size > 1)
        return d->cnet ? place_cluster_spread(d, sm, now, err, errlen)
                       : place_cluster(d, sm, now, err, errlen);
    if (!d->left || !d->budget || !fits(d, sm))
        return 0;
    int cta_slot = sm_find_room(sm, d->nwarps, d->slots);
    if (cta_slot < 0)
        return 0;
    uint32_t id = d->cs.ops->next_cta(&d->cs, sm->id, sm->resident_ctas, now);
    if (check_wake(d, now, "next_cta", err, errlen))
        return -1;
    if (id == CTA_SCHED_NONE)
        return 0;
    if (id >= d->total || cta_set_has(&d->done, id)) {
        char b[200];
        snprintf(err, errlen, "%s: next_cta() returned CTA %u for SM %u, which %s (cycle %llu of kernel %s)",
                 who(d, b, sizeof b), id, sm->id,
                 id >= d->total ? "the launch does not have" : "was already dispatched",
                 (unsigned long long)(now - d->start), isrc_kernel_name(d->src));
        return -1;
    }
    return start_cta(d, sm, id, cta_slot, now, err, errlen);
}

/* CTA id of the launch on sm in CTA slot cta_slot, its warps in d->slots. */
static int start_cta(struct dispatch *d, struct sm *sm, uint32_t id, int cta_slot, uint64_t now,
                     char *err, size_t errlen)
{
    struct isrc_cta *c = isrc_cta_create(d->src, id, sm->id, d->slots);
    if (!c) {
        snprintf(err, errlen, "%s", isrc_error(d->src));
        return -1;
    }
    if (cta_set_add(&d->done, id)) {
        isrc_cta_free(d->src, c);
        snprintf(err, errlen, "launch %s: out of memory", isrc_kernel_name(d->src));
        return -1;
    }
    d->left--;
    integrate(d, now);
    d->resident++;
    d->last_dispatch_t = now;
    d->sum_at_dispatch = d->resident_sum;
    d->rot = sm->id + 1; /* (taken modulo the SMs where used) */
    if (d->budget != UINT32_MAX)
        d->budget--;
    sm_add_cta(sm, (uint32_t)cta_slot, c, id, d->threads, d->regs, d->shmem, now);
    return 1;
}

int dispatch_refill(struct dispatch *d, struct sm *sm, uint64_t now, char *err, size_t errlen)
{
    integrate(d, now);
    d->resident -= d->resident >= sm->retired ? sm->retired : d->resident;
    uint32_t naway = 0; /* clusters homed elsewhere that finished here */
    for (uint32_t i = 0; i < sm->retired; i++) {
        uint32_t id = sm->retired_ids[i], on = sm->id;
        if (d->cluster_size > 1) {
            id = isrc_cta_cluster(d->src, id);
            if (--d->cl_left[id])
                continue;
            on = d->cl_home[id];
            d->home_count[on]--;
            if (on != sm->id && !d->home_wake[on]) {
                d->home_wake[on] = 1;
                d->away[naway++] = on;
            }
        }
        if (d->cs.ops->on_cta_done)
            d->cs.ops->on_cta_done(&d->cs, on, id, now);
    }
    sm->retired = 0;
    if (check_wake(d, now, "on_cta_done", err, errlen))
        return -1;
    int r;
    while ((r = place_one(d, sm, now, err, errlen)) > 0)
        ;
    /* the policy may now give the home SM a cluster: its CTAs may go to
     * other SMs of the GPC, which the GPU loop then refiles */
    for (uint32_t i = 0; i < naway; i++)
        d->home_wake[d->away[i]] = 0;
    for (uint32_t i = 0, before = d->left; r >= 0 && i < naway; i++) {
        uint32_t home = d->away[i];
        while ((r = place_one(d, &d->sms[home], now, err, errlen)) > 0)
            ;
        if (d->left != before && d->cnet)
            d->cnet->touched = 1;
    }
    return r < 0 ? r : check_starved(d, now, err, errlen);
}

int dispatch_wake(struct dispatch *d, struct sm *sms, uint32_t nsms, uint64_t now, char *err,
                  size_t errlen)
{
    d->cs.wake = CTA_SCHED_NEVER;
    d->syncs++;
    /* the phase before this synchronisation dispatched nothing after its
     * last CTA: the time since, less the sync cost, was spent draining */
    if (now >= d->last_dispatch_t + d->cs.sync_cycles)
        d->drain_cycles += now - d->last_dispatch_t - d->cs.sync_cycles;
    integrate(d, now); /* nothing is resident during the sync itself */
    d->drain_resident_sum += d->resident_sum - d->sum_at_dispatch;
    if (d->cs.ops->on_wake)
        d->cs.ops->on_wake(&d->cs, now);
    if (check_wake(d, now, "on_wake", err, errlen))
        return -1;
    /* as the launch's fill, but SMs may hold CTAs: round r tops up the SMs
     * holding r or fewer */
    for (uint32_t r = 0; r < d->per_sm && d->left; r++)
        for (uint32_t s = 0, s0 = d->rot; s < nsms && d->left; s++) {
            struct sm *sm = &sms[(s0 + s) % nsms];
            if (sm->resident_ctas <= r && place_one(d, sm, now, err, errlen) < 0)
                return -1;
        }
    return check_starved(d, now, err, errlen);
}
