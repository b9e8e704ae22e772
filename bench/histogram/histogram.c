/* histogram: 256-bin histogram of a byte stream with per-CTA shared-memory
 * bins (shared atomics) merged by global atomics; exact integer check. */
#include "bench.h"
#include <stdlib.h>

#define HIST_BINS 256u
#define HIST_BLOCK 256u
#define HIST_MAX_CTAS 240u /* partial histograms, 8 per SM of 30 */

/* Image-like bytes: a random walk (neighbouring bytes similar, so the lanes of
 * a warp often hit the same bin, as in real image histograms) restarted at a
 * uniform value every 4 KiB. */
static void hist_generate(uint8_t *bytes, size_t n, uint64_t seed)
{
    struct bench_rng rng = { seed };
    int level = 0;
    for (size_t i = 0; i < n; i++) {
        if (i % 4096 == 0)
            level = (int)bench_rng_below(&rng, 256);
        level += (int)bench_rng_below(&rng, 9) - 4;
        level = level < 0 ? 0 : level > 255 ? 255 : level;
        bytes[i] = (uint8_t)level;
    }
}

static int hist_run(struct bench_ctx *ctx)
{
    if (ctx->input)
        return bench_fail(ctx, "histogram: takes no --input (bytes are generated)");
    static const size_t sizes[BENCH_SIZE_COUNT] = { 128u << 10, 16u << 20, 64u << 20 };
    size_t nbytes = sizes[ctx->size < BENCH_SIZE_COUNT ? ctx->size : 0];
    uint32_t nwords = (uint32_t)(nbytes / 4);
    uint32_t ctas = (nwords + HIST_BLOCK - 1) / HIST_BLOCK;
    if (ctas > HIST_MAX_CTAS)
        ctas = HIST_MAX_CTAS;
    ccgpu *g = ctx->gpu;
    ccgpu_devptr dwords = 0, dhist = 0;
    uint32_t hist[HIST_BINS], want[HIST_BINS] = { 0 };
    int rc = -1;
    uint8_t *bytes = malloc(nbytes);
    if (!bytes) {
        bench_fail(ctx, "histogram: out of host memory for %zu bytes", nbytes);
        goto out;
    }
    hist_generate(bytes, nbytes, ctx->seed);
    if (ccgpu_malloc(g, &dwords, nbytes) || ccgpu_malloc(g, &dhist, sizeof hist) ||
        ccgpu_memcpy_htod(g, dwords, bytes, nbytes) || ccgpu_memset(g, dhist, 0, sizeof hist)) {
        bench_fail(ctx, "histogram: %s", ccgpu_error(g));
        goto out;
    }
    ccgpu_module *m = bench_load_module(ctx, "bench/histogram/histogram.ptx");
    if (!m)
        goto out;
    void *args[] = { &dwords, &nwords, &dhist };
    struct ccgpu_dim3 grid = { ctas, 1, 1 }, block = { HIST_BLOCK, 1, 1 };
    if (ccgpu_launch(g, m, "histogram256", grid, block, 0, args, 3) ||
        ccgpu_memcpy_dtoh(g, hist, dhist, sizeof hist)) {
        bench_fail(ctx, "histogram: %s", ccgpu_error(g));
        goto out;
    }
    /* A word's four bytes are counted alike whatever its byte order, so the
     * byte histogram is the reference. */
    for (size_t i = 0; i < nbytes; i++)
        want[bytes[i]]++;
    for (uint32_t b = 0; b < HIST_BINS; b++)
        if (hist[b] != want[b]) {
            bench_fail(ctx, "histogram: bin %u holds %u, expected %u", b, hist[b], want[b]);
            goto out;
        }
    if (ctx->log)
        fprintf(ctx->log, "histogram: %zu bytes, %u CTAs, 256 bins checked\n", nbytes, ctas);
    rc = 0;
out:
    if (dhist)
        ccgpu_free(g, dhist);
    if (dwords)
        ccgpu_free(g, dwords);
    free(bytes);
    return rc;
}

const struct bench_ops bench_histogram = {
    .version = 1,
    .name = "histogram",
    .klass = "ci",
    .description = "256-bin byte histogram: per-CTA shared-memory atomics, global atomic merge",
    .sizes = "small 128KiB of bytes (128 CTAs), medium 16MiB, large 64MiB (SDK; 240 CTAs)",
    .run = hist_run,
};
