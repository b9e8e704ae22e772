/* GPCs and a split L2 (src/timing/l2_split.h), on the CCWS memory system
 * (8 partitions) with 2 SMs in 2 GPCs and the L2 in 2 groups:
 *   - a dependent chain of L2 hits (chase_cg of tests/ptx/501_micro.cu, one
 *     load in flight, SM 0 near partitions 0-3) takes exactly the far
 *     latency longer per far load: the timed pass's cycles grow by
 *     ccgpu_l2_far_latency x its far loads (half of l2_split.far_replies:
 *     the warm-up pass loads the same addresses);
 *   - a narrow link between the groups (ccgpu_l2_far_bytes_per_cycle)
 *     makes a streaming kernel's far replies wait, and the statistics are
 *     the same with the event-driven shortcuts on and off (the replies of
 *     one cycle see the same wait whatever order the SMs take them in);
 *   - one group is the same as no split, and bad values are refused. */
#include "ccgpu.h"
#include "check.h"
#include "util/embedded.h"
#include <stdlib.h>

#define NODES 64
#define SPLIT "gpgpu_n_clusters 2\nccgpu_gpcs 2\nccgpu_l2_groups 2\n"

static ccgpu *make_gpu(const char *overrides, ccgpu_module **mod)
{
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256];
    if (!cfg || ccgpu_config_load(cfg, "configs/ccws.cfg") ||
        ccgpu_config_load_string(cfg, "ccgpu_mode timing\n", "test") ||
        ccgpu_config_load_string(cfg, overrides, "test")) {
        printf("  config: %s\n", cfg ? ccgpu_config_error(cfg) : "oom");
        ccgpu_config_free(cfg);
        return NULL;
    }
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    if (!g) {
        printf("  ccgpu_create: %s\n", err);
        return NULL;
    }
    const char *text = embedded_find("tests/ptx/501_micro.ptx");
    *mod = text ? ccgpu_module_load_string(g, text, "501_micro.ptx") : NULL;
    if (!*mod)
        printf("  load: %s\n", ccgpu_error(g));
    return g;
}

/* The timed pass of chase_cg over NODES lines 5 lines apart: its cycles,
 * and the run's far replies (-1 when the statistic is not there). */
static long long chase(const char *overrides, double *far)
{
    ccgpu_module *m;
    ccgpu *g = make_gpu(overrides, &m);
    if (!g || !m) {
        ccgpu_destroy(g);
        return -1;
    }
    const uint64_t stride = 5 * 128;
    ccgpu_devptr base, out;
    uint64_t *host = calloc(NODES, stride);
    long long res[2] = { -1, 0 };
    if (host && ccgpu_malloc(g, &base, NODES * stride) == 0) {
        for (int i = 0; i < NODES; i++)
            host[(size_t)i * stride / 8] = base + (uint64_t)((i + 1) % NODES) * stride;
        int n = NODES;
        void *args[] = { &base, &n, &out };
        struct ccgpu_dim3 one = { 1, 1, 1 };
        if (ccgpu_memcpy_htod(g, base, host, NODES * stride) ||
            ccgpu_malloc(g, &out, sizeof res) ||
            ccgpu_launch(g, m, "chase_cg", one, one, 0, args, 3) ||
            ccgpu_memcpy_dtoh(g, res, out, sizeof res))
            printf("  chase_cg: %s\n", ccgpu_error(g));
    }
    *far = -1;
    ccgpu_stat(g, "l2_split.far_replies", -1, far);
    free(host);
    ccgpu_destroy(g);
    return res[0];
}

TEST(far_latency_per_far_load)
{
    double far0, far1;
    long long c0 = chase(SPLIT "ccgpu_l2_far_latency 0\n", &far0);
    long long c1 = chase(SPLIT "ccgpu_l2_far_latency 100\n", &far1);
    printf("  chase of %d L2 hits: %lld cycles near-only timing, %lld with 100 far cycles; "
           "%.0f far replies over both passes\n", NODES, c0, c1, far1);
    CHECK(c0 > 0 && c1 > 0);
    CHECK(far1 > 0 && far1 < 2 * NODES && far0 == far1);
    CHECK_EQ_INT(c1 - c0, 100 * (long long)(far1 / 2));
}

