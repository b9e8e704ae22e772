#include "analysis/reuse.h"
#include <stdlib.h>
#include <string.h>

int reuse_init(struct reuse_tracker *t)
{
    memset(t, 0, sizeof *t);
    return blockmap_init(&t->last, 1024);
}

void reuse_free(struct reuse_tracker *t)
{
    blockmap_free(&t->last);
    free(t->tree);
    memset(t, 0, sizeof *t);
}

uint64_t reuse_distinct(const struct reuse_tracker *t) { return t->last.count; }

static uint64_t prefix(const struct reuse_tracker *t, uint64_t i)
{
    uint64_t s = 0;
    for (; i; i &= i - 1)
        s += t->tree[i];
    return s;
}

static void add(struct reuse_tracker *t, uint64_t i, uint32_t delta)
{
    for (; i <= t->n; i += i & (~i + 1))
        t->tree[i] += delta; /* delta = UINT32_MAX subtracts one */
}

unsigned reuse_bucket(uint64_t d)
{
    unsigned b = 0;
    while (d) {
        b++;
        d >>= 1;
    }
    return b < REUSE_BUCKETS ? b : REUSE_BUCKETS - 1;
}

int reuse_access(struct reuse_tracker *t, uint64_t block, struct reuse_hist *h,
                 uint64_t *distance)
{
    if (t->n + 1 >= t->cap) {
        uint64_t cap = t->cap ? 2 * t->cap : 4096;
        if (cap > UINT32_MAX)
            return -1;
        uint32_t *p = realloc(t->tree, cap * sizeof *p);
        if (!p)
            return -1;
        t->tree = p;
        t->cap = cap;
    }
    uint64_t now = t->n + 1;
    int added;
    uint32_t *last = blockmap_insert(&t->last, block, (uint32_t)now, &added);
    if (!last)
        return -1;
    /* every block seen has exactly one mark: marks in [1, n] without a query */
    uint64_t marks = t->last.count - (added ? 1 : 0);
    uint64_t d = UINT64_MAX;
    if (added) {
        h->cold++;
    } else {
        uint64_t prev = *last;
        d = marks - prefix(t, prev);
        h->bucket[reuse_bucket(d)]++;
        add(t, prev, UINT32_MAX);
        marks--;
        *last = (uint32_t)now;
    }
    /* append position now with one mark: its node covers (now - lowbit, now] */
    t->n = now;
    uint64_t low = now & (~now + 1);
    t->tree[now] = (uint32_t)(1 + marks - prefix(t, now - low));
    if (distance)
        *distance = d;
    return 0;
}

void reuse_hist_add(struct reuse_hist *sum, const struct reuse_hist *h)
{
    for (int i = 0; i < REUSE_BUCKETS; i++)
        sum->bucket[i] += h->bucket[i];
    sum->cold += h->cold;
}
