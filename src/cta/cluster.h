/* CTA clustering (cta-clustering-asplos2017, Sec. 4.2): partition the |V|
 * CTAs of the original kernel into M balanced clusters (f), find a CTA from its
 * place in a cluster (f^-1), and bind the new kernel's CTAs or agents to
 * cluster places (RR binding, Eq. 8; SM binding). cuda/cta_clustering.cuh
 * implements the same arithmetic on the GPU; cluster_agent_* model its agent
 * scheme so the exactly-once guarantee can be tested here.
 *
 * Reading of Eqs. 4-5: the paper's condition (v % M <= |V| % M) is not a
 * bijection (|V| = 6, M = 2 sends v = 3 and v = 4 to (0,1)). Its intent, and
 * what Eq. 7 inverts, is consecutive chunks where the first |V| % M clusters
 * hold |V|/M + 1 CTAs and the others |V|/M: v < r(q+1) goes to cluster
 * v / (q+1), the rest to r + (v - r(q+1)) / q, with q = |V|/M, r = |V| % M. */
#ifndef CCGPU_CTA_CLUSTER_H
#define CCGPU_CTA_CLUSTER_H
#include <stdint.h>

/* f: CTA v of n -> (w, i), position w in cluster i of m. n, m >= 1, v < n. */
void cluster_partition(uint32_t n, uint32_t m, uint32_t v, uint32_t *w, uint32_t *i);
/* f^-1 (Eq. 7): v = i (n/m + 1) + w + min(n % m - i, 0). */
uint32_t cluster_invert(uint32_t n, uint32_t m, uint32_t w, uint32_t i);
/* CTAs in cluster i: n/m + (i < n % m). */
uint32_t cluster_size(uint32_t n, uint32_t m, uint32_t i);
/* RR binding (Eq. 8): new-kernel CTA u -> (w, i) = (u / m, u % m). Over
 * u < n it covers every cluster place exactly once. */
void cluster_rr_bind(uint32_t m, uint32_t u, uint32_t *w, uint32_t *i);
/* Redirection-based clustering: the original CTA new CTA u runs. */
uint32_t cluster_redirect(uint32_t n, uint32_t m, uint32_t u);

/* CTA indexing of a 2-D grid (Fig. 7): the order in which f sees the CTAs. */
enum cluster_index {
    CLUSTER_INDEX_Y,    /* row-major, v = by*gx + bx: clusters row-adjacent CTAs (Y-partitioning) */
    CLUSTER_INDEX_X,    /* column-major, v = bx*gy + by: column-adjacent CTAs (X-partitioning) */
    CLUSTER_INDEX_TILE, /* tiles of tile_w x tile_h, row-major, row-major inside */
};

struct cluster_grid {
    uint32_t gx, gy;
    enum cluster_index index;
    uint32_t tile_w, tile_h; /* tile indexing only; edge tiles may be smaller */
};

uint32_t cluster_grid_linear(const struct cluster_grid *g, uint32_t bx, uint32_t by);
void cluster_grid_coords(const struct cluster_grid *g, uint32_t v, uint32_t *bx, uint32_t *by);

/* SM binding as in the paper (Listing 5): agent a of active A on SM i runs
 * places w = a, a + A, a + 2A ... of cluster i. Returns the j-th CTA or
 * UINT32_MAX past the end. Correct only when every SM i < m has all A agents,
 * which no hardware guarantees -- hence the agent scheme below. */
uint32_t cluster_sm_bind(uint32_t n, uint32_t m, uint32_t active, uint32_t i, uint32_t a,
                         uint32_t j);

/* The agent scheme of cuda/cta_clustering.cuh, modelled on the host. Shared
 * state: one agent counter and one next-place counter per cluster. An agent
 * on SM s takes cluster own = s % m, gets its id from that cluster's agent
 * counter (throttled when id >= active), then claims places of its own cluster
 * one at a time from the next-place counter; when that runs out it moves on to
 * the following clusters (own+1, own+2 ... mod m) and claims from them. Every
 * claim is one atomic increment, so each place is handed out exactly once, and
 * a cluster whose SM got no agent is drained by the others. */
struct cluster_agents {
    uint32_t n, m, active;
    uint32_t *agent_count; /* m */
    uint32_t *next;        /* m */
};

struct cluster_agent {
    uint32_t own, scanned; /* own cluster; clusters finished so far */
    int active;
};

int cluster_agents_init(struct cluster_agents *a, uint32_t n, uint32_t m, uint32_t active);
void cluster_agents_free(struct cluster_agents *a);
/* an agent starts on SM smid */
void cluster_agent_start(struct cluster_agents *a, struct cluster_agent *ag, uint32_t smid);
/* next original CTA for this agent, or UINT32_MAX when it should exit */
uint32_t cluster_agent_next(struct cluster_agents *a, struct cluster_agent *ag);

#endif
