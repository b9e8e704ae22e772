// MVT, PolyBench/GPU style: x1 += A y1 and x2 += A^T y2, A is n x n,
// row-major, one thread per output element.
// mvt_kernel1: thread i walks row i of A -- lanes n*4 bytes apart, the
//   row-strided pattern whose warps pile into one or few L1 sets when the row
//   length is a power of two.
// mvt_kernel2: thread i walks column i -- consecutive lanes, coalesced.
// As in the original, x1/x2 are updated in global memory every iteration.
extern "C" __global__ void mvt_kernel1(const float *A, float *x1, const float *y1, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        for (int j = 0; j < n; j++)
            x1[i] += A[i * n + j] * y1[j];
    }
}

extern "C" __global__ void mvt_kernel2(const float *A, float *x2, const float *y2, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        for (int j = 0; j < n; j++)
            x2[i] += A[j * n + i] * y2[j];
    }
}
