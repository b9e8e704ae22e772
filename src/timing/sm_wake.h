/* The GPU loop's wheel of SM events (ccgpu_sm_wake N > 0; docs/internals.md):
 * which SMs a GPU cycle visits when the loop is driven by SM events. */
#ifndef CCGPU_TIMING_SM_WAKE_H
#define CCGPU_TIMING_SM_WAKE_H
#include "timing/sm.h"
#include <stdint.h>

/* SMs woken by events (ccgpu_fast_paths with the memory system's ports, a
 * launch of at least as many CTAs as SMs):
 * each SM is filed at the cycle of its next event (sm.next_event, at least
 * the cycle after the visit that filed it) in a 256-cycle timing wheel of
 * SM bitmasks, or in `far` beyond it; a GPU cycle visits only the SMs filed
 * at it, the SMs whose reply port has a reply arrived (found from the reply
 * crossbar's busy destinations) and, at a crossbar tick, the SMs holding
 * requests for their port (`outp`), except, with one SM per port, those
 * whose port is full (the request crossbar's in_full). Every other SM's
 * visit would have done
 * nothing (no reply, not due, nothing to send, nothing retired): the loop
 * it replaces visited it only to find that. An SM's next event changes only
 * in its own visit or a dispatch, after which it is filed again. */
struct sm_wake {
    uint32_t slots;     /* the wheel's reach in cycles, a power of two (ccgpu_sm_wake) */
    uint32_t words;     /* 64-bit words per SM bitmask */
    uint64_t *wheel;    /* slots x words: SMs filed at t in slot t % slots */
    uint64_t *occ;      /* slots holding an SM, by bit */
    uint64_t *far;      /* SMs filed at or after the wheel's reach */
    uint64_t far_min;   /* earliest time in far (SM_NEVER: none) */
    uint64_t *key;      /* per SM: the cycle it is filed at, SM_NEVER: not filed */
    /* SMs filed at the cycle after the one being simulated, kept apart from
     * the wheel (the usual case for an SM that issues every cycle: filing
     * and taking it costs a bit each) */
    uint64_t *next1;
    int any_next1;
    uint64_t *outp;     /* SMs with requests for their port */
    uint64_t *visit;    /* this cycle's SMs to visit */
};

/* 0, or -1 when out of memory (sm_wake_free is safe either way). */
int sm_wake_init(struct sm_wake *w, uint32_t nsms, uint32_t slots);
void sm_wake_free(struct sm_wake *w);
/* Nothing filed, no SM with requests for its port. */
void sm_wake_clear(struct sm_wake *w);
void sm_wake_unfile(struct sm_wake *w, uint32_t i);
/* sm_wake_take's parts: far SMs within the wheel's reach from now filed
 * in it; the SMs of a slot added to visit, the slot emptied. */
void sm_wake_promote(struct sm_wake *w, uint64_t now);
void sm_wake_take_slot(struct sm_wake *w, uint32_t slot);

/* The SMs filed at now go to visit (their keys stay now until
 * sm_wake_refile); far ones come into the wheel once within its reach.
 * next1 holds the SMs filed at now (the loop's previous cycle was now - 1,
 * as sm_wake_next answered): taken before far ones come in, which may file
 * some at the cycle after. */
static inline void sm_wake_take(struct sm_wake *w, uint64_t now)
{
    for (uint32_t wi = 0; wi < w->words; wi++) {
        w->visit[wi] = w->next1[wi];
        w->next1[wi] = 0;
    }
    w->any_next1 = 0;
    if (w->far_min - now < w->slots)
        sm_wake_promote(w, now);
    uint32_t slot = (uint32_t)(now & (w->slots - 1));
    if (w->occ[slot / 64] & (1ull << (slot % 64)))
        sm_wake_take_slot(w, slot);
}

/* Every SM to visit (the loop without the wheel). */
static inline void sm_wake_all(struct sm_wake *w, uint32_t nsms)
{
    for (uint32_t wi = 0; wi < w->words; wi++)
        w->visit[wi] = nsms - wi * 64 >= 64 ? ~0ull : (1ull << (nsms - wi * 64)) - 1;
}
/* The earliest cycle after now at which an SM is filed, or SM_NEVER
 * (sm_wake_next_far: when none is filed at now + 1). */
uint64_t sm_wake_next_far(const struct sm_wake *w, uint64_t now);
static inline uint64_t sm_wake_next(const struct sm_wake *w, uint64_t now)
{
    return w->any_next1 ? now + 1 : sm_wake_next_far(w, now);
}

/* Files SM i at cycle t (>= now, the cycle being simulated): in the wheel
 * if within its reach, else in far. */
static inline void sm_wake_file(struct sm_wake *w, uint32_t i, uint64_t t, uint64_t now)
{
    w->key[i] = t;
    if (t == SM_NEVER)
        return;
    uint64_t bit = 1ull << (i % 64);
    if (t == now + 1) {
        w->next1[i / 64] |= bit;
        w->any_next1 = 1;
    } else if (t - now < w->slots) {
        uint32_t slot = (uint32_t)(t & (w->slots - 1));
        w->wheel[(size_t)slot * w->words + i / 64] |= bit;
        w->occ[slot / 64] |= 1ull << (slot % 64);
    } else {
        w->far[i / 64] |= bit;
        if (t < w->far_min)
            w->far_min = t;
    }
}

/* SM i after a visit or a dispatch at cycle now: filed at its next event,
 * no earlier than the next cycle (the loop it replaces went on at now + 1
 * when an SM's event was not after now). */
static inline void sm_wake_refile(struct sm_wake *w, const struct sm *sm, uint32_t i, uint64_t now)
{
    uint64_t t = sm->next_event, k = w->key[i];
    if (t <= now + 1) { /* the usual case: due at the next cycle */
        if (k == now + 1)
            return;
        if (k != now)
            sm_wake_unfile(w, i);
        w->key[i] = now + 1;
        w->next1[i / 64] |= 1ull << (i % 64);
        w->any_next1 = 1;
        return;
    }
    if (t == k)
        return;
    if (k != now) /* (filed at now: taken, its slot already cleared) */
        sm_wake_unfile(w, i);
    sm_wake_file(w, i, t, now);
}

#endif
