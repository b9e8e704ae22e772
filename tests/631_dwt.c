/* DWT-CS (src/policy/warp/dwt_coord.c, sched_dwt.c): the coordinator's windows,
 * its communication delay, the winner and the per-kernel memory with
 * hand-derived times; and in timing runs: a dwt that never finds thrashing
 * is GTO exactly, one that does throttles and still checks, and idle-cycle
 * skipping changes none of its statistics. */
#include "bench_run.h"
#include "check.h"
#include "policy/warp/dwt_coord.h"
#include "policy/warp/warp_sched.h"
#include <stdlib.h>

static void launch(struct policy_gpu *g, uint64_t start, const char *name)
{
    g->launch++;
    g->kernel_start = start;
    snprintf(g->kernel, sizeof g->kernel, "%s", name);
}

TEST(windows_delay_winner_and_memory)
{
    struct dwt_params p;
    char err[256];
    CHECK_EQ_INT(dwt_params_parse(&p, "dwt", "p=100,mpki=10,n=2,m=1,delay=20,unit=warp,detect=first", err,
                                  sizeof err), 0);
    struct policy_gpu g;
    memset(&g, 0, sizeof g);
    g.n_sms = 3;
    struct dwt_coord *c = dwt_coord_get(&g, &p, 4);
    CHECK(c != NULL && g.dwt == c);
    CHECK(dwt_coord_get(&g, &p, 4) == c); /* one per GPU */
    launch(&g, 1000, "k");
    /* period 0 [1000, 1100): 100 instructions, 2 misses: MPKI 20 > 10 */
    dwt_coord_count_insts(c, &g, 0, 100, 1000);
    dwt_coord_count_miss(c, &g, 1010);
    dwt_coord_count_miss(c, &g, 1099);
    CHECK_EQ_INT(dwt_coord_limit(c, &g, 1, 1050), 0);
    CHECK_EQ_U64(dwt_coord_next_event(c, &g, 1050), 1100);
    /* period 1 [1100, 1200): 100 instructions, 5 misses: thrashing at 1200 */
    dwt_coord_count_insts(c, &g, 2, 100, 1100);
    for (int i = 0; i < 5; i++)
        dwt_coord_count_miss(c, &g, 1150);
    CHECK_EQ_U64(dwt_coord_next_event(c, &g, 1150), 1200);
    /* sampling starts one delay later: [1220, 1320) */
    CHECK_EQ_INT(dwt_coord_limit(c, &g, 1, 1200), 0);
    CHECK_EQ_U64(dwt_coord_next_event(c, &g, 1200), 1220);
    CHECK_EQ_INT(dwt_coord_limit(c, &g, 0, 1220), 1);
    CHECK_EQ_INT(dwt_coord_limit(c, &g, 1, 1220), 2);
    CHECK_EQ_INT(dwt_coord_limit(c, &g, 2, 1220), 3);
    dwt_coord_count_insts(c, &g, 2, 1000, 1219); /* before the window: not counted */
    dwt_coord_count_insts(c, &g, 0, 50, 1220);
    dwt_coord_count_insts(c, &g, 1, 80, 1250);
    dwt_coord_count_insts(c, &g, 2, 80, 1319); /* a tie: the lower SM wins */
    CHECK_EQ_U64(dwt_coord_next_event(c, &g, 1300), 1320);
    dwt_coord_count_insts(c, &g, 2, 1000, 1320); /* after it: not counted */
    /* the counts travel to the coordinator: the winner (SM 1, 2 warps)
     * applies at 1320 + 20; until then the sampling limits hold */
    CHECK_EQ_INT(dwt_coord_limit(c, &g, 2, 1339), 3);
    CHECK_EQ_U64(dwt_coord_next_event(c, &g, 1325), 1340);
    CHECK_EQ_INT(dwt_coord_limit(c, &g, 2, 1340), 2);
    CHECK_EQ_INT(dwt_coord_limit(c, &g, 0, 99999), 2);
    CHECK_EQ_U64(dwt_coord_settled(c, &g, 1400), 1340);
    CHECK_EQ_U64(dwt_coord_fgcb_at(c, &g, 1400), 1340); /* FG-CB follows the throttling */
    CHECK_EQ_U64(dwt_coord_next_event(c, &g, 1400), DWT_NEVER);
    /* the same kernel again: thrashing found at 5200, the remembered count
     * applies at 5220 without sampling */
    launch(&g, 5000, "k");
    dwt_coord_count_insts(c, &g, 0, 10, 5000);
    dwt_coord_count_miss(c, &g, 5001);
    dwt_coord_count_insts(c, &g, 0, 10, 5100);
    dwt_coord_count_miss(c, &g, 5101);
    CHECK_EQ_INT(dwt_coord_limit(c, &g, 2, 5219), 0);
    CHECK_EQ_INT(dwt_coord_limit(c, &g, 2, 5220), 2);
    CHECK_EQ_U64(c->sampled, 1);
    CHECK_EQ_U64(c->remembered, 1);
    /* another kernel with few misses: settled, unthrottled, at 9100 */
    launch(&g, 9000, "other");
    dwt_coord_count_insts(c, &g, 0, 1000, 9000);
    dwt_coord_count_miss(c, &g, 9001); /* MPKI 1 */
    CHECK_EQ_U64(dwt_coord_settled(c, &g, 9050), DWT_NEVER);
    CHECK_EQ_U64(dwt_coord_settled(c, &g, 9100), 9100);
    CHECK_EQ_U64(dwt_coord_fgcb_at(c, &g, 9100), 9100);
    CHECK_EQ_INT(dwt_coord_limit(c, &g, 2, 9500), 0);
    /* a window without instructions is not thrashing */
    launch(&g, 20000, "k");
    CHECK_EQ_INT(dwt_coord_limit(c, &g, 1, 20100), 0);
    CHECK_EQ_U64(dwt_coord_settled(c, &g, 20100), 20100);
    CHECK_EQ_U64(c->launches, 4);
    CHECK_EQ_U64(c->thrashing, 2);
    policy_gpu_release(&g);
    CHECK(g.dwt == NULL);
}

