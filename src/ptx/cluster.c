/* Thread-block clusters (sm_90): a launch's grid is tiled by clusters of
 * up to 16 CTAs (the kernel's .reqnctapercluster, or the launch's cluster
 * dimensions); a launch without clusters is a grid of one-CTA clusters.
 *
 * Distributed shared memory: a shared::cluster address holds the rank of
 * the CTA it names, plus one, in bits 24..31 and the offset in that CTA's
 * shared memory below (a plain shared::cta address, rank bits 0, names the
 * CTA's own); generic addresses of the shared window carry the same bits.
 * mapa makes such an address from an offset and a rank, getctarank reads
 * the rank back. A cluster's CTAs are created together (the runners place
 * them on one SM) and looked up by linear id in launch->resident.
 *
 * barrier.cluster: arrive adds the arriving lanes to the cluster's count;
 * when it reaches the cluster's live threads (at an arrival, or when
 * threads exit), the phase completes and the warps waiting for it become
 * READY. wait lets the warp go on once the phase it arrived in has
 * completed; until then the warp waits (state AT_BARRIER, bar_id
 * CLUSTER_BARRIER, not counted in its CTA's warps_waiting: another CTA
 * releases it). Arrival and wait are per warp: the lanes of a warp arrive
 * together (.aligned). */
#include "ptx/exec_impl.h"
#include <stdlib.h>

#define RANK_SHIFT 24
#define OFFSET_MASK ((1u << RANK_SHIFT) - 1)

int ptx_cluster_launch(struct ptx_launch *l, const uint32_t dims[3], char *err, size_t errlen)
{
    const struct ptx_function *k = l->kernel;
    uint32_t d[3] = { 1, 1, 1 };
    int given = dims[0] || dims[1] || dims[2];
    for (int i = 0; i < 3; i++) {
        if (given)
            d[i] = dims[i] ? dims[i] : 1;
        else if (k->reqnctapercluster[0])
            d[i] = k->reqnctapercluster[i] ? k->reqnctapercluster[i] : 1;
        if (given && k->reqnctapercluster[0] && d[i] != k->reqnctapercluster[i]) {
            snprintf(err, errlen, "launch %s: cluster (%u,%u,%u) differs from the kernel's "
                     ".reqnctapercluster %u,%u,%u", k->name, d[0], d[1], d[2],
                     k->reqnctapercluster[0], k->reqnctapercluster[1], k->reqnctapercluster[2]);
            return -1;
        }
    }
    uint64_t size = (uint64_t)d[0] * d[1] * d[2];
    if (size > 16 || (k->maxclusterrank && size > k->maxclusterrank)) {
        snprintf(err, errlen, "launch %s: a cluster of %llu CTAs, more than %u", k->name,
                 (unsigned long long)size, k->maxclusterrank ? k->maxclusterrank : 16);
        return -1;
    }
    for (int i = 0; i < 3; i++)
        if (l->grid[i] % d[i]) {
            snprintf(err, errlen, "launch %s: grid (%u,%u,%u) is not a multiple of the cluster "
                     "(%u,%u,%u)", k->name, l->grid[0], l->grid[1], l->grid[2], d[0], d[1], d[2]);
            return -1;
        }
    memcpy(l->cluster, d, sizeof d);
    l->cluster_size = (uint32_t)size;
    l->explicit_cluster = given || k->explicitcluster || k->reqnctapercluster[0];
    if (size == 1)
        return 0;
    uint32_t nclusters = l->nctas / l->cluster_size;
    l->resident = calloc(l->nctas, sizeof *l->resident);
    l->cbar_count = calloc(nclusters, sizeof *l->cbar_count);
    l->cbar_gen = calloc(nclusters, sizeof *l->cbar_gen);
    if (!l->resident || !l->cbar_count || !l->cbar_gen) {
        snprintf(err, errlen, "launch %s: out of memory", k->name);
        return -1;
    }
    return 0;
}

void ptx_cluster_launch_free(struct ptx_launch *l)
{
    free(l->resident);
    free(l->cbar_count);
    free(l->cbar_gen);
}

uint32_t ptx_launch_cluster_size(const struct ptx_launch *l)
{
    return l->cluster_size ? l->cluster_size : 1;
}

uint32_t ptx_launch_cluster_cta(const struct ptx_launch *l, uint32_t cluster, uint32_t rank)
{
    const uint32_t *d = l->cluster;
    uint32_t ncx = l->grid[0] / d[0], ncy = l->grid[1] / d[1];
    uint32_t cx = cluster % ncx, cy = cluster / ncx % ncy, cz = cluster / (ncx * ncy);
    uint32_t rx = rank % d[0], ry = rank / d[0] % d[1], rz = rank / (d[0] * d[1]);
    uint32_t x = cx * d[0] + rx, y = cy * d[1] + ry, z = cz * d[2] + rz;
    return x + y * l->grid[0] + z * l->grid[0] * l->grid[1];
}

uint32_t ptx_launch_cta_cluster(const struct ptx_launch *l, uint32_t cta)
{
    if (!l->cluster_size)
        return 0;
    const uint32_t *d = l->cluster;
    uint32_t ncx = l->grid[0] / d[0], ncy = l->grid[1] / d[1];
    uint32_t x = cta % l->grid[0], y = cta / l->grid[0] % l->grid[1],
             z = cta / (l->grid[0] * l->grid[1]);
    return x / d[0] + y / d[1] * ncx + z / d[2] * ncx * ncy;
}

void ptx_launch_cluster_grid(const struct ptx_launch *l, uint32_t out[3])
{
    for (int i = 0; i < 3; i++)
        out[i] = l->cluster_size ? l->grid[i] / l->cluster[i] : l->grid[i];
}

