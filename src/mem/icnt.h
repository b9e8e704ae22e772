/* Crossbar interconnect, one direction: n_in source ports to n_out
 * destination ports. A packet of B bytes is ceil(B / flit_bytes) flits; each
 * port moves flits_per_cycle flits per interconnect cycle, so a packet holds
 * its source and destination links for ser = ceil(flits / flits_per_cycle)
 * cycles. A packet that starts at cycle t is at its destination at
 * t + latency + ser - 1 (a one-cycle packet takes exactly `latency`).
 * src_flits_per_cycle / dst_flits_per_cycle (0 = flits_per_cycle) give the
 * source or destination ports another width (a memory partition made of
 * several GPGPU-Sim sub-partitions, each its own crossbar node): each link
 * is then held for its own ser, and the packet arrives after the longer.
 *
 * Source ports have bounded FIFOs (icnt_push fails when full); a packet only
 * starts when its destination buffer has room for it (credits count packets
 * in flight too), so a slow consumer stalls the sources: back-pressure.
 * Order is kept per source and per destination. Destinations are arbitrated
 * round-robin among sources (the first source
 * considered at cycle t is t mod n_in, so skipping idle cycles changes
 * nothing). Deterministic. */
#ifndef CCGPU_MEM_ICNT_H
#define CCGPU_MEM_ICNT_H
#include <stddef.h>
#include <stdint.h>

#define ICNT_NEVER UINT64_MAX

struct icnt_config {
    uint32_t n_in, n_out;
    uint32_t latency;         /* cycles, >= 1 */
    uint32_t flit_bytes;      /* e.g. 32 */
    uint32_t flits_per_cycle; /* per port */
    uint32_t in_buf, out_buf; /* packets */
    uint32_t src_flits_per_cycle, dst_flits_per_cycle; /* 0 = flits_per_cycle */
};

struct icnt_pkt {
    uint64_t payload;
    uint64_t ready; /* cycle it reaches the destination */
    uint32_t dst, flits;
};

struct icnt_fifo {
    struct icnt_pkt *p;
    uint32_t head, count, cap;
};

struct icnt_stats {
    uint64_t packets, flits;
};

struct icnt {
    struct icnt_config cfg;
    struct icnt_fifo *in, *out;
    uint64_t *in_free, *out_free; /* cycle each link is free again */
    uint32_t n_waiting;           /* packets in source FIFOs */
    uint64_t ev_start, ev_arrive; /* cached: earliest start, earliest head arrival */
    int start_dirty, arrive_dirty;
    struct icnt_stats st;
};

/* Whether destination dst has a packet that has arrived by cycle now (what
 * icnt_peek would find), without a call. */
static inline int icnt_has_arrived(const struct icnt *n, uint32_t dst, uint64_t now)
{
    const struct icnt_fifo *out = &n->out[dst];
    return out->count && out->p[out->head].ready <= now;
}

int icnt_init(struct icnt *n, const struct icnt_config *cfg, char *err, size_t errlen);
void icnt_free(struct icnt *n);
static inline int icnt_can_push(const struct icnt *n, uint32_t src)
{
    return n->in[src].count < n->in[src].cap;
}
/* Queues a packet at a source port; -1 if its FIFO is full. */
int icnt_push(struct icnt *n, uint32_t src, uint32_t dst, uint32_t bytes, uint64_t payload);
/* Starts the packets that can start at cycle now. */
void icnt_cycle(struct icnt *n, uint64_t now);
/* The packet at the head of dst if it has arrived by now. */
int icnt_peek(const struct icnt *n, uint32_t dst, uint64_t now, uint64_t *payload);
void icnt_pop(struct icnt *n, uint32_t dst);
/* Earliest cycle >= now at which icnt_cycle could start a packet or a
 * packet is at a destination head (heads already there count as now, so
 * a consumer that does not pop keeps this at now); ICNT_NEVER if nothing is
 * pending (packets waiting only for a full destination count as nothing). */
uint64_t icnt_next_event(struct icnt *n, uint64_t now);
/* Packets anywhere in the network. */
uint32_t icnt_busy(const struct icnt *n);

#endif
