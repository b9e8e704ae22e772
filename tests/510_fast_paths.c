/* The simulator's event-driven shortcuts (ccgpu_fast_paths, issue 13) change
 * no statistic: every warp scheduler, including the ones with a can-issue
 * veto (swl, warp_limiting, two_level_active, ccws) and time-dependent state
 * announced through next_event (two_level_active, ccws), gives byte-identical statistics JSON with the shortcuts
 * on and off, on benchmarks with memory stalls (bfs, kmeans) and barriers
 * (histogram), with one and with two schedulers per SM; gto, lrr and oldest
 * also with the issue stage's walk by masks for every warp count; the GPU
 * loop's SMs woken by events (ccgpu_sm_wake) with wheels from 1 cycle (every
 * event beyond the wheel) up, 70 SMs (two mask words), two SMs per cluster
 * port and a CTA policy that leaves SMs idle. */
#include "bench_run.h"
#include "check.h"
#include "util/embedded.h"
#include <stdlib.h>

/* fast: extra options of the run with the fast paths */
static void compare_with(const char *bench, const char *sched, uint32_t nsched, const char *fast)
{
    char o0[256], o1[256];
    int rc0, rc1;
    snprintf(o0, sizeof o0, "gpgpu_n_clusters 6\ngpgpu_scheduler %s\ngpgpu_num_sched_per_core %u\n"
             "ccgpu_fast_paths 0\n", sched, nsched);
    snprintf(o1, sizeof o1, "gpgpu_n_clusters 6\ngpgpu_scheduler %s\ngpgpu_num_sched_per_core %u\n"
             "ccgpu_fast_paths 1\n%s", sched, nsched, fast);
    char *a = bench_run_json(bench, o0, &rc0), *b = bench_run_json(bench, o1, &rc1);
    CHECK(rc0 == 0 && rc1 == 0 && a && b);
    int same = a && b && strcmp(a, b) == 0;
    if (!same)
        printf("  %s with %s, %u scheduler(s): statistics differ with ccgpu_fast_paths 0 and 1%s%s\n",
               bench, sched, nsched, *fast ? " and " : "", fast);
    CHECK(same);
    free(a);
    free(b);
}

static void compare(const char *bench, const char *sched, uint32_t nsched)
{
    compare_with(bench, sched, nsched, "");
}

TEST(every_policy_identical_with_fast_paths_on_and_off)
{
    const char *scheds[] = { "gto", "lrr", "oldest", "2lvl:2", "swl:2", "warp_limiting:2:2",
                             "two_level_active:6:0:1", "ccws" };
    const char *benches[] = { "bfs", "kmeans", "histogram" };
    for (size_t i = 0; i < sizeof scheds / sizeof scheds[0]; i++)
        for (size_t k = 0; k < sizeof benches / sizeof benches[0]; k++)
            compare(benches[k], scheds[i], 1);
}

TEST(two_schedulers_per_sm)
{
    const char *scheds[] = { "gto", "lrr", "swl:4:sched", "two_level_active:6:0:1", "ccws" };
    for (size_t i = 0; i < sizeof scheds / sizeof scheds[0]; i++)
        compare("kmeans", scheds[i], 2);
}

static void compare_shape(const char *bench, const char *common, const char *fast);

/* The walk by masks (sm_issue.c walk_masked) for every warp count: its own
 * runs, whatever the default threshold lets it see above; every policy
 * with a first function (warp_sched_first_of), those with a can-issue veto
 * (swl, warp_limiting, ccws, dwt) and a clock brought up by order (ccws,
 * dwt) included, and with two issues per scheduler and cycle (the order
 * written out). */
TEST(issue_masks_always)
{
    const char *scheds[] = { "gto", "lrr", "oldest", "swl:2", "warp_limiting:2:2", "ccws",
                             "dwt" };
    const char *benches[] = { "bfs", "kmeans", "histogram", "matmul", "spmv" };
    for (size_t i = 0; i < sizeof scheds / sizeof scheds[0]; i++) {
        for (size_t k = 0; k < sizeof benches / sizeof benches[0]; k++)
            compare_with(benches[k], scheds[i], 1, "ccgpu_issue_mask_warps 0\n");
        compare_with("kmeans", scheds[i], 2, "ccgpu_issue_mask_warps 0\n");
        compare_with("histogram", scheds[i], 2, "ccgpu_issue_mask_warps 0\n");
        char common[160];
        snprintf(common, sizeof common, "gpgpu_n_clusters 6\ngpgpu_scheduler %s\n"
                 "gpgpu_num_sched_per_core 2\nccgpu_issue_width 2\n", scheds[i]);
        compare_shape("kmeans", common, "ccgpu_issue_mask_warps 0\n");
    }
}

