/* blackscholes: European option pricing, float, one option per loop step of a
 * grid-stride loop (the CUDA SDK's shape: a capped grid of 128-thread CTAs).
 * Streaming (three loads, two stores per option, no reuse) and heavy on the
 * special-function units. At small, both the default PTX and the
 * -use_fast_math PTX (ex2/lg2/rcp/sqrt/div .approx) run and are checked. */
#include "bench.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BS_BLOCK 128u
#define BS_MAX_CTAS 480u /* the SDK's grid: options per thread grow with n */
#define BS_RATE 0.02f
#define BS_VOL 0.30f
/* Allowed |gpu - ref| as a fraction of spot + strike. A price is a difference
 * of two terms of size ~spot and ~strike, so its rounding error scales with
 * them, not with the (possibly tiny) price. A host float emulation of the
 * kernel, with exp/log/divide perturbed by the ~2^-22 relative error of the
 * .approx instructions, stays below 8e-7 over 2 M options: 1e-5 leaves a
 * 10x margin yet catches any SFU result wrong in the fifth digit. */
#define BS_TOL 1e-5

struct bs_host {
    uint32_t n;
    float *spot, *strike, *years, *call, *put;
};

static double bs_cnd_ref(double d)
{
    double k = 1.0 / (1.0 + 0.2316419 * fabs(d));
    double poly = k * (0.319381530 + k * (-0.356563782 +
                  k * (1.781477937 + k * (-1.821255978 + k * 1.330274429))));
    double tail = 0.398942280401432677940 * exp(-0.5 * d * d) * poly;
    return d > 0.0 ? 1.0 - tail : tail;
}

/* Double-precision reference with the same formula; 0 when all match. */
static int bs_check(struct bench_ctx *ctx, const struct bs_host *h, const char *variant)
{
    const double r = BS_RATE, v = BS_VOL;
    double worst = 0.0; /* largest error as a fraction of the tolerance */
    for (uint32_t i = 0; i < h->n; i++) {
        double s = h->spot[i], x = h->strike[i], t = h->years[i];
        double vsqrt = v * sqrt(t);
        double d1 = (log(s / x) + (r + 0.5 * v * v) * t) / vsqrt;
        double n1 = bs_cnd_ref(d1), n2 = bs_cnd_ref(d1 - vsqrt);
        double disc = x * exp(-r * t);
        double call = s * n1 - disc * n2, put = disc * (1.0 - n2) - s * (1.0 - n1);
        double tol = BS_TOL * (s + x);
        /* written as !(err <= tol) so a NaN (the poison) fails */
        if (!(fabs(h->call[i] - call) <= tol) || !(fabs(h->put[i] - put) <= tol))
            return bench_fail(ctx,
                              "blackscholes (%s): option %u (S=%g X=%g T=%g) call %.7g put %.7g, "
                              "expected %.7g %.7g within %.2g",
                              variant, i, s, x, t, (double)h->call[i], (double)h->put[i], call,
                              put, tol);
        double e = fmax(fabs(h->call[i] - call), fabs(h->put[i] - put)) / tol;
        worst = e > worst ? e : worst;
    }
    if (ctx->log)
        fprintf(ctx->log, "blackscholes (%s): %u options, worst error %.3g of the tolerance\n",
                variant, h->n, worst);
    return 0;
}

/* dev[0..4]: call, put, spot, strike, years */
static int bs_variant(struct bench_ctx *ctx, const char *ptx, const char *variant,
                      ccgpu_devptr dev[5], struct bs_host *h)
{
    ccgpu *g = ctx->gpu;
    size_t bytes = (size_t)h->n * sizeof(float);
    ccgpu_module *m = bench_load_module(ctx, ptx);
    if (!m)
        return -1;
    float rate = BS_RATE, vol = BS_VOL;
    int n = (int)h->n;
    void *args[] = { &dev[0], &dev[1], &dev[2], &dev[3], &dev[4], &rate, &vol, &n };
    uint32_t ctas = (h->n + BS_BLOCK - 1) / BS_BLOCK;
    struct ccgpu_dim3 grid = { ctas < BS_MAX_CTAS ? ctas : BS_MAX_CTAS, 1, 1 };
    struct ccgpu_dim3 block = { BS_BLOCK, 1, 1 };
    if (ccgpu_memset(g, dev[0], 0xff, bytes) || ccgpu_memset(g, dev[1], 0xff, bytes) ||
        ccgpu_launch(g, m, "blackscholes", grid, block, 0, args, 8) ||
        ccgpu_memcpy_dtoh(g, h->call, dev[0], bytes) ||
        ccgpu_memcpy_dtoh(g, h->put, dev[1], bytes))
        return bench_fail(ctx, "blackscholes (%s): %s", variant, ccgpu_error(g));
    return bs_check(ctx, h, variant);
}

static int bs_run(struct bench_ctx *ctx)
{
    if (ctx->input)
        return bench_fail(ctx, "blackscholes: takes no --input (options are generated)");
    static const uint32_t options[BENCH_SIZE_COUNT] = { 4u << 10, 512u << 10, 4u << 20 };
    struct bs_host h = { .n = options[ctx->size < BENCH_SIZE_COUNT ? ctx->size : 0] };
    size_t bytes = (size_t)h.n * sizeof(float);
    ccgpu_devptr dev[5] = { 0 };
    int rc = -1;
    float **arrays[5] = { &h.call, &h.put, &h.spot, &h.strike, &h.years };
    for (int i = 0; i < 5; i++)
        if (!(*arrays[i] = malloc(bytes))) {
            bench_fail(ctx, "blackscholes: out of host memory for %u options", h.n);
            goto out;
        }
    /* the SDK's ranges: spot 5..30, strike 1..100, 0.25..10 years */
    struct bench_rng rng = { ctx->seed };
    for (uint32_t i = 0; i < h.n; i++) {
        h.spot[i] = (float)(5.0 + 25.0 * bench_rng_unit(&rng));
        h.strike[i] = (float)(1.0 + 99.0 * bench_rng_unit(&rng));
        h.years[i] = (float)(0.25 + 9.75 * bench_rng_unit(&rng));
    }
    for (int i = 0; i < 5; i++)
        if (ccgpu_malloc(ctx->gpu, &dev[i], bytes) ||
            (i >= 2 && ccgpu_memcpy_htod(ctx->gpu, dev[i], *arrays[i], bytes))) {
            bench_fail(ctx, "blackscholes: %s", ccgpu_error(ctx->gpu));
            goto out;
        }
    if (bs_variant(ctx, "bench/blackscholes/blackscholes.ptx", "default", dev, &h))
        goto out;
    if (ctx->size == BENCH_SMALL &&
        bs_variant(ctx, "bench/blackscholes/blackscholes_fast.ptx", "fast-math", dev, &h))
        goto out;
    rc = 0;
out:
    for (int i = 4; i >= 0; i--) {
        if (dev[i])
            ccgpu_free(ctx->gpu, dev[i]);
        free(*arrays[i]);
    }
    return rc;
}

const struct bench_ops bench_blackscholes = {
    .version = 1,
    .name = "blackscholes",
    .klass = "ci",
    .description = "Black-Scholes call/put pricing in float, grid-stride loop (streaming, SFU-heavy)",
    .sizes = "small 4Ki options (default and -use_fast_math PTX), medium 512Ki, large 4Mi (SDK)",
    .run = bs_run,
};
