/* The CCWS warp scheduler in the timing model (ccws-micro2012 §3.3): the L1
 * hooks turn an eviction followed by the same warp's miss into a VTA hit
 * (and another warp's miss into none); K_THROTTLE = 0 issues exactly as GTO
 * (every statistic equal); on k-means whose 32 warps' working sets exceed
 * a small L1, CCWS throttles loads and misses far less than GTO; skipping
 * idle cycles changes nothing while scores decay; bad arguments. */
#include "bench.h"
#include "check.h"
#include "mem/cache.h"
#include "policy/warp/load_diag.h"
#include "policy/warp/warp_sched.h"
#include "ptx/ir.h"
#include <stdlib.h>
#include <unistd.h>

/* ---- the L1 hooks on a real cache ---------------------------------------- */

static uint64_t counter(struct warp_sched *ws, const char *name)
{
    uint64_t v[64] = { 0 };
    ws->ops->counters(ws, v);
    for (int i = 0; ws->ops->counter_names[i]; i++)
        if (!strcmp(ws->ops->counter_names[i], name))
            return v[i];
    printf("  no counter %s\n", name);
    return UINT64_MAX;
}

static enum cache_outcome rd_fill(struct cache *c, uint64_t line, int warp)
{
    enum cache_fail f;
    struct cache_access a = { line * 128, 0, 0, warp, line, 0 };
    enum cache_outcome o = cache_access(c, &a, &f);
    if (o == CACHE_MISS) {
        const uint64_t *t;
        while (cache_out_front(c))
            cache_out_pop(c);
        cache_fill(c, line * 128, 0xff, &t);
    }
    return o;
}

/* A ccws policy (spec) on 4 warp slots, watching a one-set, two-way cache;
 * every warp assigned. -1 (message printed) on a setup failure. */
static int ccws_on_cache(const char *spec, struct warp_sched *ws, struct cache *c)
{
    struct warp_sched_env env = { 0, 4, 1, 1, NULL };
    char err[200];
    struct cache_config cfg;
    if (warp_sched_init(ws, spec, &env, err, sizeof err) ||
        cache_config_parse(&cfg, "N:1:128:2,L:R:m:N:L,A:8:4,8", err, sizeof err) ||
        cache_init(c, &cfg, err, sizeof err)) {
        printf("  setup: %s\n", err);
        return -1;
    }
    struct cache_hooks h = warp_sched_l1_hooks(ws);
    cache_set_hooks(c, &h);
    for (uint32_t w = 0; w < 4; w++)
        ws->ops->on_warp_assigned(ws, w, w);
    return 0;
}

TEST(vta_hit_from_l1_evictions)
{
    struct warp_sched ws;
    struct cache c;
    if (ccws_on_cache("ccws", &ws, &c))
        return;
    /* one set, two ways: W0 reserves A, W1 reserves B, W1's C evicts A
     * (LRU) into W0's share */
    CHECK_EQ_INT(rd_fill(&c, 100, 0), CACHE_MISS);
    CHECK_EQ_INT(rd_fill(&c, 200, 1), CACHE_MISS);
    CHECK_EQ_INT(rd_fill(&c, 300, 1), CACHE_MISS);
    CHECK_EQ_U64(counter(&ws, "ccws.vta_inserts"), 1);
    /* W2 misses on A: A was W0's, not lost by W2 (evicts B into W1's) */
    CHECK_EQ_INT(rd_fill(&c, 100, 2), CACHE_MISS);
    CHECK_EQ_U64(counter(&ws, "ccws.vta_hits"), 0);
    /* W1 misses on B, its own victim: a VTA hit (evicts C into W1's) */
    CHECK_EQ_INT(rd_fill(&c, 200, 1), CACHE_MISS);
    CHECK_EQ_U64(counter(&ws, "ccws.vta_hits"), 1);
    /* a hit in the L1 probes nothing */
    uint64_t lookups = counter(&ws, "ccws.vta_lookups");
    CHECK_EQ_INT(rd_fill(&c, 200, 1), CACHE_HIT);
    CHECK_EQ_U64(counter(&ws, "ccws.vta_lookups"), lookups);
    /* W1's C came back through W1: second VTA hit; W0 never lost anything */
    CHECK_EQ_INT(rd_fill(&c, 300, 1), CACHE_MISS);
    CHECK_EQ_U64(counter(&ws, "ccws.vta_hits"), 2);
    cache_free(&c);
    warp_sched_free(&ws);
}

