/* Random replacement: a uniformly chosen eligible way, from a per-cache
 * splitmix64 generator seeded by "random:SEED" (default 1), so runs repeat. */
#include "ccgpu_policy.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

struct random_state {
    uint64_t x;
};

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int random_init(struct cache_repl *r, const char *args, char *err, size_t errlen)
{
    uint64_t seed = 1;
    if (args && *args) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(args, &end, 0);
        if (errno || *end || *args == '-') {
            snprintf(err, errlen, "replacement policy random: bad seed '%s'", args);
            return -1;
        }
        seed = v;
    }
    struct random_state *s = malloc(sizeof *s);
    if (!s) {
        snprintf(err, errlen, "replacement policy random: out of memory");
        return -1;
    }
    s->x = seed;
    r->state = s;
    return 0;
}

static void random_free(struct cache_repl *r)
{
    free(r->state);
}

static void random_touch(struct cache_repl *r, uint32_t set, uint32_t way)
{
    (void)r, (void)set, (void)way;
}

static int random_victim(struct cache_repl *r, uint32_t set, const uint64_t *eligible)
{
    (void)set;
    uint32_t n = 0, words = (r->assoc + 63) / 64;
    for (uint32_t i = 0; i < words; i++)
        n += (uint32_t)__builtin_popcountll(eligible[i]);
    if (n == 0)
        return -1;
    uint32_t k = (uint32_t)(splitmix64(&((struct random_state *)r->state)->x) % n);
    for (uint32_t w = 0; w < r->assoc; w++)
        if ((eligible[w >> 6] >> (w & 63)) & 1 && k-- == 0)
            return (int)w;
    return -1;
}

const struct cache_repl_ops cache_repl_random = {
    .version = 1,
    .name = "random",
    .alias = NULL,
    .init = random_init,
    .free = random_free,
    .on_hit = random_touch,
    .on_fill = random_touch,
    .choose_victim = random_victim,
};
