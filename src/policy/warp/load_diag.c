/* Diagnostics of a load-limiting warp scheduler (load_diag.h). */
#include "load_diag.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EMPTY UINT64_MAX

const char *const load_diag_names[LD_N + 1] = {
    "diag.grants", "diag.revokes", "diag.exit_loadable", "diag.loadable_cycles",
    "diag.set_changes", "diag.throttled_cycles", "diag.unthrottled_cycles", "diag.phases",
    "diag.phases_throttled", "diag.lag_cycles", "diag.misses_before_throttle",
    "diag.misses_throttled", "diag.misses_unthrottled", "diag.evict_loadable",
    "diag.evict_held", "diag.evict_absent", "diag.remiss_evicted_held",
    "diag.remiss_evicted_loadable", "diag.phases_hit", "diag.phases_hit_then_held",
    "diag.hit_to_hold_cycles", NULL,
};

int load_diag_init(struct load_diag *d, uint32_t n_slots, uint32_t shadow, char *err,
                   size_t errlen)
{
    *d = (struct load_diag){ 0 };
    if (!shadow) {
        snprintf(err, errlen, "load diagnostics: the shadow victim store needs an entry");
        return -1;
    }
    size_t n = n_slots ? n_slots : 1;
    d->n_slots = n_slots;
    d->shadow = shadow;
    d->state = calloc(n, 1);
    d->since = calloc(n, sizeof *d->since);
    d->vblock = malloc(n * shadow * sizeof *d->vblock);
    d->vheld = calloc(n * shadow, 1);
    d->vnext = calloc(n, sizeof *d->vnext);
    if (!d->state || !d->since || !d->vblock || !d->vheld || !d->vnext) {
        load_diag_free(d);
        snprintf(err, errlen, "load diagnostics: out of memory");
        return -1;
    }
    for (size_t i = 0; i < n * shadow; i++)
        d->vblock[i] = EMPTY;
    return 0;
}

void load_diag_free(struct load_diag *d)
{
    free(d->state);
    free(d->since);
    free(d->vblock);
    free(d->vheld);
    free(d->vnext);
    *d = (struct load_diag){ 0 };
}

struct load_diag *load_diag_new(uint32_t n_slots, const char *who, char *err, size_t errlen)
{
    struct load_diag *d = malloc(sizeof *d);
    if (!d) {
        snprintf(err, errlen, "gpgpu_scheduler %s: out of memory", who);
        return NULL;
    }
    if (load_diag_init(d, n_slots, LOAD_DIAG_SHADOW, err, errlen)) {
        free(d);
        return NULL;
    }
    return d;
}

void load_diag_delete(struct load_diag *d)
{
    if (d)
        load_diag_free(d);
    free(d);
}

/* Cycles [d->t, t) under the current state. */
static void advance(struct load_diag *d, uint64_t t)
{
    if (t <= d->t)
        return;
    if (d->n_live && d->n_loadable < d->n_live)
        d->c[LD_THROTTLED_CYCLES] += t - d->t;
    else if (d->n_live)
        d->c[LD_UNTHROTTLED_CYCLES] += t - d->t;
    d->t = t;
}

