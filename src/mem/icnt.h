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
    /* The router of GPGPU-Sim's booksim (one input-queued router, one
     * virtual channel per port), at packet level; all 0 = the crossbar above.
     * in_flits > 0 turns it on: buffers count flits and in_buf / out_buf are
     * ignored. A source takes a packet while the flits it holds beyond the
     * router's input buffer (vc_flits, booksim vc_buf_size) leave room for it
     * in its injection queue (in_flits, booksim input_buffer_size): the
     * oldest vc_flits flits count as already in the router. A packet starts
     * only when its destination buffer (out_flits: booksim's ejection plus
     * boundary buffers) has room for all its flits, which stay reserved until
     * the consumer pops it. alloc_delay (booksim vc_alloc_delay +
     * sw_alloc_delay) is paid by every packet: with one virtual channel a
     * packet's head is allocated only after the previous packet's tail left
     * the input and the output, so both links are held ser + alloc_delay
     * cycles and the packet arrives alloc_delay cycles later. With islip a
     * free destination grants, among the sources whose head packet wants it,
     * the first at or after the one after its last grant (iSLIP with one
     * iteration: each source requests one output, so every grant is
     * accepted); otherwise sources are served in the rotating order below. */
    uint32_t in_flits, vc_flits, out_flits;
    uint32_t alloc_delay;
    uint32_t islip;
    /* the rotating order counts cycles from arb_shift cycles after cycle 0:
     * a crossbar whose packets all enter arb_shift cycles later than in
     * another model (the lookahead mode's request crossbar) serves them in
     * that model's order */
    uint32_t arb_shift;
    /* a destination slot (and, in router mode, its flits) freed by a pop
     * stays taken release_delay more cycles: a consumer that takes packets
     * release_delay cycles before the model it stands for (the lookahead
     * mode's link takes them off the crossbars early) holds the slots as
     * long as that model's consumer does; 0: freed at the pop */
    uint32_t release_delay;
};

struct icnt_pkt {
    uint64_t payload;
    uint64_t ready; /* cycle it reaches the destination */
    uint32_t dst, flits;
};

struct icnt_fifo {
    struct icnt_pkt *p;
    uint32_t head, count, cap;
    uint32_t held; /* a destination's slots popped but not yet free (release_delay) */
};

struct icnt_stats {
    uint64_t packets, flits;
};

/* A destination's held slots, oldest first (icnt_fifo.held of them): the
 * cycle each is free again and its flits (router mode). */
struct icnt_held {
    uint64_t *until;
    uint32_t *flits;
    uint32_t head;
};

struct icnt {
    struct icnt_config cfg;
    struct icnt_fifo *in, *out;
    uint64_t *in_free, *out_free; /* cycle each link is free again */
    uint32_t *in_q, *out_q;       /* router mode: flits queued at a source, held at a destination */
    uint32_t *grant;              /* router mode with islip: next source each destination prefers */
    uint32_t n_waiting;           /* packets in source FIFOs */
    uint32_t arb_base;            /* n_in - arb_shift (mod n_in): the rotating order's offset */
    /* by bit, the source FIFOs and destination FIFOs holding a packet: the
     * scans below visit only those, so an idle port costs nothing */
    uint64_t *in_busy, *out_busy;
    /* crossbar mode (no in_flits): the source FIFOs that are full, by bit
     * (a full source takes no packet whatever its size); always 0 in
     * router mode, where room depends on the packet's flits */
    uint64_t *in_full;
    /* the sources that started a packet since a reader last took this (by
     * bit; icnt_take_started): whose room may have grown */
    uint64_t *in_started;
    /* by destination d, the sources whose head packet is for d (n_out rows
     * of in_words), and the destinations with such a source (out_words):
     * arbitration and the earliest start visit only the sources whose
     * destination can take a packet */
    uint64_t *want, *dst_wanted;
    uint64_t *cand; /* icnt_cycle's scratch: in_words */
    uint32_t in_words, out_words;
    /* both are one word: arbitration and the earliest start compiled for
     * that (tests clear it to compare with the loops over words) */
    int one_word;
    /* with release_delay: by destination, the held slots (a ring of
     * out_cap), and by bit the destinations holding any; their flits stay
     * in out_q until released */
    struct icnt_held *held;
    uint64_t *held_busy;
    uint64_t ev_start, ev_arrive; /* cached: earliest start, earliest head arrival */
    int start_dirty, arrive_dirty;
    struct icnt_stats st;
};

