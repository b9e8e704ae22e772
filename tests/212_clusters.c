/* Thread-block clusters (tests/ptx/cluster_sm90.cu, nvcc's sm_90 PTX):
 * distributed shared memory through cooperative_groups' map_shared_rank
 * (mapa) with cluster.sync (barrier.cluster.arrive/wait), the cluster
 * special registers with cluster dimensions from the kernel
 * (__cluster_dims__) and from the launch (ccgpu_launch_cluster), and
 * atomics on another CTA's shared memory; each against the CPU, in
 * functional and in timing mode, with each cluster on one SM and spread
 * over the SMs of a GPC (ccgpu_cluster_spread: the SM-to-SM latency shows
 * in the cycles, remote accesses and releases are counted, and the CTAs of
 * a cluster are on different SMs). Also: launches whose grid is no multiple
 * of the cluster, or whose cluster does not fit on an SM or in a GPC, are
 * refused with a message. */
#include "ccgpu.h"
#include "check.h"
#include "gpu_setup.h"
#include "util/embedded.h"
#include <stdlib.h>

static const char *ptx_file = "tests/ptx/cluster_sm90.ptx";

static ccgpu *make_gpu(int timing, const char *extra, ccgpu_module **mod)
{
    ccgpu_config *cfg = ccgpu_config_new();
    if (timing)
        ccgpu_config_load(cfg, "configs/ccws.cfg");
    ccgpu_config_set(cfg, "ccgpu_mode", timing ? "timing" : "functional");
    ccgpu_config_load_string(cfg, "gpgpu_n_clusters 3\ngpgpu_n_cores_per_cluster 1\n", "t");
    if (extra)
        ccgpu_config_load_string(cfg, extra, "extra");
    return test_gpu_with_ptx(cfg, ptx_file, mod);
}

static ccgpu_devptr zeros(ccgpu *g, size_t n)
{
    ccgpu_devptr d = 0;
    ccgpu_malloc(g, &d, n);
    ccgpu_memset(g, d, 0, n);
    return d;
}

static int check_ring(ccgpu *g, ccgpu_module *m)
{
    enum { B = 8 };
    int out[B * 64];
    ccgpu_devptr d = zeros(g, sizeof out);
    void *args[] = { &d };
    struct ccgpu_dim3 grid = { B, 1, 1 }, block = { 64, 1, 1 };
    if (ccgpu_launch(g, m, "dsmem_ring", grid, block, 0, args, 1)) {
        printf("dsmem_ring: %s\n", ccgpu_error(g));
        return 0;
    }
    ccgpu_memcpy_dtoh(g, out, d, sizeof out);
    for (int b = 0; b < B; b++)
        for (int t = 0; t < 64; t++) {
            int peer = b / 2 * 2 + (b % 2 + 1) % 2, want = peer * 1000 + 63 - t;
            if (out[b * 64 + t] != want) {
                printf("dsmem_ring block %d thread %d: %d, want %d\n", b, t, out[b * 64 + t], want);
                return 0;
            }
        }
    return 1;
}

static int check_ids(ccgpu *g, ccgpu_module *m)
{
    enum { GX = 4, GY = 4, T = 32 };
    static unsigned out[GX * GY * T * 3];
    ccgpu_devptr d = zeros(g, sizeof out);
    void *args[] = { &d };
    struct ccgpu_dim3 grid = { GX, GY, 1 }, block = { T, 1, 1 }, cl = { 2, 2, 1 };
    if (ccgpu_launch_cluster(g, m, "cluster_ids", grid, block, cl, 0, args, 1)) {
        printf("cluster_ids: %s\n", ccgpu_error(g));
        return 0;
    }
    ccgpu_memcpy_dtoh(g, out, d, sizeof out);
    for (int by = 0; by < GY; by++)
        for (int bx = 0; bx < GX; bx++) {
            unsigned t = (unsigned)((by * GX + bx) * T);
            unsigned rank = (unsigned)(bx % 2 + by % 2 * 2), idx = (unsigned)(bx % 2 + 10 * (by % 2));
            if (out[3 * t] != rank || out[3 * t + 1] != 4 || out[3 * t + 2] != idx) {
                printf("cluster_ids block (%d,%d): %u %u %u, want %u 4 %u\n", bx, by, out[3 * t],
                       out[3 * t + 1], out[3 * t + 2], rank, idx);
                return 0;
            }
        }
    return 1;
}

