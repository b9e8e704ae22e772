/* CTA clustering arithmetic (cta-clustering-asplos2017, Eqs. 3-8). */
#include "cta/cluster.h"
#include <stdlib.h>

void cluster_partition(uint32_t n, uint32_t m, uint32_t v, uint32_t *w, uint32_t *i)
{
    uint32_t q = n / m, r = n % m;
    uint64_t big = (uint64_t)r * (q + 1); /* CTAs in the larger clusters */
    if (v < big) {
        *i = v / (q + 1);
        *w = v % (q + 1);
    } else {
        *i = r + (uint32_t)((v - big) / q);
        *w = (uint32_t)((v - big) % q);
    }
}

uint32_t cluster_invert(uint32_t n, uint32_t m, uint32_t w, uint32_t i)
{
    uint32_t q = n / m, r = n % m;
    /* Eq. 7 with min(r - i, 0) kept signed */
    int64_t v = (int64_t)i * (q + 1) + w + ((int64_t)r - i < 0 ? (int64_t)r - i : 0);
    return (uint32_t)v;
}

uint32_t cluster_size(uint32_t n, uint32_t m, uint32_t i)
{
    return n / m + (i < n % m);
}

void cluster_rr_bind(uint32_t m, uint32_t u, uint32_t *w, uint32_t *i)
{
    *w = u / m;
    *i = u % m;
}

uint32_t cluster_redirect(uint32_t n, uint32_t m, uint32_t u)
{
    uint32_t w, i;
    cluster_rr_bind(m, u, &w, &i);
    return cluster_invert(n, m, w, i);
}

static uint32_t min_u32(uint32_t a, uint32_t b)
{
    return a < b ? a : b;
}

uint32_t cluster_grid_linear(const struct cluster_grid *g, uint32_t bx, uint32_t by)
{
    switch (g->index) {
    case CLUSTER_INDEX_X:
        return bx * g->gy + by;
    case CLUSTER_INDEX_TILE: {
        uint32_t tx = bx / g->tile_w, ty = by / g->tile_h;
        uint32_t h = min_u32(g->tile_h, g->gy - ty * g->tile_h); /* this tile row's height */
        uint32_t w = min_u32(g->tile_w, g->gx - tx * g->tile_w); /* this tile's width */
        return ty * g->tile_h * g->gx + tx * g->tile_w * h + (by - ty * g->tile_h) * w +
               (bx - tx * g->tile_w);
    }
    default:
        return by * g->gx + bx;
    }
}

void cluster_grid_coords(const struct cluster_grid *g, uint32_t v, uint32_t *bx, uint32_t *by)
{
    switch (g->index) {
    case CLUSTER_INDEX_X:
        *bx = v / g->gy;
        *by = v % g->gy;
        return;
    case CLUSTER_INDEX_TILE: {
        uint32_t ty = v / (g->tile_h * g->gx);
        uint32_t rem = v - ty * g->tile_h * g->gx;
        uint32_t h = min_u32(g->tile_h, g->gy - ty * g->tile_h);
        uint32_t tx = rem / (g->tile_w * h); /* tiles before the last are full width */
        rem -= tx * g->tile_w * h;
        uint32_t w = min_u32(g->tile_w, g->gx - tx * g->tile_w);
        *by = ty * g->tile_h + rem / w;
        *bx = tx * g->tile_w + rem % w;
        return;
    }
    default:
        *by = v / g->gx;
        *bx = v % g->gx;
    }
}

uint32_t cluster_sm_bind(uint32_t n, uint32_t m, uint32_t active, uint32_t i, uint32_t a,
                         uint32_t j)
{
    uint64_t w = a + (uint64_t)j * active;
    if (i >= m || w >= cluster_size(n, m, i))
        return UINT32_MAX;
    return cluster_invert(n, m, (uint32_t)w, i);
}

int cluster_agents_init(struct cluster_agents *a, uint32_t n, uint32_t m, uint32_t active)
{
    a->n = n;
    a->m = m ? m : 1;
    a->active = active;
    a->agent_count = calloc(a->m, sizeof *a->agent_count);
    a->next = calloc(a->m, sizeof *a->next);
    if (!a->agent_count || !a->next) {
        cluster_agents_free(a);
        return -1;
    }
    return 0;
}

void cluster_agents_free(struct cluster_agents *a)
{
    free(a->agent_count);
    free(a->next);
    a->agent_count = a->next = NULL;
}

void cluster_agent_start(struct cluster_agents *a, struct cluster_agent *ag, uint32_t smid)
{
    ag->own = smid % a->m;
    ag->scanned = 0;
    ag->active = a->agent_count[ag->own]++ < a->active; /* atomicAdd on the GPU */
}

uint32_t cluster_agent_next(struct cluster_agents *a, struct cluster_agent *ag)
{
    if (!ag->active)
        return UINT32_MAX;
    while (ag->scanned < a->m) {
        uint32_t c = (ag->own + ag->scanned) % a->m;
        uint32_t w = a->next[c]++; /* atomicAdd on the GPU */
        if (w < cluster_size(a->n, a->m, c))
            return cluster_invert(a->n, a->m, w, c);
        ag->scanned++;
    }
    return UINT32_MAX;
}
