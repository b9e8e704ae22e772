// Inlined device function (.loc ... inlined_at with -lineinfo) and launch bounds.
__device__ __forceinline__ float sq(float x) { return x * x; }
__device__ float acc;
__global__ void k(float *a) { a[threadIdx.x] = sq(a[threadIdx.x]) + sq(2.0f * a[0]); if (threadIdx.x == 3) atomicAdd(&acc, 1.0f); }
__global__ void __launch_bounds__(128, 4) lb(float *a) { a[threadIdx.x] *= 2.0f; }
