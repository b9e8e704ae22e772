/* The locality scoring system of CCWS (ccws-micro2012 §3.3.4-3.3.5, Fig. 5
 * items 15-19, Fig. 6): one lost-locality score (LLS) per warp on an SM,
 * and the cutoff test that decides which warps may issue loads.
 *
 * - A warp assigned to the SM starts at the base score.
 * - On a VTA hit of the warp its score is raised to the lost-locality
 *   detected score LLDS = (VTA hits / instructions issued) x K_THROTTLE x
 *   CumLLSCutoff (Eq. 1), the hit included. The counts are this SM's since
 *   it was created, or with resident_window (the public release) those of
 *   the warps now on the SM: a warp's hits and instructions leave the
 *   counts when it exits, so a kernel's early phases or a previous kernel
 *   do not dilute the current rate. Reading of "increased to the LLDS ...
 *   capping each wavefront's score at LLDS, regardless of how many VTA hits
 *   it has received": the score becomes max(current score, LLDS) - hits do not add
 *   up, and a hit never lowers a score (a warp still decaying from an older,
 *   larger LLDS keeps it). LLDS is an integer (floor of Eq. 1).
 * - Scores fall by one point per `decay_period` cycles until they reach the
 *   base. Scores are kept in units of 1/decay_period point, so they fall by
 *   one unit per cycle (a fractional point per cycle, not a staircase).
 *   Decay is lazy: a score is (value, cycle it was set); its value at cycle
 *   t is max(base, value - (t - cycle)), identical to decaying once per
 *   cycle.
 * - Cutoff = NumActiveWarps x base, NumActiveWarps = warps assigned to the
 *   SM and not exited. Scores are sorted largest first (equal scores: older
 *   warp first, as GTO would prefer it, then lower slot), prefix-summed, and
 *   a warp may issue loads when the prefix sum through its own score is at
 *   most the cutoff: a warp straddling the cutoff is throttled (with every
 *   score at base the sum is exactly the cutoff, so all may issue). The
 *   first warp in the order may always issue loads: it is the warp losing
 *   the most locality, and when its LLDS alone exceeds the cutoff nothing
 *   else would issue a load until it decayed. Option cross=allow gives the
 *   other reading: a warp may issue when the sum of the scores before it is
 *   below the cutoff (the straddling warp issues).
 *
 * release_scoring (ccws:scoring=release) follows the authors' public release
 * (scheduling-point-system.cc) instead, for fidelity studies: on a VTA hit
 * the score becomes the LLDS (the release adds the LLDS and caps at it), or
 * the base if the score plus the LLDS does not exceed the base; at the end
 * of every cycle in which the LLDS changed (an issue, a hit, a warp coming
 * or going) a score above the base is capped at the LLDS (the release caps
 * every cycle, which differs only in those cycles) and decays from there; a
 * score at or below the base does not decay, so an LLDS below the base
 * leaves the score below the base; a warp that arrives in a slot a previous
 * warp has left starts at 0 (the release zeroes the slot at exit and never
 * resets it; slots never used start at the base); the warp whose score
 * crosses the cutoff may load (cross=allow).
 *
 * Between two calls that change state (warp added or removed, VTA hit) the
 * set of warps that may load changes only at computable cycles (a decaying
 * score reaching the base, a prefix sum falling to the cutoff); next_change
 * returns the earliest, so callers can skip idle cycles exactly. */
#ifndef CCGPU_POLICY_CCWS_LSS_H
#define CCGPU_POLICY_CCWS_LSS_H
#include <stddef.h>
#include <stdint.h>

#define CCWS_NEVER UINT64_MAX

struct load_diag;

struct ccws_lss_params {
    uint32_t k_throttle; /* K_THROTTLE of Eq. 1; 0 never throttles */
    uint32_t base;       /* base locality score (>= 1) */
    int cross_allowed;   /* 1: the warp that straddles the cutoff may issue */
    uint32_t sample_period; /* min cycles between LLDS samples (0 = every hit) */
    uint32_t max_samples;   /* LLDS samples kept */
    int resident_window;    /* Eq. 1 counts only the warps now on the SM */
    uint32_t decay_period;  /* cycles per point of decay (0 or 1: every cycle) */
    int release_scoring;    /* the public release's scoring (see above) */
};

struct ccws_llds_sample {
    uint64_t cycle;
    uint64_t llds;
};

