/* k-means assignment step (as in Rodinia's kmeans): one thread per point finds
 * the nearest of nclusters centres. Features are stored feature-major
 * (features[f * npoints + p]) so a warp's loads coalesce; every CTA reads all
 * centres -- the algorithm-related inter-CTA reuse the clustering paper
 * exploits (KMN, X-partitioning of a 1-D grid). */
#include "../cta_clustering.cuh"

__device__ __forceinline__ void kmeans_block(int *membership, const float *features,
                                             const float *centres, int npoints,
                                             int nfeatures, int nclusters, unsigned bx,
                                             int bypass)
{
    int p = bx * blockDim.x + threadIdx.x;
    if (p < npoints) {
        int best = 0;
        float best_d = 3.0e38f;
        for (int c = 0; c < nclusters; c++) {
            float d = 0.0f;
            for (int f = 0; f < nfeatures; f++) {
                /* the point's features stream; only the centres are reused */
                float x = bypass ? ccl_ld_cg(&features[f * npoints + p])
                                 : features[f * npoints + p];
                float diff = x - centres[c * nfeatures + f];
                d += diff * diff;
            }
            if (d < best_d) {
                best_d = d;
                best = c;
            }
        }
        membership[p] = best;
    }
}

extern "C" __global__ void kmeans_original(int *membership, const float *features,
                                           const float *centres, int npoints, int nfeatures,
                                           int nclusters)
{
    kmeans_block(membership, features, centres, npoints, nfeatures, nclusters, blockIdx.x, 0);
}

extern "C" __global__ void kmeans_redirect(int *membership, const float *features,
                                           const float *centres, int npoints, int nfeatures,
                                           int nclusters, CCL_REDIRECT_PARAMS)
{
    CCL_REDIRECT(bx, by);
    (void)by;
    kmeans_block(membership, features, centres, npoints, nfeatures, nclusters, bx, 0);
}

extern "C" __global__ void kmeans_agent(int *membership, const float *features,
                                        const float *centres, int npoints, int nfeatures,
                                        int nclusters, CCL_AGENT_PARAMS)
{
    CCL_FOR_EACH_CTA(bx, by) {
        kmeans_block(membership, features, centres, npoints, nfeatures, nclusters, bx, 0);
    }
}

/* agents plus L1 bypass of the streaming feature loads (Sec. 4.3 (II)) */
extern "C" __global__ void kmeans_agent_bypass(int *membership, const float *features,
                                               const float *centres, int npoints,
                                               int nfeatures, int nclusters, CCL_AGENT_PARAMS)
{
    CCL_FOR_EACH_CTA(bx, by) {
        kmeans_block(membership, features, centres, npoints, nfeatures, nclusters, bx, 1);
    }
}
