/* A request from an SM to the memory system, and back as its reply. The
 * bytes [addr, addr + bytes) must lie in one L2 line; bytes = 0 means the
 * whole L2 line. Every request gets exactly one reply: read data, or a write
 * acknowledgement (is_write set). */
#ifndef CCGPU_MEM_MEM_REQUEST_H
#define CCGPU_MEM_MEM_REQUEST_H
#include <stdint.h>

struct mem_request {
    uint64_t addr;        /* byte address */
    uint64_t id;          /* the caller's identifier, returned with the reply */
    uint64_t issue_cycle; /* core cycle of memsys_push (set by memsys) */
    uint64_t done_cycle;  /* core cycle the reply became visible (set by memsys) */
    uint32_t bytes;       /* data bytes written or wanted; 0 = the whole L2 line */
    uint8_t is_write;
    uint8_t bypass_l2;    /* do not allocate in the L2 (FG-CB): a read the L2
                             does not hold goes straight to DRAM, so does a
                             write to a line it does not hold */
    uint8_t l2_hit;       /* set by memsys: served by the L2 without DRAM */
    uint8_t is_atomic;    /* an atomic (a read for the memory system): a
                             write-back L2 marks the sectors it updates
                             modified, as GPGPU-Sim's does */
    uint16_t sm;
    int32_t warp;
};

#endif
