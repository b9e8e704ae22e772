/* Memory sub-partition: one L2 slice (the generic cache, normally
 * write-back) and the queues between it, the interconnect and a DRAM
 * channel (channel.h) that it shares with the other sub-partitions of its
 * memory partition (GPGPU-Sim's memory_sub_partition: gpgpu_n_sub_partition_
 * per_mchannel of them per channel, each its own crossbar node, ROP queue,
 * L2 bank with its MSHRs and miss queue, and reply queue). The L2 side runs
 * in the L2 clock domain; memsys owns the clocks and calls the tick
 * functions. Per L2 cycle, `ports` times each (1 unless configured): a
 * fill from DRAM, a lookup of the oldest request, a miss-queue entry to
 * DRAM; and the hit pipeline drains. Every request gets a reply in `out`:
 * read data (after l2_latency on a hit, right after the fill on a miss) or
 * a write acknowledgement (after l2_latency). The L2 is indexed by the
 * partition-local address (channel removed) without the sub-partition's
 * bits (cache_config.index_drop: GPGPU-Sim's partition address). */
#ifndef CCGPU_MEM_PARTITION_H
#define CCGPU_MEM_PARTITION_H
#include <stddef.h>
#include <stdint.h>
#include "mem/addrmap.h"
#include "mem/cache.h"
#include "mem/dram.h"
#include "mem/mem_request.h"
#include "mem/tqueue.h"

#define PART_NEVER UINT64_MAX

struct stats;

/* A request held by the memory system. */
struct mem_slot {
    struct mem_request r;
    uint64_t local;   /* partition-local address */
    uint32_t part;
    uint32_t next_free;
    uint8_t sectors;  /* L2 sectors touched */
    uint8_t used;
    uint8_t pending;  /* sector_split: its sectors not yet answered */
};

struct partition_config {
    uint32_t id;                     /* sub-partition, over all channels */
    uint32_t chan, sub;              /* its channel and index there */
    struct dram *dram;               /* the channel's, shared */
    uint64_t l2_period, dram_period; /* fs */
    uint64_t core_period;            /* fs; unit of rop_latency and dram_latency */
    uint32_t l2_latency;             /* L2 cycles, lookup to reply on a hit */
    uint32_t rop_latency;            /* core cycles, arrival to lookup (GPGPU-Sim's unit) */
    uint32_t dram_latency;           /* core cycles the channel adds to each read (sizes ret) */
    uint32_t in_queue, out_queue;    /* entries */
    uint32_t l2_ports;               /* fills, lookups and DRAM sends per L2 cycle (0 = 1) */
    /* GPGPU-Sim's acceptance (0 = off): one request per interconnect cycle,
     * and only while the requests past the ROP delay leave room for
     * accept_room more in in_queue (memory_sub_partition::full(4)); the ROP
     * delay itself holds any number (in_cap sizes it). */
    uint32_t accept_room, in_cap;
    struct cache_config l2;
};

struct partition {
    uint32_t id, chan, sub;
    uint64_t l2_period, dram_period;
    uint32_t l2_latency, ports;
    uint32_t accept_room, in_queue;
    /* GPGPU-Sim's sectored L2 (gpgpu_cache:dl2 S:...): a request of k
     * sectors enters as k sector requests, each its own ROP and input queue
     * entry, L2 lookup and DRAM request (memory_sub_partition::
     * breakdown_request_to_sector_requests); the entries carry their sector.
     * The reply, one packet as for any request, leaves with its last
     * sector's answer; it has the flits of GPGPU-Sim's one packet per
     * sector (memsys.c reply_bytes). */
    int sector_split;
    uint64_t rop_fs;
    struct cache l2;
    struct dram *dram; /* the channel's */
    struct tqueue in;  /* requests from the interconnect (a = slot) */
    struct tqueue hit; /* L2 hit pipeline (a = slot) */
    struct tqueue ret; /* DRAM read data (a = local line address, b = sectors) */
    struct tqueue out; /* replies for the interconnect (a = slot) */
    const struct addrmap *map;
    uint64_t bypassed; /* requests sent around the L2 */
    uint64_t l2_next;  /* cached partition_l2_next (unclamped), valid unless l2_dirty */
    int l2_dirty;
    /* A lookup that failed on a reservation (MSHR, miss queue, line) is
     * retried every L2 cycle and fails the same way until a fill or a
     * miss-queue send changes the L2, the only things that can. With
     * retry_skip (set by memsys when no hook sees each access and the
     * replacement policy's choice only reads its state) the failing cycles
     * are not run: the failure at L2 cycle blocked_at is remembered, the
     * head leaves partition_l2_next, and the failures of the cycles skipped
     * are counted (partition_l2_settle) when the partition next cycles or
     * the counters are read. */
    int retry_skip, blocked;
    uint8_t blocked_why;
    uint64_t blocked_at;
    void *owner;       /* for hooks installed by memsys */
    char stat_name[48];
};