static int check_atomics(ccgpu *g, ccgpu_module *m)
{
    enum { B = 8 };
    int out[B / 4 * 32];
    ccgpu_devptr d = zeros(g, sizeof out);
    void *args[] = { &d };
    struct ccgpu_dim3 grid = { B, 1, 1 }, block = { 64, 1, 1 };
    if (ccgpu_launch(g, m, "dsmem_atomics", grid, block, 0, args, 1)) {
        printf("dsmem_atomics: %s\n", ccgpu_error(g));
        return 0;
    }
    ccgpu_memcpy_dtoh(g, out, d, sizeof out);
    for (int i = 0; i < B / 4 * 32; i++) /* 2 threads per counter from each of ranks 1..4 */
        if (out[i] != 2 * (1 + 2 + 3 + 4)) {
            printf("dsmem_atomics counter %d: %d, want 20\n", i, out[i]);
            return 0;
        }
    return 1;
}

static int run_checks(ccgpu *g, ccgpu_module *m)
{
    return check_ring(g, m) && check_ids(g, m) && check_atomics(g, m);
}

static void run_all(int timing, const char *extra)
{
    ccgpu_module *m;
    ccgpu *g = make_gpu(timing, extra, &m);
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK(run_checks(g, m));
    /* refusals: a grid that is no multiple of the cluster, a cluster
     * against the kernel's own dimensions */
    ccgpu_devptr d = zeros(g, 4096);
    void *args[] = { &d };
    struct ccgpu_dim3 grid = { 3, 1, 1 }, block = { 64, 1, 1 }, cl = { 3, 1, 1 };
    CHECK(ccgpu_launch(g, m, "dsmem_ring", grid, block, 0, args, 1) != 0);
    CHECK_STR_CONTAINS(ccgpu_error(g), "is not a multiple of the cluster");
    CHECK(ccgpu_launch_cluster(g, m, "dsmem_ring", grid, block, cl, 0, args, 1) != 0);
    CHECK_STR_CONTAINS(ccgpu_error(g), "differs from the kernel's .reqnctapercluster");
    ccgpu_destroy(g);
}

/* %is_explicit_cluster and the cluster registers of a kernel without
 * cluster directives, launched without clusters (one-CTA clusters) and
 * with 2x1x1 ones */
static const char *sreg_ptx =
    ".version 8.0\n.target sm_90\n.address_size 64\n"
    ".visible .entry k(.param .u64 p)\n{\n.reg .pred %p<2>;\n.reg .b32 %r<8>;\n"
    ".reg .b64 %rd<4>;\nld.param.u64 %rd1, [p];\ncvta.to.global.u64 %rd1, %rd1;\n"
    "mov.pred %p1, %is_explicit_cluster;\nselp.u32 %r1, 1, 0, %p1;\n"
    "mov.u32 %r2, %clusterid.x;\nmov.u32 %r3, %cluster_nctaid.x;\n"
    "mov.u32 %r4, %cluster_ctarank;\nmov.u32 %r5, %ctaid.x;\nmul.wide.u32 %rd2, %r5, 16;\n"
    "add.s64 %rd2, %rd1, %rd2;\nst.global.v4.u32 [%rd2], {%r1, %r2, %r3, %r4};\nret;\n}\n";

