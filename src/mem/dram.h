/* One GDDR DRAM channel: banks with row buffers (open-row policy), a bounded
 * request queue, FR-FCFS scheduling (column commands for row hits first,
 * oldest first; otherwise the oldest request's ACT or PRE; a row is not
 * closed while queued requests still hit it), one command per DRAM cycle.
 * A command choice looks at three requests per bank, not the whole queue:
 * each bank keeps its queued requests in age order and its oldest read and
 * write for the open row and oldest other request (all of a kind in a bank
 * share the command's earliest cycle, so the oldest of each is the only one
 * the queue's scan in age order could pick). One pass over the banks after
 * each command chooses the next one (kept with its cycle); a request queued
 * or a read taken updates that choice without a pass.
 *
 * Timing (DRAM cycles): ACT->column tRCD, ACT->PRE tRAS, ACT->ACT same bank
 * tRC, ACT->ACT any bank tRRD, PRE->ACT tRP, column->column tCCD, read
 * column->data tCL, write column->data tWL, write data end->PRE tWR, write
 * data end->read column tCDLR; with nbkgrp bank groups (bank b is in group
 * b / (nbanks / nbkgrp), as GPGPU-Sim's dram.cc), column->column within a
 * group tCCDL and read column->PRE of any bank of that group tRTPL; a read
 * holds PRE back until its data burst has been sent. Data moves over a bus of
 * bus_bytes x data_rate bytes per cycle in bursts of bus_bytes x
 * burst_length bytes: a request of B bytes takes
 *   xfer = ceil(B / burst) x ceil(burst_length / data_rate) cycles
 * and is one column command. So an isolated read takes tRCD + tCL + xfer on a
 * closed bank and tCL + xfer on an open-row hit, counted from the cycle
 * dram_cycle first sees it to the cycle its data is complete. */
#ifndef CCGPU_MEM_DRAM_H
#define CCGPU_MEM_DRAM_H
#include <stddef.h>
#include <stdint.h>

#define DRAM_NEVER UINT64_MAX

struct dram_timing {
    uint32_t tCCD, tRRD, tRCD, tRAS, tRP, tRC, tCL, tWL, tWR;
    uint32_t tCDLR; /* last write data -> read column (write-to-read turnaround) */
    uint32_t tCCDL, tRTPL; /* bank groups: column->column, read->PRE within a group */
};

struct dram_config {
    uint32_t nbanks;
    uint32_t nbkgrp;       /* bank groups (1 = none); divides nbanks */
    uint8_t group_low_bits; /* a bank's group from its low bits (bank % nbkgrp; GPGPU-Sim's
                               dram_bnkgrp_indexing_policy 1), else its high bits
                               (bank / (nbanks / nbkgrp), policy 0) */
    uint8_t bank_xor_row;   /* the bank index XORed with the row's low bits (nbanks a power
                               of two; GPGPU-Sim's dram_bnk_indexing_policy 1) */
    uint8_t dual_bus;       /* separate row and column command buses: an ACT or PRE may go
                               in the cycle of a column command (GPGPU-Sim's
                               dram_dual_bus_interface 1) */
    uint32_t queue_size;   /* requests waiting for their column command */
    uint32_t bus_bytes;    /* data bus width of the channel, bytes per beat */
    uint32_t burst_length; /* beats per burst */
    uint32_t data_rate;    /* beats per DRAM cycle (2 = DDR) */
    struct dram_timing t;
};

struct dram_req {
    uint64_t token, row, seq;
    uint64_t done; /* completion cycle once issued */
    uint32_t bank, bytes, aux;
    uint8_t is_write, needed_act;
};

/* One queued request as its bank's queue holds it. */
struct dram_bank_entry {
    uint64_t seq, row;
    uint8_t is_write;
};
/* A bank's candidates (dram.cand): the oldest queued read and write for
 * the open row and the oldest other request, by seq; DRAM_NO_SEQ none. */