/* DRAM tokens: the local line address of an L2 miss, or the slot of a
 * request that bypasses the L2 with PART_BYPASS; the sub-partition's index
 * in its channel in bits PART_SUB_SHIFT.. (the channel strips it). */
#define PART_BYPASS (1ull << 63)
#define PART_SUB_SHIFT 56
#define PART_SUB_MAX 15ull
#define PART_SUB_BITS (PART_SUB_MAX << PART_SUB_SHIFT)

int partition_init(struct partition *p, const struct partition_config *cfg,
                   const struct addrmap *map, char *err, size_t errlen);
void partition_free(struct partition *p);
/* A request arrived from the interconnect at fs time now: 0, or -1 if the
 * input queue is full. */
int partition_accept(struct partition *p, uint64_t now, uint32_t slot, const struct mem_slot *s);
/* The input queue entries a request takes (its sectors with sector_split). */
static inline uint32_t partition_entries(const struct partition *p, const struct mem_slot *s)
{
    return p->sector_split ? (uint32_t)__builtin_popcount(s->sectors) : 1;
}
/* Whether a request of `entries` entries arriving at fs time now may enter
 * (see accept_room). */
static inline int partition_can_accept(const struct partition *p, uint64_t now, uint32_t entries)
{
    if (tq_room(&p->in) < entries)
        return 0;
    if (!p->accept_room)
        return 1;
    uint32_t ready = 0; /* past the ROP delay: a prefix, as delays are equal */
    while (ready < p->in.count && p->in.e[(p->in.head + ready) % p->in.cap].ready <= now &&
           ready + p->accept_room <= p->in_queue)
        ready++;
    return ready + p->accept_room <= p->in_queue;
}
/* Counts the reservation failures of the skipped retries up to L2 cycle k
 * (see retry_skip); the head stays blocked. */
void partition_l2_settle(struct partition *p, uint64_t k);
/* L2 cycle k (time k * l2_period). */
void partition_l2_cycle(struct partition *p, uint64_t k, struct mem_slot *slots);
/* partition_l2_next without the cache, unclamped. */
uint64_t partition_l2_next_raw(const struct partition *p);
/* Earliest L2 cycle >= k0 with work (possibly early, never late);
 * PART_NEVER if none. Kept until the partition changes (l2_dirty). */
static inline uint64_t partition_l2_next(struct partition *p, uint64_t k0)
{
    if (p->l2_dirty) {
        p->l2_next = partition_l2_next_raw(p);
        p->l2_dirty = 0;
    }
    return p->l2_next == PART_NEVER ? PART_NEVER : (p->l2_next > k0 ? p->l2_next : k0);
}
/* The interconnect took the reply at the head of out. */
void partition_out_pop(struct partition *p);
/* Registers l2_p<id>.* for the L2 slice. */
int partition_register_stats(struct partition *p, struct stats *s);
/* Registers l2_p<id>.bypassed. */
int partition_register_bypassed(struct partition *p, struct stats *s);

#endif
