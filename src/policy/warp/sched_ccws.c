/* CCWS, cache-conscious wavefront scheduling (ccws-micro2012 §3.3): GTO
 * priority underneath (§5.1, "GTO wavefront prioritization logic is used");
 * the lost-locality detector (ccws_vta.h) and the locality scoring system
 * (ccws_lss.h) clear the "can issue" bit of loads from warps past the
 * cumulative cutoff. Everything else they issue normally.
 *
 *   gpgpu_scheduler ccws[:k=8,base=100,vta=16,assoc=8,cross=block,store_clear=1,
 *                         scoring=paper,sample=1000,llds_csv=PATH] (and vta_index,
 *                         vta_hit, probe, window, decay, diag: docs/ccws.md)
 * ('+' may separate the arguments instead of ',', as in
 * `ccgpu compare --sched gto,ccws:vta=64+k=32`)
 *
 * Throttled instructions: ld/ldu whose state space is global, local or
 * generic (generic may resolve to global) and that may allocate in the L1D
 * (not .cg). The paper says "loads"; the public release blocks global and
 * local loads. Stores, atomics, shared/const/param loads are never held.
 *
 * L1D feedback: an eviction writes the victim's tag into the share of the
 * warp that reserved the line (the L1 keeps that WID per line); a read that
 * MISSes (reservation failures are retried and are not misses) probes the
 * missing warp's share; a hit there is a VTA hit. With store_clear=1 (the
 * default, as the public release; the paper does not mention it) a store
 * through the L1 removes the block's tag from every share.
 *
 * scoring=release switches the scoring system to the public release's rules
 * (ccws_lss.h); the paper-text reading (scoring=paper) is the default.
 *
 * llds_csv=PATH writes the LLDS samples (at most one per `sample` cycles per
 * SM, 4096 per SM) as "sm,cycle,llds" lines when the GPU is destroyed: SM 0
 * creates the file, the others append (they are freed in id order).
 *
 * The L1's hooks carry no cycle: VTA hits are dated with ws->now, which the
 * SM sets before its LD/ST unit works in a cycle; warp assignment and exit
 * are dated with ws->now too. */
#include "ccws_lss.h"
#include "ccws_vta.h"
#include "load_diag.h"
#include "ccgpu_policy.h"
/* Built as a plugin against ccgpu_policy.h alone too (tests/cli/970), as
 * sched_gto.c is: warp_sched_ccws_first is declared here as well. */
#if defined(__has_include)
#if __has_include("policy/warp/warp_sched.h")
#include "policy/warp/warp_sched.h"
#endif
#endif
uint32_t warp_sched_ccws_first(struct warp_sched *ws, uint32_t sched, uint64_t now, uint64_t cand);
uint64_t warp_sched_ccws_veto_epoch(struct warp_sched *ws, uint64_t now);
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NONE UINT32_MAX

struct ccws {
    struct warp_ages ages;
    uint32_t *greedy; /* per scheduler: slot that issued last, or NONE */
    struct ccws_vta vta;
    struct ccws_lss lss;
    int store_clear;
    int probe_merge; /* hits on lines being filled (MSHR merges) probe the VTA too */
    char csv[256]; /* llds_csv, or "" */
    uint64_t now;
    uint64_t *hold_from; /* per slot: cycle its pending load was first held, or NEVER */
    uint64_t loads_held, load_held_cycles;
    struct load_diag *diag; /* diag=1: load_diag.h's counters, else NULL */
};

struct ccws_args {
    uint32_t k, base, vta, assoc, sample, decay;
    int cross, store_clear;
    int vta_hash, vta_keep, probe_merge, resident, release_scoring, diag;
    char csv[256];
};

/* A two-valued argument: 0 for `no`, 1 for `yes`, -1 (message) otherwise. */
static int parse_choice(const char *key, const char *v, size_t len, const char *no,
                        const char *yes, int *out, char *err, size_t errlen)
{
    if (len == strlen(no) && !strncmp(v, no, len)) {
        *out = 0;
    } else if (len == strlen(yes) && !strncmp(v, yes, len)) {
        *out = 1;
    } else {
        snprintf(err, errlen, "gpgpu_scheduler ccws: %s=%.*s (expected %s or %s)", key, (int)len,
                 v, no, yes);
        return -1;
    }
    return 0;
}