struct ccws_lss {
    struct ccws_lss_params p;
    uint32_t n_warps, n_live;
    uint64_t unit;       /* score units per point (= decay_period) */
    uint8_t *live;
    uint8_t *used;       /* slot has hosted a warp (release scoring) */
    int cap_pending;     /* release scoring: the LLDS changed in cycle cap_cycle */
    uint64_t cap_cycle;
    uint64_t *age;
    uint64_t *s0, *t0;   /* score s0 set at cycle t0 */
    uint64_t hot_until;  /* every score is at base from this cycle on */
    uint64_t vta_hits, insts;
    uint64_t *warp_hits, *warp_insts; /* per slot, for resident_window */
    /* the allowed set, valid for cycles [eval_at, next) unless dirty */
    int dirty;
    uint64_t eval_at, next;
    uint8_t *allowed;
    uint32_t n_allowed;
    /* changes whenever an evaluation changes allowed (or a warp comes or
     * goes): a warp held while this stays the same is still held */
    uint64_t allowed_epoch;
    uint8_t *prev_allowed; /* scratch: allowed before an evaluation */
    uint32_t *rank;      /* scratch: live warps in cutoff order */
    uint64_t *sc;        /* scratch: scores at eval_at, by slot */
    /* statistics */
    uint64_t *hist;      /* [n_warps + 1]: cycles with k warps allowed to load
                          * (cycles with no live warp are not counted) */
    uint64_t hist_at;
    uint64_t llds_last, llds_max, llds_sum, raised;
    struct load_diag *diag; /* observer of the allowed set (ccws:diag=1), or NULL */
    struct ccws_llds_sample *samples;
    uint32_t n_samples;
    uint64_t samples_dropped, next_sample;
};

int ccws_lss_init(struct ccws_lss *l, uint32_t n_warps, const struct ccws_lss_params *p,
                  char *err, size_t errlen);
void ccws_lss_free(struct ccws_lss *l);
void ccws_lss_warp_add(struct ccws_lss *l, uint32_t warp, uint64_t age, uint64_t now);
void ccws_lss_warp_remove(struct ccws_lss *l, uint32_t warp, uint64_t now);
/* Release scoring: the LLDS changed at cycle now (the scores are capped at
 * the end of the cycle); applies an earlier cycle's cap first. */
void ccws_lss_llds_changed(struct ccws_lss *l, uint64_t now);
/* Release scoring: applies a cap of a cycle before now (every other entry
 * point does this itself; ccws_lss_score, being const, does not). */
void ccws_lss_settle(struct ccws_lss *l, uint64_t now);
/* warp issued an instruction at cycle now. */
static inline void ccws_lss_issued(struct ccws_lss *l, uint32_t warp, uint64_t now)
{
    if (l->p.release_scoring)
        ccws_lss_settle(l, now); /* an earlier cycle's cap uses that cycle's counts */
    l->insts++;
    if (warp < l->n_warps)
        l->warp_insts[warp]++;
    if (l->p.release_scoring)
        ccws_lss_llds_changed(l, now);
}
/* A VTA hit of warp at cycle now; returns the LLDS it used. */
uint64_t ccws_lss_vta_hit(struct ccws_lss *l, uint32_t warp, uint64_t now);
/* Eq. (1) with the current counts and cutoff. */
uint64_t ccws_lss_llds(const struct ccws_lss *l);
uint64_t ccws_lss_cutoff(const struct ccws_lss *l);
/* In units of 1/decay_period point. */
uint64_t ccws_lss_score(const struct ccws_lss *l, uint32_t warp, uint64_t now);
/* Whether warp may issue a load at cycle now (now never goes backwards). */
int ccws_lss_may_load(struct ccws_lss *l, uint32_t warp, uint64_t now);
/* allowed_epoch with the allowed set brought up to now (as
 * ccws_lss_may_load does before it answers). */
uint64_t ccws_lss_epoch(struct ccws_lss *l, uint64_t now);
/* Warps allowed to load at now. */
uint32_t ccws_lss_n_allowed(struct ccws_lss *l, uint64_t now);
/* Earliest cycle > now at which may_load can answer differently without a
 * state change; CCWS_NEVER if none. */
uint64_t ccws_lss_next_change(struct ccws_lss *l, uint64_t now);
/* Brings the histogram (and the diag observer, which sees the allowed set
 * of every interval) up to cycle now. */
void ccws_lss_account(struct ccws_lss *l, uint64_t now);

#endif
