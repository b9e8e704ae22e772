// Row-walking reduction: one thread per row of a row-major float matrix sums
// its row. Lanes of a warp are ncols floats apart, so every warp load is
// uncoalesced (32 rows, 32 line requests), and each thread walks its own row
// line by line: strong intra-thread locality, the access shape of kmeans'
// point-major membership loop with none of its arithmetic.
// The loop is unrolled by RW_UNROLL loads into RW_ACC independent
// accumulators (acc[u % RW_ACC] += row[c + u]) so that many loads are in
// flight per thread; ptxas gives the kernel 43 registers at sm_75, which with
// 256-thread CTAs allows 2 CTAs per SM in a 32768-register file
// (bench/rowwalk/rowwalk.regs, docs/benchmarks.md).
// ncols must be a multiple of RW_UNROLL; the host launches one thread per row.
#define RW_UNROLL 24
#define RW_ACC 8

extern "C" __global__ void rowwalk(const float *matrix, float *sums, int nrows, int ncols)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < nrows) {
        const float *p = matrix + (size_t)row * ncols;
        float acc[RW_ACC];
#pragma unroll
        for (int a = 0; a < RW_ACC; a++)
            acc[a] = 0.0f;
        for (int c = 0; c < ncols; c += RW_UNROLL) {
#pragma unroll
            for (int u = 0; u < RW_UNROLL; u++)
                acc[u % RW_ACC] += p[c + u];
        }
        float s = 0.0f;
#pragma unroll
        for (int a = 0; a < RW_ACC; a++)
            s += acc[a];
        sums[row] = s;
    }
}
