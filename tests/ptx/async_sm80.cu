// Kernels of sm_80/sm_90 programs (tests/210_async_warp_ops.c): warp
// reductions (redux.sync), elect.sync, fences, asynchronous copies with
// commit/wait groups (cp.async) and mbarriers (cuda::barrier,
// cuda::pipeline, cuda::memcpy_async). Each writes results the test
// checks against a CPU computation.
//   nvcc -ptx -arch=sm_80 async_sm80.cu -o async_sm80.ptx
//   nvcc -ptx -arch=sm_90 async_sm80.cu -o async_sm90.ptx
// (sm_90's forms where sm_80 has none: elect.sync, proxy fences, try_wait)
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda_pipeline.h>
namespace cg = cooperative_groups;

// out: 9 words per warp: add, min, max (u32), min, max (s32), and, or,
// xor, and cg::reduce's sum; lanes >= active leave the warp partial
// (reductions over the remaining lanes only)
extern "C" __global__ void warp_reduce(const unsigned *in, unsigned *out, int active)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if ((int)(threadIdx.x & 31) >= active)
        return;
    unsigned v = in[t];
    int s = (int)v - 1000;
    unsigned mask = __activemask();
    unsigned o[8];
    o[0] = __reduce_add_sync(mask, v);
    o[1] = __reduce_min_sync(mask, v);
    o[2] = __reduce_max_sync(mask, v);
    o[3] = (unsigned)__reduce_min_sync(mask, s);
    o[4] = (unsigned)__reduce_max_sync(mask, s);
    o[5] = __reduce_and_sync(mask, v | 0x10);
    o[6] = __reduce_or_sync(mask, v);
    o[7] = __reduce_xor_sync(mask, v);
    unsigned r = o[0];
    if (mask == 0xffffffffu) {
        auto tile = cg::tiled_partition<32>(cg::this_thread_block());
        r = cg::reduce(tile, v, cg::plus<unsigned>());
    }
    if ((threadIdx.x & 31) == 0) {
        unsigned *w = out + t / 32 * 9;
        for (int i = 0; i < 8; i++)
            w[i] = o[i];
        w[8] = r;
    }
}

// out[t]: the elected leader's lane id; flags[t]: 1 in the leader only.
// Lanes with odd (lane / 4) take part.
extern "C" __global__ void elect_fence(unsigned *out, unsigned *flags)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = threadIdx.x & 31;
    if ((lane / 4) & 1) {
        unsigned leader = 0, is = 0;
        unsigned mask = __activemask();
#if __CUDA_ARCH__ >= 900
        asm volatile("{\n\t.reg .pred p;\n\t"
                     "elect.sync %0|p, %2;\n\t"
                     "selp.u32 %1, 1, 0, p;\n\t}"
                     : "=r"(leader), "=r"(is) : "r"(mask));
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#else /* elect.sync and proxy fences are sm_90's */
        leader = __ffs(mask) - 1;
        is = lane == leader;
#endif
        asm volatile("fence.acq_rel.gpu;" ::: "memory");
        __threadfence();
        __threadfence_block();
        out[t] = leader;
        flags[t] = is;
    } else {
        out[t] = 99;
        flags[t] = 7;
    }
}

// Double-buffered copy through shared memory with a per-thread pipeline
// (cp.async 4-byte, commit / wait_group 1): out[i] = 2 * in[tile + (i+1) % 256]
extern "C" __global__ void pipeline_copy(const float *in, float *out, int n)
{
    __shared__ float buf[2][256];
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    int tiles = n / 256;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
    for (int t = 0; t < tiles; t++) {
        if (t + 1 < tiles) {
            pipe.producer_acquire();
            cuda::memcpy_async(&buf[(t + 1) & 1][threadIdx.x], &in[(t + 1) * 256 + threadIdx.x],
                               sizeof(float), pipe);
            pipe.producer_commit();
        }
        cuda::pipeline_consumer_wait_prior<1>(pipe);
        __syncthreads();
        out[t * 256 + threadIdx.x] = buf[t & 1][(threadIdx.x + 1) % 256] * 2.0f;
        __syncthreads();
        pipe.consumer_release();
    }
}