static int parse_u32(const char *key, const char *v, size_t len, uint32_t *out, char *err,
                     size_t errlen)
{
    char buf[32];
    if (!len || len >= sizeof buf) {
        snprintf(err, errlen, "gpgpu_scheduler ccws: %s needs a value", key);
        return -1;
    }
    memcpy(buf, v, len);
    buf[len] = 0;
    char *end;
    errno = 0;
    unsigned long x = strtoul(buf, &end, 10);
    if (errno || *end || buf[0] == '-' || x > UINT32_MAX) {
        snprintf(err, errlen, "gpgpu_scheduler ccws: %s=%s is not a non-negative integer", key,
                 buf);
        return -1;
    }
    *out = (uint32_t)x;
    return 0;
}

/* "k=8,base=100,vta=16,assoc=8,cross=block|allow,store_clear=0|1,
 * vta_index=hash|mod,vta_hit=keep|remove,probe=merge|miss,
 * window=resident|all,decay=CYCLES,sample=N,llds_csv=PATH"; '+' may replace
 * ','.
 * Defaults: the paper's Table 3 values; where the paper is silent, the
 * public release's behaviour (docs/ccws.md, "Readings"). */
static int parse_args(const char *args, struct ccws_args *a, char *err, size_t errlen)
{
    *a = (struct ccws_args){ .k = 8, .base = 100, .vta = 16, .assoc = 8, .sample = 1000,
                             .cross = 0, .store_clear = 1, .vta_hash = 1, .vta_keep = 1,
                             .probe_merge = 1, .resident = 1, .csv = "" };
    const char *p = args;
    while (p && *p) {
        /* ',' or '+' separate arguments ('+' fits in compare's --sched list) */
        size_t len = strcspn(p, ",+");
        const char *comma = p[len] ? p + len : NULL;
        const char *eq = memchr(p, '=', len);
        if (!eq) {
            snprintf(err, errlen, "gpgpu_scheduler ccws: '%.*s' is not key=value", (int)len, p);
            return -1;
        }
        size_t klen = (size_t)(eq - p), vlen = len - klen - 1;
        const char *v = eq + 1;
#define KEY(s) (klen == strlen(s) && !strncmp(p, s, klen))
        if (KEY("decay")) {
            if (parse_u32("decay", v, vlen, &a->decay, err, errlen))
                return -1;
            if (!a->decay) {
                snprintf(err, errlen, "gpgpu_scheduler ccws: decay must be at least 1 cycle");
                return -1;
            }
        } else if (KEY("k")) {
            if (parse_u32("k", v, vlen, &a->k, err, errlen))
                return -1;
        } else if (KEY("base")) {
            if (parse_u32("base", v, vlen, &a->base, err, errlen))
                return -1;
        } else if (KEY("vta")) {
            if (parse_u32("vta", v, vlen, &a->vta, err, errlen))
                return -1;
        } else if (KEY("assoc")) {
            if (parse_u32("assoc", v, vlen, &a->assoc, err, errlen))
                return -1;
        } else if (KEY("llds_csv")) {
            if (!vlen || vlen >= sizeof a->csv) {
                snprintf(err, errlen, "gpgpu_scheduler ccws: llds_csv needs a path (under %zu bytes)",
                         sizeof a->csv);
                return -1;
            }
            memcpy(a->csv, v, vlen);
            a->csv[vlen] = 0;
        } else if (KEY("sample")) {
            if (parse_u32("sample", v, vlen, &a->sample, err, errlen))
                return -1;
        } else if (KEY("store_clear")) {
            if (parse_choice("store_clear", v, vlen, "0", "1", &a->store_clear, err, errlen))
                return -1;
        } else if (KEY("vta_index")) {
            if (parse_choice("vta_index", v, vlen, "mod", "hash", &a->vta_hash, err, errlen))
                return -1;
        } else if (KEY("vta_hit")) {
            if (parse_choice("vta_hit", v, vlen, "remove", "keep", &a->vta_keep, err, errlen))
                return -1;
        } else if (KEY("probe")) {
            if (parse_choice("probe", v, vlen, "miss", "merge", &a->probe_merge, err, errlen))
                return -1;
        } else if (KEY("window")) {
            if (parse_choice("window", v, vlen, "all", "resident", &a->resident, err, errlen))
                return -1;
        } else if (KEY("scoring")) {
            if (parse_choice("scoring", v, vlen, "paper", "release", &a->release_scoring, err,
                             errlen))
                return -1;
        } else if (KEY("diag")) {
            if (parse_choice("diag", v, vlen, "0", "1", &a->diag, err, errlen))
                return -1;
        } else if (KEY("cross")) {
            if (parse_choice("cross", v, vlen, "block", "allow", &a->cross, err, errlen))
                return -1;
        } else {
            snprintf(err, errlen,
                     "gpgpu_scheduler ccws: unknown argument '%.*s' (k, base, vta, assoc, cross, "
                     "store_clear, vta_index, vta_hit, probe, window, scoring, decay, sample, llds_csv, diag)",
                     (int)klen, p);
            return -1;
        }
#undef KEY
        p = comma ? comma + 1 : NULL;
    }
    return 0;
}

