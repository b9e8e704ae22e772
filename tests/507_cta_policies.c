/* CTA dispatch policies in the timing model (src/policy/cta_*.c; kernel:
 * tests/ptx/503_dispatch.cu records each warp's SM and its start and end
 * clocks). 48 CTAs of 128 threads on 4 SMs of configs/ccws.cfg: 8 CTAs fit
 * on an SM (1024 threads, 8 CTA slots), so rr runs 32 at once. For every
 * policy: every CTA runs exactly once (the dispatcher refuses a second
 * dispatch, each CTA's record is written once), the run is the same with
 * idle-cycle skipping on and off, and the same twice. */
#include "ccgpu.h"
#include "check.h"
#include "util/embedded.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NCTA 48
#define THREADS 128
#define WPC (THREADS / 32)
#define NSM 4

struct rec {
    unsigned sm, warpid, t0, t1, x;
};

struct result {
    struct rec r[NCTA * WPC];
    double cycles, syncs, drain;
};

/* per-CTA line sets for ccgpu_set_cta_linesets, set by the union test */
static struct {
    const uint32_t *off, *lines;
    uint32_t nlines;
} sets;

/* ws: per-CTA working sets for ccgpu_set_cta_worksets, or NULL */
static int run(const char *policy, const char *extra, const uint64_t *ws, int skip,
               struct result *res, char *err, size_t n)
{
    char text[1024];
    snprintf(text, sizeof text, "gpgpu_n_clusters %d\nccgpu_mode timing\nccgpu_skip_idle %d\n"
             "ccgpu_cta_sched %s\n%s", NSM, skip, policy, extra ? extra : "");
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu_config_load(cfg, "configs/ccws.cfg");
    if (ccgpu_config_load_string(cfg, text, "test")) {
        snprintf(err, n, "%s", ccgpu_config_error(cfg));
        ccgpu_config_free(cfg);
        return -1;
    }
    ccgpu *g = ccgpu_create(cfg, err, n);
    ccgpu_config_free(cfg);
    if (!g)
        return -1;
    if (ws)
        CHECK(ccgpu_set_cta_worksets(g, 0, ws, NCTA) == 0);
    if (sets.off)
        CHECK(ccgpu_set_cta_linesets(g, 0, NCTA, sets.off, sets.lines, sets.nlines) == 0);
    ccgpu_module *m = ccgpu_module_load_string(g, embedded_find("tests/ptx/503_dispatch.ptx"),
                                               "503_dispatch.ptx");
    ccgpu_devptr out;
    int work = 200;
    void *args[] = { &out, &work };
    struct ccgpu_dim3 grid = { NCTA, 1, 1 }, block = { THREADS, 1, 1 };
    int rc = -1;
    memset(res, 0xff, sizeof *res);
    if (m && ccgpu_malloc(g, &out, sizeof res->r) == 0 &&
        ccgpu_memset(g, out, 0xff, sizeof res->r) == 0 &&
        ccgpu_launch(g, m, "whoami", grid, block, THREADS * 4, args, 2) == 0 &&
        ccgpu_memcpy_dtoh(g, res->r, out, sizeof res->r) == 0 &&
        ccgpu_stat(g, "cycles", -1, &res->cycles) == 0 &&
        ccgpu_stat(g, "cta.syncs", -1, &res->syncs) == 0 &&
        ccgpu_stat(g, "cta.drain_cycles", -1, &res->drain) == 0)
        rc = 0;
    else
        snprintf(err, n, "%s", ccgpu_error(g));
    ccgpu_destroy(g);
    return rc;
}

static unsigned cta_sm(const struct result *r, int c) { return r->r[c * WPC].sm; }
static unsigned cta_t0(const struct result *r, int c)
{
    unsigned t = UINT32_MAX;
    for (int w = 0; w < WPC; w++)
        t = r->r[c * WPC + w].t0 < t ? r->r[c * WPC + w].t0 : t;
    return t;
}
static unsigned cta_t1(const struct result *r, int c)
{
    unsigned t = 0;
    for (int w = 0; w < WPC; w++)
        t = r->r[c * WPC + w].t1 > t ? r->r[c * WPC + w].t1 : t;
    return t;
}

