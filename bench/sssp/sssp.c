/* SSSP driver: Bellman-Ford-style relaxation rounds on the GPU, distances
 * checked against Dijkstra on the CPU. */
#include "bench.h"
#include "common/driver.h"
#include "common/inputs.h"
#include <stdlib.h>
#include <string.h>

enum { BLOCK = 256, AVG_DEGREE = 6, MAX_WEIGHT = 100 };
#define INF 0x7fffffff
static const uint32_t log2_nodes[BENCH_SIZE_COUNT] = { 11, 16, 20 };

/* Dijkstra with a binary heap of (distance, node), lazy deletion. */
static int cpu_sssp(struct bench_ctx *ctx, const struct csr_graph *g, uint32_t source, int32_t *dist)
{
    size_t cap = (size_t)g->edges + 1;
    uint64_t *heap = drv_host_alloc(ctx, cap * sizeof *heap, "sssp heap");
    if (!heap)
        return -1;
    for (uint32_t u = 0; u < g->nodes; u++)
        dist[u] = INF;
    size_t n = 0;
    dist[source] = 0;
    heap[n++] = source;
    while (n) {
        uint64_t top = heap[0];
        heap[0] = heap[--n];
        for (size_t i = 0;;) { /* sift down */
            size_t l = 2 * i + 1, m = i;
            if (l < n && heap[l] < heap[m])
                m = l;
            if (l + 1 < n && heap[l + 1] < heap[m])
                m = l + 1;
            if (m == i)
                break;
            uint64_t t = heap[i];
            heap[i] = heap[m];
            heap[m] = t;
            i = m;
        }
        uint32_t u = (uint32_t)top, du = (uint32_t)(top >> 32);
        if ((int32_t)du != dist[u])
            continue;
        for (uint32_t e = g->row[u]; e < g->row[u + 1]; e++) {
            uint32_t v = g->col[e];
            int32_t nd = dist[u] + (int32_t)g->weight[e];
            if (nd < dist[v]) {
                dist[v] = nd;
                if (n == cap) { /* at most one entry per improvement: edges + 1 */
                    free(heap);
                    return bench_fail(ctx, "sssp: reference heap overflow");
                }
                size_t i = n++;
                heap[i] = (uint64_t)(uint32_t)nd << 32 | v;
                while (i && heap[(i - 1) / 2] > heap[i]) { /* sift up */
                    uint64_t t = heap[i];
                    heap[i] = heap[(i - 1) / 2];
                    heap[(i - 1) / 2] = t;
                    i = (i - 1) / 2;
                }
            }
        }
    }
    free(heap);
    return 0;
}

static int run_sssp(struct bench_ctx *ctx, struct drv *d, const struct csr_graph *g,
                    uint32_t source, int32_t *dist, int32_t *expect, char *mask)
{
    uint32_t n = g->nodes;
    for (uint32_t u = 0; u < n; u++) {
        dist[u] = INF;
        mask[u] = 0;
    }
    dist[source] = 0;
    mask[source] = 1;
    ccgpu_devptr d_row, d_col, d_w, d_mask, d_dist, d_tent, d_changed;
    if (drv_alloc(d, &d_row, ((size_t)n + 1) * 4, g->row, 0, "row offsets") ||
        drv_alloc(d, &d_col, (size_t)g->edges * 4, g->col, 0, "edges") ||
        drv_alloc(d, &d_w, (size_t)g->edges * 4, g->weight, 0, "weights") ||
        drv_alloc(d, &d_mask, n, mask, 0, "mask") ||
        drv_alloc(d, &d_dist, (size_t)n * 4, dist, 0, "distances") ||
        drv_alloc(d, &d_tent, (size_t)n * 4, dist, 0, "tentative distances") ||
        drv_alloc(d, &d_changed, 4, NULL, 0, "change flag"))
        return -1;
    int32_t num = (int32_t)n;
    void *relax_args[] = { &d_row, &d_col, &d_w, &d_mask, &d_dist, &d_tent, &num };
    void *commit_args[] = { &d_mask, &d_dist, &d_tent, &d_changed, &num };
    uint32_t rounds = 0;
    for (int32_t changed = 1; changed; rounds++) {
        if (rounds > n) /* Bellman-Ford needs at most n - 1 rounds */
            return bench_fail(ctx, "sssp: no convergence after %u rounds", rounds);
        changed = 0;
        if (drv_upload(d, d_changed, &changed, 4, "change flag") ||
            drv_launch(d, "sssp_relax", n, BLOCK, relax_args, 7) ||
            drv_launch(d, "sssp_commit", n, BLOCK, commit_args, 5) ||
            drv_download(d, &changed, d_changed, 4, "change flag"))
            return -1;
    }
    if (drv_download(d, dist, d_dist, (size_t)n * 4, "distances") || cpu_sssp(ctx, g, source, expect))
        return -1;
    for (uint32_t u = 0; u < n; u++)
        if (dist[u] != expect[u])
            return bench_fail(ctx, "sssp: distance of node %u is %d, expected %d", u, dist[u], expect[u]);
    if (ctx->log)
        fprintf(ctx->log, "sssp: %u nodes, %u edges, %u rounds\n", n, g->edges, rounds);
    return 0;
}

static int sssp_run(struct bench_ctx *ctx)
{
    struct csr_graph g;
    uint32_t source;
    if (inputs_bench_graph(ctx, &g, &source, log2_nodes[ctx->size], AVG_DEGREE, MAX_WEIGHT))
        return -1;
    uint64_t max_w = 0;
    for (uint32_t e = 0; e < g.edges; e++)
        max_w = g.weight[e] > max_w ? g.weight[e] : max_w;
    if (max_w * g.nodes >= INF) { /* a path sum could overflow the int distances */
        csr_graph_free(&g);
        return bench_fail(ctx, "sssp: weights up to %llu on %u nodes may overflow 32-bit distances",
                          (unsigned long long)max_w, g.nodes);
    }
    int32_t *dist = drv_host_alloc(ctx, (size_t)g.nodes * 4, "sssp distances");
    int32_t *expect = drv_host_alloc(ctx, (size_t)g.nodes * 4, "sssp reference");
    char *mask = drv_host_alloc(ctx, g.nodes, "sssp mask");
    struct drv d;
    int rc = -1;
    if (dist && expect && mask && drv_init(&d, ctx, "bench/sssp/sssp.ptx") == 0) {
        rc = run_sssp(ctx, &d, &g, source, dist, expect, mask);
        drv_release(&d);
    }
    free(dist);
    free(expect);
    free(mask);
    csr_graph_free(&g);
    return rc;
}

const struct bench_ops bench_sssp = {
    .version = 1,
    .name = "sssp",
    .klass = "mcs",
    .description = "single-source shortest paths, Bellman-Ford rounds with atomicMin over CSR "
                   "edges, two kernels per round (--input uniform|rmat|FILE)",
    .sizes = "uniform random graph, degree 6, weights 1-100: small 2^11 nodes, medium 2^16, large 2^20",
    .run = sssp_run,
};
