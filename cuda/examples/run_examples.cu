/* Real-GPU driver for the CTA-clustering examples: times each kernel in its
 * original, redirected, agent-clustered and agent-clustered + throttled forms
 * and checks every form writes exactly the original's output.
 *
 *   make -C cuda/examples run_examples      (needs nvcc; never part of ccgpu's build)
 *   ./run_examples [mm|kmeans|syrk|atax]
 *   ncu --metrics lts__t_sectors.sum,l1tex__t_sector_hit_rate.pct ./run_examples mm
 *
 * L2 traffic per kernel comes from ncu (lts__t_sectors.sum); the driver itself
 * reports time (median of 5 runs, cudaEvent) and correctness. */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

#include "atax.cu"
#include "kmeans.cu"
#include "mm.cu"
#include "syrk.cu"

#define CK(x)                                                                             \
    do {                                                                                  \
        cudaError_t e_ = (x);                                                             \
        if (e_ != cudaSuccess) {                                                          \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
            exit(1);                                                                      \
        }                                                                                 \
    } while (0)

static int num_sms;
static unsigned *workspace; /* 2 * num_sms words */

struct form {
    const char *name;
    int agent;      /* 0 original/redirect, 1 agent */
    unsigned active; /* active agents per SM (agent forms) */
};

/* fills a buffer with deterministic values in [-0.5, 0.5) */
static void fill(std::vector<float> &v, unsigned long long seed)
{
    for (size_t i = 0; i < v.size(); i++) {
        unsigned long long z = (seed += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        v[i] = (float)((z ^ (z >> 31)) >> 40) / 16777216.0f - 0.5f;
    }
}

template <typename Launch>
static float time_ms(Launch launch, bool agent)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    float t[5];
    for (int r = 0; r < 5; r++) {
        if (agent)
            CK(cudaMemset(workspace, 0, 2 * sizeof(unsigned) * num_sms));
        CK(cudaEventRecord(a));
        launch();
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaGetLastError());
        CK(cudaEventElapsedTime(&t[r], a, b));
    }
    for (int i = 0; i < 5; i++) /* median */
        for (int j = i + 1; j < 5; j++)
            if (t[j] < t[i]) {
                float x = t[i];
                t[i] = t[j];
                t[j] = x;
            }
    return t[2];
}

static void report(const char *kernel, const char *form, float ms, bool same)
{
    printf("%-8s %-22s %9.3f ms  %s\n", kernel, form, ms, same ? "identical" : "DIFFERENT");
}

/* agents that fit on the whole GPU for this kernel and block size */
template <typename K>
static int max_agents(K kernel, int threads)
{
    int per_sm = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, 0));
    return per_sm * num_sms;
}

static void run_mm(void)
{
    const int H = 2048, K = 2048, W = 2048, T = MM_TILE;
    std::vector<float> a((size_t)H * K), b((size_t)K * W), ref((size_t)H * W), got(ref.size());
    fill(a, 1);
    fill(b, 2);
    float *da, *db, *dc;
    CK(cudaMalloc(&da, a.size() * 4));
    CK(cudaMalloc(&db, b.size() * 4));
    CK(cudaMalloc(&dc, ref.size() * 4));
    CK(cudaMemcpy(da, a.data(), a.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, b.data(), b.size() * 4, cudaMemcpyHostToDevice));
    dim3 grid(W / T, H / T), block(T, T);
    unsigned gx = grid.x, gy = grid.y, m = num_sms;
    float ms = time_ms([&] { mm_original<<<grid, block>>>(dc, da, db, H, K, W); }, false);
    CK(cudaMemcpy(ref.data(), dc, ref.size() * 4, cudaMemcpyDeviceToHost));
    report("mm", "original", ms, true);
    int agents = max_agents(mm_agent, T * T);
    const form forms[] = { { "redirect (y)", 0, 0 }, { "agent (y, all)", 1, 64 },
                           { "agent (y, 1 active)", 1, 1 }, { "agent (y, 2 active)", 1, 2 } };
    for (const form &f : forms) {
        CK(cudaMemset(dc, 0, ref.size() * 4));
        ms = f.agent ? time_ms([&] { mm_agent<<<agents, block>>>(dc, da, db, H, K, W, gx, gy, m,
                                                                 CCL_INDEX_Y, 1, 1, workspace,
                                                                 f.active); }, true)
                     : time_ms([&] { mm_redirect<<<grid, block>>>(dc, da, db, H, K, W, gx, gy, m,
                                                                  CCL_INDEX_Y, 1, 1); }, false);
        CK(cudaMemcpy(got.data(), dc, got.size() * 4, cudaMemcpyDeviceToHost));
        report("mm", f.name, ms, memcmp(got.data(), ref.data(), ref.size() * 4) == 0);
    }
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
}