/* the most CTAs running together, on one SM (per_sm) or on the GPU, from
 * the recorded clocks: a CTA counts from its first warp's first clock read,
 * which the warp scheduler may delay after the dispatch, so this is a lower
 * bound on residency that reaches it in the runs below where noted */
static int max_together(const struct result *r, int per_sm)
{
    int best = 0;
    for (int c = 0; c < NCTA; c++) {
        int k = 0;
        for (int d = 0; d < NCTA; d++)
            k += (!per_sm || cta_sm(r, d) == cta_sm(r, c)) && cta_t0(r, d) <= cta_t0(r, c) &&
                 cta_t0(r, c) <= cta_t1(r, d);
        best = k > best ? k : best;
    }
    return best;
}

/* Runs policy with skipping on and off and twice: all CTAs ran, once each
 * on one SM, identical runs. Fills *res from the first run. */
static int run_checked(const char *policy, const char *extra, const uint64_t *ws,
                       struct result *res)
{
    static struct result b, c, wk;
    char err[512], wake[512];
    if (run(policy, extra, ws, 1, res, err, sizeof err)) {
        printf("  %s: %s\n", policy, err);
        CHECK(0);
        return -1;
    }
    int ok = 1;
    for (int i = 0; i < NCTA * WPC; i++)
        ok &= res->r[i].sm < NSM && res->r[i].sm == res->r[i / WPC * WPC].sm;
    CHECK(ok);
    CHECK(run(policy, extra, ws, 0, &b, err, sizeof err) == 0);
    CHECK(run(policy, extra, ws, 1, &c, err, sizeof err) == 0);
    CHECK(memcmp(res, &b, sizeof b) == 0); /* skip on / off */
    CHECK(memcmp(res, &c, sizeof c) == 0); /* deterministic */
    /* the GPU loop by SM events (a 2-cycle wheel: most events beyond it),
     * dispatcher wake-ups included */
    snprintf(wake, sizeof wake, "%sccgpu_sm_wake 2\n", extra ? extra : "");
    CHECK(run(policy, wake, ws, 1, &wk, err, sizeof err) == 0);
    CHECK(memcmp(res, &wk, sizeof wk) == 0);
    printf("  %-40s %6.0f cycles, <= %d CTAs per SM, <= %d on the GPU\n", policy, res->cycles,
           max_together(res, 1), max_together(res, 0));
    return ok ? 0 : -1;
}

static struct result R;

TEST(rr_fills_every_sm)
{
    if (run_checked("rr", NULL, NULL, &R))
        return;
    CHECK_EQ_INT(max_together(&R, 1), 8);
    CHECK_EQ_INT(max_together(&R, 0), 32);
    CHECK(R.drain == 0 && R.syncs == 0);
    for (int c = 0; c < NSM; c++)
        CHECK_EQ_INT(cta_sm(&R, c), (unsigned)c);
}

TEST(limit)
{
    for (int n = 1; n <= 4; n++) {
        char p[32];
        snprintf(p, sizeof p, "limit:%d", n);
        if (run_checked(p, NULL, NULL, &R))
            return;
        CHECK_EQ_INT(max_together(&R, 1), n);
        CHECK_EQ_INT(max_together(&R, 0), n * NSM);
    }
    /* above what occupancy allows (8) it changes nothing */
    static struct result a;
    run_checked("rr", NULL, NULL, &a);
    run_checked("limit:100", NULL, NULL, &R);
    CHECK(a.cycles == R.cycles && memcmp(a.r, R.r, sizeof a.r) == 0);
}

