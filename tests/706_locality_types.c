/* SACAT Fig. 3 locality types in bounded/unbounded L1 and L2
 * (analysis/locality_levels.h), the clustering paper's inter-CTA reuse
 * (analysis/locality_cta.h) and both classifiers, on hand-made inputs whose
 * expected counts are worked out in the comments. */
#include "check.h"
#include "analysis/characterize.h"
#include "analysis/locality_cta.h"
#include "analysis/locality_levels.h"

static struct trace_record rec(uint16_t kernel, uint16_t sm, uint32_t cta, uint32_t warp,
                               uint32_t lanes, uint32_t pc, uint64_t block, int write)
{
    struct trace_record r = { .block = block, .pc = pc, .lanes = lanes, .warp = warp, .cta = cta,
                              .sm = sm, .slot = (uint16_t)warp, .kernel = kernel,
                              .write = (uint8_t)write, .kind = TRACE_KIND_GLOBAL };
    return r;
}

static struct locality_levels_config small_cfg(uint64_t l1_lines, uint32_t l1_assoc)
{
    struct locality_levels_config c;
    memset(&c, 0, sizeof c);
    c.l1.policy = CACHESIM_LRU;
    c.l1.writes = c.l1.local_writes = CACHESIM_WRITES_EVICT;
    c.l1.size = l1_lines * 128;
    c.l1.assoc = l1_assoc;
    c.l1.line_size = 128;
    c.l1.index = "linear";
    c.l2 = c.l1;
    c.l2.writes = c.l2.local_writes = CACHESIM_WRITES_ALLOCATE;
    c.l2.size = 64 * 128; /* never evicts in these streams */
    c.l2.assoc = 0;
    c.l2_enabled = 1;
    c.l2_factor = 1;
    return c;
}

static void check_counts(const struct locality_counts *c, uint64_t acc, uint64_t miss, uint64_t it,
                         uint64_t ith, uint64_t cta, uint64_t sm, uint64_t remote, uint64_t kern)
{
    CHECK_EQ_U64(c->accesses, acc);
    CHECK_EQ_U64(c->misses, miss);
    CHECK_EQ_U64(c->intra_thread, it);
    CHECK_EQ_U64(c->inter_thread, ith);
    CHECK_EQ_U64(c->inter_warp_cta, cta);
    CHECK_EQ_U64(c->inter_warp_sm, sm);
    CHECK_EQ_U64(c->inter_warp_remote, remote);
    CHECK_EQ_U64(c->inter_kernel, kern);
}

/* L1: one set of 2 ways (LRU, write-evict); L2 large. Blocks A=0, B=1, C=2.
 *  r1  k0 sm0 cta0 w0 lane0 A  L1 miss, L1u miss; L2 miss
 *  r2  k0 sm0 cta0 w0 lane0 A  L1 hit intra-thread (owner w0, lanes 0x1)
 *  r3  k0 sm0 cta0 w0 lane1 A  hit inter-thread (0x2 & 0x1 = 0); lanes -> 0x3
 *  r4  k0 sm0 cta0 w1       A  hit, other warp same CTA
 *  r5  k0 sm0 cta1 w2       A  hit, other CTA same SM
 *  r6  k0 sm1 cta2 w4       A  sm1's L1s miss; L2 hit, owner on sm0: inter-core
 *  r7  k0 sm0 cta0 w0       B  miss everywhere (L1 now A, B)
 *  r8  k0 sm0 cta0 w0       C  miss everywhere; bounded L1 evicts A (LRU: r5)
 *  r9  k0 sm0 cta0 w0 lane0 A  bounded L1 miss; unbounded L1 hit intra-thread;
 *                              L2 hit intra-thread (owner w0 lanes 0x1: r6 was
 *                              another warp, its lanes were not added)
 *  r10 k1 sm0 cta0 w0 lane0 A  launch: both L1s emptied -> misses; L2 hit
 *                              inter-kernel (owner from kernel 0)
 *  r11 k1 sm0 cta0 w0 lane0 A  store: L1 hit intra-thread (owner r10), then
 *                              evicted; goes down: L2 hit inter-kernel
 * L2 stream: r1 r6 r7 r8 r9 r10 (read misses) and r11 (store) = 7 accesses:
 * misses r1 r7 r8, inter-core r6, intra-thread r9, inter-kernel r10 r11.
 * Lines referenced once per (SM, kernel): k0 sm0 B, C; k0 sm1 A; k1: none -> 3. */
