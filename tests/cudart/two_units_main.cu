// A program of two translation units, each with its own kernels (two
// fatbinaries registered): this one and two_units_lib.cu.
#include <cstdio>
void lib_scale(float *d, int n, float s); // in two_units_lib.cu

__global__ void iota(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] = i;
}

int main()
{
    const int n = 300;
    float *d, h[n];
    cudaMalloc(&d, sizeof h);
    iota<<<(n + 127) / 128, 128>>>(d, n);
    lib_scale(d, n, 0.5f);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        if (h[i] != 0.5f * i) {
            printf("FAIL h[%d] = %g\n", i, h[i]);
            return 1;
        }
    printf("PASS\n");
    return 0;
}
