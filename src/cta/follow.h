/* Following an AWSS schedule in the timing model's CTA dispatcher (the
 * schedule: and awss: CTA policies). Reading of the paper (TODAES 2014,
 * Sec. 2.2 and Eq. 3): TLP is the number of CTAs running on the whole GPU;
 * consecutive steps of equal TLP need no synchronisation, so they form one
 * phase that runs as a fixed-TLP launch would: at most TLP CTAs resident
 * GPU-wide, CTAs dispatched in the schedule's order as others retire. A TLP
 * change is a synchronisation: the next phase starts when every CTA of the
 * current one has retired plus ccgpu_cta_sync_cycles, and is dispatched
 * round-robin over the SMs. With `every`, every step boundary synchronises
 * (each step is its own phase). */
#ifndef CCGPU_CTA_FOLLOW_H
#define CCGPU_CTA_FOLLOW_H
#include "cta/awss.h"
#include <stddef.h>
#include <stdint.h>

struct cta_follow {
    struct awss_schedule s;
    uint32_t nphases;
    uint32_t *phase_end; /* order[] index one past each phase's last CTA */
    uint32_t *phase_tlp;
    uint32_t phase, pos, resident;
    int waiting;         /* between phases, until the dispatcher wakes us */
    uint64_t syncs;      /* synchronisations performed this launch */
};

/* Takes over *s (which is left empty). Checks the schedule covers
 * 0..nctas-1 exactly once and that no phase's TLP exceeds gpu_slots (SMs x
 * CTAs per SM). 0, or -1 with a one-line reason (prefixed by what). */
int cta_follow_start(struct cta_follow *f, struct awss_schedule *s, uint32_t nctas,
                     uint32_t gpu_slots, int every, const char *what, char *err, size_t errlen);
void cta_follow_free(struct cta_follow *f);
/* The next CTA to dispatch now, or UINT32_MAX. */
uint32_t cta_follow_next(struct cta_follow *f);
/* A CTA retired at now: 1 when a phase just ended and another follows (the
 * caller sets the dispatcher's wake-up at now + sync cost). */
int cta_follow_done(struct cta_follow *f);
void cta_follow_wake(struct cta_follow *f);

#endif
