// k-means membership step (Rodinia kmeans as modified for CCWS: features and
// centroids read from global memory rather than texture and constant memory).
// Two layouts of the same computation:
// - kmeans_assign_pm (benchmark `kmeans`, the CCWS suite's KMN): features
//   point-major (features[p * nfeatures + f]), each thread reads its own
//   point's row: every warp load is uncoalesced (32 lanes, 32 lines apart by
//   nfeatures floats) and the thread re-reads its row once per cluster:
//   intra-thread locality, "a number of uncoalesced loads, touching many
//   cache lines in relatively few memory instructions" (CCWS paper, Sec. 5.2).
// - kmeans_assign (benchmark `kmeans_fm`): features feature-major
//   (features_t[f * npoints + p], made by kmeans_invert as Rodinia does), so
//   each warp load of feature f is one coalesced line, and the warp re-reads
//   the same nfeatures lines once per cluster: intra-warp locality.
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

// Nearest centroid, features point-major (the same arithmetic and order).
extern "C" __global__ void kmeans_assign_pm(const float *features, const float *clusters,
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
                float diff = features[p * nfeatures + f] - clusters[c * nfeatures + f];
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
