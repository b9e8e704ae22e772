#include "policy/cache/cache_repl.h"
#include "policy/cache/repl_lru.h"
#include "policy/guard.h"
#include "policy/plugin.h"
#include <stdio.h>
#include <string.h>

#define CACHE_REPL(sym) extern const struct cache_repl_ops sym;
#include "policy/cache/cache_repl.def"
#undef CACHE_REPL

const struct cache_repl_ops *const cache_repl_table[] = {
#define CACHE_REPL(sym) &sym,
#include "policy/cache/cache_repl.def"
#undef CACHE_REPL
    NULL,
};

static int name_is(const char *name, const char *spec, size_t len)
{
    return name && strlen(name) == len && strncmp(name, spec, len) == 0;
}

int cache_repl_init(struct cache_repl *r, const char *spec, uint32_t nsets, uint32_t assoc,
                    char *err, size_t errlen)
{
    const char *colon = strchr(spec, ':');
    size_t namelen = colon ? (size_t)(colon - spec) : strlen(spec);
    const char *args = colon ? colon + 1 : NULL;
    memset(r, 0, sizeof *r);
    if (nsets == 0 || assoc == 0) {
        snprintf(err, errlen, "replacement policy %s: zero sets or ways", spec);
        return -1;
    }
    r->nsets = nsets;
    r->assoc = assoc;
    if (policy_is_plugin(spec)) {
        const void *ops;
        if (policy_plugin_load(spec, POLICY_CACHE_REPL, &ops, &args, err, errlen))
            return -1;
        /* its victims checked where they enter the cache (guard.h) */
        if (!(r->ops = policy_guard_repl(ops, spec))) {
            snprintf(err, errlen, "replacement policy %s: out of memory", spec);
            return -1;
        }
        if (r->ops->init && r->ops->init(r, args, err, errlen)) {
            policy_guard_repl_free(r->ops);
            r->ops = NULL;
            return -1;
        }
        return 0;
    }
    for (int i = 0; cache_repl_table[i]; i++) {
        const struct cache_repl_ops *ops = cache_repl_table[i];
        if (name_is(ops->name, spec, namelen) || name_is(ops->alias, spec, namelen)) {
            r->ops = ops;
            return ops->init ? ops->init(r, args, err, errlen) : 0;
        }
    }
    snprintf(err, errlen, "unknown replacement policy '%.*s'", (int)namelen, spec);
    return -1;
}

void cache_repl_free(struct cache_repl *r)
{
    if (r->ops && r->ops->free)
        r->ops->free(r);
    policy_guard_repl_free(r->ops);
    r->ops = NULL;
    r->state = NULL;
}

int cache_repl_oldest_eligible(const uint64_t *set_stamps, uint32_t assoc,
                               const uint64_t *eligible)
{
    int best = -1;
    uint64_t oldest = UINT64_MAX;
    if (assoc <= 64) { /* one word: only its eligible ways, lowest first */
        for (uint64_t m = assoc == 64 ? eligible[0] : eligible[0] & ((1ull << assoc) - 1); m;
             m &= m - 1) {
            uint32_t w = (uint32_t)__builtin_ctzll(m);
            if (set_stamps[w] < oldest) {
                oldest = set_stamps[w];
                best = (int)w;
            }
        }
        return best;
    }
    for (uint32_t w = 0; w < assoc; w++)
        if ((eligible[w >> 6] >> (w & 63)) & 1 && set_stamps[w] < oldest) {
            oldest = set_stamps[w];
            best = (int)w;
        }
    return best;
}

int cache_repl_victim_pure(const struct cache_repl_ops *ops)
{
    return ops == &cache_repl_lru || ops == &cache_repl_fifo;
}

uint64_t *cache_repl_lru_stamps(const struct cache_repl *r, uint64_t **clock)
{
    if (r->ops != &cache_repl_lru)
        return NULL;
    struct lru_state *s = r->state;
    *clock = &s->clock;
    return s->stamp;
}
