/* Diagnostics of a load-limiting scheduler (src/policy/warp/load_diag.h):
 * turnover of the loadable set, throttled time, phases and the lag to the
 * first held warp, eviction owners, re-misses on a warp's own victims split
 * by whether it was held when the line left; and the CCWS scoring system
 * feeding it the allowed set of every interval (a decaying score letting a
 * held warp through at a computed cycle). Expectations derived by hand. */
#include "check.h"
#include "policy/warp/ccws_lss.h"
#include "policy/warp/load_diag.h"

static void set4(struct load_diag *d, uint64_t t, const char *live, const char *allowed)
{
    uint8_t l[4], a[4];
    for (int i = 0; i < 4; i++) {
        l[i] = live[i] == '1';
        a[i] = allowed[i] == '1';
    }
    load_diag_set(d, t, l, a);
}

TEST(sequence_by_hand)
{
    struct load_diag d;
    char err[160];
    if (load_diag_init(&d, 4, 2, err, sizeof err)) {
        printf("  setup: %s\n", err);
        CHECK(0);
        return;
    }
    uint64_t o[LD_N];
    /* t 0: W0, W1 arrive, both loadable: two grants, a phase starts */
    set4(&d, 0, "1100", "1100");
    load_diag_miss(&d, 0, 7); /* nobody held: unthrottled, before the first hold */
    load_diag_vta_hit(&d, 4); /* the phase's first VTA hit ... */
    load_diag_vta_hit(&d, 6); /* ... only the first counts */
    /* t 10: W2 arrives loadable, W1 held: first hold of the phase, lag 10 */
    set4(&d, 10, "1110", "1010");
    load_diag_evict(&d, 1, 50); /* W1's line, W1 held */
    load_diag_evict(&d, 0, 60); /* W0's, loadable */
    load_diag_evict(&d, 3, 70); /* no warp in slot 3 */
    load_diag_miss(&d, 2, 8);   /* throttled */
    /* t 30: W2 exits while loadable (loadable 10..30), W1 let through */
    set4(&d, 30, "1100", "1100");
    load_diag_miss(&d, 1, 50); /* W1's own victim, evicted while held */
    load_diag_miss(&d, 1, 50); /* the record is gone: no second re-miss */
    load_diag_miss(&d, 0, 60); /* W0's own, evicted while loadable */
    load_diag_miss(&d, 1, 60); /* another warp's victim: no re-miss (and 60 is gone) */
    /* FIFO of 2 per slot: 1 falls out when 3 comes */
    load_diag_evict(&d, 0, 1);
    load_diag_evict(&d, 0, 2);
    load_diag_evict(&d, 0, 3);
    load_diag_miss(&d, 0, 1);
    load_diag_miss(&d, 0, 3);
    /* as of 35: open intervals W0 0..35, W1 30..35 counted, state unchanged */
    load_diag_counters(&d, 35, o);
    CHECK_EQ_U64(o[LD_LOADABLE_CYCLES], 10 + 20 + 35 + 5);
    CHECK_EQ_U64(o[LD_UNTHROTTLED_CYCLES], 10 + 5);
    CHECK_EQ_U64(o[LD_THROTTLED_CYCLES], 20);
    /* t 40: everyone gone; t 50: W0 and W2 arrive held (at a barrier, say):
     * a second phase that throttles at once */
    set4(&d, 40, "0000", "0000");
    load_diag_vta_hit(&d, 45); /* no phase: ignored */
    set4(&d, 50, "1010", "0000");
    load_diag_vta_hit(&d, 55); /* after the phase's first hold */
    load_diag_miss(&d, 2, 9);
    /* a new warp in slot 0 forgets the old one's victims */
    load_diag_evict(&d, 0, 5); /* held */
    load_diag_clear_slot(&d, 0);
    load_diag_miss(&d, 0, 5);
    load_diag_counters(&d, 60, o);
    CHECK_EQ_U64(o[LD_GRANTS], 4);       /* W0, W1 at 0; W2 at 10; W1 at 30; none at 50 */
    CHECK_EQ_U64(o[LD_REVOKES], 1);      /* W1 at 10 */
    CHECK_EQ_U64(o[LD_EXIT_LOADABLE], 3); /* W2 at 30, W0 and W1 at 40 */
    CHECK_EQ_U64(o[LD_LOADABLE_CYCLES], 10 + 20 + 40 + 10);
    CHECK_EQ_U64(o[LD_SET_CHANGES], 4);  /* 0, 10, 30, 40 (50: nobody loadable before or after) */
    CHECK_EQ_U64(o[LD_THROTTLED_CYCLES], 20 + 10); /* 10..30, 50..60 */
    CHECK_EQ_U64(o[LD_UNTHROTTLED_CYCLES], 10 + 10); /* 0..10, 30..40 */
    CHECK_EQ_U64(o[LD_PHASES], 2);
    CHECK_EQ_U64(o[LD_PHASES_THROTTLED], 2);
    CHECK_EQ_U64(o[LD_LAG_CYCLES], 10 + 0);
    CHECK_EQ_U64(o[LD_MISSES_BEFORE_THROTTLE], 1);
    CHECK_EQ_U64(o[LD_MISSES_THROTTLED], 3);   /* 8 at 10, 9 and 5 at 50 */
    CHECK_EQ_U64(o[LD_MISSES_UNTHROTTLED], 7); /* 7 at 0; 50, 50, 60, 60, 1, 3 at 30 */
    CHECK_EQ_U64(o[LD_EVICT_LOADABLE], 4);     /* 60, 1, 2, 3 */
    CHECK_EQ_U64(o[LD_EVICT_HELD], 2);         /* 50, 5 */
    CHECK_EQ_U64(o[LD_EVICT_ABSENT], 1);
    CHECK_EQ_U64(o[LD_REMISS_EVICTED_HELD], 1);
    CHECK_EQ_U64(o[LD_REMISS_EVICTED_LOADABLE], 2); /* 60, 3 */
    CHECK_EQ_U64(o[LD_PHASES_HIT], 2);
    CHECK_EQ_U64(o[LD_PHASES_HIT_THEN_HELD], 1);
    CHECK_EQ_U64(o[LD_HIT_TO_HOLD_CYCLES], 10 - 4);
    /* t 60: W0 gone, W2 let through; a call dated 55 counts as 60 */
    set4(&d, 60, "0010", "0010");
    set4(&d, 55, "0000", "0000");
    load_diag_counters(&d, 70, o);
    CHECK_EQ_U64(o[LD_GRANTS], 5);
    CHECK_EQ_U64(o[LD_EXIT_LOADABLE], 4);
    CHECK_EQ_U64(o[LD_LOADABLE_CYCLES], 80); /* W2's interval 60..60 */
    CHECK_EQ_U64(o[LD_THROTTLED_CYCLES], 30);
    CHECK_EQ_U64(o[LD_UNTHROTTLED_CYCLES], 20); /* no live warp after 60 */
    load_diag_free(&d);
    CHECK(load_diag_init(&d, 4, 0, err, sizeof err) < 0);
    CHECK_STR_CONTAINS(err, "shadow");
}