/* probe=merge (default): a read that merges into a line being filled
 * probes the VTA like a miss, as GPGPU-Sim 3.1 reports it MISS; probe=miss
 * does not. */
TEST(merges_probe_the_vta_unless_probe_miss)
{
    const char *specs[2] = { "ccws", "ccws:probe=miss" };
    for (int k = 0; k < 2; k++) {
        struct warp_sched ws;
        struct cache c;
        if (ccws_on_cache(specs[k], &ws, &c))
            return;
        CHECK_EQ_INT(rd_fill(&c, 100, 0), CACHE_MISS);
        CHECK_EQ_INT(rd_fill(&c, 200, 1), CACHE_MISS);
        CHECK_EQ_INT(rd_fill(&c, 300, 1), CACHE_MISS); /* A -> W0's share */
        /* W0 misses on A (left pending): a VTA hit either way */
        enum cache_fail f;
        struct cache_access a = { 100 * 128, 0, 0, 0, 1, 0 };
        CHECK_EQ_INT(cache_access(&c, &a, &f), CACHE_MISS);
        CHECK_EQ_U64(counter(&ws, "ccws.vta_hits"), 1);
        /* W0's other half-warp merges into the pending A */
        a.token = 2;
        CHECK_EQ_INT(cache_access(&c, &a, &f), CACHE_HIT_RESERVED);
        CHECK_EQ_U64(counter(&ws, "ccws.vta_hits"), k == 0 ? 2 : 1);
        cache_free(&c);
        warp_sched_free(&ws);
    }
}

TEST(only_l1_loads_are_throttled)
{
    struct warp_sched ws;
    struct warp_sched_env env = { 0, 2, 1, 1, NULL };
    char err[200];
    if (warp_sched_init(&ws, "ccws:k=1000", &env, err, sizeof err)) {
        printf("  setup: %s\n", err);
        return;
    }
    ws.ops->on_warp_assigned(&ws, 0, 0);
    ws.ops->on_warp_assigned(&ws, 1, 1);
    struct ptx_inst ld = { 0 }, st = { 0 }, lds = { 0 }, add = { 0 }, ldcg = { 0 };
    ld.op = PTX_OP_LD, ld.space = PTX_SPACE_GLOBAL;
    st.op = PTX_OP_ST, st.space = PTX_SPACE_GLOBAL;
    lds.op = PTX_OP_LD, lds.space = PTX_SPACE_SHARED;
    ldcg.op = PTX_OP_LD, ldcg.space = PTX_SPACE_GLOBAL, ldcg.cache = PTX_CACHE_CG;
    add.op = PTX_OP_ADD;
    uint32_t order[2];
    ws.ops->order(&ws, 0, 5, order);
    ws.ops->on_issue(&ws, 0, &ld, 5);
    /* W1 evicts-then-misses: a VTA hit with LLDS far above the cutoff */
    ws.ops->l1_evict(&ws, 77, 1);
    ws.ops->l1_access(&ws, 77, 1, 0, CACHE_MISS, CACHE_FAIL_NONE);
    CHECK(ws.ops->can_issue(&ws, 1, &ld, 5)); /* the top score always loads */
    CHECK(!ws.ops->can_issue(&ws, 0, &ld, 5));
    ld.space = PTX_SPACE_LOCAL;
    CHECK(!ws.ops->can_issue(&ws, 0, &ld, 5));
    ld.space = PTX_SPACE_GENERIC;
    CHECK(!ws.ops->can_issue(&ws, 0, &ld, 5));
    CHECK(ws.ops->can_issue(&ws, 0, &st, 5));
    CHECK(ws.ops->can_issue(&ws, 0, &lds, 5));
    CHECK(ws.ops->can_issue(&ws, 0, &ldcg, 5));
    CHECK(ws.ops->can_issue(&ws, 0, &add, 5));
    uint64_t t = ws.ops->next_event(&ws, 5);
    CHECK(t > 5 && t != WARP_SCHED_NEVER);
    CHECK(ws.ops->can_issue(&ws, 0, &ld, t)); /* decayed enough by then */
    CHECK(!ws.ops->can_issue(&ws, 0, &ld, t - 1));
    CHECK_EQ_U64(counter(&ws, "ccws.loads_held"), 1); /* one load, held from cycle 5 */
    ws.ops->on_issue(&ws, 0, &ld, t);
    CHECK_EQ_U64(counter(&ws, "ccws.load_held_cycles"), t - 5);
    warp_sched_free(&ws);
}