TEST(types_by_hand)
{
    const struct trace_record r[] = {
        rec(0, 0, 0, 0, 0x1, 8, 0, 0),  rec(0, 0, 0, 0, 0x1, 16, 0, 0),
        rec(0, 0, 0, 0, 0x2, 24, 0, 0), rec(0, 0, 0, 1, 0x1, 8, 0, 0),
        rec(0, 0, 1, 2, 0x1, 8, 0, 0),  rec(0, 1, 2, 4, 0x1, 8, 0, 0),
        rec(0, 0, 0, 0, 0x1, 32, 1, 0), rec(0, 0, 0, 0, 0x1, 40, 2, 0),
        rec(0, 0, 0, 0, 0x1, 48, 0, 0), rec(1, 0, 0, 0, 0x1, 8, 0, 0),
        rec(1, 0, 0, 0, 0x1, 16, 0, 1),
    };
    struct locality_levels_config cfg = small_cfg(2, 2);
    struct access_array arr;
    struct access_source src;
    access_source_array(&src, &arr, r, sizeof r / sizeof r[0]);
    struct locality_levels_result res;
    char err[256];
    CHECK_EQ_INT(locality_levels_run(&cfg, &src, &res, err, sizeof err), 0);
    CHECK_EQ_U64(res.records, 11);
    check_counts(&res.l1, 11, 6, 2, 1, 1, 1, 0, 0);
    check_counts(&res.l1_unb, 11, 5, 3, 1, 1, 1, 0, 0);
    check_counts(&res.l2, 7, 3, 1, 0, 0, 0, 1, 2);
    check_counts(&res.l2_unb, 7, 3, 1, 0, 0, 0, 1, 2);
    CHECK_EQ_U64(res.once_accesses, 3);
    /* every record has its own (warp, pc) run: 11 one-line instructions */
    CHECK_EQ_U64(res.mem_insts, 11);
    CHECK_EQ_U64(res.iw_conflict_insts, 0);
    /* the clustering split: intra-CTA = intraT + interT + same CTA */
    CHECK_EQ_U64(locality_intra_cta(&res.l1), 4);
    CHECK_EQ_U64(locality_inter_cta(&res.l1), 1);
    CHECK_EQ_U64(locality_inter_cta(&res.l2), 1);
}

/* L1 of 2 sets x 1 way, linear index (set = block % 2).
 *  pc 8:  blocks 0, 2, 4 -> all in set 0: 3 lines > 1 way: a conflict (3 records)
 *  pc 16: blocks 0, 1    -> one line per set: none
 *  pc 16: block 1 again  -> a repeated line starts the next instance: none
 * 3 instructions, 1 conflicting, 3 of the 6 records. */
TEST(intra_warp_conflict_by_hand)
{
    const struct trace_record r[] = {
        rec(0, 0, 0, 0, 0x1, 8, 0, 0),  rec(0, 0, 0, 0, 0x2, 8, 2, 0),
        rec(0, 0, 0, 0, 0x4, 8, 4, 0),  rec(0, 0, 0, 0, 0x1, 16, 0, 0),
        rec(0, 0, 0, 0, 0x2, 16, 1, 0), rec(0, 0, 0, 0, 0x2, 16, 1, 0),
    };
    struct locality_levels_config cfg = small_cfg(2, 1);
    cfg.l2_enabled = 0;
    struct access_array arr;
    struct access_source src;
    access_source_array(&src, &arr, r, sizeof r / sizeof r[0]);
    struct locality_levels_result res;
    char err[256];
    CHECK_EQ_INT(locality_levels_run(&cfg, &src, &res, err, sizeof err), 0);
    CHECK_EQ_U64(res.mem_insts, 3);
    CHECK_EQ_U64(res.iw_conflict_insts, 1);
    CHECK_EQ_U64(res.iw_conflict_accesses, 3);
    CHECK_EQ_U64(res.l2.accesses, 0);
    /* 4-way: the same stream has no conflict */
    cfg = small_cfg(8, 4);
    cfg.l2_enabled = 0;
    access_source_array(&src, &arr, r, sizeof r / sizeof r[0]);
    CHECK_EQ_INT(locality_levels_run(&cfg, &src, &res, err, sizeof err), 0);
    CHECK_EQ_U64(res.iw_conflict_insts, 0);
}

TEST(levels_refuse_opt_and_bad_factor)
{
    struct locality_levels_config cfg = small_cfg(2, 2);
    struct access_array arr;
    struct access_source src;
    access_source_array(&src, &arr, NULL, 0);
    struct locality_levels_result res;
    char err[256];
    cfg.l1.policy = CACHESIM_OPT;
    CHECK_EQ_INT(locality_levels_run(&cfg, &src, &res, err, sizeof err), -1);
    cfg = small_cfg(2, 2);
    cfg.l2_factor = 3;
    CHECK_EQ_INT(locality_levels_run(&cfg, &src, &res, err, sizeof err), -1);
}

