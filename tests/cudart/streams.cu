// Streams, async copies and sets, events with simulated time, host
// functions, pitched 2D memory, dynamic shared memory, a templated kernel
// (C++ mangled name), device printf.
#include <cstdio>

template <typename T>
__global__ void reduce(const T *in, T *out, int n)
{
    extern __shared__ unsigned char smem[];
    T *s = (T *)smem;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : 0;
    __syncthreads();
    for (int w = blockDim.x / 2; w > 0; w /= 2) {
        if (threadIdx.x < w)
            s[threadIdx.x] += s[threadIdx.x + w];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = s[0];
}

__global__ void hello(int v)
{
    if (threadIdx.x == 0)
        printf("device says %d\n", v);
}

__global__ void fill2d(float *p, size_t pitch, int w, int h)
{
    int x = threadIdx.x, y = blockIdx.x;
    if (x < w && y < h)
        ((float *)((char *)p + y * pitch))[x] += x + 100 * y;
}

static int host_calls;
static void host_fn(void *arg) { host_calls += *(int *)arg; }

int main()
{
    const int n = 4096, threads = 256, blocks = n / threads;
    int *in, *out, h[n], partial[blocks];
    cudaStream_t s1, s2;
    cudaStreamCreate(&s1);
    cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
    cudaMalloc(&in, n * sizeof(int));
    cudaMalloc(&out, blocks * sizeof(int));
    for (int i = 0; i < n; i++)
        h[i] = i % 7;
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start, s1);
    cudaMemcpyAsync(in, h, sizeof h, cudaMemcpyHostToDevice, s1);
    cudaMemsetAsync(out, 0, blocks * sizeof(int), s2);
    reduce<int><<<blocks, threads, threads * sizeof(int), s1>>>(in, out, n);
    cudaMemcpyAsync(partial, out, sizeof partial, cudaMemcpyDeviceToHost, s1);
    cudaEventRecord(stop, s1);
    int arg = 3;
    cudaLaunchHostFunc(s1, host_fn, &arg);
    cudaStreamSynchronize(s1);
    cudaEventSynchronize(stop);
    float ms = -1;
    if (cudaEventElapsedTime(&ms, start, stop) != cudaSuccess || ms < 0) {
        printf("FAIL cudaEventElapsedTime %g\n", ms);
        return 1;
    }
    long sum = 0, want = 0;
    for (int b = 0; b < blocks; b++)
        sum += partial[b];
    for (int i = 0; i < n; i++)
        want += h[i];
    if (sum != want || host_calls != 3) {
        printf("FAIL reduce %ld != %ld or host function %d\n", sum, want, host_calls);
        return 1;
    }
    // pitched 2D
    const int w = 40, rows = 5;
    float *p2, host2[rows][w];
    size_t pitch;
    cudaMallocPitch((void **)&p2, &pitch, w * sizeof(float), rows);
    cudaMemset2D(p2, pitch, 0, w * sizeof(float), rows);
    fill2d<<<rows, 64>>>(p2, pitch, w, rows);
    cudaMemcpy2D(host2, w * sizeof(float), p2, pitch, w * sizeof(float), rows, cudaMemcpyDeviceToHost);
    if (pitch < w * sizeof(float) || host2[3][7] != 307) {
        printf("FAIL 2D pitch %zu value %g\n", pitch, host2[3][7]);
        return 1;
    }
    hello<<<1, 32>>>(42);
    cudaDeviceSynchronize();
    printf("elapsed %.6f ms\n", ms);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaStreamDestroy(s1);
    cudaStreamDestroy(s2);
    printf("PASS\n");
    return 0;
}
