/* One SM (compute unit): warp contexts with their I-buffer entry and
 * scoreboard, warp schedulers (a policy instance), function units, the LD/ST
 * unit with its L1D, and the CTAs resident on it.
 *
 * A cycle of an SM (sm_cycle), downstream first as in GPGPU-Sim: the LD/ST
 * unit sends up to ccgpu_l1_ports line requests of its instruction to the
 * L1; if it is idle it takes the next memory instruction from OC_EX_MEM; the
 * operand-collector stages move (opcollect.h); then each scheduler walks its
 * policy's order and issues ready warps (the functional engine executes at
 * issue) into their class's ID_OC register. Replies from the memory system
 * (sm_mem_reply) fill the L1 and wake loads before the cycle. An SM that cannot change anything before cycle T says so in
 * next_event, and the GPU may skip to T; per-cycle statistics of skipped
 * cycles are accounted from the last cycle's classification, which cannot
 * have changed. */
#ifndef CCGPU_TIMING_SM_H
#define CCGPU_TIMING_SM_H
#include <stdint.h>
#include "mem/cache.h"
#include "mem/mem_request.h"
#include "policy/bypass/bypass.h"
#include "policy/warp/warp_sched.h"
#include "ptx/engine.h"
#include "timing/coalescer.h"
#include "timing/rocache.h"
#include "timing/isrc.h"
#include "timing/l1trace.h"
#include "timing/l2_split.h"
#include "timing/opcollect.h"
#include "timing/perfect_mem.h"
#include "timing/sim_link.h"
#include "timing/sm_config.h"
#include "timing/tinst.h"

#define SM_NEVER UINT64_MAX
#define SM_MAX_SLOTS 64 /* warp slots of an SM (2048 threads; the uint64_t masks) */
#define SB_MAX 16
#define SB_PENDING UINT64_MAX /* result time not known yet (a load) */
/* An entry every instruction waits for: an atomic in flight. GPGPU-Sim's
 * warp with outstanding atomics is "waiting" (shd_warp_t::waiting) and
 * issues nothing, whatever registers the next instruction reads, until
 * the atomic's replies are written back. */
#define SB_ALL_REGS UINT32_MAX
/* An entry for a cp.async load in flight: tag | its group (mod 2^24); only
 * a wait_group that covers the group waits for it (tinst.h's TASYNC_*) */
#define SB_ASYNC_TAG 0x7f000000u
#define SB_ASYNC_GROUP 0x00ffffffu
#define NO_REC 0xffffu
enum { WC_NONE, WC_IBUF, WC_SB, WC_UNIT };
/* request tokens / memsys ids: a load record index, or these flags */
#define TOKEN_STORE (1ull << 62)  /* posted store: acknowledgement ignored */
#define TOKEN_BYPASS (1ull << 61) /* bypass read: low bits are the record */
#define TOKEN_PREFETCH (1ull << 60) /* prefetch (ccgpu_prefetch): nobody waits */
#define TOKEN_INST (1ull << 59)     /* instruction fetch (rocache.h): the line fills the I-cache */
#define TOKEN_CONST (1ull << 58)    /* constant-cache miss (rocache.h) */

/* scoreboard entry: register slot (TINST_PRED for predicates), the cycle its
 * value is ready, the load record that will set it when still pending, and
 * whether a long-latency load writes it (global, local, parameter or texture
 * memory, or an atomic: GPGPU-Sim's Scoreboard::islongop, which
 * ccgpu_warp_long_wait answers from) */
struct sb_entry {
    uint32_t reg;
    uint16_t rec;
    uint8_t long_op;
    uint64_t ready;
};

