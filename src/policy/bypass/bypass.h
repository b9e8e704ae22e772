/* Cache bypass policies, a policy kind: one file per policy
 * (src/policy/bypass/bypass_NAME.c) filling one struct bypass_ops, listed once in
 * bypass.def, chosen by exact name with ccgpu_bypass ("name" or
 * "name:key=value,..."). One instance per SM.
 *
 * The LD/ST unit asks l1_bypass for each global memory instruction before it
 * enters the L1 path (1: its line requests go around the L1 to the memory
 * system, as .cg loads do), and l2_bypass for each read it sends down (an L1
 * miss or an L1-bypassing read; 1: the request carries bypass_l2, so the L2
 * serves it if it holds the line and otherwise sends it to DRAM without
 * allocating). It reports what it sees: l1_seen for each global read the L1
 * looked up (hit, or not: a miss or a hit on a line being fetched), l2_seen
 * for each reply to a read the SM sent down (whether the L2 held it).
 * now is the core cycle; per-launch state is reset when
 * env.gpu->launch changes (see policy/policy_gpu.h for the base addresses).
 * Decisions depend only on what was reported before, so idle-cycle skipping
 * cannot change them. */
#ifndef CCGPU_POLICY_BYPASS_H
#define CCGPU_POLICY_BYPASS_H
#include <stddef.h>
#include <stdint.h>
#include "policy/policy_gpu.h"

struct bypass;

struct bypass_env {
    uint32_t sm;
    struct policy_gpu *gpu; /* NULL for a trial instance (argument check) */
};

struct bypass_ops {
    int version;      /* 1 */
    const char *name; /* exact name */
    int (*init)(struct bypass *bp, const char *args, char *err, size_t errlen);
    void (*free)(struct bypass *bp);
    /* 1: this global access (pc: instruction index in its function) goes
     * around the L1 */
    int (*l1_bypass)(struct bypass *bp, uint64_t addr, uint32_t pc, int is_store, uint64_t now);
    /* 1: this read is not to allocate in the L2 */
    int (*l2_bypass)(struct bypass *bp, uint64_t addr, uint32_t pc, uint64_t now);
    void (*l1_seen)(struct bypass *bp, uint64_t addr, uint32_t pc, int miss, uint64_t now);
    void (*l2_seen)(struct bypass *bp, uint64_t addr, uint32_t pc, int miss, uint64_t now);
    /* statistics as warp_sched_ops: registered as "bypass.NAME", summed
     * over SMs */
    const char *const *counter_names;
    void (*counters)(struct bypass *bp, uint64_t *out);
    /* SRAM bits the mechanism needs per SM (sacat-tpds2017 Table 5) */
    uint64_t (*storage_bits)(const struct bypass *bp);
};

struct bypass {
    const struct bypass_ops *ops;
    struct bypass_env env;
    void *state;
};

int bypass_init(struct bypass *bp, const char *spec, const struct bypass_env *env, char *err,
                size_t errlen);
void bypass_free(struct bypass *bp);
extern const struct bypass_ops *const bypass_table[];

/* ---- shared by the sampling policies (fgcb per base address, pc per load
 * instruction): a table of at most `cap` keys, each with accesses and
 * misses at L1 and L2 counted during the sampling window [start, start +
 * period); at the access that makes a level's count reach n_acc, that level
 * is bypassed for the key (until the launch ends) if its misses exceed
 * m_miss, else cached. Keys that find the table full, and levels undecided
 * when the window closes, stay cached. */
struct bp_params {
    uint32_t n_acc, m_miss, cap;
    uint64_t period;
    int after_dwt; /* the window opens when DWT-CS has settled (SACAT, §4.4) */
    int levels;    /* bit 0: decide at L1, bit 1: at L2 */
    /* window=accesses: a key's sampling interval is not closed by the
     * clock; it runs from the window's opening until the key's level has
     * seen n_acc accesses (sacat-tpds2017 §4.4: "If any of the base
     * addresses achieves N Accesses memory requests, the number of misses
     * that occurred during this interval is calculated"); period is then
     * unused. Default 0: the window is [start, start +
     * period) and a level short of n_acc when it closes stays cached. */
    int by_accesses;
};
enum { BP_UNDECIDED, BP_CACHE, BP_BYPASS };
struct bp_entry {
    uint64_t key;
    uint32_t acc[2], miss[2];
    uint8_t state[2];
};
struct bp_table {
    struct bp_params p;
    uint64_t launch;   /* env.gpu->launch the entries belong to */
    uint32_t n;
    struct bp_entry *e; /* cap */
    uint64_t decided[2][2]; /* [level][cache, bypass] decisions, all launches */
    uint64_t bypassed[2];   /* accesses sent around each level */
    /* keys decided "cache" at a level: [level][accesses, misses] of their
     * samples, and of their accesses after the decision (to the launch's
     * end) -- a cached key whose later miss rate is far above its sample's
     * lost the lines another, bypassed key used to bring (§4.3.3) */
    uint64_t cached_sample[2][2], cached_after[2][2];
};
/* Parses "n=1000,m=800,table=7,period=10000,after=dwt|start,levels=l1|l2|both,
 * window=cycles|accesses" (any subset; defaults from Table 4) for policy `name`. */
int bp_params_parse(struct bp_params *p, const char *name, const char *args, char *err,
                    size_t errlen);
int bp_table_init(struct bp_table *t, const struct bp_params *p);
void bp_table_free(struct bp_table *t);
/* Counts an access of key at level (0 L1, 1 L2) at now. */
void bp_table_seen(struct bp_table *t, const struct policy_gpu *g, uint64_t key, int level,
                   int miss, uint64_t now);
/* out[0..7]: cached_sample and cached_after for L1 then L2 ([accesses,
 * misses] each), the order of the policies' l1_cached_... counter names */
void bp_table_cached_counters(const struct bp_table *t, uint64_t *out);
/* 1 when key is bypassed at level now. */
int bp_table_bypass(struct bp_table *t, const struct policy_gpu *g, uint64_t key, int level);
#endif
