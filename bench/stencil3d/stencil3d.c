/* stencil3d: 7-point 3-D Jacobi stencil, a few time steps with ping-pong
 * buffers, thread per (x, y) column walking z (SACAT's 3DS class). Random
 * grid in [0, 1); the CPU reference runs the same steps in double and carries
 * a per-point rounding-error bound along with it. */
#include "bench.h"
#include <math.h>
#include <stdlib.h>

#define ST_BX 32
#define ST_BY 8

struct st_size {
    uint32_t nx, ny, nz, steps;
};

/* small: 32 x 32 x 16, 2 steps (about 0.7 M thread instructions); medium:
 * 128 x 128 x 64, 4 steps (rows of 512 B, planes of 64 KB: the z-neighbours of
 * a point share its L1 set); large: Parboil stencil's 512 x 512 x 64 grid,
 * 4 steps. */
static const struct st_size st_sizes[BENCH_SIZE_COUNT] = {
    { 32, 32, 16, 2 },
    { 128, 128, 64, 4 },
    { 512, 512, 64, 4 },
};

/* c0 + 6 c1 = 1 with both positive: an averaging step, so errors never grow. */
static const float st_c0 = 0.25f, st_c1 = 0.125f;

static int st_alloc(struct bench_ctx *ctx, ccgpu_devptr *p, size_t bytes)
{
    if (ccgpu_malloc(ctx->gpu, p, bytes) != 0)
        return bench_fail(ctx, "stencil3d: ccgpu_malloc(%zu): %s", bytes, ccgpu_error(ctx->gpu));
    return 0;
}

static void st_release(struct bench_ctx *ctx, ccgpu_devptr p, int *rc)
{
    if (p && ccgpu_free(ctx->gpu, p) != 0 && *rc == 0)
        *rc = bench_fail(ctx, "stencil3d: ccgpu_free: %s", ccgpu_error(ctx->gpu));
}

/* One step of the reference: ref in double, err an upper bound on how far the
 * GPU's float value may be from it. A step rounds at most 8 times (five adds,
 * one multiply, one fused or separate multiply-add), so its own error is
 * within 8 * 2^-24 * (|c0 v| + c1 sum|neighbours|) (the gamma_n bound); the
 * incoming errors are averaged with the same non-negative weights. The check
 * allows twice the bound, for second-order effects. */
static void st_ref_step(const struct st_size *s, const double *ref, const float *err,
                        double *nref, float *nerr)
{
    size_t plane = (size_t)s->nx * s->ny;
    for (uint32_t z = 1; z + 1 < s->nz; z++)
        for (uint32_t y = 1; y + 1 < s->ny; y++)
            for (uint32_t x = 1; x + 1 < s->nx; x++) {
                size_t c = z * plane + (size_t)y * s->nx + x;
                size_t nb[6] = { c - 1, c + 1, c - s->nx, c + s->nx, c - plane, c + plane };
                double sum = 0, abssum = 0, esum = 0;
                for (int k = 0; k < 6; k++) {
                    sum += ref[nb[k]];
                    abssum += fabs(ref[nb[k]]);
                    esum += err[nb[k]];
                }
                nref[c] = st_c0 * ref[c] + st_c1 * sum;
                double local = 8 * 0x1p-24 * (st_c0 * fabs(ref[c]) + st_c1 * abssum);
                nerr[c] = (float)(local + st_c0 * err[c] + st_c1 * esum);
            }
}

static int st_check(struct bench_ctx *ctx, const struct st_size *s, const float *grid0,
                    const float *got)
{
    size_t cells = (size_t)s->nx * s->ny * s->nz;
    double *ref = malloc(2 * cells * sizeof *ref);
    float *err = calloc(2 * cells, sizeof *err);
    int rc = 0;
    if (!ref || !err) {
        rc = bench_fail(ctx, "stencil3d: out of host memory for the reference");
        goto out;
    }
    for (size_t i = 0; i < cells; i++)
        ref[i] = ref[cells + i] = grid0[i]; /* boundary stays put in both */
    for (uint32_t t = 0; t < s->steps; t++) {
        size_t from = (t % 2) * cells, to = ((t + 1) % 2) * cells;
        st_ref_step(s, ref + from, err + from, ref + to, err + to);
    }
    const double *fref = ref + (s->steps % 2) * cells;
    const float *ferr = err + (s->steps % 2) * cells;
    for (size_t i = 0; i < cells; i++) {
        /* boundary points: err is 0, so they must equal the input exactly */
        if (!(fabs((double)got[i] - fref[i]) <= 2.0 * ferr[i])) {
            uint32_t x = (uint32_t)(i % s->nx), y = (uint32_t)(i / s->nx % s->ny);
            uint32_t z = (uint32_t)(i / ((size_t)s->nx * s->ny));
            rc = bench_fail(ctx, "stencil3d: point (%u,%u,%u) after %u steps is %.9g, expected %.9g",
                            x, y, z, s->steps, (double)got[i], fref[i]);
            goto out;
        }
    }
out:
    free(ref);
    free(err);
    return rc;
}

