/* SpMV CSR-scalar driver: y = A x for a generated (random rows or banded) or
 * Matrix Market matrix, checked against a CPU product. */
#include "bench.h"
#include "common/driver.h"
#include "common/inputs.h"
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { BLOCK = 256, AVG_PER_ROW = 16 };
static const uint32_t rows_for[BENCH_SIZE_COUNT] = { 4096, 1u << 18, 1u << 21 };

static int matrix_input(struct bench_ctx *ctx, struct csr_matrix *m)
{
    struct bench_rng rng = { ctx->seed };
    uint32_t n = rows_for[ctx->size];
    const char *in = ctx->input ? ctx->input : "random";
    if (strcmp(in, "random") == 0)
        return inputs_matrix_random(m, n, n, ctx->size == BENCH_SMALL ? 8 : AVG_PER_ROW, &rng,
                                    ctx->error, sizeof ctx->error);
    if (strcmp(in, "banded") == 0)
        return inputs_matrix_banded(m, n, 32, 0.25, &rng, ctx->error, sizeof ctx->error);
    char path[1024];
    if (inputs_resolve(ctx, in, path, sizeof path))
        return -1;
    return inputs_load_matrix_market(path, m, ctx->error, sizeof ctx->error);
}

/* The reference sums in the kernel's order with fmaf (nvcc contracts
 * sum += v * x into fma.rn.f32), so it normally matches bit for bit. The
 * tolerance admits a differently contracted kernel: each of the row's k
 * roundings errs by at most eps/2 of a partial sum bounded by sum |a_ij x_j|,
 * so |y - ref| <= (k + 1) * eps * sum |a_ij x_j|. */
static int check(struct bench_ctx *ctx, const struct csr_matrix *m, const float *x, const float *y)
{
    for (uint32_t r = 0; r < m->rows; r++) {
        float ref = 0.0f;
        double mag = 0.0;
        for (uint32_t j = m->row[r]; j < m->row[r + 1]; j++) {
            ref = fmaf(m->val[j], x[m->col[j]], ref);
            mag += fabs((double)m->val[j] * x[m->col[j]]);
        }
        double tol = (m->row[r + 1] - m->row[r] + 1) * (double)FLT_EPSILON * mag;
        if (!(fabs((double)y[r] - ref) <= tol))
            return bench_fail(ctx, "spmv: y[%u] is %.9g, expected %.9g (tolerance %.3g)", r, y[r],
                              ref, tol);
    }
    return 0;
}

static int run_spmv(struct bench_ctx *ctx, struct drv *d, const struct csr_matrix *m, float *x, float *y)
{
    struct bench_rng rng = { ctx->seed ^ 0x5eed };
    for (uint32_t c = 0; c < m->cols; c++)
        x[c] = (float)(bench_rng_unit(&rng) * 2.0 - 1.0);
    ccgpu_devptr d_row, d_col, d_val, d_x, d_y;
    if (drv_alloc(d, &d_row, ((size_t)m->rows + 1) * 4, m->row, 0, "row offsets") ||
        drv_alloc(d, &d_col, (size_t)m->nnz * 4, m->col, 0, "column indices") ||
        drv_alloc(d, &d_val, (size_t)m->nnz * 4, m->val, 0, "values") ||
        drv_alloc(d, &d_x, (size_t)m->cols * 4, x, 0, "x") ||
        drv_alloc(d, &d_y, (size_t)m->rows * 4, NULL, 0xff, "y")) /* NaN poison */
        return -1;
    int32_t rows = (int32_t)m->rows;
    void *args[] = { &d_row, &d_col, &d_val, &d_x, &d_y, &rows };
    if (drv_launch(d, "spmv_csr_scalar", m->rows, BLOCK, args, 6) ||
        drv_download(d, y, d_y, (size_t)m->rows * 4, "y"))
        return -1;
    if (ctx->log)
        fprintf(ctx->log, "spmv: %u x %u, %u nonzeros\n", m->rows, m->cols, m->nnz);
    return check(ctx, m, x, y);
}

static int spmv_run(struct bench_ctx *ctx)
{
    struct csr_matrix m;
    if (matrix_input(ctx, &m))
        return -1;
    if (m.nnz > INT32_MAX) {
        csr_matrix_free(&m);
        return bench_fail(ctx, "spmv: too many nonzeros for int indices");
    }
    float *x = drv_host_alloc(ctx, (size_t)m.cols * 4, "spmv x");
    float *y = drv_host_alloc(ctx, (size_t)m.rows * 4, "spmv y");
    struct drv d;
    int rc = -1;
    if (x && y && drv_init(&d, ctx, "bench/spmv/spmv.ptx") == 0) {
        rc = run_spmv(ctx, &d, &m, x, y);
        drv_release(&d);
    }
    free(x);
    free(y);
    csr_matrix_free(&m);
    return rc;
}

const struct bench_ops bench_spmv = {
    .version = 1,
    .name = "spmv",
    .klass = "mcs",
    .description = "sparse matrix-vector product, CSR scalar (one thread per row) "
                   "(--input random|banded|FILE.mtx)",
    .sizes = "square random matrix: small 4096 rows x 8 per row, medium 2^18 x 16, large 2^21 x 16",
    .run = spmv_run,
};
