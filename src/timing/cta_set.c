#include "timing/cta_set.h"
#include <stdlib.h>
#include <string.h>

#define CTA_SET_CHUNK_BITS 16 /* 65536 CTAs, 8 KB per chunk */

void cta_set_init(struct cta_set *s)
{
    memset(s, 0, sizeof *s);
}

void cta_set_free(struct cta_set *s)
{
    for (uint32_t i = 0; i < s->cap; i++)
        free(s->chunk[i]);
    free(s->chunk);
    cta_set_init(s);
}

int cta_set_reset(struct cta_set *s, uint32_t n)
{
    uint32_t need = (uint32_t)(((uint64_t)n + (1u << CTA_SET_CHUNK_BITS) - 1) >> CTA_SET_CHUNK_BITS);
    for (uint32_t i = 0; i < s->cap; i++) {
        free(s->chunk[i]);
        s->chunk[i] = NULL;
    }
    if (need > s->cap) {
        uint64_t **c = realloc(s->chunk, need * sizeof *c);
        if (!c)
            return -1;
        for (uint32_t i = s->cap; i < need; i++)
            c[i] = NULL;
        s->chunk = c;
        s->cap = need;
    }
    s->nchunks = need;
    return 0;
}

int cta_set_has(const struct cta_set *s, uint32_t id)
{
    uint32_t c = id >> CTA_SET_CHUNK_BITS, b = id & ((1u << CTA_SET_CHUNK_BITS) - 1);
    return c < s->nchunks && s->chunk[c] && (s->chunk[c][b / 64] >> (b % 64) & 1);
}

int cta_set_add(struct cta_set *s, uint32_t id)
{
    uint32_t c = id >> CTA_SET_CHUNK_BITS, b = id & ((1u << CTA_SET_CHUNK_BITS) - 1);
    if (c >= s->nchunks)
        return -1;
    if (!s->chunk[c] && !(s->chunk[c] = calloc((1u << CTA_SET_CHUNK_BITS) / 64, sizeof(uint64_t))))
        return -1;
    s->chunk[c][b / 64] |= 1ull << (b % 64);
    return 0;
}