struct sm_warp {
    struct isrc_warp *pw;         /* the source's warp; NULL: slot free or warp exited */
    const struct ptx_inst *next;  /* I-buffer: next instruction, NULL if none */
    const struct tinst *ti;       /* its timing facts */
    const struct ptx_function *func; /* function of `next` (lookup hint) */
    const struct tinst *ftab;     /* tinst table of func */
    uint64_t ibuf_ready;          /* cycle the I-buffer entry can issue */
    uint64_t sb_wait;             /* scoreboard hazard of `next` clears then (SB_PENDING:
                                   * at a load's completion); 0 = check again */
    uint64_t age;
    uint32_t cta;                 /* CTA slot on this SM */
    uint32_t pending;             /* memory instructions not complete (loads until
                                   * their data, stores until the LD/ST unit takes them) */
    uint32_t async_group;         /* cp.async groups committed so far (the open one) */
    uint8_t nsb, at_barrier, live;
    uint8_t imiss;                /* waits for its next instruction's line (rocache.h) */
    uint64_t iline, iepoch;       /* line of its last I-cache hit, valid while the
                                   * cache's epoch is iepoch; 0 = none */
    uint8_t seq;                  /* `next` follows the last issued instruction */
    uint8_t ibuf_n;               /* ccgpu_fetch_stage: instructions left in the I-buffer
                                   * (0: `next` waits for a fetch, fetch_mask) */
    uint8_t sb_ok;                /* the scoreboard was found clear for `next`: it stays
                                   * clear until `next` changes (entries are only added
                                   * when the warp issues; they only become ready) */
    struct sb_entry sb[SB_MAX];
};

struct sm_cta {
    struct isrc_cta *c;           /* the source's CTA; NULL: free */
    uint32_t id, nwarps, live_warps, threads, regs;
    uint64_t shmem;
    uint32_t cluster, rank; /* its thread-block cluster and rank in it (dispatch.c) */
};

/* One memory instruction whose data (or whose requests) are outstanding. */
struct ldst_rec {
    uint32_t warp;
    uint32_t remaining;   /* requests not yet answered */
    uint64_t ready;       /* latest known data time */
    uint8_t all_sent;     /* every request has left the LD/ST unit */
    uint8_t atomic_wait;  /* an atomic holding its warp (SB_ALL_REGS) */
    uint32_t pc;          /* the instruction's index in its function (bypass policies) */
};

enum ldst_path { PATH_L1, PATH_BYPASS, PATH_FIXED, PATH_CONST };

/* A memory instruction between issue and the LD/ST unit: executed at issue,
 * so its lane addresses are known; rec is its load record (NO_REC for a
 * store), allocated at issue so the scoreboard can wait on it. */
struct mem_queued {
    uint32_t slot;
    uint16_t rec;
    uint8_t in_kernel; /* issued from an entry function (its ld.param reads kernel parameters) */
    uint64_t seq; /* issue order (sm.mem_seq): the LD/ST unit takes the oldest of the paths */
    struct ptx_dyninst d;
};
#define OC_MEM_CAP (OC_MAX_SLOTS * 3)

/* A line request between the LD/ST unit and the L1's tag check (GPGPU-Sim
 * 4.x's l1_latency_queue): pushed at cycle t, looked up at t + latency or
 * later; tr is its trace record when tracing. */
struct l1_pending {
    struct cache_access a;
    uint64_t at;
    struct trace_record tr;
};
/* A scheduler's cycle, classified by the furthest any warp got. */
enum sched_reason { R_IDLE, R_BARRIER, R_SB, R_UNIT, R_MEM, R_THROTTLED, R_ISSUED, R_COUNT };

struct sm_stats {
    uint64_t by_reason[R_COUNT]; /* scheduler cycles per classification */
    uint64_t sched_cycles, active_warp_sum, sm_cycles;
    uint64_t l1_requests, bypass_requests, smem_accesses, smem_conflict_cycles;
    uint64_t smem_remote; /* shared accesses reaching another SM (cluster_net.h) */
    uint64_t const_accesses;
    uint64_t prefetch_l1, prefetch_l2; /* line requests of prefetches (ccgpu_prefetch) */
    /* activity the energy model reads (src/power/): cycles with a warp
     * resident; thread operations per kind of arithmetic; register operands
     * read and written, per active thread */
    uint64_t busy_cycles; /* from the launch latency's end (sm.busy_from) */
    uint64_t thread_ops[TOP_COUNT]; /* by tinst.op_kind */
    uint64_t rf_reads, rf_writes;
};

