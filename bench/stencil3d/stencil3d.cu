// 7-point 3-D Jacobi stencil on an nx x ny x nz grid (x fastest), one time step
// per launch, the host swapping the two buffers between launches. Thread (x, y)
// walks its column through z (Parboil/Rodinia 3-D stencil style), loading all
// seven points from global memory each step. The x-neighbours share the
// thread's line, the y-neighbours sit nx*4 bytes away and the z-neighbours
// nx*ny*4 bytes away: with power-of-two sizes the rows of a CTA and the planes
// above and below map to the same L1 sets -- the inter-warp conflicts SACAT
// reports for 3DS. Only interior points are written; the host fills both
// buffers with the initial grid so the fixed boundary stays in place.
extern "C" __global__ void stencil3d(const float *in, float *out, float c0, float c1, int nx,
                                     int ny, int nz)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1)
        return;
    int plane = nx * ny;
    for (int z = 1; z < nz - 1; z++) {
        int c = z * plane + y * nx + x;
        out[c] = c0 * in[c] + c1 * (in[c - 1] + in[c + 1] + in[c - nx] + in[c + nx] +
                                    in[c - plane] + in[c + plane]);
    }
}
