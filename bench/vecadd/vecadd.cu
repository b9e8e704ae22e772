// Vector add: c[i] = a[i] + b[i], one element per thread, grid sized to n.
// The cache-insensitive baseline: every byte is touched exactly once, loads
// and the store are fully coalesced (a warp reads 128 contiguous bytes).
extern "C" __global__ void vecadd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}
