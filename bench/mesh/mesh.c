/* Unstructured-mesh driver: a few explicit time steps of an edge-based
 * finite-volume Euler solver on a perturbed triangulated grid. Every step's
 * residual is checked against a double-precision CPU flux computed from the
 * same state, and the state update against the residual. */
#include "bench.h"
#include "common/driver.h"
#include "common/inputs.h"
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { BLOCK = 256 };
#define DT 0.01f
#define GM1 0.4 /* gamma - 1 */

struct mesh_size {
    uint32_t nx, ny, steps;
};
/* large: 600 x 600 = 360K nodes and 1.08M edges, the edge count of the AWSS
 * paper's foil mesh (144,649 nodes, 1,074,393 edges) */
static const struct mesh_size sizes[BENCH_SIZE_COUNT] = {
    { 48, 48, 2 },
    { 360, 360, 2 },
    { 600, 600, 5 },
};

struct sim {
    struct mesh2d m;
    float *normal; /* 2 per edge */
    float *q, *q_new, *res, *ref, *mag;
};

static void sim_free(struct sim *s)
{
    mesh2d_free(&s->m);
    free(s->normal);
    free(s->q);
    free(s->q_new);
    free(s->res);
    free(s->ref);
    free(s->mag);
}

static int setup(struct bench_ctx *ctx, struct sim *s, const struct mesh_size *sz)
{
    struct bench_rng rng = { ctx->seed };
    if (inputs_mesh_grid(&s->m, sz->nx, sz->ny, 0.4, 64, &rng, ctx->error, sizeof ctx->error))
        return -1;
    uint32_t n = s->m.nodes, e = s->m.edges;
    s->normal = drv_host_alloc(ctx, (size_t)e * 8, "mesh normals");
    s->q = drv_host_alloc(ctx, (size_t)n * 16, "mesh state");
    s->q_new = drv_host_alloc(ctx, (size_t)n * 16, "mesh state");
    s->res = drv_host_alloc(ctx, (size_t)n * 16, "mesh residual");
    s->ref = drv_host_alloc(ctx, (size_t)n * 4 * sizeof(double), "mesh reference");
    s->mag = drv_host_alloc(ctx, (size_t)n * 4 * sizeof(double), "mesh reference");
    if (!s->normal || !s->q || !s->q_new || !s->res || !s->ref || !s->mag)
        return -1;
    /* face normal of the dual cell: along the edge, half its length */
    for (uint32_t k = 0; k < e; k++) {
        s->normal[2 * k] = 0.5f * (s->m.x[s->m.b[k]] - s->m.x[s->m.a[k]]);
        s->normal[2 * k + 1] = 0.5f * (s->m.y[s->m.b[k]] - s->m.y[s->m.a[k]]);
    }
    /* a smooth flow with a density bump: rho, rho u, rho v, E */
    for (uint32_t v = 0; v < n; v++) {
        double x = s->m.x[v], y = s->m.y[v];
        double rho = 1.0 + 0.2 * sin(0.3 * x) * cos(0.2 * y);
        double u = 0.3 + 0.1 * cos(0.1 * y), w = 0.1 * sin(0.15 * x), p = 1.0;
        s->q[4 * v] = (float)rho;
        s->q[4 * v + 1] = (float)(rho * u);
        s->q[4 * v + 2] = (float)(rho * w);
        s->q[4 * v + 3] = (float)(p / GM1 + 0.5 * rho * (u * u + w * w));
    }
    return 0;
}

/* Residual in double from the float state, plus per node component the sum
 * of the magnitudes of the terms its fluxes are built from. */
static void cpu_flux(struct sim *s)
{
    memset(s->ref, 0, (size_t)s->m.nodes * 4 * sizeof(double));
    memset(s->mag, 0, (size_t)s->m.nodes * 4 * sizeof(double));
    for (uint32_t k = 0; k < s->m.edges; k++) {
        uint32_t a = s->m.a[k], b = s->m.b[k];
        const float *qa = s->q + 4 * a, *qb = s->q + 4 * b;
        double nx = s->normal[2 * k], ny = s->normal[2 * k + 1];
        double ua = (qa[1] * nx + qa[2] * ny) / qa[0], ub = (qb[1] * nx + qb[2] * ny) / qb[0];
        double pa = GM1 * (qa[3] - 0.5 * ((double)qa[1] * qa[1] + (double)qa[2] * qa[2]) / qa[0]);
        double pb = GM1 * (qb[3] - 0.5 * ((double)qb[1] * qb[1] + (double)qb[2] * qb[2]) / qb[0]);
        double sp = fmax(fabs(ua), fabs(ub)) + 1.0;
        double f[4] = {
            0.5 * (qa[0] * ua + qb[0] * ub) - 0.5 * sp * (qb[0] - qa[0]),
            0.5 * (qa[1] * ua + qb[1] * ub + (pa + pb) * nx) - 0.5 * sp * (qb[1] - qa[1]),
            0.5 * (qa[2] * ua + qb[2] * ub + (pa + pb) * ny) - 0.5 * sp * (qb[2] - qa[2]),
            0.5 * ((qa[3] + pa) * ua + (qb[3] + pb) * ub) - 0.5 * sp * (qb[3] - qa[3]),
        };
        double big = fabs(pa) + fabs(pb);
        for (int c = 0; c < 4; c++)
            big += fabs(qa[c]) + fabs(qb[c]);
        double scale = big * (fabs(ua) + fabs(ub) + sp + fabs(nx) + fabs(ny));
        for (int c = 0; c < 4; c++) {
            s->ref[4 * a + c] -= f[c];
            s->ref[4 * b + c] += f[c];
            s->mag[4 * a + c] += scale;
            s->mag[4 * b + c] += scale;
        }
    }
}