static char *stream_json(const char *overrides, double *cycles, double *far, double *delay)
{
    ccgpu_module *m;
    ccgpu *g = make_gpu(overrides, &m);
    char *json = NULL;
    size_t len = 0;
    *cycles = *far = *delay = -1;
    if (!g || !m) {
        ccgpu_destroy(g);
        return NULL;
    }
    int n = 1 << 14; /* int4 elements: 256 KiB */
    ccgpu_devptr a, out;
    int blocks = 8, threads = 256;
    void *args[] = { &a, &n, &out };
    struct ccgpu_dim3 grid = { (uint32_t)blocks, 1, 1 }, block = { (uint32_t)threads, 1, 1 };
    if (ccgpu_malloc(g, &a, (size_t)n * 16) || ccgpu_malloc(g, &out, (size_t)blocks * threads * 4) ||
        ccgpu_memset(g, a, 1, (size_t)n * 16) ||
        ccgpu_launch(g, m, "stream_read", grid, block, 0, args, 3)) {
        printf("  stream_read: %s\n", ccgpu_error(g));
    } else {
        ccgpu_stat(g, "cycles", 0, cycles);
        ccgpu_stat(g, "l2_split.far_replies", 0, far);
        ccgpu_stat(g, "l2_split.far_delay_sum", 0, delay);
        FILE *f = open_memstream(&json, &len);
        if (f) {
            ccgpu_stats_write_json(g, f);
            fclose(f);
        }
    }
    ccgpu_destroy(g);
    return json;
}

TEST(narrow_link_and_fast_paths)
{
    double c_wide, f_wide, d_wide, c_narrow, f_narrow, d_narrow, c_slow, f_slow, d_slow;
    char *wide = stream_json(SPLIT "ccgpu_l2_far_latency 50\n", &c_wide, &f_wide, &d_wide);
    char *narrow = stream_json(SPLIT "ccgpu_l2_far_latency 50\nccgpu_l2_far_bytes_per_cycle 4\n",
                               &c_narrow, &f_narrow, &d_narrow);
    char *slow = stream_json(SPLIT "ccgpu_l2_far_latency 50\nccgpu_l2_far_bytes_per_cycle 4\n"
                             "ccgpu_fast_paths 0\nccgpu_skip_idle 0\n",
                             &c_slow, &f_slow, &d_slow);
    printf("  stream: %.0f cycles with an unlimited link (%.0f far replies, %.1f extra cycles "
           "each), %.0f with 4 B/cycle (%.1f each)\n", c_wide, f_wide, d_wide / f_wide, c_narrow,
           d_narrow / f_narrow);
    CHECK(f_wide > 0 && d_wide == 50 * f_wide);
    CHECK(d_narrow > 50 * f_narrow && c_narrow > c_wide);
    CHECK(wide && narrow && slow && !strcmp(narrow, slow));
    free(wide);
    free(narrow);
    free(slow);
}

TEST(one_group_is_no_split)
{
    double c0, f0, d0, c1, f1, d1;
    char *a = stream_json("gpgpu_n_clusters 2\n", &c0, &f0, &d0);
    char *b = stream_json("gpgpu_n_clusters 2\nccgpu_gpcs 2\nccgpu_l2_groups 1\n"
                          "ccgpu_l2_far_latency 50\n", &c1, &f1, &d1);
    CHECK(a && b && !strcmp(a, b));
    CHECK(f0 == -1 && f1 == -1); /* no such statistics */
    free(a);
    free(b);
}

static void refused(const char *overrides, const char *want)
{
    ccgpu_config *cfg = ccgpu_config_new();
    char err[512] = "";
    CHECK(cfg && ccgpu_config_load(cfg, "configs/ccws.cfg") == 0 &&
          ccgpu_config_load_string(cfg, "ccgpu_mode timing\n", "test") == 0 &&
          ccgpu_config_load_string(cfg, overrides, "test") == 0);
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    CHECK(!g);
    ccgpu_destroy(g);
    if (!strstr(err, want))
        printf("  got '%s', wanted '%s'\n", err, want);
    CHECK(strstr(err, want) != NULL);
}

TEST(bad_values_refused)
{
    refused("gpgpu_n_clusters 2\nccgpu_gpcs 70000\n", "ccgpu_gpcs");
    refused("gpgpu_n_clusters 2\nccgpu_gpcs 2\nccgpu_l2_groups 0\n", "ccgpu_l2_groups");
    refused("gpgpu_n_clusters 2\nccgpu_gpcs 1\nccgpu_l2_groups 2\n", "ccgpu_l2_groups");
    refused("gpgpu_n_clusters 2\nccgpu_gpcs 2\nccgpu_l2_groups 9\n", "ccgpu_l2_groups");
    refused(SPLIT "gpgpu_perfect_mem 1\n", "ccgpu_l2_groups");
}

int main(void)
{
    RUN(far_latency_per_far_load);
    RUN(narrow_link_and_fast_paths);
    RUN(one_group_is_no_split);
    RUN(bad_values_refused);
    return check_summary();
}
