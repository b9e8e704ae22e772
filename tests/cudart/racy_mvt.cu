// A racy kernel of a common shape: PolyBench-ACC's mvt_kernel1 launched with
// 32 x 8 thread blocks. i depends on threadIdx.x only, so the eight warps of
// a block (threadIdx.y = 0..7) all add row i of A times y1 into the same
// x1[i] through global memory. What x1 ends up holding depends on how the
// warps interleave: warps in step all read x1[i] before any of them stores
// it and give one sum (the CPU's answer); a warp that starts after another
// has stored reads that partial sum and adds its terms on top.
//
// Prints the ratio of the GPU's x1 to the CPU's (x1 starts at zero and every
// term is positive, so 1.00 is the CPU's answer and 8.00 every warp adding
// every term): the mean over i of x1_gpu[i] / x1_cpu[i], its minimum and
// maximum. Usage: racy_mvt [N] (default 512, a multiple of 32).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void mvt_kernel1(const float *a, float *x1, const float *y1, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        for (int j = 0; j < n; j++)
            x1[i] += a[i * n + j] * y1[j];
    }
}

static int check(cudaError_t e, const char *what)
{
    if (e != cudaSuccess) {
        printf("FAIL %s: %s\n", what, cudaGetErrorString(e));
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 512;
    if (n < 32 || n % 32) {
        printf("FAIL N must be a positive multiple of 32\n");
        return 1;
    }
    size_t nn = (size_t)n * n;
    float *a = (float *)malloc(nn * sizeof(float));
    float *y1 = (float *)malloc(n * sizeof(float));
    float *x1 = (float *)calloc(n, sizeof(float));
    double *ref = (double *)calloc(n, sizeof(double));
    for (int i = 0; i < n; i++) {
        y1[i] = (float)(i % 13 + 1) / 16.0f;
        for (int j = 0; j < n; j++)
            a[(size_t)i * n + j] = (float)((i * 7 + j * 3) % 17 + 1) / 32.0f;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            ref[i] += (double)a[(size_t)i * n + j] * y1[j];
    float *da, *dx, *dy;
    if (check(cudaMalloc(&da, nn * sizeof(float)), "cudaMalloc") ||
        check(cudaMalloc(&dx, n * sizeof(float)), "cudaMalloc") ||
        check(cudaMalloc(&dy, n * sizeof(float)), "cudaMalloc") ||
        check(cudaMemcpy(da, a, nn * sizeof(float), cudaMemcpyHostToDevice), "copy A") ||
        check(cudaMemcpy(dx, x1, n * sizeof(float), cudaMemcpyHostToDevice), "copy x1") ||
        check(cudaMemcpy(dy, y1, n * sizeof(float), cudaMemcpyHostToDevice), "copy y1"))
        return 1;
    mvt_kernel1<<<dim3(n / 32, 1), dim3(32, 8)>>>(da, dx, dy, n);
    if (check(cudaGetLastError(), "launch") ||
        check(cudaMemcpy(x1, dx, n * sizeof(float), cudaMemcpyDeviceToHost), "copy back"))
        return 1;
    double sum = 0, lo = 1e30, hi = 0;
    for (int i = 0; i < n; i++) {
        double r = x1[i] / ref[i];
        sum += r;
        lo = r < lo ? r : lo;
        hi = r > hi ? r : hi;
    }
    printf("racy mvt n=%d, 32x8 blocks: x1 GPU/CPU mean %.2f min %.2f max %.2f\n", n, sum / n,
           lo, hi);
    cudaFree(da);
    cudaFree(dx);
    cudaFree(dy);
    free(a);
    free(y1);
    free(x1);
    free(ref);
    return 0;
}
