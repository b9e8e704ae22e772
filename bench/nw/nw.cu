// Needleman-Wunsch global alignment score matrix, Rodinia-style: the
// (n+1) x (n+1) matrix is cut into 16 x 16 tiles, and one launch processes one
// anti-diagonal of tiles (a CTA per tile, 16 threads: half a warp). A CTA
// copies its tile's substitution scores and the row above / column left of
// the tile into shared memory, sweeps the tile's own anti-diagonals with a
// barrier between them (thread tx owns column tx), and writes the tile back.
// Launch d covers tiles (by, bx) with by + bx = d, bx = first_bx + blockIdx.x.
#define NW_TILE 16

extern "C" __global__ void nw_tile_diag(int *score, const int *subst, int cols, int diag,
                                        int first_bx, int penalty)
{
    __shared__ int cell[NW_TILE + 1][NW_TILE + 1]; // [0][*], [*][0]: borders
    __shared__ int sub[NW_TILE][NW_TILE];
    int tx = threadIdx.x;
    int bx = first_bx + blockIdx.x;
    int by = diag - bx;
    // (row0, col0) is the cell north-west of the tile's first cell
    int corner = by * NW_TILE * cols + bx * NW_TILE;

    for (int y = 0; y < NW_TILE; y++)
        sub[y][tx] = subst[corner + (y + 1) * cols + 1 + tx];
    if (tx == 0)
        cell[0][0] = score[corner];
    cell[0][tx + 1] = score[corner + 1 + tx];
    cell[tx + 1][0] = score[corner + (tx + 1) * cols];
    __syncthreads();

    for (int k = 0; k < 2 * NW_TILE - 1; k++) {
        int y = k - tx;
        if (y >= 0 && y < NW_TILE) {
            int match = cell[y][tx] + sub[y][tx];
            int del = cell[y][tx + 1] - penalty;
            int ins = cell[y + 1][tx] - penalty;
            cell[y + 1][tx + 1] = max(match, max(del, ins));
        }
        __syncthreads();
    }

    for (int y = 0; y < NW_TILE; y++)
        score[corner + (y + 1) * cols + 1 + tx] = cell[y + 1][tx + 1];
}