/* ccgpu_longop_marks (longop.c): one warp slot's marked registers, each
 * with the cycle an ALU instruction's write ends its mark (SM_NEVER while
 * none has) */
struct sm_longop_mark {
    uint32_t reg;
    uint64_t until;
};
struct sm_longop {
    struct sm_longop_mark *m;
    uint32_t n, cap;
};

struct sm {
    uint32_t id;
    const struct sm_config *cfg;
    const struct isrc *src;       /* the running launch's instruction source (isrc.h) */
    struct tinst_cache *tc;
    struct sm_warp *warps;        /* n_slots */
    struct sm_cta *ctas;          /* max_ctas */
    struct warp_sched ws;
    struct bypass bp;             /* ccgpu_bypass policy (policy/bypass/bypass.h) */
    struct mrpb mrpb;             /* ccgpu_mrpb queues in front of the L1 (mrpb.h) */
    uint32_t *order;              /* scratch for the policy's order */
    uint8_t *reason;              /* per scheduler: last cycle's classification */
    /* cycle each unit instance can take an instruction; issue path p (sm_path)
     * uses instances [p * path_units, (p + 1) * path_units) of each class */
    uint64_t unit_free[FU_COUNT][SM_MAX_UNITS];
    /* issue -> unit paths, cfg->n_paths of each (one per scheduler with
     * gpgpu_sub_core_model, else one): oc_alu[p * FU_COUNT + class] (FU_MEM
     * unused), oc_mem[p] */
    struct oc_alu *oc_alu;
    struct oc_mem *oc_mem;
    uint32_t mq_stride;               /* mq entries of one path (its ring capacity) */
    uint64_t mem_seq;                 /* memory instructions issued (mem_queued.seq) */
    struct mem_queued mq[OC_MEM_CAP]; /* the paths' entries' payloads: path p's ring
                                       * index i at mq[p * mq_stride + i] */
    /* warps blocked with no known end, by slot bit (at most 64 slots): the
     * issue scan tests a bit instead of touching the warp */
    uint64_t loadwait; /* scoreboard waits on a load */
    uint64_t barwait;  /* waiting at a barrier */
    /* The issue stage's last walk that issued nothing and vetoed nothing
     * (or vetoed, with veto_kept) stays valid (same classification, nothing
     * issuable) while no warp's state changes (iss_dirty: a load completes, a barrier releases, a CTA
     * arrives, a warp exits, an L1 hook reaches the policy), the memory path's
     * room is as it was (iss_memroom) and time is before iss_until (the
     * earliest I-buffer, scoreboard or ALU-path time the walk saw, or the
     * policy's next_event). ccgpu_fast_paths 0 walks every visit. */
    uint8_t iss_dirty;
    uint64_t iss_memroom; /* sm_memroom at that walk */
    uint8_t order_pure; /* warp_sched_order_pure: the shortcut need not call order */
    uint8_t veto_kept;  /* warp_sched_veto_repeatable: a walk that vetoed is kept too */
    /* first set, no slot veto (allowed) or veto memory (veto_epoch), one
     * issue per cycle (gto, lrr, oldest, a plugin with a first hook):
     * walk_masked takes the candidates straight from first */
    uint8_t first_plain;
    /* Per slot, how the issue stage's last check of the warp's next
     * instruction failed (ccgpu_fast_paths): WC_IBUF (I-buffer empty until
     * wtime), WC_SB (scoreboard hazard until wtime) or WC_UNIT + the issue
     * path (enum fu_kind, FU_MEM for memory) that had no room; WC_NONE when
     * unknown. It holds while the warp's state is unchanged (every change
     * goes through sm_refresh_ibuf, sm_rec_done, a barrier or an exit, which
     * reset it) and, for WC_UNIT, while that path still has no room: an
     * I-buffer entry stays until the warp issues, a clear scoreboard stays
     * clear (sb_ok) and a hazard's time only moves at sm_rec_done. */
    uint8_t wcls[64];
    uint64_t wtime[64];
    /* The same by class, as slot bits (kept by sm_wcls_set / sm_wcls_clear):
     * wc_timed the warps whose class has a time (WC_IBUF, WC_SB), wc_sb those
     * of WC_SB, wc_unit[u] those of WC_UNIT + u. With live_mask (the live
     * warps) and sched_mask (each scheduler's slots) they let the issue stage
     * of a policy whose order lists exactly the scheduler's live warps
     * (first) find the warps that need a check without a walk. */
    uint64_t wc_timed, wc_sb, wc_unit[FU_COUNT], wc_unitany;
    /* wc_due: the warps of wc_timed whose time has passed, as of the last
     * sm_wheel_advance. A timed check is also put on a timing wheel
     * (wheel[t % 64] for t < wheel_at + 64, else wheel_far, at least
     * far_min): sm_wheel_advance(now) looks only at the buckets up to now,
     * whose warps are due or (a later time set since) put back. Stale bits
     * are dropped when looked at. */
    uint64_t wc_due;
    uint64_t wheel[64], wheel_far, far_min, wheel_at;
    /* sm_wcls_tmin's last answer while tmin_ok: lowered by each timed check
     * set, dropped when the check holding it is cleared or falls due */
    uint64_t tmin;
    uint8_t tmin_ok;
    uint64_t live_mask;
    uint64_t fetch_mask; /* ccgpu_fetch_stage: warps whose I-buffer waits for a fetch */
    uint32_t fetch_rr;   /* the slot fetched last (the round robin starts after it) */
    uint64_t sched_mask[64];
    /* warp_sched_first_of: the policy's order lists exactly the scheduler's
     * live warps, and this gives its first warp of a mask (walk_masked takes
     * the order warp by warp); NULL for other policies */
    warp_sched_first_fn first;
    warp_sched_atomic_fn on_atomic; /* the policy's on_warp_atomic, or NULL */
    /* With on_atomic: the warps whose atomic has completed but whose data
     * is written back only at atomic_until[slot] (a shared-memory atomic's
     * latency, a reply's writeback): the policy hears that the warp no
     * longer waits then (sm_atomics_release), as GPGPU-Sim's warp waits
     * until its atomic's writeback (shd_warp_t::waiting, m_n_atomic). */
    uint64_t atomic_held;
    uint64_t atomic_until[SM_MAX_SLOTS];
    /* warp_sched_allowed_of: the policy vetoes by slot alone (walk_masked
     * walks the warps it allows first); NULL for other policies */
    warp_sched_allowed_fn allowed;
    /* warp_sched_veto_epoch_of (ccws), else NULL: veto_memo holds the warps
     * walk_warp saw vetoed at their first check of a cycle, at a memory
     * instruction, while the policy's epoch was veto_memo_epoch; a warp
     * leaves it when its state changes (sm_veto_forget) */
    warp_sched_veto_epoch_fn veto_epoch;
    uint64_t veto_memo, veto_memo_epoch;
    uint64_t iss_until, iss_wake;
    struct cache_hooks pol_hooks; /* the policy's L1 observers (forwarded) */
    uint32_t live_warps, resident_ctas, used_threads, used_regs;
    uint64_t used_shmem, next_age;
    uint64_t exits; /* warps exited, all launches (the runaway check's progress) */
    /* the L1 access pipeline: a FIFO of l1q_cap requests, up to l1q_lookups
     * of them looked up a cycle (ccgpu_l1_ports, or gpgpu_l1_banks if more) */
    struct l1_pending *l1q;
    uint32_t l1q_head, l1q_count, l1q_cap, l1q_lookups;
    uint8_t l1q_blocked;          /* the head failed its reservation at l1q_epoch */
    uint64_t l1q_epoch;
    /* With the fast paths, a blocked head is not looked up again after an
     * epoch change that cannot change its outcome (ldst.c, l1q_note):
     * l1q_why is its failure, l1q_set its set, l1q_changed whether a fill
     * or send since the failure could let it pass (set from the start when
     * the lookup may not be skipped). */
    uint8_t l1q_why, l1q_changed;
    uint32_t l1q_set;
    /* LD/ST unit: one instruction at a time */
    struct cache l1;
    int have_l1;
    struct rocache ic;            /* gpgpu_cache:il1 (have_ic), else a perfect I-cache */
    int have_ic;
    const struct ptx_module *ic_mod; /* whose code the I-cache holds */
    uint64_t ic_blocked;          /* warp slots that found no free I-cache miss entry */
    /* ccgpu_fetch_icache: warp slots whose line arrived, to be fetched first
     * (a ring of ifill_n from ifill_head) */
    uint8_t ifillq[SM_MAX_SLOTS];
    uint32_t ifill_head, ifill_n;
    struct rocache cc;            /* gpgpu_const_cache:l1 (have_cc), else ccgpu_const_latency */
    int have_cc;
    int ldst_busy;
    uint8_t ldst_path, ldst_write, ldst_blocked, ldst_local;
    uint8_t ldst_atomic; /* the requests are 32-byte atomic chunks (coalesce_atomic) */
    uint32_t ldst_warp, ldst_rec, ldst_next;
    uint8_t ldst_sent; /* gpgpu_l1_banks: sectors of line ldst_next already in the banks */
    uint64_t ldst_until;          /* PATH_FIXED: cycle the unit frees */
    uint64_t ldst_epoch;          /* bypass queue full at this epoch; retry when it moves */
    uint64_t epoch;               /* bumps when a fill or a queue drain frees room */
    struct coalesced co;
    struct ldst_rec *recs;
    uint16_t *free_recs;
    uint32_t nfree_recs;
    /* requests that bypass the L1 (.cg, atomics, no L1), towards memsys */
    struct mem_request *bq;
    uint32_t bq_head, bq_count, bq_cap;
    uint32_t inflight;            /* memsys requests with a reply to come */
    struct cluster_net *cnet;     /* ccgpu_cluster_spread with a clustered launch, else NULL */
    struct l2_split *split;       /* ccgpu_l2_groups > 1: the GPU's split L2, else NULL */
    struct perfect_port *perfect; /* gpgpu_perfect_mem: the cluster's response FIFO, which
                                   * takes the requests instead of the memory system */
    struct sim_link *link;        /* ccgpu_sim_lookahead > 0: requests go through the link
                                     (sim_link.h) in place of the memory system */
    uint64_t port_full_tick;      /* interconnect cycle the port was last found full */
    /* events and bookkeeping */
    uint64_t next_event;          /* earliest cycle this SM may change */
    uint64_t accounted;           /* per-cycle stats done up to this cycle */
    uint64_t launch_start;        /* first cycle of the launch's span not yet in sm_cycles */
    uint32_t retired;             /* CTAs retired since the GPU last looked */
    uint32_t *retired_ids;        /* their linear ids (max_ctas) */
    /* with the link, retired CTAs not yet handed back to their source
     * (sm_recycle; max_ctas) */
    struct isrc_cta **recycle;
    uint32_t nrecycle;
    uint64_t local_base;          /* synthetic global address of local memory */
    uint64_t local_stride;        /* bytes between consecutive 4-byte local words */
    struct ptx_dyninst dyn;       /* scratch for ptx_warp_step */
    struct sm_longop *lom;        /* by slot with ccgpu_longop_marks, else NULL */
    struct l1trace *trace;        /* ccgpu_trace_l1: shared by all SMs, or NULL */
    /* every executed warp instruction, at its issue (a trace writer), or NULL */
    void (*tap)(void *ctx, const struct ptx_dyninst *d, const struct tinst *ti);
    void *tap_ctx;
    struct sm_stats st;
    uint64_t busy_from; /* the launch latency's end: busy_cycles count from there */
    char err[256];
};

