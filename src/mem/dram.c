#include "mem/dram.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

int dram_init(struct dram *d, const struct dram_config *cfg, char *err, size_t errlen)
{
    memset(d, 0, sizeof *d);
    if (!cfg->nbanks || !cfg->queue_size || !cfg->bus_bytes || !cfg->burst_length ||
        !cfg->data_rate) {
        snprintf(err, errlen, "dram: banks, queue size, bus width, burst length and data rate must be >= 1");
        return -1;
    }
    if (cfg->t.tCL == 0 || cfg->t.tWL == 0 || cfg->t.tRCD == 0) {
        snprintf(err, errlen, "dram: tCL, tWL and tRCD must be >= 1");
        return -1;
    }
    uint32_t groups = cfg->nbkgrp ? cfg->nbkgrp : 1;
    if (cfg->nbanks % groups) {
        snprintf(err, errlen, "dram: %u bank groups do not divide %u banks", groups, cfg->nbanks);
        return -1;
    }
    if (cfg->bank_xor_row && (cfg->nbanks & (cfg->nbanks - 1))) {
        snprintf(err, errlen, "dram: XOR bank indexing needs a power-of-two bank count, not %u",
                 cfg->nbanks);
        return -1;
    }
    d->cfg = *cfg;
    d->cfg.nbkgrp = groups;
    d->banks_per_group = cfg->nbanks / groups;
    d->bank = calloc(cfg->nbanks, sizeof *d->bank);
    d->group = calloc(groups, sizeof *d->group);
    d->q = calloc(cfg->queue_size, sizeof *d->q);
    d->done = calloc(cfg->queue_size, sizeof *d->done);
    if (!d->bank || !d->group || !d->q || !d->done) {
        snprintf(err, errlen, "dram: out of memory");
        dram_free(d);
        return -1;
    }
    for (uint32_t i = 0; i < cfg->nbanks; i++) {
        struct dram_bank *b = &d->bank[i];
        b->cand[0] = b->cand[1] = b->cand[2] = DRAM_NO_SEQ;
        b->grp = &d->group[cfg->group_low_bits ? i % groups : i / d->banks_per_group];
        if (!(b->bq = calloc(cfg->queue_size, sizeof *b->bq))) {
            snprintf(err, errlen, "dram: out of memory");
            dram_free(d);
            return -1;
        }
    }
    d->cmd_dirty = 1; /* no scan yet */
    d->burst_bytes = cfg->bus_bytes * cfg->burst_length;
    d->burst_cycles = (cfg->burst_length + cfg->data_rate - 1) / cfg->data_rate;
    return 0;
}

void dram_free(struct dram *d)
{
    for (uint32_t i = 0; d->bank && i < d->cfg.nbanks; i++)
        free(d->bank[i].bq);
    free(d->bank);
    free(d->group);
    free(d->q);
    free(d->done);
    memset(d, 0, sizeof *d);
}

uint32_t dram_xfer_cycles(const struct dram *d, uint32_t bytes)
{
    uint32_t bursts = (bytes + d->burst_bytes - 1) / d->burst_bytes;
    return (bursts ? bursts : 1) * d->burst_cycles;
}

/* The kind of a queued request for its bank's open row (or none). */
static int entry_kind(const struct dram_bank *b, const struct dram_bank_entry *e)
{
    return b->open && b->row == e->row ? (e->is_write ? DRAM_HIT_WRITE : DRAM_HIT_READ)
                                       : DRAM_OTHER;
}

/* The bank's candidates from its queue (after its open row changed or a
 * candidate left). */
static void bank_candidates(struct dram_bank *b)
{
    b->cand[0] = b->cand[1] = b->cand[2] = DRAM_NO_SEQ;
    int left = 3;
    for (uint32_t j = 0; j < b->nbq && left; j++) {
        int k = entry_kind(b, &b->bq[j]);
        if (b->cand[k] == DRAM_NO_SEQ) {
            b->cand[k] = b->bq[j].seq;
            left--;
        }
    }
}

/* The queue index of the request with sequence number seq (the queue is in
 * arrival order, so by seq). */
static int queue_index(const struct dram *d, uint64_t seq)
{
    uint32_t lo = 0, hi = d->nq;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        if (d->q[mid].seq < seq)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (int)lo;
}

