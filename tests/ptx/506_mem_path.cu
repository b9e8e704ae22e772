// Microbenchmarks of the path from issue to the LD/ST unit (tests/506_mem_path.c).
// Compile: nvcc -ptx -arch=sm_75 506_mem_path.cu -o 506_mem_path.ptx
//
// Each warp issues one uncoalesced load (every lane a different 128-byte
// line, so the LD/ST unit sends 32 line requests, one per cycle) and reads
// the clock around it. The parameters and the address are ready before a
// barrier, so after it the only memory instructions are the probed loads;
// volatile asm keeps the order:
//   out[w*4+0] = clock read just before the load (the load issues after it),
//   out[w*4+1] = clock read just after the load (it does not use the data),
//   out[w*4+2] = clock read after an add that uses the loaded value (the add
//                issues once the data is there; the read follows it).
extern "C" __global__ void uncoalesced_probe(const int *a, long long *out)
{
    int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
    const int *p = a + threadIdx.x * 32;
    long long t0, t1, t2;
    int x, y;
    __syncthreads();
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t0)::"memory");
    asm volatile("ld.global.u32 %0, [%1];" : "=r"(x) : "l"(p) : "memory");
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t1)::"memory");
    asm volatile("add.s32 %0, %1, 1;" : "=r"(y) : "r"(x) : "memory");
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t2)::"memory");
    if (lane == 0) {
        out[w * 4 + 0] = t0;
        out[w * 4 + 1] = t1;
        out[w * 4 + 2] = t2;
        out[w * 4 + 3] = y;
    }
}
