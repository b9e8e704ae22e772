// vectorAdd as every CUDA tutorial writes it: the first program ccgpu exec ran.
#include <cstdio>
#include <cstdlib>
__global__ void vectorAdd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
int main() {
  int n = 1000; size_t sz = n * sizeof(float);
  float *a = (float*)malloc(sz), *b = (float*)malloc(sz), *c = (float*)malloc(sz);
  for (int i = 0; i < n; i++) { a[i] = i; b[i] = 2*i; }
  float *da, *db, *dc;
  cudaMalloc(&da, sz); cudaMalloc(&db, sz); cudaMalloc(&dc, sz);
  cudaMemcpy(da, a, sz, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, sz, cudaMemcpyHostToDevice);
  vectorAdd<<<(n+255)/256, 256>>>(da, db, dc, n);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) { printf("launch: %s\n", cudaGetErrorString(e)); return 1; }
  cudaMemcpy(c, dc, sz, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) if (c[i] != 3*i) { printf("FAIL at %d\n", i); return 1; }
  cudaFree(da); cudaFree(db); cudaFree(dc);
  printf("PASS\n");
  return 0;
}