TEST(llds_samples_to_csv)
{
    char dir[] = "/tmp/ccgpu622cXXXXXX", spec[200], path[160];
    if (!mkdtemp(dir)) {
        CHECK(0);
        return;
    }
    snprintf(path, sizeof path, "%s/llds.csv", dir);
    snprintf(spec, sizeof spec, "ccws:k=8,sample=100,llds_csv=%s", path);
    struct warp_sched ws;
    struct warp_sched_env env = { 0, 4, 1, 1, NULL };
    char err[300];
    if (warp_sched_init(&ws, spec, &env, err, sizeof err)) {
        printf("  %s\n", err);
        CHECK(0);
        return;
    }
    for (uint32_t w = 0; w < 4; w++)
        ws.ops->on_warp_assigned(&ws, w, w);
    struct ptx_inst add = { 0 };
    add.op = PTX_OP_ADD;
    uint32_t order[4];
    ws.ops->order(&ws, 0, 10, order);
    for (int i = 0; i < 16; i++)
        ws.ops->on_issue(&ws, 0, &add, 10);
    for (uint64_t b = 1; b <= 3; b++) { /* three hits; the two at cycle 10 share a sample */
        ws.now = b < 3 ? 10 : 200; /* the SM dates the L1 hooks (warp_sched.h) */
        ws.ops->l1_evict(&ws, b, 2);
        ws.ops->l1_access(&ws, b, 2, 0, CACHE_MISS, CACHE_FAIL_NONE);
    }
    warp_sched_free(&ws);
    FILE *f = fopen(path, "r");
    char text[256] = "";
    if (f) {
        size_t n = fread(text, 1, sizeof text - 1, f);
        text[n] = 0;
        fclose(f);
    }
    /* LLDS = hits / 16 insts x 8 x 400 */
    CHECK(!strcmp(text, "sm,cycle,llds\n0,10,200\n0,200,600\n"));
    unlink(path);
    rmdir(dir);
    CHECK(warp_sched_init(&ws, "ccws:llds_csv=/nonexistent/dir/x.csv", &env, err, sizeof err) < 0);
    CHECK_STR_CONTAINS(err, "/nonexistent/dir/x.csv");
}

