// Tiled matrix multiply C = A * B with 16x16 shared-memory tiles, in the shape
// of the CUDA SDK matrixMul the CTA-clustering paper studies (its "MM"): CTA
// (bx, by) walks row-band by of A and column-band bx of B one tile at a time,
// so every CTA in the same grid row re-reads the same A tiles and every CTA in
// the same grid column the same B tiles -- the algorithm-related inter-CTA
// locality that clustering tries to keep in one SM's L1.
// A is hA x wA, B is wA x wB, C is hA x wB, all row-major; the host launches
// grid (wB/16, hA/16), block (16, 16) and keeps every dimension a multiple of 16.
#define TILE 16

extern "C" __global__ void matmul(float *C, const float *A, const float *B, int wA, int wB)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;

    float sum = 0.0f;
    for (int t = 0; t < wA; t += TILE) {
        As[ty][tx] = A[row * wA + t + tx];
        Bs[ty][tx] = B[(t + ty) * wB + col];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; k++)
            sum += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[row * wB + col] = sum;
}
