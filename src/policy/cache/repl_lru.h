/* The built-in LRU's state (repl_lru.c), read by the cache's LRU path
 * through cache_repl_lru_stamps (cache_repl.c). Needs only <stdint.h>:
 * repl_lru.c also builds as a plugin against include/ alone. */
#ifndef CCGPU_POLICY_CACHE_REPL_LRU_H
#define CCGPU_POLICY_CACHE_REPL_LRU_H
#include <stdint.h>

struct lru_state {
    uint64_t clock;
    uint64_t stamp[]; /* nsets * assoc */
};

#endif
