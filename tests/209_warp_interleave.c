/* The functional runner interleaves the warps of a CTA (src/gpu/funcrun.h):
 * round-robin, ccgpu_functional_warp_run instructions at a time. Kernels
 * whose results depend on that order (tests/ptx/209_interleave.cu): a racy
 * mvt of PolyBench-ACC's shape, whose warps in step give exactly the CPU's
 * answer, and a ticket counter that shows the order itself. Under the
 * run-ahead order (one warp's whole batch of 4096 instructions before the
 * next: ccgpu_functional_warp_run=4096) both come out differently. */
#include "ccgpu.h"
#include "check.h"
#include "util/embedded.h"
#include <stdlib.h>

static const char *ptx_file = "tests/ptx/209_interleave.ptx";

/* A functional GPU with `overrides` (config text, may be NULL) and the
 * kernels loaded; NULL on failure (printed). */
static ccgpu *make_gpu(const char *overrides, ccgpu_module **mod)
{
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu_config_set(cfg, "ccgpu_mode", "functional");
    if (overrides)
        ccgpu_config_load_string(cfg, overrides, "test");
    char err[256];
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    if (!g) {
        printf("ccgpu_create: %s\n", err);
        return NULL;
    }
    const char *text = embedded_find(ptx_file);
    *mod = text ? ccgpu_module_load_string(g, text, ptx_file) : NULL;
    if (!*mod) {
        printf("load: %s\n", ccgpu_error(g));
        ccgpu_destroy(g);
        return NULL;
    }
    return g;
}

enum { MVT_N = 96 }; /* three CTAs of 32 x 8 threads */

/* Runs racy_mvt with x[i] starting at i; *exact is how many x[i] end equal
 * to the CPU's answer, i + sum_j a[i][j] y[j]. Returns -1 if the launch
 * failed, else how many x[i] end above it. */
static int run_racy_mvt(const char *overrides, int *exact)
{
    ccgpu_module *mod;
    ccgpu *g = make_gpu(overrides, &mod);
    if (!g)
        return -1;
    enum { N = MVT_N };
    static int a[N * N];
    int x[N], y[N];
    long long want[N];
    for (int i = 0; i < N; i++) {
        x[i] = i;
        y[i] = i % 5 + 1;
    }
    for (int i = 0; i < N; i++) {
        want[i] = x[i];
        for (int j = 0; j < N; j++) {
            a[i * N + j] = (i * j) % 7 + 1;
            want[i] += (long long)a[i * N + j] * y[j];
        }
    }
    ccgpu_devptr da = 0, dx = 0, dy = 0;
    int rc = -1;
    if (ccgpu_malloc(g, &da, sizeof a) || ccgpu_malloc(g, &dx, sizeof x) ||
        ccgpu_malloc(g, &dy, sizeof y) || ccgpu_memcpy_htod(g, da, a, sizeof a) ||
        ccgpu_memcpy_htod(g, dx, x, sizeof x) || ccgpu_memcpy_htod(g, dy, y, sizeof y))
        goto out;
    int n = N;
    void *args[] = { &da, &dx, &dy, &n };
    if (ccgpu_launch(g, mod, "racy_mvt", (struct ccgpu_dim3){ N / 32, 1, 1 },
                     (struct ccgpu_dim3){ 32, 8, 1 }, 0, args, 4) ||
        ccgpu_memcpy_dtoh(g, x, dx, sizeof x)) {
        printf("racy_mvt: %s\n", ccgpu_error(g));
        goto out;
    }
    rc = 0;
    *exact = 0;
    for (int i = 0; i < N; i++) {
        *exact += x[i] == want[i];
        rc += x[i] > want[i];
    }
out:
    ccgpu_destroy(g);
    return rc;
}

/* Runs tickets in one CTA of `warps` warps, `rounds` tickets each, into
 * order[warps * rounds]; 0 or -1. */
static int run_tickets(const char *overrides, uint32_t warps, int rounds, unsigned *order)
{
    ccgpu_module *mod;
    ccgpu *g = make_gpu(overrides, &mod);
    if (!g)
        return -1;
    size_t bytes = (size_t)warps * (size_t)rounds * sizeof *order;
    ccgpu_devptr dc = 0, dorder = 0;
    int rc = -1;
    if (ccgpu_malloc(g, &dc, 4) || ccgpu_malloc(g, &dorder, bytes) || ccgpu_memset(g, dc, 0, 4))
        goto out;
    void *args[] = { &dc, &dorder, &rounds };
    if (ccgpu_launch(g, mod, "tickets", (struct ccgpu_dim3){ 1, 1, 1 },
                     (struct ccgpu_dim3){ 32 * warps, 1, 1 }, 0, args, 3) ||
        ccgpu_memcpy_dtoh(g, order, dorder, bytes)) {
        printf("tickets: %s\n", ccgpu_error(g));
        goto out;
    }
    rc = 0;
out:
    ccgpu_destroy(g);
    return rc;
}

