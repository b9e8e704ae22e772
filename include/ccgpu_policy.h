/* ccgpu policy API: the interfaces every scheduling and cache policy fills,
 * built-in or loaded from a shared object. The built-in warp schedulers,
 * replacement policies, index functions and CTA dispatch policies in
 * src/policy/ are written against this header and nothing else of the
 * simulator (tests/cli/970_plugins.sh builds some of them as plugins to
 * prove it), except those that share GPU-wide state through
 * src/policy/policy_gpu.h (DWT-CS's coordinator, the launch's base
 * addresses), which is not yet part of this API; bypass policies
 * (src/policy/bypass/bypass.h) are not yet a kind of this API either.
 *
 * Policy kinds, each one struct of hooks (an "ops" struct) picked by name:
 *
 *   warp scheduler     struct warp_sched_ops   gpgpu_scheduler NAME[:args]
 *   cache replacement  struct cache_repl_ops   gpgpu_cache:* replacement field,
 *                                              ccgpu_l1_repl / ccgpu_l2_repl
 *   cache set index    struct cache_index_ops  gpgpu_cache:* index field,
 *                                              ccgpu_l1_index / ccgpu_l2_index
 *   CTA dispatch       struct cta_sched_ops    ccgpu_cta_sched NAME[:args]
 *
 * A plugin is a shared object exporting one `struct ccgpu_policy_plugin`
 * named ccgpu_policy_plugin (use CCGPU_POLICY_PLUGIN below); it is named
 * `plugin:PATH.so[:args]` wherever a built-in name is accepted. The loader
 * checks api_version: a plugin built against another version of this header
 * is refused with a message saying both versions.
 *
 * Versioning: CCGPU_POLICY_API_VERSION changes when a struct below changes
 * layout. Hooks are only ever appended to the end of an ops struct, and an
 * ops struct's `version` field says which hooks it fills, so a later version
 * of ccgpu can add hooks without breaking compiled policies once loading of
 * older versions is supported; today the loader accepts exactly this version.
 *
 * Rules every policy must keep (checked by `ccgpu policy-check`):
 *  - no global mutable state: everything lives behind the instance's state
 *    pointer (a simulation can be created twice in one process);
 *  - deterministic: the same hook calls give the same answers (seed any
 *    randomness from args);
 *  - the hook-specific contracts written beside each hook.
 * A plugin's answers are also checked at run time where they enter the
 * simulator (slots and counts of order and first, next_event's cycle, the
 * victim way, the set, the CTA id and wake-up cycle): the first broken one
 * stops the run with a message naming the policy, the hook, the value and
 * the cycle (docs/extending.md). */
#ifndef CCGPU_POLICY_H
#define CCGPU_POLICY_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CCGPU_POLICY_API_VERSION 2

/* ---- what a policy may know about an instruction ------------------------
 * Hooks receive the instruction as an opaque pointer; ccgpu_inst_info
 * describes it. */
struct ptx_inst;

enum ccgpu_inst_kind {
    CCGPU_INST_ALU,      /* integer and fp32 arithmetic, logic, moves, compares */
    CCGPU_INST_SFU,      /* transcendentals, division */
    CCGPU_INST_DP,       /* fp64 arithmetic */
    CCGPU_INST_LOAD,     /* ld, ldu */
    CCGPU_INST_STORE,    /* st */
    CCGPU_INST_ATOMIC,   /* atom, red */
    CCGPU_INST_PREFETCH, /* prefetch, prefetchu */
    CCGPU_INST_OTHER_MEM, /* other memory-class instructions (tex, surface, ...) */
    CCGPU_INST_BARRIER,  /* bar, barrier, membar, fence */
    CCGPU_INST_BRANCH,   /* bra, call, ret, exit */
    CCGPU_INST_OTHER
};

enum ccgpu_mem_space {
    CCGPU_MEM_NONE,    /* not a memory access */
    CCGPU_MEM_GENERIC, /* no space named: resolved per address at run time */
    CCGPU_MEM_GLOBAL,
    CCGPU_MEM_SHARED,
    CCGPU_MEM_LOCAL,
    CCGPU_MEM_CONST,
    CCGPU_MEM_PARAM,
    CCGPU_MEM_TEX
};

struct ccgpu_inst_info {
    enum ccgpu_inst_kind kind;
    enum ccgpu_mem_space space;
    int l1_bypass;       /* 1 for .cg loads (cache at L2 only) */
    uint32_t ptx_line;   /* line in the PTX text */
    const char *opcode;  /* "ld", "fma", ... */
};
/* Fills *out for inst (never NULL). Exported by ccgpu and libccgpu. */
void ccgpu_inst_info(const struct ptx_inst *inst, struct ccgpu_inst_info *out);

