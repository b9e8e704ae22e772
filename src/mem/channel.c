#include "mem/channel.h"
#include "gpu/stats.h"
#include <stdio.h>
#include <string.h>

int channel_init(struct mem_channel *ch, uint32_t id, const struct dram_config *cfg,
                 uint64_t dram_period, uint64_t dram_latency_fs, struct partition *sub,
                 uint32_t nsub, char *err, size_t errlen)
{
    memset(ch, 0, sizeof *ch);
    ch->id = id;
    ch->nsub = nsub;
    ch->sub = sub;
    ch->dram_period = dram_period;
    ch->dram_latency_fs = dram_latency_fs;
    ch->stale = 1;
    return dram_init(&ch->dram, cfg, err, errlen);
}

void channel_free(struct mem_channel *ch)
{
    dram_free(&ch->dram);
}

/* The sub-partition a DRAM token belongs to. */
static struct partition *owner(const struct mem_channel *ch, uint64_t token)
{
    return &ch->sub[(token >> PART_SUB_SHIFT) & PART_SUB_MAX];
}

void channel_cycle(struct mem_channel *ch, uint64_t j)
{
    uint64_t tok;
    uint32_t aux, nq = ch->dram.nq;
    while (dram_peek_read(&ch->dram, j, &tok)) {
        struct partition *p = owner(ch, tok);
        if (!tq_room(&p->ret))
            break;
        dram_pop_read(&ch->dram, j, &tok, &aux);
        tq_push(&p->ret, j * ch->dram_period + ch->dram_latency_fs, tok & ~PART_SUB_BITS, aux);
        p->l2_dirty = 1;
    }
    dram_cycle(&ch->dram, j);
    /* the L2 side sees the DRAM only through ret and the queue's room */
    if (ch->dram.nq != nq)
        for (uint32_t s = 0; s < ch->nsub; s++)
            ch->sub[s].l2_dirty = 1;
}

uint64_t channel_next(struct mem_channel *ch, uint64_t j0)
{
    uint64_t tok;
    if (dram_peek_read(&ch->dram, j0, &tok) && tq_room(&owner(ch, tok)->ret))
        return j0;
    uint64_t j = dram_next_event(&ch->dram, j0);
    return j == DRAM_NEVER ? PART_NEVER : j;
}

int channel_register_stats(struct mem_channel *ch, struct stats *s)
{
    const struct {
        const char *name;
        const uint64_t *v;
        const char *desc;
    } tab[] = {
        { "reads", &ch->dram.st.reads, "DRAM read column commands" },
        { "writes", &ch->dram.st.writes, "DRAM write column commands" },
        { "row_hits", &ch->dram.st.row_hits, "requests served from an open row" },
        { "row_misses", &ch->dram.st.row_misses, "requests that needed an activate" },
        { "activates", &ch->dram.st.activates, "ACT commands" },
        { "precharges", &ch->dram.st.precharges, "PRE commands" },
        { "busy_cycles", &ch->dram.st.busy_cycles, "DRAM cycles the data bus was busy" },
    };
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++) {
        snprintf(ch->stat_names[i], sizeof ch->stat_names[i], "dram_p%u.%s", ch->id, tab[i].name);
        if (stats_register(s, ch->stat_names[i], tab[i].v, tab[i].desc))
            return -1;
    }
    return 0;
}