/* pg: the GPU-wide policy state the SM's policies share (policy_gpu.h). */
int sm_init(struct sm *sm, uint32_t id, const struct sm_config *cfg, struct tinst_cache *tc,
            struct policy_gpu *pg, char *err, size_t errlen);
void sm_free(struct sm *sm);
/* After a failed launch: drops every CTA, warp and queued request (the
 * memory system may still answer requests in flight; their replies find
 * nothing waiting). */
void sm_reset(struct sm *sm);
/* Gives the SM's L1 the configuration l1 (a launch's carve-out): rebuilt,
 * empty, when its geometry or policies differ (statistics kept), else
 * invalidated when `invalidate`. Only between launches (nothing in flight).
 * -1 with a message when the cache cannot be built. */
int sm_set_l1(struct sm *sm, const struct cache_config *l1, int invalidate, char *err,
              size_t errlen);
/* Resets per-launch state (L1 invalidated, ages kept); per-cycle statistics
 * are accounted from cycle start. */
void sm_launch_begin(struct sm *sm, uint32_t total_threads_gpu, uint64_t start);
/* Accounts the per-cycle statistics up to (not including) cycle now, the
 * launch's end (sm_cycles and sched_cycles: the span accounted). */
void sm_launch_end(struct sm *sm, uint64_t now);

