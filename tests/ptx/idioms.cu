// CUDA idioms for parser coverage: float4/__ldg, 64-bit shuffles, __syncthreads_count/and/or,
// fences, nanosleep, trap, assert, match, dp4a, half2, recursion, printf, malloc/free,
// 64-bit CAS, double atomics, templates, extern "C". Parsed only (malloc and assert
// call functions the engine does not provide).
#include <cstdio>
#include <cassert>
#include <cuda_fp16.h>
__device__ int rec(int n) { return n <= 1 ? 1 : n * rec(n - 1); }
__global__ void s1(float4 *a, const float4 *__restrict__ b, double *d, int *ip, unsigned long long *u, __half2 *h2)
{
    int i = threadIdx.x;
    float4 v = __ldg(b + i);
    a[i] = make_float4(v.x + 1, v.y * 2, v.z, v.w);
    double x = d[i];
    x = __shfl_xor_sync(0xffffffff, x, 1);
    int c = __syncthreads_count(i & 1) + __syncthreads_and(i > 3) + __syncthreads_or(i < 2);
    __threadfence_system();
    __nanosleep(100);
    if (i == 999) __trap();
    assert(i < 100000);
    unsigned m = __match_any_sync(0xffffffff, i & 3);
    int dp = __dp4a(i, c, 5);
    unsigned long long hi = __umul64hi(u[0], u[1]);
    int r = __rhadd(i, c);
    float f = __frcp_rn((float)i) + __fsqrt_rn((float)c) + __fmaf_rn(1.f, 2.f, 3.f) + rintf(x) ;
    int fi = __float2int_rd(f) + __float_as_int(f) + __double2hiint(x) + __double2loint(x);
    double y = __hiloint2double(fi, r) + __longlong_as_double(hi) + __ddiv_rn(x, 3.0);
    y += signbit(y) + isfinite(y);
    h2[i] = __hadd2(h2[i], h2[i + 1]);
    d[i] = y + rec(i & 7) + m + dp + clock();
    printf("%f %d\n", y, i);
    atomicCAS((unsigned long long *)u, 1ull, 2ull);
    atomicAdd(d + 1, 1.0);
    int *p = (int *)malloc(16);
    if (p) { p[0] = i; ip[i] = p[0]; free(p); }
}
template <typename T> __global__ void tk(T *a) { a[threadIdx.x] += (T)1; }
template __global__ void tk<float>(float *);
template __global__ void tk<long long>(long long *);
extern "C" __global__ void cfun(short *s, char *c) { s[threadIdx.x] = c[threadIdx.x] * 3; }
