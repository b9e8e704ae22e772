/* cta_clustering.cuh -- CTA clustering for real GPUs and for ccgpu.
 *
 * Written for ccgpu after cta-clustering-asplos2017 (Li et al., Sec. 4.2-4.3);
 * the arithmetic matches src/cta/cluster.c, which is unit-tested on the host.
 *
 * The original kernel's |V| = gx * gy CTAs are split into M clusters (normally
 * M = number of SMs) of consecutive CTAs in a chosen order (row-major,
 * column-major or tiles); the first |V| % M clusters hold |V|/M + 1 CTAs, the
 * others |V|/M. Two ways to run cluster i on SM i:
 *
 *  Redirection (RR binding, Eq. 8): launch |V| CTAs as before; new CTA u runs
 *  place (u / M) of cluster (u % M). It is a permutation of the CTAs, so it is
 *  correct on any GPU; the clustering only holds if the hardware dispatches
 *  round robin, which real GPUs do not promise.
 *
 *  Agents (SM binding): launch a few persistent CTAs ("agents", e.g. SMs x
 *  max resident CTAs). Each agent reads %smid, takes cluster own = smid % M,
 *  and gets an agent id from a per-cluster atomic counter; agents with
 *  id >= active exit at once (CTA throttling: ACTIVE_AGENTS per SM).
 *  Active agents then claim places of their own cluster one at a time from a
 *  per-cluster atomic "next place" counter, in order, so consecutive CTAs of a
 *  cluster run together or back to back on the same SM.
 *
 *  Why not the paper's static stride (agent a runs places a, a+A, a+2A...):
 *  it silently skips CTAs whenever an SM receives fewer than A agents, and
 *  nothing guarantees every SM gets them (the dispatcher is not round robin,
 *  an SM may be busy with other work, smid may exceed M). Here, an agent whose
 *  own cluster is drained moves on to the next clusters (own+1, own+2, ... mod
 *  M) and claims their remaining places with the same atomic counters -- a
 *  global work queue over what is left. Each place is handed out by exactly one
 *  atomicAdd returning a value below the cluster size, so every original CTA
 *  runs exactly once, for any grid size, any M, any SM count and any number or
 *  placement of agents (including SMs with no agent), as long as at least one
 *  agent is launched and ccl_active >= 1 (agent id 0 of any cluster is then
 *  always active). M (ccl_m) must be at least 1.
 *
 * Workspace: 2 * M unsigned words in global memory (agent counters, then next-
 * place counters), zeroed before every launch (cudaMemset).
 *
 * Use (see cuda/examples/):
 *   extern "C" __global__ void k_agent(float *a, CCL_AGENT_PARAMS) {
 *       CCL_FOR_EACH_CTA(bx, by) {   // bx, by replace blockIdx.x, blockIdx.y
 *           ...original body; gridDim.x/y become ccl_gx/ccl_gy...
 *       }
 *   }
 * Inside the loop use `continue`, never `return` (all threads of the agent
 * must reach the loop's barriers together).
 *
 * Options (define before including):
 *   CCL_BYPASS_L1  CCL_LD(p) loads with ld.global.cg (bypass L1, cache in L2);
 *                  otherwise an ordinary load.
 *   ccl_next_cta(&bx, &by) gives the next CTA of this SM's cluster, to prefetch
 *   its data with ccl_prefetch_l1() while the current one runs. */
#ifndef CCGPU_CTA_CLUSTERING_CUH
#define CCGPU_CTA_CLUSTERING_CUH

#define CCL_INDEX_Y 0    /* row-major: v = by * gx + bx (Y-partitioning) */
#define CCL_INDEX_X 1    /* column-major: v = bx * gy + by (X-partitioning) */
#define CCL_INDEX_TILE 2 /* tw x th tiles, row-major, row-major inside a tile */
#define CCL_NONE 0xffffffffu

/* kernel parameters added by the clustered forms */
#define CCL_REDIRECT_PARAMS                                                              \
    unsigned ccl_gx, unsigned ccl_gy, unsigned ccl_m, unsigned ccl_mode, unsigned ccl_tw, \
        unsigned ccl_th
#define CCL_AGENT_PARAMS CCL_REDIRECT_PARAMS, unsigned *ccl_ws, unsigned ccl_active

__device__ __forceinline__ unsigned ccl_size(unsigned n, unsigned m, unsigned i)
{
    return n / m + (i < n % m ? 1u : 0u);
}

/* f^-1 (Eq. 7): original CTA at place w of cluster i */
__device__ __forceinline__ unsigned ccl_invert(unsigned n, unsigned m, unsigned w, unsigned i)
{
    unsigned q = n / m, r = n % m;
    return i < r ? i * (q + 1) + w : r * (q + 1) + (i - r) * q + w;
}

