/* Benchmark input generators and file loaders (bench/common). */
#include "check.h"
#include "common/inputs.h"
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char tmpdir[64];
static char err[512];

/* Writes `text` to tmpdir/name and returns the path (static buffer). */
static const char *write_file(const char *name, const char *text, size_t len)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "wb");
    if (!f)
        return path;
    fwrite(text, 1, len, f);
    fclose(f);
    return path;
}
#define WRITE_TEXT(name, text) write_file(name, text, strlen(text))

static int graph_is_valid(const struct csr_graph *g)
{
    if (g->row[0] != 0 || g->row[g->nodes] != g->edges)
        return 0;
    for (uint32_t u = 0; u < g->nodes; u++)
        if (g->row[u] > g->row[u + 1])
            return 0;
    for (uint32_t e = 0; e < g->edges; e++)
        if (g->col[e] >= g->nodes)
            return 0;
    return 1;
}

TEST(uniform_graph_is_valid_and_deterministic)
{
    struct bench_rng r1 = { 7 }, r2 = { 7 };
    struct csr_graph a, b;
    CHECK_EQ_INT(inputs_graph_uniform(&a, 1000, 6, 10, &r1, err, sizeof err), 0);
    CHECK_EQ_INT(inputs_graph_uniform(&b, 1000, 6, 10, &r2, err, sizeof err), 0);
    CHECK(graph_is_valid(&a));
    CHECK_EQ_INT(a.edges, b.edges);
    CHECK(memcmp(a.col, b.col, a.edges * sizeof *a.col) == 0);
    CHECK(memcmp(a.weight, b.weight, a.edges * sizeof *a.weight) == 0);
    /* degrees in [1, 11], average near 6 */
    for (uint32_t u = 0; u < a.nodes; u++) {
        uint32_t d = a.row[u + 1] - a.row[u];
        CHECK(d >= 1 && d <= 11);
    }
    CHECK(a.edges > 5500 && a.edges < 6500);
    for (uint32_t e = 0; e < a.edges; e++)
        CHECK(a.weight[e] >= 1 && a.weight[e] <= 10);
    csr_graph_free(&a);
    csr_graph_free(&b);
}

