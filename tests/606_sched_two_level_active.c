/* GPGPU-Sim's two-level active scheduler (two_level_active:N:I:O,
 * src/policy/warp/sched_two_level_active.c) on a hand-made sequence: the
 * first N slots of a scheduler start active, the rest pending in slot
 * order; waiting warps (an empty slot, a barrier, a next instruction that
 * reads a pending long-latency load, answered here by a stand-in for the
 * SM's ccgpu_warp_long_wait) go to the back of the FIFO each cycle and as
 * many come in from its front, waiting or not; an issue rotates the active
 * list past the issuing warp (twice, by the same place, for a second
 * instruction in the cycle); only active warps may issue; next_event asks
 * for the next cycle while an active slot waits; bad arguments are errors. */
#include "check.h"
#include "policy/warp/warp_sched.h"
#include <stdlib.h>

static struct warp_sched ws;
static struct policy_gpu gpu;
static uint8_t longwait[64];
static uint32_t out[64];
static char err[256];

static int fake_long_wait(void *ctx, uint32_t sm, uint32_t slot, uint64_t at)
{
    (void)ctx, (void)sm, (void)at;
    return longwait[slot];
}

static int make(const char *spec, uint32_t slots, uint32_t nsched)
{
    memset(&gpu, 0, sizeof gpu);
    memset(longwait, 0, sizeof longwait);
    gpu.long_wait = fake_long_wait;
    struct warp_sched_env env = { 0, slots, nsched, 1, &gpu };
    if (warp_sched_init(&ws, spec, &env, err, sizeof err)) {
        printf("  %s: %s\n", spec, err);
        return -1;
    }
    return 0;
}

/* order of scheduler s at cycle now as a string like "2 3 0 1" */
static const char *order_at(uint32_t s, uint64_t now)
{
    static char buf[256];
    uint32_t n = ws.ops->order(&ws, s, now, out);
    buf[0] = 0;
    for (uint32_t i = 0; i < n; i++)
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%u", i ? " " : "", out[i]);
    return buf;
}

/* the slots below `slots` (live ones: the SM asks only of those) that may
 * issue at now, as a string */
static const char *allowed(uint32_t slots, uint64_t now)
{
    static char buf[256];
    buf[0] = 0;
    for (uint32_t w = 0; w < slots; w++)
        if (ws.ops->can_issue(&ws, w, NULL, now))
            snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%u", buf[0] ? " " : "", w);
    return buf;
}

static void assign(uint32_t from, uint32_t to, uint64_t now)
{
    ws.now = now;
    for (uint32_t w = from; w < to; w++)
        ws.ops->on_warp_assigned(&ws, w, w);
}

#define ORDER_IS(s, now, want)                                                 \
    do {                                                                       \
        const char *got_ = order_at(s, now);                                   \
        if (strcmp(got_, want) != 0)                                           \
            CHECK_FAIL_AT_("order at cycle %u: '%s', want '%s'", (unsigned)(now), \
                           got_, want);                                        \
    } while (0)

TEST(demote_promote_rotate)
{
    if (make("two_level_active:2:0:1", 8, 1))
        return;
    /* the lists stand still on an SM without warps */
    CHECK_EQ_U64(ws.ops->next_event(&ws, 0), WARP_SCHED_NEVER);
    assign(0, 8, 0);
    /* arrived after cycle 0's work; from cycle 1: active 0 1, pending 2-7 */
    ORDER_IS(0, 1, "0 1 2 3 4 5 6 7");
    CHECK(strcmp(allowed(8, 1), "0 1") == 0);
    CHECK_EQ_U64(ws.ops->next_event(&ws, 1), WARP_SCHED_NEVER);
    /* warp 0 issues: the list starts after it */
    ws.ops->on_issue(&ws, 0, NULL, 1);
    ORDER_IS(0, 1, "1 0 2 3 4 5 6 7");
    /* warp 1 issues a load its next instruction reads: waiting from cycle 2 */
    ws.ops->on_issue(&ws, 1, NULL, 1);
    ORDER_IS(0, 1, "0 1 2 3 4 5 6 7");
    longwait[1] = 1;
    CHECK_EQ_U64(ws.ops->next_event(&ws, 1), 2);
    ORDER_IS(0, 2, "0 2 3 4 5 6 7 1"); /* 1 demoted, 2 promoted */
    CHECK(strcmp(allowed(8, 2), "0 2") == 0);
    /* warp 0 reaches a barrier: demoted the next cycle, 3 comes in */
    ws.ops->on_warp_barrier(&ws, 0, 1);
    CHECK_EQ_U64(ws.ops->next_event(&ws, 2), 3);
    ORDER_IS(0, 3, "2 3 4 5 6 7 1 0");
    ws.ops->on_issue(&ws, 2, NULL, 3);
    ORDER_IS(0, 3, "3 2 4 5 6 7 1 0");
    /* the load's data is back and the barrier released: the two stay in
     * the FIFO, nothing moves while no active warp waits */
    longwait[1] = 0;
    ws.ops->on_warp_barrier(&ws, 0, 0);
    CHECK_EQ_U64(ws.ops->next_event(&ws, 3), WARP_SCHED_NEVER);
    ORDER_IS(0, 10, "3 2 4 5 6 7 1 0");
    /* warp 3 exits: its empty slot is demoted and 4 promoted */
    ws.ops->on_warp_exit(&ws, 3);
    CHECK_EQ_U64(ws.ops->next_event(&ws, 10), 11);
    ORDER_IS(0, 11, "2 4 5 6 7 1 0");
    /* promotion takes the FIFO's front even when it waits: 5 comes in and
     * goes out again the cycle after, then 6 */
    longwait[4] = longwait[5] = 1;
    ORDER_IS(0, 12, "2 5 6 7 1 0 4");
    ORDER_IS(0, 13, "2 6 7 1 0 4 5");
    CHECK(strcmp(allowed(8, 13), "2 6") == 0);
    /* the empty slot 3 turns with the FIFO; a new warp there starts where
     * the slot is (pending, after 0) */
    ws.now = 13;
    ws.ops->on_warp_assigned(&ws, 3, 8);
    ORDER_IS(0, 14, "2 6 7 1 0 3 4 5");
    warp_sched_free(&ws);
}

