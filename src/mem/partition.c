#include "mem/partition.h"
#include "gpu/stats.h"
#include "util/bits.h"
#include <stdio.h>
#include <string.h>

int partition_init(struct partition *p, const struct partition_config *cfg,
                   const struct addrmap *map, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    p->id = cfg->id;
    p->chan = cfg->chan;
    p->sub = cfg->sub;
    p->dram = cfg->dram;
    p->l2_period = cfg->l2_period;
    p->dram_period = cfg->dram_period;
    p->l2_latency = cfg->l2_latency;
    p->rop_fs = (uint64_t)cfg->rop_latency * cfg->core_period;
    p->ports = cfg->l2_ports ? cfg->l2_ports : 1;
    p->accept_room = cfg->accept_room;
    p->in_queue = cfg->in_queue;
    p->sector_split = cfg->l2.sector_size < cfg->l2.line_size;
    p->map = map;
    if (cfg->l2.write_policy == CACHE_WRITE_EVICT || cfg->l2.alloc_policy != CACHE_ALLOC_ON_MISS) {
        snprintf(err, errlen, "L2: must allocate on miss and not be write-evict");
        return -1;
    }
    if (cache_init(&p->l2, &cfg->l2, err, errlen)) {
        char inner[256];
        snprintf(inner, sizeof inner, "%s", err);
        snprintf(err, errlen, "gpgpu_cache:dl2: %s", inner);
        return -1;
    }
    /* the output must take every request a fill can wake at once */
    uint32_t out = cfg->out_queue > cfg->l2.mshr_max_merge ? cfg->out_queue : cfg->l2.mshr_max_merge;
    /* queues hold their latency's worth of requests on top of their size */
    uint32_t ports = cfg->l2_ports ? cfg->l2_ports : 1;
    uint32_t in_cap = cfg->in_cap ? cfg->in_cap : cfg->in_queue + cfg->rop_latency;
    uint32_t line_sectors = cfg->l2.line_size / cfg->l2.sector_size;
    if (p->sector_split && in_cap < line_sectors)
        in_cap = line_sectors; /* a whole line's sector requests fit */
    if (tq_init(&p->in, in_cap) ||
        tq_init(&p->hit, (cfg->l2_latency + 4) * ports) ||
        tq_init(&p->ret, p->dram->cfg.queue_size + cfg->dram_latency) || tq_init(&p->out, out)) {
        snprintf(err, errlen, "partition: out of memory");
        goto fail;
    }
    return 0;
fail:
    partition_free(p);
    return -1;
}

void partition_free(struct partition *p)
{
    cache_free(&p->l2);
    tq_free(&p->in);
    tq_free(&p->hit);
    tq_free(&p->ret);
    tq_free(&p->out);
}

int partition_accept(struct partition *p, uint64_t now, uint32_t slot, const struct mem_slot *s)
{
    if (tq_room(&p->in) < partition_entries(p, s))
        return -1;
    if (!p->sector_split)
        tq_push(&p->in, now + p->rop_fs, slot, 0);
    for (uint32_t m = p->sector_split ? s->sectors : 0; m; m &= m - 1)
        tq_push(&p->in, now + p->rop_fs, slot, m & -m);
    p->l2_dirty = 1;
    return 0;
}

void partition_out_pop(struct partition *p)
{
    tq_pop(&p->out);
    p->l2_dirty = 1;
}

static uint32_t sector_bytes(const struct partition *p, uint8_t sectors)
{
    return bits_popc8(sectors) * p->l2.cfg.sector_size;
}

/* The bytes a DRAM read moves for these sectors. A sectored L2
 * (gpgpu_cache:dl2 S:...) reads each missing sector as a request of its
 * own, and a request moves at least one burst (bus width x burst length x
 * chips per controller): with 32-byte sectors and 64-byte bursts, as in
 * GPGPU-Sim's GTX480 file, a line read costs four bursts, not two.
 * GPGPU-Sim does the same: its L2 splits a line request into sector
 * requests (l2cache.cc) and its DRAM moves one dram_atom_size per column
 * command (dram.cc). Writes move their bytes in one request. */
static uint32_t read_bytes(const struct partition *p, uint8_t sectors)
{
    uint32_t sector = p->l2.cfg.sector_size, burst = p->dram->burst_bytes;
    if (sector >= p->l2.cfg.line_size || sector >= burst)
        return sector_bytes(p, sectors);
    return bits_popc8(sectors) * burst;
}

/* Output slots the DRAM data at the head of ret needs: the requests its
 * MSHR entry holds (at most that many wake), or 1 for a bypassing read. */
