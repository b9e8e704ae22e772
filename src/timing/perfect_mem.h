/* gpgpu_perfect_mem: GPGPU-Sim 4.x's perfect memory (shader.h
 * perfect_memory_interface). Every request an SM sends below its L1 (L1
 * misses, write-throughs, bypasses, atomics) is answered by the SM's
 * cluster at once instead of crossing the interconnect to the L2 and DRAM:
 * it enters the cluster's response FIFO in the cycle it leaves the SM, and
 * the FIFO hands one response per core cycle, oldest first, back to its SM
 * from the next cycle on (GPGPU-Sim's simt_core_cluster::icnt_cycle). The
 * FIFO holds gpgpu_n_cluster_ejection_buffer_size responses (default 8);
 * an SM cannot send while it is full. The L1 works as usual (its hits,
 * misses, MSHR merges and fills are counted); the interconnect, L2 and DRAM
 * see nothing, so their statistics stay 0. Read replies count as L2 hits
 * for the bypass policies that watch the L2 (fgcb). */
#ifndef CCGPU_TIMING_PERFECT_MEM_H
#define CCGPU_TIMING_PERFECT_MEM_H
#include <stdint.h>
#include "mem/mem_request.h"

struct perfect_port {
    struct mem_request *q; /* ring of cap; done_cycle = the first cycle it may leave */
    uint32_t head, count, cap;
    uint64_t last_pop;     /* cycle of the last response handed back */
};

/* cap responses; -1 when out of memory. */
int perfect_port_init(struct perfect_port *p, uint32_t cap);
void perfect_port_free(struct perfect_port *p);
static inline int perfect_port_full(const struct perfect_port *p)
{
    return p->count >= p->cap;
}
/* Takes r at core cycle now (the caller checked perfect_port_full). */
void perfect_port_push(struct perfect_port *p, uint64_t now, const struct mem_request *r);
/* The response due at cycle now, if any (one per cycle): 1 and *out. */
int perfect_port_pop(struct perfect_port *p, uint64_t now, struct mem_request *out);
/* The earliest cycle a response can leave; UINT64_MAX when empty. */
uint64_t perfect_port_next(const struct perfect_port *p);

#endif
