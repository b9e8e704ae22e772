/* The CUDA runtime (src/cudart/) driven the way nvcc's generated host code
 * drives it: register a real fatbinary (tests/cudart/kernels.fatbin, built
 * by nvcc 13 from kernels.cu), its kernels and variables, then push/pop a
 * call configuration, __cudaGetKernel and __cudaLaunchKernel; plus the
 * runtime API around it. Built twice: as a unit test against libccgpu.a
 * (also under the sanitizers), and by tests/cli/960_cudart.sh with
 * -DCUDART_SHARED against build/lib/libcudart.so.13, run through ccgpu
 * exec — so the suite tests the library without nvcc. */
#include "check.h"
#include "cudart/cuda_abi.h"
#include "cudart/cudart.h"
#ifndef CUDART_SHARED
#include "cudart/fatbin.h"
#endif
#include <stdlib.h>

/* an unsupported call: exported without parameters (callers' arguments
 * are ignored), so declared that way here */
cudaError_t cudaGraphCreate(void);

static unsigned char *fatbin;
static size_t fatbin_len;
static void **handle;
/* host-side stand-ins for the stubs and shadows nvcc would emit */
static const char stub_vadd = 0, stub_scaled = 0, stub_reverse = 0, stub_fault = 0;
static const char stub_tex_sample = 0, stub_surf_inc = 0, stub_misaligned = 0, stub_trapper = 0;
static float shadow_scale[4];
static int shadow_hits;
static int *mcount; /* __managed__: the runtime points it at the variable */

static int load_fatbin(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    fatbin = aligned_alloc(16, ((size_t)n + 15) / 16 * 16);
    fatbin_len = fatbin && fread(fatbin, 1, (size_t)n, f) == (size_t)n ? (size_t)n : 0;
    fclose(f);
    return fatbin_len ? 0 : -1;
}

static struct {
    uint32_t magic, version;
    const void *data;
    void *unused;
} wrapper;

static void register_all(void)
{
    wrapper.magic = 0x466243b1u;
    wrapper.version = 1;
    wrapper.data = fatbin;
    handle = __cudaRegisterFatBinary(&wrapper);
    __cudaRegisterFunction(handle, &stub_vadd, "vadd", "vadd", -1, 0, 0, 0, 0, 0);
    __cudaRegisterFunction(handle, &stub_scaled, "scaled", "scaled", -1, 0, 0, 0, 0, 0);
    __cudaRegisterFunction(handle, &stub_reverse, "reverse", "reverse", -1, 0, 0, 0, 0, 0);
    __cudaRegisterFunction(handle, &stub_fault, "fault", "fault", -1, 0, 0, 0, 0, 0);
    __cudaRegisterFunction(handle, &stub_tex_sample, "tex_sample", "tex_sample", -1, 0, 0, 0, 0, 0);
    __cudaRegisterFunction(handle, &stub_surf_inc, "surf_inc", "surf_inc", -1, 0, 0, 0, 0, 0);
    __cudaRegisterFunction(handle, &stub_misaligned, "misaligned", "misaligned", -1, 0, 0, 0, 0, 0);
    __cudaRegisterFunction(handle, &stub_trapper, "trapper", "trapper", -1, 0, 0, 0, 0, 0);
    __cudaRegisterVar(handle, (char *)shadow_scale, "scale", "scale", 0, sizeof shadow_scale, 1,
                      0);
    __cudaRegisterVar(handle, (char *)&shadow_hits, "hits", "hits", 0, sizeof shadow_hits, 0, 0);
    __cudaRegisterManagedVar(handle, (void **)&mcount, "mcount", "mcount", 0, sizeof(int), 0, 0);
    __cudaRegisterFatBinaryEnd(handle);
}

static dim3 d3(unsigned x)
{
    dim3 d = { x, 1, 1 };
    return d;
}