enum { DRAM_HIT_READ, DRAM_HIT_WRITE, DRAM_OTHER };
#define DRAM_NO_SEQ UINT64_MAX
struct dram_bank {
    uint64_t row;
    uint8_t open;
    uint32_t hits_queued; /* queued requests for the open row */
    uint64_t next_act, next_pre, next_col;
    struct dram_bank_entry *bq; /* its queued requests in age order (queue_size) */
    uint32_t nbq;
    uint64_t cand[3];           /* by DRAM_HIT_READ, DRAM_HIT_WRITE, DRAM_OTHER */
    struct dram_bank_group *grp; /* its bank group */
};

struct dram_bank_group {
    uint64_t next_col; /* tCCDL after the group's last column command */
    uint64_t next_pre; /* tRTPL after the group's last read column */
};

struct dram_stats {
    uint64_t reads, writes, row_hits, row_misses, activates, precharges;
    uint64_t busy_cycles; /* data-bus cycles; achieved bandwidth = busy / elapsed */
    uint64_t read_bursts, write_bursts; /* data bursts moved (the energy model's events; not listed) */
};

struct dram {
    struct dram_config cfg;
    struct dram_bank *bank;
    struct dram_bank_group *group;
    uint32_t banks_per_group;
    struct dram_req *q;    /* waiting, in arrival order */
    uint32_t nq;
    struct dram_req *done; /* reads issued, not popped: a ring in issue order */
    uint32_t ndone, done_head;
    uint64_t seq, next_act_any, next_col_any, bus_free, next_read_col;
    uint32_t burst_cycles, burst_bytes;
    uint64_t base;      /* no dram_cycle before this cycle (dram_at); command times count from it */
    uint64_t cmd_next;  /* earliest cycle >= base any queued request has a command */
    int cmd_dirty;      /* cmd_next needs recomputing */
    uint64_t cmd_hit, cmd_other; /* what dram_cycle at cmd_next issues: seqs, DRAM_NO_SEQ none */
    uint64_t scans;     /* bank scans made to choose the next command (not a statistic) */
    int full_scan;      /* tests: rescan after every change, never reuse a scan's answer */
    int queue_scan;     /* tests: scan the whole queue in age order (the reference) instead
                           of the banks' candidates */
    struct dram_stats st;
};

int dram_init(struct dram *d, const struct dram_config *cfg, char *err, size_t errlen);
void dram_free(struct dram *d);
static inline int dram_can_accept(const struct dram *d)
{
    return d->nq < d->cfg.queue_size;
}
/* Queues a request for the address's bank (the XOR bank indexing applied
 * here) and row; -1 when the queue is full. aux comes back with it. */
int dram_push(struct dram *d, uint32_t bank, uint64_t row, uint32_t bytes, int is_write,
              uint64_t token, uint32_t aux);
/* Issues at most one command at DRAM cycle now (with dual_bus, a column
 * command and then a row command). */
void dram_cycle(struct dram *d, uint64_t now);
/* The next dram_cycle is at cycle now or later (a request pushed now is
 * first seen then): the next command is looked for from there. Optional;
 * dram_cycle and dram_next_event say as much for their own cycle. */
void dram_at(struct dram *d, uint64_t now);
/* The earliest-completed read whose data is complete by now (1), or 0.
 * Writes complete silently. Issued reads wait here until popped; at most
 * queue_size of them, after which reads are not issued (back-pressure). */
int dram_pop_read(struct dram *d, uint64_t now, uint64_t *token, uint32_t *aux);
/* Nonzero when the oldest read's data is complete by now (not popped). */
static inline uint32_t dram_reads_ready(const struct dram *d, uint64_t now)
{
    return d->ndone && d->done[d->done_head].done <= now;
}
/* The token of the read dram_pop_read would return now (1), or 0. */
static inline int dram_peek_read(const struct dram *d, uint64_t now, uint64_t *token)
{
    if (!dram_reads_ready(d, now))
        return 0;
    *token = d->done[d->done_head].token;
    return 1;
}
/* Earliest cycle >= now at which a command could issue or a read completes;
 * DRAM_NEVER when idle. Reads already complete are the consumer's business. */
uint64_t dram_next_event(struct dram *d, uint64_t now);
uint32_t dram_xfer_cycles(const struct dram *d, uint32_t bytes);
/* Requests queued or in flight. */
static inline uint32_t dram_busy(const struct dram *d)
{
    return d->nq + d->ndone;
}

#endif
