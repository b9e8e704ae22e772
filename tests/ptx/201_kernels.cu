// Test kernels for the functional engine (tests/201_exec_kernels.c).
// Regenerate: nvcc -ptx -arch=sm_75 -o 201_kernels.ptx 201_kernels.cu
#include <cstdio>

extern "C" __global__ void vecadd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

// nested ifs, per-lane loop trip counts, early return, break out of nested loops
extern "C" __global__ void diverge(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int v = 0;
    if (i & 1) {
        if (i & 2)
            v = 1;
        else
            v = 2;
    } else {
        if (i & 4) {
            v = 3;
        } else {
            out[i] = -1; // early exit of some lanes
            return;
        }
    }
    for (int k = 0; k < (i % 7); k++) // per-lane trip count
        v += k * 10;
    int found = -1;
    for (int x = 0; x < 8; x++) {
        for (int y = 0; y < 8; y++) {
            if (x * 8 + y == (i % 37)) {
                found = x * 100 + y;
                goto done;
            }
        }
    }
done:
    out[i] = v * 100000 + found;
}

// shared memory + barrier: reverse each block's slice
extern "C" __global__ void reverse_block(int *data)
{
    __shared__ int tile[256];
    int t = threadIdx.x;
    int base = blockIdx.x * blockDim.x;
    tile[t] = data[base + t];
    __syncthreads();
    data[base + t] = tile[blockDim.x - 1 - t];
}

extern "C" __global__ void dyn_shared_sum(const int *in, int *out)
{
    extern __shared__ int buf[];
    int t = threadIdx.x;
    buf[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s)
            buf[t] += buf[t + s];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = buf[0];
}

__device__ float atomic_max_float(float *addr, float val)
{
    int *a = (int *)addr;
    int old = *a, assumed;
    do {
        assumed = old;
        old = atomicCAS(a, assumed, __float_as_int(fmaxf(val, __int_as_float(assumed))));
    } while (assumed != old);
    return __int_as_float(old);
}

extern "C" __global__ void atomics(unsigned *counters, float *fmax, float *fsum, double *dsum,
                                   const float *vals)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(&counters[0], 1u);
    atomicInc(&counters[1], 9u);        // wraps to 0 past 9
    atomicDec(&counters[2], 5u);
    atomicMax(&counters[3], (unsigned)i);
    atomicMin(&counters[4], (unsigned)(1000 - i));
    atomicOr(&counters[5], 1u << (i % 32));
    atomicXor(&counters[6], (unsigned)i);
    atomicAnd(&counters[7], ~(1u << (i % 16)));
    atomicExch(&counters[8], 77u);
    atomic_max_float(fmax, vals[i]);
    atomicAdd(fsum, 0.5f);
    atomicAdd(dsum, 0.25);
}

extern "C" __global__ void warp_ops(int *out)
{
    int lane = threadIdx.x & 31;
    int v = lane + 1;
    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, off);
    int total = __shfl_sync(0xffffffffu, v, 0);
    unsigned ballot = __ballot_sync(0xffffffffu, lane % 3 == 0);
    int any = __any_sync(0xffffffffu, lane == 5);
    int all = __all_sync(0xffffffffu, lane < 31);
    int up = __shfl_up_sync(0xffffffffu, lane * 2, 3);
    int x = __shfl_xor_sync(0xffffffffu, lane, 1);
    int seg = __shfl_sync(0xffffffffu, lane, 2, 8); // width 8: lane (lane&~7)+2
    int base = (blockIdx.x * blockDim.x + threadIdx.x) * 8;
    out[base + 0] = total;
    out[base + 1] = (int)ballot;
    out[base + 2] = any;
    out[base + 3] = all;
    out[base + 4] = up;
    out[base + 5] = x;
    out[base + 6] = seg;
    out[base + 7] = __popc(__activemask());
}

