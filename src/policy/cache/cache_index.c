#include "policy/cache/cache_index.h"
#include "policy/guard.h"
#include "policy/plugin.h"
#include <stdio.h>
#include <string.h>

#define CACHE_INDEX(sym) extern const struct cache_index_ops sym;
#include "policy/cache/cache_index.def"
#undef CACHE_INDEX

const struct cache_index_ops *const cache_index_table[] = {
#define CACHE_INDEX(sym) &sym,
#include "policy/cache/cache_index.def"
#undef CACHE_INDEX
    NULL,
};

int cache_index_init(struct cache_index *idx, const char *spec, uint32_t nsets, char *err,
                     size_t errlen)
{
    const char *colon = strchr(spec, ':');
    size_t namelen = colon ? (size_t)(colon - spec) : strlen(spec);
    const char *args = colon ? colon + 1 : NULL;
    memset(idx, 0, sizeof *idx);
    if (nsets == 0) {
        snprintf(err, errlen, "cache index %s: zero sets", spec);
        return -1;
    }
    idx->nsets = nsets;
    while ((1u << idx->log2_nsets) < nsets)
        idx->log2_nsets++;
    if (policy_is_plugin(spec)) {
        const void *ops;
        if (policy_plugin_load(spec, POLICY_CACHE_INDEX, &ops, &args, err, errlen))
            return -1;
        /* its sets checked where they enter the cache (guard.h) */
        if (!(idx->ops = policy_guard_index(ops, spec))) {
            snprintf(err, errlen, "index function %s: out of memory", spec);
            return -1;
        }
        if (idx->ops->init && idx->ops->init(idx, args, err, errlen)) {
            cache_index_free(idx);
            return -1;
        }
        return 0;
    }
    for (int i = 0; cache_index_table[i]; i++) {
        const struct cache_index_ops *ops = cache_index_table[i];
        int match = (strlen(ops->name) == namelen && strncmp(ops->name, spec, namelen) == 0) ||
                    (ops->alias && strlen(ops->alias) == namelen &&
                     strncmp(ops->alias, spec, namelen) == 0);
        if (match) {
            idx->ops = ops;
            return ops->init ? ops->init(idx, args, err, errlen) : 0;
        }
    }
    snprintf(err, errlen, "unknown cache index function '%.*s'", (int)namelen, spec);
    return -1;
}

void cache_index_free(struct cache_index *idx)
{
    policy_guard_index_free(idx->ops);
    idx->ops = NULL;
}
