// Single-source shortest paths, Bellman-Ford style in the shape of the
// Harish-Narayanan kernels (Bakhoda et al.'s SSSP): nodes whose distance
// improved relax all their CSR edges with atomicMin into a tentative array;
// a second kernel commits improvements and builds the next mask. The host
// relaunches until nothing changes.

extern "C" __global__ void sssp_relax(const int *row, const int *col, const int *weight,
                                      char *mask, const int *dist, int *tentative, int n)
{
    int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u < n && mask[u]) {
        mask[u] = 0;
        int du = dist[u];
        for (int e = row[u]; e < row[u + 1]; e++)
            atomicMin(&tentative[col[e]], du + weight[e]);
    }
}

extern "C" __global__ void sssp_commit(char *mask, int *dist, int *tentative, int *changed, int n)
{
    int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u < n) {
        if (tentative[u] < dist[u]) {
            dist[u] = tentative[u];
            mask[u] = 1;
            *changed = 1;
        }
        tentative[u] = dist[u];
    }
}