/* Places a created CTA with its warp slots (dispatch.c chooses them). */
void sm_add_cta(struct sm *sm, uint32_t cta_slot, struct isrc_cta *c, uint32_t id,
                uint32_t threads, uint32_t regs, uint64_t shmem, uint64_t now);
/* A free CTA slot and nwarps free warp slots (in slots[]); -1 if none. */
int sm_find_room(const struct sm *sm, uint32_t nwarps, uint32_t *slots);

/* One cycle; returns -1 on an engine error (message in sm->err). */
int sm_cycle(struct sm *sm, uint64_t now);
/* The retired CTAs the lookahead mode kept (sm.recycle) handed back to the
 * instruction source, in retirement order. */
void sm_recycle(struct sm *sm);
/* Accounts per-cycle statistics up to (not including) cycle now. */
void sm_account_cycles(struct sm *sm, uint64_t now);
static inline void sm_account(struct sm *sm, uint64_t now)
{
    if (now > sm->accounted)
        sm_account_cycles(sm, now);
}
/* A memory-system reply for this SM. */
void sm_mem_reply(struct sm *sm, const struct mem_request *r, uint64_t now);
/* Hands queued requests to the memory system (L1 miss queue, bypass queue);
 * when the port is full, records `tick` (the interconnect cycle) in
 * port_full_tick. */
