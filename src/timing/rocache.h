/* A read-only cache of the SM: the L1 instruction cache (GPGPU-Sim's
 * gpgpu_cache:il1) and the constant cache (gpgpu_const_cache:l1). A
 * set-associative LRU tag array with a few miss entries; each entry holds
 * the line it waits for, whether its request has left for the memory
 * system, and who waits for it (tokens: warp slots for the I-cache, load
 * records for the constant cache), at most max_merge of them. Lines come
 * from the memory system through the interconnect and the L2 like data
 * reads. Contents stay across launches (GPGPU-Sim keeps both caches).
 *
 * Address spaces (apart from device memory, devmem.h, and the local and
 * shared windows, engine.h): code at ROC_CODE_BASE plus the instruction's
 * offset in its module (ROC_INST_BYTES per PTX instruction, functions one
 * after another, as GPGPU-Sim assigns PCs); constant memory at
 * ROC_CONST_BASE and kernel parameters at ROC_PARAM_BASE plus their
 * engine addresses. */
#ifndef CCGPU_TIMING_ROCACHE_H
#define CCGPU_TIMING_ROCACHE_H
#include <stddef.h>
#include <stdint.h>
#include "mem/cache_config.h"

#define ROC_CODE_BASE 0x00007d0000000000ull
#define ROC_CONST_BASE 0x00007c0000000000ull
#define ROC_PARAM_BASE 0x00007c8000000000ull
#define ROC_INST_BYTES 8u
#define ROC_MAX_ENTRIES 64u
#define ROC_MAX_MERGE 64u

struct roc_entry {
    uint64_t line; /* line number (address >> line_shift) */
    uint8_t used, sent;
    uint8_t n;     /* waiters */
    uint16_t tok[ROC_MAX_MERGE];
};

struct roc_stats {
    uint64_t accesses;     /* lookups (one that found no entry counts when retried) */
    uint64_t misses;       /* lookups that sent a request */
    uint64_t hit_reserved; /* lookups of a line already requested */
    uint64_t res_fail;     /* lookups that found no entry (or no room in the line's) */
};

enum roc_miss { ROC_FULL = -1, ROC_MERGED = 0, ROC_NEW = 1 };

struct rocache {
    uint32_t nsets, assoc, line_shift, line_bytes, nentries, max_merge;
    uint64_t *tag;   /* nsets * assoc; line + 1, 0 = invalid */
    uint64_t *used;  /* LRU stamps */
    uint64_t stamp;
    uint64_t epoch;  /* lines evicted or invalidated so far */
    uint32_t unsent; /* entries whose request has not left */
    struct roc_entry *e; /* nentries */
    struct roc_stats st;
};

/* name: the option, for messages */
int rocache_init(struct rocache *rc, const struct cache_config *cfg, const char *name, char *err,
                 size_t errlen);
void rocache_free(struct rocache *rc);
void rocache_invalidate(struct rocache *rc);
/* Drops every miss entry and its waiters (between launches). */
void rocache_reset_entries(struct rocache *rc);
/* Whether line is held (counts an access; a hit refreshes its LRU place). */
int rocache_lookup(struct rocache *rc, uint64_t line);
/* After a failed lookup: tok waits for line in a new entry (ROC_NEW: its
 * request is to be sent), in the line's entry (ROC_MERGED), or not at all
 * (ROC_FULL: retry after a fill). */
enum roc_miss rocache_miss(struct rocache *rc, uint64_t line, uint16_t tok);
/* The line of an entry whose request has not left: 1, or 0 when none. */
int rocache_unsent(const struct rocache *rc, uint64_t *line);
void rocache_mark_sent(struct rocache *rc, uint64_t line);
/* The line arrived: installed, its entry freed; its waiters copied to tok
 * (ROC_MAX_MERGE room); returns their number. */
uint32_t rocache_fill(struct rocache *rc, uint64_t line, uint16_t *tok);

#endif
