#include "mem/icnt.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fifo_init(struct icnt_fifo *f, uint32_t cap)
{
    f->p = calloc(cap, sizeof *f->p);
    f->cap = cap;
    return f->p ? 0 : -1;
}

static struct icnt_pkt *fifo_head(const struct icnt_fifo *f)
{
    return &f->p[f->head];
}

static void fifo_push(struct icnt_fifo *f, struct icnt_pkt p)
{
    f->p[(f->head + f->count) % f->cap] = p;
    f->count++;
}

static void fifo_pop(struct icnt_fifo *f)
{
    f->head = (f->head + 1) % f->cap;
    f->count--;
}

static void bit_set(uint64_t *m, uint32_t i)
{
    m[i / 64] |= 1ull << (i % 64);
}

static void bit_clear(uint64_t *m, uint32_t i)
{
    m[i / 64] &= ~(1ull << (i % 64));
}

/* Source s's head packet is for d (want_add), or no longer (want_drop). */
static void want_add(struct icnt *n, uint32_t d, uint32_t s)
{
    n->want[(size_t)d * n->in_words + s / 64] |= 1ull << (s % 64);
    n->dst_wanted[d / 64] |= 1ull << (d % 64);
}

/* The helpers below take the mask widths in words as arguments (iw =
 * in_words, ow = out_words): the callers pass constants when both are one
 * word (icnt.one_word: at most 64 sources and 64 destinations), so the
 * loops over words vanish, and the fields otherwise. */
#define ICNT_AI static inline __attribute__((always_inline))

ICNT_AI void want_drop(struct icnt *n, uint32_t d, uint32_t s, uint32_t iw)
{
    uint64_t *row = &n->want[(size_t)d * iw];
    row[s / 64] &= ~(1ull << (s % 64));
    for (uint32_t w = 0; w < iw; w++)
        if (row[w])
            return;
    n->dst_wanted[d / 64] &= ~(1ull << (d % 64));
}

/* The first set bit of m (words words) at or after i, or UINT32_MAX. */
static inline uint32_t bit_next(const uint64_t *m, uint32_t words, uint32_t i)
{
    uint32_t w = i / 64;
    if (w >= words)
        return UINT32_MAX;
    uint64_t b = m[w] & (~0ull << (i % 64));
    for (;;) {
        if (b)
            return w * 64 + (uint32_t)__builtin_ctzll(b);
        if (++w >= words)
            return UINT32_MAX;
        b = m[w];
    }
}