struct memsys;
struct cluster_net;
int sm_drain(struct sm *sm, struct memsys *m, uint64_t now, uint64_t tick);
/* Whether the SM has requests waiting for the memory system's port. */
/* Whether a fill or a queue drain (an epoch change) may unblock the SM. */
static inline int sm_waits_for_room(const struct sm *sm)
{
    return sm->ldst_blocked || sm->l1q_blocked;
}
static inline int sm_has_output(const struct sm *sm)
{
    return sm->bq_count || (sm->have_l1 && cache_out_front(&sm->l1)) || sm->ic.unsent || sm->cc.unsent;
}

/* Memory requests still inside the SM: in the LD/ST unit, the MRPB queues
 * or the L1 access pipeline (stores among them: their warps have moved on). */
static inline int sm_mem_pending(const struct sm *sm)
{
    return sm->ldst_busy || sm->l1q_count || (sm->mrpb.e && sm->mrpb.nonempty);
}

/* internal, shared by sm*.c / ldst.c */
/* The issue path of scheduler s (sm.oc_alu, oc_mem, unit_free). */
static inline uint32_t sm_path(const struct sm *sm, uint32_t s)
{
    return sm->cfg->sub_core ? s : 0;
}
static inline struct oc_alu *sm_oc_alu(const struct sm *sm, uint32_t path, uint32_t unit)
{
    return &sm->oc_alu[path * FU_COUNT + unit];
}
/* Whether path p may take a memory instruction now: room in its ID_OC
 * register and a free load record. */
