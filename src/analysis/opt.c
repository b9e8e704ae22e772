#include "analysis/opt.h"
#include "analysis/cachesim.h"
#include <stdlib.h>
#include <string.h>

void opt_nextuse_init(struct opt_nextuse *o) { memset(o, 0, sizeof *o); }

void opt_nextuse_free(struct opt_nextuse *o)
{
    for (uint32_t i = 0; i < o->nstreams; i++)
        if (o->streams[i].e)
            blockmap_free(&o->streams[i]);
    free(o->streams);
    free(o->next);
    memset(o, 0, sizeof *o);
}

static int push(struct opt_nextuse *o)
{
    if (o->n >= CACHESIM_NEVER - 1)
        return -1;
    if (o->n == o->cap) {
        uint64_t cap = o->cap ? 2 * o->cap : 4096;
        uint32_t *p = realloc(o->next, cap * sizeof *p);
        if (!p)
            return -1;
        o->next = p;
        o->cap = cap;
    }
    o->next[o->n++] = CACHESIM_NEVER;
    return 0;
}

int opt_nextuse_skip(struct opt_nextuse *o) { return push(o); }

int opt_nextuse_add(struct opt_nextuse *o, uint32_t stream, uint64_t block)
{
    if (stream >= o->nstreams) {
        uint32_t n = stream + 1;
        struct blockmap *m = realloc(o->streams, n * sizeof *m);
        if (!m)
            return -1;
        memset(m + o->nstreams, 0, (n - o->nstreams) * sizeof *m);
        o->streams = m;
        o->nstreams = n;
    }
    struct blockmap *m = &o->streams[stream];
    if (!m->e && blockmap_init(m, 1024) != 0)
        return -1;
    uint32_t i = (uint32_t)o->n;
    if (push(o) != 0)
        return -1;
    int added;
    uint32_t *last = blockmap_insert(m, block, i, &added);
    if (!last)
        return -1;
    if (!added) {
        o->next[*last] = i;
        *last = i;
    }
    return 0;
}
