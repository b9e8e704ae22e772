// Dependent pointer chase: each thread follows a chain of `steps` loads,
// next = table[next], and writes where it ends. The table is cut into one
// region of `region` entries per warp (32 consecutive threads); the host
// fills each region with one random cycle through all its entries, so a
// chain never leaves its warp's region, and the warp's 32 lanes start
// region/32 entries apart on that cycle and never meet. Every warp load is a
// gather of 32 distinct entries spread over the region's lines, and each
// load waits for the one before it: the warp's footprint is its region,
// re-read for the whole chain.
#define CHASE_WARP 32

extern "C" __global__ void chase(const unsigned *table, unsigned *out, unsigned region, int steps)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned next = (t / CHASE_WARP) * region + (t % CHASE_WARP) * (region / CHASE_WARP);
    for (int i = 0; i < steps; i++)
        next = table[next];
    out[t] = next;
}