static void access1(struct cta_reuse *r, uint32_t launch, uint32_t cta, int store, uint32_t mask,
                    const uint64_t *addr)
{
    struct ccgpu_access a = { .launch = launch, .cta = cta, .warp = 0, .mask = mask,
                              .space = CCGPU_SPACE_GLOBAL, .is_load = (uint8_t)!store,
                              .is_store = (uint8_t)store, .bytes = 4, .addr = addr };
    cta_reuse_observe(r, &a);
}

/* 128-byte lines, 4-byte words.
 *  a1 launch0 cta0 load lanes 0,1 @0,4   line 0 cold (1 request, 8 bytes wanted)
 *  a2 cta0 load @8                        line 0: intra-CTA
 *  a3 cta1 load @4                        inter-CTA, word 1 was cta0's: same data
 *  a4 cta2 load @64                       inter-CTA, word 16 untouched: line only
 *  a5 cta3 store @200                     line 1 cold
 *  a6 cta4 load @204                      inter-CTA line only; last touch a store
 *                                         of cta3: write_broken
 *  a7 launch1 cta0 load @0                a new launch: cold again
 *  a8 launch1 cta0 lanes 0-4 @0,1000,40,7000,128000: steps 1000,-960,6960,121000
 *     (4 values > 3: a gather); lines 0 (words 0, 10: intra-CTA after a7), 7,
 *     54, 1000 cold
 * requests 11, cold 6, intra 2, inter 3 (same 1, line-only 2), write_broken 1,
 * reads 10, instructions 8, gathers 1. */
TEST(cta_reuse_by_hand)
{
    struct cta_reuse r;
    CHECK_EQ_INT(cta_reuse_init(&r, 128), 0);
    uint64_t ad[32] = { 0, 4 };
    access1(&r, 0, 0, 0, 0x3, ad);
    ad[0] = 8;
    access1(&r, 0, 0, 0, 0x1, ad);
    ad[0] = 4;
    access1(&r, 0, 1, 0, 0x1, ad);
    ad[0] = 64;
    access1(&r, 0, 2, 0, 0x1, ad);
    ad[0] = 200;
    access1(&r, 0, 3, 1, 0x1, ad);
    ad[0] = 204;
    access1(&r, 0, 4, 0, 0x1, ad);
    CHECK_EQ_U64(r.c.bytes_wanted, 8 + 4 * 5);
    CHECK_EQ_U64(r.c.bytes_lines, 6 * 128);
    ad[0] = 0;
    access1(&r, 1, 0, 0, 0x1, ad);
    uint64_t g[32] = { 0, 1000, 40, 7000, 128000 };
    access1(&r, 1, 0, 0, 0x1f, g);
    CHECK_EQ_INT(r.error, 0);
    CHECK_EQ_U64(r.c.requests, 11);
    CHECK_EQ_U64(r.c.cold, 6);
    CHECK_EQ_U64(r.c.intra_cta, 2);
    CHECK_EQ_U64(r.c.inter_cta, 3);
    CHECK_EQ_U64(r.c.inter_same_data, 1);
    CHECK_EQ_U64(r.c.inter_line_only, 2);
    CHECK_EQ_U64(r.c.write_broken, 1);
    CHECK_EQ_U64(r.c.reads, 10);
    CHECK_EQ_U64(r.c.insts, 8);
    CHECK_EQ_U64(r.c.irregular_insts, 1);
    cta_reuse_free(&r);
}

TEST(cta_classifier_on_vectors)
{
    /* data: a quarter of the instructions gather, whatever else */
    struct cta_reuse_counts c = { .requests = 100, .cold = 10, .inter_cta = 50, .inter_same_data = 50,
                                  .insts = 8, .irregular_insts = 2, .write_broken = 20 };
    struct cta_class k = cta_classify(&c);
    CHECK_EQ_INT(k.cat, CTA_CAT_DATA);
    CHECK_EQ_INT(k.also_write, 1); /* 20/50 >= 25% */
    c.irregular_insts = 1;         /* 1/8 < 25% */
    k = cta_classify(&c);
    CHECK_EQ_INT(k.cat, CTA_CAT_WRITE);
    c.write_broken = 12; /* 12/50 = 24% < 25% */
    k = cta_classify(&c);
    CHECK_EQ_INT(k.cat, CTA_CAT_ALGORITHM); /* same data 50/50 */
    c.inter_same_data = 24;                 /* 24/50 < half */
    c.inter_line_only = 26;
    k = cta_classify(&c);
    CHECK_EQ_INT(k.cat, CTA_CAT_CACHE_LINE);
    c.inter_cta = 0; /* no line reaches a second CTA */
    k = cta_classify(&c);
    CHECK_EQ_INT(k.cat, CTA_CAT_STREAMING);
    c.inter_cta = 1; /* 1 / 10 cold = 10%: not under the threshold */
    c.inter_same_data = 1;
    c.inter_line_only = 0;
    c.write_broken = 0;
    k = cta_classify(&c);
    CHECK_EQ_INT(k.cat, CTA_CAT_ALGORITHM);
    CHECK(!strcmp(cta_category_name(CTA_CAT_WRITE), "write"));
}

