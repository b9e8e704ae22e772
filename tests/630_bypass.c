/* Cache bypass policies (src/policy/bypass*.c): the sampling table's
 * decision at exactly N_Accesses, the table limit, the sampling window and
 * the per-launch reset with hand-derived expectations; argument errors;
 * and in timing runs: ccgpu_bypass all is gpgpu_gmem_skip_L1D exactly,
 * none is the default exactly, and fgcb with a small N bypasses vecadd's
 * streaming arrays at L1 and L2 (l2_pN.bypassed counts them) while the
 * result still checks. */
#include "bench_run.h"
#include "check.h"
#include "policy/bypass/bypass.h"
#include <stdlib.h>

static struct policy_gpu gpu_at(uint64_t launch, uint64_t start)
{
    struct policy_gpu g;
    memset(&g, 0, sizeof g);
    g.n_sms = 1;
    g.launch = launch;
    g.kernel_start = start;
    return g;
}

TEST(decision_at_exactly_n_accesses)
{
    struct bp_params p;
    char err[256];
    CHECK_EQ_INT(bp_params_parse(&p, "fgcb", "n=4,m=2,table=2,period=100", err, sizeof err), 0);
    struct bp_table t;
    CHECK_EQ_INT(bp_table_init(&t, &p), 0);
    struct policy_gpu g = gpu_at(1, 1000);
    /* key 7: three misses, undecided after each; the 4th access (a hit)
     * makes 4 = N with 3 misses > M = 2: bypass */
    for (int i = 0; i < 3; i++) {
        bp_table_seen(&t, &g, 7, 0, 1, 1000 + (uint64_t)i);
        CHECK_EQ_INT(bp_table_bypass(&t, &g, 7, 0), 0);
    }
    bp_table_seen(&t, &g, 7, 0, 0, 1003);
    CHECK_EQ_INT(bp_table_bypass(&t, &g, 7, 0), 1);
    CHECK_EQ_INT(bp_table_bypass(&t, &g, 7, 1), 0); /* L2 decided apart */
    /* key 8: exactly M misses among N: cached, and stays cached */
    bp_table_seen(&t, &g, 8, 0, 1, 1010);
    bp_table_seen(&t, &g, 8, 0, 1, 1011);
    bp_table_seen(&t, &g, 8, 0, 0, 1012);
    bp_table_seen(&t, &g, 8, 0, 0, 1013);
    for (int i = 0; i < 10; i++)
        bp_table_seen(&t, &g, 8, 0, 1, 1014 + (uint64_t)i);
    CHECK_EQ_INT(bp_table_bypass(&t, &g, 8, 0), 0);
    CHECK_EQ_U64(t.decided[0][0], 1);
    CHECK_EQ_U64(t.decided[0][1], 1);
    /* L2 of key 7: its own count */
    for (int i = 0; i < 4; i++)
        bp_table_seen(&t, &g, 7, 1, 1, 1020 + (uint64_t)i);
    CHECK_EQ_INT(bp_table_bypass(&t, &g, 7, 1), 1);
    bp_table_free(&t);
}

TEST(table_limit_window_and_launch_reset)
{
    struct bp_params p;
    char err[256];
    CHECK_EQ_INT(bp_params_parse(&p, "fgcb", "n=2,m=0,table=2,period=100,levels=l1", err,
                                 sizeof err), 0);
    struct bp_table t;
    CHECK_EQ_INT(bp_table_init(&t, &p), 0);
    struct policy_gpu g = gpu_at(1, 1000);
    bp_table_seen(&t, &g, 1, 0, 1, 1000);
    bp_table_seen(&t, &g, 2, 0, 1, 1000);
    /* the table holds 2 keys: key 3 is never sampled, never bypassed */
    bp_table_seen(&t, &g, 3, 0, 1, 1001);
    bp_table_seen(&t, &g, 3, 0, 1, 1002);
    CHECK_EQ_INT(bp_table_bypass(&t, &g, 3, 0), 0);
    /* window [1000, 1100): key 1's second access at 1100 is too late */
    bp_table_seen(&t, &g, 1, 0, 1, 1100);
    CHECK_EQ_INT(bp_table_bypass(&t, &g, 1, 0), 0);
    bp_table_seen(&t, &g, 2, 0, 1, 1099);
    CHECK_EQ_INT(bp_table_bypass(&t, &g, 2, 0), 1);
    /* levels=l1: L2 accesses are not counted */
    bp_table_seen(&t, &g, 2, 1, 1, 1050);
    bp_table_seen(&t, &g, 2, 1, 1, 1051);
    CHECK_EQ_INT(bp_table_bypass(&t, &g, 2, 1), 0);
    /* a new launch starts empty, its window from its own start */
    g = gpu_at(2, 5000);
    CHECK_EQ_INT(bp_table_bypass(&t, &g, 2, 0), 0);
    bp_table_seen(&t, &g, 3, 0, 1, 4999); /* before the window */
    bp_table_seen(&t, &g, 3, 0, 1, 5000);
    CHECK_EQ_INT(bp_table_bypass(&t, &g, 3, 0), 0);
    bp_table_seen(&t, &g, 3, 0, 1, 5001);
    CHECK_EQ_INT(bp_table_bypass(&t, &g, 3, 0), 1);
    bp_table_free(&t);
}

