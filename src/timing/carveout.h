/* The L1D / shared-memory carve-out of each launch, by GPGPU-Sim 4.x's two
 * rules (docs/configuration.md, "L1 / shared-memory carve-out"):
 *
 * Fermi style (gpu-sim.cc change_cache_config): a kernel's cache preference
 * (cudaFuncSetCacheConfig there; ccgpu_func_cache or ccgpu_func_set_cache_config
 * here) picks the L1 string and the shared memory per SM:
 *   none    gpgpu_cache:dl1,             gpgpu_shmem_sizeDefault
 *   l1      gpgpu_cache:dl1PrefL1,       gpgpu_shmem_size_PrefL1
 *   shared  gpgpu_cache:dl1PrefShared,   gpgpu_shmem_size_PrefShared
 * A preference whose string or size the configuration does not set falls
 * back to `none` (GPGPU-Sim's "missing Preferred L1 configuration" path).
 *
 * Volta style (shader.cc max_cta, gpgpu_adaptive_cache_config 1), on top of
 * the above: with C = the kernel's CTAs per SM (occupancy at the
 * preference's shared memory, at most ceil(CTAs / SMs)) and S its shared
 * bytes per CTA, the smallest gpgpu_shmem_option (KB) O holding C x S is
 * the carve-out: min(O, the preference's size) is the shared memory per SM,
 * and the L1 keeps its sets and gets
 * round(A x (1 - option / gpgpu_unified_l1d_size)) ways, A the ways of an L1
 * as large as the whole unified array (the string's ways x unified / L1
 * size). A streaming ('s') L1 allocates on miss when C x S is 0, on fill
 * otherwise. */
#ifndef CCGPU_TIMING_CARVEOUT_H
#define CCGPU_TIMING_CARVEOUT_H
#include <stddef.h>
#include <stdint.h>
#include "mem/cache_config.h"

struct ccgpu_config;
struct sm_config;
struct isrc;

/* GPGPU-Sim's FuncCache numbering (= cudaFuncCache's first three) */
enum carve_pref { CARVE_NONE, CARVE_SHARED, CARVE_L1, CARVE_NPREF };
#define CARVE_MAX_OPTS 32

struct carveout_config {
    int active;                          /* a carve-out option is set: launches report theirs */
    struct cache_config l1[CARVE_NPREF]; /* the L1 of each preference */
    uint32_t shmem[CARVE_NPREF];         /* shared bytes per SM of each preference */
    uint8_t have[CARVE_NPREF];           /* the preference is configured ([CARVE_NONE] always) */
    int adaptive;                        /* gpgpu_adaptive_cache_config */
    uint32_t nopts, opts_kb[CARVE_MAX_OPTS]; /* gpgpu_shmem_option, ascending */
    uint32_t unified_kb;                 /* gpgpu_unified_l1d_size */
    char func_cache[1024];               /* ccgpu_func_cache (validated) */
};

/* What one launch gets. */
struct carveout_choice {
    enum carve_pref asked, pref; /* the kernel's preference; the one applied */
    uint32_t shmem_bytes;        /* shared memory per SM */
    struct cache_config l1;      /* the L1D (l1.disabled: none) */
    int adaptive;                /* the adaptive rule picked option_kb for ctas CTAs */
    uint32_t option_kb, ctas;
};

/* Reads the carve-out options; c->l1 and c->shmem_bytes must hold the
 * default L1 (ccgpu_l1_assoc/_repl/_index applied) and gpgpu_shmem_size.
 * -1 with a message naming the option on an impossible value. */
int carveout_config_read(struct carveout_config *cv, const struct sm_config *c,
                         const struct ccgpu_config *store, char *err, size_t errlen);

/* The preference of kernel: api (a ccgpu_func_set_cache_config value) when
 * it is >= 0, else ccgpu_func_cache's entry for the kernel, else its bare
 * entry, else none. */
enum carve_pref carveout_pref(const struct carveout_config *cv, const char *kernel, int api);

/* The carve-out of launch l (regs per thread as the dispatcher counts them);
 * -1 with a message naming the option when the kernel cannot be given one. */
int carveout_choose(const struct sm_config *c, const struct isrc *l, uint32_t regs,
                    int api_pref, struct carveout_choice *out, char *err, size_t errlen);

/* "none", "shared", "l1" */
const char *carveout_pref_name(enum carve_pref p);
/* pref by name (also "prefer_none", "prefer_shared", "prefer_l1"); -1 if none */
int carveout_pref_parse(const char *s, size_t n);
/* One line: "prefer_l1: shared 16 KB, L1D 48 KB" and, adaptive, the option. */
void carveout_describe(const struct carveout_choice *ch, char *buf, size_t len);

/* Bytes of a cache configuration's data array (0 when disabled). */
uint64_t carveout_l1_bytes(const struct cache_config *l1);
/* Whether two L1 configurations build the same cache. */
int carveout_same_l1(const struct cache_config *a, const struct cache_config *b);

#endif
