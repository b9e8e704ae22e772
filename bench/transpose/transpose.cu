// Tiled matrix transpose through shared memory, in the shape of the CUDA
// SDK's transpose sample: 32x32 tiles, CTAs of 32x8 threads, each thread
// moving 4 elements. A CTA reads a tile of `in` row by row (coalesced: one
// 128-byte line per warp load), stores it into shared memory, and after the
// barrier writes it to `out` transposed, again row by row. The tile's rows
// are padded to 33 floats so that reading a shared-memory column hits 32
// different banks. No element is read twice: bandwidth-bound.
// `in` is height x width, `out` width x height, both row-major; the host
// keeps width and height multiples of 32 and launches (width/32, height/32)
// CTAs of (32, 8).
#define TR_TILE 32
#define TR_ROWS 8

extern "C" __global__ void transpose(float *out, const float *in, int width, int height)
{
    __shared__ float tile[TR_TILE][TR_TILE + 1];

    int x = blockIdx.x * TR_TILE + threadIdx.x;
    int y = blockIdx.y * TR_TILE + threadIdx.y;
    for (int j = 0; j < TR_TILE; j += TR_ROWS)
        tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * width + x];
    __syncthreads();

    x = blockIdx.y * TR_TILE + threadIdx.x;
    y = blockIdx.x * TR_TILE + threadIdx.y;
    for (int j = 0; j < TR_TILE; j += TR_ROWS)
        out[(size_t)(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
