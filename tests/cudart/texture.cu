// Texture and surface objects as real programs use them: a 2x2 box blur by
// bilinear tex2D over a CUDA array (clamp), tex1Dfetch over linear memory
// (0 outside), normalized coordinates with wrap, a 3D array filled by
// cudaMemcpy3D read with tex3D, and a surface written with surf2Dwrite and
// read back with cudaMemcpy2DFromArray. Every expected value is exact on a
// real GPU too (the blur samples texel corners: weights 1/2 both ways).
#include <cstdio>
#include <cstdlib>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("FAIL %s: %s\n", #x, cudaGetErrorName(e_)); return 1; } } while (0)

__global__ void blur(cudaTextureObject_t t, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) out[y * w + x] = tex2D<float>(t, x + 1.0f, y + 1.0f);
}
__global__ void fetch(cudaTextureObject_t t, int *out, int n) {
  int i = threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<int>(t, i - 2);
}
__global__ void wrap(cudaTextureObject_t t, float *out, int w, int h) {
  int x = threadIdx.x, y = threadIdx.y;
  out[y * w + x] = tex2D<float>(t, 1.0f + (x + 0.5f) / w, -1.0f + (y + 0.5f) / h);
}
__global__ void vol(cudaTextureObject_t t, float *out) {
  int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
  out[(z * 3 + y) * 4 + x] = tex3D<float>(t, x + 0.5f, y + 0.5f, z + 0.5f);
}
__global__ void paint(cudaSurfaceObject_t s, int w, int h) {
  int x = threadIdx.x, y = threadIdx.y;
  if (x < w && y < h) {
    uchar4 v = surf2Dread<uchar4>(s, x * 4, y);
    surf2Dwrite(make_uchar4(x, y, v.z + 1, 255), s, x * 4, y);
  }
}

static float T(const float *img, int w, int h, int x, int y) {
  x = x < 0 ? 0 : x >= w ? w - 1 : x; y = y < 0 ? 0 : y >= h ? h - 1 : y;
  return img[y * w + x];
}