TEST(consecutive_periods_after_a_warm_up)
{
    /* detect=consecutive (the default): above, below, above, above with
     * N = 2: thrashing at t0 + 400, though the first two periods were not
     * both above; FG-CB's window opened at t0 + 200 */
    struct dwt_params p;
    char err[256];
    CHECK_EQ_INT(dwt_params_parse(&p, "dwt", "p=100,mpki=10,n=2,m=1,delay=0,unit=warp", err,
                                  sizeof err), 0);
    CHECK_EQ_INT(p.first, 0);
    struct policy_gpu g;
    memset(&g, 0, sizeof g);
    g.n_sms = 2;
    struct dwt_coord *c = dwt_coord_get(&g, &p, 8);
    launch(&g, 0, "k");
    const int above[4] = { 1, 0, 1, 1 };
    for (int k = 0; k < 4; k++) {
        dwt_coord_count_insts(c, &g, 0, 100, (uint64_t)k * 100);
        for (int m = 0; m < (above[k] ? 5 : 0); m++)
            dwt_coord_count_miss(c, &g, (uint64_t)k * 100 + 50);
    }
    CHECK_EQ_U64(dwt_coord_fgcb_at(c, &g, 200), 200);
    CHECK_EQ_INT(dwt_coord_limit(c, &g, 1, 399), 0);
    CHECK_EQ_INT(dwt_coord_limit(c, &g, 1, 400), 2); /* sampling from 400 */
    dwt_coord_count_insts(c, &g, 0, 7, 450);
    CHECK_EQ_INT(dwt_coord_limit(c, &g, 1, 500), 1); /* SM 0 won, no delay */
    CHECK_EQ_U64(dwt_coord_settled(c, &g, 500), 500);
    CHECK_EQ_U64(dwt_coord_fgcb_at(c, &g, 500), 200);
    CHECK_EQ_U64(c->thrashing, 1);
    policy_gpu_release(&g);
}

