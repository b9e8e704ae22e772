// Kernels whose results depend on how the warps of a CTA interleave
// (tests/209_warp_interleave.c): the functional runner advances a CTA's
// warps round-robin, ccgpu_functional_warp_run instructions at a time.

// The racy shape of PolyBench-ACC's mvt_kernel1 in integers: a block of
// 32 x 8 threads whose eight warps (threadIdx.y) all add row i of A times y
// into the same x[i], through global memory, every iteration. Warps that run
// in step all read x[i] before any of them writes it back, so the result is
// one sum; a warp that runs ahead of its siblings makes them add its terms
// again.
extern "C" __global__ void racy_mvt(const int *a, int *x, const int *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        for (int j = 0; j < n; j++)
            x[i] += a[i * n + j] * y[j];
    }
}

// Lane 0 of each warp takes `rounds` tickets from one counter; ticket r of
// warp w lands in order[w * rounds + r]. Warps that advance one instruction
// at a time in turn take tickets r * warps + w; a warp that runs its whole
// loop before the next takes w * rounds + r.
extern "C" __global__ void tickets(unsigned *counter, unsigned *order, int rounds)
{
    unsigned w = threadIdx.x / 32;
    if (threadIdx.x % 32 == 0) {
        for (int r = 0; r < rounds; r++)
            order[w * rounds + r] = atomicAdd(counter, 1u);
    }
}