TEST(dual_issue_rotates_twice_by_the_same_place)
{
    if (make("two_level_active:4:0:1", 8, 1))
        return;
    assign(0, 8, 0);
    ORDER_IS(0, 1, "0 1 2 3 4 5 6 7");
    /* warp 1 (place 1) issues: 2 3 0 1; a second instruction of warp 1 in
     * the cycle rotates by place 1 again, as GPGPU-Sim's iterator does */
    ws.ops->on_issue(&ws, 1, NULL, 1);
    ORDER_IS(0, 1, "2 3 0 1 4 5 6 7");
    ws.ops->on_issue(&ws, 1, NULL, 1);
    ORDER_IS(0, 1, "0 1 2 3 4 5 6 7");
    /* the next cycle's issue of warp 1 looks up its place again */
    ws.ops->on_issue(&ws, 1, NULL, 2);
    ORDER_IS(0, 2, "2 3 0 1 4 5 6 7");
    warp_sched_free(&ws);
}

TEST(slots_by_scheduler_and_empty_slots)
{
    /* two schedulers: slot w belongs to w % 2; scheduler 0 has 0 2 active,
     * 4 6 8 10 pending; only slots 0-3 hold warps */
    if (make("two_level_active:2:0:1", 12, 2))
        return;
    assign(0, 4, 5);
    ORDER_IS(0, 6, "0 2");
    ORDER_IS(1, 6, "1 3");
    CHECK_EQ_U64(ws.ops->next_event(&ws, 6), WARP_SCHED_NEVER);
    /* warp 2 waits: demoted, and the empty slots 4, 6, 8, 10 come in one
     * by one, each demoted the next cycle, until 2 is back */
    longwait[2] = 1;
    ORDER_IS(0, 7, "0 2");
    CHECK(strcmp(allowed(4, 7), "0 1 3") == 0);
    longwait[2] = 0;
    for (uint64_t t = 8; t < 11; t++) {
        CHECK_EQ_U64(ws.ops->next_event(&ws, t - 1), t);
        ORDER_IS(0, t, "0 2");
        CHECK(strcmp(allowed(4, t), "0 1 3") == 0);
    }
    CHECK_EQ_U64(ws.ops->next_event(&ws, 10), 11);
    CHECK(strcmp(allowed(4, 11), "0 1 2 3") == 0);
    CHECK_EQ_U64(ws.ops->next_event(&ws, 11), WARP_SCHED_NEVER);
    ORDER_IS(1, 11, "1 3");
    warp_sched_free(&ws);
}

TEST(n_at_least_the_slots_makes_every_slot_active)
{
    if (make("two_level_active:16:0:1", 8, 2))
        return;
    assign(0, 8, 0);
    CHECK(strcmp(allowed(8, 1), "0 1 2 3 4 5 6 7") == 0);
    /* a waiting warp is demoted and promoted again at once: to the back */
    longwait[2] = 1;
    ORDER_IS(0, 1, "0 2 4 6");
    ORDER_IS(0, 2, "0 4 6 2");
    warp_sched_free(&ws);
}

TEST(arguments)
{
    static const char *bad[] = {
        "two_level_active", "two_level_active:6", "two_level_active:6:0",
        "two_level_active:0:0:1", "two_level_active:6:0:1:2", "two_level_active:x:0:1",
        "two_level_active:-6:0:1",
    };
    struct warp_sched_env env = { 0, 48, 2, 1, NULL };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK(warp_sched_init(&ws, bad[i], &env, err, sizeof err) == -1);
        CHECK(strstr(err, "two_level_active") != NULL);
        CHECK(strstr(err, "N:I:O") != NULL);
    }
    /* only loose round robin inside and strict round robin outside */
    CHECK(warp_sched_init(&ws, "two_level_active:6:1:1", &env, err, sizeof err) == -1);
    CHECK(strstr(err, "prioritisation 1:1 is not modelled") != NULL);
    CHECK(warp_sched_init(&ws, "two_level_active:6:0:2", &env, err, sizeof err) == -1);
    CHECK(strstr(err, "prioritisation 0:2 is not modelled") != NULL);
    CHECK(warp_sched_init(&ws, "two_level_active:6:0:1", &env, err, sizeof err) == 0);
    /* no SM behind the instance: the long-wait query says no */
    CHECK_EQ_INT(ccgpu_warp_long_wait(&ws, 0, 0), 0);
    warp_sched_free(&ws);
}

int main(void)
{
    RUN(demote_promote_rotate);
    RUN(dual_issue_rotates_twice_by_the_same_place);
    RUN(slots_by_scheduler_and_empty_slots);
    RUN(n_at_least_the_slots_makes_every_slot_active);
    RUN(arguments);
    return check_summary();
}
