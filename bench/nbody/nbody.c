/* nbody: all-pairs gravitational n-body, CUDA SDK style, with shared-memory
 * tiles of float4 bodies (CTA-clustering's NBO). Bodies uniform in a cube,
 * masses in [0.5, 1.5). Each time step is checked on its own against a double
 * reference computed from the state the GPU started that step with, so
 * rounding differences never compound through the (chaotic) dynamics. */
#include "bench.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct nb_size {
    uint32_t bodies, block, steps;
};

/* small: 256 bodies in 4 CTAs of 64, 2 steps (about 2.2 M thread
 * instructions); medium: 2048 bodies, 2 steps; large: the CUDA SDK
 * benchmark's 16384 bodies, 1 step. Blocks of 256 as in the SDK beyond small. */
static const struct nb_size nb_sizes[BENCH_SIZE_COUNT] = {
    { 256, 64, 2 },
    { 2048, 256, 2 },
    { 16384, 256, 1 },
};

static const float nb_dt = 0.001f, nb_damping = 0.995f, nb_eps2 = 0.01f;

struct nb_vec4 {
    float x, y, z, w; /* position + mass, or velocity + unused */
};

static int nb_alloc(struct bench_ctx *ctx, ccgpu_devptr *p, size_t bytes)
{
    if (ccgpu_malloc(ctx->gpu, p, bytes) != 0)
        return bench_fail(ctx, "nbody: ccgpu_malloc(%zu): %s", bytes, ccgpu_error(ctx->gpu));
    return 0;
}

static void nb_release(struct bench_ctx *ctx, ccgpu_devptr p, int *rc)
{
    if (p && ccgpu_free(ctx->gpu, p) != 0 && *rc == 0)
        *rc = bench_fail(ctx, "nbody: ccgpu_free: %s", ccgpu_error(ctx->gpu));
}

/* Checks one step: (pos, vel) before, (npos, nvel) as the GPU left them.
 *
 * Tolerance. Each interaction term m r_c (|r|^2 + eps2)^-3/2 carries a
 * relative error of a few float roundings (difference, squared distance,
 * three multiplies: under 16 * 2^-24 in all) plus rsqrt.approx's (at most
 * 2^-22.9, tripled by the cube: under 8 * 2^-24). The kernel adds the terms
 * for j ascending, one rounding per step at the size of the running sum s_j.
 * So to first order |acc - ref| <= 2^-24 sum_j (|s_j| + 24 |t_j|), allowed
 * twice over. Velocity and position then take two and one more roundings on
 * top of the propagated acceleration error. */
static int nb_check_step(struct bench_ctx *ctx, uint32_t n, uint32_t step,
                         const struct nb_vec4 *pos, const struct nb_vec4 *vel,
                         const struct nb_vec4 *npos, const struct nb_vec4 *nvel)
{
    const double u = 0x1p-24, dt = nb_dt, damp = nb_damping;
    for (uint32_t i = 0; i < n; i++) {
        double acc[3] = { 0, 0, 0 }, bound[3] = { 0, 0, 0 };
        const double me[3] = { pos[i].x, pos[i].y, pos[i].z };
        for (uint32_t j = 0; j < n; j++) {
            double r[3] = { (double)pos[j].x - me[0], (double)pos[j].y - me[1],
                            (double)pos[j].z - me[2] };
            double d2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + nb_eps2;
            double s = pos[j].w / (d2 * sqrt(d2));
            for (int c = 0; c < 3; c++) {
                acc[c] += r[c] * s;
                bound[c] += fabs(acc[c]) + 24 * fabs(r[c] * s);
            }
        }
        const double v[3] = { vel[i].x, vel[i].y, vel[i].z };
        const double p[3] = { pos[i].x, pos[i].y, pos[i].z };
        const float gv[3] = { nvel[i].x, nvel[i].y, nvel[i].z };
        const float gp[3] = { npos[i].x, npos[i].y, npos[i].z };
        for (int c = 0; c < 3; c++) {
            double tol_a = 2.0 * u * bound[c];
            double rv = (v[c] + acc[c] * dt) * damp;
            double tol_v = damp * dt * tol_a + 4 * u * damp * (fabs(v[c]) + fabs(acc[c] * dt));
            double rp = p[c] + rv * dt;
            double tol_p = dt * tol_v + 4 * u * (fabs(p[c]) + fabs(rv * dt));
            if (!(fabs(gv[c] - rv) <= tol_v))
                return bench_fail(ctx, "nbody: step %u: velocity %c of body %u is %.9g, expected %.9g",
                                  step, "xyz"[c], i, (double)gv[c], rv);
            if (!(fabs(gp[c] - rp) <= tol_p))
                return bench_fail(ctx, "nbody: step %u: position %c of body %u is %.9g, expected %.9g",
                                  step, "xyz"[c], i, (double)gp[c], rp);
        }
        if (memcmp(&npos[i].w, &pos[i].w, sizeof(float)) != 0)
            return bench_fail(ctx, "nbody: step %u: mass of body %u changed from %.9g to %.9g", step,
                              i, (double)pos[i].w, (double)npos[i].w);
    }
    return 0;
}

