/* Graph files: plain edge lists and the Rodinia BFS text format. */
#include "common/inputs.h"
#include "common/text_reader.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Growable edge arrays. */
struct edge_buf {
    uint32_t *src, *dst, *w;
    size_t n, cap;
};

static int edge_push(struct edge_buf *b, uint32_t s, uint32_t d, uint32_t w, int weighted)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 1024;
        uint32_t *ns = realloc(b->src, cap * sizeof *ns);
        if (ns)
            b->src = ns;
        uint32_t *nd = realloc(b->dst, cap * sizeof *nd);
        if (nd)
            b->dst = nd;
        uint32_t *nw = weighted ? realloc(b->w, cap * sizeof *nw) : b->w;
        if (nw)
            b->w = nw;
        if (!ns || !nd || (weighted && !nw))
            return -1;
        b->cap = cap;
    }
    b->src[b->n] = s;
    b->dst[b->n] = d;
    if (weighted)
        b->w[b->n] = w;
    b->n++;
    return 0;
}

static void edge_buf_free(struct edge_buf *b)
{
    free(b->src);
    free(b->dst);
    free(b->w);
}

int inputs_load_edge_list(const char *path, struct csr_graph *g, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    struct text_reader r;
    if (text_open(&r, path, err, errlen))
        return -1;
    struct edge_buf b = { 0 };
    int weighted = -1; /* decided by the first line */
    uint32_t max_id = 0;
    while (text_skip_comment_lines(&r, "#%")) {
        uint32_t s = 0, d = 0, w = 0;
        if (text_u32(&r, 1, "source node", &s) || text_u32(&r, 1, "destination node", &d))
            goto fail;
        if (s >= INPUTS_MAX_NODES || d >= INPUTS_MAX_NODES) {
            text_fail(&r, "node id %u: at most %u nodes are supported",
                      s > d ? s : d, INPUTS_MAX_NODES);
            goto fail;
        }
        int has_w = text_line_has_more(&r);
        if (weighted < 0)
            weighted = has_w;
        if (has_w != weighted) {
            text_fail(&r, "%s weight: weights must be given on every line or on none",
                      has_w ? "unexpected" : "missing");
            goto fail;
        }
        if (has_w && text_u32(&r, 1, "weight", &w))
            goto fail;
        if (text_end_line(&r))
            goto fail;
        if (edge_push(&b, s, d, w, weighted)) {
            text_fail(&r, "out of memory after %zu edges", b.n);
            goto fail;
        }
        max_id = s > max_id ? s : max_id;
        max_id = d > max_id ? d : max_id;
        if (b.n >= UINT32_MAX) {
            text_fail(&r, "too many edges");
            goto fail;
        }
    }
    if (b.n == 0) {
        text_fail(&r, "no edges");
        goto fail;
    }
    int rc = inputs_graph_from_edges(g, max_id + 1, (uint32_t)b.n, b.src, b.dst,
                                     weighted ? b.w : NULL, err, errlen);
    edge_buf_free(&b);
    text_close(&r);
    return rc;
fail:
    edge_buf_free(&b);
    text_close(&r);
    return -1;
}

int inputs_load_rodinia_graph(const char *path, struct csr_graph *g, uint32_t *source,
                              char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    struct text_reader r;
    if (text_open(&r, path, err, errlen))
        return -1;
    uint32_t nodes = 0, edges = 0;
    uint32_t *first = NULL, *deg = NULL, *src = NULL, *dst = NULL, *w = NULL;
    if (text_u32(&r, 0, "node count", &nodes))
        goto fail;
    if (nodes == 0) {
        text_fail(&r, "node count is 0");
        goto fail;
    }
    /* each node's "first degree" takes at least 4 bytes ("0 0\n"), so a count
     * above half the file's size is impossible: refused before anything is
     * allocated for it (a count the file merely falls short of gets the
     * precise message where it ends) */
    if (nodes > INPUTS_MAX_NODES) {
        text_fail(&r, "node count %u: at most %u nodes are supported", nodes, INPUTS_MAX_NODES);
        goto fail;
    }
    if (nodes > r.len / 2) {
        text_fail(&r, "node count %u: the file's %zu bytes cannot hold that many nodes", nodes,
                  r.len);
        goto fail;
    }
    first = malloc((size_t)nodes * sizeof *first);
    deg = malloc((size_t)nodes * sizeof *deg);
    if (!first || !deg) {
        text_fail(&r, "out of memory for %u nodes", nodes);
        goto fail;
    }
    for (uint32_t u = 0; u < nodes; u++)
        if (text_u32(&r, 0, "first edge", &first[u]) || text_u32(&r, 0, "degree", &deg[u]))
            goto fail;
    if (text_u32(&r, 0, "source node", source))
        goto fail;
    if (*source >= nodes) {
        text_fail(&r, "source node %u >= node count %u", *source, nodes);
        goto fail;
    }
    if (text_u32(&r, 0, "edge count", &edges))
        goto fail;
    for (uint32_t u = 0; u < nodes; u++)
        if ((uint64_t)first[u] + deg[u] > edges) {
            text_fail(&r, "node %u's edges [%u, %u) exceed the edge count %u", u, first[u],
                      first[u] + deg[u], edges);
            goto fail;
        }
    if (edges > (r.len - r.pos) / 2) { /* "dest weight\n": at least 4 bytes each */
        text_fail(&r, "edge count %u: the rest of the file (%zu bytes) cannot hold that many edges",
                  edges, r.len - r.pos);
        goto fail;
    }
    dst = malloc(((size_t)edges + 1) * sizeof *dst);
    w = malloc(((size_t)edges + 1) * sizeof *w);
    if (!dst || !w) {
        text_fail(&r, "out of memory for %u edges", edges);
        goto fail;
    }
    for (uint32_t e = 0; e < edges; e++) {
        if (text_u32(&r, 0, "edge destination", &dst[e]) || text_u32(&r, 0, "edge weight", &w[e]))
            goto fail;
        if (dst[e] >= nodes) {
            text_fail(&r, "edge %u goes to node %u, beyond the %u nodes", e, dst[e], nodes);
            goto fail;
        }
    }
    if (text_skip_space(&r, 0)) {
        text_fail(&r, "unexpected text after the %u edges", edges);
        goto fail;
    }
    /* Nodes may name any range of the edge array; gather them in node order. */
    uint64_t total = 0;
    for (uint32_t u = 0; u < nodes; u++)
        total += deg[u];
    if (total > UINT32_MAX) {
        text_fail(&r, "too many edges");
        goto fail;
    }
    src = malloc((total + 1) * sizeof *src);
    uint32_t *gd = malloc((total + 1) * sizeof *gd), *gw = malloc((total + 1) * sizeof *gw);
    if (!src || !gd || !gw) {
        free(gd);
        free(gw);
        text_fail(&r, "out of memory for %llu edges", (unsigned long long)total);
        goto fail;
    }
    size_t k = 0;
    for (uint32_t u = 0; u < nodes; u++)
        for (uint32_t i = 0; i < deg[u]; i++, k++) {
            src[k] = u;
            gd[k] = dst[first[u] + i];
            gw[k] = w[first[u] + i];
        }
    int rc = inputs_graph_from_edges(g, nodes, (uint32_t)total, src, gd, gw, err, errlen);
    free(gd);
    free(gw);
    free(first);
    free(deg);
    free(src);
    free(dst);
    free(w);
    text_close(&r);
    return rc;
fail:
    free(first);
    free(deg);
    free(src);
    free(dst);
    free(w);
    text_close(&r);
    return -1;
}