int main() {
  const int W = 37, H = 19;
  float *img = (float *)malloc(W * H * sizeof(float)), *out = (float *)malloc(W * H * sizeof(float));
  for (int i = 0; i < W * H; i++) img[i] = (float)((i * 37) % 101);
  cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
  cudaArray_t arr;
  CK(cudaMallocArray(&arr, &fd, W, H));
  CK(cudaMemcpy2DToArray(arr, 0, 0, img, W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice));
  cudaResourceDesc rd = {}; rd.resType = cudaResourceTypeArray; rd.res.array.array = arr;
  cudaTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModeLinear; td.readMode = cudaReadModeElementType;
  cudaTextureObject_t tex;
  CK(cudaCreateTextureObject(&tex, &rd, &td, NULL));
  float *dout; CK(cudaMalloc(&dout, W * H * sizeof(float)));
  blur<<<dim3((W + 15) / 16, (H + 7) / 8), dim3(16, 8)>>>(tex, dout, W, H);
  CK(cudaGetLastError());
  CK(cudaMemcpy(out, dout, W * H * sizeof(float), cudaMemcpyDeviceToHost));
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++) {
      float want = 0.25f * (T(img, W, H, x, y) + T(img, W, H, x + 1, y) + T(img, W, H, x, y + 1) +
                            T(img, W, H, x + 1, y + 1));
      if (out[y * W + x] != want) { printf("FAIL blur (%d,%d): %g, expected %g\n", x, y, out[y * W + x], want); return 1; }
    }
  // normalized coordinates, wrap, point: one period over, the same texels
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeWrap;
  td.filterMode = cudaFilterModePoint; td.normalizedCoords = 1;
  cudaTextureObject_t wtex;
  CK(cudaCreateTextureObject(&wtex, &rd, &td, NULL));
  wrap<<<1, dim3(8, 4)>>>(wtex, dout, 8, 4);
  CK(cudaGetLastError());
  CK(cudaMemcpy(out, dout, 32 * sizeof(float), cudaMemcpyDeviceToHost));
  for (int y = 0; y < 4; y++)
    for (int x = 0; x < 8; x++) {
      int tx = (int)((x + 0.5f) / 8 * W), ty = (int)((y + 0.5f) / 4 * H);
      if (out[y * 8 + x] != img[ty * W + tx]) { printf("FAIL wrap (%d,%d): %g, expected %g\n", x, y, out[y * 8 + x], img[ty * W + tx]); return 1; }
    }
  // tex1Dfetch over linear memory: out of range reads 0
  int lin[6] = { 5, -6, 7, -8, 9, -10 }, got[10];
  int *dlin, *dgot; CK(cudaMalloc(&dlin, sizeof lin)); CK(cudaMalloc(&dgot, sizeof got));
  CK(cudaMemcpy(dlin, lin, sizeof lin, cudaMemcpyHostToDevice));
  cudaResourceDesc ld = {}; ld.resType = cudaResourceTypeLinear; ld.res.linear.devPtr = dlin;
  ld.res.linear.desc = cudaCreateChannelDesc<int>(); ld.res.linear.sizeInBytes = sizeof lin;
  cudaTextureDesc ltd = {}; ltd.readMode = cudaReadModeElementType;
  cudaTextureObject_t ltex;
  CK(cudaCreateTextureObject(&ltex, &ld, &ltd, NULL));
  fetch<<<1, 10>>>(ltex, dgot, 10);
  CK(cudaMemcpy(got, dgot, sizeof got, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 10; i++) {
    int want = i - 2 >= 0 && i - 2 < 6 ? lin[i - 2] : 0;
    if (got[i] != want) { printf("FAIL tex1Dfetch %d: %d, expected %d\n", i - 2, got[i], want); return 1; }
  }
  // a 4x3x2 volume by cudaMemcpy3D, read back by tex3D at texel centres
  float v[24]; for (int i = 0; i < 24; i++) v[i] = i * 1.5f;
  cudaArray_t varr; CK(cudaMalloc3DArray(&varr, &fd, make_cudaExtent(4, 3, 2)));
  cudaMemcpy3DParms p = {};
  p.srcPtr = make_cudaPitchedPtr(v, 4 * sizeof(float), 4, 3); p.dstArray = varr;
  p.extent = make_cudaExtent(4, 3, 2); p.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&p));
  cudaResourceDesc vd = {}; vd.resType = cudaResourceTypeArray; vd.res.array.array = varr;
  cudaTextureDesc vtd = {}; vtd.filterMode = cudaFilterModeLinear;
  cudaTextureObject_t vtex; CK(cudaCreateTextureObject(&vtex, &vd, &vtd, NULL));
  vol<<<1, dim3(4, 3, 2)>>>(vtex, dout);
  CK(cudaMemcpy(out, dout, 24 * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 24; i++)
    if (out[i] != v[i]) { printf("FAIL tex3D %d: %g, expected %g\n", i, out[i], v[i]); return 1; }
  // surface: read, modify, write a uchar4 array
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<uchar4>();
  cudaArray_t sarr; CK(cudaMallocArray(&sarr, &cd, 5, 3, cudaArraySurfaceLoadStore));
  unsigned char px[3][5][4] = {};
  for (int y = 0; y < 3; y++) for (int x = 0; x < 5; x++) px[y][x][2] = (unsigned char)(10 * y + x);
  CK(cudaMemcpy2DToArray(sarr, 0, 0, px, 20, 20, 3, cudaMemcpyHostToDevice));
  cudaResourceDesc sd = {}; sd.resType = cudaResourceTypeArray; sd.res.array.array = sarr;
  cudaSurfaceObject_t surf; CK(cudaCreateSurfaceObject(&surf, &sd));
  paint<<<1, dim3(5, 3)>>>(surf, 5, 3);
  CK(cudaGetLastError());
  unsigned char back[3][5][4];
  CK(cudaMemcpy2DFromArray(back, 20, sarr, 0, 0, 20, 3, cudaMemcpyDeviceToHost));
  for (int y = 0; y < 3; y++)
    for (int x = 0; x < 5; x++)
      if (back[y][x][0] != x || back[y][x][1] != y || back[y][x][2] != 10 * y + x + 1 || back[y][x][3] != 255) {
        printf("FAIL surface (%d,%d): %d %d %d %d\n", x, y, back[y][x][0], back[y][x][1], back[y][x][2], back[y][x][3]);
        return 1;
      }
  cudaExtent ext; unsigned flags; cudaChannelFormatDesc got_d;
  CK(cudaArrayGetInfo(&got_d, &ext, &flags, sarr));
  if (ext.width != 5 || ext.height != 3 || got_d.x != 8 || got_d.w != 8 || !(flags & cudaArraySurfaceLoadStore)) { printf("FAIL cudaArrayGetInfo\n"); return 1; }
  CK(cudaDestroyTextureObject(tex)); CK(cudaDestroyTextureObject(wtex)); CK(cudaDestroyTextureObject(ltex));
  CK(cudaDestroyTextureObject(vtex)); CK(cudaDestroySurfaceObject(surf));
  CK(cudaFreeArray(arr)); CK(cudaFreeArray(varr)); CK(cudaFreeArray(sarr));
  CK(cudaFree(dout)); CK(cudaFree(dlin)); CK(cudaFree(dgot));
  printf("PASS\n");
  return 0;
}