/* Two warps, base 100, K 1, decay one point a cycle: one instruction, then
 * W1's VTA hit at 10 gives LLDS = 1/1 x 1 x 200 = 200: W1 first in the
 * order (always loads), W0's prefix sum 300 > cutoff 200, held until W1's
 * score has fallen by 100, at 110. The observer sees grants at 0 (both)
 * and 110 (W0), a revoke at 10, 100 throttled cycles after a lag of 10. */
TEST(scoring_system_feeds_the_observer)
{
    struct ccws_lss l;
    struct load_diag d;
    char err[160];
    struct ccws_lss_params p = { 1, 100, 0, 0, 16, 1, 1, 0 };
    if (ccws_lss_init(&l, 2, &p, err, sizeof err) || load_diag_init(&d, 2, 4, err, sizeof err)) {
        printf("  setup: %s\n", err);
        CHECK(0);
        return;
    }
    l.diag = &d;
    ccws_lss_warp_add(&l, 0, 0, 0);
    ccws_lss_warp_add(&l, 1, 1, 0);
    ccws_lss_issued(&l, 0, 5);
    CHECK_EQ_U64(ccws_lss_vta_hit(&l, 1, 10), 200);
    CHECK(!ccws_lss_may_load(&l, 0, 50));
    CHECK(ccws_lss_may_load(&l, 1, 50));
    CHECK_EQ_U64(ccws_lss_next_change(&l, 50), 110);
    ccws_lss_account(&l, 200);
    uint64_t o[LD_N];
    load_diag_counters(&d, 200, o);
    CHECK_EQ_U64(o[LD_GRANTS], 3);
    CHECK_EQ_U64(o[LD_REVOKES], 1);
    CHECK_EQ_U64(o[LD_LOADABLE_CYCLES], 10 + 90 + 200);
    CHECK_EQ_U64(o[LD_THROTTLED_CYCLES], 100);
    CHECK_EQ_U64(o[LD_UNTHROTTLED_CYCLES], 100);
    CHECK_EQ_U64(o[LD_LAG_CYCLES], 10);
    CHECK_EQ_U64(o[LD_SET_CHANGES], 3);
    /* the histogram agrees: 2 warps for 100 cycles, 1 for 100 */
    CHECK_EQ_U64(l.hist[1], 100);
    CHECK_EQ_U64(l.hist[2], 100);
    ccws_lss_free(&l);
    load_diag_free(&d);
}

int main(void)
{
    RUN(sequence_by_hand);
    RUN(scoring_system_feeds_the_observer);
    return check_summary();
}