TEST(strict_rr_binds_cta_u_to_sm_u_mod_n)
{
    /* with limit-like pressure: 2 CTAs per SM by CTA slots */
    if (run_checked("strict-rr", "gpgpu_shader_cta 2\n", NULL, &R))
        return;
    for (int c = 0; c < NCTA; c++)
        CHECK_EQ_INT(cta_sm(&R, c), (unsigned)c % NSM);
}

TEST(random_per_turnaround)
{
    static struct result a;
    if (run_checked("random:1", "gpgpu_shader_cta 2\n", NULL, &a) ||
        run_checked("random:2", "gpgpu_shader_cta 2\n", NULL, &R))
        return;
    int differs = 0, differs_rr = 0;
    for (int c = 0; c < NCTA; c++) {
        differs += cta_sm(&a, c) != cta_sm(&R, c);
        differs_rr += cta_sm(&a, c) != (unsigned)c % NSM;
    }
    CHECK(differs > 0 && differs_rr > 0);
    /* turnaround one is CTAs 0..7 (4 SMs x 2): they start together, before
     * any of the others */
    unsigned first_end = 0, later_start = UINT32_MAX;
    for (int c = 0; c < 8; c++)
        first_end = cta_t0(&a, c) > first_end ? cta_t0(&a, c) : first_end;
    for (int c = 8; c < NCTA; c++)
        later_start = cta_t0(&a, c) < later_start ? cta_t0(&a, c) : later_start;
    CHECK(first_end < later_start);
}

TEST(cluster_binds_cluster_i_to_sm_i)
{
    if (run_checked("cluster", NULL, NULL, &R))
        return;
    for (int c = 0; c < NCTA; c++) /* 48 CTAs, 4 clusters of 12 consecutive CTAs */
        CHECK_EQ_INT(cta_sm(&R, c), (unsigned)c / 12);
    if (run_checked("cluster:max=3", NULL, NULL, &R))
        return;
    for (int c = 0; c < NCTA; c++)
        CHECK_EQ_INT(cta_sm(&R, c), (unsigned)c / 12);
    CHECK_EQ_INT(max_together(&R, 1), 3);
    /* a 1-D grid has one row: x (column-major) indexing is the same order */
    static struct result a;
    run_checked("cluster:x,max=3", NULL, NULL, &a);
    CHECK(memcmp(a.r, R.r, sizeof a.r) == 0);
}

static char sched_path[64];

static void write_schedule(const char *body)
{
    snprintf(sched_path, sizeof sched_path, "/tmp/ccgpu_507_%d.sched", (int)getpid());
    FILE *f = fopen(sched_path, "w");
    CHECK(f != NULL);
    if (f) {
        fputs(body, f);
        fclose(f);
    }
}

/* 48 CTAs: 16 at TLP 8 (two steps, one phase), then 32 at TLP 4 in reverse
 * id order (eight steps, one phase): one synchronisation. */
static void write_two_phase(void)
{
    char body[2048];
    int n = snprintf(body, sizeof body, "ccgpu-awss-schedule 1\nctas 48\nsteps 10\n");
    for (int s = 0; s < 2; s++) {
        n += snprintf(body + n, sizeof body - n, "step 8 0 :");
        for (int c = 8 * s; c < 8 * s + 8; c++)
            n += snprintf(body + n, sizeof body - n, " %d", c);
        n += snprintf(body + n, sizeof body - n, "\n");
    }
    for (int s = 0; s < 8; s++) {
        n += snprintf(body + n, sizeof body - n, "step 4 0 :");
        for (int k = 0; k < 4; k++)
            n += snprintf(body + n, sizeof body - n, " %d", 47 - 4 * s - k);
        n += snprintf(body + n, sizeof body - n, "\n");
    }
    write_schedule(body);
}

