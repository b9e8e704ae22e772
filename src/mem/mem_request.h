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
    uint8_t sectors;      /* 0: all of [addr, addr + bytes); else only the
                             chunks of 1 << sector_log2 bytes whose bits are
                             set (bit 0: the chunk at addr), as a sectored
                             L1's miss on sectors with gaps between them */
    uint8_t sector_log2;
    uint16_t sm;
    int32_t warp;
};

/* A request for the sectors in mask (bit k: the k-th chunk of 1 << log2
 * bytes) of the line at address line: addr and bytes span the first to
 * the last, and a mask with gaps keeps only its own chunks. */
static inline void mem_request_sectors(struct mem_request *r, uint64_t line, uint8_t mask,
                                       uint32_t log2, uint32_t line_chunks)
{
    uint32_t first = (uint32_t)__builtin_ctz(mask ? mask : 1);
    uint32_t last = mask ? 31u - (uint32_t)__builtin_clz(mask) : line_chunks - 1;
    uint32_t run = (uint32_t)(mask >> first);
    r->addr = line + ((uint64_t)first << log2);
    r->bytes = (last - first + 1) << log2;
    if (mask && (run & (run + 1))) { /* (not 2^n - 1: a gap) */
        r->sectors = (uint8_t)run;
        r->sector_log2 = (uint8_t)log2;
    }
}

/* The data bytes the request carries (a write) or wants (a read); line is
 * the L2 line's size, what bytes = 0 means. */
static inline uint32_t mem_request_data_bytes(const struct mem_request *r, uint32_t line)
{
    if (r->sectors)
        return (uint32_t)__builtin_popcount(r->sectors) << r->sector_log2;
    return r->bytes ? r->bytes : line;
}

#endif
