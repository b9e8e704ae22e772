/* Matrix multiply C = A * B (A: hA x wA, B: wA x wB), 16 x 16 tiles through
 * shared memory, one CTA per C tile: grid (ceil(wB/16), ceil(hA/16)).
 * Inter-CTA reuse (cta-clustering-asplos2017, Fig. 8): CTAs in one grid row
 * read the same rows of A, CTAs in one column the same columns of B. The
 * clustered forms use row-major indexing (Y-partitioning) by default. */
#include "../cta_clustering.cuh"

#define MM_TILE 16

__device__ __forceinline__ void mm_tile(float *C, const float *A, const float *B, int hA,
                                        int wA, int wB, unsigned bx, unsigned by)
{
    __shared__ float As[MM_TILE][MM_TILE];
    __shared__ float Bs[MM_TILE][MM_TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = by * MM_TILE + ty, col = bx * MM_TILE + tx;
    float acc = 0.0f;
    for (int k0 = 0; k0 < wA; k0 += MM_TILE) {
        /* out-of-range elements load as 0 so edge tiles need no special case */
        As[ty][tx] = row < hA && k0 + tx < wA ? A[row * wA + k0 + tx] : 0.0f;
        Bs[ty][tx] = k0 + ty < wA && col < wB ? B[(k0 + ty) * wB + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < MM_TILE; k++)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < hA && col < wB)
        C[row * wB + col] = acc;
}

extern "C" __global__ void mm_original(float *C, const float *A, const float *B, int hA, int wA,
                                       int wB)
{
    mm_tile(C, A, B, hA, wA, wB, blockIdx.x, blockIdx.y);
}

extern "C" __global__ void mm_redirect(float *C, const float *A, const float *B, int hA,
                                       int wA, int wB, CCL_REDIRECT_PARAMS)
{
    CCL_REDIRECT(bx, by);
    mm_tile(C, A, B, hA, wA, wB, bx, by);
}

extern "C" __global__ void mm_agent(float *C, const float *A, const float *B, int hA, int wA,
                                    int wB, CCL_AGENT_PARAMS)
{
    CCL_FOR_EACH_CTA(bx, by) {
        mm_tile(C, A, B, hA, wA, wB, bx, by);
    }
}
