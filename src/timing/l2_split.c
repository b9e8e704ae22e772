/* GPCs and a split L2: see l2_split.h. */
#include "timing/l2_split.h"
#include "gpu/config.h"
#include <stdio.h>
#include <string.h>

int l2_split_config_read(struct l2_split_config *c, const struct ccgpu_config *store,
                         uint32_t n_part, int *on, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    if (config_get_u32(store, "ccgpu_gpcs", 0, &c->gpcs, err, errlen) ||
        config_get_u32(store, "ccgpu_l2_groups", 1, &c->groups, err, errlen) ||
        config_get_u32(store, "ccgpu_l2_far_latency", 0, &c->far_latency, err, errlen) ||
        config_get_u32(store, "ccgpu_l2_far_bytes_per_cycle", 0, &c->far_bytes, err, errlen))
        return -1;
    /* (more GPCs than SMs leaves some GPCs without an SM: a configuration
     * scaled down to fewer SMs keeps working) */
    if (c->gpcs > 65535)
        return config_value_error(store, "ccgpu_gpcs", err, errlen, "%u GPCs (at most 65535)",
                                  c->gpcs);
    if (c->groups == 0 || c->groups > L2_SPLIT_MAX_GROUPS || c->groups > n_part)
        return config_value_error(store, "ccgpu_l2_groups", err, errlen,
                                  "%u groups (1 to %d, at most one per memory partition: %u)",
                                  c->groups, L2_SPLIT_MAX_GROUPS, n_part);
    if (c->groups > 1 && c->gpcs < c->groups)
        return config_value_error(store, "ccgpu_l2_groups", err, errlen,
                                  "%u groups need at least as many GPCs (ccgpu_gpcs %u): each "
                                  "group is near the GPCs c with c * groups / gpcs equal to it",
                                  c->groups, c->gpcs);
    if (c->far_latency > 100000)
        return config_value_error(store, "ccgpu_l2_far_latency", err, errlen,
                                  "%u cycles (at most 100000)", c->far_latency);
    *on = c->groups > 1;
    return 0;
}

void l2_split_init(struct l2_split *s, const struct l2_split_config *c, uint32_t n_sms,
                   uint32_t n_part, const struct addrmap *map, uint32_t line_bytes)
{
    memset(s, 0, sizeof *s);
    s->cfg = *c;
    s->n_sms = n_sms;
    s->n_part = n_part;
    s->map = map;
    s->line_bytes = line_bytes;
}

uint32_t l2_split_gpc(const struct l2_split *s, uint32_t sm)
{
    return gpc_of_sm(sm, s->cfg.gpcs, s->n_sms);
}

static uint32_t group_of_sm(const struct l2_split *s, uint32_t sm)
{
    return (uint32_t)((uint64_t)l2_split_gpc(s, sm) * s->cfg.groups / s->cfg.gpcs);
}

/* Brings the link to cycle now: what earlier cycles left on it drains at
 * the link's rate. */
static void link_at(struct l2_split_link *l, uint32_t rate, uint64_t now)
{
    if (now == l->at)
        return;
    uint64_t left = l->backlog + l->added, drained = (now - l->at) * rate;
    l->backlog = left > drained ? left - drained : 0;
    l->added = 0;
    l->at = now;
}

uint64_t l2_split_reply(struct l2_split *s, const struct mem_request *r, uint64_t now)
{
    struct dram_addr d;
    addrmap_locate(s->map, r->addr, &d);
    const uint32_t part_group = (uint32_t)((uint64_t)d.chan * s->cfg.groups / s->n_part);
    const uint32_t sm_group = group_of_sm(s, r->sm);
    if (part_group == sm_group)
        return 0;
    uint64_t wait = 0;
    if (s->cfg.far_bytes) {
        struct l2_split_link *l = &s->link[r->is_write ? part_group : sm_group];
        link_at(l, s->cfg.far_bytes, now);
        wait = (l->backlog + s->cfg.far_bytes - 1) / s->cfg.far_bytes;
        l->added += r->bytes ? r->bytes : s->line_bytes;
    }
    if (r->is_write)
        return 0;
    uint64_t extra = s->cfg.far_latency + wait;
    s->far_replies++;
    s->far_delay_sum += extra;
    return extra;
}
