// A CUDA-samples-style tiled matrix multiply: 2D grid, static shared
// memory, a template parameter, cudaEvent timing, checked on the host.
#include <cstdio>
#include <cstdlib>
#include <cmath>

template <int TILE>
__global__ void matmul(const float *A, const float *B, float *C, int n)
{
    __shared__ float as[TILE][TILE], bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0;
    for (int t = 0; t < n / TILE; t++) {
        as[threadIdx.y][threadIdx.x] = A[row * n + t * TILE + threadIdx.x];
        bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            acc += as[threadIdx.y][k] * bs[k][threadIdx.x];
        __syncthreads();
    }
    C[row * n + col] = acc;
}

#define CHECK(call)                                                                                \
    do {                                                                                           \
        cudaError_t e = (call);                                                                    \
        if (e != cudaSuccess) {                                                                    \
            printf("FAIL %s: %s\n", #call, cudaGetErrorString(e));                                 \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 64;
    size_t bytes = (size_t)n * n * sizeof(float);
    float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes), *c = (float *)malloc(bytes);
    for (int i = 0; i < n * n; i++) {
        a[i] = (float)(i % 13) / 13;
        b[i] = (float)(i % 7) / 7;
    }
    float *da, *db, *dc;
    CHECK(cudaMalloc(&da, bytes));
    CHECK(cudaMalloc(&db, bytes));
    CHECK(cudaMalloc(&dc, bytes));
    CHECK(cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice));
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    dim3 block(16, 16), grid(n / 16, n / 16);
    CHECK(cudaEventRecord(start));
    matmul<16><<<grid, block>>>(da, db, dc, n);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    CHECK(cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            float want = 0;
            for (int k = 0; k < n; k++)
                want += a[i * n + k] * b[k * n + j];
            if (fabsf(c[i * n + j] - want) > 1e-3f * n) {
                printf("FAIL C[%d][%d] = %g, expected %g\n", i, j, c[i * n + j], want);
                return 1;
            }
        }
    printf("matmul %dx%d: %.4f ms simulated\n", n, n, ms);
    printf("PASS\n");
    return 0;
}
