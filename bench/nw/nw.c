/* nw: Needleman-Wunsch alignment scores (Rodinia's "needle" shape): a
 * wavefront over 16 x 16 tiles, one launch per anti-diagonal of tiles, tiles
 * staged in shared memory. Integer DP, so the whole matrix is checked exactly
 * against the CPU recurrence. */
#include "bench.h"
#include <stdlib.h>

#define NW_TILE 16
#define NW_SYMBOLS 24 /* residue alphabet, as BLOSUM-style tables have */
#define NW_PENALTY 10 /* gap penalty, Rodinia's default */

static int nw_max3(int a, int b, int c)
{
    int m = a > b ? a : b;
    return m > c ? m : c;
}

/* A symmetric substitution table in the range of BLOSUM62 (matches +4..+11,
 * mismatches -4..+3), drawn from the seed rather than copied from a table. */
static void nw_table(int t[NW_SYMBOLS][NW_SYMBOLS], struct bench_rng *rng)
{
    for (int a = 0; a < NW_SYMBOLS; a++) {
        t[a][a] = 4 + (int)bench_rng_below(rng, 8);
        for (int b = a + 1; b < NW_SYMBOLS; b++)
            t[a][b] = t[b][a] = (int)bench_rng_below(rng, 8) - 4;
    }
}

static int nw_launch_all(struct bench_ctx *ctx, ccgpu_module *m, ccgpu_devptr dscore,
                         ccgpu_devptr dsub, int n)
{
    int tiles = n / NW_TILE, cols = n + 1, penalty = NW_PENALTY;
    struct ccgpu_dim3 block = { NW_TILE, 1, 1 };
    for (int d = 0; d < 2 * tiles - 1; d++) {
        int first = d < tiles ? 0 : d - tiles + 1;
        int last = d < tiles ? d : tiles - 1;
        struct ccgpu_dim3 grid = { (uint32_t)(last - first + 1), 1, 1 };
        void *args[] = { &dscore, &dsub, &cols, &d, &first, &penalty };
        if (ccgpu_launch(ctx->gpu, m, "nw_tile_diag", grid, block, 0, args, 6))
            return bench_fail(ctx, "nw: tile diagonal %d: %s", d, ccgpu_error(ctx->gpu));
    }
    return 0;
}

static int nw_run(struct bench_ctx *ctx)
{
    if (ctx->input)
        return bench_fail(ctx, "nw: takes no --input (sequences are generated)");
    static const int lengths[BENCH_SIZE_COUNT] = { 128, 1024, 2048 };
    int n = lengths[ctx->size < BENCH_SIZE_COUNT ? ctx->size : 0];
    size_t cols = (size_t)n + 1, cells = cols * cols, bytes = cells * sizeof(int);
    ccgpu *g = ctx->gpu;
    ccgpu_devptr dscore = 0, dsub = 0;
    int rc = -1;
    int *sub = malloc(bytes), *score = malloc(bytes), *got = malloc(bytes);
    uint8_t *seq = malloc(2 * cols);
    if (!sub || !score || !got || !seq) {
        bench_fail(ctx, "nw: out of host memory for length %d", n);
        goto out;
    }
    struct bench_rng rng = { ctx->seed };
    int table[NW_SYMBOLS][NW_SYMBOLS];
    nw_table(table, &rng);
    uint8_t *sa = seq, *sb = seq + cols; /* sa[1..n] down the rows, sb[1..n] across */
    for (size_t i = 0; i < 2 * cols; i++)
        seq[i] = (uint8_t)bench_rng_below(&rng, NW_SYMBOLS);
    /* Row and column 0 of both matrices are borders (sub unused there). */
    for (size_t i = 0; i < cols; i++)
        for (size_t j = 0; j < cols; j++) {
            sub[i * cols + j] = i && j ? table[sa[i]][sb[j]] : 0;
            score[i * cols + j] = !i ? -(int)j * NW_PENALTY
                                : !j ? -(int)i * NW_PENALTY
                                     : (int)0x80808080; /* poison inside */
        }
    if (ccgpu_malloc(g, &dscore, bytes) || ccgpu_malloc(g, &dsub, bytes) ||
        ccgpu_memcpy_htod(g, dscore, score, bytes) || ccgpu_memcpy_htod(g, dsub, sub, bytes)) {
        bench_fail(ctx, "nw: %s", ccgpu_error(g));
        goto out;
    }
    ccgpu_module *m = bench_load_module(ctx, "bench/nw/nw.ptx");
    if (!m || nw_launch_all(ctx, m, dscore, dsub, n))
        goto out;
    if (ccgpu_memcpy_dtoh(g, got, dscore, bytes)) {
        bench_fail(ctx, "nw: %s", ccgpu_error(g));
        goto out;
    }
    for (size_t i = 1; i < cols; i++)
        for (size_t j = 1; j < cols; j++)
            score[i * cols + j] = nw_max3(score[(i - 1) * cols + j - 1] + sub[i * cols + j],
                                          score[(i - 1) * cols + j] - NW_PENALTY,
                                          score[i * cols + j - 1] - NW_PENALTY);
    for (size_t k = 0; k < cells; k++)
        if (got[k] != score[k]) {
            bench_fail(ctx, "nw: score[%zu][%zu] is %d, expected %d", k / cols, k % cols,
                       got[k], score[k]);
            goto out;
        }
    if (ctx->log)
        fprintf(ctx->log, "nw: %dx%d cells, %d launches, final score %d\n", n, n,
                2 * (n / NW_TILE) - 1, score[cells - 1]);
    rc = 0;
out:
    if (dsub)
        ccgpu_free(g, dsub);
    if (dscore)
        ccgpu_free(g, dscore);
    free(sub);
    free(score);
    free(got);
    free(seq);
    return rc;
}

const struct bench_ops bench_nw = {
    .version = 1,
    .name = "nw",
    .klass = "ci",
    .description = "Needleman-Wunsch scores: wavefront of 16x16 shared-memory tiles, a launch per diagonal",
    .sizes = "small 128x128 (15 launches), medium 1024x1024 (127), large 2048x2048 (Rodinia's run, 255)",
    .run = nw_run,
};
