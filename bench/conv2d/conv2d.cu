// 2-D 3x3 convolution, PolyBench/GPU 2DCONV style: B = 3x3 filter of A over the
// interior of an ni x nj row-major grid, one thread per output point (j from x,
// i from y, 32 x 8 blocks). Each thread reads three rows of A. Rows nj*4 bytes
// apart map to the same L1 set whenever nj*4 is a multiple of sets*line size
// (nj = 1024 and up with 32 sets of 128 B), so the 8 warps of a CTA and their
// neighbours pile three row-bands each into one set: SACAT's inter-warp
// conflict class. The filter weights are immediates, as in the original.
extern "C" __global__ void conv2d(const float *A, float *B, int ni, int nj)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i > 0 && j > 0 && i < ni - 1 && j < nj - 1) {
        const float *up = A + (i - 1) * nj, *mid = A + i * nj, *down = A + (i + 1) * nj;
        B[i * nj + j] = 0.2f * up[j - 1] + 0.5f * up[j] - 0.8f * up[j + 1]
                      - 0.3f * mid[j - 1] + 0.6f * mid[j] - 0.9f * mid[j + 1]
                      + 0.4f * down[j - 1] + 0.7f * down[j] + 0.1f * down[j + 1];
    }
}