int icnt_init(struct icnt *n, const struct icnt_config *cfg, char *err, size_t errlen)
{
    memset(n, 0, sizeof *n);
    if (!cfg->n_in || !cfg->n_out || !cfg->latency || !cfg->flit_bytes || !cfg->flits_per_cycle ||
        !cfg->in_buf || !cfg->out_buf) {
        snprintf(err, errlen,
                 "interconnect: ports, latency, flit size, flits per cycle and buffers must be >= 1");
        return -1;
    }
    int router = cfg->in_flits > 0;
    if (router && (!cfg->out_flits || cfg->in_flits > 65536 || cfg->vc_flits > 65536 ||
                   cfg->out_flits > 65536 || cfg->alloc_delay > 1000)) {
        snprintf(err, errlen, "interconnect: router buffers must be 1..65536 flits (injection, "
                              "destination) and 0..65536 (input VC), allocation delay <= 1000");
        return -1;
    }
    n->cfg = *cfg;
    n->arb_base = (cfg->n_in - cfg->arb_shift % cfg->n_in) % cfg->n_in; /* (n_in >= 1) */
    if (!n->cfg.src_flits_per_cycle)
        n->cfg.src_flits_per_cycle = cfg->flits_per_cycle;
    if (!n->cfg.dst_flits_per_cycle)
        n->cfg.dst_flits_per_cycle = cfg->flits_per_cycle;
    n->start_dirty = n->arrive_dirty = 1;
    n->in = calloc(cfg->n_in, sizeof *n->in);
    n->out = calloc(cfg->n_out, sizeof *n->out);
    n->in_free = calloc(cfg->n_in, sizeof *n->in_free);
    n->out_free = calloc(cfg->n_out, sizeof *n->out_free);
    n->in_words = (cfg->n_in + 63) / 64;
    n->out_words = (cfg->n_out + 63) / 64;
    n->one_word = n->in_words == 1 && n->out_words == 1;
    n->in_busy = calloc(n->in_words, sizeof *n->in_busy);
    n->in_full = calloc(n->in_words, sizeof *n->in_full);
    n->in_started = calloc(n->in_words, sizeof *n->in_started);
    n->want = calloc((size_t)cfg->n_out * n->in_words, sizeof *n->want);
    n->dst_wanted = calloc(n->out_words, sizeof *n->dst_wanted);
    n->cand = calloc(n->in_words, sizeof *n->cand);
    n->out_busy = calloc(n->out_words, sizeof *n->out_busy);
    if (!n->in || !n->out || !n->in_free || !n->out_free || !n->in_busy || !n->out_busy ||
        !n->in_full || !n->in_started || !n->want || !n->dst_wanted || !n->cand)
        goto oom;
    if (router) {
        n->in_q = calloc(cfg->n_in, sizeof *n->in_q);
        n->out_q = calloc(cfg->n_out, sizeof *n->out_q);
        n->grant = calloc(cfg->n_out, sizeof *n->grant);
        if (!n->in_q || !n->out_q || !n->grant)
            goto oom;
    }
    /* router mode: every packet is at least one flit, so these bound the packets */
    uint32_t in_cap = router ? cfg->in_flits + cfg->vc_flits : cfg->in_buf;
    uint32_t out_cap = router ? cfg->out_flits : cfg->out_buf;
    for (uint32_t i = 0; i < cfg->n_in; i++)
        if (fifo_init(&n->in[i], in_cap))
            goto oom;
    for (uint32_t i = 0; i < cfg->n_out; i++)
        if (fifo_init(&n->out[i], out_cap))
            goto oom;
    if (cfg->release_delay) {
        n->held = calloc(cfg->n_out, sizeof *n->held);
        n->held_busy = calloc(n->out_words, sizeof *n->held_busy);
        if (!n->held || !n->held_busy)
            goto oom;
        for (uint32_t i = 0; i < cfg->n_out; i++) {
            n->held[i].until = calloc(out_cap, sizeof *n->held[i].until);
            n->held[i].flits = calloc(out_cap, sizeof *n->held[i].flits);
            if (!n->held[i].until || !n->held[i].flits)
                goto oom;
        }
    }
    return 0;
oom:
    snprintf(err, errlen, "interconnect: out of memory");
    icnt_free(n);
    return -1;
}

void icnt_free(struct icnt *n)
{
    for (uint32_t i = 0; n->in && i < n->cfg.n_in; i++)
        free(n->in[i].p);
    for (uint32_t i = 0; n->out && i < n->cfg.n_out; i++)
        free(n->out[i].p);
    for (uint32_t i = 0; n->held && i < n->cfg.n_out; i++) {
        free(n->held[i].until);
        free(n->held[i].flits);
    }
    free(n->held);
    free(n->held_busy);
    free(n->in);
    free(n->out);
    free(n->in_free);
    free(n->out_free);
    free(n->in_q);
    free(n->out_q);
    free(n->grant);
    free(n->in_busy);
    free(n->in_full);
    free(n->in_started);
    free(n->want);
    free(n->dst_wanted);
    free(n->cand);
    free(n->out_busy);
    memset(n, 0, sizeof *n);
}

/* Whether destination dst has room for a packet of `flits` flits. */
static inline int out_room(const struct icnt *n, uint32_t dst, uint32_t flits)
{
    const struct icnt_fifo *out = &n->out[dst];
    if (n->cfg.in_flits)
        return n->out_q[dst] + flits <= n->cfg.out_flits && out->count + out->held < out->cap;
    return out->count + out->held < out->cap;
}

/* The first cycle from which destination dst has room for a packet of
 * `flits` flits as far as its held slots go: 0 when it has room now, the
 * release that makes room, or ICNT_NEVER when only its consumer can. */
