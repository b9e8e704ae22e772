/* ccgpu_bypass fgcb: fine-grained cache bypassing per base address
 * (sacat-tpds2017 §4.3). A global access's base address is the launch's
 * allocation that holds it (policy_gpu.h: the allocations the kernel's
 * pointer parameters point into); accesses to memory outside them
 * (local memory, pointers the kernel computed into other allocations) have
 * none and are never bypassed. Per SM, a table of at most `table` base
 * addresses (entries in the order the SM first sees them) counts reads'
 * accesses and misses at the L1 (the L1 lookup: a hit, or not) and at the
 * L2 (each reply to a read the SM sent down: whether the L2 held the line)
 * during the launch's first sampling period; at the access that makes a
 * level's count N_Accesses, that level is bypassed for the base address until
 * the launch ends if its misses exceed M_Misses (bp_table, bypass.h). An L1
 * bypass sends the base address's loads around the L1 (stores stay on the
 * write-evict path); an L2 bypass marks its reads bypass_l2 (counted by the
 * partition as l2_pN.bypassed).
 *   ccgpu_bypass fgcb[:n=1000,m=800,table=7,period=10000,after=start|dwt,
 *                     levels=both|l1|l2,
 *                     window=cycles|accesses]
 * after=dwt opens the window when DWT-CS has settled (SACAT §4.4); then the
 * scheduler must be dwt. window=accesses: no clock closes the window; each
 * base address's level is decided at its N_Accesses-th access whenever that
 * comes (our reading of §4.4's "If any of the base addresses achieves
 * N Accesses memory requests, the number of misses that occurred during this
 * interval is calculated" and §4.3.1's "at least N_Accesses ... should be
 * observed": the sampling interval of a base address is its first N
 * accesses; see docs/sacat.md). */
#include "policy/bypass/bypass.h"
#include <stdio.h>
#include <stdlib.h>

static int fgcb_init(struct bypass *bp, const char *args, char *err, size_t errlen)
{
    struct bp_params p;
    if (bp_params_parse(&p, "fgcb", args, err, errlen))
        return -1;
    struct bp_table *t = calloc(1, sizeof *t);
    if (!t || bp_table_init(t, &p)) {
        free(t);
        snprintf(err, errlen, "ccgpu_bypass fgcb: out of memory");
        return -1;
    }
    bp->state = t;
    return 0;
}

static void fgcb_free(struct bypass *bp)
{
    if (bp->state)
        bp_table_free(bp->state);
    free(bp->state);
}

static int fgcb_l1(struct bypass *bp, uint64_t addr, uint32_t pc, int is_store, uint64_t now)
{
    (void)pc;
    (void)now;
    int r = is_store ? -1 : policy_gpu_region_of(bp->env.gpu, addr);
    return r >= 0 && bp_table_bypass(bp->state, bp->env.gpu, (uint64_t)r, 0);
}

static int fgcb_l2(struct bypass *bp, uint64_t addr, uint32_t pc, uint64_t now)
{
    (void)pc;
    (void)now;
    int r = policy_gpu_region_of(bp->env.gpu, addr);
    return r >= 0 && bp_table_bypass(bp->state, bp->env.gpu, (uint64_t)r, 1);
}

static void fgcb_seen(struct bypass *bp, uint64_t addr, int level, int miss, uint64_t now)
{
    int r = policy_gpu_region_of(bp->env.gpu, addr);
    if (r >= 0)
        bp_table_seen(bp->state, bp->env.gpu, (uint64_t)r, level, miss, now);
}

static void fgcb_l1_seen(struct bypass *bp, uint64_t addr, uint32_t pc, int miss, uint64_t now)
{
    (void)pc;
    fgcb_seen(bp, addr, 0, miss, now);
}

static void fgcb_l2_seen(struct bypass *bp, uint64_t addr, uint32_t pc, int miss, uint64_t now)
{
    (void)pc;
    fgcb_seen(bp, addr, 1, miss, now);
}

static const char *const fgcb_names[] = { "l1_cache_decisions", "l1_bypass_decisions",
                                          "l2_cache_decisions", "l2_bypass_decisions",
                                          "l1_bypassed", "l2_bypassed",
                                          "l1_cached_sample_accesses", "l1_cached_sample_misses",
                                          "l1_cached_after_accesses", "l1_cached_after_misses",
                                          "l2_cached_sample_accesses", "l2_cached_sample_misses",
                                          "l2_cached_after_accesses", "l2_cached_after_misses", NULL };

static void fgcb_counters(struct bypass *bp, uint64_t *out)
{
    const struct bp_table *t = bp->state;
    out[0] = t->decided[0][0];
    out[1] = t->decided[0][1];
    out[2] = t->decided[1][0];
    out[3] = t->decided[1][1];
    out[4] = t->bypassed[0];
    out[5] = t->bypassed[1];
    bp_table_cached_counters(t, &out[6]);
}

static uint32_t bits_for(uint64_t v)
{
    uint32_t b = 1;
    while (b < 63 && (1ull << b) <= v)
        b++;
    return b;
}

/* Table 5: per entry a base-address id (5 bits) and four counters wide
 * enough for N_Accesses (10 bits for 1000) */
static uint64_t fgcb_bits(const struct bypass *bp)
{
    const struct bp_table *t = bp->state;
    return (uint64_t)t->p.cap * (5 + 4 * bits_for(t->p.n_acc));
}

const struct bypass_ops bypass_fgcb = {
    .version = 1,
    .name = "fgcb",
    .init = fgcb_init,
    .free = fgcb_free,
    .l1_bypass = fgcb_l1,
    .l2_bypass = fgcb_l2,
    .l1_seen = fgcb_l1_seen,
    .l2_seen = fgcb_l2_seen,
    .counter_names = fgcb_names,
    .counters = fgcb_counters,
    .storage_bits = fgcb_bits,
};
