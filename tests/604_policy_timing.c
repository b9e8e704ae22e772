/* The 2LVL warp scheduler and PRIC (ipoly) set indexing in timing runs of
 * real benchmarks (CCWS Table-1 config, fewer SMs to keep the test fast),
 * each checked against something that can fail:
 * - ipoly on a conflict benchmark: atax's first kernel has each thread walk
 *   a row of A (small: 256 floats, a 1 KB stride = 8 lines), so under linear
 *   indexing of the 32-set L1 a warp's lines fall into 32 / 8 = 4 sets; the
 *   polynomial modulus spreads them, so the L1 misses fall, while the result
 *   still checks against the CPU reference;
 * - 2lvl:G (src/policy/warp/sched_2lvl.c): groups of G slots, the active group
 *   (that of the warp that issued last) first, then groups by the age of
 *   their oldest warp, GTO within and across groups. With G >= the warp
 *   slots of a scheduler there is one group, so the order is GTO's (the
 *   warp that issued last, then the rest by age); with G = 1 each warp is
 *   its own group, groups by age are warps by age: GTO's order again. Both
 *   must give GTO's statistics exactly. G = 2 is a different order: the run
 *   checks and its statistics differ from GTO's and LRR's. */
#include "bench.h"
#include "check.h"
#include <stdlib.h>

struct run {
    int rc;
    char *json; /* every statistic, per kernel and total */
    size_t len;
    double cycles, misses, hits, warp_insts;
};

static struct run run_bench(const char *name, const char *overrides)
{
    struct run r = { -1, NULL, 0, 0, 0, 0, 0 };
    const struct bench_ops *b = bench_find(name);
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256] = "";
    if (!b || !cfg || ccgpu_config_load(cfg, "configs/ccws.cfg") ||
        ccgpu_config_load_string(cfg, "ccgpu_mode timing\n", "test") ||
        (overrides && ccgpu_config_load_string(cfg, overrides, "test"))) {
        printf("  %s: config: %s\n", name, cfg ? ccgpu_config_error(cfg) : "oom");
        ccgpu_config_free(cfg);
        return r;
    }
    struct bench_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.gpu = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    if (!ctx.gpu) {
        printf("  %s: %s\n", name, err);
        return r;
    }
    ctx.size = BENCH_SMALL;
    ctx.seed = 12345;
    r.rc = b->run(&ctx); /* 0: the result matched the CPU reference */
    if (r.rc)
        printf("  %s: %s\n", name, ctx.error);
    FILE *f = open_memstream(&r.json, &r.len);
    if (f) {
        ccgpu_stats_write_json(ctx.gpu, f);
        fclose(f);
    }
    ccgpu_stat(ctx.gpu, "cycles", -1, &r.cycles);
    ccgpu_stat(ctx.gpu, "l1d.misses", -1, &r.misses);
    ccgpu_stat(ctx.gpu, "l1d.hits", -1, &r.hits);
    ccgpu_stat(ctx.gpu, "warp_instructions", -1, &r.warp_insts);
    ccgpu_destroy(ctx.gpu);
    return r;
}

static int same(const struct run *a, const struct run *b)
{
    return a->json && b->json && a->len == b->len && memcmp(a->json, b->json, a->len) == 0;
}

TEST(ipoly_index_cuts_conflict_misses)
{
    /* the config's L1 with the set-index letter added: L linear, P ipoly */
    const char *lin = "gpgpu_n_clusters 4\ngpgpu_cache:dl1 32:128:8,L:E:m:N:L,A:32:8,8\n";
    const char *pol = "gpgpu_n_clusters 4\ngpgpu_cache:dl1 32:128:8,L:E:m:N:P,A:32:8,8\n";
    const char *dflt = "gpgpu_n_clusters 4\n";
    struct run l = run_bench("atax", lin), p = run_bench("atax", pol), d = run_bench("atax", dflt);
    printf("  atax small, 4 SMs: linear %.0f L1 misses %.0f hits %.0f cycles; "
           "ipoly %.0f misses %.0f hits %.0f cycles\n",
           l.misses, l.hits, l.cycles, p.misses, p.hits, p.cycles);
    CHECK_EQ_INT(l.rc, 0);
    CHECK_EQ_INT(p.rc, 0);
    CHECK(same(&l, &d)); /* no letter means linear */
    CHECK_EQ_INT(l.warp_insts, p.warp_insts); /* indexing changes no instruction */
    /* ipoly at least halves the misses of 4-of-32-sets indexing */
    CHECK(l.misses > 0 && p.misses > 0);
    CHECK(p.misses < 0.5 * l.misses);
    CHECK(p.cycles < l.cycles);
    free(l.json);
    free(p.json);
    free(d.json);
}

