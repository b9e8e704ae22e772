// Kernels of tests/960_cudart.c, which registers the fatbinary built from
// this file (kernels.fatbin, committed) through the same entry points as
// nvcc's host code. Regenerate with:
//   nvcc -fatbin --no-compress -o tests/cudart/kernels.fatbin tests/cudart/kernels.cu
__constant__ float scale[4];
__device__ int hits;
__managed__ int mcount;

extern "C" __global__ void vadd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

extern "C" __global__ void scaled(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        x[i] *= scale[i % 4];
        atomicAdd(&hits, 1);
        atomicAdd(&mcount, 1);
    }
}

extern "C" __global__ void reverse(int *out)
{
    extern __shared__ int s[];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

extern "C" __global__ void fault(int *p)
{
    p[threadIdx.x + (1 << 26)] = 1;
}

extern "C" __global__ void tex_sample(cudaTextureObject_t t, const float2 *xy, float *out)
{
    out[threadIdx.x] = tex2D<float>(t, xy[threadIdx.x].x, xy[threadIdx.x].y);
}

extern "C" __global__ void surf_inc(cudaSurfaceObject_t s)
{
    int v = surf2Dread<int>(s, threadIdx.x * 4, threadIdx.y);
    surf2Dwrite(v + 1, s, threadIdx.x * 4, threadIdx.y);
}

extern "C" __global__ void misaligned(int *p)
{
    *(int *)((char *)p + 2) = 1;
}

extern "C" __global__ void trapper(int *p)
{
    if (threadIdx.x == 3)
        __trap();
    p[threadIdx.x] = 1;
}
