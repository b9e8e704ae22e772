/* Warp scheduler policies on crafted situations, through their interface
 * (src/policy/warp/warp_sched.h): LRR rotates after the warp that issued, GTO
 * stays with a warp until it stalls then takes the oldest, 2LVL keeps to
 * the active fetch group, oldest-first ignores greed, SWL lets only the N
 * oldest live non-waiting warps issue; schedulers own slots w % n; each
 * policy's first function agrees with its order; the table is well formed
 * and bad names or arguments are errors. */
#include "check.h"
#include "policy/warp/warp_sched.h"
#include <stdlib.h>

static struct warp_sched ws;
static uint32_t out[64];

/* A scheduler instance in ws; a failure fails the running test. */
static int make(const char *spec, uint32_t slots, uint32_t nsched)
{
    char err[256];
    struct warp_sched_env env = { 0, slots, nsched, 1, NULL };
    if (check_setup_planted())
        return SETUP_FAILED(spec);
    if (warp_sched_init(&ws, spec, &env, err, sizeof err)) {
        printf("  %s: %s\n", spec, err);
        return SETUP_FAILED(spec);
    }
    return 0;
}

/* order of scheduler s as a string like "2 3 0 1" */
static const char *order(uint32_t s)
{
    static char buf[256];
    uint32_t n = ws.ops->order(&ws, s, 0, out);
    buf[0] = 0;
    for (uint32_t i = 0; i < n; i++)
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%u", i ? " " : "", out[i]);
    return buf;
}

static void issue(uint32_t slot)
{
    if (ws.ops->on_issue)
        ws.ops->on_issue(&ws, slot, NULL, 0);
}

static void assign_in_order(uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        ws.ops->on_warp_assigned(&ws, i, i);
}

TEST(table_is_well_formed)
{
    int n = 0;
    for (int i = 0; warp_sched_table[i]; i++, n++) {
        const struct warp_sched_ops *o = warp_sched_table[i];
        /* version 2: first filled (every built-in but 2lvl); version 3:
         * on_warp_atomic filled (swl, warp_limiting, two_level_active) */
        CHECK(o->version == 1 || (o->version == 2 && o->first) ||
              (o->version == 3 && o->on_warp_atomic));
        CHECK(o->name && o->order && o->on_warp_assigned && o->on_warp_exit);
        for (int j = 0; j < i; j++)
            CHECK(strcmp(warp_sched_table[j]->name, o->name) != 0);
    }
    CHECK(n >= 5);
}

TEST(lrr_rotates)
{
    if (make("lrr", 4, 1))
        return;
    assign_in_order(4);
    CHECK_STR_CONTAINS(order(0), "0 1 2 3");
    issue(1);
    CHECK_STR_CONTAINS(order(0), "2 3 0 1");
    issue(3);
    CHECK_STR_CONTAINS(order(0), "0 1 2 3");
    ws.ops->on_warp_exit(&ws, 0);
    CHECK(strcmp(order(0), "1 2 3") == 0);
    warp_sched_free(&ws);
}

TEST(gto_greedy_then_oldest)
{
    if (make("gto", 4, 1))
        return;
    /* ages: slot 3 oldest, then 1, 0, 2 */
    ws.ops->on_warp_assigned(&ws, 3, 10);
    ws.ops->on_warp_assigned(&ws, 1, 11);
    ws.ops->on_warp_assigned(&ws, 0, 12);
    ws.ops->on_warp_assigned(&ws, 2, 13);
    CHECK(strcmp(order(0), "3 1 0 2") == 0);
    issue(0); /* greedy: the warp that issued last comes first */
    CHECK(strcmp(order(0), "0 3 1 2") == 0);
    issue(0);
    CHECK(strcmp(order(0), "0 3 1 2") == 0);
    issue(1); /* 0 stalled, the oldest ready (1 here) issued: it becomes greedy */
    CHECK(strcmp(order(0), "1 3 0 2") == 0);
    ws.ops->on_warp_exit(&ws, 1);
    CHECK(strcmp(order(0), "3 0 2") == 0);
    warp_sched_free(&ws);
}

