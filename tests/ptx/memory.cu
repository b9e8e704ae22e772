// Shared memory (static and dynamic), atomics, warp shuffles and votes.
__constant__ float coeff[4] = {1.0f, 0.5f, 0.25f, 0.125f};
__device__ int counter;
__device__ unsigned table[3] = {7, 8, 9};

__global__ void reduce(float *out, const float *in)
{
    extern __shared__ float buf[];
    int t = threadIdx.x;
    buf[t] = in[blockIdx.x * blockDim.x + t] * coeff[t & 3];
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s)
            buf[t] += buf[t + s];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = buf[0];
}

__global__ void tile(float *out, const float *in, int w)
{
    __shared__ float t[16][17];
    int x = threadIdx.x, y = threadIdx.y;
    t[y][x] = in[(blockIdx.y * 16 + y) * w + blockIdx.x * 16 + x];
    __syncthreads();
    out[(blockIdx.x * 16 + y) * w + blockIdx.y * 16 + x] = t[x][y];
}

__global__ void atomics(int *a, unsigned *u, float *f, double *d, unsigned long long *ull)
{
    __shared__ int sh[32];
    int i = threadIdx.x;
    sh[i & 31] = 0;
    __syncthreads();
    atomicAdd(&sh[i & 31], 1);
    atomicAdd(a, i);
    atomicSub(a + 1, i);
    atomicMin(a + 2, i);
    atomicMax(a + 3, i);
    atomicInc(u, 100u);
    atomicDec(u + 1, 100u);
    atomicExch(a + 4, i);
    atomicCAS(a + 5, i, i + 1);
    atomicAnd(a + 6, i);
    atomicOr(a + 7, i);
    int old = atomicXor(a + 8, i);
    atomicAdd(f, 1.5f);
    atomicAdd(d, 2.5);
    atomicAdd(ull, 3ull);
    atomicAdd(&counter, 1);
    __syncthreads();
    a[9 + i] = sh[i & 31] + old + table[i % 3];
}

__global__ void warp(int *out, const int *in)
{
    int i = threadIdx.x, v = in[i];
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_down_sync(0xffffffffu, v, o);
    int up = __shfl_up_sync(0xffffffffu, v, 1);
    int x = __shfl_xor_sync(0xffffffffu, v, 3);
    int b = __shfl_sync(0xffffffffu, v, 0);
    unsigned ballot = __ballot_sync(0xffffffffu, v > 10);
    int all = __all_sync(0xffffffffu, v > 0);
    int any = __any_sync(0xffffffffu, v < 0);
    unsigned act = __activemask();
    __syncwarp();
    out[i] = up + x + b + (int)ballot + all + any + (int)act;
}
