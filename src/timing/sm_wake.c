/* The GPU loop's wheel of SM events: sm_wake.h. */
#include "timing/sm_wake.h"
#include <stdlib.h>
#include <string.h>

int sm_wake_init(struct sm_wake *w, uint32_t nsms, uint32_t slots)
{
    w->slots = slots ? slots : 1;
    w->words = (nsms + 63) / 64;
    w->wheel = calloc((size_t)w->slots * w->words, sizeof *w->wheel);
    w->occ = calloc((w->slots + 63) / 64, sizeof *w->occ);
    w->far = calloc(w->words, sizeof *w->far);
    w->outp = calloc(w->words, sizeof *w->outp);
    w->visit = calloc(w->words, sizeof *w->visit);
    w->key = calloc(nsms, sizeof *w->key);
    w->next1 = calloc(w->words, sizeof *w->next1);
    return w->wheel && w->occ && w->far && w->outp && w->visit && w->key && w->next1 ? 0 : -1;
}

void sm_wake_free(struct sm_wake *w)
{
    free(w->wheel);
    free(w->occ);
    free(w->far);
    free(w->outp);
    free(w->visit);
    free(w->key);
    free(w->next1);
}

void sm_wake_clear(struct sm_wake *w)
{
    memset(w->wheel, 0, (size_t)w->slots * w->words * sizeof *w->wheel);
    memset(w->occ, 0, (w->slots + 63) / 64 * sizeof *w->occ);
    memset(w->far, 0, w->words * sizeof *w->far);
    memset(w->outp, 0, w->words * sizeof *w->outp);
    memset(w->next1, 0, w->words * sizeof *w->next1);
    w->any_next1 = 0;
    w->far_min = SM_NEVER;
}

/* far_min recomputed from far. */
static void sm_wake_far_min(struct sm_wake *w)
{
    w->far_min = SM_NEVER;
    for (uint32_t wi = 0; wi < w->words; wi++)
        for (uint64_t b = w->far[wi]; b; b &= b - 1) {
            uint64_t k = w->key[wi * 64 + (uint32_t)__builtin_ctzll(b)];
            if (k < w->far_min)
                w->far_min = k;
        }
}

void sm_wake_unfile(struct sm_wake *w, uint32_t i)
{
    uint64_t k = w->key[i], bit = 1ull << (i % 64);
    if (k == SM_NEVER)
        return;
    w->key[i] = SM_NEVER;
    if (w->next1[i / 64] & bit) {
        w->next1[i / 64] &= ~bit;
        return;
    }
    if (w->far[i / 64] & bit) {
        w->far[i / 64] &= ~bit;
        if (k == w->far_min)
            sm_wake_far_min(w);
        return;
    }
    uint32_t slot = (uint32_t)(k & (w->slots - 1));
    uint64_t *b = &w->wheel[(size_t)slot * w->words];
    b[i / 64] &= ~bit;
    for (uint32_t wi = 0; wi < w->words; wi++)
        if (b[wi])
            return;
    w->occ[slot / 64] &= ~(1ull << (slot % 64));
}

/* The SMs filed at now go to visit (unfiled); far ones come into the wheel
 * once within its reach. */
void sm_wake_promote(struct sm_wake *w, uint64_t now)
{
    for (uint32_t wi = 0; wi < w->words; wi++)
        for (uint64_t b = w->far[wi]; b; b &= b - 1) {
            uint32_t i = wi * 64 + (uint32_t)__builtin_ctzll(b);
            if (w->key[i] - now < w->slots) {
                w->far[wi] &= ~(1ull << (i % 64));
                sm_wake_file(w, i, w->key[i], now);
            }
        }
    sm_wake_far_min(w);
}

void sm_wake_take_slot(struct sm_wake *w, uint32_t slot)
{
    uint64_t *b = &w->wheel[(size_t)slot * w->words];
    for (uint32_t wi = 0; wi < w->words; wi++) {
        w->visit[wi] |= b[wi];
        b[wi] = 0;
    }
    w->occ[slot / 64] &= ~(1ull << (slot % 64));
}

/* The first slot at or after from holding an SM, or UINT32_MAX. */
static uint32_t sm_wake_occ_next(const struct sm_wake *w, uint32_t from)
{
    uint32_t nw = (w->slots + 63) / 64, wi = from / 64;
    uint64_t b = w->occ[wi] & (~0ull << (from % 64));
    for (;;) {
        if (b)
            return wi * 64 + (uint32_t)__builtin_ctzll(b);
        if (++wi >= nw)
            return UINT32_MAX;
        b = w->occ[wi];
    }
}

/* The earliest cycle after now at which an SM is filed, or SM_NEVER. */
uint64_t sm_wake_next_far(const struct sm_wake *w, uint64_t now)
{
    uint32_t mask = w->slots - 1, from = (uint32_t)((now + 1) & mask);
    uint32_t slot = sm_wake_occ_next(w, from);
    if (slot == UINT32_MAX && from)
        slot = sm_wake_occ_next(w, 0);
    if (slot == UINT32_MAX)
        return w->far_min;
    uint64_t at = now + 1 + ((slot - from) & mask);
    return at < w->far_min ? at : w->far_min;
}