static inline int sm_mem_room(const struct sm *sm, uint32_t path)
{
    return oc_mem_has_room(&sm->oc_mem[path]) && sm->nfree_recs;
}
/* The paths that may take a memory instruction now, as bits. */
static inline uint64_t sm_memroom(const struct sm *sm)
{
    uint64_t m = 0;
    for (uint32_t p = 0; p < sm->cfg->n_paths; p++)
        m |= (uint64_t)sm_mem_room(sm, p) << p;
    return m;
}
/* The payload the next memory instruction of path p will have. */
static inline struct mem_queued *sm_mq_next(struct sm *sm, uint32_t path)
{
    return &sm->mq[path * sm->mq_stride + oc_mem_next_index(&sm->oc_mem[path])];
}
/* Memory instructions between issue and the LD/ST unit, all paths. */
static inline uint32_t sm_oc_mem_count(const struct sm *sm)
{
    uint32_t n = 0;
    for (uint32_t p = 0; p < sm->cfg->n_paths; p++)
        n += sm->oc_mem[p].count;
    return n;
}
/* Forgets that the policy held the warp (sm.veto_memo): its state changed. */
static inline void sm_veto_forget(struct sm *sm, uint32_t slot)
{
    sm->veto_memo &= ~(1ull << slot);
}
/* Forgets a warp's remembered check (sm.wcls), in its class masks too. */
static inline void sm_wcls_clear(struct sm *sm, uint32_t slot)
{
    uint8_t c = sm->wcls[slot];
    if (c == WC_NONE)
        return;
    uint64_t keep = ~(1ull << slot);
    if (c >= WC_UNIT) {
        sm->wc_unit[c - WC_UNIT] &= keep;
        sm->wc_unitany &= keep;
    } else {
        if (sm->tmin_ok && sm->wtime[slot] == sm->tmin && !(sm->wc_due & ~keep))
            sm->tmin_ok = 0;
        sm->wc_timed &= keep;
        sm->wc_sb &= keep;
        sm->wc_due &= keep;
    }
    sm->wcls[slot] = WC_NONE;
}
static inline void sm_wheel_put(struct sm *sm, uint64_t bit, uint64_t t)
{
    if (t - sm->wheel_at < 64) {
        sm->wheel[t & 63] |= bit;
    } else { /* later, or (never here) earlier than the wheel */
        sm->wheel_far |= bit;
        if (t < sm->far_min)
            sm->far_min = t;
    }
}
/* Remembers how a warp's check failed: class c (not WC_NONE) until t. */
static inline void sm_wcls_set(struct sm *sm, uint32_t slot, uint8_t c, uint64_t t)
{
    sm_wcls_clear(sm, slot);
    uint64_t bit = 1ull << slot;
    if (c >= WC_UNIT) {
        sm->wc_unit[c - WC_UNIT] |= bit;
        sm->wc_unitany |= bit;
    } else {
        sm->wc_timed |= bit;
        if (c == WC_SB)
            sm->wc_sb |= bit;
        sm_wheel_put(sm, bit, t);
        if (t < sm->tmin)
            sm->tmin = t;
    }
    sm->wcls[slot] = c;
    sm->wtime[slot] = t;
}
/* Moves the timed checks whose time is now or earlier to wc_due. */
static inline void sm_wheel_advance(struct sm *sm, uint64_t now)
{
    if (now < sm->wheel_at)
        return;
    uint64_t m = 0;
    if (now - sm->wheel_at >= 63) {
        for (uint32_t i = 0; i < 64; i++) {
            m |= sm->wheel[i];
            sm->wheel[i] = 0;
        }
    } else {
        for (uint64_t x = sm->wheel_at; x <= now; x++) {
            m |= sm->wheel[x & 63];
            sm->wheel[x & 63] = 0;
        }
    }
    sm->wheel_at = now + 1;
    if (sm->tmin <= now)
        sm->tmin_ok = 0; /* (the checks due by now leave the set) */
    if (now >= sm->far_min) {
        m |= sm->wheel_far;
        sm->wheel_far = 0;
        sm->far_min = SM_NEVER;
    }
    for (m &= sm->wc_timed & ~sm->wc_due; m; m &= m - 1) {
        uint32_t slot = (uint32_t)__builtin_ctzll(m);
        uint64_t t = sm->wtime[slot];
        if (t <= now)
            sm->wc_due |= 1ull << slot;
        else
            sm_wheel_put(sm, 1ull << slot, t);
    }
}
/* The earliest time of the timed checks not due (after sm_wheel_advance),
 * SM_NEVER if none. */
