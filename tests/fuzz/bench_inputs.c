/* Bytes as an input file -> every benchmark input loader (Matrix Market,
 * edge list, Rodinia graph, k-means binary and text): each must load the
 * file or refuse it with a message, and what it loads must be a consistent
 * CSR (rows non-decreasing up to the count, every column in range). */
#include "fuzz.h"
#include "common/inputs.h"
#include <stdio.h>
#include <unistd.h>

static void check_graph(const struct csr_graph *g)
{
    if (g->row[0] != 0 || g->row[g->nodes] != g->edges)
        __builtin_trap();
    for (uint32_t i = 0; i < g->nodes; i++)
        if (g->row[i] > g->row[i + 1])
            __builtin_trap();
    for (uint32_t e = 0; e < g->edges; e++)
        if (g->col[e] >= g->nodes)
            __builtin_trap();
}

static int fuzz_bench_inputs(const uint8_t *data, size_t size)
{
    char path[64];
    if (fuzz_to_file(data, size, "input", path, sizeof path)) {
        remove(path);
        return 0;
    }
    char err[256];
    struct csr_matrix m;
    memset(&m, 0, sizeof m);
    if (inputs_load_matrix_market(path, &m, err, sizeof err) == 0) {
        if (m.row[0] != 0 || m.row[m.rows] != m.nnz)
            __builtin_trap();
        for (uint32_t i = 0; i < m.rows; i++)
            if (m.row[i] > m.row[i + 1])
                __builtin_trap();
        for (uint32_t k = 0; k < m.nnz; k++)
            if (m.col[k] >= m.cols)
                __builtin_trap();
        csr_matrix_free(&m);
    }
    struct csr_graph g;
    memset(&g, 0, sizeof g);
    if (inputs_load_edge_list(path, &g, err, sizeof err) == 0) {
        check_graph(&g);
        csr_graph_free(&g);
    }
    memset(&g, 0, sizeof g);
    uint32_t source = 0;
    if (inputs_load_rodinia_graph(path, &g, &source, err, sizeof err) == 0) {
        check_graph(&g);
        if (g.nodes && source >= g.nodes)
            __builtin_trap();
        csr_graph_free(&g);
    }
    float *feat = NULL;
    uint32_t points = 0, dims = 0;
    if (inputs_load_kmeans_bin(path, &feat, &points, &dims, err, sizeof err) == 0)
        free(feat);
    feat = NULL;
    if (inputs_load_kmeans_text(path, &feat, &points, &dims, err, sizeof err) == 0)
        free(feat);
    remove(path);
    return 0;
}
FUZZ_ENTRY(bench_inputs)
