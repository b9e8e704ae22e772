/* Sparse matrix generators (random rows, banded) in CSR. */
#include "common/inputs.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void csr_matrix_free(struct csr_matrix *m)
{
    free(m->row);
    free(m->col);
    free(m->val);
    memset(m, 0, sizeof *m);
}

static int alloc_matrix(struct csr_matrix *m, uint32_t rows, uint32_t cols, uint64_t cap,
                        char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    if (cap > UINT32_MAX) {
        snprintf(err, errlen, "matrix: %llu nonzeros is too many", (unsigned long long)cap);
        return -1;
    }
    m->rows = rows;
    m->cols = cols;
    m->row = calloc((size_t)rows + 1, sizeof *m->row);
    m->col = malloc((cap + 1) * sizeof *m->col);
    m->val = malloc((cap + 1) * sizeof *m->val);
    if (!m->row || !m->col || !m->val) {
        csr_matrix_free(m);
        snprintf(err, errlen, "matrix: out of memory for %u rows, %llu nonzeros", rows,
                 (unsigned long long)cap);
        return -1;
    }
    return 0;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static float random_value(struct bench_rng *rng)
{
    return (float)(bench_rng_unit(rng) * 2.0 - 1.0);
}

int inputs_matrix_random(struct csr_matrix *m, uint32_t rows, uint32_t cols,
                         uint32_t avg_per_row, struct bench_rng *rng, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    if (rows == 0 || cols == 0 || avg_per_row == 0) {
        snprintf(err, errlen, "matrix: random generator needs rows, cols, per-row > 0");
        return -1;
    }
    uint64_t cap = (uint64_t)rows * (2ull * avg_per_row - 1);
    if (cap > (uint64_t)rows * cols)
        cap = (uint64_t)rows * cols;
    if (alloc_matrix(m, rows, cols, cap, err, errlen))
        return -1;
    uint32_t nnz = 0;
    for (uint32_t r = 0; r < rows; r++) {
        uint32_t want = 1 + (uint32_t)bench_rng_below(rng, 2ull * avg_per_row - 1);
        if (want > cols)
            want = cols;
        uint32_t *c = m->col + nnz;
        for (uint32_t k = 0; k < want; k++)
            c[k] = (uint32_t)bench_rng_below(rng, cols);
        qsort(c, want, sizeof *c, cmp_u32);
        uint32_t kept = 0;
        for (uint32_t k = 0; k < want; k++)
            if (kept == 0 || c[kept - 1] != c[k])
                c[kept++] = c[k];
        for (uint32_t k = 0; k < kept; k++)
            m->val[nnz + k] = random_value(rng);
        nnz += kept;
        m->row[r + 1] = nnz;
    }
    m->nnz = nnz;
    return 0;
}

int inputs_matrix_banded(struct csr_matrix *m, uint32_t n, uint32_t half_width, double fill,
                         struct bench_rng *rng, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    if (n == 0 || !(fill >= 0 && fill <= 1)) {
        snprintf(err, errlen, "matrix: banded generator needs n > 0 and 0 <= fill <= 1");
        return -1;
    }
    if (half_width >= n)
        half_width = n - 1;
    if (alloc_matrix(m, n, n, (uint64_t)n * (2ull * half_width + 1), err, errlen))
        return -1;
    uint32_t nnz = 0;
    for (uint32_t r = 0; r < n; r++) {
        uint32_t lo = r >= half_width ? r - half_width : 0;
        uint32_t hi = r + half_width < n ? r + half_width : n - 1;
        for (uint32_t c = lo; c <= hi; c++)
            if (c == r || bench_rng_unit(rng) < fill) {
                m->col[nnz] = c;
                m->val[nnz] = random_value(rng);
                nnz++;
            }
        m->row[r + 1] = nnz;
    }
    m->nnz = nnz;
    return 0;
}