/* What the <<<grid, block, shmem, stream>>> stub does. */
static cudaError_t stub_launch(const void *stub, unsigned grid, unsigned block, size_t shmem,
                               cudaStream_t stream, void **args)
{
    cudaKernel_t k = NULL;
    if (__cudaPushCallConfiguration(d3(grid), d3(block), shmem, stream))
        return cudaErrorUnknown;
    cudaError_t e = __cudaGetKernel(&k, stub);
    dim3 g, b;
    size_t sh;
    cudaStream_t st;
    if (__cudaPopCallConfiguration(&g, &b, &sh, &st) != cudaSuccess)
        return cudaErrorMissingConfiguration;
    if (e)
        return e;
    return __cudaLaunchKernel(k, g, b, args, sh, st);
}

#ifndef CUDART_SHARED
TEST(fatbin_parse)
{
    struct fatbin_ptx ptx[4];
    char err[256];
    const void *data = fatbin_from_wrapper(&wrapper, err, sizeof err);
    CHECK(data == fatbin);
    int n = fatbin_find_ptx(fatbin, fatbin_len, ptx, 4, err, sizeof err);
    CHECK_EQ_INT(n, 1);
    if (n == 1) {
        CHECK_EQ_INT(ptx[0].arch, 75);
        CHECK(strstr(ptx[0].text, ".entry vadd") != NULL);
        CHECK_EQ_INT(strlen(ptx[0].text), ptx[0].len);
    }
    /* damaged copies: magic, a size beyond the data, a compressed PTX entry */
    unsigned char *bad = malloc(fatbin_len);
    memcpy(bad, fatbin, fatbin_len);
    bad[0] ^= 1;
    CHECK_EQ_INT(fatbin_find_ptx(bad, fatbin_len, ptx, 4, err, sizeof err), -1);
    CHECK(strstr(err, "magic") != NULL);
    memcpy(bad, fatbin, fatbin_len);
    CHECK_EQ_INT(fatbin_find_ptx(bad, fatbin_len - 100, ptx, 4, err, sizeof err), -1);
    /* the second entry is the PTX: set its compressed flag (0x8000) */
    uint32_t first = bad[16 + 4] | bad[16 + 5] << 8;
    uint64_t psize = 0;
    memcpy(&psize, bad + 16 + 8, 8);
    size_t ptx_entry = 16 + first + (size_t)psize;
    CHECK_EQ_INT(bad[ptx_entry], 1);
    bad[ptx_entry + 0x28 + 1] |= 0x80;
    CHECK_EQ_INT(fatbin_find_ptx(bad, fatbin_len, ptx, 4, err, sizeof err), -1);
    CHECK(strstr(err, "--no-compress") != NULL);
    free(bad);
    const uint32_t not_wrapper[4] = { 1, 2, 3, 4 };
    CHECK(fatbin_from_wrapper(not_wrapper, err, sizeof err) == NULL);
}
#endif