TEST(schedule_file_phases_and_sync)
{
    write_two_phase();
    char pol[128];
    snprintf(pol, sizeof pol, "schedule:%s", sched_path);
    static struct result a;
    if (run_checked(pol, NULL, NULL, &a) ||
        run_checked(pol, "ccgpu_cta_sync_cycles 5000\n", NULL, &R))
        return;
    for (const struct result *x = &a; x; x = x == &a ? &R : NULL) {
        /* phase 1 (CTAs 0..15) at most 8 together; phase 2 at most 4 */
        unsigned end1 = 0, start2 = UINT32_MAX;
        for (int c = 0; c < 16; c++)
            end1 = cta_t1(x, c) > end1 ? cta_t1(x, c) : end1;
        for (int c = 16; c < NCTA; c++)
            start2 = cta_t0(x, c) < start2 ? cta_t0(x, c) : start2;
        CHECK(start2 > end1);
        if (x == &R)
            CHECK(start2 >= end1 + 5000);
        else
            CHECK(start2 < end1 + 5000);
        /* phase 2 in the file's order: CTA 47 first */
        for (int c = 16; c < NCTA; c++)
            CHECK(cta_t0(x, 47) <= cta_t0(x, c));
    }
    CHECK_EQ_INT(max_together(&a, 0), 8);
    CHECK(a.syncs == 1 && R.syncs == 1);
    /* the synchronisation costs at least its cycles */
    CHECK(R.cycles >= a.cycles + 5000);
    /* every: each step boundary synchronises (9 of them) */
    snprintf(pol, sizeof pol, "schedule:%s,every", sched_path);
    static struct result e;
    if (run_checked(pol, "ccgpu_cta_sync_cycles 1000\n", NULL, &e))
        return;
    CHECK(e.cycles >= a.cycles + 9000);
    CHECK(e.syncs == 9);
    /* launch=1: launch 0 runs as rr */
    snprintf(pol, sizeof pol, "schedule:%s,launch=1", sched_path);
    static struct result rr;
    run_checked("rr", NULL, NULL, &rr);
    run_checked(pol, NULL, NULL, &e);
    CHECK(memcmp(rr.r, e.r, sizeof rr.r) == 0);
    unlink(sched_path);
}

