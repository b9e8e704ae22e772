// Device properties and attributes, derived from the configuration; the
// cudaDeviceProp fields are compared with cudaDeviceGetAttribute, which
// checks ccgpu's struct layout against this nvcc's headers.
#include <cstdio>
#include <cstring>

__global__ void k(float *p) { p[threadIdx.x] = threadIdx.x; }

#define SAME(field, attr)                                                                          \
    do {                                                                                           \
        int v = -1;                                                                                \
        cudaDeviceGetAttribute(&v, attr, 0);                                                       \
        if ((long long)p.field != v) {                                                             \
            printf("FAIL %s = %lld, attribute %d = %d\n", #field, (long long)p.field, attr, v);    \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

int main()
{
    int count = 0, dev = -1, rt = 0;
    cudaGetDeviceCount(&count);
    cudaSetDevice(0);
    cudaGetDevice(&dev);
    cudaRuntimeGetVersion(&rt);
    if (count != 1 || dev != 0 || rt < 13000) {
        printf("FAIL count %d device %d runtime %d\n", count, dev, rt);
        return 1;
    }
    if (cudaSetDevice(1) != cudaErrorInvalidDevice) {
        printf("FAIL cudaSetDevice(1)\n");
        return 1;
    }
    cudaGetLastError();
    cudaDeviceProp p;
    memset(&p, 0xff, sizeof p);
    cudaGetDeviceProperties(&p, 0);
    SAME(warpSize, cudaDevAttrWarpSize);
    SAME(multiProcessorCount, cudaDevAttrMultiProcessorCount);
    SAME(l2CacheSize, cudaDevAttrL2CacheSize);
    SAME(maxThreadsPerMultiProcessor, cudaDevAttrMaxThreadsPerMultiProcessor);
    SAME(sharedMemPerMultiprocessor, cudaDevAttrMaxSharedMemoryPerMultiprocessor);
    SAME(regsPerMultiprocessor, cudaDevAttrMaxRegistersPerMultiprocessor);
    SAME(maxBlocksPerMultiProcessor, cudaDevAttrMaxBlocksPerMultiprocessor);
    SAME(major, cudaDevAttrComputeCapabilityMajor);
    SAME(minor, cudaDevAttrComputeCapabilityMinor);
    SAME(maxThreadsPerBlock, cudaDevAttrMaxThreadsPerBlock);
    SAME(maxGridSize[1], cudaDevAttrMaxGridDimY);
    SAME(memoryBusWidth, cudaDevAttrGlobalMemoryBusWidth);
    SAME(sharedMemPerBlockOptin, cudaDevAttrMaxSharedMemoryPerBlockOptin);
    if (p.warpSize != 32 || strncmp(p.name, "ccgpu", 5) != 0 || p.reserved[55] != 0) {
        printf("FAIL name '%s' warp %d\n", p.name, p.warpSize);
        return 1;
    }
    int clock = 0;
    cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, 0);
    cudaFuncAttributes fa;
    int blocks = 0;
    if (cudaFuncGetAttributes(&fa, k) != cudaSuccess || fa.numRegs <= 0 ||
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, k, 256, 0) != cudaSuccess ||
        blocks <= 0) {
        printf("FAIL function attributes: regs %d, blocks %d\n", fa.numRegs, blocks);
        return 1;
    }
    printf("sms=%d l2=%d clock_khz=%d shmem_sm=%zu regs_sm=%d threads_sm=%d blocks=%d\n",
           p.multiProcessorCount, p.l2CacheSize, clock, p.sharedMemPerMultiprocessor,
           p.regsPerMultiprocessor, p.maxThreadsPerMultiProcessor, blocks);
    printf("PASS\n");
    return 0;
}