TEST(oldest_ignores_greed)
{
    if (make("oldest", 4, 1))
        return;
    assign_in_order(4);
    issue(2);
    CHECK(strcmp(order(0), "0 1 2 3") == 0);
    warp_sched_free(&ws);
}

TEST(two_level_groups)
{
    if (make("2lvl:2", 8, 1))
        return;
    assign_in_order(8);
    CHECK(strcmp(order(0), "0 1 2 3 4 5 6 7") == 0);
    issue(5); /* group {4,5} is active: it comes first, greedy warp 5 leading */
    CHECK(strcmp(order(0), "5 4 0 1 2 3 6 7") == 0);
    issue(4);
    CHECK(strcmp(order(0), "4 5 0 1 2 3 6 7") == 0);
    issue(7); /* group {6,7} all that could issue: it becomes active */
    CHECK(strcmp(order(0), "7 6 0 1 2 3 4 5") == 0);
    ws.ops->on_warp_exit(&ws, 0); /* groups ordered by their oldest live warp */
    ws.ops->on_warp_exit(&ws, 1);
    issue(2);
    CHECK(strcmp(order(0), "2 3 4 5 6 7") == 0);
    warp_sched_free(&ws);
    if (make("2lvl:4", 8, 1))
        return;
    assign_in_order(8);
    issue(6);
    CHECK(strcmp(order(0), "6 4 5 7 0 1 2 3") == 0);
    warp_sched_free(&ws);
}

TEST(swl_limits_to_n_oldest)
{
    if (make("swl:2", 6, 1))
        return;
    assign_in_order(6);
    int allowed = 0;
    for (uint32_t s = 0; s < 6; s++)
        allowed += ws.ops->can_issue(&ws, s, NULL, 0);
    CHECK_EQ_INT(allowed, 2);
    CHECK(ws.ops->can_issue(&ws, 0, NULL, 0) && ws.ops->can_issue(&ws, 1, NULL, 0));
    /* a warp waiting at a barrier leaves its place to the next oldest */
    ws.ops->on_warp_barrier(&ws, 0, 1);
    CHECK(!ws.ops->can_issue(&ws, 0, NULL, 0) && ws.ops->can_issue(&ws, 2, NULL, 0));
    ws.ops->on_warp_barrier(&ws, 0, 0);
    CHECK(ws.ops->can_issue(&ws, 0, NULL, 0) && !ws.ops->can_issue(&ws, 2, NULL, 0));
    /* so does a warp waiting on an atomic (GPGPU-Sim's waiting()), also
     * while it waits at a barrier too */
    warp_sched_atomic_fn atomic = warp_sched_atomic_of(ws.ops);
    CHECK(atomic != NULL);
    if (atomic) {
        atomic(&ws, 1, 1);
        CHECK(!ws.ops->can_issue(&ws, 1, NULL, 0) && ws.ops->can_issue(&ws, 2, NULL, 0));
        ws.ops->on_warp_barrier(&ws, 1, 1);
        atomic(&ws, 1, 0);
        CHECK(!ws.ops->can_issue(&ws, 1, NULL, 0) && ws.ops->can_issue(&ws, 2, NULL, 0));
        ws.ops->on_warp_barrier(&ws, 1, 0);
        CHECK(ws.ops->can_issue(&ws, 1, NULL, 0) && !ws.ops->can_issue(&ws, 2, NULL, 0));
    }
    ws.ops->on_warp_exit(&ws, 1);
    CHECK(ws.ops->can_issue(&ws, 2, NULL, 0) && !ws.ops->can_issue(&ws, 3, NULL, 0));
    /* order is GTO */
    issue(2);
    CHECK(strcmp(order(0), "2 0 3 4 5") == 0);
    warp_sched_free(&ws);
}

TEST(schedulers_own_slots_mod_n)
{
    if (make("gto", 6, 2))
        return;
    assign_in_order(6);
    CHECK(strcmp(order(0), "0 2 4") == 0);
    CHECK(strcmp(order(1), "1 3 5") == 0);
    issue(3);
    CHECK(strcmp(order(1), "3 1 5") == 0);
    CHECK(strcmp(order(0), "0 2 4") == 0);
    warp_sched_free(&ws);
    if (make("lrr", 6, 2))
        return;
    assign_in_order(6);
    issue(2);
    CHECK(strcmp(order(0), "4 0 2") == 0);
    CHECK(strcmp(order(1), "1 3 5") == 0);
    warp_sched_free(&ws);
}