/* common: options of both runs; fast: extra options of the run with the
 * fast paths */
static void compare_shape(const char *bench, const char *common, const char *fast)
{
    char o0[512], o1[512];
    int rc0, rc1;
    snprintf(o0, sizeof o0, "%sccgpu_fast_paths 0\n", common);
    snprintf(o1, sizeof o1, "%sccgpu_fast_paths 1\n%s", common, fast);
    char *a = bench_run_json(bench, o0, &rc0), *b = bench_run_json(bench, o1, &rc1);
    CHECK(rc0 == 0 && rc1 == 0 && a && b);
    int same = a && b && strcmp(a, b) == 0;
    if (!same)
        printf("  %s with %s: statistics differ with ccgpu_fast_paths 0 and 1 %s\n", bench, common,
               fast);
    CHECK(same);
    free(a);
    free(b);
}

TEST(sm_wake_shapes)
{
    const char *wheels[] = { "ccgpu_sm_wake 1\n", "ccgpu_sm_wake 2\n", "ccgpu_sm_wake 16\n",
                             "ccgpu_sm_wake 256\n", "ccgpu_sm_wake 65536\n" };
    const char *benches[] = { "bfs", "kmeans", "histogram", "spmv" };
    for (size_t i = 0; i < sizeof wheels / sizeof wheels[0]; i++)
        for (size_t k = 0; k < sizeof benches / sizeof benches[0]; k++)
            compare_shape(benches[k], "gpgpu_n_clusters 6\n", wheels[i]);
    /* ccgpu_sm_wake 0 (taken as 1; the default is 256), and launches of
     * fewer CTAs than SMs */
    compare_shape("bfs", "", "ccgpu_sm_wake 0\n");
    compare_shape("spmv", "", "ccgpu_sm_wake 0\n");
    compare_shape("kmeans", "gpgpu_n_clusters 65\n", "ccgpu_sm_wake 0\n");
    /* histogram's 128 CTAs on 65 and 70 SMs (two mask words) */
    compare_shape("histogram", "gpgpu_n_clusters 70\n", "ccgpu_sm_wake 256\n");
    compare_shape("histogram", "gpgpu_n_clusters 70\ngpgpu_scheduler ccws\n", "ccgpu_sm_wake 1\n");
    compare_shape("histogram", "gpgpu_n_clusters 65\ngpgpu_scheduler lrr\n", "ccgpu_sm_wake 4\n");
    compare_shape("kmeans", "gpgpu_n_clusters 4\n", "ccgpu_sm_wake 16\n");
    compare_shape("bfs", "gpgpu_n_clusters 4\ngpgpu_n_cores_per_cluster 2\n",
                  "ccgpu_sm_wake 256\n");
    compare_shape("spmv", "gpgpu_n_clusters 3\ngpgpu_n_cores_per_cluster 3\n", "ccgpu_sm_wake 2\n");
    /* (CTA schedules whose synchronisations wake the dispatcher: tests/507
     * compares them with ccgpu_skip_idle 0 and 1, the loop by events) */
    compare_shape("bfs", "gpgpu_n_clusters 6\nccgpu_cta_sched strict-rr\n", "ccgpu_sm_wake 2\n");
}

TEST(option_is_checked)
{
    int rc;
    char *j = bench_run_json("vecadd", "ccgpu_fast_paths maybe\n", &rc);
    CHECK(!j && rc != 0);
    free(j);
    j = bench_run_json("vecadd", "ccgpu_sm_wake 3\n", &rc);
    CHECK(!j && rc != 0);
    free(j);
    j = bench_run_json("vecadd", "ccgpu_sm_wake 131072\n", &rc);
    CHECK(!j && rc != 0);
    free(j);
}

int main(void)
{
    RUN(every_policy_identical_with_fast_paths_on_and_off);
    RUN(two_schedulers_per_sm);
    RUN(issue_masks_always);
    RUN(sm_wake_shapes);
    RUN(option_is_checked);
    return check_summary();
}