/* The earliest cycle r's next command (column for a row hit, else ACT or
 * PRE) can go, not counting d->base: what scan computes for it. */
static uint64_t cmd_time(const struct dram *d, const struct dram_req *r)
{
    const struct dram_timing *t = &d->cfg.t;
    const struct dram_bank *b = &d->bank[r->bank];
    const struct dram_bank_group *g = b->grp;
    if (b->open && b->row == r->row) {
        uint64_t c = max64(max64(b->next_col, g->next_col), d->next_col_any);
        if (r->is_write)
            return d->bus_free > t->tWL ? max64(c, d->bus_free - t->tWL) : c;
        if (d->ndone == d->cfg.queue_size)
            return DRAM_NEVER;
        c = max64(c, d->next_read_col);
        return d->bus_free > t->tCL ? max64(c, d->bus_free - t->tCL) : c;
    }
    return !b->open ? max64(b->next_act, d->next_act_any)
         : b->hits_queued ? DRAM_NEVER
                          : max64(b->next_pre, g->next_pre);
}

int dram_push(struct dram *d, uint32_t bank, uint64_t row, uint32_t bytes, int is_write,
              uint64_t token, uint32_t aux)
{
    if (!dram_can_accept(d) || bank >= d->cfg.nbanks)
        return -1;
    if (d->cfg.bank_xor_row)
        bank ^= (uint32_t)(row & (d->cfg.nbanks - 1));
    d->q[d->nq++] = (struct dram_req){ .token = token, .row = row, .seq = d->seq++, .bank = bank,
                                       .bytes = bytes, .aux = aux, .is_write = (uint8_t)!!is_write };
    struct dram_bank *b = &d->bank[bank];
    struct dram_bank_entry *e = &b->bq[b->nbq++];
    *e = (struct dram_bank_entry){ d->seq - 1, row, (uint8_t)!!is_write };
    int k = entry_kind(b, e);
    if (b->cand[k] == DRAM_NO_SEQ) /* the youngest: a candidate only if first of its kind */
        b->cand[k] = e->seq;
    int is_hit = b->open && b->row == row;
    if (d->cmd_dirty || d->full_scan) {
        b->hits_queued += is_hit;
        d->cmd_dirty = 1;
        return 0;
    }
    /* The bank's first queued hit: its other requests may no longer
     * precharge it, so their candidate's command time becomes never. That
     * changes the scan's answer only when it was the answer's other command
     * (the oldest at cmd_next; one later, or younger at the same cycle,
     * was not chosen and still is not). */
    if (is_hit && !b->hits_queued++ && b->cand[DRAM_OTHER] != DRAM_NO_SEQ &&
        b->cand[DRAM_OTHER] == d->cmd_other) {
        d->cmd_dirty = 1;
        return 0;
    }
    /* nothing else's command time moved: the scan's answer (cmd_next,
     * cmd_hit, cmd_other) with the youngest request added */
    uint64_t c = max64(cmd_time(d, &d->q[d->nq - 1]), d->base);
    uint64_t i = d->q[d->nq - 1].seq;
    if (c < d->cmd_next) {
        d->cmd_next = c;
        d->cmd_hit = is_hit ? i : DRAM_NO_SEQ;
        d->cmd_other = is_hit ? DRAM_NO_SEQ : i;
    } else if (c == d->cmd_next) {
        if (is_hit && d->cmd_hit == DRAM_NO_SEQ)
            d->cmd_hit = i;
        if (!is_hit && d->cmd_other == DRAM_NO_SEQ)
            d->cmd_other = i;
    }
    return 0;
}