/* ---- L1 observations ------------------------------------------------------ */
enum cache_outcome { CACHE_HIT, CACHE_HIT_RESERVED, CACHE_MISS, CACHE_RESERVATION_FAIL };

enum cache_fail {
    CACHE_FAIL_NONE,
    CACHE_FAIL_LINE_ALLOC,  /* every way of the set is reserved */
    CACHE_FAIL_MSHR_ENTRY,  /* no MSHR entry free */
    CACHE_FAIL_MSHR_MERGE,  /* the block's MSHR entry is full */
    CACHE_FAIL_MISS_QUEUE,  /* the miss queue is full */
    CACHE_NFAIL
};

/* ======================================================================
 * Warp schedulers (the wavefront issue arbiter of ccws-micro2012 Fig. 5).
 *
 * One instance per SM. Warp slot w belongs to scheduler w % env.n_sched.
 * Each cycle the SM asks each scheduler for its priority order (order), then
 * walks it and issues from the first warps that are ready (I-buffer valid,
 * no scoreboard hazard, function unit free) and that can_issue allows.
 * "Age" is the order in which warps were assigned to the SM (a counter the
 * SM increments per warp; warps of one CTA get consecutive ages in warp
 * order, so "ties by lower warp id" holds by construction).
 *
 * Hooks are called in this order for a warp: on_warp_assigned, then any of
 * on_warp_barrier / on_issue, then on_warp_exit. Every hook except order is
 * optional. Time-dependent decisions (a score that decays per cycle) must be
 * announced through next_event so the SM's idle-cycle skipping stays exact:
 * the SM assumes order and can_issue answer the same until the earliest of
 * next_event and the next call of any other hook.
 *
 * The L1D's observations are forwarded to l1_access / l1_reserve / l1_evict
 * with the instance as ctx; the warp argument there is the warp slot that
 * made (or reserved) the access.
 * ====================================================================== */
struct warp_sched;
struct policy_gpu;

#define WARP_SCHED_NEVER UINT64_MAX

struct warp_sched_env {
    uint32_t sm;      /* SM id */
    uint32_t n_slots; /* warp slots on the SM */
    uint32_t n_sched; /* schedulers on the SM */
    uint32_t issue_cycles; /* core cycles a warp instruction holds a SIMD unit
                            * (32 / SIMD width; 1 for a full-warp pipeline) */
    struct policy_gpu *gpu; /* GPU-wide state the built-in policies share (DWT-CS's
                             * coordinator, the launch's base addresses); opaque
                             * to plugins; NULL in a trial instance that only
                             * checks arguments */
};

struct warp_sched_ops {
    int version;       /* 1, or 2 with `first` (at the end) filled */
    const char *name;  /* exact name */
    const char *alias; /* GPGPU-Sim spelling meaning the same, or NULL */
    /* ws->env is set; allocate ws->state. -1 with a message on bad args. */
    int (*init)(struct warp_sched *ws, const char *args, char *err, size_t errlen);
    void (*free)(struct warp_sched *ws);
    void (*on_warp_assigned)(struct warp_sched *ws, uint32_t slot, uint64_t age);
    void (*on_warp_exit)(struct warp_sched *ws, uint32_t slot);
    /* waiting = 1 when the warp starts waiting at a barrier, 0 when released */
    void (*on_warp_barrier)(struct warp_sched *ws, uint32_t slot, int waiting);
    /* Writes scheduler `sched`'s live warp slots to out[] in priority order
     * (highest first) and returns how many: each live warp of the scheduler
     * exactly once, no other slot; out has room for every slot of the
     * scheduler. */
    uint32_t (*order)(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out);
    /* 0 vetoes issuing inst from slot now (the warp is otherwise ready). */
    int (*can_issue)(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                     uint64_t now);
    void (*on_issue)(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                     uint64_t now);
    /* Earliest cycle > now at which order/can_issue may answer differently
     * without another hook being called; NULL or WARP_SCHED_NEVER = never. */
    uint64_t (*next_event)(struct warp_sched *ws, uint64_t now);
    /* L1D observers; ctx is the struct warp_sched. on_access sees every
     * access, failed ones included; evictions are capacity/conflict ones. */
    void (*l1_access)(void *ws, uint64_t block, int32_t warp, int is_write,
                      enum cache_outcome outcome, enum cache_fail fail);
    void (*l1_reserve)(void *ws, uint64_t block, int32_t warp);
    void (*l1_evict)(void *ws, uint64_t block, int32_t warp);
    /* Optional statistics: counter_names is a NULL-terminated list of static
     * names, counters writes their cumulative values in that order. The
     * timing model registers each as "sched.NAME", summed over SMs. */
    const char *const *counter_names;
    void (*counters)(struct warp_sched *ws, uint64_t *out);
    /* Optional: how many of counter_names (a prefix) this instance
     * registers; NULL = all. Lets diagnostic counters stay out of the
     * statistics unless an argument asks for them (counters still writes
     * every value of the list). */
    uint32_t (*n_counters)(struct warp_sched *ws);
    /* Optional, read only when version >= 2: the first slot of cand (a mask
     * of scheduler sched's live slots below 64, by bit) in the order order()
     * would write at now, with the same effect on the state as that call;
     * UINT32_MAX when cand is empty, after the same effect. With it the
     * issue stage takes the order one candidate at a time (only the warps
     * that may issue) instead of having it written out at every walk: a
     * policy whose order() costs a pass over its warps gets cheaper to
     * simulate. warp_ages_greedy_first below is gto's. `ccgpu policy-check`
     * compares it with order(). */
    uint32_t (*first)(struct warp_sched *ws, uint32_t sched, uint64_t now, uint64_t cand);
    /* Optional, read only when version >= 3: waiting = 1 when the warp
     * issues an atomic (atom or red) with active lanes, 0 when the atomic
     * completes. In between the warp issues nothing (GPGPU-Sim counts such
     * a warp as waiting, as one at a barrier: shd_warp_t::waiting). A
     * second atomic cannot start before the first completes, so calls
     * alternate. */
    void (*on_warp_atomic)(struct warp_sched *ws, uint32_t slot, int waiting);
};

