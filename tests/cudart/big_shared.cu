// A kernel asking for 80 KB of dynamic shared memory: the runtime refuses
// the attribute and the launch on a configuration with less, saying why.
#include <cstdio>
__global__ void fill(int *out)
{
    extern __shared__ int buf[];
    buf[threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = buf[threadIdx.x];
}
int main()
{
    int *d;
    cudaMalloc(&d, 256 * sizeof(int));
    cudaError_t a = cudaFuncSetAttribute(fill, cudaFuncAttributeMaxDynamicSharedMemorySize, 80 * 1024);
    fill<<<1, 256, 80 * 1024>>>(d);
    cudaError_t l = cudaGetLastError();
    printf("attribute %s, launch %s\n", cudaGetErrorName(a), cudaGetErrorName(l));
    return 0;
}