static uint64_t room_from(const struct icnt *n, uint32_t dst, uint32_t flits)
{
    if (out_room(n, dst, flits))
        return 0;
    if (!n->held)
        return ICNT_NEVER;
    const struct icnt_held *h = &n->held[dst];
    const struct icnt_fifo *out = &n->out[dst];
    uint32_t used = out->count + out->held, q = n->out_q ? n->out_q[dst] : 0;
    for (uint32_t i = 0; i < out->held; i++) {
        uint32_t j = (h->head + i) % out->cap;
        used--;
        q -= h->flits[j];
        if (used < out->cap && (!n->cfg.in_flits || q + flits <= n->cfg.out_flits))
            return h->until[j];
    }
    return ICNT_NEVER;
}

/* The held slots free by cycle now become free. */
static void release_held(struct icnt *n, uint64_t now)
{
    for (uint32_t w = 0; w < n->out_words; w++)
        for (uint64_t b = n->held_busy[w]; b; b &= b - 1) {
            uint32_t d = w * 64 + (uint32_t)__builtin_ctzll(b);
            struct icnt_held *h = &n->held[d];
            struct icnt_fifo *out = &n->out[d];
            while (out->held && h->until[h->head] <= now) {
                if (n->out_q)
                    n->out_q[d] -= h->flits[h->head];
                h->head = (h->head + 1) % out->cap;
                out->held--;
                n->start_dirty = 1;
            }
            if (!out->held)
                n->held_busy[w] &= ~(1ull << (d % 64));
        }
}

int icnt_push(struct icnt *n, uint32_t src, uint32_t dst, uint32_t bytes, uint64_t payload)
{
    if (src >= n->cfg.n_in || dst >= n->cfg.n_out || !icnt_can_push_bytes(n, src, bytes))
        return -1;
    uint32_t flits = icnt_flits(n, bytes);
    fifo_push(&n->in[src], (struct icnt_pkt){ payload, 0, dst, flits });
    bit_set(n->in_busy, src);
    if (n->in[src].count == 1)
        want_add(n, dst, src);
    if (!n->cfg.in_flits && n->in[src].count == n->in[src].cap)
        bit_set(n->in_full, src);
    n->n_waiting++;
    if (n->in_q)
        n->in_q[src] += flits;
    /* a new head may start earlier than anything else waiting */
    if (n->in[src].count == 1 && !n->start_dirty) {
        uint64_t ts = n->in_free[src] > n->out_free[dst] ? n->in_free[src] : n->out_free[dst];
        if (out_room(n, dst, flits)) {
            if (ts < n->ev_start)
                n->ev_start = ts;
        } else if (n->held) { /* not before the release that makes room */
            uint64_t r = room_from(n, dst, flits);
            if (r != ICNT_NEVER && (r > ts ? r : ts) < n->ev_start)
                n->ev_start = r > ts ? r : ts;
        }
    }
    return 0;
}

static uint32_t ser_cycles(uint32_t fpc, uint32_t flits)
{
    return (flits + fpc - 1) / fpc;
}

static void refresh_arrive(struct icnt *n)
{
    uint64_t a = ICNT_NEVER;
    for (uint32_t w = 0; w < n->out_words; w++)
        for (uint64_t b = n->out_busy[w]; b; b &= b - 1) {
            const struct icnt_fifo *out = &n->out[w * 64 + (uint32_t)__builtin_ctzll(b)];
            if (fifo_head(out)->ready < a)
                a = fifo_head(out)->ready;
        }
    n->ev_arrive = a;
    n->arrive_dirty = 0;
}

/* The earliest start: over the destinations with a packet for them and
 * room (a full one waits for the consumer), the sources whose head is for
 * it. */
