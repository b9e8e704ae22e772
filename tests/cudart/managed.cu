// Unified memory: cudaMallocManaged, mapped pinned memory (cudaHostAlloc,
// cudaMallocHost), cudaHostRegister, pointer attributes, prefetch hints.
#include <cstdio>
#include <cstdlib>

__global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}

int main()
{
    const int n = 3000;
    float *x, *y, *p;
    if (cudaMallocManaged(&x, n * sizeof(float)) || cudaMallocManaged(&y, n * sizeof(float))) {
        printf("FAIL cudaMallocManaged\n");
        return 1;
    }
    for (int i = 0; i < n; i++) {
        x[i] = i;
        y[i] = 1;
    }
    cudaMemLocation loc = {};
    cudaMemPrefetchAsync(x, n * sizeof(float), loc, 0, 0);
    saxpy<<<(n + 127) / 128, 128>>>(n, 2.0f, x, y);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++)
        if (y[i] != 2.0f * i + 1) {
            printf("FAIL managed y[%d] = %g\n", i, y[i]);
            return 1;
        }
    // mapped pinned memory, used by the kernel through the device pointer
    if (cudaHostAlloc(&p, n * sizeof(float), cudaHostAllocMapped)) {
        printf("FAIL cudaHostAlloc\n");
        return 1;
    }
    float *dp;
    cudaHostGetDevicePointer((void **)&dp, p, 0);
    for (int i = 0; i < n; i++)
        p[i] = 1;
    saxpy<<<(n + 127) / 128, 128>>>(n, 3.0f, x, dp);
    cudaDeviceSynchronize();
    if (p[10] != 31) {
        printf("FAIL mapped p[10] = %g\n", p[10]);
        return 1;
    }
    // pinned memory as a copy source, device memory as the target
    float *h, *d;
    cudaMallocHost(&h, n * sizeof(float));
    cudaMalloc(&d, n * sizeof(float));
    for (int i = 0; i < n; i++)
        h[i] = -i;
    cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyDefault);
    cudaMemcpy(y, d, n * sizeof(float), cudaMemcpyDefault);
    if (y[7] != -7) {
        printf("FAIL cudaMemcpyDefault y[7] = %g\n", y[7]);
        return 1;
    }
    cudaPointerAttributes a;
    cudaPointerGetAttributes(&a, x);
    int ok = a.type == cudaMemoryTypeManaged;
    cudaPointerGetAttributes(&a, d);
    ok &= a.type == cudaMemoryTypeDevice;
    cudaPointerGetAttributes(&a, h);
    ok &= a.type == cudaMemoryTypeHost;
    int local = 0;
    cudaPointerGetAttributes(&a, &local);
    ok &= a.type == cudaMemoryTypeUnregistered;
    if (!ok) {
        printf("FAIL cudaPointerGetAttributes\n");
        return 1;
    }
    // registered heap memory
    float *r = (float *)malloc(64 * sizeof(float));
    if (cudaHostRegister(r, 64 * sizeof(float), 0) || cudaHostUnregister(r)) {
        printf("FAIL cudaHostRegister\n");
        return 1;
    }
    free(r);
    cudaFree(x);
    cudaFree(y);
    cudaFreeHost(p);
    cudaFreeHost(h);
    cudaFree(d);
    if (cudaGetLastError() != cudaSuccess) {
        printf("FAIL an error was left\n");
        return 1;
    }
    printf("PASS\n");
    return 0;
}
