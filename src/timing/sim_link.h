/* The link between the SMs and the memory system under ccgpu_sim_lookahead
 * L > 0 (docs/parallel.md): every hand-off between an SM and the memory
 * system is a timestamped message that the other side sees Q core cycles
 * later (Q: L interconnect cycles in core cycles, at least 1), so the two
 * sides can each simulate a quantum of Q cycles, [T, T + Q), on their own
 * and exchange what they sent at its end:
 *
 *   requests: an SM's push at cycle s reaches its port at s + Q; the memory
 *     side pushes it into the memory system then (in (cycle, SM) order),
 *     or, when the port turns it away (a router's flit limit), keeps it in
 *     the port's staging FIFO and tries again at the memory system's events;
 *   replies: a reply the memory side pops at u reaches its SM at u + Q;
 *   credits: the port's room (free packet slots of its request-crossbar
 *     source) and the number of requests it has accepted, sent at u when
 *     either changed, known to the SMs at u + Q. An SM may send while the
 *     requests it sent beyond the last report's accepted count are fewer
 *     than that report's room: they always find a slot (room only shrinks
 *     by their own pushes).
 *
 * Messages sent in a quantum are all visible in the next one, so the two
 * sides share nothing within a quantum; sim_link_exchange hands them over
 * between quanta. The SM side (in groups of ports, struct sim_link_side)
 * and the memory side may run on threads of their own (sim_threads.h); the
 * statistics do not depend on it. */
#ifndef CCGPU_TIMING_SIM_LINK_H
#define CCGPU_TIMING_SIM_LINK_H
#include <stddef.h>
#include <stdint.h>
#include "mem/memsys.h"

/* a request or reply in flight on the link, visible at t */
struct sim_link_msg {
    uint64_t t;
    struct mem_request r;
};

/* a port's credit report, visible at t */
struct sim_link_credit {
    uint64_t t;
    uint32_t port, room;
    uint64_t accepted;
};

struct sim_link_vec {
    void *p;
    size_t n, head, cap, elem;
};

/* The two sides run on different threads (sim_threads.h): what each writes
 * within a quantum starts on its own cache line (SIM_LINK_LINE), so that
 * one side's writes do not keep taking the other's lines away (on a 2-core
 * host this false sharing made both sides a third slower). */
#define SIM_LINK_LINE 64

/* what the SM side knows of one request port */
struct sim_link_port {
    /* (a line each: neighbouring ports may belong to groups on other threads) */
    _Alignas(SIM_LINK_LINE) uint32_t room; /* the last report's room */
    uint64_t accepted; /* the last report's accepted count */
    uint64_t sent;     /* requests the port's SMs have sent */
};

/* the memory side's state of one request port */
struct sim_link_mport {
    struct sim_link_vec staged; /* arrived, not yet taken by the memory system */
    uint64_t accepted;
    uint32_t last_room;
    uint64_t last_accepted;
};

/* The SMs' part of the link for one group of ports (the SM side may run
 * its groups on threads of their own, sim_threads.h): requests its SMs
 * sent this quantum (sm_out, in (cycle, SM) order); replies and credit
 * reports of earlier quanta still to arrive (sm_rep, sm_cred); scratch
 * for sim_link_take_credits' SMs (words of 64 over all SMs, 0 between
 * uses). */
struct sim_link_side {
    _Alignas(SIM_LINK_LINE) struct sim_link_vec sm_out;
    struct sim_link_vec sm_rep, sm_cred;
    uint64_t *wake;
};