TEST(bad_arguments)
{
    struct warp_sched ws;
    struct warp_sched_env env = { 0, 4, 1, 1, NULL };
    char err[200];
    const char *bad[] = { "ccws:k=x", "ccws:depth=3", "ccws:vta=12,assoc=8", "ccws:k",
                          "ccws:cross=maybe", "ccws:base=0", "ccws:store_clear=2",
                          "ccws:vta_index=xor", "ccws:vta_hit=drop", "ccws:probe=all",
                          "ccws:window=kernel", "ccws:decay=0", "ccws:decay=-1" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        CHECK(warp_sched_init(&ws, bad[i], &env, err, sizeof err) < 0);
        CHECK(strstr(err, "ccws") != NULL);
    }
    CHECK(warp_sched_init(&ws, "ccws:k=8,base=100,vta=16,assoc=8,cross=allow,store_clear=1",
                          &env, err, sizeof err) == 0);
    warp_sched_free(&ws);
    CHECK(warp_sched_init(&ws, "ccws:vta_index=mod,vta_hit=remove,probe=miss,window=all,decay=1",
                          &env, err, sizeof err) == 0);
    warp_sched_free(&ws);
    /* '+' separates arguments too (compare's --sched list uses commas) */
    CHECK(warp_sched_init(&ws, "ccws:vta=4+assoc=2+k=3", &env, err, sizeof err) == 0);
    warp_sched_free(&ws);
    CHECK(warp_sched_init(&ws, "ccws:vta=12+assoc=8", &env, err, sizeof err) < 0);
    CHECK_STR_CONTAINS(err, "multiple of assoc");
}

/* ---- whole runs ------------------------------------------------------------ */

struct run {
    int rc;
    char *json;
    size_t len;
    double cycles, misses, vetoes, hits;
    double inserts, loadable_warp_cycles, live_cycles;
    double diag[LD_N]; /* sched.ccws.diag.* or sched.swl.diag.*, -1 if absent */
};

/* k-means points whose features live 33 lines apart (no set conflicts) */
static int write_points(char *dir, char *path, size_t len)
{
    if (!mkdtemp(dir))
        return -1;
    snprintf(path, len, "%s/points.bin", dir);
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    int32_t hdr[2] = { 1056, 34 };
    uint64_t x = 88172645463325252ull;
    fwrite(hdr, sizeof hdr, 1, f);
    for (int p = 0; p < hdr[0]; p++)
        for (int d = 0; d < hdr[1]; d++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            float v = (float)((p % 5) * 3 + d % 7) + (float)(x % 1000) / 500.0f;
            fwrite(&v, sizeof v, 1, f);
        }
    return fclose(f);
}

/* One SM, 32 warps (16 registers a thread), a 4 KB L1 */
static struct run run_km(const char *input, const char *sched, int skip)
{
    struct run r = { -1, NULL, 0, 0, 0, 0, 0, 0, 0, 0, { 0 } };
    char o[256];
    snprintf(o, sizeof o,
             "ccgpu_mode timing\ngpgpu_n_clusters 1\nccgpu_regs_per_thread 16\n"
             "gpgpu_cache:dl1 8:128:4,L:E:m:N,A:32:8,8\ngpgpu_scheduler %s\n"
             "ccgpu_skip_idle %d\n",
             sched, skip);
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256] = "";
    if (!cfg || ccgpu_config_load(cfg, "configs/ccws.cfg") ||
        ccgpu_config_load_string(cfg, o, "test")) {
        printf("  config: %s\n", cfg ? ccgpu_config_error(cfg) : "oom");
        ccgpu_config_free(cfg);
        return r;
    }
    struct bench_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.gpu = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    if (!ctx.gpu) {
        printf("  %s\n", err);
        return r;
    }
    ctx.size = BENCH_SMALL;
    ctx.input = input;
    r.rc = bench_find("kmeans")->run(&ctx);
    if (r.rc)
        printf("  kmeans with %s: %s\n", sched, ctx.error);
    FILE *f = open_memstream(&r.json, &r.len);
    if (f) {
        ccgpu_stats_write_json(ctx.gpu, f);
        fclose(f);
    }
    ccgpu_stat(ctx.gpu, "cycles", -1, &r.cycles);
    ccgpu_stat(ctx.gpu, "l1d.misses", -1, &r.misses);
    ccgpu_stat(ctx.gpu, "sched.ccws.loads_held", -1, &r.vetoes);
    ccgpu_stat(ctx.gpu, "sched.ccws.vta_hits", -1, &r.hits);
    ccgpu_stat(ctx.gpu, "sched.ccws.vta_inserts", -1, &r.inserts);
    ccgpu_stat(ctx.gpu, "sched.ccws.loadable_warp_cycles", -1, &r.loadable_warp_cycles);
    ccgpu_stat(ctx.gpu, "sched.ccws.live_cycles", -1, &r.live_cycles);
    for (int i = 0; i < LD_N; i++) {
        char name[96];
        r.diag[i] = -1;
        snprintf(name, sizeof name, "sched.%s.%s", strncmp(sched, "swl", 3) ? "ccws" : "swl",
                 load_diag_names[i]);
        ccgpu_stat(ctx.gpu, name, -1, &r.diag[i]);
    }
    ccgpu_destroy(ctx.gpu);
    return r;
}

