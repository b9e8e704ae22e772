// Bit intrinsics, conversions, special functions, fences, clocks.
#include <cuda_fp16.h>

__global__ void bits(unsigned *out, const unsigned *in, unsigned long long *w)
{
    unsigned x = in[threadIdx.x];
    unsigned long long y = w[threadIdx.x];
    out[0] = __popc(x) + __clz(x) + __brev(x) + __ffs(x) + __popcll(y) + __clzll(y);
    out[1] = __byte_perm(x, x >> 3, 0x3210 ^ (x & 7));
    out[2] = __funnelshift_l(x, x + 1, x & 31) ^ __funnelshift_r(x, x * 3, 7);
    out[3] = (x >> 5) & 0x3ff;
    out[4] = __umulhi(x, x + 9) + __mul24(x, 3) + (unsigned)__mulhi((int)x, 77);
    out[5] = __usad(x, x * 5, 2) + min(x, 77u) + max((int)x, -3);
    w[1] = y * 3 / (x + 1) + y % 7 + ((long long)y >> 3);
    long long t = clock64();
    __threadfence();
    __threadfence_block();
    out[6] = (unsigned)(clock64() - t);
}

__global__ void floats(float *out, const float *in, __half *h, int n)
{
    int i = threadIdx.x;
    float x = in[i];
    out[0] = sqrtf(x) + rsqrtf(x) + 1.0f / x + __expf(x) + __logf(x) + __sinf(x) + __cosf(x);
    out[1] = expf(x) + logf(x) + sinf(x) + tanhf(x) + powf(x, 2.5f);
    out[2] = fminf(x, 1.0f) + fmaxf(x, -1.0f) + fabsf(x) + copysignf(2.0f, x) + floorf(x) +
             ceilf(x) + truncf(x) + roundf(x) + __saturatef(x);
    out[3] = (isnan(x) ? 1.0f : 0.0f) + (isinf(x) ? 2.0f : 0.0f) + (float)(int)x +
             (float)(unsigned)n + __int_as_float(n) + x / (float)n;
    __half a = __float2half(x);
    h[i] = __hadd(a, __float2half(1.0f));
    out[4] = __half2float(h[i + 1]);
    out[5] = __fdividef(x, 3.0f) + __fmaf_rn(x, x, 1.0f);
}

__global__ void ldg(float *out, const float *__restrict__ in, volatile int *flag)
{
    float s = __ldg(in + threadIdx.x) + __ldcg(in + 1) + __ldcs(in + 2);
    __stcs(out + 1, s);
    while (*flag == 0)
        ;
    out[threadIdx.x] = s;
}