static void write_samples(const struct warp_sched *ws, const struct ccws *s)
{
    FILE *f = fopen(s->csv, "a");
    const struct ccws_lss *l = &s->lss;
    int bad = !f;
    for (uint32_t i = 0; f && i < l->n_samples; i++)
        bad |= fprintf(f, "%u,%llu,%llu\n", ws->env.sm, (unsigned long long)l->samples[i].cycle,
                       (unsigned long long)l->samples[i].llds) < 0;
    if (f)
        bad |= fclose(f) != 0;
    if (bad)
        fprintf(stderr, "gpgpu_scheduler ccws: llds_csv: writing %s failed\n", s->csv);
}

static void ccws_free(struct warp_sched *ws)
{
    struct ccws *s = ws->state;
    if (!s)
        return;
    if (s->csv[0] && s->lss.samples)
        write_samples(ws, s);
    warp_ages_free(&s->ages);
    free(s->greedy);
    free(s->hold_from);
    ccws_vta_free(&s->vta);
    ccws_lss_free(&s->lss);
    load_diag_delete(s->diag);
    free(s);
    ws->state = NULL;
}

static int ccws_init(struct warp_sched *ws, const char *args, char *err, size_t errlen)
{
    struct ccws_args a;
    if (parse_args(args, &a, err, errlen))
        return -1;
    struct ccws *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "gpgpu_scheduler ccws: out of memory");
        return -1;
    }
    ws->state = s;
    if (warp_ages_init(&s->ages, &ws->env) ||
        !(s->greedy = malloc(ws->env.n_sched * sizeof *s->greedy)) ||
        !(s->hold_from = malloc(ws->env.n_slots * sizeof *s->hold_from))) {
        snprintf(err, errlen, "gpgpu_scheduler ccws: out of memory");
        ccws_free(ws);
        return -1;
    }
    for (uint32_t i = 0; i < ws->env.n_sched; i++)
        s->greedy[i] = NONE;
    for (uint32_t i = 0; i < ws->env.n_slots; i++)
        s->hold_from[i] = CCWS_NEVER;
    /* "decrease by one point every cycle": GPGPU-Sim 3.1, which the paper
     * used, clocks a GT200 core at 325 MHz with a warp-wide pipeline, so its
     * cycle is one warp-issue slot. Here a core with an 8-wide SIMD runs at
     * 1300 MHz and a warp instruction takes issue_cycles = 4 of its cycles:
     * the same decay per unit of time is one point per issue_cycles. */
    uint32_t decay = a.decay ? a.decay : (ws->env.issue_cycles ? ws->env.issue_cycles : 1);
    struct ccws_lss_params lp = { a.k, a.base, a.cross || a.release_scoring, a.sample, 4096,
                                  a.resident, decay, a.release_scoring };
    if (ccws_vta_init(&s->vta, ws->env.n_slots, a.vta, a.assoc, err, errlen) ||
        ccws_lss_init(&s->lss, ws->env.n_slots, &lp, err, errlen)) {
        ccws_free(ws);
        return -1;
    }
    if (a.diag) {
        if (!(s->diag = load_diag_new(ws->env.n_slots, "ccws", err, errlen))) {
            ccws_free(ws);
            return -1;
        }
        s->lss.diag = s->diag;
    }
    s->vta.hash_index = a.vta_hash;
    s->vta.keep_on_hit = a.vta_keep;
    s->probe_merge = a.probe_merge;
    s->store_clear = a.store_clear;
    memcpy(s->csv, a.csv, sizeof s->csv);
    if (s->csv[0] && ws->env.sm == 0) { /* fail now, not at the end of the run */
        FILE *f = fopen(s->csv, "w");
        if (!f || fprintf(f, "sm,cycle,llds\n") < 0 || fclose(f)) {
            snprintf(err, errlen, "gpgpu_scheduler ccws: llds_csv: cannot write %s", s->csv);
            s->csv[0] = 0;
            ccws_free(ws);
            return -1;
        }
    }
    return 0;
}

