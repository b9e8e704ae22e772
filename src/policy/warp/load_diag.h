/* Diagnostics of a load-limiting warp scheduler (ccws:diag=1, swl:N:diag):
 * which warps of an SM may issue loads over time, and what the L1D's
 * evictions and misses do to them. Observation only: a policy feeds it the
 * set of warps allowed to load whenever that set may have changed, and the
 * L1D's evictions and read misses; nothing here feeds back into a decision.
 *
 * A warp slot is, at any cycle, absent (no live warp), held (live, may not
 * issue a load) or loadable. load_diag_set(t, live, allowed) says the state
 * of every slot from cycle t on (t never decreases; a later call at the
 * same t replaces it). From the sequence it counts:
 *
 * - turnover: grants (a slot becoming loadable: at arrival, or from held),
 *   revokes (loadable -> held), exits while loadable; loadable_cycles, the
 *   warp-cycles of loadable intervals (closed or still open), so the mean
 *   time a warp stays loadable is loadable_cycles / grants; set_changes, the
 *   calls at which the loadable set differed from the one before;
 * - throttled_cycles / unthrottled_cycles: cycles with at least one live
 *   warp held / with live warps and none held;
 * - phases (an SM going from no live warp to some), the phases in which a
 *   warp was ever held, the cycles from a phase's start to its first held
 *   warp (lag_cycles, summed over those phases) and the misses before it
 *   (misses_before_throttle, over every phase); with load_diag_vta_hit
 *   (CCWS), the phases with a VTA hit, those whose first held warp came
 *   at or after their first VTA hit, and the cycles between the two
 *   (hit_to_hold_cycles, summed over the latter).
 *
 * load_diag_evict classifies the evicted line's owner slot as loadable,
 * held or absent, and remembers the block in a shadow victim store of that
 * slot (the last `shadow` blocks evicted from it, FIFO, each with whether
 * the owner was held then). load_diag_miss counts a read miss as throttled
 * or not, and looks the block up in the missing slot's shadow: a hit is a
 * re-miss on the warp's own evicted line (the entry is removed), split by
 * whether the warp was held or loadable when the line was evicted.
 * load_diag_clear_slot empties a slot's shadow (a new warp took it). */
#ifndef CCGPU_POLICY_LOAD_DIAG_H
#define CCGPU_POLICY_LOAD_DIAG_H
#include <stddef.h>
#include <stdint.h>

enum load_diag_counter {
    LD_GRANTS, LD_REVOKES, LD_EXIT_LOADABLE, LD_LOADABLE_CYCLES, LD_SET_CHANGES,
    LD_THROTTLED_CYCLES, LD_UNTHROTTLED_CYCLES, LD_PHASES, LD_PHASES_THROTTLED,
    LD_LAG_CYCLES, LD_MISSES_BEFORE_THROTTLE, LD_MISSES_THROTTLED, LD_MISSES_UNTHROTTLED,
    LD_EVICT_LOADABLE, LD_EVICT_HELD, LD_EVICT_ABSENT, LD_REMISS_EVICTED_HELD,
    LD_REMISS_EVICTED_LOADABLE, LD_PHASES_HIT, LD_PHASES_HIT_THEN_HELD, LD_HIT_TO_HOLD_CYCLES,
    LD_N
};
/* "diag.grants", ... in enum order, NULL-terminated */
extern const char *const load_diag_names[LD_N + 1];

#define LOAD_DIAG_SHADOW 64 /* victims remembered per slot */

struct load_diag {
    uint32_t n_slots, shadow;
    uint8_t *state;    /* by slot: 0 absent, 1 held, 2 loadable */
    uint64_t *since;   /* by slot: start of its loadable interval */
    uint64_t *vblock;  /* [slot][shadow] victim blocks, UINT64_MAX = empty */
    uint8_t *vheld;    /* [slot][shadow] owner held at the eviction */
    uint32_t *vnext;   /* by slot: FIFO position */
    uint32_t n_live, n_loadable;
    uint64_t t;        /* cycle of the last load_diag_set */
    int in_phase, phase_throttled, phase_hit;
    uint64_t phase_start, phase_hit_at;
    uint64_t c[LD_N];  /* the counters (loadable_cycles: closed intervals) */
};

/* shadow = victims per slot (>= 1); -1 with a message on bad args or out of
 * memory. */
int load_diag_init(struct load_diag *d, uint32_t n_slots, uint32_t shadow, char *err,
                   size_t errlen);
void load_diag_free(struct load_diag *d);
/* A diagnostics block of LOAD_DIAG_SHADOW victims per slot on the heap for
 * scheduler `who` ("ccws", "swl"); NULL with a message on failure.
 * load_diag_delete frees it (NULL is fine). */
struct load_diag *load_diag_new(uint32_t n_slots, const char *who, char *err, size_t errlen);
void load_diag_delete(struct load_diag *d);
void load_diag_set(struct load_diag *d, uint64_t t, const uint8_t *live, const uint8_t *allowed);
void load_diag_evict(struct load_diag *d, int32_t slot, uint64_t block);
void load_diag_miss(struct load_diag *d, int32_t slot, uint64_t block);
void load_diag_clear_slot(struct load_diag *d, uint32_t slot);
/* A VTA hit at cycle t (t >= the last set's t; counted in the current
 * phase). */
void load_diag_vta_hit(struct load_diag *d, uint64_t t);
/* The counters as of cycle now (>= the last set's t): open loadable
 * intervals and the time since the last set included; d is not changed. */
void load_diag_counters(const struct load_diag *d, uint64_t now, uint64_t *out);

#endif