TEST(cluster_registers)
{
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256];
    ccgpu_config_set(cfg, "ccgpu_mode", "functional");
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    ccgpu_module *m = g ? ccgpu_module_load_string(g, sreg_ptx, "sreg.ptx") : NULL;
    CHECK(m != NULL);
    if (!m) {
        printf("%s\n", g ? ccgpu_error(g) : err);
        ccgpu_destroy(g);
        return;
    }
    uint32_t out[4 * 4];
    ccgpu_devptr d = zeros(g, sizeof out);
    void *args[] = { &d };
    struct ccgpu_dim3 grid = { 4, 1, 1 }, one = { 1, 1, 1 }, cl = { 2, 1, 1 };
    CHECK(ccgpu_launch(g, m, "k", grid, one, 0, args, 1) == 0);
    ccgpu_memcpy_dtoh(g, out, d, sizeof out);
    for (uint32_t b = 0; b < 4; b++) { /* not explicit; cluster b of 1 CTA, rank 0 */
        CHECK_EQ_U64(out[4 * b], 0);
        CHECK_EQ_U64(out[4 * b + 1], b);
        CHECK_EQ_U64(out[4 * b + 2], 1);
        CHECK_EQ_U64(out[4 * b + 3], 0);
    }
    CHECK(ccgpu_launch_cluster(g, m, "k", grid, one, cl, 0, args, 1) == 0);
    ccgpu_memcpy_dtoh(g, out, d, sizeof out);
    for (uint32_t b = 0; b < 4; b++) {
        CHECK_EQ_U64(out[4 * b], 1);
        CHECK_EQ_U64(out[4 * b + 1], b / 2);
        CHECK_EQ_U64(out[4 * b + 2], 2);
        CHECK_EQ_U64(out[4 * b + 3], b % 2);
    }
    ccgpu_destroy(g);
}

TEST(clusters_functional) { run_all(0, NULL); }
TEST(clusters_timing) { run_all(1, NULL); }

/* The SM-to-SM settings of the spread runs below. */
#define SPREAD "ccgpu_cluster_spread 1\nccgpu_gpcs 1\n"

TEST(clusters_spread) { run_all(1, SPREAD "ccgpu_dsmem_latency 40\n"); }

/* the same through the lookahead mode's loop, on two threads */
TEST(clusters_spread_lookahead)
{
    run_all(1, SPREAD "ccgpu_dsmem_latency 40\nccgpu_sim_lookahead 2\nccgpu_sim_threads 2\n");
}

/* configs/hopper.cfg spreads clusters over its 8 GPCs of 16-17 SMs */
TEST(clusters_hopper)
{
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu_config_load(cfg, "configs/hopper.cfg");
    ccgpu_config_set(cfg, "ccgpu_mode", "timing");
    ccgpu_module *m;
    ccgpu *g = test_gpu_with_ptx(cfg, ptx_file, &m);
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK(run_checks(g, m));
    double v = -1;
    CHECK(ccgpu_stat(g, "ldst.smem_remote", -1, &v) == 0 && v > 0);
    ccgpu_destroy(g);
}

static double stat_of(ccgpu *g, const char *name)
{
    double v = -1;
    CHECK_EQ_INT(ccgpu_stat(g, name, -1, &v), 0);
    return v;
}

/* dsmem_ring (clusters of 2) with one CTA per SM: refused on one SM, run
 * spread over the GPU's one GPC; the cycles grow with the SM-to-SM latency
 * by about the remote accesses' and releases' share of the critical path. */
