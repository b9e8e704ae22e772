/* First in, first out: ways are stamped when filled, never on a hit; the
 * victim is the eligible way filled longest ago. */
#include "ccgpu_policy.h"
#include <stdio.h>
#include <stdlib.h>

struct fifo_state {
    uint64_t clock;
    uint64_t stamp[]; /* nsets * assoc */
};

static int fifo_init(struct cache_repl *r, const char *args, char *err, size_t errlen)
{
    if (args && *args) {
        snprintf(err, errlen, "replacement policy fifo takes no arguments (got '%s')", args);
        return -1;
    }
    size_t n = (size_t)r->nsets * r->assoc;
    struct fifo_state *s = calloc(1, sizeof *s + n * sizeof s->stamp[0]);
    if (!s) {
        snprintf(err, errlen, "replacement policy fifo: out of memory");
        return -1;
    }
    r->state = s;
    return 0;
}

static void fifo_free(struct cache_repl *r)
{
    free(r->state);
}

static void fifo_hit(struct cache_repl *r, uint32_t set, uint32_t way)
{
    (void)r, (void)set, (void)way;
}

static void fifo_fill(struct cache_repl *r, uint32_t set, uint32_t way)
{
    struct fifo_state *s = r->state;
    s->stamp[(size_t)set * r->assoc + way] = ++s->clock;
}

static int fifo_victim(struct cache_repl *r, uint32_t set, const uint64_t *eligible)
{
    const struct fifo_state *s = r->state;
    return cache_repl_oldest_eligible(&s->stamp[(size_t)set * r->assoc], r->assoc, eligible);
}

const struct cache_repl_ops cache_repl_fifo = {
    .version = 1,
    .name = "fifo",
    .alias = "F",
    .init = fifo_init,
    .free = fifo_free,
    .on_hit = fifo_hit,
    .on_fill = fifo_fill,
    .choose_victim = fifo_victim,
};