/* diag=1: brings the observer up to cycle now, the allowed set at now
 * included (evaluating the set has no effect on the policy's decisions). */
static void diag_sync(struct ccws *s, uint64_t now)
{
    if (!s->diag)
        return;
    ccws_lss_account(&s->lss, now);
    ccws_lss_n_allowed(&s->lss, now);
    load_diag_set(s->diag, now, s->lss.live, s->lss.allowed);
}

static void ccws_assigned(struct warp_sched *ws, uint32_t slot, uint64_t age)
{
    struct ccws *s = ws->state;
    warp_ages_add(&s->ages, slot, age);
    ccws_vta_clear_warp(&s->vta, slot); /* a new warp has lost nothing yet */
    s->hold_from[slot] = CCWS_NEVER;
    s->now = ws->now;
    ccws_lss_warp_add(&s->lss, slot, age, ws->now);
    if (s->diag) {
        load_diag_clear_slot(s->diag, slot);
        diag_sync(s, ws->now);
    }
}

static void ccws_exit(struct warp_sched *ws, uint32_t slot)
{
    struct ccws *s = ws->state;
    warp_ages_remove(&s->ages, slot);
    if (s->greedy[slot % ws->env.n_sched] == slot)
        s->greedy[slot % ws->env.n_sched] = NONE;
    s->now = ws->now;
    ccws_lss_warp_remove(&s->lss, slot, ws->now);
    diag_sync(s, ws->now);
}

static uint32_t ccws_order(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out)
{
    struct ccws *s = ws->state;
    s->now = now;
    return warp_ages_greedy_order(&s->ages, sched, s->greedy[sched], out);
}

uint32_t warp_sched_ccws_first(struct warp_sched *ws, uint32_t sched, uint64_t now, uint64_t cand)
{
    struct ccws *s = ws->state;
    s->now = now;
    return warp_ages_greedy_first(&s->ages, sched, s->greedy[sched], cand);
}

/* ccws vetoes only loads, by the scoring system's allowed set: a warp held
 * at a load is held again, with no further effect (its hold was counted at
 * the first veto; the clock is brought to now here too), while its next
 * instruction and the set's epoch stay the same. */
uint64_t warp_sched_ccws_veto_epoch(struct warp_sched *ws, uint64_t now)
{
    struct ccws *s = ws->state;
    s->now = now;
    return ccws_lss_epoch(&s->lss, now);
}