/* The statistics text without the lines of CCWS's own counters. */
static void drop_ccws_lines(struct run *r)
{
    char *w = r->json, *p = r->json;
    while (p && *p) {
        char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);
        size_t sp = strspn(p, " ");
        if (n < sp + 12 || strncmp(p + sp, "\"sched.ccws.", 12)) {
            memmove(w, p, n);
            w += n;
        }
        p += n;
    }
    if (w)
        *w = 0;
    r->len = r->json ? strlen(r->json) : 0;
}

TEST(runs_k0_equals_gto_and_ccws_throttles)
{
    char dir[] = "/tmp/ccgpu622XXXXXX", path[128];
    if (write_points(dir, path, sizeof path)) {
        printf("  cannot write the input\n");
        CHECK(0);
        return;
    }
    struct run g = run_km(path, "gto", 1), z = run_km(path, "ccws:k=0", 1);
    struct run c = run_km(path, "ccws", 1), c0 = run_km(path, "ccws", 0);
    CHECK(g.rc == 0 && z.rc == 0 && c.rc == 0 && c0.rc == 0);
    /* K_THROTTLE 0: VTA hits are seen, nothing is held, GTO's every number */
    CHECK(z.hits > 1000);
    CHECK(z.vetoes == 0);
    drop_ccws_lines(&z);
    CHECK(g.json && z.json && g.len == z.len && !strcmp(g.json, z.json));
    /* K_THROTTLE 8: loads held back, far fewer misses, faster */
    printf("  GTO %.0f cycles %.0f misses; CCWS %.0f cycles %.0f misses, %.0f VTA hits\n",
           g.cycles, g.misses, c.cycles, c.misses, c.hits);
    CHECK(c.vetoes > 0);
    CHECK(c.misses < 0.7 * g.misses);
    CHECK(c.cycles < g.cycles);
    /* decaying scores announce their change times: skipping is exact */
    CHECK(c.json && c0.json && c.len == c0.len && !strcmp(c.json, c0.json));
    /* and so do the release's scoring rules (caps at the end of a cycle) */
    struct run rl = run_km(path, "ccws:scoring=release", 1);
    struct run rl0 = run_km(path, "ccws:scoring=release", 0);
    CHECK(rl.rc == 0 && rl0.rc == 0 && rl.vetoes > 0);
    CHECK(rl.json && rl0.json && rl.len == rl0.len && !strcmp(rl.json, rl0.json));
    printf("  CCWS scoring=release %.0f cycles %.0f misses\n", rl.cycles, rl.misses);
    free(rl.json);
    free(rl0.json);
    free(g.json);
    free(z.json);
    free(c.json);
    free(c0.json);
    unlink(path);
    rmdir(dir);
}

/* The statistics text without the lines of the diag counters. */
static void drop_diag_lines(struct run *r)
{
    char *w = r->json, *p = r->json;
    while (p && *p) {
        char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);
        char *d = strstr(p, ".diag.");
        if (!d || d >= p + n) {
            memmove(w, p, n);
            w += n;
        }
        p += n;
    }
    if (w)
        *w = 0;
    r->len = r->json ? strlen(r->json) : 0;
}

