// Tensor-core kernels of sm_80 programs (tests/211_mma.c): one warp
// computes D = A x B + C with mma.sync for each shape and type ccgpu runs,
// its fragments loaded the way CUTLASS-style code loads them: ldmatrix from
// shared memory for 16-bit A and B (B through .trans), register by register
// from global memory for tf32 and 8-bit. Matrices are row-major: A is 16xK,
// B is Kx8, C and D are 16x8. Then the same with nvcuda::wmma (16x16 tiles,
// row- and column-major memory, a k loop, element-wise work on fragments).
//   nvcc -ptx -arch=sm_80 mma_sm80.cu -o mma_sm80.ptx
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cstdint>
#include <mma.h>
using namespace nvcuda;

__device__ static void store_acc(float *D, const float d[4])
{
    int g = threadIdx.x / 4, t = threadIdx.x % 4;
    D[g * 8 + 2 * t] = d[0];
    D[g * 8 + 2 * t + 1] = d[1];
    D[(g + 8) * 8 + 2 * t] = d[2];
    D[(g + 8) * 8 + 2 * t + 1] = d[3];
}

__device__ static void load_acc(const float *C, float c[4])
{
    int g = threadIdx.x / 4, t = threadIdx.x % 4;
    c[0] = C[g * 8 + 2 * t];
    c[1] = C[g * 8 + 2 * t + 1];
    c[2] = C[(g + 8) * 8 + 2 * t];
    c[3] = C[(g + 8) * 8 + 2 * t + 1];
}

// 16-bit A (16x16) and B (16x8) through shared memory and ldmatrix
template <class T>
__device__ static void load_ab16(const T *A, const T *B, unsigned a[4], unsigned b[2])
{
    __shared__ __align__(16) T sa[16 * 16];
    __shared__ __align__(16) T sb[16 * 8];
    int lane = threadIdx.x;
    for (int i = lane; i < 256; i += 32)
        sa[i] = A[i];
    for (int i = lane; i < 128; i += 32)
        sb[i] = B[i];
    __syncwarp();
    unsigned pa = (unsigned)__cvta_generic_to_shared(&sa[(lane % 16) * 16 + (lane / 16) * 8]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]) : "r"(pa));
    unsigned pb = (unsigned)__cvta_generic_to_shared(&sb[(lane % 16) * 8]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];"
                 : "=r"(b[0]), "=r"(b[1]) : "r"(pb));
}

extern "C" __global__ void mma_f16(const __half *A, const __half *B, const float *C, float *D)
{
    unsigned a[4], b[2];
    float c[4], d[4];
    load_ab16(A, B, a, b);
    load_acc(C, c);
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, "
                 "{%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
                 : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                   "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
    store_acc(D, d);
}

// f16 accumulators: C and D as halves, two to a register
extern "C" __global__ void mma_f16_f16(const __half *A, const __half *B, const __half *C,
                                       __half *D)
{
    unsigned a[4], b[2], c[2], d[2];
    load_ab16(A, B, a, b);
    int g = threadIdx.x / 4, t = threadIdx.x % 4;
    c[0] = *(const unsigned *)&C[g * 8 + 2 * t];
    c[1] = *(const unsigned *)&C[(g + 8) * 8 + 2 * t];
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, "
                 "{%2,%3,%4,%5}, {%6,%7}, {%8,%9};"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]),
                   "r"(c[1]));
    *(unsigned *)&D[g * 8 + 2 * t] = d[0];
    *(unsigned *)&D[(g + 8) * 8 + 2 * t] = d[1];
}

extern "C" __global__ void mma_bf16(const __nv_bfloat16 *A, const __nv_bfloat16 *B,
                                    const float *C, float *D)
{
    unsigned a[4], b[2];
    float c[4], d[4];
    load_ab16(A, B, a, b);
    load_acc(C, c);
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, "
                 "{%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
                 : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                   "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
    store_acc(D, d);
}

