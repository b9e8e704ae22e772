/* MRPB, the memory request prioritization buffer of Jia, Shaw and Martonosi
 * (HPCA 2014), configured as sacat-tpds2017 Table 4: in front of the L1,
 * one FIFO per warp slot (signature = warp id: 48 queues on the SACAT GPU)
 * of `depth` line requests (8), drained into the L1 access pipeline up to
 * ccgpu_l1_ports requests a cycle in a non-greedy fixed order (every pick
 * takes the head of the lowest-numbered non-empty queue: warp slot order,
 * re-chosen for each request), and bypass-on-associativity-stall: a read
 * whose L1 lookup fails with LINE_ALLOC (every way of its set reserved)
 * goes around the L1 to the memory system instead of stalling the L1.
 * A queue that is full stalls the LD/ST unit, as the L1 pipeline does.
 *   ccgpu_mrpb off | on | depth=8,bypass=assoc|none,drain=fixed|greedy
 * greedy: keep draining the queue drained last until it is empty.
 * Reading chosen: MRPB's other signatures and drain policies, and its
 * queue-entry timing, are not modelled; a request drained at cycle t enters
 * the L1 pipeline at t (gpgpu_l1_latency then applies as without MRPB). */
#ifndef CCGPU_TIMING_MRPB_H
#define CCGPU_TIMING_MRPB_H
#include <stddef.h>
#include <stdint.h>

struct ccgpu_config;

struct mrpb_config {
    int enabled;
    uint32_t depth;
    int bypass_assoc;
    int greedy;
};

/* Reads ccgpu_mrpb; -1 with a message naming the option. */
int mrpb_config_read(struct mrpb_config *m, const struct ccgpu_config *store, char *err,
                     size_t errlen);

struct l1_pending;

struct mrpb {
    struct mrpb_config cfg;
    uint32_t nq;
    struct l1_pending *e; /* nq * depth */
    uint32_t *head, *count;
    uint64_t nonempty;    /* bit per queue */
    uint32_t last;        /* greedy: the queue drained last */
    uint64_t drained, assoc_bypass, full_stalls;
};

int mrpb_init(struct mrpb *m, const struct mrpb_config *cfg, uint32_t nq);
void mrpb_free(struct mrpb *m);
void mrpb_reset(struct mrpb *m);
static inline int mrpb_full(const struct mrpb *m, uint32_t q)
{
    return m->count[q] == m->cfg.depth;
}
/* Room for one in queue q: the entry to fill. */
struct l1_pending *mrpb_push(struct mrpb *m, uint32_t q);
/* The queue the drain takes next, -1 when all are empty. */
int mrpb_pick(const struct mrpb *m);
/* The head of queue q; mrpb_pop removes it. */
struct l1_pending *mrpb_head(struct mrpb *m, uint32_t q);
void mrpb_pop(struct mrpb *m, uint32_t q);

#endif