TEST(vadd_like_nvcc)
{
    enum { N = 1000 };
    float a[N], b[N], c[N];
    for (int i = 0; i < N; i++) {
        a[i] = (float)i;
        b[i] = 2.0f * (float)i;
    }
    float *da, *db, *dc;
    CHECK_EQ_INT(cudaMalloc((void **)&da, sizeof a), cudaSuccess);
    CHECK_EQ_INT(cudaMalloc((void **)&db, sizeof b), cudaSuccess);
    CHECK_EQ_INT(cudaMalloc((void **)&dc, sizeof c), cudaSuccess);
    CHECK_EQ_INT(cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice), cudaSuccess);
    CHECK_EQ_INT(cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice), cudaSuccess);
    int n = N;
    void *args[] = { &da, &db, &dc, &n };
    CHECK_EQ_INT(stub_launch(&stub_vadd, (N + 255) / 256, 256, 0, NULL, args), cudaSuccess);
    CHECK_EQ_INT(cudaGetLastError(), cudaSuccess);
    CHECK_EQ_INT(cudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost), cudaSuccess);
    int bad = 0;
    for (int i = 0; i < N; i++)
        bad += c[i] != 3.0f * (float)i;
    CHECK_EQ_INT(bad, 0);
    /* the legacy path: cudaLaunchKernel with the stub's address */
    memset(c, 0, sizeof c);
    CHECK_EQ_INT(cudaMemset(dc, 0, sizeof c), cudaSuccess);
    CHECK_EQ_INT(cudaLaunchKernel(&stub_vadd, d3(4), d3(256), args, 0, NULL), cudaSuccess);
    CHECK_EQ_INT(cudaMemcpy(c, dc, sizeof c, cudaMemcpyDefault), cudaSuccess);
    CHECK(c[999] == 2997.0f);
    CHECK_EQ_INT(cudaFree(da), cudaSuccess);
    CHECK_EQ_INT(cudaFree(db), cudaSuccess);
    CHECK_EQ_INT(cudaFree(dc), cudaSuccess);
}

TEST(symbols_and_managed_var)
{
    CHECK_EQ_INT(__cudaInitModule(handle), 1);
    CHECK(mcount != NULL);
    if (!mcount)
        return;
    *mcount = 10;
    float s[4] = { 1, 2, 3, 4 }, x[64], *dx;
    for (int i = 0; i < 64; i++)
        x[i] = 1;
    CHECK_EQ_INT(cudaMemcpyToSymbol(shadow_scale, s, sizeof s, 0, cudaMemcpyHostToDevice),
                 cudaSuccess);
    CHECK_EQ_INT(cudaMalloc((void **)&dx, sizeof x), cudaSuccess);
    CHECK_EQ_INT(cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice), cudaSuccess);
    int n = 64;
    void *args[] = { &dx, &n };
    CHECK_EQ_INT(stub_launch(&stub_scaled, 2, 32, 0, NULL, args), cudaSuccess);
    int hits = 0;
    CHECK_EQ_INT(cudaMemcpyFromSymbol(&hits, &shadow_hits, sizeof hits, 0, cudaMemcpyDeviceToHost),
                 cudaSuccess);
    CHECK_EQ_INT(hits, 64);
    CHECK_EQ_INT(*mcount, 74);
    CHECK_EQ_INT(cudaMemcpy(x, dx, sizeof x, cudaMemcpyDeviceToHost), cudaSuccess);
    CHECK(x[6] == 3.0f);
    size_t size = 0;
    void *addr = NULL;
    CHECK_EQ_INT(cudaGetSymbolSize(&size, shadow_scale), cudaSuccess);
    CHECK_EQ_INT(size, 16);
    CHECK_EQ_INT(cudaGetSymbolAddress(&addr, &shadow_hits), cudaSuccess);
    CHECK(addr != NULL);
    CHECK_EQ_INT(cudaMemcpyToSymbol(s, s, 4, 0, cudaMemcpyHostToDevice), cudaErrorInvalidSymbol);
    CHECK_EQ_INT(cudaGetLastError(), cudaErrorInvalidSymbol);
    cudaFree(dx);
}

TEST(unified_memory)
{
    enum { N = 500 };
    float *a, *b, *c;
    CHECK_EQ_INT(cudaMallocManaged((void **)&a, N * sizeof(float), 1), cudaSuccess);
    CHECK_EQ_INT(cudaMallocHost((void **)&b, N * sizeof(float)), cudaSuccess);
    CHECK_EQ_INT(cudaHostAlloc((void **)&c, N * sizeof(float), cudaHostAllocMapped), cudaSuccess);
    for (int i = 0; i < N; i++) {
        a[i] = (float)i;
        b[i] = 1;
    }
    int n = N;
    void *args[] = { &a, &b, &c, &n };
    CHECK_EQ_INT(stub_launch(&stub_vadd, 2, 256, 0, NULL, args), cudaSuccess);
    CHECK(c[0] == 1.0f && c[N - 1] == (float)N);
    struct cudaPointerAttributes pa;
    CHECK_EQ_INT(cudaPointerGetAttributes(&pa, a + 3), cudaSuccess);
    CHECK_EQ_INT(pa.type, cudaMemoryTypeManaged);
    CHECK_EQ_INT(cudaFreeHost(a), cudaErrorInvalidValue);
    CHECK_EQ_INT(cudaFree(a), cudaSuccess);
    CHECK_EQ_INT(cudaFreeHost(b), cudaSuccess);
    CHECK_EQ_INT(cudaFreeHost(c), cudaSuccess);
    cudaGetLastError();
}