TEST(racy_mvt_in_step_gives_the_cpu_answer)
{
    /* the default and one instruction at a time: every warp reads x[i]
     * before any writes it back, every x[i] is the CPU's answer */
    static const char *const runs[] = { NULL, "ccgpu_functional_warp_run 1\n" };
    for (int r = 0; r < 2; r++) {
        int exact = -1;
        CHECK_EQ_INT(run_racy_mvt(runs[r], &exact), 0);
        CHECK_EQ_INT(exact, MVT_N);
    }
}

TEST(racy_mvt_run_ahead_adds_terms_again)
{
    /* one warp's batch before the next: its siblings read x[i] after it has
     * added its terms and add them again */
    int exact = -1;
    int above = run_racy_mvt("ccgpu_functional_warp_run 4096\n", &exact);
    CHECK_EQ_INT(above, MVT_N);
    CHECK_EQ_INT(exact, 0);
}

TEST(tickets_round_robin_per_instruction)
{
    /* warps that execute the same instructions one at a time in turn take
     * ticket r of warp w as r * warps + w; 8 warps, 40 tickets each */
    enum { W = 8, R = 40 };
    unsigned order[W * R];
    static const char *const runs[] = { NULL, "ccgpu_functional_warp_run 1\n" };
    for (int k = 0; k < 2; k++) {
        memset(order, 0xff, sizeof order);
        CHECK_EQ_INT(run_tickets(runs[k], W, R, order), 0);
        int bad = 0;
        for (unsigned w = 0; w < W; w++)
            for (unsigned r = 0; r < R; r++)
                bad += order[w * R + r] != r * W + w;
        CHECK_EQ_INT(bad, 0);
    }
}

TEST(tickets_runs_of_k_instructions)
{
    /* in runs of K instructions no warp is ever more than one run ahead of
     * another: warp w's r-th ticket comes after every other warp's
     * (r - K)-th and before its (r + K)-th (a run of K holds at most K
     * tickets) */
    enum { W = 6, R = 50 };
    static const uint32_t ks[] = { 2, 3, 8, 21 };
    unsigned order[W * R];
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
        char opt[64];
        snprintf(opt, sizeof opt, "ccgpu_functional_warp_run %u\n", ks[i]);
        CHECK_EQ_INT(run_tickets(opt, W, R, order), 0);
        int bad = 0, k = (int)ks[i];
        for (int w = 0; w < W; w++)
            for (int v = 0; v < W; v++)
                for (int r = 0; r < R; r++) {
                    if (r - k >= 0)
                        bad += order[w * R + r] < order[v * R + r - k];
                    if (r + k < R)
                        bad += order[w * R + r] > order[v * R + r + k];
                }
        CHECK_EQ_INT(bad, 0);
    }
}

TEST(tickets_run_ahead)
{
    /* the run-ahead order: warp w's loop (about 21 instructions per four
     * tickets) fits in one batch of 4096, so it takes w * rounds + r */
    enum { W = 4, R = 40 };
    unsigned order[W * R];
    CHECK_EQ_INT(run_tickets("ccgpu_functional_warp_run 4096\n", W, R, order), 0);
    int bad = 0;
    for (unsigned w = 0; w < W; w++)
        for (unsigned r = 0; r < R; r++)
            bad += order[w * R + r] != w * R + r;
    CHECK_EQ_INT(bad, 0);
}

TEST(warp_run_must_be_positive)
{
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu_config_set(cfg, "ccgpu_mode", "functional");
    ccgpu_config_set(cfg, "ccgpu_functional_warp_run", "0");
    char err[256] = "";
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    CHECK(g == NULL);
    CHECK_STR_CONTAINS(err, "ccgpu_functional_warp_run must be at least 1");
    ccgpu_destroy(g);
}

int main(void)
{
    RUN(racy_mvt_in_step_gives_the_cpu_answer);
    RUN(racy_mvt_run_ahead_adds_terms_again);
    RUN(tickets_round_robin_per_instruction);
    RUN(tickets_runs_of_k_instructions);
    RUN(tickets_run_ahead);
    RUN(warp_run_must_be_positive);
    return check_summary();
}
