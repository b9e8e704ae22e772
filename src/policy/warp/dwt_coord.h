/* The DWT-CS coordinator (sacat-tpds2017 §4.1): GPU-wide state shared by the
 * dwt/sacat warp schedulers of all SMs, kept in the simulation context
 * (policy_gpu.dwt). Per launch, with P the sampling period and times counted
 * from the launch's start t0:
 *   detect   periods k = 0, 1, ... ([t0 + kP, t0 + (k+1)P)): at the end of
 *            each the GPU's L1 MPKI (read misses per 1000 instructions,
 *            summed over the SMs) is compared with the threshold; after N
 *            periods in a row above it (§4.1.1), at b: thrashing. With
 *            detect=first only the first N periods are tested (§4.4's
 *            wording): the first at or below ends the search, no throttling,
 *            settled at that period's end;
 *   remember if this kernel (by name) was sampled before, its warp count is
 *            applied to every SM at b + D (D: the coordinator's communication
 *            delay) and the launch is settled;
 *   sample   otherwise SM i runs i+1 warps per scheduler (capped at the
 *            scheduler's warp slots) from b + D for M periods; at the end
 *            e = b + D + MP the SMs' instruction counts of that window reach
 *            the coordinator, the SM with the most wins (ties: the lower id),
 *            and its count is applied to every SM at e + D for the rest of
 *            the launch and remembered for the kernel's later launches.
 * FG-CB's window under SACAT (dwt_coord_fgcb_at) opens at t0 + NP when the
 * first N periods did not find thrashing, else when the throttling settles.
 * Readings where the paper gives no number or is ambiguous: N = 3 and M = 3
 * (the paper's "about 60 K cycles" to settle at P = 10 K), the MPKI counts
 * thread instructions (GPGPU-Sim's instruction count; unit=warp counts warp
 * instructions), D is paid once per direction of a decision, thrashing is
 * found at most once per launch ("detects thrashing only once", §4.1.2), and
 * the default detect=consecutive follows §4.1.1 (a kernel whose first period
 * is a warm-up below the threshold is still throttled).
 *
 * Counting is lazy but exact: every call passes the SM's current cycle, and
 * dwt_coord_advance(now) closes the windows that ended at or before now
 * before anything at now is counted. The GPU visits cycles in order, so a
 * window's counts are complete when it is closed, with or without idle-cycle
 * skipping; the SMs announce the next change with dwt_coord_next_event. */
#ifndef CCGPU_POLICY_DWT_COORD_H
#define CCGPU_POLICY_DWT_COORD_H
#include <stddef.h>
#include <stdint.h>
#include "policy/policy_gpu.h"

#define DWT_NEVER UINT64_MAX
#define DWT_MEM_MAX 16

struct dwt_params {
    uint64_t period;    /* p=   sampling period, core cycles (10000) */
    double mpki;        /* mpki= threshold (10) */
    uint32_t n_detect;  /* n=   periods tested (3) */
    uint32_t m_sample;  /* m=   periods sampled (3) */
    uint32_t delay;     /* delay= coordinator communication, cycles (200) */
    uint32_t mem;       /* mem= kernels remembered (5, Table 5) */
    int thread_insts;   /* unit=thread (1) or warp (0) */
    int first;          /* detect=first (1): only the first N periods are
                         * tested; detect=consecutive (0): any N in a row */
};

struct dwt_coord {
    struct dwt_params p;
    uint32_t n_sms, max_limit;
    uint64_t launch, start;
    int detecting;          /* detection windows still open */
    uint32_t periods;       /* detection periods closed */
    uint32_t run;           /* of them, the last ones in a row above the threshold */
    uint64_t fgcb_at;       /* FG-CB's window opens (SACAT §4.4), DWT_NEVER until known */
    uint64_t next;          /* end of the open window (detect or sample), DWT_NEVER */
    uint64_t win_miss, win_insts;
    uint64_t sample_start, sample_end, settled_at;
    uint32_t limit;         /* applied from settled_at; 0 = no limit */
    uint64_t *sm_insts;     /* per SM, in the sampling window */
    char kernel[128];
    struct { char name[128]; uint32_t limit; } memo[DWT_MEM_MAX];
    uint32_t nmemo, memo_next;
    /* statistics (all launches) */
    uint64_t launches, thrashing, sampled, remembered, limit_sum;
    uint32_t last_limit;
};

/* Parses "p=10000,mpki=10,n=3,m=3,delay=200,mem=5,unit=thread|warp,
 * detect=consecutive|first" (any
 * subset, defaults as above); -1 with a message naming `policy`. */
int dwt_params_parse(struct dwt_params *p, const char *policy, const char *args, char *err,
                     size_t errlen);
/* The coordinator of g (created on first use with p; the SMs of one GPU
 * share it, so every SM must pass the same parameters). NULL on OOM. */
struct dwt_coord *dwt_coord_get(struct policy_gpu *g, const struct dwt_params *p,
                                uint32_t max_limit);
void dwt_coord_free(struct dwt_coord *c);
/* Closes windows that ended at or before now (and starts a new launch's
 * state when g->launch changed). */
void dwt_coord_advance(struct dwt_coord *c, const struct policy_gpu *g, uint64_t now);
void dwt_coord_count_miss(struct dwt_coord *c, const struct policy_gpu *g, uint64_t now);
void dwt_coord_count_insts(struct dwt_coord *c, const struct policy_gpu *g, uint32_t sm,
                           uint32_t insts, uint64_t now);
/* Warps per scheduler SM sm may run at now (0 = no limit). */
uint32_t dwt_coord_limit(struct dwt_coord *c, const struct policy_gpu *g, uint32_t sm,
                         uint64_t now);
/* Earliest cycle > now at which a limit may change, DWT_NEVER if none. */
uint64_t dwt_coord_next_event(struct dwt_coord *c, const struct policy_gpu *g, uint64_t now);
/* Cycle the launch's throttling settled (the final count applies, or with
 * detect=first no thrashing was found), DWT_NEVER while not known at now. */
uint64_t dwt_coord_settled(struct dwt_coord *c, const struct policy_gpu *g, uint64_t now);
/* Cycle FG-CB's sampling window opens under SACAT (see above), DWT_NEVER
 * while not known at now. */
uint64_t dwt_coord_fgcb_at(struct dwt_coord *c, const struct policy_gpu *g, uint64_t now);

#endif
