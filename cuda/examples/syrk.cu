/* SYRK (PolyBench): C = alpha * A * A^T + beta * C, A is n x m, C is n x n.
 * One thread per C element, CTAs of 32 x 8 threads, grid (ceil(n/32),
 * ceil(n/8)). Neighbouring CTAs share cache lines of A's rows (the
 * cache-line-related reuse of the clustering paper; X-partitioning there). */
#include "../cta_clustering.cuh"

#define SYRK_BX 32
#define SYRK_BY 8

__device__ __forceinline__ void syrk_block(float *C, const float *A, float alpha, float beta,
                                           int n, int m, unsigned bx, unsigned by)
{
    int j = bx * SYRK_BX + threadIdx.x;
    int i = by * SYRK_BY + threadIdx.y;
    if (i < n && j < n) {
        float acc = 0.0f;
        for (int k = 0; k < m; k++)
            acc += A[i * m + k] * A[j * m + k];
        C[i * n + j] = beta * C[i * n + j] + alpha * acc;
    }
}

extern "C" __global__ void syrk_original(float *C, const float *A, float alpha, float beta,
                                         int n, int m)
{
    syrk_block(C, A, alpha, beta, n, m, blockIdx.x, blockIdx.y);
}

extern "C" __global__ void syrk_redirect(float *C, const float *A, float alpha, float beta,
                                         int n, int m, CCL_REDIRECT_PARAMS)
{
    CCL_REDIRECT(bx, by);
    syrk_block(C, A, alpha, beta, n, m, bx, by);
}

extern "C" __global__ void syrk_agent(float *C, const float *A, float alpha, float beta, int n,
                                      int m, CCL_AGENT_PARAMS)
{
    CCL_FOR_EACH_CTA(bx, by) {
        syrk_block(C, A, alpha, beta, n, m, bx, by);
    }
}