static uint32_t fill_needs(const struct partition *p, const struct tq_item *it)
{
    if (it->a & PART_BYPASS)
        return 1;
    int e = mshr_find(&p->l2.mshr, it->a >> p->l2.line_shift);
    return e < 0 ? 0 : p->l2.mshr.e[e].nreq;
}

/* Output slots kept free for a fill whose data is ready, so that a stream
 * of hits cannot starve fills. */
static uint32_t fill_reserve(const struct partition *p, uint64_t now)
{
    const struct tq_item *it = tq_ready(&p->ret, now);
    return it ? fill_needs(p, it) : 0;
}

/* A request's answer (a sector's with sector_split: the reply goes out
 * with the last). */
static void answer(struct partition *p, uint64_t now, struct mem_slot *slots, uint64_t slot)
{
    if (slots[slot].pending > 1) {
        slots[slot].pending--;
        return;
    }
    tq_push(&p->out, now, slot, 0);
}

/* One fill from DRAM (or a bypassing read's data, straight out); 1 if done. */
static int fill_one(struct partition *p, uint64_t now, struct mem_slot *slots)
{
    const struct tq_item *it = tq_ready(&p->ret, now);
    if (!it || tq_room(&p->out) < fill_needs(p, it))
        return 0;
    if (it->a & PART_BYPASS) {
        answer(p, now, slots, it->a & ~PART_BYPASS);
    } else {
        const uint64_t *tok;
        int n = cache_fill(&p->l2, it->a, (uint8_t)it->b, &tok), atomic = 0;
        for (int i = 0; i < n; i++) {
            atomic |= slots[tok[i]].r.is_atomic;
            answer(p, now, slots, tok[i]);
        }
        /* an atomic waiting for the line updates it (GPGPU-Sim's fill
         * marks the block modified when its MSHR entry holds one) */
        if (atomic)
            cache_mark_modified(&p->l2, it->a, (uint8_t)it->b);
    }
    tq_pop(&p->ret);
    return 1;
}

/* The first DRAM cycle that sees a request sent at fs time now (memsys
 * runs a DRAM cycle at the same instant as an L2 cycle after it). */
static uint64_t dram_cycle_at(const struct partition *p, uint64_t now)
{
    return (now + p->dram_period - 1) / p->dram_period;
}

/* A request that bypasses the L2 goes to DRAM; 1 if it went. */
static int bypass_one(struct partition *p, uint64_t now, struct mem_slot *s, uint32_t slot,
                      uint8_t sectors)
{
    if (!dram_can_accept(p->dram))
        return 0;
    struct dram_addr d;
    uint64_t line = p->l2.cfg.line_size;
    addrmap_decode(p->map, s->r.addr & ~(line - 1), &d);
    dram_at(p->dram, dram_cycle_at(p, now));
    dram_push(p->dram, d.bank, d.row,
              s->r.is_write ? sector_bytes(p, sectors) : read_bytes(p, sectors), s->r.is_write,
              slot | PART_BYPASS | (uint64_t)p->sub << PART_SUB_SHIFT, sectors);
    s->r.l2_hit = 0;
    if (s->r.is_write)
        tq_push(&p->hit, now + (uint64_t)p->l2_latency * p->l2_period, slot, 0);
    p->bypassed++;
    return 1;
}

/* The oldest request looks the L2 up; 1 if it left the input queue. */
static int lookup_one(struct partition *p, uint64_t now, struct mem_slot *slots)
{
    const struct tq_item *it = tq_ready(&p->in, now);
    if (!it || !tq_room(&p->hit))
        return 0;
    uint32_t slot = (uint32_t)it->a;
    struct mem_slot *s = &slots[slot];
    /* the entry's sector (sector_split), else the request's */
    uint8_t sectors = it->b ? (uint8_t)it->b : s->sectors;
    if (s->r.bypass_l2 && cache_probe(&p->l2, s->local, sectors) == CACHE_MISS) {
        if (!bypass_one(p, now, s, slot, sectors))
            return 0;
        tq_pop(&p->in);
        return 1;
    }
    struct cache_access a = { .addr = s->local, .sectors = sectors, .is_write = s->r.is_write,
                              .warp = s->r.warp, .token = slot };
    enum cache_fail why;
    enum cache_outcome o = cache_access(&p->l2, &a, &why);
    if (o == CACHE_RESERVATION_FAIL) {
        /* in order: the head retries next cycle (skipped, see retry_skip) */
        if (p->retry_skip) {
            p->blocked = 1;
            p->blocked_why = (uint8_t)why;
            p->blocked_at = now / p->l2_period;
            p->l2_dirty = 1;
        }
        return 0;
    }
    s->r.l2_hit &= o == CACHE_HIT; /* (every sector of it, with sector_split) */
    if (o == CACHE_HIT && s->r.is_atomic)
        cache_mark_modified(&p->l2, s->local, sectors);
    if (o == CACHE_HIT || s->r.is_write)
        tq_push(&p->hit, now + (uint64_t)p->l2_latency * p->l2_period, slot, 0);
    tq_pop(&p->in);
    return 1;
}

