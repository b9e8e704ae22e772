// Unstructured-mesh edge kernel in the style of euler/moldyn (the AWSS
// paper's scientific class): one thread per edge reads the state of both end
// nodes (gathered through the edge's node ids), computes a flux across the
// edge (a Rusanov-type flux of the 2-D Euler equations) and scatters it to
// both nodes' residuals with atomicAdd. A second kernel advances the state.

extern "C" __global__ void mesh_flux(const int *edge_a, const int *edge_b, const float2 *normal,
                                     const float4 *q, float *res, int nedges)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= nedges)
        return;
    int a = edge_a[e], b = edge_b[e];
    float2 n = normal[e];
    float4 qa = q[a], qb = q[b]; // density, x momentum, y momentum, energy
    const float gm1 = 0.4f;      // gamma - 1
    float ua = (qa.y * n.x + qa.z * n.y) / qa.x;
    float ub = (qb.y * n.x + qb.z * n.y) / qb.x;
    float pa = gm1 * (qa.w - 0.5f * (qa.y * qa.y + qa.z * qa.z) / qa.x);
    float pb = gm1 * (qb.w - 0.5f * (qb.y * qb.y + qb.z * qb.z) / qb.x);
    float s = fmaxf(fabsf(ua), fabsf(ub)) + 1.0f; // dissipation speed
    float f0 = 0.5f * (qa.x * ua + qb.x * ub) - 0.5f * s * (qb.x - qa.x);
    float f1 = 0.5f * (qa.y * ua + qb.y * ub + (pa + pb) * n.x) - 0.5f * s * (qb.y - qa.y);
    float f2 = 0.5f * (qa.z * ua + qb.z * ub + (pa + pb) * n.y) - 0.5f * s * (qb.z - qa.z);
    float f3 = 0.5f * ((qa.w + pa) * ua + (qb.w + pb) * ub) - 0.5f * s * (qb.w - qa.w);
    atomicAdd(&res[4 * a + 0], -f0);
    atomicAdd(&res[4 * a + 1], -f1);
    atomicAdd(&res[4 * a + 2], -f2);
    atomicAdd(&res[4 * a + 3], -f3);
    atomicAdd(&res[4 * b + 0], f0);
    atomicAdd(&res[4 * b + 1], f1);
    atomicAdd(&res[4 * b + 2], f2);
    atomicAdd(&res[4 * b + 3], f3);
}

extern "C" __global__ void mesh_update(float *q, const float *res, float dt, int nvalues)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nvalues)
        q[i] += dt * res[i];
}