ICNT_AI void refresh_start_with(struct icnt *n, uint32_t iw, uint32_t ow)
{
    uint64_t st = ICNT_NEVER;
    for (uint32_t dw = 0; n->n_waiting && dw < ow; dw++)
    for (uint64_t db = n->dst_wanted[dw]; db; db &= db - 1) {
        uint32_t dst = dw * 64 + (uint32_t)__builtin_ctzll(db);
        if (n->out[dst].count == n->out[dst].cap)
            continue;
        /* no source for dst starts before its link is free: a destination
         * whose link frees at or after the earliest start so far cannot
         * lower it, and a source whose own link is free by then starts
         * exactly then (no later source can start earlier) */
        uint64_t of = n->out_free[dst];
        if (of >= st)
            continue;
        const uint64_t *row = &n->want[(size_t)dst * iw];
        for (uint32_t w = 0; w < iw; w++)
        for (uint64_t b = row[w]; b; b &= b - 1) {
            uint32_t s = w * 64 + (uint32_t)__builtin_ctzll(b);
            if (!out_room(n, dst, fifo_head(&n->in[s])->flits))
                continue; /* waits for the consumer */
            uint64_t ts = n->in_free[s] > of ? n->in_free[s] : of;
            if (ts < st)
                st = ts;
            if (ts == of)
                goto next_dst;
        }
    next_dst:;
    }
    n->ev_start = st;
    n->start_dirty = 0;
}

/* refresh_start with held slots: each source's start also waits for the
 * release that makes room for its packet. */
static void refresh_start_held(struct icnt *n)
{
    uint64_t st = ICNT_NEVER;
    for (uint32_t dw = 0; n->n_waiting && dw < n->out_words; dw++)
    for (uint64_t db = n->dst_wanted[dw]; db; db &= db - 1) {
        uint32_t dst = dw * 64 + (uint32_t)__builtin_ctzll(db);
        const uint64_t *row = &n->want[(size_t)dst * n->in_words];
        if (!n->cfg.in_flits) {
            /* the crossbar: one slot takes any packet, so the destination
             * is free from the later of its link and its room, and the
             * earliest source as in refresh_start_with */
            uint64_t of = room_from(n, dst, 1);
            if (of == ICNT_NEVER)
                continue;
            if (of < n->out_free[dst])
                of = n->out_free[dst];
            if (of >= st)
                continue;
            for (uint32_t w = 0; w < n->in_words; w++)
            for (uint64_t b = row[w]; b; b &= b - 1) {
                uint32_t s = w * 64 + (uint32_t)__builtin_ctzll(b);
                uint64_t ts = n->in_free[s] > of ? n->in_free[s] : of;
                if (ts < st)
                    st = ts;
                if (ts == of)
                    goto next_dst;
            }
        next_dst:
            continue;
        }
        for (uint32_t w = 0; w < n->in_words; w++)
        for (uint64_t b = row[w]; b; b &= b - 1) {
            uint32_t s = w * 64 + (uint32_t)__builtin_ctzll(b);
            uint64_t r = room_from(n, dst, fifo_head(&n->in[s])->flits);
            if (r == ICNT_NEVER)
                continue; /* waits for the consumer */
            uint64_t ts = n->in_free[s] > n->out_free[dst] ? n->in_free[s] : n->out_free[dst];
            if (ts < r)
                ts = r;
            if (ts < st)
                st = ts;
        }
    }
    n->ev_start = st;
    n->start_dirty = 0;
}

static void refresh_start(struct icnt *n)
{
    if (n->held)
        refresh_start_held(n);
    else if (n->one_word)
        refresh_start_with(n, 1, 1);
    else
        refresh_start_with(n, n->in_words, n->out_words);
}

