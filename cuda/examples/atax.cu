/* ATAX (PolyBench): y = A^T (A x), A is nx x ny. Two kernels, as in PolyBench's
 * GPU version: tmp = A x (thread per row), then y = A^T tmp (thread per
 * column). 1-D grids of 256-thread CTAs. Row-per-thread reads in kernel 1
 * touch lines shared with the neighbouring CTAs' rows (cache-line-related
 * reuse, ATX in the clustering paper). */
#include "../cta_clustering.cuh"

__device__ __forceinline__ void atax1_block(float *tmp, const float *A, const float *x, int nx,
                                            int ny, unsigned bx)
{
    int i = bx * blockDim.x + threadIdx.x;
    if (i < nx) {
        float acc = 0.0f;
        for (int j = 0; j < ny; j++)
            acc += A[i * ny + j] * x[j];
        tmp[i] = acc;
    }
}

__device__ __forceinline__ void atax2_block(float *y, const float *A, const float *tmp, int nx,
                                            int ny, unsigned bx)
{
    int j = bx * blockDim.x + threadIdx.x;
    if (j < ny) {
        float acc = 0.0f;
        for (int i = 0; i < nx; i++)
            acc += A[i * ny + j] * tmp[i];
        y[j] = acc;
    }
}

extern "C" __global__ void atax1_original(float *tmp, const float *A, const float *x, int nx,
                                          int ny)
{
    atax1_block(tmp, A, x, nx, ny, blockIdx.x);
}

extern "C" __global__ void atax2_original(float *y, const float *A, const float *tmp, int nx,
                                          int ny)
{
    atax2_block(y, A, tmp, nx, ny, blockIdx.x);
}

extern "C" __global__ void atax1_redirect(float *tmp, const float *A, const float *x, int nx,
                                          int ny, CCL_REDIRECT_PARAMS)
{
    CCL_REDIRECT(bx, by);
    (void)by;
    atax1_block(tmp, A, x, nx, ny, bx);
}

extern "C" __global__ void atax2_redirect(float *y, const float *A, const float *tmp, int nx,
                                          int ny, CCL_REDIRECT_PARAMS)
{
    CCL_REDIRECT(bx, by);
    (void)by;
    atax2_block(y, A, tmp, nx, ny, bx);
}

extern "C" __global__ void atax1_agent(float *tmp, const float *A, const float *x, int nx,
                                       int ny, CCL_AGENT_PARAMS)
{
    CCL_FOR_EACH_CTA(bx, by) {
        atax1_block(tmp, A, x, nx, ny, bx);
    }
}

extern "C" __global__ void atax2_agent(float *y, const float *A, const float *tmp, int nx,
                                       int ny, CCL_AGENT_PARAMS)
{
    CCL_FOR_EACH_CTA(bx, by) {
        atax2_block(y, A, tmp, nx, ny, bx);
    }
}

/* agents with next-CTA prefetch (Sec. 4.3 (III)): while a CTA works, each
 * thread prefetches the first line of the row it will own in the next CTA of
 * this SM's cluster */
extern "C" __global__ void atax1_agent_prefetch(float *tmp, const float *A, const float *x,
                                                int nx, int ny, CCL_AGENT_PARAMS)
{
    CCL_FOR_EACH_CTA(bx, by) {
        unsigned nbx, nby;
        if (ccl_next_cta(&nbx, &nby)) {
            int ni = nbx * blockDim.x + threadIdx.x;
            if (ni < nx)
                ccl_prefetch_l1(&A[ni * ny]);
        }
        atax1_block(tmp, A, x, nx, ny, bx);
    }
}
