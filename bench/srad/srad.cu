// SRAD: speckle reducing anisotropic diffusion (Yu and Acton, IEEE TIP 2002),
// the Rodinia structured-grid benchmark, one diffusion step as two kernels.
// The image J is row-major, rows x cols; neighbours past the image edge are
// the edge pixel itself (zero gradient). One thread per pixel, 16x16 CTAs, no
// shared memory: every neighbour is a global load, so the north/south rows a
// warp reads are the rows its CTA's other warps read (the cross-warp reuse
// SACAT lists SRAD's L1 misses under).
//
// srad_coef: the four directional differences and the diffusion coefficient
//   c = 1 / (1 + (q^2 - q0^2) / (q0^2 (1 + q0^2))), clamped to [0, 1], where
//   q^2 = (G^2/2 - L^2/16) / (1 + L/4)^2 with G^2 = |grad J|^2 / J^2 and
//   L = laplacian(J) / J (the instantaneous coefficient of variation).
// srad_update: J += lambda/4 * div(c grad J), taking c at the pixel for the
//   north and west faces and at the south and east neighbours for theirs.
#define BS 16

extern "C" __global__ void srad_coef(const float *J, float *dN, float *dS, float *dW, float *dE,
                                     float *C, int rows, int cols, float q0sqr)
{
    int x = blockIdx.x * BS + threadIdx.x, y = blockIdx.y * BS + threadIdx.y;
    if (x >= cols || y >= rows)
        return;
    int idx = y * cols + x;
    int n = y > 0 ? idx - cols : idx, s = y + 1 < rows ? idx + cols : idx;
    int w = x > 0 ? idx - 1 : idx, e = x + 1 < cols ? idx + 1 : idx;
    float jc = J[idx];
    float vn = J[n] - jc, vs = J[s] - jc, vw = J[w] - jc, ve = J[e] - jc;
    float g2 = (vn * vn + vs * vs + vw * vw + ve * ve) / (jc * jc);
    float l = (vn + vs + vw + ve) / jc;
    float num = 0.5f * g2 - 0.0625f * l * l;
    float den = 1.0f + 0.25f * l;
    float qsqr = num / (den * den);
    float c = 1.0f / (1.0f + (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr)));
    c = c < 0.0f ? 0.0f : (c > 1.0f ? 1.0f : c);
    dN[idx] = vn;
    dS[idx] = vs;
    dW[idx] = vw;
    dE[idx] = ve;
    C[idx] = c;
}

extern "C" __global__ void srad_update(float *J, const float *dN, const float *dS, const float *dW,
                                       const float *dE, const float *C, int rows, int cols,
                                       float lambda)
{
    int x = blockIdx.x * BS + threadIdx.x, y = blockIdx.y * BS + threadIdx.y;
    if (x >= cols || y >= rows)
        return;
    int idx = y * cols + x;
    int s = y + 1 < rows ? idx + cols : idx, e = x + 1 < cols ? idx + 1 : idx;
    float cc = C[idx];
    float d = cc * dN[idx] + C[s] * dS[idx] + cc * dW[idx] + C[e] * dE[idx];
    J[idx] = J[idx] + 0.25f * lambda * d;
}
