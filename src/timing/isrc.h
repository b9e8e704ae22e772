/* Instruction sources: where the timing model's warps get their next
 * instruction. The model runs one launch of one source at a time:
 *
 *   the PTX engine (src/ptx/engine.h)   executes the kernel at issue
 *   a SASS trace (src/trace/)           replays recorded warp instructions
 *
 * Both answer the same questions: the launch's shape (CTAs, warps and
 * threads per CTA, shared memory), its CTAs and their warps (created by the
 * dispatcher with the SM and warp slots it chose), each warp's next
 * instruction with its timing facts (struct tinst: unit, latency, the
 * registers the scoreboard tracks) and its execution as a struct
 * ptx_dyninst (active and executing lanes, memory space, lane addresses),
 * which the LD/ST unit, coalescer and caches take whatever its source. The
 * policies see an instruction as a `const struct ptx_inst *` described by
 * ccgpu_inst_info: a trace gives one such description per opcode kind.
 *
 * A source other than the PTX engine fills struct isrc_ops; the PTX engine
 * is the source with ops == NULL, whose functions are called directly (no
 * indirect call on the issue path of PTX runs). CTAs and warps are opaque
 * handles (struct isrc_cta, struct isrc_warp): a struct ptx_cta / ptx_warp
 * for the PTX engine, the source's own objects otherwise. */
#ifndef CCGPU_TIMING_ISRC_H
#define CCGPU_TIMING_ISRC_H
#include <stdint.h>
#include "ptx/engine.h"

struct isrc_cta;
struct isrc_warp;
struct tinst;

struct isrc_ops {
    const char *name; /* "trace", for messages */
    /* the launch */
    const char *(*kernel_name)(const void *launch);
    uint32_t (*num_ctas)(const void *launch);
    uint32_t (*warps_per_cta)(const void *launch);
    uint32_t (*threads_per_cta)(const void *launch);
    uint64_t (*shared_per_cta)(const void *launch);
    /* counters as the PTX engine keeps them (every field the timing model
     * reads: warp and thread instructions, stores, atomics, barriers) */
    const struct ptx_counters *(*counters)(const void *launch);
    /* the launch's first error, "" when none */
    const char *(*error)(const void *launch);
    /* CTA cta_linear on SM sm with warp i in hardware slot slots[i]; NULL
     * with the reason in error() */
    struct isrc_cta *(*cta_create)(void *launch, uint32_t cta_linear, uint32_t sm,
                                   const uint32_t *slots);
    void (*cta_retire)(struct isrc_cta *c); /* done: its memory may serve the next */
    void (*cta_free)(struct isrc_cta *c);
    /* every live warp waits at a barrier none can release: error recorded, 1 */
    int (*cta_check_deadlock)(struct isrc_cta *c);
    uint32_t (*cta_num_warps)(const struct isrc_cta *c);
    struct isrc_warp *(*cta_warp)(struct isrc_cta *c, uint32_t i);
    uint32_t (*warp_slot)(const struct isrc_warp *w);
    uint32_t (*warp_index)(const struct isrc_warp *w);
    int (*warp_ready)(const struct isrc_warp *w); /* not at a barrier, not exited */
    /* The warp's next instruction and its timing facts (*ti stays valid
     * until the warp's next step or its CTA's retirement), NULL when it
     * has none (not ready). */
    const struct ptx_inst *(*warp_next)(struct isrc_warp *w, const struct tinst **ti);
    /* Executes (replays) the next instruction into d, as ptx_warp_step. */
    enum ptx_step_status (*warp_step)(struct isrc_warp *w, struct ptx_dyninst *d);
    /* whether the warp's next instruction follows the one it last stepped
     * (the I-buffer holds it; else a taken branch refetches) */
    int (*warp_sequential)(const struct isrc_warp *w);
};

struct isrc {
    const struct isrc_ops *ops; /* NULL: the PTX engine */
    void *launch;               /* struct ptx_launch *, or the source's launch */
};

#define ISRC_PTX(l) ((struct ptx_launch *)(l))
#define ISRC_PTX_CTA(c) ((struct ptx_cta *)(void *)(c))
#define ISRC_PTX_WARP(w) ((struct ptx_warp *)(void *)(w))