TEST(copies_2d_and_sets)
{
    unsigned char *d, host[6][50];
    size_t pitch = 0;
    CHECK_EQ_INT(cudaMallocPitch((void **)&d, &pitch, 50, 6), cudaSuccess);
    CHECK(pitch >= 50);
    CHECK_EQ_INT(cudaMemset2D(d, pitch, 7, 50, 6), cudaSuccess);
    CHECK_EQ_INT(cudaMemset(d + pitch * 2 + 10, 9, 5), cudaSuccess);
    CHECK_EQ_INT(cudaMemcpy2D(host, 50, d, pitch, 50, 6, cudaMemcpyDeviceToHost), cudaSuccess);
    CHECK_EQ_INT(host[5][49], 7);
    CHECK_EQ_INT(host[2][12], 9);
    CHECK_EQ_INT(cudaMemcpy2D(host, 50, d, pitch, 60, 6, cudaMemcpyDeviceToHost),
                 cudaErrorInvalidPitchValue);
    CHECK_EQ_INT(cudaMemcpy(host, d, 1, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    CHECK_EQ_INT(cudaMemcpy(host, d, 1 << 20, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    CHECK_EQ_INT(cudaGetLastError(), cudaErrorInvalidValue);
    CHECK_EQ_INT(cudaFree(d), cudaSuccess);
    CHECK_EQ_INT(cudaFree(d), cudaErrorInvalidValue);
    cudaGetLastError();
}

TEST(device_properties)
{
    int count = 0, v = 0;
    CHECK_EQ_INT(cudaGetDeviceCount(&count), cudaSuccess);
    CHECK_EQ_INT(count, 1);
    struct cudaDeviceProp p;
    CHECK_EQ_INT(cudaGetDeviceProperties(&p, 0), cudaSuccess);
    CHECK_EQ_INT(p.multiProcessorCount, 4); /* CCGPU_OPTIONS gpgpu_n_clusters=4 */
    CHECK_EQ_INT(p.warpSize, 32);
    CHECK_EQ_INT(p.maxThreadsPerMultiProcessor, 1536);
    CHECK(p.l2CacheSize > 0);
    CHECK_EQ_INT(cudaDeviceGetAttribute(&v, cudaDevAttrClockRate, 0), cudaSuccess);
    CHECK_EQ_INT(v, 1300000); /* default core clock, kHz */
    CHECK_EQ_INT(cudaDeviceGetAttribute(&v, cudaDevAttrL2CacheSize, 0), cudaSuccess);
    CHECK_EQ_INT(v, p.l2CacheSize);
    CHECK_EQ_INT(cudaDeviceGetAttribute(&v, 9999, 0), cudaErrorInvalidValue);
    CHECK_EQ_INT(cudaSetDevice(3), cudaErrorInvalidDevice);
    CHECK_EQ_INT(cudaGetDeviceProperties(&p, 1), cudaErrorInvalidDevice);
    struct cudaFuncAttributes fa;
    CHECK_EQ_INT(cudaFuncGetAttributes(&fa, &stub_vadd), cudaSuccess);
    CHECK(fa.numRegs > 0);
    CHECK_EQ_INT(cudaFuncGetAttributes(&fa, &count), cudaErrorInvalidDeviceFunction);
    /* cudaFuncSetCacheConfig reaches the simulator's per-kernel preference
     * (this configuration sets no dl1PrefL1, so vadd keeps the default
     * carve-out and its launch says so) */
    CHECK_EQ_INT(cudaFuncSetCacheConfig(&stub_vadd, 7), cudaErrorInvalidValue);
    CHECK_EQ_INT(cudaFuncSetCacheConfig(&count, 2), cudaErrorInvalidDeviceFunction);
    CHECK_EQ_INT(cudaFuncSetCacheConfig(&stub_vadd, 2), cudaSuccess);
#ifndef CUDART_SHARED
    {
        float *dx;
        int n = 64;
        CHECK_EQ_INT(cudaMalloc((void **)&dx, 256), cudaSuccess);
        void *vargs[] = { &dx, &dx, &dx, &n };
        CHECK_EQ_INT(stub_launch(&stub_vadd, 1, 64, 0, NULL, vargs), cudaSuccess);
        struct ccgpu_launch_info li;
        CHECK(ccgpu_launch_info(rt_gpu(), -1, &li) == 0);
        CHECK_STR_CONTAINS(li.carveout_desc, "prefer none (the kernel's preference is not "
                                             "configured)");
        CHECK_EQ_INT(cudaFree(dx), cudaSuccess);
    }
#endif
    CHECK_EQ_INT(cudaFuncSetCacheConfig(&stub_vadd, 0), cudaSuccess);
    int blocks = 0;
    CHECK_EQ_INT(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, &stub_vadd, 256, 0),
                 cudaSuccess);
    CHECK(blocks >= 1 && blocks <= 6);
    CHECK(strcmp(cudaGetErrorName(cudaErrorInvalidDevice), "cudaErrorInvalidDevice") == 0);
    CHECK(strcmp(cudaGetErrorString(cudaSuccess), "no error") == 0);
    cudaGetLastError();
}

TEST(streams_events_shared)
{
    cudaStream_t s;
    cudaEvent_t e0, e1;
    int *d, out[128];
    CHECK_EQ_INT(cudaStreamCreate(&s), cudaSuccess);
    CHECK_EQ_INT(cudaEventCreate(&e0), cudaSuccess);
    CHECK_EQ_INT(cudaEventCreate(&e1), cudaSuccess);
    CHECK_EQ_INT(cudaMalloc((void **)&d, sizeof out), cudaSuccess);
    CHECK_EQ_INT(cudaEventRecord(e0, s), cudaSuccess);
    void *args[] = { &d };
    CHECK_EQ_INT(stub_launch(&stub_reverse, 1, 128, 128 * sizeof(int), s, args), cudaSuccess);
    CHECK_EQ_INT(cudaEventRecord(e1, s), cudaSuccess);
    CHECK_EQ_INT(cudaMemcpyAsync(out, d, sizeof out, cudaMemcpyDeviceToHost, s), cudaSuccess);
    CHECK_EQ_INT(cudaStreamSynchronize(s), cudaSuccess);
    CHECK_EQ_INT(out[0], 127);
    CHECK_EQ_INT(out[127], 0);
    float ms = -1;
    CHECK_EQ_INT(cudaEventElapsedTime(&ms, e0, e1), cudaSuccess);
    const char *functional = getenv("CCGPU_FUNCTIONAL");
    if (functional && *functional && strcmp(functional, "0") != 0)
        CHECK(ms == 0); /* no clock */
    else
        CHECK(ms > 0); /* timing mode: simulated cycles / clock */
    CHECK_EQ_INT(cudaStreamDestroy(s), cudaSuccess);
    CHECK_EQ_INT(cudaMemcpyAsync(out, d, 4, cudaMemcpyDeviceToHost, s),
                 cudaErrorInvalidResourceHandle);
    CHECK_EQ_INT(cudaEventDestroy(e0), cudaSuccess);
    CHECK_EQ_INT(cudaEventDestroy(e1), cudaSuccess);
    cudaFree(d);
    cudaGetLastError();
}

/* A 4x4 float CUDA array T[y][x] = 10y + x sampled bilinearly with clamp
 * (tex2D), the same texels as a pitched 2D texture, a surface incremented
 * in place, and the calls' errors; values derived by hand as in
 * tests/206_texture.c. */
TEST(arrays_textures_surfaces)
{
    float t[16];
    for (int i = 0; i < 16; i++)
        t[i] = (float)(10 * (i / 4) + i % 4);
    struct cudaChannelFormatDesc fd = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
    cudaArray_t arr = NULL;
    CHECK_EQ_INT(cudaMallocArray(&arr, &fd, 4, 4, 0), cudaSuccess);
    CHECK_EQ_INT(cudaMemcpy2DToArray(arr, 0, 0, t, 16, 16, 4, cudaMemcpyHostToDevice), cudaSuccess);
    /* outside the array: one line, cudaErrorInvalidValue */
    CHECK_EQ_INT(cudaMemcpy2DToArray(arr, 4, 0, t, 16, 16, 4, cudaMemcpyHostToDevice),
                 cudaErrorInvalidValue);
    struct cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = arr;
    struct cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModeLinear;
    cudaTextureObject_t tex = 0;
    CHECK_EQ_INT(cudaCreateTextureObject(&tex, &rd, &td, NULL), cudaSuccess);
    const float xy[8] = { 1.5f, 1.5f, 2.0f, 1.5f, 2.25f, 2.75f, 4.5f, 0.5f };
    const float want[4] = { 11.0f, 11.5f, 24.25f, 3.0f };
    float *dxy, *dout, out[4];
    CHECK_EQ_INT(cudaMalloc((void **)&dxy, sizeof xy), cudaSuccess);
    CHECK_EQ_INT(cudaMalloc((void **)&dout, sizeof out), cudaSuccess);
    CHECK_EQ_INT(cudaMemcpy(dxy, xy, sizeof xy, cudaMemcpyHostToDevice), cudaSuccess);
    void *args[] = { &tex, &dxy, &dout };
    CHECK_EQ_INT(stub_launch(&stub_tex_sample, 1, 4, 0, NULL, args), cudaSuccess);
    CHECK_EQ_INT(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost), cudaSuccess);
    for (int i = 0; i < 4; i++)
        CHECK(out[i] == want[i]);
    /* the same texels in pitched memory */
    float *pm;
    size_t pitch = 0;
    CHECK_EQ_INT(cudaMallocPitch((void **)&pm, &pitch, 16, 4), cudaSuccess);
    CHECK_EQ_INT(cudaMemcpy2D(pm, pitch, t, 16, 16, 4, cudaMemcpyHostToDevice), cudaSuccess);
    struct cudaResourceDesc pd;
    memset(&pd, 0, sizeof pd);
    pd.resType = cudaResourceTypePitch2D;
    pd.res.pitch2D.devPtr = pm;
    pd.res.pitch2D.desc = fd;
    pd.res.pitch2D.width = 4;
    pd.res.pitch2D.height = 4;
    pd.res.pitch2D.pitchInBytes = pitch;
    cudaTextureObject_t ptex = 0;
    CHECK_EQ_INT(cudaCreateTextureObject(&ptex, &pd, &td, NULL), cudaSuccess);
    args[0] = &ptex;
    CHECK_EQ_INT(stub_launch(&stub_tex_sample, 1, 4, 0, NULL, args), cudaSuccess);
    CHECK_EQ_INT(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost), cudaSuccess);
    for (int i = 0; i < 4; i++)
        CHECK(out[i] == want[i]);
    struct cudaResourceDesc back;
    CHECK_EQ_INT(cudaGetTextureObjectResourceDesc(&back, ptex), cudaSuccess);
    CHECK(back.res.pitch2D.pitchInBytes == pitch);
    /* a surface over an int array, incremented in place */
    struct cudaChannelFormatDesc id = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindSigned);
    cudaArray_t sarr = NULL;
    int v[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, r[8];
    CHECK_EQ_INT(cudaMallocArray(&sarr, &id, 4, 2, cudaArraySurfaceLoadStore), cudaSuccess);
    CHECK_EQ_INT(cudaMemcpyToArray(sarr, 0, 0, v, sizeof v, cudaMemcpyHostToDevice), cudaSuccess);
    struct cudaResourceDesc sd;
    memset(&sd, 0, sizeof sd);
    sd.resType = cudaResourceTypeArray;
    sd.res.array.array = sarr;
    cudaSurfaceObject_t surf = 0;
    CHECK_EQ_INT(cudaCreateSurfaceObject(&surf, &sd), cudaSuccess);
    void *sargs[] = { &surf };
    CHECK_EQ_INT(__cudaPushCallConfiguration((dim3){ 1, 1, 1 }, (dim3){ 4, 2, 1 }, 0, NULL), 0);
    cudaKernel_t k = NULL;
    CHECK_EQ_INT(__cudaGetKernel(&k, &stub_surf_inc), cudaSuccess);
    dim3 g, b;
    size_t sh;
    cudaStream_t st;
    CHECK_EQ_INT(__cudaPopCallConfiguration(&g, &b, &sh, &st), cudaSuccess);
    CHECK_EQ_INT(__cudaLaunchKernel(k, g, b, sargs, sh, st), cudaSuccess);
    CHECK_EQ_INT(cudaMemcpy2DFromArray(r, 16, sarr, 0, 0, 16, 2, cudaMemcpyDeviceToHost),
                 cudaSuccess);
    for (int i = 0; i < 8; i++)
        CHECK_EQ_INT(r[i], v[i] + 1);
    struct cudaExtent ext;
    unsigned flags = 0;
    CHECK_EQ_INT(cudaArrayGetInfo(NULL, &ext, &flags, sarr), cudaSuccess);
    CHECK(ext.width == 4 && ext.height == 2 && ext.depth == 0 && flags == cudaArraySurfaceLoadStore);
    /* what ccgpu refuses, and handles that are not objects */
    struct cudaChannelFormatDesc odd = cudaCreateChannelDesc(8, 16, 0, 0, cudaChannelFormatKindUnsigned);
    cudaArray_t bad = NULL;
    CHECK_EQ_INT(cudaMallocArray(&bad, &odd, 4, 4, 0), cudaErrorInvalidChannelDescriptor);
    CHECK_EQ_INT(cudaMallocArray(&bad, &fd, 4, 4, cudaArrayLayered), cudaErrorNotSupported);
    td.filterMode = cudaFilterModeLinear;
    rd.res.array.array = sarr; /* int texels, element-type read: no linear filtering */
    cudaTextureObject_t itex = 0;
    CHECK_EQ_INT(cudaCreateTextureObject(&itex, &rd, &td, NULL), cudaErrorInvalidValue);
    CHECK_EQ_INT(cudaDestroyTextureObject(surf), cudaErrorInvalidValue); /* a surface */
    CHECK_EQ_INT(cudaDestroySurfaceObject(surf), cudaSuccess);
    CHECK_EQ_INT(cudaDestroyTextureObject(tex), cudaSuccess);
    CHECK_EQ_INT(cudaDestroyTextureObject(ptex), cudaSuccess);
    CHECK_EQ_INT(cudaFreeArray(arr), cudaSuccess);
    CHECK_EQ_INT(cudaFreeArray(arr), cudaErrorInvalidResourceHandle);
    CHECK_EQ_INT(cudaFreeArray(sarr), cudaSuccess);
    cudaFree(pm);
    cudaFree(dxy);
    cudaFree(dout);
    cudaGetLastError();
}

TEST(errors_and_sticky_failure)
{
    int *d;
    CHECK_EQ_INT(cudaMalloc((void **)&d, 64), cudaSuccess);
    void *args[] = { &d };
    CHECK_EQ_INT(stub_launch(&stub_reverse, 1, 2048, 0, NULL, args),
                 cudaErrorInvalidConfiguration);
    CHECK_EQ_INT(cudaPeekAtLastError(), cudaErrorInvalidConfiguration);
    CHECK_EQ_INT(cudaGetLastError(), cudaErrorInvalidConfiguration);
    CHECK_EQ_INT(cudaGetLastError(), cudaSuccess);
    dim3 g, b;
    size_t sh;
    cudaStream_t st;
    CHECK_EQ_INT(__cudaPopCallConfiguration(&g, &b, &sh, &st), cudaErrorMissingConfiguration);
    cudaKernel_t k;
    CHECK_EQ_INT(__cudaGetKernel(&k, &wrapper), cudaErrorInvalidDeviceFunction);
    CHECK_EQ_INT(cudaGraphCreate(), cudaErrorNotSupported);
    cudaGetLastError();
    /* a faulting kernel poisons the context until cudaDeviceReset */
    CHECK_EQ_INT(stub_launch(&stub_fault, 1, 32, 0, NULL, args), cudaErrorIllegalAddress);
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
    CHECK_EQ_INT(cudaMemset(d, 0, 4), cudaErrorIllegalAddress);
    CHECK_EQ_INT(cudaDeviceReset(), cudaSuccess);
    /* a misaligned access and a trap: the codes a GPU gives, sticky too */
    CHECK_EQ_INT(stub_launch(&stub_misaligned, 1, 1, 0, NULL, args), cudaErrorMisalignedAddress);
    CHECK_EQ_INT(cudaGetLastError(), cudaErrorMisalignedAddress);
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaErrorMisalignedAddress);
    CHECK_EQ_INT(cudaDeviceReset(), cudaSuccess);
    CHECK_EQ_INT(stub_launch(&stub_trapper, 1, 8, 0, NULL, args), cudaErrorLaunchFailure);
    CHECK_EQ_INT(cudaDeviceReset(), cudaSuccess);
    CHECK_EQ_INT(cudaDeviceSynchronize(), cudaSuccess);
    CHECK_EQ_INT(cudaMemset(d, 0, 4), cudaSuccess);
    cudaFree(d);
}