/* warp_limiting (GPGPU-Sim's swl_scheduler) lets the slot that issued last
 * issue too: its order is that slot, then the N oldest. One scheduler of 6
 * slots, N = 1. */
TEST(warp_limiting_keeps_the_greedy_slot)
{
    if (make("warp_limiting:2:1", 6, 1))
        return;
    assign_in_order(6);
    /* before any issue the greedy slot is the scheduler's first, slot 0,
     * which is also the oldest: one warp may issue */
    int allowed = 0;
    for (uint32_t s = 0; s < 6; s++)
        allowed += ws.ops->can_issue(&ws, s, NULL, 0);
    CHECK_EQ_INT(allowed, 1);
    CHECK(ws.ops->can_issue(&ws, 0, NULL, 0));
    /* warp 0 waits at a barrier: warp 1 is the oldest not waiting; it
     * issues and becomes the greedy slot */
    ws.ops->on_warp_barrier(&ws, 0, 1);
    CHECK(ws.ops->can_issue(&ws, 1, NULL, 0) && !ws.ops->can_issue(&ws, 2, NULL, 0));
    issue(1);
    /* warp 0 leaves the barrier: it is the oldest again, and warp 1, the
     * greedy slot, may still issue (N + 1 = 2); swl:1:sched allows 1 */
    ws.ops->on_warp_barrier(&ws, 0, 0);
    CHECK(ws.ops->can_issue(&ws, 0, NULL, 0) && ws.ops->can_issue(&ws, 1, NULL, 0));
    CHECK(!ws.ops->can_issue(&ws, 2, NULL, 0));
    CHECK(strcmp(order(0), "1 0 2 3 4 5") == 0);
    /* warp 0 issues: the greedy slot moves to 0, warp 1 is held again */
    issue(0);
    CHECK(ws.ops->can_issue(&ws, 0, NULL, 0) && !ws.ops->can_issue(&ws, 1, NULL, 0));
    /* the greedy slot is kept when its warp exits: a new, youngest warp in
     * slot 0 may issue beside the oldest, warp 1 */
    ws.ops->on_warp_exit(&ws, 0);
    CHECK(ws.ops->can_issue(&ws, 1, NULL, 0) && !ws.ops->can_issue(&ws, 2, NULL, 0));
    ws.ops->on_warp_assigned(&ws, 0, 10);
    CHECK(ws.ops->can_issue(&ws, 0, NULL, 0) && ws.ops->can_issue(&ws, 1, NULL, 0));
    CHECK(!ws.ops->can_issue(&ws, 2, NULL, 0));
    CHECK(strcmp(order(0), "0 1 2 3 4 5") == 0);
    warp_sched_free(&ws);
    /* swl:1:sched has no greedy slot: after the same steps only the oldest */
    if (make("swl:1:sched", 6, 1))
        return;
    assign_in_order(6);
    ws.ops->on_warp_barrier(&ws, 0, 1);
    issue(1);
    ws.ops->on_warp_barrier(&ws, 0, 0);
    CHECK(ws.ops->can_issue(&ws, 0, NULL, 0) && !ws.ops->can_issue(&ws, 1, NULL, 0));
    warp_sched_free(&ws);
}

