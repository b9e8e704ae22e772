/* ccgpu_bypass pc: per-PC bypassing (the scheme sacat-tpds2017 §4.3.3
 * compares against): the same sampling table, decision and parameters as
 * fgcb (bypass.h's bp_table), keyed by the load instruction (its index in
 * its function) instead of the base address, so that the dependency the
 * paper describes can be shown: a streaming load bypassed leaves a later
 * load of the same lines without the L1 copy it would have reused.
 *   ccgpu_bypass pc[:n=1000,m=800,table=7,period=10000,after=start|dwt,
 *                   levels=both|l1|l2,
 *                   window=cycles|accesses] */
#include "policy/bypass/bypass.h"
#include <stdio.h>
#include <stdlib.h>

static int pc_init(struct bypass *bp, const char *args, char *err, size_t errlen)
{
    struct bp_params p;
    if (bp_params_parse(&p, "pc", args, err, errlen))
        return -1;
    struct bp_table *t = calloc(1, sizeof *t);
    if (!t || bp_table_init(t, &p)) {
        free(t);
        snprintf(err, errlen, "ccgpu_bypass pc: out of memory");
        return -1;
    }
    bp->state = t;
    return 0;
}

static void pc_free(struct bypass *bp)
{
    if (bp->state)
        bp_table_free(bp->state);
    free(bp->state);
}

static int pc_l1(struct bypass *bp, uint64_t addr, uint32_t pc, int is_store, uint64_t now)
{
    (void)addr;
    (void)now;
    return !is_store && bp_table_bypass(bp->state, bp->env.gpu, pc, 0);
}

static int pc_l2(struct bypass *bp, uint64_t addr, uint32_t pc, uint64_t now)
{
    (void)addr;
    (void)now;
    return bp_table_bypass(bp->state, bp->env.gpu, pc, 1);
}

static void pc_l1_seen(struct bypass *bp, uint64_t addr, uint32_t pc, int miss, uint64_t now)
{
    (void)addr;
    bp_table_seen(bp->state, bp->env.gpu, pc, 0, miss, now);
}

static void pc_l2_seen(struct bypass *bp, uint64_t addr, uint32_t pc, int miss, uint64_t now)
{
    (void)addr;
    bp_table_seen(bp->state, bp->env.gpu, pc, 1, miss, now);
}

static const char *const pc_names[] = { "l1_cache_decisions", "l1_bypass_decisions",
                                        "l2_cache_decisions", "l2_bypass_decisions",
                                        "l1_bypassed", "l2_bypassed",
                                        "l1_cached_sample_accesses", "l1_cached_sample_misses",
                                        "l1_cached_after_accesses", "l1_cached_after_misses",
                                        "l2_cached_sample_accesses", "l2_cached_sample_misses",
                                        "l2_cached_after_accesses", "l2_cached_after_misses", NULL };

static void pc_counters(struct bypass *bp, uint64_t *out)
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

/* per entry a 16-bit PC tag and four 10-bit counters (N_Accesses 1000) */
static uint64_t pc_bits(const struct bypass *bp)
{
    const struct bp_table *t = bp->state;
    uint32_t b = 1;
    while (b < 63 && (1ull << b) <= t->p.n_acc)
        b++;
    return (uint64_t)t->p.cap * (16 + 4 * b);
}

const struct bypass_ops bypass_pc = {
    .version = 1,
    .name = "pc",
    .init = pc_init,
    .free = pc_free,
    .l1_bypass = pc_l1,
    .l2_bypass = pc_l2,
    .l1_seen = pc_l1_seen,
    .l2_seen = pc_l2_seen,
    .counter_names = pc_names,
    .counters = pc_counters,
    .storage_bits = pc_bits,
};