static int st_run(struct bench_ctx *ctx)
{
    if ((unsigned)ctx->size >= BENCH_SIZE_COUNT)
        return bench_fail(ctx, "stencil3d: unknown size %d", (int)ctx->size);
    if (ctx->input)
        return bench_fail(ctx, "stencil3d: takes no --input (the grid is generated)");
    const struct st_size *s = &st_sizes[ctx->size];
    size_t cells = (size_t)s->nx * s->ny * s->nz, bytes = cells * 4;
    float *grid0 = malloc(bytes), *got = malloc(bytes);
    ccgpu_devptr buf[2] = { 0, 0 };
    int rc = -1;
    if (!grid0 || !got) {
        bench_fail(ctx, "stencil3d: out of host memory for %ux%ux%u", s->nx, s->ny, s->nz);
        goto out;
    }
    struct bench_rng rng = { ctx->seed };
    for (size_t i = 0; i < cells; i++)
        grid0[i] = (float)bench_rng_unit(&rng);

    if (st_alloc(ctx, &buf[0], bytes) || st_alloc(ctx, &buf[1], bytes))
        goto out;
    if (ccgpu_memcpy_htod(ctx->gpu, buf[0], grid0, bytes) ||
        ccgpu_memcpy_htod(ctx->gpu, buf[1], grid0, bytes)) {
        bench_fail(ctx, "stencil3d: copying the grid: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    ccgpu_module *mod = bench_load_module(ctx, "bench/stencil3d/stencil3d.ptx");
    if (!mod)
        goto out;
    float c0 = st_c0, c1 = st_c1;
    int nx = (int)s->nx, ny = (int)s->ny, nz = (int)s->nz;
    struct ccgpu_dim3 grid = { (s->nx + ST_BX - 1) / ST_BX, (s->ny + ST_BY - 1) / ST_BY, 1 };
    struct ccgpu_dim3 block = { ST_BX, ST_BY, 1 };
    for (uint32_t t = 0; t < s->steps; t++) {
        void *args[] = { &buf[t % 2], &buf[(t + 1) % 2], &c0, &c1, &nx, &ny, &nz };
        if (ccgpu_launch(ctx->gpu, mod, "stencil3d", grid, block, 0, args, 7) != 0) {
            bench_fail(ctx, "stencil3d: launch (step %u): %s", t, ccgpu_error(ctx->gpu));
            goto out;
        }
    }
    if (ccgpu_memcpy_dtoh(ctx->gpu, got, buf[s->steps % 2], bytes) != 0) {
        bench_fail(ctx, "stencil3d: copying the grid back: %s", ccgpu_error(ctx->gpu));
        goto out;
    }
    if (ctx->log)
        fprintf(ctx->log, "stencil3d: %ux%ux%u, %u steps, %ux%u CTAs of %dx%d\n", s->nx, s->ny,
                s->nz, s->steps, grid.x, grid.y, ST_BX, ST_BY);
    rc = st_check(ctx, s, grid0, got);
out:
    st_release(ctx, buf[0], &rc);
    st_release(ctx, buf[1], &rc);
    free(grid0);
    free(got);
    return rc;
}

const struct bench_ops bench_stencil3d = {
    .version = 1,
    .name = "stencil3d",
    .klass = "conflict",
    .description = "7-point 3-D Jacobi stencil, thread per (x,y) column, ping-pong over time steps",
    .sizes = "nx x ny x nz, steps: small 32x32x16 x2, medium 128x128x64 x4, large 512x512x64 x4",
    .run = st_run,
};
