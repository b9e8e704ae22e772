// CUDA's error codes: a bad launch configuration (not sticky), a bad
// memcpy, the error names, and a kernel that writes out of bounds
// (cudaErrorIllegalAddress, sticky, as on a GPU).
#include <cstdio>
#include <cstring>

__global__ void ok(int *p) { p[threadIdx.x] = 1; }
__global__ void fault(int *p) { p[threadIdx.x + (1 << 26)] = 1; }

#define EXPECT(call, code)                                                                         \
    do {                                                                                           \
        cudaError_t e_ = (call);                                                                   \
        if (e_ != (code)) {                                                                        \
            printf("FAIL %s: %s, expected %s\n", #call, cudaGetErrorName(e_), #code);              \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

int main()
{
    int *d;
    EXPECT(cudaMalloc(&d, 64 * sizeof(int)), cudaSuccess);
    ok<<<1, 2048>>>(d);
    EXPECT(cudaPeekAtLastError(), cudaErrorInvalidConfiguration);
    EXPECT(cudaGetLastError(), cudaErrorInvalidConfiguration);
    EXPECT(cudaGetLastError(), cudaSuccess);
    ok<<<1, 64>>>(d);
    EXPECT(cudaDeviceSynchronize(), cudaSuccess);
    int h[64];
    EXPECT(cudaMemcpy(h, d, sizeof h, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT(cudaFree(h), cudaErrorInvalidValue);
    cudaGetLastError();
    if (strcmp(cudaGetErrorName(cudaErrorInvalidValue), "cudaErrorInvalidValue") ||
        strcmp(cudaGetErrorName(cudaErrorLaunchFailure), "cudaErrorLaunchFailure") ||
        !strlen(cudaGetErrorString(cudaErrorMemoryAllocation))) {
        printf("FAIL error names\n");
        return 1;
    }
    fault<<<1, 32>>>(d);
    EXPECT(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
    EXPECT(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost), cudaErrorIllegalAddress);
    printf("PASS\n");
    return 0;
}