TEST(window_of_accesses_has_no_clock)
{
    /* window=accesses: a level is decided at its n-th access counted from
     * the window's opening, however late that access comes; accesses
     * before the opening are not counted */
    struct bp_params p;
    char err[256];
    CHECK_EQ_INT(bp_params_parse(&p, "fgcb", "n=3,m=1,period=100,levels=l1", err, sizeof err),
                 0);
    CHECK_EQ_INT(p.by_accesses, 0); /* the default closes the window by the clock */
    CHECK_EQ_INT(bp_params_parse(&p, "fgcb", "n=3,m=1,period=100,levels=l1,window=accesses",
                                 err, sizeof err), 0);
    CHECK_EQ_INT(p.by_accesses, 1);
    struct bp_table t;
    CHECK_EQ_INT(bp_table_init(&t, &p), 0);
    struct policy_gpu g = gpu_at(1, 1000);
    bp_table_seen(&t, &g, 5, 0, 1, 999);  /* before the opening: not counted */
    bp_table_seen(&t, &g, 5, 0, 1, 1000); /* 1 access, 1 miss */
    bp_table_seen(&t, &g, 6, 0, 0, 1001); /* key 6: a hit */
    bp_table_seen(&t, &g, 5, 0, 1, 5000); /* 2, 2: long after period */
    CHECK_EQ_INT(bp_table_bypass(&t, &g, 5, 0), 0);
    bp_table_seen(&t, &g, 5, 0, 0, 90000); /* 3rd access: 2 misses > m = 1 */
    CHECK_EQ_INT(bp_table_bypass(&t, &g, 5, 0), 1);
    bp_table_seen(&t, &g, 6, 0, 1, 20000);
    bp_table_seen(&t, &g, 6, 0, 0, 30000); /* 3 accesses, 1 miss: cached */
    CHECK_EQ_INT(bp_table_bypass(&t, &g, 6, 0), 0);
    CHECK_EQ_U64(t.decided[0][0], 1);
    CHECK_EQ_U64(t.decided[0][1], 1);
    /* after its decision the cached key 6 is counted apart: its sample was
     * 3 accesses, 1 miss; then a miss and a hit; the bypassed key 5 is not */
    bp_table_seen(&t, &g, 6, 0, 1, 30001);
    bp_table_seen(&t, &g, 6, 0, 0, 30002);
    bp_table_seen(&t, &g, 5, 0, 1, 30003);
    uint64_t cc[8];
    bp_table_cached_counters(&t, cc);
    CHECK_EQ_U64(cc[0], 3);
    CHECK_EQ_U64(cc[1], 1);
    CHECK_EQ_U64(cc[2], 2);
    CHECK_EQ_U64(cc[3], 1);
    CHECK_EQ_U64(cc[4] + cc[5] + cc[6] + cc[7], 0); /* nothing at L2 */
    /* the same accesses under window=cycles: only those in [1000, 1100)
     * count, neither key reaches n */
    struct bp_table c;
    p.by_accesses = 0;
    CHECK_EQ_INT(bp_table_init(&c, &p), 0);
    const uint64_t at[] = { 999, 1000, 5000, 90000 };
    for (int i = 0; i < 4; i++)
        bp_table_seen(&c, &g, 5, 0, 1, at[i]);
    CHECK_EQ_INT(bp_table_bypass(&c, &g, 5, 0), 0);
    CHECK_EQ_U64(c.decided[0][0] + c.decided[0][1], 0);
    CHECK_EQ_INT(bp_params_parse(&p, "fgcb", "window=sometimes", err, sizeof err), -1);
    CHECK(strstr(err, "window") != NULL);
    bp_table_free(&t);
    bp_table_free(&c);
}

TEST(bad_arguments_are_named)
{
    struct bypass bp;
    struct bypass_env env = { 0, NULL };
    char err[256];
    CHECK_EQ_INT(bypass_init(&bp, "fgcb:n=10,m=10", &env, err, sizeof err), -1);
    CHECK(strstr(err, "m=10") != NULL);
    CHECK_EQ_INT(bypass_init(&bp, "fgcb:bogus=1", &env, err, sizeof err), -1);
    CHECK(strstr(err, "bogus") != NULL);
    CHECK_EQ_INT(bypass_init(&bp, "pc:table=0", &env, err, sizeof err), -1);
    CHECK_EQ_INT(bypass_init(&bp, "all:x", &env, err, sizeof err), -1);
    CHECK_EQ_INT(bypass_init(&bp, "sometimes", &env, err, sizeof err), -1);
    CHECK(strstr(err, "sometimes") != NULL);
    CHECK_EQ_INT(bypass_init(&bp, "fgcb:n=1000,m=800,table=7,after=dwt,levels=both", &env, err,
                             sizeof err), 0);
    bypass_free(&bp);
    /* the whole policy table: every entry has a name and initialises bare */
    for (int i = 0; bypass_table[i]; i++) {
        CHECK(bypass_table[i]->name && bypass_table[i]->version == 1);
        CHECK_EQ_INT(bypass_init(&bp, bypass_table[i]->name, &env, err, sizeof err), 0);
        CHECK(!bp.ops->counter_names || bp.ops->counters);
        bypass_free(&bp);
    }
}