static int nb_run(struct bench_ctx *ctx)
{
    if ((unsigned)ctx->size >= BENCH_SIZE_COUNT)
        return bench_fail(ctx, "nbody: unknown size %d", (int)ctx->size);
    if (ctx->input)
        return bench_fail(ctx, "nbody: takes no --input (bodies are generated)");
    const struct nb_size *s = &nb_sizes[ctx->size];
    size_t bytes = (size_t)s->bodies * sizeof(struct nb_vec4);
    struct nb_vec4 *pos = malloc(bytes), *vel = malloc(bytes);
    struct nb_vec4 *npos = malloc(bytes), *nvel = malloc(bytes);
    ccgpu_devptr dpos[2] = { 0, 0 }, dvel = 0;
    int rc = -1;
    if (!pos || !vel || !npos || !nvel) {
        bench_fail(ctx, "nbody: out of host memory for %u bodies", s->bodies);
        goto out;
    }
    struct bench_rng rng = { ctx->seed };
    for (uint32_t i = 0; i < s->bodies; i++) {
        pos[i].x = (float)(2.0 * bench_rng_unit(&rng) - 1.0);
        pos[i].y = (float)(2.0 * bench_rng_unit(&rng) - 1.0);
        pos[i].z = (float)(2.0 * bench_rng_unit(&rng) - 1.0);
        pos[i].w = (float)(0.5 + bench_rng_unit(&rng));
        vel[i].x = (float)(0.2 * bench_rng_unit(&rng) - 0.1);
        vel[i].y = (float)(0.2 * bench_rng_unit(&rng) - 0.1);
        vel[i].z = (float)(0.2 * bench_rng_unit(&rng) - 0.1);
        vel[i].w = 0.0f;
    }
    if (nb_alloc(ctx, &dpos[0], bytes) || nb_alloc(ctx, &dpos[1], bytes) ||
        nb_alloc(ctx, &dvel, bytes))
        goto out;
    if (ccgpu_memcpy_htod(ctx->gpu, dpos[0], pos, bytes) ||
        ccgpu_memcpy_htod(ctx->gpu, dvel, vel, bytes) ||
        ccgpu_memset(ctx->gpu, dpos[1], 0xff, bytes)) { /* NaN poison */
        bench_fail(ctx, "nbody: copying bodies: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    ccgpu_module *mod = bench_load_module(ctx, "bench/nbody/nbody.ptx");
    if (!mod)
        goto out;
    int n = (int)s->bodies;
    float dt = nb_dt, damping = nb_damping, eps2 = nb_eps2;
    struct ccgpu_dim3 grid = { s->bodies / s->block, 1, 1 };
    struct ccgpu_dim3 block = { s->block, 1, 1 };
    uint32_t shared = s->block * (uint32_t)sizeof(struct nb_vec4);
    for (uint32_t t = 0; t < s->steps; t++) {
        void *args[] = { &dpos[t % 2], &dpos[(t + 1) % 2], &dvel, &n, &dt, &damping, &eps2 };
        if (ccgpu_launch(ctx->gpu, mod, "nbody_step", grid, block, shared, args, 7) != 0) {
            bench_fail(ctx, "nbody: launch (step %u): %s", t, ccgpu_error(ctx->gpu));
            goto out;
        }
        if (ccgpu_memcpy_dtoh(ctx->gpu, npos, dpos[(t + 1) % 2], bytes) ||
            ccgpu_memcpy_dtoh(ctx->gpu, nvel, dvel, bytes)) {
            bench_fail(ctx, "nbody: copying bodies back: %s", ccgpu_error(ctx->gpu));
            goto out;
        }
        if (nb_check_step(ctx, s->bodies, t, pos, vel, npos, nvel) != 0)
            goto out;
        struct nb_vec4 *tmp = pos;
        pos = npos;
        npos = tmp;
        tmp = vel;
        vel = nvel;
        nvel = tmp;
    }
    if (ctx->log)
        fprintf(ctx->log, "nbody: %u bodies, %u steps, %u CTAs of %u, %u B shared each\n",
                s->bodies, s->steps, grid.x, s->block, shared);
    rc = 0;
out:
    nb_release(ctx, dpos[0], &rc);
    nb_release(ctx, dpos[1], &rc);
    nb_release(ctx, dvel, &rc);
    free(pos);
    free(vel);
    free(npos);
    free(nvel);
    return rc;
}

const struct bench_ops bench_nbody = {
    .version = 1,
    .name = "nbody",
    .klass = "intercta",
    .description = "all-pairs gravitational n-body, float4 bodies tiled through dynamic shared memory",
    .sizes = "bodies x steps: small 256 x2 (CTAs of 64), medium 2048 x2, large 16384 x1 (SDK)",
    .run = nb_run,
};