struct warp_sched {
    const struct warp_sched_ops *ops;
    struct warp_sched_env env;
    void *state;
    uint64_t now; /* cycle of on_warp_assigned / on_warp_exit and of the L1 hooks (set by the SM) */
    uint32_t lanes; /* active lanes of the instruction on_issue reports (set by the SM) */
};

/* Whether the warp in slot, on the instance's SM, waits on a long-latency
 * load at cycle at: its next instruction reads a register that one of its
 * loads from global, local, parameter or texture memory, or one of its
 * atomics, has not written by then (GPGPU-Sim's Scoreboard::islongop;
 * shared and constant loads are not long). Such a warp cannot issue at at.
 * Meant for order, can_issue and next_event, with at = now, or now + 1 for
 * the answer the next cycle will get unless the SM runs in between (the
 * answer changes only when the warp issues or one of its values becomes
 * ready, and the SM runs its cycle at both). 0 for a slot without a live
 * warp, and where no SM runs the instance (a trial instance checking
 * arguments). Exported by ccgpu and libccgpu. */
int ccgpu_warp_long_wait(const struct warp_sched *ws, uint32_t slot, uint64_t at);

/* ---- helper: live warps of each scheduler in age order -------------------
 * Ages only grow, so assignment appends; exit removes. Policies that order
 * by age keep one of these in their state. */
struct warp_ages {
    uint32_t n_sched, per_sched; /* capacity per scheduler */
    uint32_t *count;             /* live warps per scheduler */
    uint32_t *slot;              /* [sched * per_sched + i], oldest first */
    uint64_t *age;               /* by slot */
};
int warp_ages_init(struct warp_ages *a, const struct warp_sched_env *env);
void warp_ages_free(struct warp_ages *a);
void warp_ages_add(struct warp_ages *a, uint32_t slot, uint64_t age);
void warp_ages_remove(struct warp_ages *a, uint32_t slot);
static inline const uint32_t *warp_ages_list(const struct warp_ages *a, uint32_t sched,
                                             uint32_t *n)
{
    *n = a->count[sched];
    return &a->slot[(size_t)sched * a->per_sched];
}
/* Greedy-then-oldest order (GTO, ccws-micro2012 §5.1): the warp that issued
 * last (greedy, UINT32_MAX for none) first, then the live warps oldest first.
 * Shared by gto, swl and ccws, which differ only in what they veto. */
static inline uint32_t warp_ages_greedy_order(const struct warp_ages *a, uint32_t sched,
                                              uint32_t greedy, uint32_t *out)
{
    uint32_t n, k = 0;
    const uint32_t *list = warp_ages_list(a, sched, &n);
    if (greedy != UINT32_MAX)
        out[k++] = greedy;
    for (uint32_t i = 0; i < n; i++)
        if (list[i] != greedy)
            out[k++] = list[i];
    return k;
}
/* The first slot of cand (a mask of slots below 64 of scheduler sched, by
 * bit) in warp_ages_greedy_order's order, UINT32_MAX when cand is empty:
 * the greedy warp if it is in cand, else the oldest in cand. Picking one
 * warp this way costs a walk of the age list up to that warp instead of
 * the whole order written out. */