/* ---- timing runs ---- */

struct run {
    int rc;
    char *json;
    size_t len;
    double cycles, l2_bypassed, l1_bypass_dec, l2_bypass_dec, l1_cache_dec;
};

static struct run run_bench(const char *name, const char *overrides)
{
    struct run r = { -1, NULL, 0, 0, 0, 0, 0, 0 };
    ccgpu *gpu = bench_run_timing(name, "configs/sacat-gtx480.cfg",
                                  "ccgpu_mode timing\ngpgpu_n_clusters 3\n",
                                  overrides, &r.rc, &r.json, &r.len);
    if (!gpu)
        return r;
    ccgpu_stat(gpu, "cycles", -1, &r.cycles);
    for (int p = 0; p < 6; p++) {
        char n[64];
        double v = 0;
        snprintf(n, sizeof n, "l2_p%d.bypassed", p);
        if (ccgpu_stat(gpu, n, -1, &v) == 0)
            r.l2_bypassed += v;
    }
    ccgpu_stat(gpu, "bypass.l1_bypass_decisions", -1, &r.l1_bypass_dec);
    ccgpu_stat(gpu, "bypass.l2_bypass_decisions", -1, &r.l2_bypass_dec);
    ccgpu_stat(gpu, "bypass.l1_cache_decisions", -1, &r.l1_cache_dec);
    ccgpu_destroy(gpu);
    return r;
}

static int same(const struct run *a, const struct run *b)
{
    return a->json && b->json && a->len == b->len && memcmp(a->json, b->json, a->len) == 0;
}

TEST(all_is_gmem_skip_l1d_and_none_is_the_default)
{
    const char *names[] = { "vecadd", "bfs" };
    for (int i = 0; i < 2; i++) {
        struct run d = run_bench(names[i], NULL);
        struct run n = run_bench(names[i], "ccgpu_bypass none\n");
        struct run a = run_bench(names[i], "ccgpu_bypass all\n");
        struct run s = run_bench(names[i], "gpgpu_gmem_skip_L1D 1\n");
        CHECK(d.rc == 0 && n.rc == 0 && a.rc == 0 && s.rc == 0);
        CHECK(same(&d, &n));
        CHECK(same(&a, &s));
        CHECK(!same(&d, &a)); /* the L1 was in use */
        free(d.json);
        free(n.json);
        free(a.json);
        free(s.json);
    }
}

TEST(fgcb_bypasses_vecadd_at_l1_and_l2)
{
    /* vecadd small on 3 SMs: each SM reads ~170 lines of a and of b, every
     * one a miss (no reuse); with N = 16, M = 12 both base addresses are
     * bypassed at both levels once 16 accesses are seen. c is only written
     * (stores are not sampled). */
    struct run base = run_bench("vecadd", NULL);
    struct run f = run_bench("vecadd", "ccgpu_bypass fgcb:n=16,m=12\n");
    printf("  vecadd: L1 bypass decisions %.0f, L2 %.0f, l2 bypassed %.0f, cycles %.0f -> %.0f\n",
           f.l1_bypass_dec, f.l2_bypass_dec, f.l2_bypassed, base.cycles, f.cycles);
    CHECK_EQ_INT(f.rc, 0);
    CHECK_EQ_INT(base.l2_bypassed, 0);
    CHECK_EQ_INT(f.l1_bypass_dec, 6); /* a and b on each of 3 SMs */
    CHECK_EQ_INT(f.l2_bypass_dec, 6);
    CHECK_EQ_INT(f.l1_cache_dec, 0);
    CHECK(f.l2_bypassed > 0);
    /* the default parameters need 1000 accesses per base address in the
     * first 10 K cycles: vecadd small never gets there */
    struct run d = run_bench("vecadd", "ccgpu_bypass fgcb\n");
    CHECK_EQ_INT(d.rc, 0);
    CHECK_EQ_INT(d.l1_bypass_dec + d.l2_bypass_dec + d.l1_cache_dec, 0);
    free(base.json);
    free(f.json);
    free(d.json);
}

int main(void)
{
    RUN(decision_at_exactly_n_accesses);
    RUN(table_limit_window_and_launch_reset);
    RUN(window_of_accesses_has_no_clock);
    RUN(bad_arguments_are_named);
    RUN(all_is_gmem_skip_l1d_and_none_is_the_default);
    RUN(fgcb_bypasses_vecadd_at_l1_and_l2);
    return check_summary();
}