TEST(sampling_limits_are_capped_and_many_periods_close_at_once)
{
    struct dwt_params p;
    char err[256];
    CHECK_EQ_INT(dwt_params_parse(&p, "dwt", "p=10,mpki=0,n=1,m=2,delay=0,mem=0", err,
                                  sizeof err), 0);
    struct policy_gpu g;
    memset(&g, 0, sizeof g);
    g.n_sms = 5;
    struct dwt_coord *c = dwt_coord_get(&g, &p, 2);
    launch(&g, 0, "k");
    dwt_coord_count_insts(c, &g, 0, 1, 0);
    dwt_coord_count_miss(c, &g, 0);
    /* SM 4 would run 5 warps: capped at the scheduler's 2 slots */
    CHECK_EQ_INT(dwt_coord_limit(c, &g, 4, 10), 2);
    CHECK_EQ_INT(dwt_coord_limit(c, &g, 0, 10), 1);
    /* nothing counted in [10, 30): SM 0 wins; looked at only at 1000 */
    CHECK_EQ_INT(dwt_coord_limit(c, &g, 4, 1000), 1);
    CHECK_EQ_U64(dwt_coord_settled(c, &g, 1000), 30);
    CHECK_EQ_INT(c->nmemo, 0); /* mem=0 remembers nothing */
    policy_gpu_release(&g);
}

TEST(the_policy_throttles_the_oldest_per_scheduler)
{
    /* SM 1 of 2, one scheduler of 4 slots; thrashing at 100, sampling from
     * 100 (no delay): SM 1 runs 2 warps, the two oldest not at a barrier */
    struct policy_gpu g;
    memset(&g, 0, sizeof g);
    g.n_sms = 2;
    struct warp_sched_env env = { 1, 4, 1, 1, &g };
    struct warp_sched ws;
    char err[256];
    CHECK_EQ_INT(warp_sched_init(&ws, "dwt:p=100,mpki=10,n=1,m=1,delay=0,unit=warp", &env, err,
                                 sizeof err), 0);
    CHECK(g.dwt != NULL);
    launch(&g, 0, "k");
    for (uint32_t s = 0; s < 4; s++)
        ws.ops->on_warp_assigned(&ws, s, 10 + (3 - s)); /* slot 3 oldest */
    ws.lanes = 1;
    ws.ops->on_issue(&ws, 0, NULL, 5);
    ws.now = 6;
    for (int k = 0; k < 3; k++)
        ws.ops->l1_access(&ws, 1, 0, 0, CACHE_MISS, CACHE_FAIL_NONE); /* 3000 MPKI */
    ws.ops->l1_access(&ws, 1, 0, 1, CACHE_MISS, CACHE_FAIL_NONE);     /* a write: not counted */
    CHECK_EQ_U64(g.dwt->win_miss, 3);
    for (uint32_t s = 0; s < 4; s++)
        CHECK_EQ_INT(ws.ops->can_issue(&ws, s, NULL, 99), 1);
    CHECK_EQ_U64(ws.ops->next_event(&ws, 99), 100);
    uint32_t out[4];
    CHECK_EQ_INT(ws.ops->order(&ws, 0, 100, out), 4);
    CHECK_EQ_INT(ws.ops->can_issue(&ws, 3, NULL, 100), 1);
    CHECK_EQ_INT(ws.ops->can_issue(&ws, 2, NULL, 100), 1);
    CHECK_EQ_INT(ws.ops->can_issue(&ws, 1, NULL, 100), 0);
    CHECK_EQ_INT(ws.ops->can_issue(&ws, 0, NULL, 100), 0);
    /* slot 2 waits at a barrier: the next oldest (1) may go */
    ws.ops->on_warp_barrier(&ws, 2, 1);
    CHECK_EQ_INT(ws.ops->can_issue(&ws, 1, NULL, 101), 1);
    CHECK_EQ_INT(ws.ops->can_issue(&ws, 2, NULL, 101), 0);
    warp_sched_free(&ws);
    policy_gpu_release(&g);
}

TEST(bad_arguments)
{
    struct dwt_params p;
    char err[256];
    CHECK_EQ_INT(dwt_params_parse(&p, "dwt", "p=0", err, sizeof err), -1);
    CHECK_EQ_INT(dwt_params_parse(&p, "dwt", "unit=lane", err, sizeof err), -1);
    CHECK_EQ_INT(dwt_params_parse(&p, "dwt", "mpki=-1", err, sizeof err), -1);
    CHECK_EQ_INT(dwt_params_parse(&p, "dwt", "n", err, sizeof err), -1);
    CHECK(strstr(err, "'n'") != NULL);
    CHECK_EQ_INT(dwt_params_parse(&p, "dwt", NULL, err, sizeof err), 0);
    CHECK_EQ_U64(p.period, 10000);
    CHECK_EQ_INT(p.delay, 200);
}

/* ---- timing runs ---- */

struct run {
    int rc;
    char *json;
    size_t len;
    double cycles, thrashing, sampled, last_limit, throttled;
};

