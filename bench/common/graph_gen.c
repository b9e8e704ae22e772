/* Graph construction and generators (uniform random, R-MAT). */
#include "common/inputs.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void csr_graph_free(struct csr_graph *g)
{
    free(g->row);
    free(g->col);
    free(g->weight);
    memset(g, 0, sizeof *g);
}

void inputs_shuffle_u32(uint32_t *ids, uint32_t n, struct bench_rng *rng)
{
    for (uint32_t i = n; i > 1; i--) {
        uint32_t j = (uint32_t)bench_rng_below(rng, i);
        uint32_t t = ids[i - 1];
        ids[i - 1] = ids[j];
        ids[j] = t;
    }
}

int inputs_graph_from_edges(struct csr_graph *g, uint32_t nodes, uint32_t edges,
                            const uint32_t *src, const uint32_t *dst, const uint32_t *w,
                            char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    for (uint32_t e = 0; e < edges; e++)
        if (src[e] >= nodes || dst[e] >= nodes) {
            snprintf(err, errlen, "graph: edge %u (%u -> %u) names a node >= %u", e, src[e],
                     dst[e], nodes);
            return -1;
        }
    g->nodes = nodes;
    g->edges = edges;
    g->row = calloc((size_t)nodes + 1, sizeof *g->row);
    g->col = malloc(((size_t)edges + 1) * sizeof *g->col);
    if (w)
        g->weight = malloc(((size_t)edges + 1) * sizeof *g->weight);
    if (!g->row || !g->col || (w && !g->weight)) {
        csr_graph_free(g);
        snprintf(err, errlen, "graph: out of memory for %u nodes, %u edges", nodes, edges);
        return -1;
    }
    for (uint32_t e = 0; e < edges; e++)
        g->row[src[e] + 1]++;
    for (uint32_t u = 0; u < nodes; u++)
        g->row[u + 1] += g->row[u];
    /* row[u] serves as the fill cursor, then is shifted back */
    for (uint32_t e = 0; e < edges; e++) {
        uint32_t at = g->row[src[e]]++;
        g->col[at] = dst[e];
        if (w)
            g->weight[at] = w[e];
    }
    for (uint32_t u = nodes; u > 0; u--)
        g->row[u] = g->row[u - 1];
    g->row[0] = 0;
    return 0;
}

/* Fills src/dst/w arrays of `edges` entries; the caller frees them. */
static int alloc_edges(uint64_t edges, uint32_t **src, uint32_t **dst, uint32_t **w,
                       int weighted, char *err, size_t errlen)
{
    *src = *dst = *w = NULL;
    if (edges > UINT32_MAX) {
        snprintf(err, errlen, "graph: %llu edges is too many", (unsigned long long)edges);
        return -1;
    }
    *src = malloc((edges + 1) * sizeof **src);
    *dst = malloc((edges + 1) * sizeof **dst);
    if (weighted)
        *w = malloc((edges + 1) * sizeof **w);
    if (!*src || !*dst || (weighted && !*w)) {
        free(*src);
        free(*dst);
        free(*w);
        snprintf(err, errlen, "graph: out of memory for %llu edges", (unsigned long long)edges);
        return -1;
    }
    return 0;
}

int inputs_graph_uniform(struct csr_graph *g, uint32_t nodes, uint32_t avg_degree,
                         uint32_t max_weight, struct bench_rng *rng, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    if (nodes == 0 || avg_degree == 0) {
        snprintf(err, errlen, "graph: uniform generator needs nodes > 0 and degree > 0");
        return -1;
    }
    uint32_t *deg = malloc((size_t)nodes * sizeof *deg);
    if (!deg) {
        snprintf(err, errlen, "graph: out of memory for %u nodes", nodes);
        return -1;
    }
    uint64_t edges = 0;
    for (uint32_t u = 0; u < nodes; u++) {
        deg[u] = 1 + (uint32_t)bench_rng_below(rng, 2ull * avg_degree - 1);
        edges += deg[u];
    }
    uint32_t *src, *dst, *w;
    if (alloc_edges(edges, &src, &dst, &w, max_weight > 0, err, errlen)) {
        free(deg);
        return -1;
    }
    uint64_t e = 0;
    for (uint32_t u = 0; u < nodes; u++)
        for (uint32_t k = 0; k < deg[u]; k++, e++) {
            src[e] = u;
            dst[e] = (uint32_t)bench_rng_below(rng, nodes);
            if (w)
                w[e] = 1 + (uint32_t)bench_rng_below(rng, max_weight);
        }
    int rc = inputs_graph_from_edges(g, nodes, (uint32_t)edges, src, dst, w, err, errlen);
    free(deg);
    free(src);
    free(dst);
    free(w);
    return rc;
}

int inputs_graph_rmat(struct csr_graph *g, uint32_t scale, uint32_t edge_factor,
                      uint32_t max_weight, struct bench_rng *rng, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    if (scale == 0 || scale > 28 || edge_factor == 0) {
        snprintf(err, errlen, "graph: R-MAT needs 1 <= scale <= 28 and edge factor > 0");
        return -1;
    }
    uint32_t nodes = 1u << scale;
    uint64_t edges = (uint64_t)edge_factor << scale;
    uint32_t *src, *dst, *w;
    if (alloc_edges(edges, &src, &dst, &w, max_weight > 0, err, errlen))
        return -1;
    uint32_t *perm = malloc((size_t)nodes * sizeof *perm);
    if (!perm) {
        free(src);
        free(dst);
        free(w);
        snprintf(err, errlen, "graph: out of memory for %u nodes", nodes);
        return -1;
    }
    for (uint32_t u = 0; u < nodes; u++)
        perm[u] = u;
    inputs_shuffle_u32(perm, nodes, rng);
    const double a = 0.57, b = 0.19, c = 0.19;
    for (uint64_t e = 0; e < edges; e++) {
        uint32_t u = 0, v = 0;
        for (uint32_t bit = 0; bit < scale; bit++) {
            double p = bench_rng_unit(rng);
            uint32_t du = p >= a + b;                        /* quadrants c, d */
            uint32_t dv = (p >= a && p < a + b) || p >= a + b + c; /* b, d */
            u = (u << 1) | du;
            v = (v << 1) | dv;
        }
        src[e] = perm[u];
        dst[e] = perm[v];
        if (w)
            w[e] = 1 + (uint32_t)bench_rng_below(rng, max_weight);
    }
    int rc = inputs_graph_from_edges(g, nodes, (uint32_t)edges, src, dst, w, err, errlen);
    free(perm);
    free(src);
    free(dst);
    free(w);
    return rc;
}
