// Module-scope variables: __constant__, __device__ (also in a namespace),
// __managed__; cudaMemcpyTo/FromSymbol with offsets, cudaGetSymbolAddress.
#include <cstdio>
__constant__ float coef[4];
__device__ int counter;
namespace ns { __device__ int table[8]; }
__managed__ int mvar;

__global__ void k(float *out)
{
    int i = threadIdx.x;
    out[i] = coef[i % 4] * i;
    atomicAdd(&counter, 1);
    if (i < 8)
        ns::table[i] = i;
    atomicAdd(&mvar, 2);
}

int main()
{
    float h[4] = {1, 2, 3, 4};
    if (cudaMemcpyToSymbol(coef, h, 2 * sizeof(float)) != cudaSuccess ||
        cudaMemcpyToSymbol(coef, h + 2, 2 * sizeof(float), 2 * sizeof(float)) != cudaSuccess) {
        printf("FAIL cudaMemcpyToSymbol\n");
        return 1;
    }
    mvar = 5; // host side of a managed variable
    float *d;
    cudaMalloc(&d, 32 * sizeof(float));
    k<<<1, 32>>>(d);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL launch\n");
        return 1;
    }
    float out[32];
    cudaMemcpy(out, d, sizeof out, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 32; i++)
        if (out[i] != h[i % 4] * i) {
            printf("FAIL out[%d] = %g\n", i, out[i]);
            return 1;
        }
    int c = 0, t[8];
    cudaMemcpyFromSymbol(&c, counter, sizeof c);
    cudaMemcpyFromSymbol(t, ns::table, 4 * sizeof(int), 4 * sizeof(int));
    void *addr = 0;
    size_t size = 0;
    cudaGetSymbolAddress(&addr, ns::table);
    cudaGetSymbolSize(&size, ns::table);
    if (c != 32 || t[0] != 4 || t[3] != 7 || !addr || size != 8 * sizeof(int) || mvar != 5 + 64) {
        printf("FAIL counter %d table %d %d addr %p size %zu mvar %d\n", c, t[0], t[3], addr, size, mvar);
        return 1;
    }
    if (cudaMemcpyToSymbol(coef, h, 5 * sizeof(float)) != cudaErrorInvalidValue) {
        printf("FAIL an oversized copy to a symbol was accepted\n");
        return 1;
    }
    cudaGetLastError();
    printf("PASS\n");
    return 0;
}
