// GESUMMV, PolyBench/GPU style: y = alpha A x + beta B x, A and B n x n,
// row-major, one thread per row. Thread i walks row i of both matrices, so the
// lanes of a warp read addresses n*4 bytes apart in two arrays at once: with a
// power-of-two n a warp's 64 loads per iteration pile into one or few L1 sets,
// and the per-warp footprint is large enough to thrash L2 too (SACAT Sec. 3).
// tmp and y are accumulated in global memory every iteration, as in the
// original; the kernel zeroes them first (the original relies on zeroed
// buffers) so a host-side poison pattern shows any thread that never ran.
extern "C" __global__ void gesummv(const float *A, const float *B, const float *x, float *y,
                                   float *tmp, float alpha, float beta, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        tmp[i] = 0.0f;
        y[i] = 0.0f;
        for (int j = 0; j < n; j++) {
            tmp[i] += A[i * n + j] * x[j];
            y[i] += B[i * n + j] * x[j];
        }
        y[i] = alpha * tmp[i] + beta * y[i];
    }
}
