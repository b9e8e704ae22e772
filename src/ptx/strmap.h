/* Name -> index hash map used by the PTX front end (registers, symbols,
 * labels, functions). Keys are (pointer, length) pairs that must stay valid
 * while the map is used; the map never copies them. Open addressing with
 * linear probing; no deletion (a scope exit rebinds a name to the value it
 * had, or to STRMAP_NONE). */
#ifndef CCGPU_PTX_STRMAP_H
#define CCGPU_PTX_STRMAP_H
#include <stddef.h>
#include <stdint.h>

#define STRMAP_NONE UINT32_MAX

struct strmap_slot {
    const char *key;
    uint32_t len;
    uint32_t value;
    uint32_t hash;
};

struct strmap {
    struct strmap_slot *slots;
    uint32_t cap;  /* power of two, or 0 */
    uint32_t used; /* occupied slots */
};

/* Value bound to the name, or STRMAP_NONE. */
uint32_t strmap_get(const struct strmap *m, const char *key, size_t len);
/* Binds key to value; returns the previous value (STRMAP_NONE if none), or
 * -2 cast to uint32_t (STRMAP_OOM) when memory runs out. */
#define STRMAP_OOM (UINT32_MAX - 1)
uint32_t strmap_put(struct strmap *m, const char *key, size_t len, uint32_t value);
/* Forgets every key, keeping the storage. */
void strmap_clear(struct strmap *m);
void strmap_free(struct strmap *m);

#endif