static void issue_column(struct dram *d, uint32_t i, uint64_t now)
{
    struct dram_req r = d->q[i];
    struct dram_bank *b = &d->bank[r.bank];
    uint32_t xfer = dram_xfer_cycles(d, r.bytes);
    uint64_t data = now + (r.is_write ? d->cfg.t.tWL : d->cfg.t.tCL);
    struct dram_bank_group *g = b->grp;
    d->next_col_any = now + (d->cfg.t.tCCD > xfer ? d->cfg.t.tCCD : xfer);
    if (d->cfg.nbkgrp > 1)
        g->next_col = now + d->cfg.t.tCCDL;
    d->bus_free = data + xfer;
    d->st.busy_cycles += xfer;
    if (r.is_write) {
        b->next_pre = max64(b->next_pre, data + xfer + d->cfg.t.tWR);
        d->next_read_col = data + xfer + d->cfg.t.tCDLR;
        d->st.writes++;
        d->st.write_bursts += xfer / d->burst_cycles;
    } else {
        b->next_pre = max64(b->next_pre, now + xfer);
        if (d->cfg.nbkgrp > 1)
            g->next_pre = now + d->cfg.t.tRTPL;
        d->st.reads++;
        d->st.read_bursts += xfer / d->burst_cycles;
        /* data bursts never overlap, so reads complete in issue order */
        r.done = data + xfer;
        d->done[(d->done_head + d->ndone++) % d->cfg.queue_size] = r;
    }
    b->hits_queued--;
    /* out of its bank's queue; a new candidate of its kind if it was one */
    uint32_t j = 0;
    while (b->bq[j].seq != r.seq)
        j++;
    memmove(&b->bq[j], &b->bq[j + 1], (b->nbq - j - 1) * sizeof *b->bq);
    b->nbq--;
    int k = r.is_write ? DRAM_HIT_WRITE : DRAM_HIT_READ;
    if (b->cand[k] == r.seq) {
        b->cand[k] = DRAM_NO_SEQ;
        for (uint32_t m = j; m < b->nbq; m++)
            if (entry_kind(b, &b->bq[m]) == k) {
                b->cand[k] = b->bq[m].seq;
                break;
            }
    }
    d->cmd_dirty = 1;
    if (r.needed_act)
        d->st.row_misses++;
    else
        d->st.row_hits++;
    memmove(&d->q[i], &d->q[i + 1], (d->nq - i - 1) * sizeof *d->q);
    d->nq--;
}

/* The earliest cycles a read's and a write's column command could go, as far
 * as the data bus, the column spacing and the read-data queue allow. */
static void column_ready(const struct dram *d, uint64_t *rd, uint64_t *wr)
{
    const struct dram_timing *t = &d->cfg.t;
    *rd = max64(d->next_col_any, d->next_read_col);
    *wr = d->next_col_any;
    if (d->bus_free > t->tCL)
        *rd = max64(*rd, d->bus_free - t->tCL);
    if (d->bus_free > t->tWL)
        *wr = max64(*wr, d->bus_free - t->tWL);
    if (d->ndone == d->cfg.queue_size)
        *rd = DRAM_NEVER; /* no room for more read data */
}

/* One pass over the queue in age order: the oldest row hit whose column
 * command can go at `now`, the oldest other request whose ACT or PRE can,
 * and (as cmd_next) the earliest cycle any command could, with (as cmd_hit
 * and cmd_other) what the first two would be at that cycle: the oldest of
 * each kind whose command can go then. */
static void scan_queue(struct dram *d, uint64_t now, uint64_t *hit_seq, uint64_t *other_seq)
{
    int hit_i = -1, other_i = -1, *hit = &hit_i, *other = &other_i;
    uint64_t rd, wr;
    column_ready(d, &rd, &wr);
    uint64_t first = DRAM_NEVER;
    int hmin = -1, omin = -1;
    *hit = *other = -1;
    for (uint32_t i = 0; i < d->nq; i++) {
        const struct dram_req *r = &d->q[i];
        const struct dram_bank *b = &d->bank[r->bank];
        const struct dram_bank_group *g = b->grp;
        uint64_t c;
        if (b->open && b->row == r->row) {
            c = max64(max64(max64(b->next_col, g->next_col), r->is_write ? wr : rd), d->base);
            if (c <= now && *hit < 0)
                *hit = (int)i;
            if (c < first) {
                first = c;
                hmin = (int)i;
                omin = -1;
            } else if (c == first && hmin < 0) {
                hmin = (int)i;
            }
        } else {
            c = !b->open ? max64(b->next_act, d->next_act_any)
              : b->hits_queued ? DRAM_NEVER /* the open row is still wanted */
                               : max64(b->next_pre, g->next_pre);
            c = max64(c, d->base);
            if (c <= now && *other < 0)
                *other = (int)i;
            if (c < first) {
                first = c;
                omin = (int)i;
                hmin = -1;
            } else if (c == first && omin < 0) {
                omin = (int)i;
            }
        }
    }
    d->cmd_next = first;
    d->cmd_hit = hmin < 0 ? DRAM_NO_SEQ : d->q[hmin].seq;
    d->cmd_other = omin < 0 ? DRAM_NO_SEQ : d->q[omin].seq;
    d->cmd_dirty = 0;
    *hit_seq = hit_i < 0 ? DRAM_NO_SEQ : d->q[hit_i].seq;
    *other_seq = other_i < 0 ? DRAM_NO_SEQ : d->q[other_i].seq;
}