/* The head packet of source s crosses, starting at cycle now. */
ICNT_AI void start(struct icnt *n, uint32_t s, uint64_t now, uint32_t iw)
{
    struct icnt_fifo *in = &n->in[s];
    struct icnt_pkt p = *fifo_head(in);
    /* each link is held for its own serialisation (the ports may differ
     * in width); the packet arrives after the longer */
    uint32_t ser_in = ser_cycles(n->cfg.src_flits_per_cycle, p.flits);
    uint32_t ser_out = ser_cycles(n->cfg.dst_flits_per_cycle, p.flits);
    n->in_free[s] = now + ser_in + n->cfg.alloc_delay;
    n->out_free[p.dst] = now + ser_out + n->cfg.alloc_delay;
    p.ready = now + n->cfg.alloc_delay + n->cfg.latency + (ser_in > ser_out ? ser_in : ser_out) - 1;
    if (n->in_q) {
        n->in_q[s] -= p.flits;
        n->out_q[p.dst] += p.flits;
    }
    fifo_pop(in);
    bit_clear(n->in_full, s);
    bit_set(n->in_started, s);
    want_drop(n, p.dst, s, iw);
    if (!in->count)
        bit_clear(n->in_busy, s);
    else
        want_add(n, fifo_head(in)->dst, s);
    /* a packet that becomes its destination's head may be the earliest
     * arrival; behind another head it changes nothing ev_arrive sees */
    if (!n->out[p.dst].count && !n->arrive_dirty && p.ready < n->ev_arrive)
        n->ev_arrive = p.ready;
    fifo_push(&n->out[p.dst], p);
    bit_set(n->out_busy, p.dst);
    n->n_waiting--;
    n->st.packets++;
    n->st.flits += p.flits;
}

/* The crossbar's arbitration (icnt_cycle without islip). */
ICNT_AI void arbitrate(struct icnt *n, uint64_t now, uint32_t iw, uint32_t ow)
{
    /* the candidates: sources whose head's destination is free and has a
     * slot now (a start only takes a destination's link or room, so no
     * other source can start this cycle) */
    uint64_t *cand = n->cand;
    for (uint32_t w = 0; w < iw; w++)
        cand[w] = 0;
    for (uint32_t dw = 0; dw < ow; dw++)
        for (uint64_t db = n->dst_wanted[dw]; db; db &= db - 1) {
            uint32_t d = dw * 64 + (uint32_t)__builtin_ctzll(db);
            if (n->out_free[d] > now || n->out[d].count + n->out[d].held == n->out[d].cap)
                continue;
            const uint64_t *row = &n->want[(size_t)d * iw];
            for (uint32_t w = 0; w < iw; w++)
                cand[w] |= row[w];
        }
    /* the candidates in the order (now + k) % nin: from now % nin up, then
     * from 0 (a word's bits are read once: a start only changes a source
     * already passed, and no source fills meanwhile) */
    uint32_t first = (uint32_t)((now + n->arb_base) % n->cfg.n_in), fw = first / 64;
    for (int pass = 0; pass < 2; pass++) {
        uint32_t w0 = pass ? 0 : fw, w1 = pass ? fw : iw - 1;
        for (uint32_t w = w0; w <= w1; w++) {
            uint64_t b = cand[w];
            if (w == fw)
                b &= pass ? (1ull << (first % 64)) - 1 : ~0ull << (first % 64);
            for (; b; b &= b - 1) {
                uint32_t s = w * 64 + (uint32_t)__builtin_ctzll(b);
                struct icnt_fifo *in = &n->in[s];
                if (n->in_free[s] > now)
                    continue;
                const struct icnt_pkt *p = fifo_head(in);
                uint32_t d = p->dst;
                if (n->out_free[d] > now || !out_room(n, d, p->flits))
                    continue;
                start(n, s, now, iw);
                /* d's link is now held past now: no other source for it
                 * starts this cycle, so its sources leave the candidates
                 * (s, the lowest bit of b, stays for the loop to clear: s
                 * is back in the row if its next head is for d too) */
                const uint64_t *row = &n->want[(size_t)d * iw];
                b &= ~row[w] | (b & (0 - b));
                for (uint32_t v = 0; v < iw; v++)
                    cand[v] &= ~row[v];
            }
        }
    }
}

