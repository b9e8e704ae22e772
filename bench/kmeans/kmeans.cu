// k-means membership step (Rodinia kmeans as modified for CCWS: features and
// centroids read from global memory rather than texture and constant memory).
// Features are stored feature-major (features_t[f * npoints + p]), so each
// warp's load of feature f is one coalesced line, and the warp re-reads the
// same nfeatures lines once per cluster: intra-warp temporal locality.
#include <cfloat>

// Point-major input -> feature-major copy.
extern "C" __global__ void kmeans_invert(const float *features, float *features_t, int npoints,
                                         int nfeatures)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p < npoints)
        for (int f = 0; f < nfeatures; f++)
            features_t[f * npoints + p] = features[p * nfeatures + f];
}

// Nearest centroid (squared Euclidean distance, first minimum on ties).
extern "C" __global__ void kmeans_assign(const float *features_t, const float *clusters,
                                         int *membership, int npoints, int nclusters,
                                         int nfeatures)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p < npoints) {
        int best = 0;
        float best_dist = FLT_MAX;
        for (int c = 0; c < nclusters; c++) {
            float dist = 0.0f;
            for (int f = 0; f < nfeatures; f++) {
                float diff = features_t[f * npoints + p] - clusters[c * nfeatures + f];
                dist += diff * diff;
            }
            if (dist < best_dist) {
                best_dist = dist;
                best = c;
            }
        }
        membership[p] = best;
    }
}
