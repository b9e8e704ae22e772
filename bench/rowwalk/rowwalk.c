/* rowwalk: one thread per row of a row-major float matrix sums its row
 * (bench/rowwalk/rowwalk.cu). The matrix is generated (uniform floats in
 * [-1, 1)); the CPU reference adds each row in the kernel's order (RW_ACC
 * accumulators filled round-robin, then summed in order, all in float), so
 * the sums match bit for bit. */
#include "bench.h"
#include "common/driver.h"
#include <stdlib.h>

enum { RW_BLOCK = 256, RW_UNROLL = 24, RW_ACC = 8 };

/* 96 columns: rows 384 bytes (three 128-byte lines) apart, so the 32 lanes
 * of a warp load fall in 32 different lines and, three lines apart, in 32
 * different sets of a linear-indexed 32-set L1. Each thread reads each of
 * its three lines 32 times. */
#define RW_COLS 96u

/* rows: small 32 CTAs, medium 256 (8.5 times the 30 that 15 SMs of 2 CTAs
 * hold), large 1024 */
static const uint32_t rw_rows[BENCH_SIZE_COUNT] = { 8192, 65536, 262144 };

static float rw_row_sum(const float *row, uint32_t ncols)
{
    float acc[RW_ACC] = { 0 };
    for (uint32_t c = 0; c < ncols; c += RW_UNROLL)
        for (uint32_t u = 0; u < RW_UNROLL; u++)
            acc[u % RW_ACC] += row[c + u];
    float s = 0.0f;
    for (int a = 0; a < RW_ACC; a++)
        s += acc[a];
    return s;
}

/* Launches the kernel over the matrix m and checks every row's sum. */
static int rowwalk_device(struct bench_ctx *ctx, struct drv *d, const float *m, float *sums,
                          uint32_t nrows, uint32_t ncols)
{
    size_t n = (size_t)nrows * ncols;
    ccgpu_devptr dm, dsums;
    int32_t rows = (int32_t)nrows, cols = (int32_t)ncols;
    void *args[] = { &dm, &dsums, &rows, &cols };
    /* sums poisoned with NaN: a row the kernel skips fails */
    if (drv_alloc(d, &dm, n * sizeof *m, m, 0, "matrix") ||
        drv_alloc(d, &dsums, (size_t)nrows * sizeof *sums, NULL, 0xff, "sums") ||
        drv_launch(d, "rowwalk", nrows, RW_BLOCK, args, 4) ||
        drv_download(d, sums, dsums, (size_t)nrows * sizeof *sums, "sums"))
        return -1;
    for (uint32_t r = 0; r < nrows; r++) {
        float want = rw_row_sum(m + (size_t)r * ncols, ncols);
        if (!(sums[r] == want))
            return bench_fail(ctx, "rowwalk: row %u sums to %.9g, expected %.9g", r,
                              (double)sums[r], (double)want);
    }
    if (ctx->log)
        fprintf(ctx->log, "rowwalk: %u rows x %u columns checked\n", nrows, ncols);
    return 0;
}

static int rowwalk_run(struct bench_ctx *ctx)
{
    if (ctx->input)
        return bench_fail(ctx, "rowwalk: takes no --input (the matrix is generated)");
    if ((unsigned)ctx->size >= BENCH_SIZE_COUNT)
        return bench_fail(ctx, "rowwalk: unknown size %d", (int)ctx->size);
    uint32_t nrows = rw_rows[ctx->size], ncols = RW_COLS;
    size_t n = (size_t)nrows * ncols;
    float *m = drv_host_alloc(ctx, n * sizeof *m, "rowwalk matrix");
    float *sums = drv_host_alloc(ctx, (size_t)nrows * sizeof *sums, "rowwalk sums");
    struct drv d;
    int rc = -1;
    if (m && sums) {
        struct bench_rng rng = { ctx->seed };
        for (size_t i = 0; i < n; i++)
            m[i] = (float)(bench_rng_unit(&rng) * 2.0 - 1.0);
        if (drv_init(&d, ctx, "bench/rowwalk/rowwalk.ptx") == 0) {
            rc = rowwalk_device(ctx, &d, m, sums, nrows, ncols);
            drv_release(&d);
        }
    }
    free(m);
    free(sums);
    return rc;
}

const struct bench_ops bench_rowwalk = {
    .version = 1,
    .name = "rowwalk",
    .klass = "micro",
    .description = "row-walking reduction: one thread sums one row of a row-major float matrix "
                   "(uncoalesced, intra-thread locality; 43 registers, 256-thread CTAs)",
    .sizes = "96 columns; rows: small 8192, medium 65536, large 262144 (32 / 256 / 1024 CTAs)",
    .run = rowwalk_run,
};