/* ccws:diag=1 and swl:N:diag only observe: every other statistic is the
 * plain policy's, byte for byte; the diag counters are exact under
 * idle-cycle skipping and agree with the policy's own accounting (the
 * loadable warp-cycles are the histogram's, throttled + unthrottled cycles
 * the cycles with live warps, every eviction is classified once, every
 * interval that opened has closed when the warps are gone). */
TEST(diag_observes_only)
{
    char dir[] = "/tmp/ccgpu622XXXXXX", path[128];
    if (write_points(dir, path, sizeof path)) {
        printf("  cannot write the input\n");
        CHECK(0);
        return;
    }
    struct run c = run_km(path, "ccws", 1), d = run_km(path, "ccws:diag=1", 1);
    struct run d0 = run_km(path, "ccws:diag=1", 0);
    struct run s = run_km(path, "swl:4", 1), sd = run_km(path, "swl:4:diag", 1);
    CHECK(c.rc == 0 && d.rc == 0 && d0.rc == 0 && s.rc == 0 && sd.rc == 0);
    CHECK(c.diag[LD_GRANTS] == -1 && s.diag[LD_GRANTS] == -1); /* off: no such statistic */
    CHECK(d.json && d0.json && d.len == d0.len && !strcmp(d.json, d0.json));
    for (int i = 0; i < LD_N; i++)
        CHECK(d.diag[i] >= 0 && d.diag[i] == d0.diag[i]);
    CHECK(d.diag[LD_LOADABLE_CYCLES] == d.loadable_warp_cycles);
    CHECK(d.diag[LD_THROTTLED_CYCLES] + d.diag[LD_UNTHROTTLED_CYCLES] == d.live_cycles);
    CHECK(d.diag[LD_THROTTLED_CYCLES] > 0 && d.diag[LD_REVOKES] > 0);
    CHECK(d.diag[LD_EVICT_LOADABLE] + d.diag[LD_EVICT_HELD] + d.diag[LD_EVICT_ABSENT] ==
          d.inserts);
    CHECK(d.diag[LD_GRANTS] == d.diag[LD_REVOKES] + d.diag[LD_EXIT_LOADABLE]);
    CHECK(d.diag[LD_MISSES_THROTTLED] + d.diag[LD_MISSES_UNTHROTTLED] <= d.misses);
    CHECK(d.diag[LD_MISSES_THROTTLED] > 0);
    /* a warp is held only above the base: after a VTA hit of the phase */
    CHECK(d.diag[LD_PHASES_HIT_THEN_HELD] == d.diag[LD_PHASES_THROTTLED]);
    CHECK(d.diag[LD_PHASES_HIT] >= d.diag[LD_PHASES_THROTTLED]);
    CHECK(d.diag[LD_HIT_TO_HOLD_CYCLES] <= d.diag[LD_LAG_CYCLES]);
    /* swl:4 on one SM: every phase throttles at once (more than 4 warps) */
    CHECK(sd.diag[LD_PHASES] > 0 && sd.diag[LD_PHASES_THROTTLED] == sd.diag[LD_PHASES]);
    CHECK(sd.diag[LD_LAG_CYCLES] == 0 && sd.diag[LD_MISSES_BEFORE_THROTTLE] == 0);
    CHECK(sd.diag[LD_PHASES_HIT] == 0); /* swl has no VTA */
    CHECK(sd.diag[LD_GRANTS] == sd.diag[LD_REVOKES] + sd.diag[LD_EXIT_LOADABLE]);
    printf("  ccws: %.0f grants, %.0f revokes, %.0f of %.0f live cycles throttled; swl:4 %.0f "
           "grants\n", d.diag[LD_GRANTS], d.diag[LD_REVOKES], d.diag[LD_THROTTLED_CYCLES],
           d.live_cycles, sd.diag[LD_GRANTS]);
    drop_diag_lines(&d);
    drop_diag_lines(&sd);
    CHECK(c.json && d.json && c.len == d.len && !strcmp(c.json, d.json));
    CHECK(s.json && sd.json && s.len == sd.len && !strcmp(s.json, sd.json));
    free(c.json);
    free(d.json);
    free(d0.json);
    free(s.json);
    free(sd.json);
    unlink(path);
    rmdir(dir);
}