/* The destinations holding a packet, by bit (words of 64): dst's bit
 * d % 64 of word d / 64. */
static inline const uint64_t *icnt_out_busy(const struct icnt *n)
{
    return n->out_busy;
}

/* The sources that take no packet now, by bit (words of 64; see in_full). */
static inline const uint64_t *icnt_in_full(const struct icnt *n)
{
    return n->in_full;
}

/* Whether destination dst has a packet that has arrived by cycle now (what
 * icnt_peek would find), without a call. */
static inline int icnt_has_arrived(const struct icnt *n, uint32_t dst, uint64_t now)
{
    const struct icnt_fifo *out = &n->out[dst];
    return out->count && out->p[out->head].ready <= now;
}

int icnt_init(struct icnt *n, const struct icnt_config *cfg, char *err, size_t errlen);
void icnt_free(struct icnt *n);
/* Flits of a packet of `bytes` bytes (at least 1). */
static inline uint32_t icnt_flits(const struct icnt *n, uint32_t bytes)
{
    uint32_t f = (bytes + n->cfg.flit_bytes - 1) / n->cfg.flit_bytes;
    return f ? f : 1;
}
/* Whether source src takes a packet of `bytes` bytes now. */
static inline int icnt_can_push_bytes(const struct icnt *n, uint32_t src, uint32_t bytes)
{
    if (!n->cfg.in_flits)
        return n->in[src].count < n->in[src].cap;
    uint32_t q = n->in_q[src], inj = q > n->cfg.vc_flits ? q - n->cfg.vc_flits : 0;
    return inj + icnt_flits(n, bytes) <= n->cfg.in_flits && n->in[src].count < n->in[src].cap;
}
/* ... a one-flit packet (the crossbar: any packet). */
static inline int icnt_can_push(const struct icnt *n, uint32_t src)
{
    return icnt_can_push_bytes(n, src, 1);
}
/* Queues a packet at a source port; -1 if its FIFO is full. */
int icnt_push(struct icnt *n, uint32_t src, uint32_t dst, uint32_t bytes, uint64_t payload);
/* Starts the packets that can start at cycle now. */
void icnt_cycle(struct icnt *n, uint64_t now);
/* The packet at the head of dst if it has arrived by now. */
int icnt_peek(const struct icnt *n, uint32_t dst, uint64_t now, uint64_t *payload);
/* Takes the head packet of dst at cycle now: its slot is free again at
 * once (icnt_pop, a crossbar without release_delay) or at now +
 * release_delay (icnt_pop_held). */
void icnt_pop(struct icnt *n, uint32_t dst);
void icnt_pop_held(struct icnt *n, uint32_t dst, uint64_t now);
static inline void icnt_pop_at(struct icnt *n, uint32_t dst, uint64_t now)
{
    if (n->held)
        icnt_pop_held(n, dst, now);
    else
        icnt_pop(n, dst);
}
/* Earliest cycle >= now at which icnt_cycle could start a packet or a
 * packet is at a destination head (heads already there count as now, so
 * a consumer that does not pop keeps this at now); ICNT_NEVER if nothing is
 * pending (packets waiting only for a full destination count as nothing). */
uint64_t icnt_next_event(struct icnt *n, uint64_t now);
/* Earliest cycle >= now at which icnt_cycle could start a packet, or
 * ICNT_NEVER. */
uint64_t icnt_next_start(struct icnt *n, uint64_t now);
/* The cycle the head packet of destination dst arrives (it holds one). */
static inline uint64_t icnt_head_ready(const struct icnt *n, uint32_t dst)
{
    return n->out[dst].p[n->out[dst].head].ready;
}
/* ORs into out (in_words words) the sources that started a packet since
 * the last call, and forgets them. */
void icnt_take_started(struct icnt *n, uint64_t *out);
/* Packets anywhere in the network. */
uint32_t icnt_busy(const struct icnt *n);

#endif
