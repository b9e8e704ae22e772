// Hotspot thermal simulation, Rodinia style: a 2-D grid of chip temperatures
// stepped by an explicit 5-point update driven by a power map. Each 16x16 CTA
// loads a tile of temperature and power into shared memory and advances it
// `iters` time steps in place -- a pyramid: after step i only cells at least
// i+1 away from the tile edge are still exact -- then writes its inner
// (16 - 2*border) square. Neighbouring CTAs overlap by 2*border cells, so
// adjacent CTAs (same row or column of the grid) read the same halo lines: the
// algorithm-related inter-CTA locality the CTA-clustering paper lists for HS.
// Cells outside the chip are never read: neighbours are clamped to the cell
// itself at the chip edge (no heat flows across it). All arithmetic is float:
// Rodinia writes the constant 2.0 as a double, which promotes part of its update
// to double precision; here the update is float throughout.
#define BS 16

extern "C" __global__ void hotspot(int iters, int border, const float *power, const float *src,
                                   float *dst, int cols, int rows, float step_div_cap,
                                   float rx_1, float ry_1, float rz_1, float amb)
{
    __shared__ float t_in[BS][BS];
    __shared__ float p_in[BS][BS];
    __shared__ float t_out[BS][BS];

    int tx = threadIdx.x, ty = threadIdx.y;
    int inner = BS - 2 * border;
    int x0 = blockIdx.x * inner - border, y0 = blockIdx.y * inner - border;
    int gx = x0 + tx, gy = y0 + ty;
    int idx = gy * cols + gx;

    if (gx >= 0 && gx < cols && gy >= 0 && gy < rows) {
        t_in[ty][tx] = src[idx];
        p_in[ty][tx] = power[idx];
    }
    __syncthreads();

    // the part of the tile that lies on the chip
    int xmin = x0 < 0 ? -x0 : 0, xmax = x0 + BS > cols ? cols - 1 - x0 : BS - 1;
    int ymin = y0 < 0 ? -y0 : 0, ymax = y0 + BS > rows ? rows - 1 - y0 : BS - 1;
    int w = tx - 1 < xmin ? xmin : tx - 1, e = tx + 1 > xmax ? xmax : tx + 1;
    int n = ty - 1 < ymin ? ymin : ty - 1, s = ty + 1 > ymax ? ymax : ty + 1;
    bool on_chip = tx >= xmin && tx <= xmax && ty >= ymin && ty <= ymax;

    bool computed = false;
    for (int i = 0; i < iters; i++) {
        computed = on_chip && tx >= i + 1 && tx <= BS - 2 - i && ty >= i + 1 && ty <= BS - 2 - i;
        if (computed) {
            float t = t_in[ty][tx];
            t_out[ty][tx] = t + step_div_cap * (p_in[ty][tx] +
                                                (t_in[s][tx] + t_in[n][tx] - 2.0f * t) * ry_1 +
                                                (t_in[ty][e] + t_in[ty][w] - 2.0f * t) * rx_1 +
                                                (amb - t) * rz_1);
        }
        __syncthreads();
        if (i == iters - 1)
            break;
        if (computed)
            t_in[ty][tx] = t_out[ty][tx];
        __syncthreads();
    }
    // only the inner square belongs to this CTA
    if (computed && tx >= border && tx < BS - border && ty >= border && ty < BS - border)
        dst[idx] = t_out[ty][tx];
}
