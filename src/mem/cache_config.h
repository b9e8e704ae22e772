/* Cache configuration, and the parser for GPGPU-Sim's cache strings
 * (gpgpu_cache:dl1, gpgpu_cache:dl2, ...):
 *
 *   [T:]nsets:line:assoc,R:W:A:WA[:I],M:entries:merge,mq[:fifo[:port]]
 *
 *   T   N normal, S sectored (32-byte sectors); absent in GPGPU-Sim 3.x strings
 *   R   replacement: L lru, F fifo (any ccgpu policy name also works: "lru")
 *   W   write policy: R read-only, B write-back, T write-through, E write-evict,
 *       L local write-back / global write-through (cache_access.is_local)
 *   A   allocation: m on miss, f on fill, s streaming (= on fill, as GPGPU-Sim)
 *   WA  write allocate: N no, W yes; F (fetch-on-write) and L (lazy fetch on
 *       read) are accepted and treated as W
 *   I   set index: L linear, P ipoly, H fermi hash (absent: linear);
 *       X (bitwise xor) and C (custom) are rejected as not modelled
 *   M   MSHR kind: A associative, S sector-associative (both one model);
 *       F and T (texture FIFOs) are rejected as not modelled
 *   entries, merge  MSHR entries and requests merged per entry
 *   mq  miss queue entries
 *   fifo, port  result FIFO and data port width: parsed, not modelled
 * "none" disables the cache. */
#ifndef CCGPU_MEM_CACHE_CONFIG_H
#define CCGPU_MEM_CACHE_CONFIG_H
#include <stddef.h>
#include <stdint.h>

enum cache_write_policy {
    CACHE_WRITE_BACK,
    CACHE_WRITE_THROUGH,
    CACHE_WRITE_EVICT, /* a store hit invalidates the line; the write goes down */
    CACHE_READ_ONLY,   /* writes are passed down like write-evict */
    CACHE_WRITE_LOCAL_WB_GLOBAL_WT, /* write-back for local accesses, else write-through */
};

enum cache_alloc_policy {
    CACHE_ALLOC_ON_MISS, /* a line is reserved when the miss is sent */
    CACHE_ALLOC_ON_FILL, /* a line is chosen when the data returns */
};

struct cache_config {
    int disabled;         /* "none" */
    uint32_t nsets;       /* power of two */
    uint32_t line_size;   /* bytes, power of two */
    uint32_t assoc;
    uint32_t sector_size; /* == line_size unless sectored; at most 8 sectors */
    enum cache_write_policy write_policy;
    enum cache_alloc_policy alloc_policy;
    int write_allocate;   /* write misses allocate (write-back caches) */
    int streaming;        /* written 's': allocates on fill, except that an adaptive L1
                           * (gpgpu_adaptive_cache_config) of a kernel without shared
                           * memory allocates on miss, as GPGPU-Sim 4.x */
    char repl[256];       /* replacement policy spec, e.g. "lru", "random:42", "plugin:x.so" */
    char index[256];      /* set-index spec, e.g. "linear", "ipoly" */
    uint32_t mshr_entries;
    uint32_t mshr_max_merge;
    uint32_t miss_queue;
    uint32_t result_fifo;     /* parsed only */
    uint32_t data_port_width; /* parsed only */
    /* address bits the set index leaves out (not parsed: an L2 slice's
     * sub-partition bits, which are the same for all its lines) */
    uint64_t index_drop;
};

/* Fills cfg from a GPGPU-Sim string; on error -1 and a one-line message
 * naming the field. */
int cache_config_parse(struct cache_config *cfg, const char *str, char *err, size_t errlen);
/* Checks a filled-in configuration (also called by the parser). */
int cache_config_validate(const struct cache_config *cfg, char *err, size_t errlen);
/* Replaces the replacement policy and/or set-index function (each NULL to
 * keep) by a full spec ("name[:args]" or "plugin:PATH[:args]") and checks it
 * by building a trial instance; -1 with a message otherwise. */
int cache_config_set_policies(struct cache_config *cfg, const char *repl, const char *index,
                              char *err, size_t errlen);
/* Writes the configuration back as a GPGPU-Sim string (4.x form). */
int cache_config_format(const struct cache_config *cfg, char *buf, size_t len);

#endif