TEST(clusters_spread_placement)
{
    double cycles[2], remote[2], releases[2];
    const uint32_t lat[2] = { 1, 200 };
    for (int i = 0; i < 2; i++) {
        char extra[160];
        snprintf(extra, sizeof extra, SPREAD "gpgpu_shader_cta 1\nccgpu_dsmem_latency %u\n", lat[i]);
        ccgpu_module *m;
        ccgpu *g = make_gpu(1, extra, &m);
        CHECK(g != NULL);
        if (!g)
            return;
        CHECK(check_ring(g, m));
        cycles[i] = stat_of(g, "cycles");
        remote[i] = stat_of(g, "ldst.smem_remote");
        releases[i] = stat_of(g, "cluster.remote_releases");
        /* clusters of 4 need 4 SMs of 1 CTA: the GPC has 3 */
        ccgpu_devptr d = zeros(g, 4096);
        void *args[] = { &d };
        struct ccgpu_dim3 grid = { 8, 1, 1 }, block = { 64, 1, 1 };
        CHECK(ccgpu_launch(g, m, "dsmem_atomics", grid, block, 0, args, 1) != 0);
        CHECK_STR_CONTAINS(ccgpu_error(g), "does not fit in a GPC");
        ccgpu_destroy(g);
    }
    /* every ring read is of the other CTA, on the other SM (a warp's
     * access: 4 clusters x 2 CTAs x 2 warps) */
    CHECK_EQ_U64((uint64_t)remote[0], 16);
    CHECK_EQ_U64((uint64_t)remote[1], 16);
    /* (which SM completes a phase, and so how many warps it releases on
     * the other, depends on the timing) */
    CHECK(releases[0] > 0 && releases[1] > 0);
    CHECK(cycles[1] >= cycles[0] + 199);
    /* with room for many CTAs per SM a cluster still goes one CTA per SM:
     * every ring read is remote */
    ccgpu_module *m;
    ccgpu *g = make_gpu(1, SPREAD "ccgpu_dsmem_latency 1\n", &m);
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK(check_ring(g, m));
    CHECK_EQ_U64((uint64_t)stat_of(g, "ldst.smem_remote"), 16);
    ccgpu_destroy(g);
    /* on one SM the same launch is refused */
    g = make_gpu(1, "gpgpu_shader_cta 1\n", &m);
    CHECK(g != NULL);
    if (!g)
        return;
    ccgpu_devptr d = zeros(g, 8 * 64 * 4);
    void *args[] = { &d };
    struct ccgpu_dim3 grid = { 8, 1, 1 }, block = { 64, 1, 1 };
    CHECK(ccgpu_launch(g, m, "dsmem_ring", grid, block, 0, args, 1) != 0);
    CHECK_STR_CONTAINS(ccgpu_error(g), "does not fit on one SM");
    ccgpu_destroy(g);
}

/* The CTA policies choose clusters: each CTA (one warp) of a 2x1x1-cluster
 * launch of 12 CTAs on 3 SMs records its SM, its cluster and the cycles it
 * started and ended at. */
static const char *where_ptx =
    ".version 8.0\n.target sm_90\n.address_size 64\n"
    ".visible .entry where(.param .u64 p)\n{\n.reg .pred %p<2>;\n.reg .b32 %r<8>;\n"
    ".reg .b64 %rd<8>;\nld.param.u64 %rd1, [p];\ncvta.to.global.u64 %rd1, %rd1;\n"
    "mov.u64 %rd5, %clock64;\nmov.u32 %r1, %smid;\nmov.u32 %r2, %clusterid.x;\n"
    "mov.u32 %r3, %ctaid.x;\nmov.u32 %r4, 0;\n$L:\nadd.u32 %r4, %r4, 1;\n"
    "setp.lt.u32 %p1, %r4, 200;\n@%p1 bra $L;\nmov.u64 %rd6, %clock64;\n"
    "mul.wide.u32 %rd2, %r3, 24;\nadd.s64 %rd2, %rd1, %rd2;\n"
    "st.global.v2.u32 [%rd2], {%r1, %r2};\nst.global.u64 [%rd2+8], %rd5;\n"
    "st.global.u64 [%rd2+16], %rd6;\nret;\n}\n";

struct where {
    uint32_t sm, cluster;
    uint64_t start, end;
};

enum { WN = 12 };

