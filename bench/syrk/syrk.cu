// SYRK, PolyBench/GPU style: C = alpha * A * A^T + beta * C, A is n x m,
// C is n x n, row-major. Thread (i, j) owns C[i][j] (j from x, i from y) and
// walks row i and row j of A. The 32 lanes of a warp have consecutive j, so
// A[j*m + k] is a row-strided access: lanes sit m*4 bytes apart. When a row is
// a multiple of 32 cache lines (m = 1024 with 128-byte lines and 32 sets), all
// 32 lanes fall in one L1 set -- the intra-warp conflict SACAT's Fig. 7 shows.
// C[i][j] is read and written in global memory every iteration, as in the
// original (no restrict: the compiler must assume A and C may alias).
extern "C" __global__ void syrk(const float *A, float *C, float alpha, float beta, int n, int m)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < n && j < n) {
        C[i * n + j] *= beta;
        for (int k = 0; k < m; k++)
            C[i * n + j] += alpha * A[i * m + k] * A[j * m + k];
    }
}
