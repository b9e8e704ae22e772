/* A line request from an SM to the memory system, and back as its reply. */
#ifndef CCGPU_MEM_MEM_REQUEST_H
#define CCGPU_MEM_MEM_REQUEST_H
#include <stdint.h>

struct mem_request {
    uint64_t addr;        /* byte address; the line holding it is requested */
    uint64_t id;          /* the caller's identifier, returned with the reply */
    uint64_t issue_cycle; /* core cycle of memsys_push (set by memsys) */
    uint64_t done_cycle;  /* core cycle the reply became available (set by memsys) */
    uint32_t bytes;       /* data bytes carried (writes) or wanted (reads); 0 = whole line */
    uint8_t sectors;      /* sectors of the line touched (32-byte units); 0 = from addr/bytes */
    uint8_t is_write;
    uint16_t sm;
    int32_t warp;
};

#endif
