/* Thread-block clusters over the SMs of a GPC: see cluster_net.h. */
#include "timing/cluster_net.h"
#include "timing/l2_split.h"
#include "timing/sm.h"

void cluster_net_gpc(const struct cluster_net *n, uint32_t sm, uint32_t *first, uint32_t *end)
{
    if (!n->gpcs) {
        *first = 0;
        *end = n->nsms;
        return;
    }
    uint32_t c = gpc_of_sm(sm, n->gpcs, n->nsms);
    *first = gpc_first_sm(c, n->gpcs, n->nsms);
    *end = c + 1 == n->gpcs ? n->nsms : gpc_first_sm(c + 1, n->gpcs, n->nsms);
}

void cluster_net_release(struct cluster_net *n, const struct sm *from, uint64_t now)
{
    uint32_t first, end;
    cluster_net_gpc(n, from->id, &first, &end);
    uint64_t at = now + (n->latency ? n->latency : 1);
    for (uint32_t i = first; i < end; i++) {
        struct sm *o = &n->sms[i];
        if (o == from || !o->resident_ctas || !o->barwait)
            continue;
        uint32_t k = sm_release_barriers(o, at);
        if (k) {
            /* (o's cycle is not running: its next event is what it was) */
            uint64_t ready = at + o->cfg->fetch_delay;
            if (o->next_event > ready)
                o->next_event = ready;
            n->remote_releases += k;
            n->touched = 1;
        }
    }
}

/* The shared::cluster rank bits of an address (src/ptx/cluster.c): the
 * rank named plus one, 0 for the CTA's own shared memory. */
#define RANK_SHIFT 24

int cluster_net_remote(const struct sm *sm, const struct ptx_dyninst *d, uint32_t cta_slot)
{
    const struct sm_cta *own = &sm->ctas[cta_slot];
    uint32_t seen = 0; /* ranks checked, as bits */
    for (uint32_t mask = d->exec_mask; mask; mask &= mask - 1) {
        uint32_t r1 = (uint32_t)(d->addr[__builtin_ctz(mask)] >> RANK_SHIFT) & 0xff;
        if (!r1 || r1 - 1 == own->rank || r1 > 32 || (seen >> (r1 - 1) & 1))
            continue;
        seen |= 1u << (r1 - 1);
        uint32_t k;
        for (k = 0; k < sm->cfg->max_ctas; k++)
            if (sm->ctas[k].c && sm->ctas[k].cluster == own->cluster && sm->ctas[k].rank == r1 - 1)
                break;
        if (k == sm->cfg->max_ctas)
            return 1;
    }
    return 0;
}