void icnt_cycle(struct icnt *n, uint64_t now)
{
    if (!n->n_waiting)
        return;
    if (n->start_dirty)
        refresh_start(n);
    if (n->ev_start > now)
        return;
    /* held slots due by now are released only when something can start
     * (ev_start counts each release as the start it allows) */
    if (n->held)
        release_held(n, now);
    n->start_dirty = 1; /* (start keeps ev_arrive) */
    uint32_t nin = n->cfg.n_in;
    if (n->cfg.islip) {
        /* each free destination grants the first requesting source at or
         * after its pointer; a source requests only its head's destination */
        for (uint32_t d = 0; d < n->cfg.n_out; d++) {
            if (n->out_free[d] > now)
                continue;
            /* the sources holding a packet, from grant[d] on, wrapping */
            uint32_t g = n->grant[d];
            /* (a start only changes the row of a destination it served) */
            const uint64_t *row = &n->want[(size_t)d * n->in_words];
            for (uint32_t s = bit_next(row, n->in_words, g), wrapped = 0;;
                 s = bit_next(row, n->in_words, s + 1)) {
                if (s == UINT32_MAX || (wrapped && s >= g)) {
                    if (wrapped || !g)
                        break;
                    wrapped = 1;
                    if ((s = bit_next(row, n->in_words, 0)) >= g)
                        break;
                }
                struct icnt_fifo *in = &n->in[s];
                if (n->in_free[s] <= now && fifo_head(in)->dst == d &&
                    out_room(n, d, fifo_head(in)->flits)) {
                    start(n, s, now, n->in_words);
                    n->grant[d] = (s + 1) % nin;
                    break;
                }
            }
        }
        return;
    }
    if (n->one_word)
        arbitrate(n, now, 1, 1);
    else
        arbitrate(n, now, n->in_words, n->out_words);
}

int icnt_peek(const struct icnt *n, uint32_t dst, uint64_t now, uint64_t *payload)
{
    const struct icnt_fifo *out = &n->out[dst];
    if (!out->count || fifo_head(out)->ready > now)
        return 0;
    *payload = fifo_head(out)->payload;
    return 1;
}

/* The head packet of dst (it holds one) leaves its FIFO. */
static void take_head(struct icnt *n, uint32_t dst)
{
    struct icnt_fifo *out = &n->out[dst];
    if (fifo_head(out)->ready <= n->ev_arrive)
        n->arrive_dirty = 1; /* the earliest head left */
    fifo_pop(out);
    if (!out->count)
        bit_clear(n->out_busy, dst);
}

void icnt_pop(struct icnt *n, uint32_t dst)
{
    struct icnt_fifo *out = &n->out[dst];
    if (!out->count)
        return;
    if (out->count == out->cap || n->out_q)
        n->start_dirty = 1; /* a source waiting for this room may go */
    if (n->out_q)
        n->out_q[dst] -= fifo_head(out)->flits;
    take_head(n, dst);
}

void icnt_pop_held(struct icnt *n, uint32_t dst, uint64_t now)
{
    struct icnt_fifo *out = &n->out[dst];
    if (!out->count)
        return;
    /* the slot and its flits (kept in out_q) are free again
     * release_delay cycles later (release_held) */
    struct icnt_held *h = &n->held[dst];
    uint32_t j = (h->head + out->held++) % out->cap;
    h->until[j] = now + n->cfg.release_delay;
    h->flits[j] = fifo_head(out)->flits;
    n->held_busy[dst / 64] |= 1ull << (dst % 64);
    n->start_dirty = 1;
    take_head(n, dst);
}

uint64_t icnt_next_event(struct icnt *n, uint64_t now)
{
    if (n->start_dirty)
        refresh_start(n);
    if (n->arrive_dirty)
        refresh_arrive(n);
    uint64_t t = n->ev_start < n->ev_arrive ? n->ev_start : n->ev_arrive;
    return t == ICNT_NEVER ? t : (t > now ? t : now);
}

uint64_t icnt_next_start(struct icnt *n, uint64_t now)
{
    if (!n->n_waiting)
        return ICNT_NEVER;
    if (n->start_dirty)
        refresh_start(n);
    return n->ev_start == ICNT_NEVER ? ICNT_NEVER : (n->ev_start > now ? n->ev_start : now);
}

void icnt_take_started(struct icnt *n, uint64_t *out)
{
    for (uint32_t w = 0; w < n->in_words; w++) {
        out[w] |= n->in_started[w];
        n->in_started[w] = 0;
    }
}

uint32_t icnt_busy(const struct icnt *n)
{
    uint32_t b = n->n_waiting;
    for (uint32_t d = 0; d < n->cfg.n_out; d++)
        b += n->out[d].count;
    return b;
}