static inline uint32_t warp_ages_greedy_first(const struct warp_ages *a, uint32_t sched,
                                              uint32_t greedy, uint64_t cand)
{
    if (greedy < 64 && (cand >> greedy & 1))
        return greedy;
    uint32_t n;
    const uint32_t *list = warp_ages_list(a, sched, &n);
    for (uint32_t i = 0; cand && i < n; i++)
        if (list[i] < 64 && (cand >> list[i] & 1))
            return list[i];
    return UINT32_MAX;
}
/* Parses a positive integer argument ("8"); -1 with a message naming the
 * policy otherwise (NULL args gives dflt). */
int warp_sched_arg_u32(const char *policy, const char *args, uint32_t dflt, uint32_t *out,
                       char *err, size_t errlen);

/* ======================================================================
 * Cache replacement. The cache calls on_fill when a way is (re)allocated to
 * a block (at reservation for allocate-on-miss caches), on_hit on every hit,
 * and choose_victim only when no way of the set is invalid; eligible is a
 * bitmap (64 ways per word) of the ways that may be evicted (never reserved
 * ones). One instance per cache; per-cache state behind r->state.
 * ====================================================================== */
struct cache_repl;
struct cache_repl_ops {
    int version;       /* 1; hooks may be appended later */
    const char *name;  /* exact name */
    const char *alias; /* GPGPU-Sim letter or NULL */
    /* Allocates state for r->nsets x r->assoc; -1 with a message on error. */
    int (*init)(struct cache_repl *r, const char *args, char *err, size_t errlen);
    void (*free)(struct cache_repl *r);
    void (*on_hit)(struct cache_repl *r, uint32_t set, uint32_t way);
    void (*on_fill)(struct cache_repl *r, uint32_t set, uint32_t way);
    /* A way whose bit is set in eligible, or -1 if none is set. */
    int (*choose_victim)(struct cache_repl *r, uint32_t set, const uint64_t *eligible);
};
struct cache_repl {
    const struct cache_repl_ops *ops;
    uint32_t nsets, assoc;
    void *state;
};
/* For policies that order ways by a stamp (LRU: last touch, FIFO: fill):
 * the eligible way of a set with the smallest stamp, or -1 when none is. */
int cache_repl_oldest_eligible(const uint64_t *set_stamps, uint32_t assoc,
                               const uint64_t *eligible);

/* ======================================================================
 * Cache set index. set_of maps a block number (byte address / line size) to
 * a set in [0, nsets). Stateless after init (no free hook): init may only
 * validate args and set idx->param.
 * ====================================================================== */
struct cache_index;
struct cache_index_ops {
    int version;       /* 1; hooks may be appended later */
    const char *name;  /* exact name */
    const char *alias; /* GPGPU-Sim letter or NULL */
    /* Validates args (may be NULL) for idx->nsets sets; -1 with a message on error. */
    int (*init)(struct cache_index *idx, const char *args, char *err, size_t errlen);
    /* Set of a block number (byte address / line size). */
    uint32_t (*set_of)(const struct cache_index *idx, uint64_t block);
};
struct cache_index {
    const struct cache_index_ops *ops;
    uint32_t nsets;      /* a power of two unless the function says otherwise */
    uint32_t log2_nsets;
    uint64_t param;      /* function-specific (e.g. the polynomial) */
};

/* ======================================================================
 * CTA dispatch. The dispatcher owns the resources: it knows which SM has
 * room for one more CTA of the running launch (threads, registers, shared
 * memory, CTA slots) and asks the policy which CTA goes there. At a launch
 * it fills SMs round-robin (one CTA per SM per round, SM 0 first) while they
 * have room; afterwards it asks for an SM whenever a CTA retires from it.
 * next_cta returns a CTA's linear id (each exactly once per launch) or
 * CTA_SCHED_NONE to leave the SM short for now. A policy that refuses must
 * not refuse forever: when no CTA is resident anywhere and CTAs remain, the
 * launch fails with an error naming the policy.
 * ====================================================================== */
#define CTA_SCHED_NONE UINT32_MAX
#define CTA_SCHED_NEVER UINT64_MAX

struct cta_sched;