/* 0 and the records in w, or -1 with the error in err */
static int run_where(const char *extra, struct where *w, char *err, size_t errlen)
{
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu_config_load(cfg, "configs/ccws.cfg");
    ccgpu_config_set(cfg, "ccgpu_mode", "timing");
    ccgpu_config_load_string(cfg, "gpgpu_n_clusters 3\ngpgpu_n_cores_per_cluster 1\n", "t");
    ccgpu_config_load_string(cfg, extra, "extra");
    ccgpu *g = ccgpu_create(cfg, err, errlen);
    ccgpu_config_free(cfg);
    ccgpu_module *m = g ? ccgpu_module_load_string(g, where_ptx, "where.ptx") : NULL;
    int rc = -1;
    if (m) {
        ccgpu_devptr d = zeros(g, WN * sizeof *w);
        void *args[] = { &d };
        struct ccgpu_dim3 grid = { WN, 1, 1 }, block = { 32, 1, 1 }, cl = { 2, 1, 1 };
        rc = ccgpu_launch_cluster(g, m, "where", grid, block, cl, 0, args, 1);
        if (rc == 0)
            ccgpu_memcpy_dtoh(g, w, d, WN * sizeof *w);
    }
    if (rc && g)
        snprintf(err, errlen, "%s", ccgpu_error(g));
    ccgpu_destroy(g);
    return rc ? -1 : 0;
}

/* clusters whose CTAs overlap in time on one SM */
static int overlaps(const struct where *w)
{
    int n = 0;
    for (int a = 0; a < WN; a++)
        for (int b = 0; b < WN; b++)
            n += w[a].sm == w[b].sm && w[a].cluster < w[b].cluster && w[a].start < w[b].end &&
                 w[b].start < w[a].end;
    return n;
}

TEST(cluster_cta_policies)
{
    struct where w[WN];
    char err[512];
    /* rr: clusters in order, several on an SM at once; each cluster on one SM */
    CHECK_EQ_INT(run_where("", w, err, sizeof err), 0);
    for (int c = 0; c < WN; c++) {
        CHECK_EQ_U64(w[c].cluster, (uint64_t)c / 2);
        CHECK_EQ_U64(w[c].sm, w[c / 2 * 2].sm);
    }
    CHECK(overlaps(w) > 0);
    /* limit:1 counts clusters: one at a time on each SM */
    CHECK_EQ_INT(run_where("ccgpu_cta_sched limit:1\n", w, err, sizeof err), 0);
    CHECK_EQ_INT(overlaps(w), 0);
    for (int c = 0; c < WN; c++)
        CHECK_EQ_U64(w[c].sm, w[c / 2 * 2].sm);
    /* strict-rr: cluster i on SM i mod 3; cluster (ASPLOS): 6 clusters in 3
     * consecutive chunks, chunk i on SM i */
    CHECK_EQ_INT(run_where("ccgpu_cta_sched strict-rr\n", w, err, sizeof err), 0);
    for (int c = 0; c < WN; c++)
        CHECK_EQ_U64(w[c].sm, (uint64_t)(c / 2) % 3);
    CHECK_EQ_INT(run_where("ccgpu_cta_sched cluster\n", w, err, sizeof err), 0);
    for (int c = 0; c < WN; c++)
        CHECK_EQ_U64(w[c].sm, (uint64_t)(c / 2) / 2);
    /* spread over the GPC with one CTA per SM at most and limit:1 per home:
     * the run completes (clusters finishing away from their home SM let
     * the home take the next) with each cluster's two CTAs on two SMs */
    CHECK_EQ_INT(run_where(SPREAD "gpgpu_shader_cta 1\nccgpu_cta_sched limit:1\n", w, err,
                           sizeof err),
                 0);
    for (int c = 0; c < WN; c += 2)
        CHECK(w[c].sm != w[c + 1].sm && w[c].cluster == w[c + 1].cluster);
    /* awss needs per-CTA working sets: refused with the reason */
    CHECK(run_where("ccgpu_cta_sched awss:iwfd\n", w, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "thread-block clusters");
}

int main(void)
{
    RUN(clusters_functional);
    RUN(clusters_timing);
    RUN(clusters_spread);
    RUN(clusters_spread_lookahead);
    RUN(clusters_hopper);
    RUN(clusters_spread_placement);
    RUN(cluster_registers);
    RUN(cluster_cta_policies);
    return check_summary();
}
