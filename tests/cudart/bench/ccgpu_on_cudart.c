/* The part of ccgpu's host API (include/ccgpu.h) that the benchmark drivers
 * in bench/ call, written over the CUDA runtime API, so that a driver, its
 * input generator and its CPU check become an ordinary CUDA program: linked
 * by nvcc with the benchmark's .cu file, it runs on a real GPU with NVIDIA's
 * libcudart, and on ccgpu through build/lib/libcudart.so.13 (issue 12: the
 * benchmarks built as real CUDA programs; tests/cli/961_cudart_bench.sh).
 *
 * Kernels are launched by name through the table bench_kernels.cu gives
 * (the host stubs nvcc generates for the .cu's kernels). Modules are the
 * program's own fatbinary, so ccgpu_module_load_string returns a token and
 * the committed ptxas figures are not needed: the runtime gets register
 * counts from its own PTX. Each call checks its CUDA result; a failure sets
 * the message ccgpu_error returns, naming the call and CUDA's error. */
#include "ccgpu.h"
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <string.h>

struct bench_kernel {
    const char *name;
    const void *stub;
};
extern const struct bench_kernel bench_kernels[]; /* NULL-terminated, from bench_kernels.cu */

static char last_error[512];
static int module_token;

static int fail(const char *call, cudaError_t e)
{
    snprintf(last_error, sizeof last_error, "%s: %s (%s)", call, cudaGetErrorName(e),
             cudaGetErrorString(e));
    return -1;
}

#define CHECK(call, expr)                                                                          \
    do {                                                                                           \
        cudaError_t e_ = (expr);                                                                   \
        if (e_ != cudaSuccess)                                                                     \
            return fail(call, e_);                                                                 \
    } while (0)

const char *ccgpu_error(const ccgpu *gpu)
{
    (void)gpu;
    return last_error;
}

int ccgpu_malloc(ccgpu *gpu, ccgpu_devptr *out, size_t bytes)
{
    (void)gpu;
    void *p = NULL;
    CHECK("cudaMalloc", cudaMalloc(&p, bytes));
    *out = (ccgpu_devptr)(uintptr_t)p;
    return 0;
}

int ccgpu_free(ccgpu *gpu, ccgpu_devptr ptr)
{
    (void)gpu;
    CHECK("cudaFree", cudaFree((void *)(uintptr_t)ptr));
    return 0;
}

int ccgpu_memcpy_htod(ccgpu *gpu, ccgpu_devptr dst, const void *src, size_t bytes)
{
    (void)gpu;
    CHECK("cudaMemcpy", cudaMemcpy((void *)(uintptr_t)dst, src, bytes, cudaMemcpyHostToDevice));
    return 0;
}

int ccgpu_memcpy_dtoh(ccgpu *gpu, void *dst, ccgpu_devptr src, size_t bytes)
{
    (void)gpu;
    CHECK("cudaMemcpy",
          cudaMemcpy(dst, (const void *)(uintptr_t)src, bytes, cudaMemcpyDeviceToHost));
    return 0;
}

int ccgpu_memset(ccgpu *gpu, ccgpu_devptr dst, int value, size_t bytes)
{
    (void)gpu;
    CHECK("cudaMemset", cudaMemset((void *)(uintptr_t)dst, value, bytes));
    return 0;
}

ccgpu_module *ccgpu_module_load_string(ccgpu *gpu, const char *ptx, const char *name)
{
    (void)gpu, (void)ptx, (void)name;
    return (ccgpu_module *)&module_token;
}

int ccgpu_module_set_ptxas_info(ccgpu *gpu, ccgpu_module *mod, const char *ptxas_output)
{
    (void)gpu, (void)mod, (void)ptxas_output;
    return 0;
}

int ccgpu_launch(ccgpu *gpu, ccgpu_module *mod, const char *kernel, struct ccgpu_dim3 grid,
                 struct ccgpu_dim3 block, uint32_t dynamic_shared_bytes, void **args, int nargs)
{
    (void)gpu, (void)mod, (void)nargs;
    const void *stub = NULL;
    for (int i = 0; bench_kernels[i].name; i++)
        if (!strcmp(bench_kernels[i].name, kernel))
            stub = bench_kernels[i].stub;
    if (!stub) {
        snprintf(last_error, sizeof last_error, "no kernel '%s' in this program", kernel);
        return -1;
    }
    dim3 g = { grid.x, grid.y, grid.z }, b = { block.x, block.y, block.z };
    CHECK(kernel, cudaLaunchKernel(stub, g, b, args, dynamic_shared_bytes, 0));
    CHECK(kernel, cudaDeviceSynchronize());
    return 0;
}