static inline const char *isrc_kernel_name(const struct isrc *s)
{
    return s->ops ? s->ops->kernel_name(s->launch) : ptx_launch_kernel_name(ISRC_PTX(s->launch));
}
static inline uint32_t isrc_num_ctas(const struct isrc *s)
{
    return s->ops ? s->ops->num_ctas(s->launch) : ptx_launch_num_ctas(ISRC_PTX(s->launch));
}
static inline uint32_t isrc_warps_per_cta(const struct isrc *s)
{
    return s->ops ? s->ops->warps_per_cta(s->launch)
                  : ptx_launch_warps_per_cta(ISRC_PTX(s->launch));
}
static inline uint32_t isrc_threads_per_cta(const struct isrc *s)
{
    return s->ops ? s->ops->threads_per_cta(s->launch)
                  : ptx_launch_threads_per_cta(ISRC_PTX(s->launch));
}
static inline uint64_t isrc_shared_per_cta(const struct isrc *s)
{
    return s->ops ? s->ops->shared_per_cta(s->launch)
                  : ptx_launch_shared_per_cta(ISRC_PTX(s->launch));
}
static inline const struct ptx_counters *isrc_counters(const struct isrc *s)
{
    return s->ops ? s->ops->counters(s->launch) : ptx_launch_counters(ISRC_PTX(s->launch));
}
static inline const char *isrc_error(const struct isrc *s)
{
    return s->ops ? s->ops->error(s->launch) : ptx_launch_error(ISRC_PTX(s->launch));
}
/* %clock of the PTX engine reads *cycle (NULL: unset); other sources have none */
static inline void isrc_set_clock(const struct isrc *s, const uint64_t *cycle)
{
    if (!s->ops)
        ptx_launch_set_clock(ISRC_PTX(s->launch), cycle);
}
static inline struct isrc_cta *isrc_cta_create(const struct isrc *s, uint32_t id, uint32_t sm,
                                               const uint32_t *slots)
{
    return s->ops ? s->ops->cta_create(s->launch, id, sm, slots)
                  : (struct isrc_cta *)(void *)ptx_cta_create(ISRC_PTX(s->launch), id, sm, slots);
}
static inline void isrc_cta_retire(const struct isrc *s, struct isrc_cta *c)
{
    if (s->ops)
        s->ops->cta_retire(c);
    else
        ptx_cta_recycle(ISRC_PTX_CTA(c));
}
static inline void isrc_cta_free(const struct isrc *s, struct isrc_cta *c)
{
    if (s->ops)
        s->ops->cta_free(c);
    else
        ptx_cta_free(ISRC_PTX_CTA(c));
}
static inline int isrc_cta_check_deadlock(const struct isrc *s, struct isrc_cta *c)
{
    return s->ops ? s->ops->cta_check_deadlock(c) : ptx_cta_check_deadlock(ISRC_PTX_CTA(c));
}
static inline uint32_t isrc_cta_num_warps(const struct isrc *s, const struct isrc_cta *c)
{
    return s->ops ? s->ops->cta_num_warps(c)
                  : ptx_cta_num_warps((const struct ptx_cta *)(const void *)c);
}
static inline struct isrc_warp *isrc_cta_warp(const struct isrc *s, struct isrc_cta *c,
                                              uint32_t i)
{
    return s->ops ? s->ops->cta_warp(c, i)
                  : (struct isrc_warp *)(void *)ptx_cta_warp(ISRC_PTX_CTA(c), i);
}
static inline uint32_t isrc_warp_slot(const struct isrc *s, const struct isrc_warp *w)
{
    return s->ops ? s->ops->warp_slot(w) : ptx_warp_slot((const struct ptx_warp *)(const void *)w);
}
static inline uint32_t isrc_warp_index(const struct isrc *s, const struct isrc_warp *w)
{
    return s->ops ? s->ops->warp_index(w)
                  : ptx_warp_index((const struct ptx_warp *)(const void *)w);
}
static inline int isrc_warp_ready(const struct isrc *s, const struct isrc_warp *w)
{
    return s->ops ? s->ops->warp_ready(w)
                  : ptx_warp_state((const struct ptx_warp *)(const void *)w) == PTX_WARP_READY;
}
static inline enum ptx_step_status isrc_warp_step(const struct isrc *s, struct isrc_warp *w,
                                                  struct ptx_dyninst *d)
{
    return s->ops ? s->ops->warp_step(w, d) : ptx_warp_step(ISRC_PTX_WARP(w), d);
}

/* Thread-block clusters (PTX sources only; a trace's CTAs are one-CTA
 * clusters): CTAs per cluster, and the linear id of the CTA of rank
 * `rank` in cluster `cluster`. */
static inline uint32_t isrc_cluster_size(const struct isrc *s)
{
    return s->ops ? 1 : ptx_launch_cluster_size(ISRC_PTX(s->launch));
}
static inline uint32_t isrc_cluster_cta(const struct isrc *s, uint32_t cluster, uint32_t rank)
{
    return s->ops ? cluster : ptx_launch_cluster_cta(ISRC_PTX(s->launch), cluster, rank);
}
/* The cluster holding CTA `cta` (PTX sources with clusters only). */
static inline uint32_t isrc_cta_cluster(const struct isrc *s, uint32_t cta)
{
    return s->ops ? cta : ptx_launch_cta_cluster(ISRC_PTX(s->launch), cta);
}
/* The grid in clusters (PTX sources with clusters only). */
static inline void isrc_cluster_grid(const struct isrc *s, const uint32_t grid[3], uint32_t out[3])
{
    if (s->ops) {
        for (int i = 0; i < 3; i++)
            out[i] = grid[i];
    } else {
        ptx_launch_cluster_grid(ISRC_PTX(s->launch), out);
    }
}

#endif