__device__ __noinline__ int fib(int n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

__device__ __noinline__ float scale_add(float a, float b, int k)
{
    float r = a;
    for (int i = 0; i < k; i++)
        r = r * 2.0f + b;
    return r;
}

extern "C" __global__ void calls(int *out, float *fout)
{
    int t = threadIdx.x;
    out[t] = fib(t % 12);
    fout[t] = scale_add((float)t, 1.0f, t % 4);
}

extern "C" __global__ void hello(int n)
{
    int t = threadIdx.x;
    if (t < n)
        printf("t=%d u=%u x=%x f=%.2f s=%s c=%c ll=%lld %%\n", t, 2u * t, 255 + t, 0.5 * t,
               "str", 'A' + t, -5000000000ll);
}

extern "C" __global__ void ids(unsigned *out)
{
    unsigned smid, warpid;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(warpid));
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[2 * t] = smid;
    out[2 * t + 1] = warpid;
}

extern "C" __global__ void oob(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    p[i] = n; // no bounds check: launched with too many threads
}

extern "C" __global__ void misaligned(char *p)
{
    *(int *)(p + 1 + threadIdx.x * 4) = 1;
}

extern "C" __global__ void deadlock(int *p)
{
    if (threadIdx.x < 16)
        __syncthreads();
    p[threadIdx.x] = 1;
}

extern "C" __global__ void trapper(int *p)
{
    if (threadIdx.x == 7)
        __trap();
    p[threadIdx.x] = 1;
}

extern "C" __global__ void spin(int *p)
{
    while (p[0] == 0)
        p[1]++;
}

__device__ int gcounter = 5;
__constant__ int ctable[4] = { 10, 20, 30, 40 };

extern "C" __global__ void globals(int *out)
{
    int t = threadIdx.x;
    out[t] = ctable[t & 3] + gcounter;
    if (t == 0)
        gcounter = 99;
}

// generic addressing: a pointer that may point to shared, local or global
__device__ __noinline__ int read_generic(const int *p) { return *p; }

extern "C" __global__ void generic(int *g, int *out)
{
    __shared__ int s[32];
    int local[4];
    int t = threadIdx.x;
    s[t] = t * 3;
    for (int i = 0; i < 4; i++)
        local[i] = t * 10 + i;
    __syncthreads();
    const int *p = (t % 3 == 0) ? &s[31 - t] : (t % 3 == 1) ? &local[t & 3] : &g[t];
    out[t] = read_generic(p);
}

// __syncthreads_count/_and/_or (bar.red) and early-exit threads at a barrier
extern "C" __global__ void sync_reduce(int *out, int n)
{
    int t = threadIdx.x;
    if (t >= n)
        return; // exited threads no longer count at the barrier
    int cnt = __syncthreads_count(t % 3 == 0);
    int all = __syncthreads_and(t < n);
    int any = __syncthreads_or(t == 5);
    out[t] = cnt * 100 + all * 10 + any;
}

// named barriers with a thread count: two independent groups of 64 threads
extern "C" __global__ void named_barriers(int *out)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    int group = t / 64;
    s[t] = t;
    asm volatile("bar.sync %0, 64;" ::"r"(group + 1));
    out[t] = s[group * 64 + (63 - t % 64)];
}

// both sides of a divergent branch reach a barrier: each half is counted
extern "C" __global__ void split_barrier(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    if (t & 1) {
        s[t] = 1;
        __syncthreads();
        out[t] = s[t ^ 1] * 10;
    } else {
        s[t] = 2;
        __syncthreads();
        out[t] = s[t ^ 1] * 100;
    }
}

extern "C" __global__ void hello2(long long big, void *ptr)
{
    printf("%i %X %e %g %p %ld %lu %llu [%5d|%-4d] %s\n", -42, 0xBEEFu, 1234.5, 0.0001,
           ptr, (long)big, (unsigned long)big, (unsigned long long)big, 7, 3, "end");
}

extern "C" __global__ void shared_oob(int *out, int k)
{
    __shared__ int s[64];
    s[threadIdx.x * k] = 1;
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