/* The oldest miss-queue entry goes to DRAM at fs time now; 1 if it went. */
static int to_dram_one(struct partition *p, uint64_t now)
{
    const struct cache_out *m = cache_out_front(&p->l2);
    if (!m || !dram_can_accept(p->dram))
        return 0;
    struct dram_addr d;
    addrmap_decode(p->map, addrmap_global(p->map, p->chan, m->addr), &d);
    int is_write = m->kind != CACHE_OUT_READ;
    dram_at(p->dram, dram_cycle_at(p, now));
    dram_push(p->dram, d.bank, d.row,
              is_write ? sector_bytes(p, m->sectors) : read_bytes(p, m->sectors), is_write,
              m->addr | (uint64_t)p->sub << PART_SUB_SHIFT, m->sectors);
    cache_out_pop(&p->l2);
    return 1;
}

void partition_l2_settle(struct partition *p, uint64_t k)
{
    if (!p->blocked || k <= p->blocked_at)
        return;
    uint64_t n = k - p->blocked_at;
    p->l2.st.res_fail[0] += n;
    p->l2.st.res_fail[p->blocked_why] += n;
    p->blocked_at = k;
}

void partition_l2_cycle(struct partition *p, uint64_t k, struct mem_slot *slots)
{
    uint64_t now = k * p->l2_period;
    const struct tq_item *it;
    int moved = 0;
    if (p->blocked) { /* the cycles since the failure failed alike; this one retries */
        partition_l2_settle(p, k - 1);
        p->blocked = 0;
        p->l2_dirty = 1;
    }
    for (uint32_t i = 0; i < p->ports && fill_one(p, now, slots); i++)
        moved = 1;
    while ((it = tq_ready(&p->hit, now)) && tq_room(&p->out) > fill_reserve(p, now)) {
        answer(p, now, slots, it->a);
        tq_pop(&p->hit);
        moved = 1;
    }
    for (uint32_t i = 0; i < p->ports && lookup_one(p, now, slots); i++)
        moved = 1;
    int sent = 0;
    for (uint32_t i = 0; i < p->ports && to_dram_one(p, now); i++)
        moved = sent = 1;
    if (sent)
        p->blocked = 0; /* the miss queue changed after the failure: retry next cycle */
    if (moved)
        p->l2_dirty = 1; /* a failed lookup changes nothing partition_l2_next sees */
}

/* L2 cycle at or after fs time t, and not before k0. */
static uint64_t l2_cycle_at(const struct partition *p, uint64_t t, uint64_t k0)
{
    uint64_t k = (t + p->l2_period - 1) / p->l2_period;
    return k > k0 ? k : k0;
}

/* The earliest L2 cycle with work, not clamped to the present. Exact except
 * that hits are assumed free to drain (a fill's reserve can only hold them
 * back while that fill waits for room, and then this is merely early). */
uint64_t partition_l2_next_raw(const struct partition *p)
{
    uint64_t k = PART_NEVER, c;
    const struct tq_item *it;
    if (cache_out_front(&p->l2) && dram_can_accept(p->dram))
        return 0;
    if ((it = tq_head(&p->ret)) && tq_room(&p->out) >= fill_needs(p, it))
        k = l2_cycle_at(p, it->ready, 0);
    if ((it = tq_head(&p->hit)) && tq_room(&p->out) && (c = l2_cycle_at(p, it->ready, 0)) < k)
        k = c;
    if (!p->blocked && (it = tq_head(&p->in)) && tq_room(&p->hit) &&
        (c = l2_cycle_at(p, it->ready, 0)) < k)
        k = c;
    return k;
}

int partition_register_stats(struct partition *p, struct stats *s)
{
    char prefix[32];
    snprintf(prefix, sizeof prefix, "l2_p%u", p->id);
    return cache_register_stats(&p->l2, s, prefix);
}

int partition_register_bypassed(struct partition *p, struct stats *s)
{
    snprintf(p->stat_name, sizeof p->stat_name, "l2_p%u.bypassed", p->id);
    return stats_register(s, p->stat_name, &p->bypassed, "requests sent around the L2 (bypass_l2)");
}