TEST(sacat_classifier_on_vectors)
{
    char buf[96];
    /* VAdd: nothing reused even unbounded, at L1 and L2 */
    struct sacat_figures f = { .ipc_bypass = 1.1, .ipc_l1 = 1, .ipc_fa = 1, .ipc_unb = 1,
                               .l1_unb_hit = 0.05, .l2_unb_hit = 0.10, .once_share = 1 };
    struct sacat_class_result r = sacat_classify(&f);
    CHECK_EQ_INT(r.cls, SACAT_STREAMING_FULLY);
    CHECK_EQ_INT(r.l2_streaming, 1);
    CHECK(!strcmp(sacat_class_label(&r, buf, sizeof buf), "streaming fully (L1/L2)"));
    /* HS/CONV: L1 streaming, L2 hits (inter-core) */
    f.l2_unb_hit = 0.88;
    r = sacat_classify(&f);
    CHECK(!strcmp(sacat_class_label(&r, buf, sizeof buf), "streaming fully (L1)"));
    /* exactly 20% unbounded hits is not fully streaming; 1.19x is no contention */
    f = (struct sacat_figures){ .ipc_l1 = 1, .ipc_fa = 1.1, .ipc_unb = 1.19, .l1_unb_hit = 0.20,
                                .l2_unb_hit = 0.9 };
    r = sacat_classify(&f);
    CHECK_EQ_INT(r.cls, SACAT_FRIENDLY);
    f.once_share = 0.25; /* friendly with a quarter never reused: semi-streaming */
    r = sacat_classify(&f);
    CHECK_EQ_INT(r.cls, SACAT_STREAMING_SEMI);
    /* 1.2x: contention; associativity gains 2.0, capacity 1.1: conflict */
    f = (struct sacat_figures){ .ipc_l1 = 1, .ipc_fa = 2.0, .ipc_unb = 2.2, .l1_unb_hit = 0.9 };
    r = sacat_classify(&f);
    CHECK_EQ_INT(r.cls, SACAT_XW_CONFLICT);
    f.once_share = 0.3;
    r = sacat_classify(&f);
    CHECK(!strcmp(sacat_class_label(&r, buf, sizeof buf), "cross-warp conflict + semi"));
    /* capacity: FA 1.1, unbounded 2.5 (2.27 > 1.1) */
    f = (struct sacat_figures){ .ipc_l1 = 1, .ipc_fa = 1.1, .ipc_unb = 2.5, .l1_unb_hit = 0.9 };
    r = sacat_classify(&f);
    CHECK_EQ_INT(r.cls, SACAT_XW_CAPACITY);
    f.ipc_unb = 1.2; /* exactly 1.2x over L1: contention; FA 1.1 >= 1.2/1.1 = 1.09: conflict */
    r = sacat_classify(&f);
    CHECK_EQ_INT(r.cls, SACAT_XW_CONFLICT);
    /* intra-warp conflict (10% of accesses) also capacity-bound: SYRK/GESUMMV */
    f = (struct sacat_figures){ .ipc_l1 = 1, .ipc_fa = 1.4, .ipc_unb = 7, .l1_unb_hit = 0.97,
                                .iw_conflict_share = 0.10 };
    r = sacat_classify(&f);
    CHECK_EQ_INT(r.cls, SACAT_IW_CONFLICT);
    CHECK(!strcmp(sacat_class_label(&r, buf, sizeof buf), "intra-warp conflict + xw-capacity"));
    f.iw_conflict_share = 0.099;
    r = sacat_classify(&f);
    CHECK_EQ_INT(r.cls, SACAT_XW_CAPACITY);
    /* a failed run (IPC 0) is no evidence of contention */
    f = (struct sacat_figures){ .ipc_l1 = 0, .ipc_fa = 1, .ipc_unb = 5, .l1_unb_hit = 0.9 };
    r = sacat_classify(&f);
    CHECK_EQ_INT(r.cls, SACAT_FRIENDLY);
}

int main(void)
{
    RUN(types_by_hand);
    RUN(intra_warp_conflict_by_hand);
    RUN(levels_refuse_opt_and_bad_factor);
    RUN(cta_reuse_by_hand);
    RUN(cta_classifier_on_vectors);
    RUN(sacat_classifier_on_vectors);
    return check_summary();
}
