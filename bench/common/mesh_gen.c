/* A perturbed triangulated grid: the connectivity of a 2-D unstructured mesh
 * (interior nodes of degree 6) with locally shuffled numbering. */
#include "common/inputs.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mesh2d_free(struct mesh2d *m)
{
    free(m->x);
    free(m->y);
    free(m->a);
    free(m->b);
    memset(m, 0, sizeof *m);
}

/* Shuffles consecutive windows of `window` entries of a permutation. */
static void shuffle_windows(uint32_t *ids, uint32_t n, uint32_t window, struct bench_rng *rng)
{
    for (uint32_t at = 0; at < n; at += window)
        inputs_shuffle_u32(ids + at, n - at < window ? n - at : window, rng);
}

int inputs_mesh_grid(struct mesh2d *m, uint32_t nx, uint32_t ny, double jitter, uint32_t window,
                     struct bench_rng *rng, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    if (nx < 2 || ny < 2 || window == 0 || (uint64_t)nx * ny > (1u << 30)) {
        snprintf(err, errlen, "mesh: needs a grid of at least 2 x 2 (at most 2^30 nodes), window > 0");
        return -1;
    }
    uint32_t nodes = nx * ny;
    /* horizontal + vertical + one diagonal per cell */
    uint32_t edges = (nx - 1) * ny + nx * (ny - 1) + (nx - 1) * (ny - 1);
    m->nodes = nodes;
    m->edges = edges;
    m->x = malloc((size_t)nodes * sizeof *m->x);
    m->y = malloc((size_t)nodes * sizeof *m->y);
    m->a = malloc((size_t)edges * sizeof *m->a);
    m->b = malloc((size_t)edges * sizeof *m->b);
    uint32_t *id = malloc((size_t)nodes * sizeof *id);
    uint32_t *order = malloc((size_t)edges * sizeof *order);
    uint32_t *ta = malloc((size_t)edges * sizeof *ta), *tb = malloc((size_t)edges * sizeof *tb);
    if (!m->x || !m->y || !m->a || !m->b || !id || !order || !ta || !tb) {
        mesh2d_free(m);
        free(id);
        free(order);
        free(ta);
        free(tb);
        snprintf(err, errlen, "mesh: out of memory for %u nodes", nodes);
        return -1;
    }
    for (uint32_t i = 0; i < nodes; i++)
        id[i] = i;
    shuffle_windows(id, nodes, window, rng);
    for (uint32_t j = 0; j < ny; j++)
        for (uint32_t i = 0; i < nx; i++) {
            uint32_t v = id[j * nx + i];
            m->x[v] = (float)(i + jitter * (bench_rng_unit(rng) - 0.5));
            m->y[v] = (float)(j + jitter * (bench_rng_unit(rng) - 0.5));
        }
    uint32_t e = 0;
    for (uint32_t j = 0; j < ny; j++)
        for (uint32_t i = 0; i < nx; i++) {
            uint32_t p = j * nx + i;
            if (i + 1 < nx) {
                ta[e] = id[p];
                tb[e++] = id[p + 1];
            }
            if (j + 1 < ny) {
                ta[e] = id[p];
                tb[e++] = id[p + nx];
            }
            if (i + 1 < nx && j + 1 < ny) {
                int flip = (int)bench_rng_below(rng, 2);
                ta[e] = flip ? id[p + 1] : id[p];
                tb[e++] = flip ? id[p + nx] : id[p + nx + 1];
            }
        }
    for (uint32_t k = 0; k < edges; k++)
        order[k] = k;
    shuffle_windows(order, edges, 4 * window, rng);
    for (uint32_t k = 0; k < edges; k++) {
        m->a[k] = ta[order[k]];
        m->b[k] = tb[order[k]];
    }
    free(id);
    free(order);
    free(ta);
    free(tb);
    return 0;
}
