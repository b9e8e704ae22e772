// Timing-model microbenchmarks with known answers (tests/501_micro.c):
// pointer chasing through L1 / L2 / DRAM, streaming bandwidth, dependent
// and independent ALU work. Compile: nvcc -ptx -arch=sm_75 501_micro.cu
// The clock is read after a store that uses the chased pointer, so the last
// load's latency is inside the measured interval.

// Walks a pointer chain twice (the first pass warms the caches) and times
// the second pass: out[0] = cycles of pass 2, out[1] = the final pointer.
extern "C" __global__ void chase_ca(void **start, int n, long long *out)
{
    void **p = start;
#pragma unroll 4
    for (int i = 0; i < n; i++)
        p = (void **)*p;
    out[1] = (long long)p;
    long long t0 = clock64();
#pragma unroll 4
    for (int i = 0; i < n; i++)
        p = (void **)*p;
    out[1] = (long long)p;
    long long t1 = clock64();
    out[0] = t1 - t0;
}

// The same through ld.global.cg (L1 bypassed): pass 2 measures L2 hits.
extern "C" __global__ void chase_cg(void **start, int n, long long *out)
{
    void **p = start;
#pragma unroll 4
    for (int i = 0; i < n; i++)
        p = (void **)__ldcg((const long long *)p);
    out[1] = (long long)p;
    long long t0 = clock64();
#pragma unroll 4
    for (int i = 0; i < n; i++)
        p = (void **)__ldcg((const long long *)p);
    out[1] = (long long)p;
    long long t1 = clock64();
    out[0] = t1 - t0;
}

// One cold pass through ld.global.cg: every load misses the L2 (DRAM).
extern "C" __global__ void chase_cold(void **start, int n, long long *out)
{
    void **p = start;
    long long t0 = clock64();
#pragma unroll 4
    for (int i = 0; i < n; i++)
        p = (void **)__ldcg((const long long *)p);
    out[1] = (long long)p;
    long long t1 = clock64();
    out[0] = t1 - t0;
}

// Streaming read: every thread sums a grid-stride share of a.
extern "C" __global__ void stream_read(const int4 *a, int n, int *out)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = gridDim.x * blockDim.x;
    int s = 0;
    for (int i = tid; i < n; i += stride) {
        int4 v = a[i];
        s += v.x + v.y + v.z + v.w;
    }
    out[tid] = s;
}

// A chain of n x 128 dependent integer multiply-adds per thread.
extern "C" __global__ void alu_chain(int *out, int n, int a, int b)
{
    int x = threadIdx.x;
    for (int i = 0; i < n; i++) {
#pragma unroll
        for (int k = 0; k < 128; k++)
            x = x * a + b;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = x;
}
