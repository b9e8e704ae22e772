#include "ptx/strmap.h"
#include <stdlib.h>
#include <string.h>

static uint32_t hash_bytes(const char *s, size_t n)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (uint8_t)s[i]) * 16777619u;
    return h;
}

static struct strmap_slot *find_slot(const struct strmap *m, const char *key, size_t len,
                                     uint32_t h)
{
    uint32_t mask = m->cap - 1;
    for (uint32_t i = h & mask;; i = (i + 1) & mask) {
        struct strmap_slot *s = &m->slots[i];
        if (!s->key)
            return s;
        if (s->hash == h && s->len == len && memcmp(s->key, key, len) == 0)
            return s;
    }
}

uint32_t strmap_get(const struct strmap *m, const char *key, size_t len)
{
    if (!m->cap)
        return STRMAP_NONE;
    struct strmap_slot *s = find_slot(m, key, len, hash_bytes(key, len));
    return s->key ? s->value : STRMAP_NONE;
}

static int grow(struct strmap *m)
{
    uint32_t ncap = m->cap ? m->cap * 2 : 64;
    struct strmap_slot *old = m->slots;
    uint32_t ocap = m->cap;
    m->slots = calloc(ncap, sizeof *m->slots);
    if (!m->slots) {
        m->slots = old;
        return -1;
    }
    m->cap = ncap;
    for (uint32_t i = 0; i < ocap; i++)
        if (old[i].key)
            *find_slot(m, old[i].key, old[i].len, old[i].hash) = old[i];
    free(old);
    return 0;
}

uint32_t strmap_put(struct strmap *m, const char *key, size_t len, uint32_t value)
{
    if ((m->used + 1) * 4 >= m->cap * 3 && grow(m) != 0)
        return STRMAP_OOM;
    uint32_t h = hash_bytes(key, len);
    struct strmap_slot *s = find_slot(m, key, len, h);
    if (s->key) {
        uint32_t old = s->value;
        s->value = value;
        return old;
    }
    s->key = key;
    s->len = (uint32_t)len;
    s->hash = h;
    s->value = value;
    m->used++;
    return STRMAP_NONE;
}

void strmap_clear(struct strmap *m)
{
    if (m->used)
        memset(m->slots, 0, (size_t)m->cap * sizeof *m->slots);
    m->used = 0;
}

void strmap_free(struct strmap *m)
{
    free(m->slots);
    m->slots = NULL;
    m->cap = m->used = 0;
}