static inline uint64_t sm_wcls_tmin(struct sm *sm)
{
    if (sm->tmin_ok)
        return sm->tmin;
    uint64_t tmin = SM_NEVER;
    for (uint64_t m = sm->wc_timed & ~sm->wc_due; m; m &= m - 1) {
        uint64_t t = sm->wtime[__builtin_ctzll(m)];
        if (t < tmin)
            tmin = t;
    }
    sm->tmin = tmin;
    sm->tmin_ok = 1;
    return tmin;
}

/* A memory instruction issued at now (d: its execution, copied unless it is
 * already the entry's payload, sm_mq_next(sm, path)) enters path's ID_OC_MEM. */
void ldst_queue(struct sm *sm, uint32_t path, uint32_t slot, const struct ptx_dyninst *d, const struct tinst *ti,
                uint64_t now);
/* The LD/ST unit's cycle: its instruction's requests, then (when idle) the
 * take from OC_EX_MEM and the operand-collector moves. */
void ldst_cycle(struct sm *sm, uint64_t now);
/* Resets the issue -> unit paths (a launch, a reset). */
void sm_oc_reset(struct sm *sm);
void sm_rec_done(struct sm *sm, uint32_t rec);
/* Tells the policy (on_atomic) of the atomics written back by now; the
 * SM's next event is at the next of the others. */
void sm_atomics_release(struct sm *sm, uint64_t now);
/* A store of an exited warp left for the LD/ST unit: its CTA may retire. */
void sm_warp_drained(struct sm *sm, uint32_t slot);
void sm_warp_exited(struct sm *sm, uint32_t slot, uint64_t now);
void sm_refresh_ibuf(struct sm *sm, struct sm_warp *w, uint64_t ready);
/* ccgpu_fetch_stage (sm_config.h): the I-buffer emptied (a taken branch),
 * and the fetch stage's grants for cycle now (the next cycle it has work). */
void sm_fetch_flush(struct sm *sm, struct sm_warp *w);
uint64_t sm_fetch_grant(struct sm *sm, uint64_t now);
/* The warps of sm at a barrier whose functional state has left it are
 * released, their next instruction fetched from cycle at; how many. */
uint32_t sm_release_barriers(struct sm *sm, uint64_t at);
/* An instruction line arrived (a TOKEN_INST reply): the warps waiting for
 * it, or for a free miss entry, fetch again. */
void sm_icache_fill(struct sm *sm, uint64_t addr, uint64_t now);
/* ccgpu_warp_long_wait for slot of this SM (ccgpu_policy.h). */
int sm_warp_long_wait(const struct sm *sm, uint32_t slot, uint64_t at);
/* ccgpu_longop_marks (longop.c): marks the destination registers of a
 * long-latency load slot issued (-1 and sm->err when out of memory); an
 * ALU instruction of slot writing ti's destinations, readable at ready,
 * ends their marks then; whether ti reads a register marked at cycle at;
 * a slot's marks dropped (a new warp in it); all freed. */
int sm_longop_mark(struct sm *sm, uint32_t slot, const struct tinst *ti);
void sm_longop_write(struct sm *sm, uint32_t slot, const struct tinst *ti, uint64_t ready);
int sm_longop_held(const struct sm *sm, uint32_t slot, const struct tinst *ti, uint64_t at);
void sm_longop_clear(struct sm *sm, uint32_t slot);
void sm_longop_free(struct sm *sm);

#endif
