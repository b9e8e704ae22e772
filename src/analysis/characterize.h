/* SACAT's workload characterisation (sacat-tpds2017 §3): the class of a
 * benchmark from the measurements of its Figs. 2-5. `ccgpu characterize`
 * gathers the figures (docs/characterize.md); this is the rule alone, so
 * that it can be tested on hand-made figure vectors.
 *
 * The paper classifies by reading the figures (§3.2); it states no numeric
 * rule. The rule implemented, in order, with the paper's words it rests on:
 *
 *  1. Fully streaming: the unbounded L1 hits under 20% of its accesses
 *     ("an overall high miss rate (up to 99 percent)" "in bounded and
 *     unbounded caches"; the paper's semi-streaming SRAD still misses 70% in
 *     the unbounded L1, so the line is drawn above that, at 80%).
 *     "L1/L2" when the unbounded L2 also hits under 20% (BLK, Sprod, VAdd),
 *     "L1" otherwise (FWT, NW, HS, CONV keep L2 hits).
 *  2. Cache contention when the unbounded L1 beats the configured one by
 *     20% or more in IPC ("the unbounded cache outperforms the bounded
 *     cache"); otherwise cache friendly ("comparable to that of the
 *     unbounded cache").
 *  3. Within contention, which mechanism the figures point at:
 *     a. intra-warp conflict when at least 10% of the L1 accesses come from
 *        instructions whose own lines overflow one L1 set ("a group of
 *        threads within the same warp access the same cache set", Fig. 7).
 *        The paper's two such benchmarks are also capacity-bound
 *        ("XW-Cap+IW-Cont"); xw_capacity says whether ours are (3c's test);
 *     b. cross-warp conflict when more associativity recovers at least as
 *        much IPC as more capacity: IPC(fully associative, same capacity) /
 *        IPC(configured) >= IPC(unbounded) / IPC(fully associative)
 *        ("increasing the associativity ... is capable of alleviating this
 *        type of contention");
 *     c. cross-warp capacity otherwise ("increasing the L1 cache capacity
 *        is capable of alleviating this type of contention").
 *     The paper reads conflict from LINE_ALLOC_FAIL and capacity from
 *     MSHR_ENTRY_FAIL and MPKI (Figs. 4, 5); those are printed beside the
 *     class, not used by it: in ccgpu's L1 a line-allocation failure means
 *     every way of the set is reserved by an outstanding miss, which a
 *     thrashing (capacity) workload also produces, so the failure mix does
 *     not separate the two mechanisms; the fully associative run does.
 *  4. Semi-streaming when, not fully streaming, at least 25% of the L1
 *     accesses touch a line referenced only once by its SM in the kernel
 *     ("a part of the memory requests are full of locality, while the other
 *     part shows streaming behavior"). It is a tag on a contention class
 *     (the paper's "XW-Conflict+Semi"); on an otherwise cache-friendly
 *     benchmark it becomes the class itself. */
#ifndef CCGPU_ANALYSIS_CHARACTERIZE_H
#define CCGPU_ANALYSIS_CHARACTERIZE_H

struct sacat_figures {
    double ipc_bypass, ipc_l1, ipc_fa, ipc_unb; /* Fig. 2: warp IPC per scenario */
    double l1_hit, l1_unb_hit;                  /* Fig. 3: hit rates 0..1 */
    double l2_hit, l2_unb_hit;                  /* (l2: < 0 when there is no L2) */
    double once_share;                          /* streaming part, 0..1 */
    double iw_conflict_share;                   /* intra-warp set overflow, 0..1 */
    double rf_line_alloc, rf_mshr, rf_miss_queue; /* Fig. 4: per kilo-cycle */
    double mpki;                                /* Fig. 5 */
};

#define SACAT_FULLY_STREAMING_HIT_MAX 0.20
#define SACAT_CONTENTION_GAIN_MIN 1.20
#define SACAT_IW_CONFLICT_MIN 0.10
#define SACAT_SEMI_ONCE_MIN 0.25

enum sacat_class {
    SACAT_STREAMING_FULLY,
    SACAT_STREAMING_SEMI,
    SACAT_XW_CONFLICT,
    SACAT_XW_CAPACITY,
    SACAT_IW_CONFLICT,
    SACAT_FRIENDLY,
};

struct sacat_class_result {
    enum sacat_class cls;
    int l2_streaming; /* fully streaming: also at the (unbounded) L2 */
    int semi;         /* contention class with a streaming part */
    int xw_capacity;  /* intra-warp conflict: capacity also limits (3c) */
};

struct sacat_class_result sacat_classify(const struct sacat_figures *f);
const char *sacat_class_name(enum sacat_class c);
/* "streaming fully (L1/L2)", "cross-warp conflict + semi", ... into buf. */
const char *sacat_class_label(const struct sacat_class_result *r, char *buf, unsigned len);

#endif
