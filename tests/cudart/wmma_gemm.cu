// An sm_80 GEMM on the tensor cores for tests/cli/963: C = A B with
// nvcuda::wmma, one warp per 16x16 tile of C, over a 64x64x64 problem in
// half precision with f32 accumulation, checked against the CPU. Prints PASS.
//   nvcc -cudart shared --no-compress -gencode arch=compute_80,code=compute_80 wmma_gemm.cu
#include <cuda_fp16.h>
#include <mma.h>
#include <cstdio>
using namespace nvcuda;

enum { N = 64 };

__global__ void gemm(const __half *A, const __half *B, float *C)
{
    int tile_r = blockIdx.y * 16, tile_c = blockIdx.x * 16;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
    wmma::fill_fragment(c, 0.0f);
    for (int k = 0; k < N; k += 16) {
        wmma::load_matrix_sync(a, A + tile_r * N + k, N);
        wmma::load_matrix_sync(b, B + k * N + tile_c, N);
        wmma::mma_sync(c, a, b, c);
    }
    wmma::store_matrix_sync(C + tile_r * N + tile_c, c, N, wmma::mem_row_major);
}

int main()
{
    static __half a[N * N], b[N * N];
    static float fa[N * N], fb[N * N], c[N * N];
    for (int i = 0; i < N * N; i++) {
        fa[i] = (float)((i * 7) % 11 - 5) / 4;
        fb[i] = (float)((i * 3) % 7 - 3);
        a[i] = __float2half(fa[i]);
        b[i] = __float2half(fb[i]);
    }
    __half *da, *db;
    float *dc;
    cudaMalloc(&da, sizeof a);
    cudaMalloc(&db, sizeof b);
    cudaMalloc(&dc, sizeof c);
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    gemm<<<dim3(N / 16, N / 16), 32>>>(da, db, dc);
    cudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int r = 0; r < N; r++)
        for (int col = 0; col < N; col++) {
            float want = 0;
            for (int k = 0; k < N; k++)
                want += fa[r * N + k] * fb[k * N + col];
            bad += c[r * N + col] != want;
        }
    if (bad || cudaGetLastError() != cudaSuccess) {
        printf("FAIL: %d wrong elements\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
