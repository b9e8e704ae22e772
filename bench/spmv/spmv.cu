// Sparse matrix-vector product, CSR scalar: one thread per row walks the
// row's nonzeros and gathers x at their columns.

extern "C" __global__ void spmv_csr_scalar(const int *row, const int *col, const float *val,
                                           const float *x, float *y, int rows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < rows) {
        float sum = 0.0f;
        for (int j = row[r]; j < row[r + 1]; j++)
            sum += val[j] * x[col[j]];
        y[r] = sum;
    }
}
