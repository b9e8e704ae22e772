/* Least recently used: a per-cache use counter stamps each way on hit and
 * fill; the victim is the eligible way with the oldest stamp (lowest way on a
 * tie, which only happens between never-used ways). */
#include "ccgpu_policy.h"
#include "repl_lru.h"
#include <stdio.h>
#include <stdlib.h>

static int lru_init(struct cache_repl *r, const char *args, char *err, size_t errlen)
{
    if (args && *args) {
        snprintf(err, errlen, "replacement policy lru takes no arguments (got '%s')", args);
        return -1;
    }
    size_t n = (size_t)r->nsets * r->assoc;
    struct lru_state *s = calloc(1, sizeof *s + n * sizeof s->stamp[0]);
    if (!s) {
        snprintf(err, errlen, "replacement policy lru: out of memory");
        return -1;
    }
    r->state = s;
    return 0;
}

static void lru_free(struct cache_repl *r)
{
    free(r->state);
}

static void lru_touch(struct cache_repl *r, uint32_t set, uint32_t way)
{
    struct lru_state *s = r->state;
    s->stamp[(size_t)set * r->assoc + way] = ++s->clock;
}

static int lru_victim(struct cache_repl *r, uint32_t set, const uint64_t *eligible)
{
    const struct lru_state *s = r->state;
    return cache_repl_oldest_eligible(&s->stamp[(size_t)set * r->assoc], r->assoc, eligible);
}


const struct cache_repl_ops cache_repl_lru = {
    .version = 1,
    .name = "lru",
    .alias = "L",
    .init = lru_init,
    .free = lru_free,
    .on_hit = lru_touch,
    .on_fill = lru_touch,
    .choose_victim = lru_victim,
};
