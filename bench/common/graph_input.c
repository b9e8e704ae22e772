/* Choosing a graph benchmark's input: a generator by name or a file. */
#include "common/inputs.h"
#include <stdlib.h>
#include <string.h>

static int graph_from_matrix_market(struct bench_ctx *ctx, const char *path, struct csr_graph *g)
{
    struct csr_matrix m;
    if (inputs_load_matrix_market(path, &m, ctx->error, sizeof ctx->error))
        return -1;
    if (m.rows != m.cols) {
        csr_matrix_free(&m);
        return bench_fail(ctx, "%s: a graph needs a square matrix, not %u x %u", path, m.rows,
                          m.cols);
    }
    memset(g, 0, sizeof *g);
    g->nodes = m.rows;
    g->edges = m.nnz;
    g->row = m.row; /* the CSR arrays move over; values are dropped */
    g->col = m.col;
    free(m.val);
    return 0;
}

int inputs_bench_graph(struct bench_ctx *ctx, struct csr_graph *g, uint32_t *source,
                       uint32_t log2_nodes, uint32_t avg_degree, uint32_t max_weight)
{
    memset(g, 0, sizeof *g);
    struct bench_rng rng = { ctx->seed };
    const char *in = ctx->input ? ctx->input : "uniform";
    int have_source = 0;
    int rc;
    if (strcmp(in, "uniform") == 0) {
        rc = inputs_graph_uniform(g, 1u << log2_nodes, avg_degree, max_weight, &rng, ctx->error,
                                  sizeof ctx->error);
    } else if (strcmp(in, "rmat") == 0) {
        rc = inputs_graph_rmat(g, log2_nodes, avg_degree, max_weight, &rng, ctx->error,
                               sizeof ctx->error);
    } else {
        char path[1024];
        if (inputs_resolve(ctx, in, path, sizeof path))
            return -1;
        if (inputs_has_suffix(path, ".txt")) {
            rc = inputs_load_rodinia_graph(path, g, source, ctx->error, sizeof ctx->error);
            have_source = 1;
        } else if (inputs_has_suffix(path, ".mtx")) {
            rc = graph_from_matrix_market(ctx, path, g);
        } else {
            rc = inputs_load_edge_list(path, g, ctx->error, sizeof ctx->error);
        }
    }
    if (rc)
        return -1;
    if (max_weight == 0) {
        free(g->weight);
        g->weight = NULL;
    } else if (!g->weight) {
        g->weight = malloc(((size_t)g->edges + 1) * sizeof *g->weight);
        if (!g->weight) {
            csr_graph_free(g);
            return bench_fail(ctx, "graph: out of memory for %u weights", g->edges);
        }
        for (uint32_t e = 0; e < g->edges; e++)
            g->weight[e] = 1 + (uint32_t)bench_rng_below(&rng, max_weight);
    }
    if (!have_source) {
        *source = 0;
        while (*source + 1 < g->nodes && g->row[*source + 1] == g->row[*source])
            (*source)++;
    }
    return 0;
}
