// An sm_80/sm_90 program for tests/cli/963: warp reductions, elect and
// fences, cuda::pipeline and __pipeline_memcpy_async copies, a cuda::barrier
// block copy and mbarrier phases (the kernels of tests/ptx/async_sm80.cu),
// each checked against the CPU; then a kernel with an instruction ccgpu does
// not execute: its launch fails with cudaErrorInvalidPtx, which is not
// sticky, and the other kernels still run. Prints PASS.
//   nvcc -cudart shared --no-compress -gencode arch=compute_80,code=compute_80 sm80.cu
#include "../ptx/async_sm80.cu"
#include <cstdio>
#include <cstring>

// vadd (video SIMD) is PTX of every target that ccgpu does not execute
extern "C" __global__ void video_add(int *out)
{
    int r;
    asm volatile("vadd.s32.s32.s32 %0, %1, %2;" : "=r"(r) : "r"(out[0]), "r"(2));
    out[threadIdx.x] = r;
}

static int failures = 0;
static void expect(bool ok, const char *what)
{
    if (!ok) {
        printf("FAIL %s\n", what);
        failures++;
    }
}

template <class T> static T *dev(const T *host, size_t n)
{
    T *d = nullptr;
    cudaMalloc(&d, n * sizeof(T));
    if (host)
        cudaMemcpy(d, host, n * sizeof(T), cudaMemcpyHostToDevice);
    else
        cudaMemset(d, 0, n * sizeof(T));
    return d;
}

static void reduce_check()
{
    const int T = 128;
    unsigned in[T], out[T / 32 * 9];
    for (int i = 0; i < T; i++)
        in[i] = (i * 2654435761u >> 20) % 3000;
    unsigned *din = dev(in, T), *dout = dev<unsigned>(nullptr, T / 32 * 9);
    warp_reduce<<<1, T>>>(din, dout, 32);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    for (int w = 0; w < T / 32; w++) {
        unsigned add = 0, mx = 0, x = 0;
        for (int l = 0; l < 32; l++) {
            add += in[w * 32 + l];
            mx = in[w * 32 + l] > mx ? in[w * 32 + l] : mx;
            x ^= in[w * 32 + l];
        }
        expect(out[w * 9] == add && out[w * 9 + 2] == mx && out[w * 9 + 7] == x &&
                   out[w * 9 + 8] == add,
               "warp_reduce");
    }
}

static void copy_checks()
{
    const int N = 256 * 4;
    float in[N], out[N];
    for (int i = 0; i < N; i++)
        in[i] = i * 0.5f;
    float *din = dev(in, N), *dout = dev<float>(nullptr, N);
    pipeline_copy<<<1, 256>>>(din, dout, N);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    bool ok = true;
    for (int t = 0; t < N / 256; t++)
        for (int i = 0; i < 256; i++)
            ok &= out[t * 256 + i] == 2.0f * in[t * 256 + (i + 1) % 256];
    expect(ok, "pipeline_copy");

    int4 src[2 * 128], dst[2 * 128];
    for (int i = 0; i < 2 * 128; i++)
        src[i] = make_int4(i, -i, 3 * i, 7);
    int4 *dsrc = dev(src, 2 * 128), *ddst = dev<int4>(nullptr, 2 * 128);
    barrier_copy<<<2, 128>>>(dsrc, ddst);
    cudaMemcpy(dst, ddst, sizeof dst, cudaMemcpyDeviceToHost);
    ok = true;
    for (int b = 0; b < 2; b++)
        for (int t = 0; t < 128; t++)
            ok &= memcmp(&dst[b * 128 + t], &src[b * 128 + 127 - t], sizeof(int4)) == 0;
    expect(ok, "barrier_copy");

    int phases[32], rounds = 4;
    int *dph = dev<int>(nullptr, 32);
    mbarrier_phases<<<1, 64>>>(dph, rounds);
    cudaMemcpy(phases, dph, sizeof phases, cudaMemcpyDeviceToHost);
    ok = true;
    for (int l = 0; l < 32; l++)
        ok &= phases[l] == 600 + 4 * l;
    expect(ok, "mbarrier_phases");
}

int main()
{
    reduce_check();
    copy_checks();
    expect(cudaGetLastError() == cudaSuccess, "no error so far");
    int *d = dev<int>(nullptr, 32);
    video_add<<<1, 32>>>(d);
    cudaError_t e = cudaGetLastError();
    expect(e == cudaErrorInvalidPtx, "the unsupported kernel's launch fails with cudaErrorInvalidPtx");
    expect(cudaGetLastError() == cudaSuccess, "and that error is not sticky");
    reduce_check(); /* the module's other kernels still run */
    expect(cudaDeviceSynchronize() == cudaSuccess, "synchronize");
    if (!failures)
        printf("PASS\n");
    return failures != 0;
}