/* original linear CTA id -> coordinates, for the chosen indexing */
__device__ __forceinline__ void ccl_coords(unsigned mode, unsigned gx, unsigned gy,
                                           unsigned tw, unsigned th, unsigned v,
                                           unsigned *bx, unsigned *by)
{
    if (mode == CCL_INDEX_X) {
        *bx = v / gy;
        *by = v % gy;
    } else if (mode == CCL_INDEX_TILE) {
        unsigned ty = v / (th * gx);
        unsigned rem = v - ty * th * gx;
        unsigned h = min(th, gy - ty * th); /* the last tile row may be short */
        unsigned tx = rem / (tw * h);
        rem -= tx * tw * h;
        unsigned w = min(tw, gx - tx * tw); /* the last tile of a row may be narrow */
        *by = ty * th + rem / w;
        *bx = tx * tw + rem % w;
    } else {
        *bx = v % gx;
        *by = v / gx;
    }
}

__device__ __forceinline__ unsigned ccl_smid(void)
{
    unsigned s;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
    return s;
}

/* --- redirection-based clustering -------------------------------------- */
/* new CTA u (linear over the launched grid) -> original (bx, by) */
#define CCL_REDIRECT(bx, by)                                                         \
    unsigned bx, by;                                                                 \
    {                                                                                \
        unsigned ccl_u_ = blockIdx.y * gridDim.x + blockIdx.x;                       \
        ccl_coords(ccl_mode, ccl_gx, ccl_gy, ccl_tw, ccl_th,                         \
                   ccl_invert(ccl_gx * ccl_gy, ccl_m, ccl_u_ / ccl_m, ccl_u_ % ccl_m), \
                   &bx, &by);                                                        \
    }

/* --- agent-based clustering ---------------------------------------------- */
struct ccl_state {
    unsigned v, next, own, scanned, active;
};

__device__ __forceinline__ struct ccl_state *ccl_state_ptr(void)
{
    __shared__ struct ccl_state s; /* one per CTA (agent) */
    return &s;
}

/* One step of an agent: returns false when the agent is done (or throttled).
 * Called by every thread of the agent; thread 0 claims, the rest wait. */
__device__ __forceinline__ bool ccl_agent_next(unsigned gx, unsigned gy, unsigned m,
                                               unsigned mode, unsigned tw, unsigned th,
                                               unsigned *ws, unsigned active, unsigned *bx,
                                               unsigned *by, unsigned first)
{
    struct ccl_state *s = ccl_state_ptr();
    __syncthreads(); /* everyone has finished with the previous CTA's s->v */
    if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
        unsigned n = gx * gy;
        if (first) {
            s->own = ccl_smid() % m;
            s->active = atomicAdd(&ws[s->own], 1u) < active ? 1u : 0u;
            s->scanned = 0;
        }
        s->v = CCL_NONE;
        s->next = CCL_NONE;
        while (s->active && s->scanned < m) {
            unsigned c = s->own + s->scanned;
            if (c >= m)
                c -= m;
            unsigned size = ccl_size(n, m, c);
            unsigned w = atomicAdd(&ws[m + c], 1u);
            if (w < size) {
                s->v = ccl_invert(n, m, w, c);
                if (w + 1 < size) /* likely taken next on this SM */
                    s->next = ccl_invert(n, m, w + 1, c);
                break;
            }
            s->scanned++; /* this cluster is drained: help the next one */
        }
    }
    __syncthreads();
    unsigned v = s->v;
    if (v == CCL_NONE)
        return false;
    ccl_coords(mode, gx, gy, tw, th, v, bx, by);
    return true;
}

#define CCL_FOR_EACH_CTA(bx, by)                                                      \
    for (unsigned bx = 0, by = 0, ccl_first_ = 1;                                     \
         ccl_agent_next(ccl_gx, ccl_gy, ccl_m, ccl_mode, ccl_tw, ccl_th, ccl_ws,      \
                        ccl_active, &bx, &by, ccl_first_);                            \
         ccl_first_ = 0)

/* the CTA this SM's cluster hands out next (for prefetching), if any */
#define ccl_next_cta(pbx, pby)                                                        \
    (ccl_state_ptr()->next != CCL_NONE                                                \
         ? (ccl_coords(ccl_mode, ccl_gx, ccl_gy, ccl_tw, ccl_th, ccl_state_ptr()->next, \
                       (pbx), (pby)),                                                 \
            true)                                                                     \
         : false)

/* --- complementary optimisations (Sec. 4.3) ------------------------------ */
__device__ __forceinline__ void ccl_prefetch_l1(const void *p)
{
    asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
}

__device__ __forceinline__ float ccl_ld_cg(const float *p)
{
    float v;
    asm volatile("ld.global.cg.f32 %0, [%1];" : "=f"(v) : "l"(p));
    return v;
}

__device__ __forceinline__ int ccl_ld_cg(const int *p)
{
    int v;
    asm volatile("ld.global.cg.s32 %0, [%1];" : "=r"(v) : "l"(p));
    return v;
}

#ifdef CCL_BYPASS_L1
#define CCL_LD(p) ccl_ld_cg(p)
#else
#define CCL_LD(p) (*(p))
#endif

#ifndef __CUDA_ARCH__
/* host side: words of the agent workspace for M clusters */
static inline unsigned ccl_workspace_words(unsigned m)
{
    return 2 * m;
}
#endif

#endif