/* The float kernel rounds each flux some ten times (terms bounded by the
 * edge's `scale`, divisions adding 2 ulp of the velocity) and atomicAdd sums
 * a node's few fluxes in any order: 64 * FLT_EPSILON of the summed term
 * magnitudes bounds both with margin, yet is far below any wrong edge or
 * sign (which changes a residual by O(scale)). */
static int check_residual(struct bench_ctx *ctx, const struct sim *s, uint32_t step)
{
    for (uint32_t i = 0; i < 4 * s->m.nodes; i++) {
        double tol = 64 * (double)FLT_EPSILON * s->mag[i];
        if (!(fabs(s->res[i] - s->ref[i]) <= tol))
            return bench_fail(ctx, "mesh: step %u: residual %u of node %u is %.9g, expected %.9g "
                              "(tolerance %.3g)", step, i % 4, i / 4, s->res[i], s->ref[i], tol);
    }
    return 0;
}

static int run_mesh(struct bench_ctx *ctx, struct drv *d, struct sim *s, uint32_t steps)
{
    uint32_t n = s->m.nodes, e = s->m.edges;
    ccgpu_devptr d_a, d_b, d_normal, d_q, d_res;
    if (drv_alloc(d, &d_a, (size_t)e * 4, s->m.a, 0, "edge nodes") ||
        drv_alloc(d, &d_b, (size_t)e * 4, s->m.b, 0, "edge nodes") ||
        drv_alloc(d, &d_normal, (size_t)e * 8, s->normal, 0, "edge normals") ||
        drv_alloc(d, &d_q, (size_t)n * 16, s->q, 0, "state") ||
        drv_alloc(d, &d_res, (size_t)n * 16, NULL, 0, "residual"))
        return -1;
    int32_t ne = (int32_t)e, nv = (int32_t)(4 * n);
    float dt = DT;
    void *flux_args[] = { &d_a, &d_b, &d_normal, &d_q, &d_res, &ne };
    void *update_args[] = { &d_q, &d_res, &dt, &nv };
    for (uint32_t step = 0; step < steps; step++) {
        if (drv_fill(d, d_res, 0, (size_t)n * 16, "residual") ||
            drv_launch(d, "mesh_flux", e, BLOCK, flux_args, 6) ||
            drv_launch(d, "mesh_update", 4ull * n, BLOCK, update_args, 4) ||
            drv_download(d, s->res, d_res, (size_t)n * 16, "residual") ||
            drv_download(d, s->q_new, d_q, (size_t)n * 16, "state"))
            return -1;
        cpu_flux(s);
        if (check_residual(ctx, s, step))
            return -1;
        for (uint32_t i = 0; i < 4 * n; i++) {
            float want = s->q[i] + DT * s->res[i];
            double tol = 2 * (double)FLT_EPSILON * (fabs(s->q[i]) + fabs(DT * s->res[i]));
            if (!(fabs((double)s->q_new[i] - want) <= tol))
                return bench_fail(ctx, "mesh: step %u: state %u of node %u is %.9g, expected %.9g",
                                  step, i % 4, i / 4, s->q_new[i], want);
        }
        memcpy(s->q, s->q_new, (size_t)n * 16);
    }
    if (ctx->log)
        fprintf(ctx->log, "mesh: %u nodes, %u edges, %u steps\n", n, e, steps);
    return 0;
}

static int mesh_run(struct bench_ctx *ctx)
{
    if (ctx->input)
        return bench_fail(ctx, "mesh: takes no --input (the mesh is generated)");
    const struct mesh_size *sz = &sizes[ctx->size];
    struct sim s = { 0 };
    struct drv d;
    int rc = -1;
    if (setup(ctx, &s, sz) == 0 && drv_init(&d, ctx, "bench/mesh/mesh.ptx") == 0) {
        rc = run_mesh(ctx, &d, &s, sz->steps);
        drv_release(&d);
    }
    sim_free(&s);
    return rc;
}

const struct bench_ops bench_mesh = {
    .version = 1,
    .name = "mesh",
    .klass = "mcs",
    .description = "unstructured-mesh edge kernel (euler-like): per-edge flux from both end "
                   "nodes' state, scattered with float atomicAdd; explicit time steps",
    .sizes = "perturbed triangulated grid: small 48x48 nodes, 2 steps; medium 360x360, 2; "
             "large 600x600 (1.08M edges, AWSS foil scale), 5",
    .run = mesh_run,
};
