/* Inputs shared by the benchmarks: seeded generators (graphs, sparse matrices,
 * Zipf streams, meshes) and loaders of real formats (Matrix Market, edge
 * lists, the Rodinia BFS graph text, the k-means binary and text files).
 *
 * Every function that can fail returns 0 on success and -1 on failure with a
 * one-line message in err: "FILE:LINE: what" for loaders, "what" for
 * generators (bad parameters, out of memory). Outputs are owned by the caller
 * and released with the matching *_free, which accepts a zeroed struct. */
#ifndef CCGPU_BENCH_COMMON_INPUTS_H
#define CCGPU_BENCH_COMMON_INPUTS_H
#include "bench.h"
#include <stddef.h>
#include <stdint.h>

/* Directed graph in compressed sparse rows: the edges of node u are
 * col[row[u] .. row[u+1]-1], with weight[] beside them when present. */
struct csr_graph {
    uint32_t nodes, edges;
    uint32_t *row;    /* nodes + 1 */
    uint32_t *col;    /* edges */
    uint32_t *weight; /* edges, or NULL */
};

/* Sparse matrix in CSR (rows sorted by column, no duplicates). */
struct csr_matrix {
    uint32_t rows, cols, nnz;
    uint32_t *row; /* rows + 1 */
    uint32_t *col; /* nnz */
    float *val;    /* nnz */
};

/* 2-D unstructured mesh: node coordinates and undirected edges a[i]-b[i]. */
struct mesh2d {
    uint32_t nodes, edges;
    float *x, *y;   /* nodes */
    uint32_t *a, *b; /* edges */
};

void csr_graph_free(struct csr_graph *g);
void csr_matrix_free(struct csr_matrix *m);
void mesh2d_free(struct mesh2d *m);

/* ---- generators (deterministic for a given rng state) -------------------- */

/* Builds g from an edge list (src[i] -> dst[i], optional weights), stable in
 * input order within a node. Fails on an endpoint >= nodes. */
int inputs_graph_from_edges(struct csr_graph *g, uint32_t nodes, uint32_t edges,
                            const uint32_t *src, const uint32_t *dst, const uint32_t *w,
                            char *err, size_t errlen);

/* Uniform random graph: every node gets a degree uniform in
 * [1, 2*avg_degree - 1] with uniformly random destinations (Rodinia's
 * graphgen shape). Weights uniform in [1, max_weight] when max_weight > 0. */
int inputs_graph_uniform(struct csr_graph *g, uint32_t nodes, uint32_t avg_degree,
                         uint32_t max_weight, struct bench_rng *rng, char *err, size_t errlen);

/* R-MAT (Chakrabarti et al.; Graph500 parameters a=.57 b=c=.19): 2^scale
 * nodes, edge_factor * 2^scale directed edges, node ids randomly permuted so
 * hubs are spread over the id space; self loops kept, duplicates kept. */
int inputs_graph_rmat(struct csr_graph *g, uint32_t scale, uint32_t edge_factor,
                      uint32_t max_weight, struct bench_rng *rng, char *err, size_t errlen);

/* Random sparse matrix: each row gets a number of distinct columns uniform in
 * [1, 2*avg_per_row - 1] (capped at cols), values uniform in [-1, 1). */
int inputs_matrix_random(struct csr_matrix *m, uint32_t rows, uint32_t cols,
                         uint32_t avg_per_row, struct bench_rng *rng, char *err, size_t errlen);

/* Banded n x n matrix: the diagonal plus each (i, j) with 0 < |i-j| <=
 * half_width kept with probability fill; values uniform in [-1, 1). */
int inputs_matrix_banded(struct csr_matrix *m, uint32_t n, uint32_t half_width, double fill,
                         struct bench_rng *rng, char *err, size_t errlen);

/* count samples of a Zipf(s) distribution over ranks [0, n): rank r has
 * probability proportional to 1 / (r+1)^s. */
int inputs_zipf(uint32_t *out, size_t count, uint32_t n, double s, struct bench_rng *rng,
                char *err, size_t errlen);

/* Perturbed triangulation of an nx x ny grid of points (the typical
 * unstructured-mesh connectivity: interior degree 6): coordinates jittered by
 * up to +-jitter/2 of the unit spacing, each cell cut along a random diagonal. Node
 * ids are shuffled within windows of `window` nodes and edges within windows
 * of 4*window, as a mesh generator's numbering is only locally ordered
 * (window 1 keeps the row-major order). */
int inputs_mesh_grid(struct mesh2d *m, uint32_t nx, uint32_t ny, double jitter, uint32_t window,
                     struct bench_rng *rng, char *err, size_t errlen);

/* In-place Fisher-Yates shuffle of ids[0..n). */
void inputs_shuffle_u32(uint32_t *ids, uint32_t n, struct bench_rng *rng);

/* ---- loaders ------------------------------------------------------------- */

/* The most nodes a loaded graph, and the most rows or columns a loaded
 * matrix, may have: 2^26 (67,108,864, above the largest graphs GPU studies
 * use, such as Friendster's 65.6 M nodes). A file naming more is refused
 * with its line, so a hostile id or dimension cannot make the loader
 * allocate gigabytes for a few bytes of input. */
#define INPUTS_MAX_NODES (1u << 26)

/* Matrix Market coordinate files (real, integer or pattern; general,
 * symmetric or skew-symmetric; symmetric ones expanded; pattern values 1).
 * Duplicate entries are summed. */
int inputs_load_matrix_market(const char *path, struct csr_matrix *m, char *err, size_t errlen);

/* Edge lists: one "src dst [weight]" per line, 0-based ids, '#' or '%'
 * comment lines; nodes = largest id + 1. Weights must be on all lines or none. */
int inputs_load_edge_list(const char *path, struct csr_graph *g, char *err, size_t errlen);

/* The Rodinia BFS text format: node count; per node "first_edge degree";
 * source node; edge count; per edge "dest weight". *source receives the
 * source node. */
int inputs_load_rodinia_graph(const char *path, struct csr_graph *g, uint32_t *source,
                              char *err, size_t errlen);

/* k-means points, row-major features[point * dims + f]. Binary: int32 N,
 * int32 D, then N*D float32 (little-endian). Text: "id f1 ... fD" per line,
 * D from the first line. */
int inputs_load_kmeans_bin(const char *path, float **features, uint32_t *points,
                           uint32_t *dims, char *err, size_t errlen);
int inputs_load_kmeans_text(const char *path, float **features, uint32_t *points,
                            uint32_t *dims, char *err, size_t errlen);

/* The graph of a graph benchmark. ctx->input is a generator name ("uniform",
 * "rmat") or a file: Rodinia text (*.txt), Matrix Market (*.mtx, entry (i,j)
 * = edge i -> j) or an edge list (anything else); NULL means "uniform".
 * Generated graphs have 2^log2_nodes nodes and about avg_degree edges per
 * node. With max_weight > 0 every edge gets a weight (generated in
 * [1, max_weight] when the file has none); with 0 weights are dropped.
 * *source: the file's source node, else the first node with an edge. */
int inputs_bench_graph(struct bench_ctx *ctx, struct csr_graph *g, uint32_t *source,
                       uint32_t log2_nodes, uint32_t avg_degree, uint32_t max_weight);

/* Finds the --input file: `name` as given, else under ctx->data_dir. Writes
 * the path into out; -1 with ctx->error set when neither exists. */
int inputs_resolve(struct bench_ctx *ctx, const char *name, char *out, size_t cap);

/* 1 when `path` ends with `suffix`. */
int inputs_has_suffix(const char *path, const char *suffix);

#endif
