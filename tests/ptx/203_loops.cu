// Loop-heavy kernels for speed measurement (and a correctness test):
// a per-thread arithmetic loop and a k-means-like distance loop.
extern "C" __global__ void mathloop(const float *in, float *out, int iters)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[i], acc = 0.0f;
    unsigned h = (unsigned)i;
    for (int k = 0; k < iters; k++) {
        acc = acc * 0.999f + x;
        h = h * 1664525u + 1013904223u;
        x += (float)(h >> 28) * 0.001f;
    }
    out[i] = acc + (float)(h & 0xff);
}

extern "C" __global__ void nearest(const float *points, const float *centers, int *assign,
                                   int npoints, int nclusters, int nfeatures)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= npoints)
        return;
    int best = 0;
    float bestd = 3.0e38f;
    for (int c = 0; c < nclusters; c++) {
        float d = 0.0f;
        for (int f = 0; f < nfeatures; f++) {
            float diff = points[f * npoints + p] - centers[c * nfeatures + f];
            d += diff * diff;
        }
        if (d < bestd) {
            bestd = d;
            best = c;
        }
    }
    assign[p] = best;
}
