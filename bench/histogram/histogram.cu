// 256-bin byte histogram. Each CTA counts into its own bins in shared memory
// (shared atomics: lanes that hit the same bin serialise), reading the input
// as 32-bit words in a coalesced grid-stride loop, then adds its non-zero bins
// to the global histogram with global atomics. hist must be zeroed first.
#define HIST_BINS 256

extern "C" __global__ void histogram256(const unsigned *words, unsigned nwords,
                                        unsigned *hist)
{
    __shared__ unsigned bins[HIST_BINS];
    for (unsigned b = threadIdx.x; b < HIST_BINS; b += blockDim.x)
        bins[b] = 0;
    __syncthreads();
    unsigned step = blockDim.x * gridDim.x;
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < nwords; i += step) {
        unsigned w = words[i];
        atomicAdd(&bins[w & 0xffu], 1u);
        atomicAdd(&bins[(w >> 8) & 0xffu], 1u);
        atomicAdd(&bins[(w >> 16) & 0xffu], 1u);
        atomicAdd(&bins[w >> 24], 1u);
    }
    __syncthreads();
    for (unsigned b = threadIdx.x; b < HIST_BINS; b += blockDim.x) {
        unsigned count = bins[b];
        if (count)
            atomicAdd(&hist[b], count);
    }
}