TEST(two_level_with_one_group_or_groups_of_one_is_gto)
{
    /* one scheduler with the config's 32 warp slots; then two schedulers,
     * 16 slots each */
    const char *one = "gpgpu_n_clusters 2\ngpgpu_num_sched_per_core 1\n";
    const char *two = "gpgpu_n_clusters 2\ngpgpu_num_sched_per_core 2\n";
    const char *names[] = { "kmeans", "bfs" };
    for (size_t i = 0; i < 2; i++) {
        char c[256];
        snprintf(c, sizeof c, "%sgpgpu_scheduler gto\n", one);
        struct run g1 = run_bench(names[i], c);
        snprintf(c, sizeof c, "%sgpgpu_scheduler 2lvl:32\n", one);
        struct run t32 = run_bench(names[i], c);
        snprintf(c, sizeof c, "%sgpgpu_scheduler 2lvl:1\n", one);
        struct run t1 = run_bench(names[i], c);
        snprintf(c, sizeof c, "%sgpgpu_scheduler gto\n", two);
        struct run g2 = run_bench(names[i], c);
        snprintf(c, sizeof c, "%sgpgpu_scheduler 2lvl:16\n", two);
        struct run t16 = run_bench(names[i], c);
        CHECK(g1.rc == 0 && t32.rc == 0 && t1.rc == 0 && g2.rc == 0 && t16.rc == 0);
        if (!same(&g1, &t32) || !same(&g1, &t1) || !same(&g2, &t16))
            printf("  %s: cycles gto %.0f, 2lvl:32 %.0f, 2lvl:1 %.0f; two schedulers gto %.0f, "
                   "2lvl:16 %.0f\n",
                   names[i], g1.cycles, t32.cycles, t1.cycles, g2.cycles, t16.cycles);
        CHECK(same(&g1, &t32));
        CHECK(same(&g1, &t1));
        CHECK(same(&g2, &t16));
        CHECK(!same(&g1, &g2)); /* the scheduler count is felt */
        free(g1.json);
        free(t32.json);
        free(t1.json);
        free(g2.json);
        free(t16.json);
    }
}

TEST(two_level_groups_of_two_differ_from_gto_and_lrr)
{
    const char *names[] = { "kmeans", "bfs", "histogram" };
    for (size_t i = 0; i < 3; i++) {
        struct run g = run_bench(names[i], "gpgpu_n_clusters 2\ngpgpu_scheduler gto\n");
        struct run l = run_bench(names[i], "gpgpu_n_clusters 2\ngpgpu_scheduler lrr\n");
        struct run t = run_bench(names[i], "gpgpu_n_clusters 2\ngpgpu_scheduler 2lvl:2\n");
        struct run d = run_bench(names[i], "gpgpu_n_clusters 2\ngpgpu_scheduler 2lvl\n");
        printf("  %s, 2 SMs: cycles GTO %.0f LRR %.0f 2LVL %.0f; L1 misses %.0f %.0f %.0f\n",
               names[i], g.cycles, l.cycles, t.cycles, g.misses, l.misses, t.misses);
        CHECK(g.rc == 0 && l.rc == 0 && t.rc == 0);
        CHECK(same(&t, &d)); /* the default group size is 2 */
        CHECK(!same(&t, &g));
        CHECK(!same(&t, &l));
        CHECK(t.cycles != g.cycles && t.cycles != l.cycles);
        CHECK_EQ_INT(t.warp_insts, g.warp_insts); /* the order changes no instruction */
        free(g.json);
        free(l.json);
        free(t.json);
        free(d.json);
    }
}

int main(void)
{
    RUN(ipoly_index_cuts_conflict_misses);
    RUN(two_level_with_one_group_or_groups_of_one_is_gto);
    RUN(two_level_groups_of_two_differ_from_gto_and_lrr);
    return check_summary();
}
