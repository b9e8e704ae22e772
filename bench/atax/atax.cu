// ATAX, PolyBench/GPU style: y = A^T (A x), A is nx x ny, row-major, as two
// kernels of one thread per output element.
// atax_kernel1: thread i walks row i of A (tmp[i] = sum_j A[i][j] * x[j]); the
//   lanes of a warp read addresses ny*4 bytes apart -- row-strided, so with a
//   power-of-two row length a warp's 32 loads land in one or few L1 sets.
// atax_kernel2: thread j walks column j (y[j] = sum_i A[i][j] * tmp[i]); the
//   lanes read consecutive words, one coalesced line per iteration.
// Both accumulate in global memory every iteration as the original does; the
// output is first set to zero by the kernel itself (the original relies on a
// zeroed buffer) so a host-side poison pattern shows any thread that never ran.
extern "C" __global__ void atax_kernel1(const float *A, const float *x, float *tmp, int nx, int ny)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nx) {
        tmp[i] = 0.0f;
        for (int j = 0; j < ny; j++)
            tmp[i] += A[i * ny + j] * x[j];
    }
}

extern "C" __global__ void atax_kernel2(const float *A, float *y, const float *tmp, int nx, int ny)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < ny) {
        y[j] = 0.0f;
        for (int i = 0; i < nx; i++)
            y[j] += A[i * ny + j] * tmp[i];
    }
}