static void run_kmeans(void)
{
    const int NP = 1 << 20, NF = 34, NC = 5, B = 256;
    std::vector<float> feat((size_t)NF * NP), cent((size_t)NC * NF);
    std::vector<int> ref(NP), got(NP);
    fill(feat, 3);
    fill(cent, 4);
    float *df, *dcn;
    int *dm;
    CK(cudaMalloc(&df, feat.size() * 4));
    CK(cudaMalloc(&dcn, cent.size() * 4));
    CK(cudaMalloc(&dm, NP * 4));
    CK(cudaMemcpy(df, feat.data(), feat.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dcn, cent.data(), cent.size() * 4, cudaMemcpyHostToDevice));
    dim3 grid((NP + B - 1) / B), block(B);
    unsigned gx = grid.x, m = num_sms;
    float ms = time_ms([&] { kmeans_original<<<grid, block>>>(dm, df, dcn, NP, NF, NC); }, false);
    CK(cudaMemcpy(ref.data(), dm, NP * 4, cudaMemcpyDeviceToHost));
    report("kmeans", "original", ms, true);
    int agents = max_agents(kmeans_agent, B);
    const form forms[] = { { "redirect (x)", 0, 0 }, { "agent (x, all)", 1, 64 },
                           { "agent (x, 1 active)", 1, 1 }, { "agent+bypass (1 act.)", 2, 1 } };
    for (const form &f : forms) {
        CK(cudaMemset(dm, 0xff, NP * 4));
        if (f.agent == 2)
            ms = time_ms([&] { kmeans_agent_bypass<<<agents, block>>>(dm, df, dcn, NP, NF, NC, gx,
                                                                      1, m, CCL_INDEX_X, 1, 1,
                                                                      workspace, f.active); }, true);
        else if (f.agent)
            ms = time_ms([&] { kmeans_agent<<<agents, block>>>(dm, df, dcn, NP, NF, NC, gx, 1, m,
                                                               CCL_INDEX_X, 1, 1, workspace,
                                                               f.active); }, true);
        else
            ms = time_ms([&] { kmeans_redirect<<<grid, block>>>(dm, df, dcn, NP, NF, NC, gx, 1, m,
                                                                CCL_INDEX_X, 1, 1); }, false);
        CK(cudaMemcpy(got.data(), dm, NP * 4, cudaMemcpyDeviceToHost));
        report("kmeans", f.name, ms, memcmp(got.data(), ref.data(), NP * 4) == 0);
    }
    cudaFree(df);
    cudaFree(dcn);
    cudaFree(dm);
}

static void run_syrk(void)
{
    const int N = 2048, M = 2048;
    std::vector<float> a((size_t)N * M), c0((size_t)N * N), ref(c0.size()), got(c0.size());
    fill(a, 5);
    fill(c0, 6);
    float *da, *dc;
    CK(cudaMalloc(&da, a.size() * 4));
    CK(cudaMalloc(&dc, c0.size() * 4));
    CK(cudaMemcpy(da, a.data(), a.size() * 4, cudaMemcpyHostToDevice));
    dim3 grid((N + 31) / 32, (N + 7) / 8), block(32, 8);
    unsigned gx = grid.x, gy = grid.y, m = num_sms;
    /* C is read and written: each timed run starts from c0 (copy not timed) */
    auto reset = [&] { CK(cudaMemcpy(dc, c0.data(), c0.size() * 4, cudaMemcpyHostToDevice)); };
    reset();
    float ms = time_ms([&] { syrk_original<<<grid, block>>>(dc, da, 1.5f, 0.75f, N, M); }, false);
    reset();
    syrk_original<<<grid, block>>>(dc, da, 1.5f, 0.75f, N, M);
    CK(cudaMemcpy(ref.data(), dc, ref.size() * 4, cudaMemcpyDeviceToHost));
    report("syrk", "original", ms, true);
    int agents = max_agents(syrk_agent, 256);
    const form forms[] = { { "redirect (x)", 0, 0 }, { "agent (x, all)", 1, 64 },
                           { "agent (x, 2 active)", 1, 2 } };
    for (const form &f : forms) {
        if (f.agent) {
            ms = time_ms([&] { syrk_agent<<<agents, block>>>(dc, da, 1.5f, 0.75f, N, M, gx, gy, m,
                                                             CCL_INDEX_X, 1, 1, workspace,
                                                             f.active); }, true);
            reset();
            CK(cudaMemset(workspace, 0, 2 * sizeof(unsigned) * num_sms));
            syrk_agent<<<agents, block>>>(dc, da, 1.5f, 0.75f, N, M, gx, gy, m, CCL_INDEX_X, 1, 1,
                                          workspace, f.active);
        } else {
            ms = time_ms([&] { syrk_redirect<<<grid, block>>>(dc, da, 1.5f, 0.75f, N, M, gx, gy, m,
                                                              CCL_INDEX_X, 1, 1); }, false);
            reset();
            syrk_redirect<<<grid, block>>>(dc, da, 1.5f, 0.75f, N, M, gx, gy, m, CCL_INDEX_X, 1, 1);
        }
        CK(cudaMemcpy(got.data(), dc, got.size() * 4, cudaMemcpyDeviceToHost));
        report("syrk", f.name, ms, memcmp(got.data(), ref.data(), ref.size() * 4) == 0);
    }
    cudaFree(da);
    cudaFree(dc);
}