TEST(bad_specs)
{
    char err[256];
    struct warp_sched_env env = { 0, 8, 1, 1, NULL };
    CHECK(warp_sched_init(&ws, "fifo", &env, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "unknown warp scheduler 'fifo'");
    CHECK(warp_sched_init(&ws, "swl", &env, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "swl");
    CHECK(warp_sched_init(&ws, "swl:0", &env, err, sizeof err) == -1);
    CHECK(warp_sched_init(&ws, "2lvl:x", &env, err, sizeof err) == -1);
    CHECK(warp_sched_init(&ws, "gto:3", &env, err, sizeof err) == -1);
    /* GPGPU-Sim's spelling takes prioritisation:N (only 2, GTO) */
    CHECK(warp_sched_init(&ws, "warp_limiting:4", &env, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "is not P:N");
    CHECK(warp_sched_init(&ws, "warp_limiting:1:4", &env, err, sizeof err) == -1);
    CHECK(warp_sched_init(&ws, "swl:4:each", &env, err, sizeof err) == -1);
    CHECK(warp_sched_init(&ws, "warp_limiting:2:4", &env, err, sizeof err) == 0);
    CHECK(strcmp(ws.ops->name, "warp_limiting") == 0);
    warp_sched_free(&ws);
    CHECK(warp_sched_init(&ws, "swl:4:sched", &env, err, sizeof err) == 0);
    warp_sched_free(&ws);
}

/* A spy policy receiving the L1's events the way the SM installs them
 * (warp_sched_l1_hooks): what CCWS's lost-locality detector needs. */
struct spy {
    int accesses, misses, reserves, evicts;
    int32_t last_warp, evict_warp;
    uint64_t evict_block;
};

static void spy_access(void *ctx, uint64_t block, int32_t warp, int is_write,
                       enum cache_outcome o, enum cache_fail f)
{
    struct spy *s = ((struct warp_sched *)ctx)->state;
    (void)block;
    (void)is_write;
    (void)f;
    s->accesses++;
    s->misses += o == CACHE_MISS;
    s->last_warp = warp;
}

static void spy_reserve(void *ctx, uint64_t block, int32_t warp)
{
    struct spy *s = ((struct warp_sched *)ctx)->state;
    (void)block;
    (void)warp;
    s->reserves++;
}

static void spy_evict(void *ctx, uint64_t block, int32_t warp)
{
    struct spy *s = ((struct warp_sched *)ctx)->state;
    s->evicts++;
    s->evict_block = block;
    s->evict_warp = warp;
}

TEST(l1_hooks_reach_the_policy)
{
    static const struct warp_sched_ops spy_ops = {
        .version = 1, .name = "spy", .l1_access = spy_access, .l1_reserve = spy_reserve,
        .l1_evict = spy_evict,
    };
    struct spy st = { 0, 0, 0, 0, -1, -1, 0 };
    struct warp_sched spy_ws = { .ops = &spy_ops, .env = { 0, 8, 1, 1, NULL }, .state = &st };
    struct cache c;
    struct cache_config cc;
    char err[256];
    /* 1 set, 2 ways, 128 B lines */
    CHECK(cache_config_parse(&cc, "1:128:2,L:E:m:N,A:4:4,4", err, sizeof err) == 0);
    CHECK(cache_init(&c, &cc, err, sizeof err) == 0);
    struct cache_hooks h = warp_sched_l1_hooks(&spy_ws);
    cache_set_hooks(&c, &h);
    enum cache_fail f;
    const uint64_t *tok;
    for (int i = 0; i < 3; i++) { /* warps 5, 6, 7 each miss on their own line */
        struct cache_access a = { .addr = (uint64_t)i * 128, .warp = 5 + i, .token = (uint64_t)i };
        CHECK(cache_access(&c, &a, &f) == CACHE_MISS);
        cache_out_pop(&c);
        CHECK_EQ_INT(cache_fill(&c, (uint64_t)i * 128, 1, &tok), 1);
    }
    CHECK_EQ_INT(st.accesses, 3);
    CHECK_EQ_INT(st.misses, 3);
    CHECK_EQ_INT(st.reserves, 3);
    CHECK_EQ_INT(st.last_warp, 7);
    CHECK_EQ_INT(st.evicts, 1); /* line 0, reserved by warp 5, made room for line 2 */
    CHECK_EQ_U64(st.evict_block, 0);
    CHECK_EQ_INT(st.evict_warp, 5);
    cache_free(&c);
    /* policies without L1 hooks install none */
    if (make("gto", 4, 1) == 0) {
        struct cache_hooks g = warp_sched_l1_hooks(&ws);
        CHECK(!g.on_access && !g.on_reserve && !g.on_evict);
        warp_sched_free(&ws);
    }
    /* swl watches the L1 only for its diagnostics (swl:N:diag) */
    if (make("swl:3", 4, 1) == 0) {
        struct cache_hooks g = warp_sched_l1_hooks(&ws);
        CHECK(!g.on_access && !g.on_reserve && !g.on_evict);
        warp_sched_free(&ws);
    }
    if (make("swl:3:diag", 4, 1) == 0) {
        struct cache_hooks g = warp_sched_l1_hooks(&ws);
        CHECK(g.on_access && g.on_evict);
        warp_sched_free(&ws);
    }
}

/* Each built-in policy's first function (warp_sched_first_of, which the
 * issue stage uses instead of writing the order out) gives, for any mask
 * of the scheduler's live warps, the first of them in order's order, and
 * UINT32_MAX for none; through assignments, issues and exits in random
 * order, with one and two schedulers. Policies without one (2lvl) say so. */
TEST(first_is_the_orders_first_in_the_mask)
{
    const char *specs[] = { "gto", "lrr", "oldest", "swl:3", "swl:2:sched", "warp_limiting:2:2",
                            "ccws" };
    uint64_t rng = 12345;
#define NEXT() (rng = rng * 6364136223846793005ull + 1442695040888963407ull, (uint32_t)(rng >> 33))
    for (size_t p = 0; p < sizeof specs / sizeof specs[0]; p++) {
        for (uint32_t nsched = 1; nsched <= 2; nsched++) {
            const uint32_t slots = 48;
            if (make(specs[p], slots, nsched))
                continue;
            warp_sched_first_fn first = warp_sched_first_of(ws.ops);
            CHECK(first != NULL);
            if (!first) {
                warp_sched_free(&ws);
                continue;
            }
            uint8_t live[48] = { 0 };
            uint64_t age = 0;
            int bad = 0;
            for (int step = 0; step < 400 && !bad; step++) {
                uint32_t slot = NEXT() % slots, what = NEXT() % 4;
                if (!live[slot]) {
                    ws.ops->on_warp_assigned(&ws, slot, age++);
                    live[slot] = 1;
                } else if (what == 0) {
                    ws.ops->on_warp_exit(&ws, slot);
                    live[slot] = 0;
                } else {
                    issue(slot);
                }
                for (uint32_t s = 0; s < nsched && !bad; s++) {
                    CHECK(first(&ws, s, (uint64_t)step, 0) == UINT32_MAX);
                    for (int t = 0; t < 8; t++) {
                        uint64_t cand = 0;
                        for (uint32_t w = s; w < slots; w += nsched)
                            if (live[w] && NEXT() % 3 == 0)
                                cand |= 1ull << w;
                        uint32_t n = ws.ops->order(&ws, s, (uint64_t)step, out), want = UINT32_MAX;
                        for (uint32_t i = 0; i < n && want == UINT32_MAX; i++)
                            if (cand >> out[i] & 1)
                                want = out[i];
                        uint32_t got = first(&ws, s, (uint64_t)step, cand);
                        if (got != want) {
                            printf("  %s, %u scheduler(s), step %d: first %u, order's %u\n",
                                   specs[p], nsched, step, got, want);
                            bad = 1;
                            break;
                        }
                    }
                }
            }
            CHECK(!bad);
            warp_sched_free(&ws);
        }
    }
#undef NEXT
    if (make("2lvl:2", 8, 1))
        return;
    CHECK(warp_sched_first_of(ws.ops) == NULL);
    warp_sched_free(&ws);
}

int main(void)
{
    RUN(table_is_well_formed);
    RUN(lrr_rotates);
    RUN(gto_greedy_then_oldest);
    RUN(oldest_ignores_greed);
    RUN(two_level_groups);
    RUN(swl_limits_to_n_oldest);
    RUN(warp_limiting_keeps_the_greedy_slot);
    RUN(schedulers_own_slots_mod_n);
    RUN(bad_specs);
    RUN(l1_hooks_reach_the_policy);
    RUN(first_is_the_orders_first_in_the_mask);
    return check_summary();
}