/* The same answer as scan_queue from each bank's candidates: all requests
 * of a kind in a bank have the same command time, so the oldest of each
 * kind stands for them; among candidates, the oldest (smallest seq) wins
 * every choice scan_queue makes in age order. Command times are counted
 * from d->base (no cycle before it runs): every candidate that could go
 * by then ties at it, so what the scan finds for cmd_next is what
 * dram_cycle issues there, whenever the scan was made. */
static void scan_banks(struct dram *d)
{
    d->scans++;
    uint64_t rd, wr;
    column_ready(d, &rd, &wr);
    const uint64_t base = d->base;
    uint64_t first = DRAM_NEVER, hmin = DRAM_NO_SEQ, omin = DRAM_NO_SEQ;
    for (uint32_t i = 0; i < d->cfg.nbanks; i++) {
        const struct dram_bank *b = &d->bank[i];
        if (!b->nbq)
            continue;
        const struct dram_bank_group *g = b->grp;
        uint64_t s, c;
        if (b->open) {
            uint64_t col = max64(max64(b->next_col, g->next_col), base);
            for (int k = DRAM_HIT_READ; k <= DRAM_HIT_WRITE; k++) {
                if ((s = b->cand[k]) == DRAM_NO_SEQ)
                    continue;
                c = max64(col, k == DRAM_HIT_WRITE ? wr : rd);
                if (c < first) {
                    first = c;
                    hmin = s;
                    omin = DRAM_NO_SEQ;
                } else if (c == first && s < hmin) {
                    hmin = s;
                }
            }
        }
        if ((s = b->cand[DRAM_OTHER]) == DRAM_NO_SEQ)
            continue;
        c = !b->open ? max64(b->next_act, d->next_act_any)
          : b->hits_queued ? DRAM_NEVER /* the open row is still wanted */
                           : max64(b->next_pre, g->next_pre);
        c = max64(c, base);
        if (c < first) {
            first = c;
            omin = s;
            hmin = DRAM_NO_SEQ;
        } else if (c == first && s < omin) {
            omin = s;
        }
    }
    d->cmd_next = first;
    d->cmd_hit = hmin;
    d->cmd_other = omin;
    d->cmd_dirty = 0;
}

/* The next command (cmd_next, cmd_hit, cmd_other) from the current state. */
static void refresh_cmd_next(struct dram *d)
{
    uint64_t hit, other;
    if (d->queue_scan)
        scan_queue(d, 0, &hit, &other);
    else
        scan_banks(d);
}

/* No dram_cycle comes before cycle now: command times count from there.
 * A kept answer for an earlier cycle is stale (more requests may be able
 * to go by now than at the cycle it found). */
static void set_base(struct dram *d, uint64_t now)
{
    if (now <= d->base)
        return;
    if (!d->cmd_dirty && d->cmd_next < now)
        d->cmd_dirty = 1;
    d->base = now;
}

void dram_at(struct dram *d, uint64_t now)
{
    set_base(d, now);
}

/* dram_cycle's command, if any (d->base is now): 1 when it was a column
 * command. With rows_only, only an ACT or PRE may go (the row-command bus
 * of a dual-bus interface, after the cycle's column command). */