static struct run run_bench(const char *name, const char *overrides)
{
    struct run r = { -1, NULL, 0, 0, 0, 0, 0, 0 };
    ccgpu *gpu = bench_run_timing(name, "configs/sacat-gtx480.cfg",
                                  "ccgpu_mode timing\ngpgpu_n_clusters 4\n",
                                  overrides, &r.rc, &r.json, &r.len);
    if (!gpu)
        return r;
    ccgpu_stat(gpu, "cycles", -1, &r.cycles);
    ccgpu_stat(gpu, "sched.dwt_thrashing", -1, &r.thrashing);
    ccgpu_stat(gpu, "sched.dwt_sampled", -1, &r.sampled);
    ccgpu_stat(gpu, "sched.dwt_last_limit", -1, &r.last_limit);
    ccgpu_stat(gpu, "sched.throttled", -1, &r.throttled);
    ccgpu_destroy(gpu);
    return r;
}

/* the statistics without the lines of the dwt counters and the storage
 * figure (GTO has neither) */
static void drop_lines(char *s, const char *key)
{
    char *p;
    while ((p = strstr(s, key))) {
        char *start = p, *end = strchr(p, '\n');
        while (start > s && start[-1] != '\n')
            start--;
        end = end ? end + 1 : p + strlen(p);
        memmove(start, end, strlen(end) + 1);
    }
}

static int same_but_sched_counters(const struct run *a, const struct run *b)
{
    if (!a->json || !b->json)
        return 0;
    char *x = strdup(a->json), *y = strdup(b->json);
    int eq = 0;
    if (x && y) {
        drop_lines(x, "\"sched.dwt_");
        drop_lines(y, "\"sched.dwt_");
        drop_lines(x, "\"hw.storage_bits");
        drop_lines(y, "\"hw.storage_bits");
        eq = !strcmp(x, y);
    }
    free(x);
    free(y);
    return eq;
}

TEST(without_thrashing_dwt_is_gto)
{
    struct run g = run_bench("kmeans", "gpgpu_scheduler gto\n");
    struct run d = run_bench("kmeans", "gpgpu_scheduler dwt:p=500,mpki=1000000\n");
    CHECK(g.rc == 0 && d.rc == 0);
    CHECK_EQ_INT(d.thrashing, 0);
    CHECK(same_but_sched_counters(&g, &d));
    free(g.json);
    free(d.json);
}

TEST(thrashing_dwt_throttles_and_skipping_changes_nothing)
{
    /* kmeans small on 4 SMs (point-major features, L1 MPKI far above 1 per
     * 1000 thread instructions): short periods so the search ends early in
     * each launch */
    const char *spec = "gpgpu_scheduler dwt:p=400,mpki=1,n=2,m=2,delay=200\n";
    char on[256], off[256];
    snprintf(on, sizeof on, "%sccgpu_skip_idle 1\n", spec);
    snprintf(off, sizeof off, "%sccgpu_skip_idle 0\n", spec);
    struct run a = run_bench("kmeans", on), b = run_bench("kmeans", off);
    struct run g = run_bench("kmeans", "gpgpu_scheduler gto\n");
    printf("  kmeans: thrashing launches %.0f, sampled %.0f, last limit %.0f, throttled %.0f; "
           "cycles %.0f (gto %.0f)\n",
           a.thrashing, a.sampled, a.last_limit, a.throttled, a.cycles, g.cycles);
    CHECK(a.rc == 0 && b.rc == 0 && g.rc == 0);
    CHECK(a.json && b.json && a.len == b.len && !memcmp(a.json, b.json, a.len));
    CHECK(a.thrashing >= 1);
    CHECK(a.sampled >= 1);
    CHECK(a.last_limit >= 1 && a.last_limit <= 4); /* 4 SMs sample 1..4 warps */
    CHECK(a.throttled > 0);
    free(a.json);
    free(b.json);
    free(g.json);
}

int main(void)
{
    RUN(windows_delay_winner_and_memory);
    RUN(consecutive_periods_after_a_warm_up);
    RUN(sampling_limits_are_capped_and_many_periods_close_at_once);
    RUN(the_policy_throttles_the_oldest_per_scheduler);
    RUN(bad_arguments);
    RUN(without_thrashing_dwt_is_gto);
    RUN(thrashing_dwt_throttles_and_skipping_changes_nothing);
    return check_summary();
}
