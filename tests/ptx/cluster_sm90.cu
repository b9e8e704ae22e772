// Thread-block clusters (tests/212_clusters.c): distributed shared memory
// through cooperative_groups (cluster.map_shared_rank, cluster.sync), the
// cluster special registers, and atomics on another CTA's shared memory.
//   nvcc -ptx -arch=sm_90 cluster_sm90.cu -o cluster_sm90.ptx
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// each CTA fills its shared array, then reads its right neighbour's
// (rank + 1 mod size), reversed
extern "C" __global__ void __cluster_dims__(2, 1, 1) dsmem_ring(int *out)
{
    __shared__ int s[64];
    cg::cluster_group cluster = cg::this_cluster();
    unsigned rank = cluster.block_rank();
    s[threadIdx.x] = blockIdx.x * 1000 + threadIdx.x;
    cluster.sync();
    int *peer = cluster.map_shared_rank(s, (rank + 1) % cluster.num_blocks());
    out[blockIdx.x * 64 + threadIdx.x] = peer[63 - threadIdx.x];
    cluster.sync();
}

// cluster dimensions given at launch (cudaLaunchKernelEx): rank, size and
// the cluster's index per thread
extern "C" __global__ void cluster_ids(unsigned *out)
{
    cg::cluster_group cluster = cg::this_cluster();
    unsigned t = (blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x;
    dim3 ci = cluster.block_index();
    out[3 * t] = cluster.block_rank();
    out[3 * t + 1] = cluster.num_blocks();
    out[3 * t + 2] = ci.x + 10 * ci.y;
}

// every CTA adds into rank 0's counters; rank 0 writes them out
extern "C" __global__ void __cluster_dims__(4, 1, 1) dsmem_atomics(int *out)
{
    __shared__ int sum[32];
    cg::cluster_group cluster = cg::this_cluster();
    if (threadIdx.x < 32)
        sum[threadIdx.x] = 0;
    cluster.sync();
    int *root = cluster.map_shared_rank(sum, 0);
    atomicAdd(&root[threadIdx.x % 32], (int)(cluster.block_rank() + 1));
    cluster.sync();
    if (cluster.block_rank() == 0 && threadIdx.x < 32)
        out[blockIdx.x / 4 * 32 + threadIdx.x] = sum[threadIdx.x];
}
