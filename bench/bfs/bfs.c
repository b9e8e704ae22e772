/* BFS driver: Rodinia-style frontier iteration, levels checked against a CPU
 * breadth-first search. */
#include "bench.h"
#include "common/driver.h"
#include "common/inputs.h"
#include <stdlib.h>
#include <string.h>

static const uint32_t log2_nodes[BENCH_SIZE_COUNT] = { 11, 17, 20 };
enum { AVG_DEGREE = 6, BLOCK = 256 };

/* Levels by a sequential BFS from `source`; -1 where unreachable. */
static int cpu_levels(struct bench_ctx *ctx, const struct csr_graph *g, uint32_t source,
                      int32_t *level)
{
    uint32_t *queue = drv_host_alloc(ctx, (size_t)g->nodes * sizeof *queue, "bfs queue");
    if (!queue)
        return -1;
    for (uint32_t u = 0; u < g->nodes; u++)
        level[u] = -1;
    uint32_t head = 0, tail = 0;
    level[source] = 0;
    queue[tail++] = source;
    while (head < tail) {
        uint32_t u = queue[head++];
        for (uint32_t e = g->row[u]; e < g->row[u + 1]; e++)
            if (level[g->col[e]] < 0) {
                level[g->col[e]] = level[u] + 1;
                queue[tail++] = g->col[e];
            }
    }
    free(queue);
    return 0;
}

static int run_bfs(struct bench_ctx *ctx, struct drv *d, const struct csr_graph *g,
                   uint32_t source, int32_t *nodes, char *flags, int32_t *level, int32_t *expect)
{
    uint32_t n = g->nodes;
    for (uint32_t u = 0; u < n; u++) {
        nodes[2 * u] = (int32_t)g->row[u];
        nodes[2 * u + 1] = (int32_t)(g->row[u + 1] - g->row[u]);
        level[u] = -1;
        flags[u] = 0;
    }
    level[source] = 0;
    flags[source] = 1;
    ccgpu_devptr d_nodes, d_edges, d_frontier, d_updating, d_visited, d_level, d_changed;
    if (drv_alloc(d, &d_nodes, (size_t)n * 8, nodes, 0, "nodes") ||
        drv_alloc(d, &d_edges, (size_t)g->edges * 4, g->col, 0, "edges") ||
        drv_alloc(d, &d_frontier, n, flags, 0, "frontier mask") ||
        drv_alloc(d, &d_updating, n, NULL, 0, "updating mask") ||
        drv_alloc(d, &d_visited, n, flags, 0, "visited mask") ||
        drv_alloc(d, &d_level, (size_t)n * 4, level, 0, "levels") ||
        drv_alloc(d, &d_changed, 4, NULL, 0, "change flag"))
        return -1;
    int32_t num = (int32_t)n;
    void *expand_args[] = { &d_nodes, &d_edges, &d_frontier, &d_updating, &d_visited, &d_level, &num };
    void *update_args[] = { &d_frontier, &d_updating, &d_visited, &d_changed, &num };
    uint32_t steps = 0;
    for (int32_t changed = 1; changed; steps++) {
        if (steps > n)
            return bench_fail(ctx, "bfs: no convergence after %u steps", steps);
        changed = 0;
        if (drv_upload(d, d_changed, &changed, 4, "change flag") ||
            drv_launch(d, "bfs_expand", n, BLOCK, expand_args, 7) ||
            drv_launch(d, "bfs_update", n, BLOCK, update_args, 5) ||
            drv_download(d, &changed, d_changed, 4, "change flag"))
            return -1;
    }
    if (drv_download(d, level, d_level, (size_t)n * 4, "levels") || cpu_levels(ctx, g, source, expect))
        return -1;
    for (uint32_t u = 0; u < n; u++)
        if (level[u] != expect[u])
            return bench_fail(ctx, "bfs: level of node %u is %d, expected %d", u, level[u], expect[u]);
    if (ctx->log)
        fprintf(ctx->log, "bfs: %u nodes, %u edges, source %u, %u steps\n", n, g->edges, source, steps);
    return 0;
}

static int bfs_run(struct bench_ctx *ctx)
{
    struct csr_graph g;
    uint32_t source;
    if (inputs_bench_graph(ctx, &g, &source, log2_nodes[ctx->size], AVG_DEGREE, 0))
        return -1;
    struct drv d;
    int rc = -1;
    int32_t *nodes = drv_host_alloc(ctx, (size_t)g.nodes * 8, "bfs nodes");
    char *flags = drv_host_alloc(ctx, g.nodes, "bfs masks");
    int32_t *level = drv_host_alloc(ctx, (size_t)g.nodes * 4, "bfs levels");
    int32_t *expect = drv_host_alloc(ctx, (size_t)g.nodes * 4, "bfs reference");
    if (nodes && flags && level && expect && drv_init(&d, ctx, "bench/bfs/bfs.ptx") == 0) {
        rc = run_bfs(ctx, &d, &g, source, nodes, flags, level, expect);
        drv_release(&d);
    }
    free(nodes);
    free(flags);
    free(level);
    free(expect);
    csr_graph_free(&g);
    return rc;
}

const struct bench_ops bench_bfs = {
    .version = 1,
    .name = "bfs",
    .klass = "hcs",
    .description = "breadth-first search, one thread per node looping over its CSR edges, "
                   "Rodinia two-kernel frontier iteration (--input uniform|rmat|FILE)",
    .sizes = "uniform random graph, average degree 6: small 2^11 nodes, medium 2^17, "
             "large 2^20 (Rodinia graph1MW scale)",
    .run = bfs_run,
};