void load_diag_set(struct load_diag *d, uint64_t t, const uint8_t *live, const uint8_t *allowed)
{
    if (t < d->t)
        t = d->t; /* never backwards */
    advance(d, t);
    uint32_t n_live = 0, n_loadable = 0;
    int changed = 0;
    for (uint32_t w = 0; w < d->n_slots; w++) {
        uint8_t st = live[w] ? (allowed[w] ? 2 : 1) : 0;
        uint8_t old = d->state[w];
        n_live += st != 0;
        n_loadable += st == 2;
        if (st == old)
            continue;
        if ((st == 2) != (old == 2))
            changed = 1;
        if (st == 2) {
            d->c[LD_GRANTS]++;
            d->since[w] = t;
        } else if (old == 2) {
            d->c[LD_LOADABLE_CYCLES] += t - d->since[w];
            d->c[st == 1 ? LD_REVOKES : LD_EXIT_LOADABLE]++;
        }
        d->state[w] = st;
    }
    d->c[LD_SET_CHANGES] += (uint64_t)changed;
    if (n_live && !d->in_phase) {
        d->in_phase = 1;
        d->phase_throttled = 0;
        d->phase_hit = 0;
        d->phase_start = t;
        d->c[LD_PHASES]++;
    } else if (!n_live) {
        d->in_phase = 0;
    }
    if (d->in_phase && !d->phase_throttled && n_loadable < n_live) {
        d->phase_throttled = 1;
        d->c[LD_PHASES_THROTTLED]++;
        d->c[LD_LAG_CYCLES] += t - d->phase_start;
        if (d->phase_hit) {
            d->c[LD_PHASES_HIT_THEN_HELD]++;
            d->c[LD_HIT_TO_HOLD_CYCLES] += t - d->phase_hit_at;
        }
    }
    d->n_live = n_live;
    d->n_loadable = n_loadable;
}

void load_diag_evict(struct load_diag *d, int32_t slot, uint64_t block)
{
    if (slot < 0 || (uint32_t)slot >= d->n_slots || !d->state[slot]) {
        d->c[LD_EVICT_ABSENT]++;
        return;
    }
    int held = d->state[slot] == 1;
    d->c[held ? LD_EVICT_HELD : LD_EVICT_LOADABLE]++;
    size_t base = (size_t)slot * d->shadow;
    for (uint32_t i = 0; i < d->shadow; i++) {
        if (d->vblock[base + i] == block) { /* evicted again: now the newer record */
            d->vblock[base + i] = EMPTY;
            break;
        }
    }
    uint32_t at = d->vnext[slot];
    d->vblock[base + at] = block;
    d->vheld[base + at] = (uint8_t)held;
    d->vnext[slot] = at + 1 == d->shadow ? 0 : at + 1;
}

void load_diag_miss(struct load_diag *d, int32_t slot, uint64_t block)
{
    if (d->n_live && d->n_loadable < d->n_live)
        d->c[LD_MISSES_THROTTLED]++;
    else
        d->c[LD_MISSES_UNTHROTTLED]++;
    if (d->in_phase && !d->phase_throttled)
        d->c[LD_MISSES_BEFORE_THROTTLE]++;
    if (slot < 0 || (uint32_t)slot >= d->n_slots)
        return;
    size_t base = (size_t)slot * d->shadow;
    for (uint32_t i = 0; i < d->shadow; i++) {
        if (d->vblock[base + i] == block) {
            d->c[d->vheld[base + i] ? LD_REMISS_EVICTED_HELD : LD_REMISS_EVICTED_LOADABLE]++;
            d->vblock[base + i] = EMPTY;
            return;
        }
    }
}

void load_diag_vta_hit(struct load_diag *d, uint64_t t)
{
    if (!d->in_phase || d->phase_hit)
        return;
    d->phase_hit = 1;
    d->phase_hit_at = t > d->t ? t : d->t;
    d->c[LD_PHASES_HIT]++;
}

void load_diag_clear_slot(struct load_diag *d, uint32_t slot)
{
    if (slot >= d->n_slots)
        return;
    for (uint32_t i = 0; i < d->shadow; i++)
        d->vblock[(size_t)slot * d->shadow + i] = EMPTY;
    d->vnext[slot] = 0;
}

void load_diag_counters(const struct load_diag *d, uint64_t now, uint64_t *out)
{
    memcpy(out, d->c, sizeof d->c);
    uint64_t t = now > d->t ? now : d->t;
    if (d->n_live && d->n_loadable < d->n_live)
        out[LD_THROTTLED_CYCLES] += t - d->t;
    else if (d->n_live)
        out[LD_UNTHROTTLED_CYCLES] += t - d->t;
    for (uint32_t w = 0; w < d->n_slots; w++)
        if (d->state[w] == 2)
            out[LD_LOADABLE_CYCLES] += t - d->since[w];
}