struct sim_link {
    /* set at the start and read by both sides */
    uint64_t q;          /* the link latency and quantum, core cycles */
    uint32_t nports, cpp, nsm;
    uint32_t port_words; /* words of 64 in the port bitmasks below */
    struct sim_link_port *ports;   /* the SM side's */
    struct sim_link_mport *mports; /* the memory side's */
    /* the SM side's groups of ports: nsides of them, side_of[port] */
    uint32_t nsides;
    struct sim_link_side *sides;
    uint32_t *side_of;
    /* the memory side's: requests of earlier quanta still to arrive
     * (mem_in); replies and credit reports sent this quantum (mem_rep,
     * mem_cred) */
    _Alignas(SIM_LINK_LINE) struct sim_link_vec mem_in;
    struct sim_link_vec mem_rep, mem_cred;
    uint64_t nstaged;     /* requests in the staging queues */
    /* by port (words of 64): those holding staged requests, and those
     * whose room or accepted count may have changed since their last
     * credit report (a push, or their crossbar source started a packet) */
    uint64_t *staged_ports, *cred_ports;
    uint64_t started;     /* memsys_requests_started at the last credit reports */
    uint64_t polled_tick; /* the memory side's last reply poll */
    uint64_t last_mem;    /* the memory side's last cycle simulated */
    int oom;              /* a vector could not grow */
    char err[256];        /* the memory side's error */
};

/* lookahead L in interconnect cycles over m's clocks, the ports in one
 * group: 0, or -1 out of memory (message in err). */
int sim_link_init(struct sim_link *k, const struct memsys *m, uint32_t lookahead, char *err,
                  size_t errlen);
/* The ports in n groups, port p in group p % n (the first CTAs of a
 * launch, dispatched SM by SM, spread over the groups): 0, or -1 out of
 * memory. Between launches only. */
int sim_link_set_sides(struct sim_link *k, uint32_t n);
/* The group holding SM sm's port. */
static inline uint32_t sim_link_side_of_sm(const struct sim_link *k, uint32_t sm)
{
    return k->side_of[sm / k->cpp];
}
void sim_link_free(struct sim_link *k);
/* A launch's start with the memory system idle: nothing in flight, every
 * port's room as the memory system has it now. */
void sim_link_reset(struct sim_link *k, const struct memsys *m);

/* SM side. Whether port may take one more request, and the send (at cycle
 * now): 0, or -1 out of memory. */
static inline int sim_link_can_send(const struct sim_link *k, uint32_t port)
{
    const struct sim_link_port *p = &k->ports[port];
    return p->sent - p->accepted < p->room;
}
int sim_link_send(struct sim_link *k, uint32_t port, uint64_t now, const struct mem_request *r);
/* The next reply for group side visible at or before now (1, *out), or 0. */
int sim_link_take_reply(struct sim_link *k, uint32_t side, uint64_t now, struct mem_request *out);
/* Applies group side's credit reports visible at or before now: the SMs
 * of each port that may send now are marked in wake (by bit, words of 64);
 * how many ports those are. */
uint32_t sim_link_take_credits(struct sim_link *k, uint32_t side, uint64_t now, uint64_t *wake);
/* The earliest cycle a message still to take reaches group side, or
 * MEMSYS_NEVER; sim_link_sm_next: any group. */
uint64_t sim_link_side_next(const struct sim_link *k, uint32_t side);
uint64_t sim_link_sm_next(const struct sim_link *k);

/* Memory side: simulates the memory system's cycles in [from, end) with
 * the requests arriving then; 0, or -1 with k->err set. */
int sim_link_mem_quantum(struct sim_link *k, struct memsys *m, uint64_t from, uint64_t end);
/* The earliest cycle the memory side has work at (its next event, an
 * arrival), or MEMSYS_NEVER. */
uint64_t sim_link_mem_next(struct sim_link *k, struct memsys *m);
/* Nothing staged or arriving at the memory side. */
int sim_link_mem_empty(const struct sim_link *k);

/* Between quanta (neither side running), after the quantum ending at end:
 * what each side sent becomes what the other receives. -1 (k->err set) if
 * a side left a message visible before end untaken (a bug), or out of
 * memory. */
int sim_link_exchange(struct sim_link *k, uint64_t end);

#endif