static int issue(struct dram *d, uint64_t now, int rows_only)
{
    if (!d->nq || (!d->cmd_dirty && d->cmd_next > now))
        return 0; /* nothing can issue yet */
    uint64_t hit, other;
    if (d->queue_scan && (d->cmd_dirty || d->full_scan)) {
        scan_queue(d, now, &hit, &other);
    } else {
        if (d->cmd_dirty || d->full_scan) {
            scan_banks(d);
        }
        /* the scan's answer is for cycle cmd_next, now or later */
        hit = d->cmd_next == now ? d->cmd_hit : DRAM_NO_SEQ;
        other = d->cmd_next == now ? d->cmd_other : DRAM_NO_SEQ;
    }
    /* First ready (row hits), then first come (ACT or PRE). (A row command
     * after a column command in the same cycle: no other column command
     * can go then, its spacing being at least the burst's cycle.) */
    if (hit != DRAM_NO_SEQ && !rows_only) {
        issue_column(d, (uint32_t)queue_index(d, hit), now);
        return 1;
    }
    if (other == DRAM_NO_SEQ)
        return 0;
    const struct dram_timing *t = &d->cfg.t;
    struct dram_req *r = &d->q[queue_index(d, other)];
    struct dram_bank *b = &d->bank[r->bank];
    d->cmd_dirty = 1;
    if (!b->open) {
        b->open = 1;
        b->row = r->row;
        b->hits_queued = 0;
        for (uint32_t j = 0; j < b->nbq; j++)
            b->hits_queued += b->bq[j].row == r->row;
        bank_candidates(b);
        b->next_col = now + t->tRCD;
        b->next_pre = now + t->tRAS;
        b->next_act = now + t->tRC;
        d->next_act_any = now + t->tRRD;
        d->st.activates++;
    } else {
        b->open = 0;
        b->hits_queued = 0;
        bank_candidates(b);
        b->next_act = max64(b->next_act, now + t->tRP);
        d->st.precharges++;
    }
    r->needed_act = 1;
    return 0;
}

void dram_cycle(struct dram *d, uint64_t now)
{
    set_base(d, now);
    if (issue(d, now, 0) && d->cfg.dual_bus)
        issue(d, now, 1);
    set_base(d, now + 1); /* one command per cycle (per bus) */
}

/* The read buffer had no room, so every read hit's command time was never
 * and no read was the scan's answer: with room again, the banks' oldest
 * read hits join the answer (the scan's choices in age order, as in
 * dram_push). */
static void add_read_hits(struct dram *d)
{
    d->scans++;
    uint64_t rd, wr;
    column_ready(d, &rd, &wr);
    for (uint32_t i = 0; i < d->cfg.nbanks; i++) {
        const struct dram_bank *b = &d->bank[i];
        uint64_t s = b->cand[DRAM_HIT_READ];
        if (!b->open || s == DRAM_NO_SEQ)
            continue;
        uint64_t c = max64(max64(max64(b->next_col, b->grp->next_col), rd), d->base);
        if (c < d->cmd_next) {
            d->cmd_next = c;
            d->cmd_hit = s;
            d->cmd_other = DRAM_NO_SEQ;
        } else if (c == d->cmd_next && s < d->cmd_hit) {
            d->cmd_hit = s;
        }
    }
}

int dram_pop_read(struct dram *d, uint64_t now, uint64_t *token, uint32_t *aux)
{
    if (!dram_reads_ready(d, now))
        return 0;
    const struct dram_req *r = &d->done[d->done_head];
    *token = r->token;
    *aux = r->aux;
    d->done_head = (d->done_head + 1) % d->cfg.queue_size;
    d->ndone--;
    if (d->full_scan)
        d->cmd_dirty = 1;
    else if (d->ndone + 1 == d->cfg.queue_size && !d->cmd_dirty)
        add_read_hits(d); /* the buffer was full: reads may issue again */
    return 1;
}

uint64_t dram_next_event(struct dram *d, uint64_t now)
{
    set_base(d, now);
    uint64_t t = DRAM_NEVER;
    /* the oldest read's completion; once complete it waits for the
     * consumer, and the reads behind it with it: not events */
    if (d->ndone && d->done[d->done_head].done >= now)
        t = d->done[d->done_head].done;
    if (d->nq) {
        if (d->cmd_dirty)
            refresh_cmd_next(d);
        if (d->cmd_next < t)
            t = d->cmd_next;
    }
    return t == DRAM_NEVER ? t : max64(t, now);
}