// tf32, m16n8k8: A 16x8, B 8x8 (f32 values with tf32 precision)
extern "C" __global__ void mma_tf32(const float *A, const float *B, const float *C, float *D)
{
    int g = threadIdx.x / 4, t = threadIdx.x % 4;
    unsigned a[4], b[2];
    float c[4], d[4];
    a[0] = __float_as_uint(A[g * 8 + t]);
    a[1] = __float_as_uint(A[(g + 8) * 8 + t]);
    a[2] = __float_as_uint(A[g * 8 + t + 4]);
    a[3] = __float_as_uint(A[(g + 8) * 8 + t + 4]);
    b[0] = __float_as_uint(B[t * 8 + g]);
    b[1] = __float_as_uint(B[(t + 4) * 8 + g]);
    load_acc(C, c);
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, "
                 "{%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
                 : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                   "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
    store_acc(D, d);
}

// s8, m16n8k32: A 16x32, B 32x8 bytes, C and D s32
extern "C" __global__ void mma_s8(const int8_t *A, const int8_t *B, const int *C, int *D)
{
    int g = threadIdx.x / 4, t = threadIdx.x % 4;
    unsigned a[4], b[2];
    int c[4], d[4];
    for (int r = 0; r < 4; r++)
        a[r] = *(const unsigned *)&A[(g + 8 * (r % 2)) * 32 + 4 * t + 16 * (r / 2)];
    for (int r = 0; r < 2; r++) {
        unsigned v = 0;
        for (int byte = 0; byte < 4; byte++)
            v |= (unsigned)(uint8_t)B[(4 * t + byte + 16 * r) * 8 + g] << (8 * byte);
        b[r] = v;
    }
    for (int i = 0; i < 4; i++)
        c[i] = C[(g + 8 * (i / 2)) * 8 + 2 * t + i % 2];
    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, "
                 "{%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                   "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
    for (int i = 0; i < 4; i++)
        D[(g + 8 * (i / 2)) * 8 + 2 * t + i % 2] = d[i];
}

// C (16x16, row-major) = 2 (A B): A 16xn row-major, B nx16 column-major
extern "C" __global__ void wmma_f16(const __half *A, const __half *B, float *C, int n)
{
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
    wmma::fill_fragment(c, 0.0f);
    for (int k = 0; k < n; k += 16) {
        wmma::load_matrix_sync(a, A + k, n);
        wmma::load_matrix_sync(b, B + k, n);
        wmma::mma_sync(c, a, b, c);
    }
    for (int i = 0; i < c.num_elements; i++)
        c.x[i] *= 2.0f;
    wmma::store_matrix_sync(C, c, 16, wmma::mem_row_major);
}

// C (row-major out, column-major in) = A (16x8) B (8x16) + C, in tf32
extern "C" __global__ void wmma_tf32(const float *A, const float *B, float *C)
{
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> c;
    wmma::load_matrix_sync(c, C, 16, wmma::mem_col_major);
    wmma::load_matrix_sync(a, A, 8);
    wmma::load_matrix_sync(b, B, 16);
    for (int i = 0; i < a.num_elements; i++)
        a.x[i] = wmma::__float_to_tf32(a.x[i]);
    wmma::mma_sync(c, a, b, c);
    __syncwarp();
    wmma::store_matrix_sync(C, c, 16, wmma::mem_row_major);
}

extern "C" __global__ void wmma_s8(const signed char *A, const signed char *B, int *C)
{
    wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> c;
    wmma::fill_fragment(c, 0);
    wmma::load_matrix_sync(a, A, 16);
    wmma::load_matrix_sync(b, B, 16);
    wmma::mma_sync(c, a, b, c);
    wmma::store_matrix_sync(C, c, 16, wmma::mem_row_major);
}

// C (column-major) = A B + 1: A through shared memory
extern "C" __global__ void wmma_bf16(const __nv_bfloat16 *A, const __nv_bfloat16 *B, float *C)
{
    __shared__ __align__(32) __nv_bfloat16 sa[256];
    for (int i = threadIdx.x; i < 256; i += 32)
        sa[i] = A[i];
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
    wmma::fill_fragment(c, 1.0f);
    wmma::load_matrix_sync(a, sa, 16);
    wmma::load_matrix_sync(b, B, 16);
    wmma::mma_sync(c, a, b, c);
    wmma::store_matrix_sync(C, c, 16, wmma::mem_col_major);
}