// A whole-block copy completing on a cuda::barrier (sm_80: 16-byte
// cp.async.cg with cp.async.mbarrier.arrive; sm_90: cp.async.bulk with
// mbarrier expect_tx), reversed on the way out.
extern "C" __global__ void barrier_copy(const int4 *in, int4 *out)
{
    __shared__ int4 buf[128];
#pragma nv_diag_suppress static_var_with_dynamic_init
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    auto block = cg::this_thread_block();
    if (block.thread_rank() == 0)
        init(&bar, block.size());
    block.sync();
    cuda::memcpy_async(block, buf, in + blockIdx.x * 128, sizeof(buf), bar);
    bar.arrive_and_wait();
    out[blockIdx.x * 128 + threadIdx.x] = buf[127 - threadIdx.x];
}

// The primitives: 4-, 8- and 16-byte copies, partial source sizes (the
// rest zero-filled), two groups, wait_prior(0).
extern "C" __global__ void prim_copy(const int *in, int *out)
{
    __shared__ int a[64];
    __shared__ int2 b[64];
    __shared__ int4 c[64];
    __pipeline_memcpy_async(&a[threadIdx.x], &in[threadIdx.x], 4);
    __pipeline_memcpy_async(&b[threadIdx.x], &in[128 + 2 * threadIdx.x], 8, threadIdx.x & 4);
    __pipeline_commit();
    __pipeline_memcpy_async(&c[threadIdx.x], &in[512 + 4 * threadIdx.x], 16, threadIdx.x & 8);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    int i = 63 - threadIdx.x;
    out[threadIdx.x] = a[i] + b[i].x + b[i].y + c[i].x + c[i].y + c[i].z + c[i].w;
}

// A producer/consumer hand-off on an mbarrier with parity waits: warp 0
// writes a value per phase, warp 1 waits for each phase and sums.
extern "C" __global__ void mbarrier_phases(int *out, int rounds)
{
    __shared__ unsigned long long full;
    __shared__ int slot[32];
    unsigned bar = (unsigned)__cvta_generic_to_shared(&full);
    if (threadIdx.x == 0)
        asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"r"(bar), "r"(32) : "memory");
    __syncthreads();
    int lane = threadIdx.x & 31, sum = 0;
    for (int r = 0; r < rounds; r++) {
        if (threadIdx.x < 32) {
            slot[lane] = r * 100 + lane;
            unsigned long long state;
#if __CUDA_ARCH__ >= 900
            asm volatile("mbarrier.arrive.release.cta.shared.b64 %0, [%1];"
                         : "=l"(state) : "r"(bar) : "memory");
#else
            asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(state) : "r"(bar) : "memory");
#endif
            (void)state;
        } else {
            unsigned done = 0;
            while (!done)
#if __CUDA_ARCH__ >= 900
                asm volatile("{\n\t.reg .pred p;\n\t"
                             "mbarrier.try_wait.parity.acquire.cta.shared.b64 p, [%1], %2;\n\t"
                             "selp.u32 %0, 1, 0, p;\n\t}"
                             : "=r"(done) : "r"(bar), "r"(r & 1) : "memory");
#else
                asm volatile("{\n\t.reg .pred p;\n\t"
                             "mbarrier.test_wait.parity.shared.b64 p, [%1], %2;\n\t"
                             "selp.u32 %0, 1, 0, p;\n\t}"
                             : "=r"(done) : "r"(bar), "r"(r & 1) : "memory");
#endif
            sum += slot[lane];
        }
        __syncthreads();
    }
    if (threadIdx.x >= 32)
        out[lane] = sum;
}
