/* Cache replacement policies, a policy kind: one file per policy
 * (src/policy/cache/repl_NAME.c), each filling one struct cache_repl_ops, listed once
 * in cache_repl.def. Chosen by exact name ("lru", "fifo", "random") or by the
 * GPGPU-Sim replacement letter as alias ("L", "F"); "name:args" passes args to
 * init (e.g. "random:42" seeds the generator).
 *
 * The cache calls on_fill when a way is (re)allocated to a block (at
 * reservation for allocate-on-miss caches), on_hit on every hit, and
 * choose_victim only when no way of the set is invalid; eligible is a bitmap
 * (64 ways per word) of the ways that may be evicted (never reserved ones).
 * A policy keeps its per-cache state behind r->state. */
#ifndef CCGPU_POLICY_CACHE_REPL_H
#define CCGPU_POLICY_CACHE_REPL_H
#include <stddef.h>
#include <stdint.h>
#include "ccgpu_policy.h"

/* Looks spec ("name" or "name:args") up and initialises r; -1 and a message
 * on an unknown name, bad args or out of memory. */
int cache_repl_init(struct cache_repl *r, const char *spec, uint32_t nsets, uint32_t assoc,
                    char *err, size_t errlen);
void cache_repl_free(struct cache_repl *r);

/* Table of all replacement policies (from cache_repl.def), NULL-terminated. */
extern const struct cache_repl_ops *const cache_repl_table[];
/* Whether ops->choose_victim only reads the policy's state (lru, fifo), so
 * the cache may leave out a choice it would not use. */
int cache_repl_victim_pure(const struct cache_repl_ops *ops);
/* The built-in LRU's state, for a cache's specialised path: a hit or fill
 * of (set, way) stamps stamps[set * assoc + way] with ++*clock, the victim
 * is the eligible way with the smallest stamp (the lowest on a tie). NULL
 * for any other policy (a plugin's included). */
uint64_t *cache_repl_lru_stamps(const struct cache_repl *r, uint64_t **clock);

#endif
