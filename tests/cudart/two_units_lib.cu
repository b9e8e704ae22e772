// The second translation unit of two_units_main.cu.
__constant__ float factor;

__global__ void scale(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d[i] *= factor;
}

void lib_scale(float *d, int n, float s)
{
    cudaMemcpyToSymbol(factor, &s, sizeof s);
    scale<<<(n + 63) / 64, 64>>>(d, n);
}