static void expect_error(const char *policy, const char *extra, const uint64_t *ws,
                         const char *needle)
{
    char err[512] = "";
    CHECK(run(policy, extra, ws, 1, &R, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, needle);
    if (!strstr(err, needle))
        printf("  got: %s\n", err);
}

TEST(schedule_errors)
{
    char pol[128];
    snprintf(pol, sizeof pol, "schedule:%s", "/nonexistent/x.sched");
    expect_error(pol, NULL, NULL, "/nonexistent/x.sched: cannot open schedule file");
    write_schedule("ccgpu-awss-schedule 1\nctas 3\nsteps 1\nstep 3 0 : 0 1 2\n");
    snprintf(pol, sizeof pol, "schedule:%s", sched_path);
    expect_error(pol, NULL, NULL, "schedule covers 3 CTAs, the launch has 48");
    write_schedule("ccgpu-awss-schedule 1\nctas 2\nsteps 1\nstep 2 0 : 1 1\n");
    expect_error(pol, NULL, NULL, "CTA id repeated");
    write_schedule("ccgpu-awss-schedule 1\nctas 2\nsteps 1\nstep 1 0 : 1\n");
    expect_error(pol, NULL, NULL, "1 steps with 1 CTAs, header says 1 and 2");
    /* 48 CTAs in one step: more than 4 SMs x 8 */
    char body[1024];
    int n = snprintf(body, sizeof body, "ccgpu-awss-schedule 1\nctas 48\nsteps 1\nstep 48 0 :");
    for (int c = 0; c < NCTA; c++)
        n += snprintf(body + n, sizeof body - n, " %d", c);
    snprintf(body + n, sizeof body - n, "\n");
    write_schedule(body);
    expect_error(pol, "gpgpu_shader_cta 8\n", NULL,
                 "step 0 runs 48 CTAs together, more than the 32");
    expect_error(pol, "gpgpu_shader_cta 2\n", NULL,
                 "step 0 runs 48 CTAs together, more than the 8 this launch's occupancy allows");
    snprintf(pol, sizeof pol, "schedule:%s,sometimes", sched_path);
    expect_error(pol, NULL, NULL, "unknown option 'sometimes'");
    unlink(sched_path);
    expect_error("limit:0", NULL, NULL, "limit:N needs N from 1");
    expect_error("cluster:z", NULL, NULL, "cluster: bad option 'z'");
    expect_error("random:x", NULL, NULL, "random:SEED needs");
    expect_error("awss:best", NULL, NULL, "unknown packer 'best'");
    expect_error("awss:lmf", NULL, NULL, "no measured working sets for this launch's 48 CTAs");
}

TEST(awss_follows_the_measured_working_sets)
{
    static uint64_t ws[NCTA];
    /* all 100 bytes, cap 1000: steps of 10 CTAs, one phase of TLP 10 */
    for (int c = 0; c < NCTA; c++)
        ws[c] = 100;
    if (run_checked("awss:lmf,cap=1000", NULL, ws, &R))
        return;
    CHECK_EQ_INT(max_together(&R, 0), 10);
    /* cap above the sum: TLP_max = 32 (4 SMs x 8) packs {32, 16}, cost 2 +
     * CPS 0.1 for the TLP change; k = 24 packs {24, 24}, cost 2: Algorithm 3
     * descends to it (k = 23 needs 3 steps) */
    if (run_checked("awss:lmf,cap=100000", NULL, ws, &R))
        return;
    CHECK_EQ_INT(max_together(&R, 0), 24);
    /* agnostic: TLP_max CTAs per step in id order, {32, 16} */
    if (run_checked("awss:agnostic", NULL, ws, &R))
        return;
    CHECK(max_together(&R, 0) <= 32);
    unsigned end1 = 0, start2 = UINT32_MAX; /* CTAs 0..31, a sync, 32..47 */
    for (int c = 0; c < 32; c++)
        end1 = cta_t1(&R, c) > end1 ? cta_t1(&R, c) : end1;
    for (int c = 32; c < NCTA; c++)
        start2 = cta_t0(&R, c) < start2 ? cta_t0(&R, c) : start2;
    CHECK(start2 > end1);
    /* CTAs 0..7 of 500 bytes, the rest 100, cap 1000: LMF packs the big ones
     * two a step (TLP 2) and the small ones ten a step (TLP 10); sorted by
     * decreasing TLP: the small ones first, a synchronisation, the big ones */
    for (int c = 0; c < 8; c++)
        ws[c] = 500;
    static struct result a;
    if (run_checked("awss:lmf,cap=1000", "ccgpu_cta_sync_cycles 3000\n", ws, &a))
        return;
    unsigned end_small = 0, start_big = UINT32_MAX;
    for (int c = 8; c < NCTA; c++)
        end_small = cta_t1(&a, c) > end_small ? cta_t1(&a, c) : end_small;
    for (int c = 0; c < 8; c++)
        start_big = cta_t0(&a, c) < start_big ? cta_t0(&a, c) : start_big;
    CHECK(start_big >= end_small + 3000);
    CHECK_EQ_INT(max_together(&a, 0), 10);
    /* relaxed (MXF): runs to completion, never above TLP 10 (a step's sum
     * without its designated CTA fits 1000, so at most 10 small ones) */
    if (run_checked("awss:mxf,cap=1000", NULL, ws, &R))
        return;
    CHECK(max_together(&R, 0) <= 10);
}

/* footprint=union: every CTA 10 lines of 10 bytes (working set 100 bytes),
 * cap 1000 bytes = 100 lines. Summed: 10 CTAs a step. CTAs 0-23 all touch
 * lines 0-9; CTAs 24-47 ten lines of their own. Union, LMF (all sizes equal,
 * so id order): with k CTAs a step, step 1 takes CTAs 0-23 (10 lines) and
 * then private CTAs up to k; the other private CTAs go 10 a step (100 lines).
 * k = 32: {32, 10, 6}, cost 3 + 2 x 0.1; descending, k = 28 gives
 * {28, 10, 10}, cost 3.1, and k = 27 needs four steps: TLP 28 (CTAs 0-27),
 * a synchronisation, then TLP 10 (CTAs 28-47): the phase boundary falls
 * exactly after CTA 27. */
TEST(awss_union_footprint)
{
    static uint64_t ws[NCTA];
    static uint32_t off[NCTA + 1], lines[NCTA * 10];
    for (int c = 0; c < NCTA; c++) {
        ws[c] = 100;
        off[c + 1] = off[c] + 10;
        for (int j = 0; j < 10; j++)
            lines[c * 10 + j] = c < 24 ? (uint32_t)j : (uint32_t)(10 + (c - 24) * 10 + j);
    }
    sets.off = off;
    sets.lines = lines;
    sets.nlines = 10 + 24 * 10;
    if (run_checked("awss:lmf,cap=1000", NULL, ws, &R) == 0)
        CHECK_EQ_INT(max_together(&R, 0), 10); /* the sum model ignores the sets */
    static struct result a;
    if (run_checked("awss:lmf,cap=1000,footprint=union", "ccgpu_cta_sync_cycles 3000\n", ws, &a)) {
        sets.off = NULL;
        return;
    }
    /* more than the summed model's 10 run together (the recorded clocks
     * bound residency from below: 7 a SM start too far apart to reach 28) */
    CHECK(max_together(&a, 0) > 10 && max_together(&a, 0) <= 28);
    CHECK_EQ_INT(a.syncs, 1);
    /* all 28 of phase 1 go out at the launch's fill (28 <= 32 slots), so the
     * drain is phase 1 itself: from cycle 0 to its last CTA's end */
    CHECK(a.drain > 0 && a.drain + 3000 < a.cycles);
    unsigned end1 = 0, start2 = UINT32_MAX;
    for (int c = 0; c < 28; c++)
        end1 = cta_t1(&a, c) > end1 ? cta_t1(&a, c) : end1;
    for (int c = 28; c < NCTA; c++)
        start2 = cta_t0(&a, c) < start2 ? cta_t0(&a, c) : start2;
    CHECK(start2 >= end1 + 3000);
    CHECK(a.drain >= end1 - 3000 && a.drain <= end1 + 3000);
    /* equal sizes: largest first is id order, so order=id packs the same */
    static struct result b;
    if (run_checked("awss:lmf,cap=1000,footprint=union,order=id", "ccgpu_cta_sync_cycles 3000\n",
                    ws, &b) == 0)
        CHECK(memcmp(&a, &b, sizeof a) == 0);
    /* sets that disagree with the working sets */
    ws[5] = 120;
    expect_error("awss:lmf,cap=1000,footprint=union", NULL, ws,
                 "CTA 5's line set (10 lines) disagrees with its working set (120 bytes)");
    sets.off = NULL;
    expect_error("awss:lmf,cap=1000,footprint=union", NULL, ws,
                 "footprint=union needs the measured line sets of this launch's 48 CTAs");
    expect_error("awss:mxf,footprint=union", NULL, ws,
                 "footprint=union is implemented for lmf without static only");
    expect_error("awss:lmf,footprint=both", NULL, ws, "bad option 'footprint=both'");
    expect_error("awss:lmf,order=id", NULL, ws, "order=id needs footprint=union");
}

int main(void)
{
    RUN(rr_fills_every_sm);
    RUN(limit);
    RUN(strict_rr_binds_cta_u_to_sm_u_mod_n);
    RUN(random_per_turnaround);
    RUN(cluster_binds_cluster_i_to_sm_i);
    RUN(schedule_file_phases_and_sync);
    RUN(schedule_errors);
    RUN(awss_follows_the_measured_working_sets);
    RUN(awss_union_footprint);
    return check_summary();
}
