// Where CTAs and warps run (tests/503_dispatch.c): lane 0 of each warp
// records %smid, %warpid and the clock at its start and after a barrier.
extern "C" __global__ void whoami(unsigned *out, int work)
{
    extern __shared__ int sh[];
    unsigned smid, warpid;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(warpid));
    unsigned t0 = (unsigned)clock();
    int x = threadIdx.x;
    for (int i = 0; i < work; i++)
        x = x * 3 + 1;
    sh[threadIdx.x] = x;
    __syncthreads();
    x += sh[(threadIdx.x + 1) % blockDim.x];
    unsigned t1 = (unsigned)clock();
    if (threadIdx.x % 32 == 0) {
        unsigned w = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
        out[w * 5 + 0] = smid;
        out[w * 5 + 1] = warpid;
        out[w * 5 + 2] = t0;
        out[w * 5 + 3] = t1;
        out[w * 5 + 4] = (unsigned)x;
    }
}