struct cta_sched_launch {
    const char *kernel;
    uint32_t num_ctas;
    uint32_t grid[3];
    uint32_t warps_per_cta;
    uint32_t num_sms;
    uint32_t max_ctas_per_sm; /* what occupancy allows on one SM */
    uint32_t launch;          /* index of this launch in the run, 0 first */
    uint64_t l2_bytes;        /* configured L2 capacity, all slices */
    const uint64_t *ws_bytes; /* measured working set of each CTA in bytes
                               * (ccgpu_set_cta_worksets), or NULL */
    uint32_t ws_n;            /* its entries; CTAs past them touched no global
                               * memory (working set 0) */
    /* measured line set of each CTA (ccgpu_set_cta_linesets), or NULL: CTA c
     * touched line ids ws_lines[ws_off[c] .. ws_off[c+1]-1] (< ws_nlines),
     * for c < ws_nsets; CTAs past them touched none */
    const uint32_t *ws_off, *ws_lines;
    uint32_t ws_nlines, ws_nsets;
    /* 1, or the CTAs of one thread-block cluster: the launch has clusters,
     * and the policy's CTAs are its clusters. num_ctas and grid then count
     * clusters, warps_per_cta is a cluster's warps, max_ctas_per_sm the
     * clusters one SM holds (at least 1), no working sets are given, and a
     * chosen cluster goes whole to the SM that asked (or, with
     * ccgpu_cluster_spread, from it over its GPC); next_cta's `resident`
     * and on_cta_done's SM count a cluster on that SM, its home, and
     * on_cta_done comes when its last CTA retires. */
    uint32_t cluster_ctas;
};

struct cta_sched_ops {
    int version;       /* 1; hooks may be appended later */
    const char *name;  /* exact name */
    const char *alias; /* or NULL */
    int (*init)(struct cta_sched *cs, const char *args, char *err, size_t errlen);
    void (*free)(struct cta_sched *cs);
    /* A launch begins (CTAs 0 .. num_ctas-1 are all undispatched). 0, or -1
     * with a one-line reason in err (the launch fails). */
    int (*on_launch)(struct cta_sched *cs, const struct cta_sched_launch *l, char *err,
                     size_t errlen);
    /* sm has room for one more CTA and holds `resident` now. */
    uint32_t (*next_cta)(struct cta_sched *cs, uint32_t sm, uint32_t resident, uint64_t now);
    void (*on_cta_done)(struct cta_sched *cs, uint32_t sm, uint32_t cta, uint64_t now);
    /* cs->wake has come (the dispatcher reset it to CTA_SCHED_NEVER); the
     * round-robin fill follows. May be NULL. A policy that waits (a
     * synchronisation between schedule steps) sets cs->wake to the cycle it
     * wants to be asked again; the timing loop treats it as an event, so
     * idle-cycle skipping stays exact. */
    void (*on_wake)(struct cta_sched *cs, uint64_t now);
};

struct cta_sched {
    const struct cta_sched_ops *ops;
    uint32_t num_sms;
    void *state;
    uint64_t wake;        /* CTA_SCHED_NEVER, or the cycle to call on_wake at */
    uint64_t sync_cycles; /* ccgpu_cta_sync_cycles: cost of a synchronisation */
};

/* ======================================================================
 * Plugins. A shared object defines exactly one of these, with the policies
 * it provides (any kind may be NULL, at least one must be set):
 *
 *     CCGPU_POLICY_PLUGIN(.warp_sched = &my_sched);
 *
 * and is built with `cc -shared -fPIC $(pkg-config --cflags ccgpu) -o my.so my.c`.
 * ====================================================================== */
struct ccgpu_policy_plugin {
    uint32_t api_version; /* CCGPU_POLICY_API_VERSION the plugin was built with */
    const struct warp_sched_ops *warp_sched;
    const struct cache_repl_ops *cache_repl;
    const struct cache_index_ops *cache_index;
    const struct cta_sched_ops *cta_sched;
};

#define CCGPU_POLICY_PLUGIN_SYMBOL "ccgpu_policy_plugin"
#if defined(__GNUC__)
#define CCGPU_POLICY_EXPORT __attribute__((visibility("default")))
#else
#define CCGPU_POLICY_EXPORT
#endif
/* Defines the plugin's descriptor, visible even when the plugin is built
 * with -fvisibility=hidden (recommended: the plugin's other names then never
 * clash with ccgpu's). */
#define CCGPU_POLICY_PLUGIN(...)                                                          \
    extern CCGPU_POLICY_EXPORT const struct ccgpu_policy_plugin ccgpu_policy_plugin;      \
    CCGPU_POLICY_EXPORT const struct ccgpu_policy_plugin ccgpu_policy_plugin = {          \
        .api_version = CCGPU_POLICY_API_VERSION, __VA_ARGS__ }

#ifdef __cplusplus
}
#endif
#endif