/* A load that allocates in the L1D. */
static int l1_load(const struct ptx_inst *inst)
{
    struct ccgpu_inst_info in;
    ccgpu_inst_info(inst, &in);
    if (in.kind != CCGPU_INST_LOAD || in.l1_bypass)
        return 0;
    return in.space == CCGPU_MEM_GLOBAL || in.space == CCGPU_MEM_LOCAL ||
           in.space == CCGPU_MEM_GENERIC;
}

static int ccws_can_issue(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                          uint64_t now)
{
    struct ccws *s = ws->state;
    s->now = now;
    if (!l1_load(inst) || ccws_lss_may_load(&s->lss, slot, now))
        return 1;
    if (s->hold_from[slot] == CCWS_NEVER) { /* counted once per held load */
        s->hold_from[slot] = now;
        s->loads_held++;
    }
    return 0;
}

static void ccws_issue(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                       uint64_t now)
{
    (void)inst;
    struct ccws *s = ws->state;
    s->now = now;
    s->greedy[slot % ws->env.n_sched] = slot;
    ccws_lss_issued(&s->lss, slot, now);
    if (s->hold_from[slot] != CCWS_NEVER) {
        s->load_held_cycles += now - s->hold_from[slot];
        s->hold_from[slot] = CCWS_NEVER;
    }
}

static uint64_t ccws_next_event(struct warp_sched *ws, uint64_t now)
{
    struct ccws *s = ws->state;
    uint64_t t = ccws_lss_next_change(&s->lss, now);
    return t == CCWS_NEVER ? WARP_SCHED_NEVER : t;
}

static void ccws_l1_access(void *ctx, uint64_t block, int32_t warp, int is_write,
                           enum cache_outcome outcome, enum cache_fail fail)
{
    (void)fail;
    const struct warp_sched *ws = ctx;
    struct ccws *s = ws->state;
    s->now = ws->now; /* the LD/ST unit works before the issue stage in a cycle */
    if (is_write) {
        if (s->store_clear && outcome != CACHE_RESERVATION_FAIL)
            ccws_vta_clear_block(&s->vta, block);
        return;
    }
    if (s->diag && outcome == CACHE_MISS) {
        diag_sync(s, s->now);
        load_diag_miss(s->diag, warp, block);
    }
    int probes = outcome == CACHE_MISS || (s->probe_merge && outcome == CACHE_HIT_RESERVED);
    if (probes && ccws_vta_probe(&s->vta, warp, block)) {
        ccws_lss_vta_hit(&s->lss, (uint32_t)warp, s->now);
        if (s->diag)
            load_diag_vta_hit(s->diag, s->now);
    }
}

static void ccws_l1_evict(void *ctx, uint64_t block, int32_t warp)
{
    const struct warp_sched *ws = ctx;
    struct ccws *s = ws->state;
    if (s->diag) {
        diag_sync(s, ws->now);
        load_diag_evict(s->diag, warp, block);
    }
    ccws_vta_insert(&s->vta, warp, block);
}

/* Statistics (summed over SMs as sched.ccws.NAME). loads_held: loads
 * vetoed at least once; load_held_cycles: warp-cycles from a load's first
 * veto to its issue (both independent of idle-cycle skipping, unlike a
 * count of veto calls). llds_sum / vta_hits = mean LLDS. loadable_N: cycles
 * with N warps allowed to issue loads, while the SM had warps (never 0: the
 * warp first in the cutoff order may always load). */