/* The L1 hooks under diag=1: on the one-set two-way cache, with nobody
 * held (every score at base), every eviction is a loadable warp's and a
 * re-miss on the warp's own victim is counted as evicted while loadable. */
TEST(diag_hooks_on_a_cache)
{
    struct warp_sched ws;
    struct cache c;
    if (ccws_on_cache("ccws:diag=1", &ws, &c))
        return;
    CHECK_EQ_U64(ws.ops->n_counters(&ws), 42 + LD_N);
    CHECK_EQ_INT(rd_fill(&c, 100, 0), CACHE_MISS);
    CHECK_EQ_INT(rd_fill(&c, 200, 1), CACHE_MISS);
    CHECK_EQ_INT(rd_fill(&c, 300, 1), CACHE_MISS); /* A (W0's) evicted */
    CHECK_EQ_INT(rd_fill(&c, 100, 2), CACHE_MISS); /* B (W1's) evicted; W2 never had A */
    CHECK_EQ_INT(rd_fill(&c, 200, 1), CACHE_MISS); /* C (W1's) evicted; W1's own B back */
    CHECK_EQ_U64(counter(&ws, "ccws.diag.evict_loadable"), 3);
    CHECK_EQ_U64(counter(&ws, "ccws.diag.evict_held"), 0);
    CHECK_EQ_U64(counter(&ws, "ccws.diag.remiss_evicted_loadable"), 1);
    CHECK_EQ_U64(counter(&ws, "ccws.diag.misses_unthrottled"), 5);
    CHECK_EQ_U64(counter(&ws, "ccws.diag.grants"), 4);
    cache_free(&c);
    warp_sched_free(&ws);
    struct warp_sched_env env = { 0, 4, 1, 1, NULL };
    char err[200];
    CHECK(warp_sched_init(&ws, "ccws", &env, err, sizeof err) == 0);
    CHECK_EQ_U64(ws.ops->n_counters(&ws), 42);
    warp_sched_free(&ws);
    CHECK(warp_sched_init(&ws, "ccws:diag=2", &env, err, sizeof err) < 0);
    CHECK_STR_CONTAINS(err, "diag=2");
    CHECK(warp_sched_init(&ws, "swl:3:diag", &env, err, sizeof err) == 0);
    CHECK_EQ_U64(ws.ops->n_counters(&ws), LD_N);
    warp_sched_free(&ws);
    CHECK(warp_sched_init(&ws, "swl:3:sched:diag", &env, err, sizeof err) == 0);
    warp_sched_free(&ws);
    CHECK(warp_sched_init(&ws, "swl:3", &env, err, sizeof err) == 0);
    CHECK_EQ_U64(ws.ops->n_counters(&ws), 0);
    warp_sched_free(&ws);
    CHECK(warp_sched_init(&ws, "swl:3:diagx", &env, err, sizeof err) < 0);
    CHECK(warp_sched_init(&ws, "swl::diag", &env, err, sizeof err) < 0);
}

int main(void)
{
    RUN(merges_probe_the_vta_unless_probe_miss);
    RUN(vta_hit_from_l1_evictions);
    RUN(only_l1_loads_are_throttled);
    RUN(llds_samples_to_csv);
    RUN(bad_arguments);
    RUN(runs_k0_equals_gto_and_ccws_throttles);
    RUN(diag_hooks_on_a_cache);
    RUN(diag_observes_only);
    return check_summary();
}
