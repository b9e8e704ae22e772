// An sm_90 program with thread-block clusters for tests/cli/963: a
// __cluster_dims__ kernel that reads its neighbour's shared memory
// (cluster.map_shared_rank), and a kernel given its cluster dimensions at
// launch with cudaLaunchKernelEx; both checked against the CPU. Prints PASS.
//   nvcc -cudart shared --no-compress -gencode arch=compute_90,code=compute_90 cluster.cu
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) ring(int *out)
{
    __shared__ int s[64];
    cg::cluster_group cluster = cg::this_cluster();
    s[threadIdx.x] = blockIdx.x * 1000 + threadIdx.x;
    cluster.sync();
    int *peer = cluster.map_shared_rank(s, (cluster.block_rank() + 1) % cluster.num_blocks());
    out[blockIdx.x * 64 + threadIdx.x] = peer[63 - threadIdx.x];
    cluster.sync();
}

__global__ void sum_into_rank0(int *out)
{
    __shared__ int total;
    cg::cluster_group cluster = cg::this_cluster();
    if (threadIdx.x == 0)
        total = 0;
    cluster.sync();
    atomicAdd(cluster.map_shared_rank(&total, 0), (int)threadIdx.x);
    cluster.sync();
    if (cluster.block_rank() == 0 && threadIdx.x == 0)
        out[blockIdx.x / cluster.num_blocks()] = total;
}

int main()
{
    int *d, h[8 * 64];
    cudaMalloc(&d, sizeof h);
    ring<<<8, 64>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < 8; b++)
        for (int t = 0; t < 64; t++)
            bad += h[b * 64 + t] != (b ^ 1) * 1000 + 63 - t;
    cudaLaunchConfig_t cfg = {};
    cudaLaunchAttribute attr;
    attr.id = cudaLaunchAttributeClusterDimension;
    attr.val.clusterDim.x = 4;
    attr.val.clusterDim.y = 1;
    attr.val.clusterDim.z = 1;
    cfg.gridDim = dim3(8);
    cfg.blockDim = dim3(64);
    cfg.attrs = &attr;
    cfg.numAttrs = 1;
    bad += cudaLaunchKernelEx(&cfg, sum_into_rank0, d) != cudaSuccess;
    cudaMemcpy(h, d, 2 * sizeof(int), cudaMemcpyDeviceToHost);
    bad += h[0] != 4 * (63 * 64 / 2) || h[1] != 4 * (63 * 64 / 2);
    if (bad || cudaGetLastError() != cudaSuccess) {
        printf("FAIL: %d wrong\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
