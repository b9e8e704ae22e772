// Sum of n unsigned ints (mod 2^32, so the result is exact), in the style of
// the classic multi-step reduction: each thread accumulates two elements a
// blockDim apart per step of a grid-stride loop (coalesced, streaming), the CTA
// combines its threads with a shared-memory tree and __syncthreads, the last
// 64 values are finished by one warp with __shfl_down_sync, and thread 0
// writes the CTA's partial sum. The host runs it twice: n inputs -> one
// partial per CTA -> one CTA -> the total.
// blockDim.x must be a power of two >= 64; dynamic shared memory blockDim.x * 4.
extern "C" __global__ void reduce_sum(const unsigned *in, unsigned *out, unsigned n)
{
    extern __shared__ unsigned partial[];
    unsigned tid = threadIdx.x;
    unsigned step = 2u * blockDim.x * gridDim.x;
    unsigned sum = 0;
    for (unsigned i = 2u * blockDim.x * blockIdx.x + tid; i < n; i += step) {
        sum += in[i];
        if (i + blockDim.x < n)
            sum += in[i + blockDim.x];
    }
    partial[tid] = sum;
    __syncthreads();
    for (unsigned half = blockDim.x / 2; half > 32; half >>= 1) {
        if (tid < half)
            partial[tid] = sum = sum + partial[tid + half];
        __syncthreads();
    }
    if (tid < 32) {
        sum += partial[tid + 32];
        for (int lane = 16; lane > 0; lane >>= 1)
            sum += __shfl_down_sync(0xffffffffu, sum, lane);
        if (tid == 0)
            out[blockIdx.x] = sum;
    }
}
