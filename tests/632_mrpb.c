/* MRPB (src/timing/mrpb.c): the drain order of the per-warp queues with
 * hand-derived sequences (non-greedy fixed order: the lowest-numbered
 * non-empty queue for every request; greedy: the queue drained last until
 * it empties), queue capacity; and timing runs: results check, the
 * associativity-stall bypass happens on a conflict benchmark, skipping idle
 * cycles changes nothing, off is the default exactly. */
#include "bench_run.h"
#include "check.h"
#include "timing/sm.h"
#include <stdlib.h>

static uint32_t drain_one(struct mrpb *m)
{
    int q = mrpb_pick(m);
    if (q < 0)
        return 99;
    uint32_t tag = (uint32_t)mrpb_head(m, (uint32_t)q)->a.token;
    mrpb_pop(m, (uint32_t)q);
    return tag;
}

static void push(struct mrpb *m, uint32_t q, uint32_t tag)
{
    mrpb_push(m, q)->a.token = tag;
}

TEST(non_greedy_fixed_order)
{
    struct mrpb_config c = { 1, 2, 1, 0 };
    struct mrpb m;
    CHECK_EQ_INT(mrpb_init(&m, &c, 5), 0);
    /* requests arrive: warp 3 (tags 30, 31), warp 1 (10), warp 4 (40) */
    push(&m, 3, 30);
    push(&m, 3, 31);
    CHECK(mrpb_full(&m, 3));
    push(&m, 1, 10);
    push(&m, 4, 40);
    CHECK_EQ_INT(drain_one(&m), 10); /* warp 1 first though it came later */
    CHECK_EQ_INT(drain_one(&m), 30);
    push(&m, 2, 20); /* arrives mid-drain: warp 2 goes before warp 3's rest */
    CHECK_EQ_INT(drain_one(&m), 20);
    CHECK_EQ_INT(drain_one(&m), 31);
    CHECK_EQ_INT(drain_one(&m), 40);
    CHECK_EQ_INT(drain_one(&m), 99);
    CHECK_EQ_U64(m.drained, 5);
    mrpb_free(&m);
}

TEST(greedy_keeps_the_queue_until_empty)
{
    struct mrpb_config c = { 1, 4, 1, 1 };
    struct mrpb m;
    CHECK_EQ_INT(mrpb_init(&m, &c, 4), 0);
    push(&m, 2, 20);
    push(&m, 2, 21);
    push(&m, 3, 30);
    CHECK_EQ_INT(drain_one(&m), 20);
    push(&m, 0, 0); /* greedy: stays with warp 2 */
    CHECK_EQ_INT(drain_one(&m), 21);
    CHECK_EQ_INT(drain_one(&m), 0);
    CHECK_EQ_INT(drain_one(&m), 30);
    mrpb_free(&m);
}

struct run {
    int rc;
    char *json;
    size_t len;
    double cycles, bypass;
};

static struct run run_bench(const char *name, const char *overrides)
{
    struct run r = { -1, NULL, 0, 0, 0 };
    ccgpu *gpu = bench_run_timing(name, "configs/sacat-gtx480.cfg",
                                  "ccgpu_mode timing\ngpgpu_n_clusters 3\n",
                                  overrides, &r.rc, &r.json, &r.len);
    if (!gpu)
        return r;
    ccgpu_stat(gpu, "cycles", -1, &r.cycles);
    ccgpu_stat(gpu, "mrpb.assoc_bypass", -1, &r.bypass);
    ccgpu_destroy(gpu);
    return r;
}

TEST(timing_runs)
{
    /* atax's first kernel walks rows 1 KB apart: a warp's lines fall into
     * 4 of 32 sets, so line allocation fails and MRPB bypasses */
    struct run d = run_bench("atax", NULL), off = run_bench("atax", "ccgpu_mrpb off\n");
    struct run a = run_bench("atax", "ccgpu_mrpb on\nccgpu_skip_idle 1\n");
    struct run b = run_bench("atax", "ccgpu_mrpb on\nccgpu_skip_idle 0\n");
    struct run n = run_bench("atax", "ccgpu_mrpb depth=8,bypass=none,drain=fixed\n");
    printf("  atax: cycles %.0f, MRPB %.0f (%.0f assoc bypasses), without bypass %.0f\n", d.cycles,
           a.cycles, a.bypass, n.cycles);
    CHECK(d.rc == 0 && off.rc == 0 && a.rc == 0 && b.rc == 0 && n.rc == 0);
    CHECK(d.len == off.len && d.json && off.json && !memcmp(d.json, off.json, d.len));
    CHECK(a.len == b.len && a.json && b.json && !memcmp(a.json, b.json, a.len));
    CHECK(a.bypass > 0);
    CHECK_EQ_INT(n.bypass, 0);
    free(d.json);
    free(off.json);
    free(a.json);
    free(b.json);
    free(n.json);
    struct run e = run_bench("atax", "ccgpu_mrpb depth=0\n");
    CHECK(e.rc != 0);
    free(e.json);
}

int main(void)
{
    RUN(non_greedy_fixed_order);
    RUN(greedy_keeps_the_queue_until_empty);
    RUN(timing_runs);
    return check_summary();
}