/* argv[1]: the fatbinary, when not run from the repository root; the
 * configuration must then have 4 SMs (the command-line test gives it
 * through ccgpu exec, CCGPU_CONFIG or ./gpgpusim.config). */
int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "tests/cudart/kernels.fatbin";
    setenv("CCGPU_QUIET", "1", 0);
#ifndef CUDART_SHARED
    /* launches refused on purpose must not turn the exit status to 1 here
     * (tests/cli/960 checks that they do, through the shared library) */
    setenv("CCGPU_KEEP_GOING", "1", 0);
#endif
    if (argc < 2)
        setenv("CCGPU_OPTIONS", "gpgpu_n_clusters=4", 0);
    if (load_fatbin(path)) {
        printf("cannot read %s (run from the repository root)\n", path);
        return 1;
    }
    register_all();
#ifndef CUDART_SHARED
    RUN(fatbin_parse);
#endif
    RUN(vadd_like_nvcc);
    RUN(symbols_and_managed_var);
    RUN(unified_memory);
    RUN(copies_2d_and_sets);
    RUN(device_properties);
    RUN(streams_events_shared);
    RUN(arrays_textures_surfaces);
    RUN(errors_and_sticky_failure);
    __cudaUnregisterFatBinary(handle); /* what the program's atexit hook does */
    free(fatbin);
    return check_summary();
}