void ptx_cluster_cta_enter(struct ptx_cta *c)
{
    struct ptx_launch *l = c->launch;
    const uint32_t *d = l->cluster;
    uint32_t ncx = l->grid[0] / d[0], ncy = l->grid[1] / d[1];
    c->cluster_id = c->ctaid[0] / d[0] + c->ctaid[1] / d[1] * ncx + c->ctaid[2] / d[2] * ncx * ncy;
    c->cluster_rank = c->ctaid[0] % d[0] + c->ctaid[1] % d[1] * d[0] +
                      c->ctaid[2] % d[2] * d[0] * d[1];
    if (l->resident) {
        l->resident[c->linear] = c;
        c->registered = 1;
    }
}

void ptx_cluster_cta_leave(struct ptx_cta *c)
{
    if (c->registered && c->launch->resident[c->linear] == c)
        c->launch->resident[c->linear] = NULL;
    c->registered = 0;
}

uint8_t *ptx_cluster_shared_ptr(struct ptx_warp *w, uint64_t addr, uint32_t size)
{
    struct ptx_launch *l = w->launch;
    uint64_t rank1 = addr >> RANK_SHIFT, off = addr & OFFSET_MASK;
    if (!l->resident || rank1 == 0 || rank1 > l->cluster_size)
        return NULL;
    struct ptx_cta *c =
        l->resident[ptx_launch_cluster_cta(l, w->cta->cluster_id, (uint32_t)rank1 - 1)];
    if (!c || off >= l->shared_per_cta || size > l->shared_per_cta - off)
        return NULL;
    return c->shared + off;
}

#define CLUSTER_BARRIER 0xff /* ptx_warp.bar_id of a warp at barrier.cluster.wait */

/* Live threads of a cluster's CTAs. */
static uint32_t cluster_threads(const struct ptx_launch *l, uint32_t cluster)
{
    uint32_t n = 0;
    for (uint32_t r = 0; r < l->cluster_size; r++) {
        const struct ptx_cta *c = l->resident[ptx_launch_cluster_cta(l, cluster, r)];
        n += c ? c->live_threads : 0;
    }
    return n;
}

/* Completes the cluster's phase if every live thread arrived, and wakes
 * its waiting warps. */
static void cluster_settle(struct ptx_launch *la, uint32_t id)
{
    if (!la->cbar_count[id] || la->cbar_count[id] < cluster_threads(la, id))
        return;
    la->cbar_gen[id]++;
    la->cbar_count[id] = 0;
    for (uint32_t r = 0; r < la->cluster_size; r++) {
        struct ptx_cta *c = la->resident[ptx_launch_cluster_cta(la, id, r)];
        for (uint32_t i = 0; c && i < c->nwarps; i++) {
            struct ptx_warp *w = &c->warps[i];
            if (w->state == PTX_WARP_AT_BARRIER && w->bar_id == CLUSTER_BARRIER)
                w->state = PTX_WARP_READY;
        }
    }
}

void ptx_cluster_threads_exited(struct ptx_cta *c)
{
    if (c->launch->resident)
        cluster_settle(c->launch, c->cluster_id);
}

uint32_t ptx_cta_cluster_size(const struct ptx_cta *c)
{
    return ptx_launch_cluster_size(c->launch);
}

int ptx_exec_cluster(struct ptx_warp *w, const struct ptx_inst *in, uint32_t mask, uint32_t pc)
{
    struct ptx_launch *la = w->launch;
    struct ptx_cta *c = w->cta;
    struct simt_entry *top = &w->simt[w->sp - 1];
    top->pc = pc + 1;
    if (in->op == PTX_OP_BARRIER) {
        if (!la->resident) /* one-CTA clusters: the CTA's own barrier */
            return 0;
        uint32_t id = c->cluster_id;
        if (in->mode == PTX_BAR_ARRIVE) {
            w->cbar_gen = la->cbar_gen[id];
            la->cbar_count[id] += (uint32_t)bits_popc32(mask);
            cluster_settle(la, id);
        } else if (la->cbar_gen[id] == w->cbar_gen) { /* wait: the phase is not over */
            w->state = PTX_WARP_AT_BARRIER;
            w->bar_id = CLUSTER_BARRIER;
            w->bar_inst = in;
        }
        return 0;
    }
    uint64_t ta[PTX_WARP_SIZE], tb[PTX_WARP_SIZE];
    const uint64_t *a = ptx_src(w, &in->ops[1], ta);
    uint64_t *D = ptx_exec_dst(w, &in->ops[0]);
    int generic = in->space != PTX_SPACE_SHARED;
    uint64_t base = generic ? PTX_GENERIC_SHARED_BASE : 0;
    if (in->op == PTX_OP_GETCTARANK) {
        LANES(((a[l] - base) >> RANK_SHIFT & 0xff) ? ((a[l] - base) >> RANK_SHIFT & 0xff) - 1
                                                    : c->cluster_rank);
        return 0;
    }
    const uint64_t *rank = ptx_src(w, &in->ops[2], tb);
    for (uint32_t m = mask; m; m &= m - 1) {
        int lane = __builtin_ctz(m);
        if ((uint32_t)rank[lane] >= ptx_launch_cluster_size(la)) {
            ptx_exec_fail(w, lane, in, "mapa to rank %u of a cluster of %u CTAs",
                          (uint32_t)rank[lane], ptx_launch_cluster_size(la));
            return -1;
        }
    }
    if (!la->resident) /* one-CTA cluster: rank 0 is the CTA itself */
        LANES(a[l]);
    else
        LANES(base + (((rank[l] + 1) << RANK_SHIFT) | ((a[l] - base) & OFFSET_MASK)));
    return 0;
}