#define LOADABLE_BINS 32
static const char *const ccws_counter_names[] = {
    "ccws.vta_lookups", "ccws.vta_hits", "ccws.vta_inserts", "ccws.vta_store_clears",
    "ccws.score_raises", "ccws.llds_sum", "ccws.loads_held", "ccws.load_held_cycles",
    "ccws.loadable_warp_cycles", "ccws.live_cycles",
    "ccws.loadable_1", "ccws.loadable_2", "ccws.loadable_3",
    "ccws.loadable_4", "ccws.loadable_5", "ccws.loadable_6", "ccws.loadable_7",
    "ccws.loadable_8", "ccws.loadable_9", "ccws.loadable_10", "ccws.loadable_11",
    "ccws.loadable_12", "ccws.loadable_13", "ccws.loadable_14", "ccws.loadable_15",
    "ccws.loadable_16", "ccws.loadable_17", "ccws.loadable_18", "ccws.loadable_19",
    "ccws.loadable_20", "ccws.loadable_21", "ccws.loadable_22", "ccws.loadable_23",
    "ccws.loadable_24", "ccws.loadable_25", "ccws.loadable_26", "ccws.loadable_27",
    "ccws.loadable_28", "ccws.loadable_29", "ccws.loadable_30", "ccws.loadable_31",
    "ccws.loadable_32plus",
    /* diag=1 only (n_counters): load_diag.h */
    "ccws.diag.grants", "ccws.diag.revokes", "ccws.diag.exit_loadable",
    "ccws.diag.loadable_cycles", "ccws.diag.set_changes", "ccws.diag.throttled_cycles",
    "ccws.diag.unthrottled_cycles", "ccws.diag.phases", "ccws.diag.phases_throttled",
    "ccws.diag.lag_cycles", "ccws.diag.misses_before_throttle", "ccws.diag.misses_throttled",
    "ccws.diag.misses_unthrottled", "ccws.diag.evict_loadable", "ccws.diag.evict_held",
    "ccws.diag.evict_absent", "ccws.diag.remiss_evicted_held",
    "ccws.diag.remiss_evicted_loadable", "ccws.diag.phases_hit",
    "ccws.diag.phases_hit_then_held", "ccws.diag.hit_to_hold_cycles", NULL,
};
#define CCWS_N_BASE 42 /* counters before the diag ones */
_Static_assert(CCWS_N_BASE + LD_N + 1 ==
                   sizeof ccws_counter_names / sizeof ccws_counter_names[0],
               "ccws counter list");

static uint32_t ccws_n_counters(struct warp_sched *ws)
{
    const struct ccws *s = ws->state;
    return s->diag ? CCWS_N_BASE + LD_N : CCWS_N_BASE;
}

static void ccws_counters(struct warp_sched *ws, uint64_t *out)
{
    struct ccws *s = ws->state;
    struct ccws_lss *l = &s->lss;
    ccws_lss_account(l, s->now);
    uint64_t sum = 0, live = 0;
    uint64_t *bins = &out[10];
    memset(bins, 0, LOADABLE_BINS * sizeof *bins);
    for (uint32_t k = 1; k <= l->n_warps; k++) {
        sum += (uint64_t)k * l->hist[k];
        live += l->hist[k];
        bins[k - 1 < LOADABLE_BINS - 1 ? k - 1 : LOADABLE_BINS - 1] += l->hist[k];
    }
    out[0] = s->vta.probes;
    out[1] = s->vta.hits;
    out[2] = s->vta.inserts;
    out[3] = s->vta.store_clears;
    out[4] = l->raised;
    out[5] = l->llds_sum;
    out[6] = s->loads_held;
    out[7] = s->load_held_cycles;
    out[8] = sum;
    out[9] = live;
    if (s->diag) {
        diag_sync(s, s->now);
        load_diag_counters(s->diag, s->now, &out[CCWS_N_BASE]);
    } else {
        memset(&out[CCWS_N_BASE], 0, LD_N * sizeof *out);
    }
}

const struct warp_sched_ops warp_sched_ccws = {
    .version = 2,
    .name = "ccws",
    .init = ccws_init,
    .free = ccws_free,
    .on_warp_assigned = ccws_assigned,
    .on_warp_exit = ccws_exit,
    .order = ccws_order,
    .can_issue = ccws_can_issue,
    .on_issue = ccws_issue,
    .next_event = ccws_next_event,
    .l1_access = ccws_l1_access,
    .l1_evict = ccws_l1_evict,
    .counter_names = ccws_counter_names,
    .counters = ccws_counters,
    .n_counters = ccws_n_counters,
    .first = warp_sched_ccws_first,
};