static void run_atax(void)
{
    const int NX = 8192, NY = 8192, B = 256;
    std::vector<float> a((size_t)NX * NY), x(NY), ref(NX), got(NX);
    fill(a, 7);
    fill(x, 8);
    float *da, *dx, *dt;
    CK(cudaMalloc(&da, a.size() * 4));
    CK(cudaMalloc(&dx, NY * 4));
    CK(cudaMalloc(&dt, NX * 4));
    CK(cudaMemcpy(da, a.data(), a.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dx, x.data(), NY * 4, cudaMemcpyHostToDevice));
    dim3 grid((NX + B - 1) / B), block(B);
    unsigned gx = grid.x, m = num_sms;
    float ms = time_ms([&] { atax1_original<<<grid, block>>>(dt, da, dx, NX, NY); }, false);
    CK(cudaMemcpy(ref.data(), dt, NX * 4, cudaMemcpyDeviceToHost));
    report("atax1", "original", ms, true);
    int agents = max_agents(atax1_agent, B);
    const form forms[] = { { "redirect (y)", 0, 0 }, { "agent (y, all)", 1, 64 },
                           { "agent (y, 1 active)", 1, 1 }, { "agent+prefetch (all)", 2, 64 } };
    for (const form &f : forms) {
        CK(cudaMemset(dt, 0xff, NX * 4));
        if (f.agent == 2)
            ms = time_ms([&] { atax1_agent_prefetch<<<agents, block>>>(dt, da, dx, NX, NY, gx, 1, m,
                                                                       CCL_INDEX_Y, 1, 1, workspace,
                                                                       f.active); }, true);
        else if (f.agent)
            ms = time_ms([&] { atax1_agent<<<agents, block>>>(dt, da, dx, NX, NY, gx, 1, m,
                                                              CCL_INDEX_Y, 1, 1, workspace,
                                                              f.active); }, true);
        else
            ms = time_ms([&] { atax1_redirect<<<grid, block>>>(dt, da, dx, NX, NY, gx, 1, m,
                                                               CCL_INDEX_Y, 1, 1); }, false);
        CK(cudaMemcpy(got.data(), dt, NX * 4, cudaMemcpyDeviceToHost));
        report("atax1", f.name, ms, memcmp(got.data(), ref.data(), NX * 4) == 0);
    }
    cudaFree(da);
    cudaFree(dx);
    cudaFree(dt);
}

int main(int argc, char **argv)
{
    const char *only = argc > 1 ? argv[1] : NULL;
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    num_sms = prop.multiProcessorCount;
    CK(cudaMalloc(&workspace, 2 * sizeof(unsigned) * num_sms));
    printf("%s, %d SMs, clusters = SMs\n", prop.name, num_sms);
    if (!only || !strcmp(only, "mm"))
        run_mm();
    if (!only || !strcmp(only, "kmeans"))
        run_kmeans();
    if (!only || !strcmp(only, "syrk"))
        run_syrk();
    if (!only || !strcmp(only, "atax"))
        run_atax();
    cudaFree(workspace);
    return 0;
}