TEST(rmat_graph_is_skewed)
{
    struct bench_rng rng = { 1 };
    struct csr_graph g;
    CHECK_EQ_INT(inputs_graph_rmat(&g, 12, 8, 0, &rng, err, sizeof err), 0);
    CHECK_EQ_INT(g.nodes, 4096);
    CHECK_EQ_INT(g.edges, 8 * 4096);
    CHECK(graph_is_valid(&g));
    CHECK(g.weight == NULL);
    uint32_t maxdeg = 0, zero = 0;
    for (uint32_t u = 0; u < g.nodes; u++) {
        uint32_t d = g.row[u + 1] - g.row[u];
        maxdeg = d > maxdeg ? d : maxdeg;
        zero += d == 0;
    }
    /* power-law-ish: hubs far above the mean, many nodes without out-edges */
    CHECK(maxdeg > 100);
    CHECK(zero > 400);
    csr_graph_free(&g);
    CHECK_EQ_INT(inputs_graph_rmat(&g, 0, 8, 0, &rng, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "scale");
}

TEST(graph_from_edges_keeps_order_and_rejects_bad_ids)
{
    uint32_t s[] = { 2, 0, 2, 1 }, d[] = { 0, 1, 1, 2 }, w[] = { 5, 6, 7, 8 };
    struct csr_graph g;
    CHECK_EQ_INT(inputs_graph_from_edges(&g, 3, 4, s, d, w, err, sizeof err), 0);
    CHECK_EQ_INT(g.row[0], 0);
    CHECK_EQ_INT(g.row[1], 1);
    CHECK_EQ_INT(g.row[2], 2);
    CHECK_EQ_INT(g.row[3], 4);
    CHECK_EQ_INT(g.col[2], 0);
    CHECK_EQ_INT(g.weight[2], 5);
    CHECK_EQ_INT(g.col[3], 1);
    CHECK_EQ_INT(g.weight[3], 7);
    csr_graph_free(&g);
    d[1] = 3;
    CHECK_EQ_INT(inputs_graph_from_edges(&g, 3, 4, s, d, NULL, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "edge 1 (0 -> 3)");
}

static int matrix_rows_sorted(const struct csr_matrix *m)
{
    for (uint32_t r = 0; r < m->rows; r++)
        for (uint32_t k = m->row[r]; k < m->row[r + 1]; k++)
            if (m->col[k] >= m->cols || (k > m->row[r] && m->col[k - 1] >= m->col[k]))
                return 0;
    return m->row[m->rows] == m->nnz;
}

TEST(matrix_generators)
{
    struct bench_rng rng = { 3 };
    struct csr_matrix m;
    CHECK_EQ_INT(inputs_matrix_random(&m, 500, 300, 8, &rng, err, sizeof err), 0);
    CHECK(matrix_rows_sorted(&m));
    CHECK(m.nnz > 3000 && m.nnz < 5000);
    for (uint32_t k = 0; k < m.nnz; k++)
        CHECK(m.val[k] >= -1.0f && m.val[k] < 1.0f);
    csr_matrix_free(&m);
    CHECK_EQ_INT(inputs_matrix_banded(&m, 200, 5, 0.5, &rng, err, sizeof err), 0);
    CHECK(matrix_rows_sorted(&m));
    for (uint32_t r = 0; r < m.rows; r++) {
        int diag = 0;
        for (uint32_t k = m.row[r]; k < m.row[r + 1]; k++) {
            CHECK(abs((int)m.col[k] - (int)r) <= 5);
            diag |= m.col[k] == r;
        }
        CHECK(diag);
    }
    CHECK(m.nnz > 200 + 200 * 5 * 0.8 && m.nnz < 200 + 200 * 5 * 1.2);
    csr_matrix_free(&m);
}

TEST(zipf_frequencies_follow_the_law)
{
    struct bench_rng rng = { 11 };
    enum { N = 200000 };
    uint32_t *s = malloc(N * sizeof *s);
    uint32_t counts[100] = { 0 };
    CHECK_EQ_INT(inputs_zipf(s, N, 100, 1.0, &rng, err, sizeof err), 0);
    for (int i = 0; i < N; i++) {
        CHECK(s[i] < 100);
        counts[s[i] < 100 ? s[i] : 0]++;
    }
    /* P(rank 0) / P(rank 1) = 2 and / P(rank 9) = 10 for s = 1 */
    CHECK_NEAR((double)counts[0] / counts[1], 2.0, 0.1);
    CHECK_NEAR((double)counts[0] / counts[9], 10.0, 1.0);
    CHECK_EQ_INT(inputs_zipf(s, 1, 0, 1.0, &rng, err, sizeof err), -1);
    free(s);
}

TEST(mesh_is_a_triangulation)
{
    struct bench_rng rng = { 5 };
    struct mesh2d m;
    CHECK_EQ_INT(inputs_mesh_grid(&m, 20, 10, 0.4, 16, &rng, err, sizeof err), 0);
    CHECK_EQ_INT(m.nodes, 200);
    /* Euler: E = 3V - 3 - boundary nodes for a triangulated rectangle */
    CHECK_EQ_INT(m.edges, 19 * 10 + 20 * 9 + 19 * 9);
    uint32_t deg[200] = { 0 };
    char seen[200][200];
    memset(seen, 0, sizeof seen);
    for (uint32_t e = 0; e < m.edges; e++) {
        CHECK(m.a[e] < 200 && m.b[e] < 200 && m.a[e] != m.b[e]);
        if (m.a[e] >= 200 || m.b[e] >= 200)
            continue;
        CHECK(!seen[m.a[e]][m.b[e]] && !seen[m.b[e]][m.a[e]]);
        seen[m.a[e]][m.b[e]] = 1;
        deg[m.a[e]]++;
        deg[m.b[e]]++;
        float dx = m.x[m.a[e]] - m.x[m.b[e]], dy = m.y[m.a[e]] - m.y[m.b[e]];
        CHECK(dx * dx + dy * dy < 2.0f * 1.4f * 1.4f); /* neighbours stay close */
    }
    uint32_t sum = 0, max = 0;
    for (int v = 0; v < 200; v++) {
        sum += deg[v];
        max = deg[v] > max ? deg[v] : max;
    }
    CHECK_EQ_INT(sum, 2 * m.edges);
    CHECK(max <= 8);
    mesh2d_free(&m);
}

TEST(matrix_market_symmetric_pattern_and_general)
{
    const char *p = WRITE_TEXT("a.mtx", "%%MatrixMarket matrix coordinate real symmetric\n"
                                        "% comment\n3 3 4\n1 1 2.5\n2 1 -1\n3 2 4e-1\n3 3 1\n");
    struct csr_matrix m;
    CHECK_EQ_INT(inputs_load_matrix_market(p, &m, err, sizeof err), 0);
    CHECK_EQ_INT(m.rows, 3);
    CHECK_EQ_INT(m.nnz, 6);
    CHECK(matrix_rows_sorted(&m));
    /* row 0: (0,0)=2.5 (0,1)=-1 */
    CHECK_EQ_INT(m.row[1], 2);
    CHECK_NEAR(m.val[1], -1.0, 0);
    CHECK_EQ_INT(m.col[1], 1);
    csr_matrix_free(&m);
    p = WRITE_TEXT("b.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 3 3\n1 3\n2 1\n1 3\n");
    CHECK_EQ_INT(inputs_load_matrix_market(p, &m, err, sizeof err), 0);
    CHECK_EQ_INT(m.nnz, 2); /* duplicates summed */
    CHECK_NEAR(m.val[0], 2.0, 0);
    csr_matrix_free(&m);
}

/* The loader must fail, and the one-line message name the file and line. */
static void expect_mtx_error(const char *text, const char *where, const char *what)
{
    const char *p = WRITE_TEXT("bad.mtx", text);
    struct csr_matrix m;
    CHECK_EQ_INT(inputs_load_matrix_market(p, &m, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, where);
    CHECK_STR_CONTAINS(err, what);
    CHECK(strchr(err, '\n') == NULL);
    CHECK(m.row == NULL);
}

TEST(matrix_market_errors_name_file_and_line)
{
    expect_mtx_error("hello\n", "bad.mtx:1:", "not a Matrix Market file");
    expect_mtx_error("%%MatrixMarket matrix array real general\n", "bad.mtx:1:", "array");
    expect_mtx_error("%%MatrixMarket matrix coordinate real general\n2 2 3\n1 1 1\n2 2 2\n",
                     "bad.mtx:5:", "truncated: expected 3 entries, found 2");
    expect_mtx_error("%%MatrixMarket matrix coordinate real general\n4 70000000 1\n1 1 1\n",
                     "bad.mtx:2:", "4 x 70000000 matrix: at most 67108864 rows and columns");
    expect_mtx_error("%%MatrixMarket matrix coordinate real general\n2 2 4000000000\n1 1 1\n",
                     "bad.mtx:3:", "nonzero count 4000000000: the rest of the file (6 bytes)");
    expect_mtx_error("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 3 1\n",
                     "bad.mtx:3:", "outside the 2 x 2 matrix");
    expect_mtx_error("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 abc\n",
                     "bad.mtx:3:", "bad value 'abc'");
    expect_mtx_error("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1\n",
                     "bad.mtx:3:", "expected value");
    expect_mtx_error("%%MatrixMarket matrix coordinate real general\n2 2\n", "bad.mtx:2:",
                     "expected nonzero count");
    expect_mtx_error("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 1\n2 2 2\n",
                     "bad.mtx:4:", "more entries");
    struct csr_matrix m;
    char path[128];
    snprintf(path, sizeof path, "%s/missing.mtx", tmpdir);
    CHECK_EQ_INT(inputs_load_matrix_market(path, &m, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "missing.mtx: cannot open");
}

TEST(edge_list_loads_and_rejects)
{
    struct csr_graph g;
    const char *p = WRITE_TEXT("g.el", "# a comment\n0 1 3\n% another\n1 2 4\n\n2 0 5\n");
    CHECK_EQ_INT(inputs_load_edge_list(p, &g, err, sizeof err), 0);
    CHECK_EQ_INT(g.nodes, 3);
    CHECK_EQ_INT(g.edges, 3);
    CHECK(g.weight && g.weight[2] == 5 && g.col[2] == 0);
    csr_graph_free(&g);
    p = WRITE_TEXT("g.el", "0 1\n1 2\n");
    CHECK_EQ_INT(inputs_load_edge_list(p, &g, err, sizeof err), 0);
    CHECK(g.weight == NULL);
    csr_graph_free(&g);
    p = WRITE_TEXT("g.el", "0 1\n1 x\n");
    CHECK_EQ_INT(inputs_load_edge_list(p, &g, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "g.el:2: bad destination node 'x'");
    p = WRITE_TEXT("g.el", "0 1 2\n1 2\n");
    CHECK_EQ_INT(inputs_load_edge_list(p, &g, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "g.el:2: missing weight");
    p = WRITE_TEXT("g.el", "0 -1\n");
    CHECK_EQ_INT(inputs_load_edge_list(p, &g, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "g.el:1: bad destination node '-1'");
    p = WRITE_TEXT("g.el", "0 1\n777777771 5\n"); /* a 3 GB row array for 2 edges */
    CHECK_EQ_INT(inputs_load_edge_list(p, &g, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "g.el:2: node id 777777771: at most 67108864 nodes are supported");
    p = WRITE_TEXT("g.el", "0 67108863\n"); /* the largest id allowed */
    CHECK_EQ_INT(inputs_load_edge_list(p, &g, err, sizeof err), 0);
    CHECK_EQ_INT(g.nodes, 67108864);
    csr_graph_free(&g);
    p = WRITE_TEXT("g.el", "# nothing\n");
    CHECK_EQ_INT(inputs_load_edge_list(p, &g, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "no edges");
}

TEST(rodinia_graph_loads_and_rejects)
{
    struct csr_graph g;
    uint32_t src = 99;
    /* 3 nodes; node 1's edges listed first in the edge array */
    const char *p = WRITE_TEXT("r.txt", "3\n2 1\n0 2\n3 0\n\n1\n\n3\n0 7\n2 8\n1 9\n");
    CHECK_EQ_INT(inputs_load_rodinia_graph(p, &g, &src, err, sizeof err), 0);
    CHECK_EQ_INT(src, 1);
    CHECK_EQ_INT(g.edges, 3);
    CHECK_EQ_INT(g.row[1], 1);
    CHECK_EQ_INT(g.col[0], 1); /* node 0: edge 2 */
    CHECK_EQ_INT(g.weight[0], 9);
    CHECK_EQ_INT(g.col[1], 0); /* node 1: edges 0, 1 */
    CHECK_EQ_INT(g.col[2], 2);
    CHECK_EQ_INT(g.row[3], 3);
    csr_graph_free(&g);
    p = WRITE_TEXT("r.txt", "3\n2 1\n0 2\n3 0\n\n1\n\n3\n0 7\n2 8\n");
    CHECK_EQ_INT(inputs_load_rodinia_graph(p, &g, &src, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "r.txt:11: expected edge destination, found end of file");
    p = WRITE_TEXT("r.txt", "3\n2 1\n0 2\n3 0\n\n1\n\n3\n0 7\n5 8\n1 9\n");
    CHECK_EQ_INT(inputs_load_rodinia_graph(p, &g, &src, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "r.txt:10: edge 1 goes to node 5");
    p = WRITE_TEXT("r.txt", "3\n2 1\n0 4\n3 0\n\n1\n\n3\n");
    CHECK_EQ_INT(inputs_load_rodinia_graph(p, &g, &src, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "node 1's edges [0, 4) exceed the edge count 3");
    /* counts no file of this size can hold: refused before allocating */
    p = WRITE_TEXT("r.txt", "1222222222\n0 1\n");
    CHECK_EQ_INT(inputs_load_rodinia_graph(p, &g, &src, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "r.txt:1: node count 1222222222: at most 67108864 nodes");
    p = WRITE_TEXT("r.txt", "60000000\n0 1\n");
    CHECK_EQ_INT(inputs_load_rodinia_graph(p, &g, &src, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "r.txt:1: node count 60000000: the file's 13 bytes cannot hold");
    p = WRITE_TEXT("r.txt", "1\n0 0\n0\n4000000000\n0 1\n");
    CHECK_EQ_INT(inputs_load_rodinia_graph(p, &g, &src, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "r.txt:4: edge count 4000000000: the rest of the file (5 bytes)");
    p = WRITE_TEXT("r.txt", "2\n0 1\n1 zz\n");
    CHECK_EQ_INT(inputs_load_rodinia_graph(p, &g, &src, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "r.txt:3: bad degree 'zz'");
}

TEST(kmeans_files_load_and_reject)
{
    unsigned char bin[8 + 6 * 4];
    int32_t n = 3, d = 2;
    float f[6] = { 1, 2, 3, 4, 5, 6.5f };
    memcpy(bin, &n, 4); /* little-endian host, as the format */
    memcpy(bin + 4, &d, 4);
    memcpy(bin + 8, f, sizeof f);
    const char *p = write_file("k.bin", (const char *)bin, sizeof bin);
    float *feat;
    uint32_t pts, dims;
    CHECK_EQ_INT(inputs_load_kmeans_bin(p, &feat, &pts, &dims, err, sizeof err), 0);
    CHECK_EQ_INT(pts, 3);
    CHECK_EQ_INT(dims, 2);
    CHECK_NEAR(feat[5], 6.5, 0);
    free(feat);
    p = write_file("k.bin", (const char *)bin, sizeof bin - 3);
    CHECK_EQ_INT(inputs_load_kmeans_bin(p, &feat, &pts, &dims, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "k.bin: byte 29: truncated");
    p = write_file("k.bin", (const char *)bin, 6);
    CHECK_EQ_INT(inputs_load_kmeans_bin(p, &feat, &pts, &dims, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "truncated header");
    n = -4;
    memcpy(bin, &n, 4);
    p = write_file("k.bin", (const char *)bin, sizeof bin);
    CHECK_EQ_INT(inputs_load_kmeans_bin(p, &feat, &pts, &dims, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "bad header N=-4");
    n = 1 << 20; /* 2^31 features claimed by a 32-byte file: refused before allocating */
    d = 1 << 11;
    memcpy(bin, &n, 4);
    memcpy(bin + 4, &d, 4);
    p = write_file("k.bin", (const char *)bin, sizeof bin);
    CHECK_EQ_INT(inputs_load_kmeans_bin(p, &feat, &pts, &dims, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "k.bin: byte 32: truncated: N=1048576 x D=2048 needs 8589934592 bytes");
    n = 3;
    d = 2;
    memcpy(bin, &n, 4);
    memcpy(bin + 4, &d, 4);
    unsigned char longer[sizeof bin + 4] = { 0 };
    memcpy(longer, bin, sizeof bin);
    p = write_file("k.bin", (const char *)longer, sizeof longer);
    CHECK_EQ_INT(inputs_load_kmeans_bin(p, &feat, &pts, &dims, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "k.bin: byte 32: trailing data");
    /* bytes >= 0x80 in the first line's features: an error, not a hang */
    p = WRITE_TEXT("k.txt", "1 0.5 \xff\xfe 2\n");
    CHECK_EQ_INT(inputs_load_kmeans_text(p, &feat, &pts, &dims, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "k.txt:1: bad feature");

    p = WRITE_TEXT("k.txt", "1 0.5 1.5 2\n2 3 4 5e1\n");
    CHECK_EQ_INT(inputs_load_kmeans_text(p, &feat, &pts, &dims, err, sizeof err), 0);
    CHECK_EQ_INT(pts, 2);
    CHECK_EQ_INT(dims, 3);
    CHECK_NEAR(feat[5], 50.0, 0);
    free(feat);
    p = WRITE_TEXT("k.txt", "1 0.5 1.5 2\n2 3 4\n");
    CHECK_EQ_INT(inputs_load_kmeans_text(p, &feat, &pts, &dims, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "k.txt:2: expected feature");
    p = WRITE_TEXT("k.txt", "1 0.5 1.5 2\n2 3 4 5 6\n");
    CHECK_EQ_INT(inputs_load_kmeans_text(p, &feat, &pts, &dims, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "k.txt:2: unexpected text");
    p = WRITE_TEXT("k.txt", "1 0.5 nan 2\n");
    CHECK_EQ_INT(inputs_load_kmeans_text(p, &feat, &pts, &dims, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "k.txt:1: bad feature 'nan'");
}

TEST(bench_graph_chooses_generator_or_file)
{
    struct bench_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.seed = 9;
    struct csr_graph g;
    uint32_t src = 77;
    CHECK_EQ_INT(inputs_bench_graph(&ctx, &g, &src, 8, 4, 0), 0);
    CHECK_EQ_INT(g.nodes, 256);
    CHECK(g.weight == NULL);
    CHECK_EQ_INT(src, 0);
    csr_graph_free(&g);
    ctx.input = "rmat";
    CHECK_EQ_INT(inputs_bench_graph(&ctx, &g, &src, 8, 4, 50), 0);
    CHECK_EQ_INT(g.edges, 4 * 256);
    CHECK(g.weight != NULL);
    for (uint32_t e = 0; e < g.edges; e++)
        CHECK(g.weight[e] >= 1 && g.weight[e] <= 50);
    CHECK(g.row[src + 1] > g.row[src]); /* the source has an edge */
    csr_graph_free(&g);
    /* a Matrix Market file, found through the data folder */
    WRITE_TEXT("k.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 2\n2 1\n3 2\n");
    ctx.input = "k.mtx";
    ctx.data_dir = tmpdir;
    CHECK_EQ_INT(inputs_bench_graph(&ctx, &g, &src, 8, 4, 0), 0);
    CHECK_EQ_INT(g.nodes, 3);
    CHECK_EQ_INT(g.edges, 4);
    CHECK_EQ_INT(src, 0);
    csr_graph_free(&g);
    ctx.input = "none.mtx";
    CHECK_EQ_INT(inputs_bench_graph(&ctx, &g, &src, 8, 4, 0), -1);
    CHECK_STR_CONTAINS(ctx.error, "none.mtx: no such input file (also looked in /tmp/ccgpu911.");
    char path[128];
    CHECK_EQ_INT(inputs_resolve(&ctx, "k.mtx", path, sizeof path), 0);
    CHECK_STR_CONTAINS(path, "/k.mtx");
    CHECK(inputs_has_suffix(path, ".mtx") && !inputs_has_suffix("x", ".mtx"));
}

/* The shared data files, when this checkout has them. */
TEST(shared_data_files_load)
{
    const char *dirs[] = { "../shared/data", "../../shared/data" }, *dir = NULL;
    struct stat st;
    for (int i = 0; i < 2 && !dir; i++)
        if (stat(dirs[i], &st) == 0)
            dir = dirs[i];
    if (!dir)
        return;
    char path[256];
    struct csr_graph g;
    uint32_t src;
    snprintf(path, sizeof path, "%s/rodinia/bfs-graph4096.txt", dir);
    CHECK_EQ_INT(inputs_load_rodinia_graph(path, &g, &src, err, sizeof err), 0);
    CHECK_EQ_INT(g.nodes, 4096);
    CHECK_EQ_INT(g.edges, 24576);
    CHECK(graph_is_valid(&g));
    csr_graph_free(&g);
    struct csr_matrix m;
    snprintf(path, sizeof path, "%s/suitesparse/bcsstk13.mtx", dir);
    CHECK_EQ_INT(inputs_load_matrix_market(path, &m, err, sizeof err), 0);
    CHECK_EQ_INT(m.nnz, 2 * 42943 - 2003); /* symmetric, full diagonal */
    csr_matrix_free(&m);
    float *f;
    uint32_t n, d;
    snprintf(path, sizeof path, "%s/kmeans-image/color17695.bin", dir);
    CHECK_EQ_INT(inputs_load_kmeans_bin(path, &f, &n, &d, err, sizeof err), 0);
    CHECK_EQ_INT(n, 17695);
    CHECK_EQ_INT(d, 9);
    free(f);
    snprintf(path, sizeof path, "%s/rodinia/kmeans-100", dir);
    CHECK_EQ_INT(inputs_load_kmeans_text(path, &f, &n, &d, err, sizeof err), 0);
    CHECK_EQ_INT(n, 100);
    CHECK_EQ_INT(d, 34);
    free(f);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/ccgpu911.XXXXXX");
    if (!mkdtemp(tmpdir)) {
        printf("cannot create a temporary directory\n");
        return 1;
    }
    RUN(uniform_graph_is_valid_and_deterministic);
    RUN(rmat_graph_is_skewed);
    RUN(graph_from_edges_keeps_order_and_rejects_bad_ids);
    RUN(matrix_generators);
    RUN(zipf_frequencies_follow_the_law);
    RUN(mesh_is_a_triangulation);
    RUN(matrix_market_symmetric_pattern_and_general);
    RUN(matrix_market_errors_name_file_and_line);
    RUN(edge_list_loads_and_rejects);
    RUN(rodinia_graph_loads_and_rejects);
    RUN(kmeans_files_load_and_reject);
    RUN(bench_graph_chooses_generator_or_file);
    RUN(shared_data_files_load);
    const char *names[] = { "a.mtx", "b.mtx", "bad.mtx", "k.mtx", "g.el", "r.txt", "k.bin", "k.txt" };
    char path[128];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", tmpdir, names[i]);
        unlink(path);
    }
    rmdir(tmpdir);
    return check_summary();
}
