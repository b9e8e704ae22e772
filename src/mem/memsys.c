#include "mem/memsys.h"
#include "gpu/stats.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NO_SLOT UINT32_MAX

static uint64_t period_fs(double mhz)
{
    return (uint64_t)(1e9 / mhz + 0.5);
}

static uint64_t min64(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

static uint64_t max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

static inline void bit_mark(uint64_t *m, uint32_t p)
{
    m[p / 64] |= 1ull << (p % 64);
}

/* Bit word w of n items all set. */
static inline uint64_t all_bits(uint32_t n, uint32_t w)
{
    return n - w * 64 >= 64 ? ~0ull : (1ull << (n - w * 64)) - 1;
}

/* Bit words of every partition (the exhaustive mode), or of the mask. */
static inline uint64_t part_bits(const struct memsys *m, const uint64_t *mask, uint32_t w)
{
    return m->exhaustive ? all_bits(m->nparts, w) : mask[w];
}

/* The same for the channels. */
static inline uint64_t chan_bits(const struct memsys *m, const uint64_t *mask, uint32_t w)
{
    return m->exhaustive ? all_bits(m->cfg.n_part, w) : mask[w];
}

/* First tick of a domain with period p at or after fs time t. */
static uint64_t tick_at(uint64_t t, uint64_t p)
{
    return (t + p - 1) / p;
}

int memsys_init(struct memsys *m, const struct memsys_config *cfg, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    m->cfg = *cfg;
    if (!cfg->n_sm || !cfg->n_part || cfg->n_sm > 65535) {
        snprintf(err, errlen, "memsys: need 1..65535 SMs and at least one partition");
        return -1;
    }
    if (!(cfg->core_mhz >= 1 && cfg->icnt_mhz >= 1 && cfg->l2_mhz >= 1 && cfg->dram_mhz >= 1 &&
          cfg->core_mhz <= 1e6 && cfg->icnt_mhz <= 1e6 && cfg->l2_mhz <= 1e6 && cfg->dram_mhz <= 1e6)) {
        snprintf(err, errlen, "memsys: every clock (core, icnt, L2, DRAM) must be 1..1e6 MHz");
        return -1;
    }
    if (cfg->l2.disabled) {
        snprintf(err, errlen, "memsys: the L2 cannot be 'none'");
        return -1;
    }
    m->pc = period_fs(cfg->core_mhz);
    m->pi = period_fs(cfg->icnt_mhz);
    m->pl = period_fs(cfg->l2_mhz);
    m->pd = period_fs(cfg->dram_mhz);
    if (addrmap_init(&m->map, cfg->addr_map, cfg->n_part, cfg->dram.nbanks, err, errlen))
        return -1;
    /* (a geometry the hash is not modelled for keeps the consecutive mapping) */
    if (addrmap_set_indexing(&m->map, cfg->part_indexing, cfg->part_ports ? cfg->part_ports : 1,
                             err, errlen) < 0)
        return -1;
    if (cfg->icnt_in_flits && cfg->flit_bytes) {
        /* the largest packet (a line of data) must fit both ends, or it
         * could never be sent (booksim would wait as long) */
        uint32_t big = (cfg->ctrl_bytes + cfg->l2.line_size + cfg->flit_bytes - 1) / cfg->flit_bytes;
        if (cfg->icnt_in_flits < big || cfg->icnt_out_flits < big) {
            snprintf(err, errlen,
                     "interconnect: a %u-byte line is %u flits; icnt_input_buffer_size (%u) and "
                     "the destination's ejection + boundary buffers (%u) must hold it",
                     cfg->l2.line_size, big, cfg->icnt_in_flits, cfg->icnt_out_flits);
            return -1;
        }
    }
    m->cpp = cfg->cluster_ports && cfg->cluster_size > 1 ? cfg->cluster_size : 1;
    uint32_t nports = (cfg->n_sm + m->cpp - 1) / m->cpp;
    /* the sub-partitions: GPGPU-Sim's n_sub_partition_per_mchannel, each
     * its own L2 slice, queues and crossbar node (channel.h) */
    m->nsub = cfg->part_ports > 1 ? cfg->part_ports : 1;
    if (m->nsub > PART_SUB_MAX + 1 || cfg->l2.nsets % m->nsub) {
        snprintf(err, errlen, "memsys: %u L2 sets per partition do not split over %u "
                              "sub-partitions (at most %llu)", cfg->l2.nsets, m->nsub,
                 PART_SUB_MAX + 1);
        return -1;
    }
    m->nparts = cfg->n_part * m->nsub;
    struct icnt_config req = {
        .n_in = nports, .n_out = m->nparts, .latency = cfg->icnt_latency,
        .flit_bytes = cfg->flit_bytes, .flits_per_cycle = cfg->flits_per_cycle,
        .in_buf = cfg->icnt_in_buf, .out_buf = cfg->icnt_out_buf,
        .src_flits_per_cycle = 0, .dst_flits_per_cycle = 0,
        .in_flits = cfg->icnt_in_flits, .vc_flits = cfg->icnt_vc_flits,
        .out_flits = cfg->icnt_out_flits, .alloc_delay = cfg->icnt_alloc_delay,
        .islip = cfg->icnt_islip,
    };
    struct icnt_config rep = req;
    req.arb_shift = cfg->icnt_req_arb_shift;
    req.release_delay = cfg->icnt_req_release_delay;
    rep.release_delay = cfg->icnt_rep_release_delay;
    rep.n_in = m->nparts;
    rep.n_out = nports;
    if (cfg->cluster_ports && !(m->port_pop = calloc(nports, sizeof *m->port_pop))) {
        snprintf(err, errlen, "memsys: out of memory");
        goto fail;
    }
    if (icnt_init(&m->req, &req, err, errlen) || icnt_init(&m->rep, &rep, err, errlen))
        goto fail;
    m->part = calloc(m->nparts, sizeof *m->part);
    m->chan = calloc(cfg->n_part, sizeof *m->chan);
    m->part_words = (m->nparts + 63) / 64;
    m->chan_words = (cfg->n_part + 63) / 64;
    m->outq = calloc(m->part_words, sizeof *m->outq);
    m->req_blocked = calloc(m->part_words, sizeof *m->req_blocked);
    m->l2_active = calloc(m->part_words, sizeof *m->l2_active);
    m->dram_active = calloc(m->chan_words, sizeof *m->dram_active);
    if (!m->part || !m->chan || !m->outq || !m->req_blocked || !m->l2_active || !m->dram_active) {
        snprintf(err, errlen, "memsys: out of memory");
        goto fail;
    }
    /* with GPGPU-Sim's acceptance the ROP delay holds what one request per
     * interconnect cycle brings in during it */
    double rop_cap = cfg->l2_accept_room
                         ? cfg->l2_in_queue + 2.0 + cfg->rop_latency * cfg->icnt_mhz / cfg->core_mhz
                         : 0;
    if (rop_cap > 1e7) {
        snprintf(err, errlen, "memsys: the ROP delay would hold %.0f requests per partition "
                              "(gpgpu_l2_rop_latency x interconnect/core clock): too many", rop_cap);
        goto fail;
    }
    /* a slice's set index leaves out the sub-partition's bits */
    struct cache_config slice = cfg->l2;
    slice.nsets /= m->nsub;
    slice.index_drop = m->nsub > 1 ? addrmap_sub_bits(&m->map, m->nsub) : 0;
    uint32_t ports = cfg->l2_ports / m->nsub > 1 ? cfg->l2_ports / m->nsub : 1;
    for (uint32_t c = 0; c < cfg->n_part; c++) {
        if (channel_init(&m->chan[c], c, &cfg->dram, m->pd,
                         (uint64_t)cfg->dram_latency * m->pc, &m->part[c * m->nsub], m->nsub, err,
                         errlen))
            goto fail;
        bit_mark(m->dram_active, c);
    }
    for (uint32_t i = 0; i < m->nparts; i++) {
        struct partition_config pc = {
            .id = i, .chan = i / m->nsub, .sub = i % m->nsub, .dram = &m->chan[i / m->nsub].dram,
            .l2_period = m->pl, .dram_period = m->pd, .core_period = m->pc,
            .l2_latency = cfg->l2_latency,
            .rop_latency = cfg->rop_latency, .dram_latency = cfg->dram_latency,
            .in_queue = cfg->l2_in_queue, .out_queue = cfg->l2_out_queue,
            .l2_ports = ports, .l2 = slice,
            .accept_room = cfg->l2_accept_room, .in_cap = (uint32_t)rop_cap,
        };
        if (partition_init(&m->part[i], &pc, &m->map, err, errlen))
            goto fail;
        m->part[i].retry_skip = m->part[i].l2.victim_pure;
        bit_mark(m->l2_active, i);
    }
    m->free_slot = NO_SLOT;
    m->dense_ticks = MEMSYS_DENSE_TICKS;
    m->due_dirty = 1;
    m->l2_stale = 1;
    m->dram_stale = 1;
    m->icnt_stale = 1;
    return 0;
fail:
    memsys_free(m);
    return -1;
}

void memsys_free(struct memsys *m)
{
    for (uint32_t i = 0; m->part && i < m->nparts; i++)
        partition_free(&m->part[i]);
    for (uint32_t c = 0; m->chan && c < m->cfg.n_part; c++)
        channel_free(&m->chan[c]);
    free(m->part);
    free(m->chan);
    free(m->outq);
    free(m->req_blocked);
    free(m->l2_active);
    free(m->dram_active);
    icnt_free(&m->req);
    icnt_free(&m->rep);
    free(m->port_pop);
    free(m->slots);
    memset(m, 0, sizeof *m);
}

static uint32_t slot_alloc(struct memsys *m)
{
    if (m->free_slot == NO_SLOT) {
        uint32_t n = m->nslots ? m->nslots * 2 : 256;
        struct mem_slot *s = realloc(m->slots, n * sizeof *s);
        if (!s)
            return NO_SLOT;
        for (uint32_t i = m->nslots; i < n; i++) {
            s[i].used = 0;
            s[i].next_free = i + 1 < n ? i + 1 : NO_SLOT;
        }
        m->slots = s;
        m->free_slot = m->nslots;
        m->nslots = n;
    }
    uint32_t i = m->free_slot;
    m->free_slot = m->slots[i].next_free;
    m->slots[i].used = 1;
    m->live++;
    return i;
}

static void slot_release(struct memsys *m, uint32_t i)
{
    m->slots[i].used = 0;
    m->slots[i].next_free = m->free_slot;
    m->free_slot = i;
    m->live--;
}

/* The sub-partition of a global address; d gets its channel and local
 * address. GPGPU-Sim's sub-partition: the low bits of the DRAM bank, or
 * the I-Poly hash's. */
static uint32_t part_of(const struct memsys *m, uint64_t addr, struct dram_addr *d)
{
    uint32_t sub = 0;
    if (m->nsub > 1 && m->map.hash != ADDRMAP_IPOLY) {
        addrmap_decode(&m->map, addr, d); /* (its chan and local are locate's) */
        sub = d->bank % m->nsub;
    } else {
        addrmap_locate(&m->map, addr, d);
        if (m->map.hash == ADDRMAP_IPOLY)
            sub = d->sub % m->nsub;
    }
    return d->chan * m->nsub + sub;
}

/* The sectors of cache c that the request's chunks cover, from address
 * base (the request's own address in c's address space). */
static uint8_t chunk_sectors(const struct cache *c, uint64_t base, const struct mem_request *r)
{
    uint8_t mask = 0;
    uint32_t chunk = 1u << r->sector_log2;
    for (uint32_t k = 0; k < 8; k++)
        if (r->sectors >> k & 1)
            mask |= cache_sector_mask(c, base + (uint64_t)k * chunk, chunk);
    return mask;
}

int memsys_push(struct memsys *m, uint64_t now, const struct mem_request *req)
{
    if (now < m->core_now) {
        snprintf(m->err, sizeof m->err, "memsys: push at cycle %llu, already at cycle %llu",
                 (unsigned long long)now, (unsigned long long)m->core_now);
        return -2;
    }
    if (now > m->core_now)
        memsys_advance(m, now); /* keep time causal whatever the caller did */
    if (req->sm >= m->cfg.n_sm) {
        snprintf(m->err, sizeof m->err, "memsys: request from SM %u, only %u ports", req->sm,
                 m->cfg.n_sm);
        return -2;
    }
    uint32_t line = m->cfg.l2.line_size;
    uint64_t off = req->addr & (line - 1);
    if (off + req->bytes > line) {
        snprintf(m->err, sizeof m->err,
                 "memsys: request at 0x%llx for %u bytes crosses a %u-byte L2 line",
                 (unsigned long long)req->addr, req->bytes, line);
        return -2;
    }
    uint32_t bytes = m->cfg.ctrl_bytes + (req->is_write ? mem_request_data_bytes(req, line) : 0);
    if (!icnt_can_push_bytes(&m->req, memsys_port(m, req->sm), bytes))
        return -1;
    uint32_t i = slot_alloc(m);
    if (i == NO_SLOT) {
        snprintf(m->err, sizeof m->err, "memsys: out of memory");
        return -2;
    }
    struct mem_slot *s = &m->slots[i];
    struct dram_addr d;
    uint32_t p = part_of(m, req->addr, &d);
    s->r = *req;
    s->r.issue_cycle = now;
    s->r.done_cycle = 0;
    s->r.l2_hit = 1; /* until a lookup of it misses or it bypasses the L2 */
    s->part = p;
    s->local = d.local;
    s->sectors = req->sectors ? chunk_sectors(&m->part[p].l2, d.local, req)
                              : cache_sector_mask(&m->part[p].l2, d.local, req->bytes ? req->bytes : line);
    s->pending = (uint8_t)partition_entries(&m->part[p], s);
    icnt_push(&m->req, memsys_port(m, req->sm), p, bytes, i);
    m->due_dirty = 1;
    m->icnt_stale = 1;
    if (req->is_write)
        m->st.writes++;
    else
        m->st.reads++;
    return 0;
}


/* Bytes of the reply to a request: read data or a write acknowledgement.
 * A request split into sector requests (partition.h sector_split) is
 * answered as GPGPU-Sim answers each sector, a packet of its own (a write's
 * acknowledgement too), here one packet of as many flits as theirs. */
static uint32_t reply_bytes(const struct memsys *m, const struct mem_slot *s)
{
    if (m->part[s->part].sector_split) {
        uint32_t f = m->cfg.flit_bytes;
        uint32_t one = m->cfg.ctrl_bytes + (s->r.is_write ? 0 : m->cfg.l2.sector_size);
        return (uint32_t)__builtin_popcount(s->sectors) * ((one + f - 1) / f) * f;
    }
    uint32_t data = s->r.is_write ? 0 : mem_request_data_bytes(&s->r, m->cfg.l2.line_size);
    return m->cfg.ctrl_bytes + data;
}

/* Whether a crossbar holds a packet (waiting to start, or arrived or on
 * its way at a destination). */
static int icnt_holds(const struct icnt *n)
{
    if (n->n_waiting)
        return 1;
    for (uint32_t w = 0; w < n->out_words; w++)
        if (n->out_busy[w])
            return 1;
    return 0;
}

/* Partition p's part of interconnect cycle k (at fs time now): requests
 * that arrived for it enter it, replies ready in its output queue enter the
 * reply crossbar. */
static inline void icnt_tick_partition(struct memsys *m, uint32_t p, uint64_t k, uint64_t now)
{
    struct partition *pt = &m->part[p];
    uint64_t slot;
    int can = 1;
    for (uint32_t took = 0; icnt_peek(&m->req, p, k, &slot) &&
                            (can = partition_can_accept(pt, now, partition_entries(pt, &m->slots[slot])));) {
        partition_accept(pt, now, (uint32_t)slot, &m->slots[slot]);
        icnt_pop_at(&m->req, p, k);
        m->l2_stale = 1;
        bit_mark(m->l2_active, p);
        if (pt->accept_room && ++took == 1)
            break; /* GPGPU-Sim: one pop per cycle */
    }
    /* an arrived request the partition cannot take waits for its input
     * queue to drain (an L2 cycle's lookup: nothing else makes room) */
    if (!can && icnt_has_arrived(&m->req, p, k))
        m->req_blocked[p / 64] |= 1ull << (p % 64);
    const struct tq_item *it;
    while ((it = tq_ready(&pt->out, now)) &&
           icnt_can_push_bytes(&m->rep, p,
                               reply_bytes(m, &m->slots[it->a]))) {
        const struct mem_slot *s = &m->slots[it->a];
        icnt_push(&m->rep, p, memsys_port(m, s->r.sm), reply_bytes(m, s), it->a);
        partition_out_pop(pt);
        m->l2_stale = 1;
        bit_mark(m->l2_active, p);
        if (!pt->out.count)
            m->outq[p / 64] &= ~(1ull << (p % 64));
    }
}

/* Interconnect cycle k: arrivals to partitions, replies into the network,
 * then the crossbars arbitrate. Only the partitions with a packet at their
 * request-crossbar port or a reply queued have anything to do (in order, as
 * each touches only its own port, queues and reply source); the exhaustive
 * mode (tests) visits every partition. */
static void icnt_tick(struct memsys *m, uint64_t k)
{
    uint64_t now = k * m->pi;
    m->icnt_stale = 1;
    const uint64_t *arrived = icnt_out_busy(&m->req);
    for (uint32_t w = 0; w < m->part_words; w++) {
        uint64_t b = arrived[w] | m->outq[w];
        if (m->exhaustive) /* every partition of the word */
            b = all_bits(m->nparts, w);
        for (; b; b &= b - 1)
            icnt_tick_partition(m, w * 64 + (uint32_t)__builtin_ctzll(b), k, now);
    }
    icnt_cycle(&m->req, k);
    icnt_cycle(&m->rep, k);
}

/* The next interconnect cycle >= k0 with work. */
static uint64_t icnt_next_search(struct memsys *m, uint64_t k0)
{
    /* arrived packets count as due now, so arrivals held up by a full
     * partition input are retried every cycle */
    uint64_t k = icnt_next_start(&m->req, k0);
    const uint64_t *busy = icnt_out_busy(&m->req);
    for (uint32_t w = 0; w < m->part_words; w++)
        for (uint64_t b = busy[w] & ~m->req_blocked[w]; b && k > k0; b &= b - 1) {
            uint64_t t = icnt_head_ready(&m->req, w * 64 + (uint32_t)__builtin_ctzll(b));
            k = min64(k, t > k0 ? t : k0);
        }
    if (k > k0) /* (neither answer is below k0) */
        k = min64(k, icnt_next_event(&m->rep, k0));
    for (uint32_t w = 0; w < m->part_words; w++)
        for (uint64_t b = m->outq[w]; b && k > k0; b &= b - 1) {
            uint32_t p = w * 64 + (uint32_t)__builtin_ctzll(b);
            const struct tq_item *it = tq_head(&m->part[p].out);
            if (icnt_can_push_bytes(&m->rep, p,
                                    reply_bytes(m, &m->slots[it->a]))) {
                uint64_t t = tick_at(it->ready, m->pi);
                k = min64(k, t > k0 ? t : k0);
            }
        }
    return k;
}

/* icnt_next_search, kept until the interconnect or what it looks at
 * changes (icnt_stale). k0 is always the next unprocessed interconnect
 * tick, which never decreases: an answer clamped to an earlier k0 is
 * still right clamped to a later one. */
static inline uint64_t icnt_next(struct memsys *m, uint64_t k0)
{
    if (m->icnt_stale) {
        m->icnt_raw = icnt_next_search(m, k0);
        m->icnt_stale = 0;
    }
    return max64(m->icnt_raw, k0); /* (NEVER stays NEVER) */
}

static uint64_t at(uint64_t tick, uint64_t period);

/* The earliest L2 cycle with work in any partition (l2_raw), found again
 * after one of them changed. */
static void l2_refresh(struct memsys *m)
{
    uint64_t k = MEMSYS_NEVER;
    for (uint32_t w = 0; w < m->part_words; w++)
        for (uint64_t b = m->l2_active[w]; b; b &= b - 1) {
            uint32_t p = w * 64 + (uint32_t)__builtin_ctzll(b);
            uint64_t kp = partition_l2_next(&m->part[p], 0);
            if (kp == PART_NEVER)
                m->l2_active[w] &= ~(1ull << (p % 64));
            k = min64(k, kp);
        }
    m->l2_raw = k;
    m->l2_raw_fs = at(k, m->pl);
    m->l2_stale = 0;
}

/* The next L2 cycle >= k0 with work in any partition; the minimum over the
 * partitions is kept until one of them changes. */
static inline uint64_t l2_next(struct memsys *m, uint64_t k0)
{
    if (m->l2_stale)
        l2_refresh(m);
    return max64(m->l2_raw, k0); /* (NEVER stays NEVER) */
}

/* The earliest DRAM cycle with work in any channel (dram_raw), found
 * again after one of them changed. */
static void dram_refresh(struct memsys *m)
{
    uint64_t j = MEMSYS_NEVER;
    for (uint32_t w = 0; w < m->chan_words; w++)
        for (uint64_t b = m->dram_active[w]; b; b &= b - 1) {
            uint32_t c = w * 64 + (uint32_t)__builtin_ctzll(b);
            struct mem_channel *ch = &m->chan[c];
            if (ch->stale) {
                ch->raw = channel_next(ch, 0);
                ch->stale = 0;
            }
            if (ch->raw == PART_NEVER)
                m->dram_active[w] &= ~(1ull << (c % 64));
            j = min64(j, ch->raw);
        }
    m->dram_raw = j;
    m->dram_raw_fs = at(j, m->pd);
    m->dram_stale = 0;
}

/* The next DRAM cycle >= j0 with work: the minimum over the channels of
 * their next command or oldest read's completion, kept until one changes
 * (each channel's kept until it changes). (A completed read held up by a
 * full return queue keeps this at j0; the ticks it causes change nothing.) */
static inline uint64_t dram_next(struct memsys *m, uint64_t j0)
{
    if (m->dram_stale)
        dram_refresh(m);
    return max64(m->dram_raw, j0);
}

/* fs time of a tick; NEVER for NEVER (or a time past 2^64 fs, 5 hours).
 * The bound is checked without a division: periods are below 2^30 fs, so
 * ticks below 2^34 are always safe. */
static uint64_t at(uint64_t tick, uint64_t period)
{
    if (tick < (1ull << 34))
        return tick * period;
    if (tick == MEMSYS_NEVER) /* the usual far tick: no division */
        return MEMSYS_NEVER;
    return tick > MEMSYS_NEVER / period ? MEMSYS_NEVER : tick * period;
}

/* fs time of the next event of any domain (from the next unprocessed ticks),
 * or an earlier time: an advance to a time with nothing due changes nothing
 * (memsys_advance), so an early answer costs a visit, never a result. */
static uint64_t next_event_fs(struct memsys *m)
{
    /* the interconnect's next event is not before its next tick: when the
     * L2 or the DRAM has something by then, it need not be looked for */
    uint64_t t = min64(at(l2_next(m, m->nl), m->pl), at(dram_next(m, m->nd), m->pd));
    uint64_t ti = m->fi;
    if (t <= ti)
        return t;
    return min64(at(icnt_next(m, m->ni), m->pi), t);
}

/* After a tick of domain `ord` at fs time t, no domain may run a tick that
 * comes earlier in (time, domain order): interconnect 0, L2 1, DRAM 2. */
static uint64_t first_after(uint64_t t, int ord, uint64_t period, int my_ord)
{
    return my_ord > ord ? tick_at(t, period) : t / period + 1;
}

/* Domain tick n (at fs time f = n x period) moved to the first tick that
 * comes after (t, ord); it is not yet. Usually a step or two from where it
 * is: divide only for long jumps. */
static void bump(uint64_t *n, uint64_t *f, uint64_t t, int ord, uint64_t period, int my_ord)
{
    uint64_t k = *n, fk = *f;
    for (int i = 0; i < 3; i++) {
        k++;
        fk += period;
        if (my_ord > ord ? fk >= t : fk > t) {
            *n = k;
            *f = fk;
            return;
        }
    }
    k = first_after(t, ord, period, my_ord);
    if (k > *n) {
        *n = k;
        *f = at(k, period);
    }
}

/* bump, without a call when the domain is already past t */
#define BUMP(n, f, t, ord, period, my_ord)                                                    \
    do {                                                                                      \
        if ((my_ord) > (ord) ? *(f) < (t) : *(f) <= (t))                                      \
            bump(n, f, t, ord, period, my_ord);                                               \
    } while (0)

static inline void pass(struct memsys *m, uint64_t t, int ord)
{
    BUMP(&m->ni, &m->fi, t, ord, m->pi, 0);
    BUMP(&m->nl, &m->fl, t, ord, m->pl, 1);
    BUMP(&m->nd, &m->fd, t, ord, m->pd, 2);
}

/* The skipped L2 retries (partition.h retry_skip) counted up to L2 cycle k. */
static void settle_all(struct memsys *m, uint64_t k)
{
    for (uint32_t p = 0; p < m->nparts; p++)
        partition_l2_settle(&m->part[p], k);
}

/* The last L2 cycle at or before the time advanced to. */
static uint64_t l2_cycle_now(const struct memsys *m)
{
    return m->core_now * m->pc / m->pl;
}

/* Something outside the L2's cycles changed it or how it is watched: a
 * blocked head is retried at the next cycle. */
static void unblock_all(struct memsys *m)
{
    settle_all(m, l2_cycle_now(m));
    for (uint32_t p = 0; p < m->nparts; p++)
        if (m->part[p].blocked) {
            m->part[p].blocked = 0;
            m->part[p].l2_dirty = 1;
            m->l2_stale = 1;
            bit_mark(m->l2_active, p);
            m->due_dirty = 1;
        }
}

void memsys_advance(struct memsys *m, uint64_t now)
{
    uint64_t end = now * m->pc;
    if (!m->due_dirty && m->due > end && !m->exhaustive)
        goto done; /* nothing due: no need to look */
    /* A short advance (the usual one: the GPU loop advances a core cycle at
     * a time while requests are in flight) steps through every tick up to
     * end instead of finding each next event first: a tick with nothing to
     * do changes nothing (the interconnect moves only arrived packets and
     * ready replies, a crossbar starts nothing before its next start, and
     * partitions with nothing due are passed over below), and in a busy
     * memory system nearly every tick has work, so finding the next event
     * after each tick costs more than the ticks it would skip. The next
     * event is found when it is asked for (memsys_next_event). */
    const int dense = !m->exhaustive && m->dense_ticks &&
                      end < m->fi + (uint64_t)m->dense_ticks * m->pi;
    int worked = 0; /* a partition cycled */
    for (;;) {
        uint64_t ki, kl, kd, ti, tl, td;
        if (dense) {
            /* each domain skips to its kept next event where one is kept
             * (icnt_next's, l2_next's and dram_next's answer without their
             * refresh), else steps to its next tick */
            if (!m->icnt_stale && m->icnt_raw > m->ni)
                ki = m->icnt_raw, ti = at(ki, m->pi);
            else
                ki = m->ni, ti = m->fi;
            if (!m->l2_stale && m->l2_raw > m->nl)
                kl = m->l2_raw, tl = m->l2_raw_fs;
            else
                kl = m->nl, tl = m->fl;
            if (!m->dram_stale && m->dram_raw > m->nd)
                kd = m->dram_raw, td = m->dram_raw_fs;
            else
                kd = m->nd, td = m->fd;
        } else {
            if (m->exhaustive)
                ki = m->ni, kl = m->nl, kd = m->nd;
            else
                ki = icnt_next(m, m->ni), kl = l2_next(m, m->nl), kd = dram_next(m, m->nd);
            ti = at(ki, m->pi), tl = at(kl, m->pl), td = at(kd, m->pd);
        }
        uint64_t t = min64(ti, min64(tl, td));
        if (t > end) {
            /* stepping through every tick, the next event is left for
             * memsys_next_event (requests pushed and replies taken before
             * it is asked would make it stale anyway), unless no
             * partition cycled and the crossbars are empty: then it is
             * likely far, and found now so that the advances before it
             * return at once */
            int later = dense && (worked || icnt_holds(&m->req) || icnt_holds(&m->rep));
            m->due = dense && !later ? next_event_fs(m) : t;
            m->due_dirty = later;
            break;
        }
        /* equal times: interconnect, then L2, then DRAM (only these two
         * change the partitions' counters) */
        /* A partition whose own next event is later than the tick is
         * passed over: its cycle would change nothing (partition_l2_next and
         * partition_dram_next say when the first thing can happen; both are
         * current here, l2_next and dram_next having just refreshed what
         * changed). The exhaustive mode (tests) cycles every partition. */
        if (ti == t) {
            icnt_tick(m, ki);
            pass(m, t, 0);
        } else if (tl == t) {
            for (uint32_t w = 0; w < m->part_words; w++)
            for (uint64_t b = part_bits(m, m->l2_active, w); b; b &= b - 1) {
                uint32_t p = w * 64 + (uint32_t)__builtin_ctzll(b);
                struct partition *pt = &m->part[p];
                if (!m->exhaustive && partition_l2_next(pt, 0) > kl)
                    continue;
                uint32_t nq = pt->dram->nq, nin = pt->in.count, nout = pt->out.count;
                worked = 1;
                partition_l2_cycle(pt, kl, m->slots);
                if (pt->in.count != nin)
                    m->req_blocked[p / 64] &= ~(1ull << (p % 64));
                if (pt->in.count != nin || pt->out.count != nout)
                    m->icnt_stale = 1;
                if (pt->out.count)
                    m->outq[p / 64] |= 1ull << (p % 64);
                m->l2_stale |= pt->l2_dirty;
                /* the DRAM's next event (partition_dram_next) changes with
                 * a request queued, nothing else an L2 cycle does */
                if (pt->dram->nq != nq || pt->dram->cmd_dirty) {
                    m->chan[pt->chan].stale = m->dram_stale = 1;
                    bit_mark(m->dram_active, pt->chan);
                }
            }
            pass(m, t, 1);
        } else {
            for (uint32_t w = 0; w < m->chan_words; w++)
            for (uint64_t b = chan_bits(m, m->dram_active, w); b; b &= b - 1) {
                uint32_t c = w * 64 + (uint32_t)__builtin_ctzll(b);
                struct mem_channel *ch = &m->chan[c];
                if (!m->exhaustive) {
                    if (ch->stale) { /* (stepping through every tick) */
                        ch->raw = channel_next(ch, 0);
                        ch->stale = 0;
                    }
                    if (ch->raw > kd)
                        continue;
                }
                worked = 1;
                channel_cycle(ch, kd);
                int dirty = 0;
                for (uint32_t i = 0; i < ch->nsub; i++)
                    if (ch->sub[i].l2_dirty) {
                        dirty = m->l2_stale = 1;
                        bit_mark(m->l2_active, c * m->nsub + i);
                    }
                if (dirty | ch->dram.cmd_dirty)
                    ch->stale = m->dram_stale = 1;
            }
            pass(m, t, 2);
        }
    }
done:
    /* requests pushed at `now` come after every tick up to `end` */
    pass(m, end, 2);
    m->core_now = now;
    m->rep_tick = end / m->pi;
}

int memsys_pop_response(struct memsys *m, uint32_t sm, uint64_t now, struct mem_request *out)
{
    uint64_t slot;
    if (now > m->core_now)
        memsys_advance(m, now);
    uint64_t k = now == m->core_now ? m->rep_tick : now * m->pc / m->pi;
    if (sm >= m->cfg.n_sm)
        return 0;
    uint32_t port = memsys_port(m, sm);
    if (m->port_pop && m->port_pop[port] == now + 1)
        return 0; /* this port's reply of this cycle is taken */
    if (!icnt_peek(&m->rep, port, k, &slot) || m->slots[slot].r.sm != sm)
        return 0;
    if (m->port_pop)
        m->port_pop[port] = now + 1;
    m->due_dirty = 1; /* a freed output slot may let a packet start */
    m->icnt_stale = 1;
    struct mem_slot *s = &m->slots[slot];
    /* the core cycle the reply became visible */
    uint64_t ready = m->rep.out[port].p[m->rep.out[port].head].ready;
    uint64_t vis = tick_at(ready * m->pi, m->pc);
    s->r.done_cycle = vis > s->r.issue_cycle ? vis : s->r.issue_cycle;
    if (!s->r.is_write) {
        m->st.read_latency += s->r.done_cycle - s->r.issue_cycle;
        m->st.l2_read_hits += s->r.l2_hit;
    }
    *out = s->r;
    icnt_pop_at(&m->rep, port, k);
    slot_release(m, (uint32_t)slot);
    return 1;
}

uint64_t memsys_next_event(struct memsys *m)
{
    uint64_t after = m->core_now + 1, t = m->due;
    if (m->due_dirty) {
        t = m->due = next_event_fs(m);
        m->due_dirty = 0;
    }
    if (t == MEMSYS_NEVER)
        return MEMSYS_NEVER;
    uint64_t c = tick_at(t, m->pc);
    return c > after ? c : after;
}

int memsys_idle(const struct memsys *m)
{
    return m->live == 0;
}

int memsys_register_stats(struct memsys *m, struct stats *s)
{
    const struct {
        const char *name;
        const uint64_t *v;
        const char *desc;
    } tab[] = {
        { "mem.reads", &m->st.reads, "read requests accepted from SMs" },
        { "mem.writes", &m->st.writes, "write requests accepted from SMs" },
        { "mem.l2_read_hits", &m->st.l2_read_hits, "read replies served by an L2 hit" },
        { "mem.read_latency", &m->st.read_latency, "sum of read latencies, core cycles" },
        { "icnt.req_flits", &m->req.st.flits, "flits on the request crossbar" },
        { "icnt.rep_flits", &m->rep.st.flits, "flits on the reply crossbar" },
        { "l2.accesses", &m->st.l2_accesses, "L2 accesses, all slices" },
        { "l2.hits", &m->st.l2_hits, "L2 hits, all slices" },
        { "l2.misses", &m->st.l2_misses, "L2 misses, all slices" },
        { "l2.res_fail", &m->st.l2_res_fail, "L2 reservation failures, all slices" },
        { "l2.writebacks", &m->st.l2_writebacks, "L2 dirty evictions, all slices" },
        { "dram.reads", &m->st.dram_reads, "DRAM reads, all channels" },
        { "dram.writes", &m->st.dram_writes, "DRAM writes, all channels" },
        { "dram.row_hits", &m->st.dram_row_hits, "DRAM row-buffer hits, all channels" },
        { "dram.activates", &m->st.dram_activates, "DRAM activates, all channels" },
        { "dram.busy_cycles", &m->st.dram_busy, "DRAM data-bus busy cycles, summed over channels" },
    };
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (stats_register(s, tab[i].name, tab[i].v, tab[i].desc))
            return -1;
    if (stats_register_ratio(s, "mem.avg_read_latency", "mem.read_latency", "mem.reads", 1.0) ||
        stats_register_ratio(s, "l2.miss_rate", "l2.misses", "l2.accesses", 1.0))
        return -1;
    /* by channel: its sub-partitions' L2, its DRAM, their bypass counts */
    for (uint32_t c = 0; c < m->cfg.n_part; c++) {
        struct partition *sub = m->chan[c].sub;
        for (uint32_t i = 0; i < m->nsub; i++)
            if (partition_register_stats(&sub[i], s))
                return -1;
        if (channel_register_stats(&m->chan[c], s))
            return -1;
        for (uint32_t i = 0; i < m->nsub; i++)
            if (partition_register_bypassed(&sub[i], s))
                return -1;
    }
    return 0;
}

void memsys_request_from_miss(const struct cache *l1, const struct cache_out *o, uint16_t sm,
                              struct mem_request *r)
{
    memset(r, 0, sizeof *r);
    mem_request_sectors(r, o->addr, o->sectors, (uint32_t)__builtin_ctz(l1->cfg.sector_size),
                        l1->nsectors);
    r->is_write = o->kind != CACHE_OUT_READ;
    r->sm = sm;
    r->warp = o->warp;
    r->id = o->token;
}

uint8_t memsys_reply_sectors(const struct cache *l1, const struct mem_request *r)
{
    if (r->sectors)
        return chunk_sectors(l1, r->addr, r);
    return cache_sector_mask(l1, r->addr, r->bytes ? r->bytes : l1->cfg.line_size);
}

/* L2 hooks see partition-local blocks; users get global ones. */
static uint64_t global_block(const struct partition *p, uint64_t block)
{
    const struct memsys *m = p->owner;
    return addrmap_global(&m->map, p->chan, block << p->l2.line_shift) >> p->l2.line_shift;
}

static void l2_access_hook(void *ctx, uint64_t block, int32_t warp, int is_write,
                           enum cache_outcome o, enum cache_fail f)
{
    const struct partition *p = ctx;
    const struct memsys *m = p->owner;
    m->l2_hooks.on_access(m->l2_hooks.ctx, global_block(p, block), warp, is_write, o, f);
}

static void l2_reserve_hook(void *ctx, uint64_t block, int32_t warp)
{
    const struct partition *p = ctx;
    const struct memsys *m = p->owner;
    m->l2_hooks.on_reserve(m->l2_hooks.ctx, global_block(p, block), warp);
}

static void l2_evict_hook(void *ctx, uint64_t block, int32_t warp)
{
    const struct partition *p = ctx;
    const struct memsys *m = p->owner;
    m->l2_hooks.on_evict(m->l2_hooks.ctx, global_block(p, block), warp);
}

void memsys_set_l2_hooks(struct memsys *m, const struct cache_hooks *hooks)
{
    if (hooks)
        m->l2_hooks = *hooks;
    else
        memset(&m->l2_hooks, 0, sizeof m->l2_hooks);
    unblock_all(m);
    for (uint32_t i = 0; i < m->nparts; i++) {
        struct partition *p = &m->part[i];
        struct cache_hooks h = {
            .ctx = p,
            .on_access = m->l2_hooks.on_access ? l2_access_hook : NULL,
            .on_reserve = m->l2_hooks.on_reserve ? l2_reserve_hook : NULL,
            .on_evict = m->l2_hooks.on_evict ? l2_evict_hook : NULL,
        };
        p->owner = m;
        cache_set_hooks(&p->l2, &h);
        p->retry_skip = p->l2.victim_pure && !h.on_access;
    }
}

void memsys_sync_stats(struct memsys *m)
{
    struct memsys_stats *t = &m->st;
    settle_all(m, l2_cycle_now(m));
    t->l2_accesses = t->l2_hits = t->l2_misses = t->l2_res_fail = t->l2_writebacks = 0;
    t->dram_reads = t->dram_writes = t->dram_row_hits = t->dram_activates = t->dram_busy = 0;
    for (uint32_t i = 0; i < m->nparts; i++) {
        const struct cache_stats *c = &m->part[i].l2.st;
        t->l2_accesses += c->accesses;
        t->l2_hits += c->hits;
        t->l2_misses += c->misses;
        t->l2_res_fail += c->res_fail[0];
        t->l2_writebacks += c->writebacks;
    }
    for (uint32_t i = 0; i < m->cfg.n_part; i++) {
        const struct dram_stats *d = &m->chan[i].dram.st;
        t->dram_reads += d->reads;
        t->dram_writes += d->writes;
        t->dram_row_hits += d->row_hits;
        t->dram_activates += d->activates;
        t->dram_busy += d->busy_cycles;
    }
}

void memsys_l2_preload(struct memsys *m, uint64_t addr, uint64_t bytes)
{
    unblock_all(m);
    for (uint64_t off = 0; off < bytes; off += 32) {
        struct dram_addr d;
        struct cache *c = &m->part[part_of(m, addr + off, &d)].l2;
        cache_preload(c, d.local, cache_sector_mask(c, d.local, 1));
    }
}

void memsys_dram_work(const struct memsys *m, uint64_t *scans, uint64_t *commands)
{
    *scans = *commands = 0;
    for (uint32_t c = 0; c < m->cfg.n_part; c++) {
        const struct dram *d = &m->chan[c].dram;
        *scans += d->scans;
        *commands += d->st.reads + d->st.writes + d->st.activates + d->st.precharges;
    }
}
