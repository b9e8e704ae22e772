/* The per-launch L1D / shared-memory carve-out (src/timing/carveout.c), on
 * configs/ccws.cfg (4 SMs of 1024 threads, 16 KB shared, L1 32:128:8 =
 * 32 KB) with every expectation worked by hand:
 *   - Fermi preferences: the kernel's preference (ccgpu_func_cache or
 *     ccgpu_func_set_cache_config) picks the L1 string and the shared memory
 *     per SM, which bounds the CTAs per SM; an unconfigured preference falls
 *     back to the default; gpgpu_shmem_sizeDefault is the default's size;
 *   - the L1 the SMs really use has the carve-out's capacity (a pointer
 *     chase that fits only the larger L1 hits only there);
 *   - the adaptive (Volta) rule: smallest gpgpu_shmem_option holding the
 *     CTAs' shared memory, L1 ways round(max x (1 - option / unified));
 *   - impossible values are errors naming the option. */
#include "ccgpu.h"
#include "check.h"
#include "util/embedded.h"
#include <stdlib.h>
#include <string.h>

#define NCTA 32
#define THREADS 256

/* Fermi-style carve-outs on the CCWS config: PrefL1 64 KB L1 + 16 KB
 * shared, PrefShared 16 KB L1 + 48 KB shared */
#define FERMI                                                                 \
    "gpgpu_cache:dl1PrefL1 64:128:8,L:E:m:N,A:32:8,8\n"                       \
    "gpgpu_shmem_size_PrefL1 16384\n"                                         \
    "gpgpu_cache:dl1PrefShared 32:128:4,L:E:m:N,A:32:8,8\n"                   \
    "gpgpu_shmem_size_PrefShared 49152\n"
/* Volta-style: 128 KB unified = 4 x the 32 KB L1 (8 ways -> 32 at most) */
#define ADAPTIVE                                                              \
    "gpgpu_adaptive_cache_config 1\ngpgpu_unified_l1d_size 128\n"             \
    "gpgpu_shmem_option 0,8,16,32,64,96\ngpgpu_shmem_size 98304\n"

static ccgpu *make(const char *overrides, char *err, size_t n)
{
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu_config_load(cfg, "configs/ccws.cfg");
    ccgpu_config_load_string(cfg, "gpgpu_n_clusters 4\nccgpu_mode timing\n", "test");
    if (overrides)
        ccgpu_config_load_string(cfg, overrides, "test");
    ccgpu *g = ccgpu_create(cfg, err, n);
    ccgpu_config_free(cfg);
    return g;
}

/* Launches 503's whoami (NCTA CTAs of THREADS, dyn bytes of shared memory)
 * and returns its launch info; -1 with the error. */
static int launch(const char *overrides, int api_pref, uint32_t dyn,
                  struct ccgpu_launch_info *li, char *err, size_t n)
{
    ccgpu *g = make(overrides, err, n);
    if (!g)
        return -1;
    ccgpu_module *m = ccgpu_module_load_string(g, embedded_find("tests/ptx/503_dispatch.ptx"),
                                               "503_dispatch.ptx");
    ccgpu_devptr out;
    int work = 10;
    void *args[] = { &out, &work };
    struct ccgpu_dim3 grid = { NCTA, 1, 1 }, block = { THREADS, 1, 1 };
    int rc = -1;
    if (m && (api_pref < 0 || ccgpu_func_set_cache_config(g, "whoami", api_pref) == 0) &&
        ccgpu_malloc(g, &out, 20 * NCTA * THREADS / 32) == 0 &&
        ccgpu_launch(g, m, "whoami", grid, block, dyn, args, 2) == 0 &&
        ccgpu_launch_info(g, 0, li) == 0)
        rc = 0;
    else
        snprintf(err, n, "%s", ccgpu_error(g));
    ccgpu_destroy(g);
    return rc;
}

static void expect(const char *what, const char *overrides, int api_pref, uint32_t dyn,
                   uint32_t shared, uint32_t l1, uint32_t ctas, const char *desc)
{
    struct ccgpu_launch_info li;
    char err[512];
    if (launch(overrides, api_pref, dyn, &li, err, sizeof err)) {
        printf("  %s: %s\n", what, err);
        CHECK(0);
        return;
    }
    printf("  %s: shared %u, L1D %u, %u CTAs/SM: %s\n", what, li.shared_per_sm, li.l1d_bytes,
           li.ctas_per_sm, li.carveout_desc);
    CHECK_EQ_INT(li.shared_per_sm, shared);
    CHECK_EQ_INT(li.l1d_bytes, l1);
    CHECK_EQ_INT(li.ctas_per_sm, ctas);
    if (desc)
        CHECK_STR_CONTAINS(li.carveout_desc, desc);
}

TEST(no_options_no_change)
{
    struct ccgpu_launch_info li;
    char err[512];
    CHECK(launch(NULL, -1, 6000, &li, err, sizeof err) == 0);
    CHECK_EQ_INT(li.carveout, 0); /* nothing reported */
    CHECK_EQ_INT(li.shared_per_sm, 16384);
    CHECK_EQ_INT(li.l1d_bytes, 32768);
    CHECK_EQ_INT(li.ctas_per_sm, 2); /* 16384 / 6000 */
}

TEST(fermi_preferences)
{
    /* 6000 B per CTA; 4 CTAs by threads (1024 / 256) */
    expect("none", FERMI, -1, 6000, 16384, 32768, 2, "prefer none: shared 16 KB, L1D 32 KB");
    expect("l1 (option)", FERMI "ccgpu_func_cache l1\n", -1, 6000, 16384, 65536, 2,
           "prefer l1: shared 16 KB, L1D 64 KB");
    expect("shared (option, by kernel name)", FERMI "ccgpu_func_cache l1,whoami=shared\n", -1,
           6000, 49152, 16384, 4, "prefer shared: shared 48 KB, L1D 16 KB");
    expect("another kernel named", FERMI "ccgpu_func_cache other=shared\n", -1, 6000, 16384,
           32768, 2, "prefer none");
    /* the API (cudaFuncSetCacheConfig) wins over the option */
    expect("shared (API)", FERMI "ccgpu_func_cache l1\n", CCGPU_FUNC_CACHE_PREFER_SHARED, 6000,
           49152, 16384, 4, "prefer shared");
    expect("l1 (API)", FERMI, CCGPU_FUNC_CACHE_PREFER_L1, 6000, 16384, 65536, 2, "prefer l1");
    expect("equal (API) = none", FERMI "ccgpu_func_cache l1\n", CCGPU_FUNC_CACHE_PREFER_EQUAL,
           6000, 16384, 32768, 2, "prefer none");
    /* shared preferred, its size not configured: the default carve-out */
    expect("unconfigured preference", "gpgpu_cache:dl1PrefShared 32:128:4,L:E:m:N,A:32:8,8\n"
           "ccgpu_func_cache shared\n", -1, 6000, 16384, 32768, 2, "not configured");
    /* gpgpu_shmem_sizeDefault is the default carve-out's shared memory */
    expect("sizeDefault", "gpgpu_shmem_sizeDefault 12000\n", -1, 6000, 12000, 32768, 2,
           "shared 12000 bytes");
    expect("sizeDefault smaller", "gpgpu_shmem_sizeDefault 8000\n", -1, 6000, 8000, 32768, 1,
           NULL);
}

/* The pointer chase of tests/501_micro (walked twice, one thread): nodes
 * one 128-byte line apart; returns l1d.hits of the last launch. With
 * second >= 0 the kernel runs again after ccgpu_func_set_cache_config(second). */
static double chase_hits2(const char *overrides, int nodes, int second)
{
    char err[512];
    ccgpu *g = make(overrides, err, sizeof err);
    if (!g) {
        printf("  %s\n", err);
        return -1;
    }
    ccgpu_module *m = ccgpu_module_load_string(g, embedded_find("tests/ptx/501_micro.ptx"),
                                               "501_micro.ptx");
    size_t bytes = (size_t)nodes * 128;
    uint64_t *host = calloc(1, bytes);
    ccgpu_devptr base, out;
    double hits = -1;
    if (m && host && ccgpu_malloc(g, &base, bytes) == 0 && ccgpu_malloc(g, &out, 16) == 0) {
        for (int i = 0; i < nodes; i++)
            host[(size_t)i * 16] = base + (uint64_t)((i + 1) % nodes) * 128;
        void *args[] = { &base, &nodes, &out };
        struct ccgpu_dim3 one = { 1, 1, 1 };
        if (ccgpu_memcpy_htod(g, base, host, bytes) == 0 &&
            ccgpu_launch(g, m, "chase_ca", one, one, 0, args, 3) == 0 &&
            (second < 0 || (ccgpu_func_set_cache_config(g, "chase_ca", second) == 0 &&
                            ccgpu_launch(g, m, "chase_ca", one, one, 0, args, 3) == 0)))
            ccgpu_stat(g, "l1d.hits", second < 0 ? 0 : 1, &hits);
    }
    if (hits < 0)
        printf("  chase: %s\n", ccgpu_error(g));
    free(host);
    ccgpu_destroy(g);
    return hits;
}

static double chase_hits(const char *overrides, int nodes)
{
    return chase_hits2(overrides, nodes, -1);
}

TEST(l1_capacity_follows_carveout)
{
    /* 384 lines = 48 KB: 12 lines per set of the 32-set default L1 cycle
     * through its 8 LRU ways (pass 2 misses all: 0 hits, the stores are
     * write-evict misses); the 64 KB PrefL1 L1 (64 sets x 8 ways) holds 6
     * per set: pass 2 hits all 384 */
    double small = chase_hits(FERMI, 384), large = chase_hits(FERMI "ccgpu_func_cache l1\n", 384);
    printf("  l1d.hits: default 32 KB L1 %.0f, prefer-L1 64 KB L1 %.0f\n", small, large);
    CHECK(small == 0);
    CHECK(large == 384);
    /* adaptive: no shared memory -> option 0 -> all 128 KB are L1 (32 ways):
     * 768 lines (96 KB) hit in pass 2; with 96 KB the only option the L1
     * keeps 8 ways (32 KB) and misses all */
    double a128 = chase_hits(ADAPTIVE, 768);
    double a32 = chase_hits("gpgpu_adaptive_cache_config 1\ngpgpu_unified_l1d_size 128\n"
                            "gpgpu_shmem_option 96\ngpgpu_shmem_size 98304\n", 768);
    printf("  l1d.hits: adaptive 128 KB L1 %.0f, 32 KB L1 %.0f\n", a128, a32);
    CHECK(a128 == 768);
    CHECK(a32 == 0);
}

/* With gpgpu_flush_l1_cache 0 the L1 keeps its lines between launches, but
 * GPGPU-Sim flushes it when the cache preference changes: a second chase of
 * 128 lines (fits the 32 KB L1) hits in both passes (256) under the same
 * preference, only in pass 2 (128) after a change, even one to the same
 * geometry (PrefL1 = the default string here). One SM, so that both
 * launches run there (dispatch starts a launch at the SM after the last
 * one used). */
TEST(flush_on_preference_change)
{
#define SAME "gpgpu_flush_l1_cache 0\ngpgpu_cache:dl1PrefL1 32:128:8,L:E:m:N,A:32:8,8\n" \
             "gpgpu_shmem_size_PrefL1 16384\ngpgpu_n_clusters 1\n"
    double keep = chase_hits2(SAME, 128, CCGPU_FUNC_CACHE_PREFER_NONE);
    double change = chase_hits2(SAME, 128, CCGPU_FUNC_CACHE_PREFER_L1);
    printf("  second launch l1d.hits: same preference %.0f, changed %.0f\n", keep, change);
    CHECK(keep == 256);
    CHECK(change == 128);
#undef SAME
}

TEST(adaptive_rule)
{
    /* at 96 KB: 6000 B -> 16 by shared memory, 4 by threads, 8 by the grid
     * (32 CTAs / 4 SMs): 4 CTAs = 24000 B -> option 32 KB; ways
     * 32 x (1 - 32/128) = 24 -> 32 sets x 128 B x 24 = 96 KB */
    expect("6000 B", ADAPTIVE, -1, 6000, 32768, 98304, 4, "gpgpu_shmem_option 32 KB for 4 CTAs");
    /* 1024 B x 4 = 4096 -> 8 KB; 32 x 0.9375 = 30 ways = 120 KB */
    expect("1024 B", ADAPTIVE, -1, 1024, 8192, 122880, 4, "gpgpu_shmem_option 8 KB");
    /* 20000 B: 98304 / 20000 = 4 CTAs = 80000 B -> 96 KB; 8 ways = 32 KB */
    expect("20000 B", ADAPTIVE, -1, 20000, 98304, 32768, 4, "gpgpu_shmem_option 96 KB");
    /* rounding to nearest: unified 96 KB = 3 x 32 KB, at most 24 ways;
     * 1024 B x 4 CTAs (at the default 16 KB) = 4 KB -> option 6 KB:
     * 24 x (1 - 6/96) = 22.5 -> 23 ways (truncation: 22) = 92 KB */
    expect("round half up",
           "gpgpu_adaptive_cache_config 1\ngpgpu_unified_l1d_size 96\ngpgpu_shmem_option 6,64\n",
           -1, 1024, 6144, 94208, 4, "gpgpu_shmem_option 6 KB");
    /* GPGPU-Sim 4.0 files set neither size: unified 4 x 32 KB, options 0, 8,
     * 16, 32, 64 KB and gpgpu_shmem_size (96) */
    expect("4.0 defaults", "gpgpu_adaptive_cache_config 1\ngpgpu_shmem_size 98304\n", -1, 20000,
           98304, 32768, 4, "gpgpu_shmem_option 96 KB");
    /* a streaming L1 allocates on miss only without shared memory */
    expect("streaming, shared", ADAPTIVE "gpgpu_cache:dl1 32:128:8,L:L:s:N,A:32:8,8\n", -1, 1024,
           8192, 122880, 4, "streaming L1 allocates on fill");
    /* the adaptive rule composes with a preference: PrefShared's 48 KB
     * bounds the occupancy (8 x 6000 = 48000 > 32 KB -> 64 KB option, but
     * never above the preference's 48 KB), its 16 KB L1 string is the base
     * (4 ways, 8 x 4 = 32 at most: 32 x (1 - 64/128) = 16 ways x 32 sets x
     * 128 B = 64 KB); 2048 threads and 64 K registers so that 8 CTAs fit */
    expect("adaptive on prefer shared",
           ADAPTIVE FERMI "gpgpu_shader_core_pipeline 2048:32\ngpgpu_shader_registers 65536\n"
           "ccgpu_func_cache shared\n", -1, 6000, 49152, 65536, 8, "gpgpu_shmem_option 64 KB");
}

static void expect_create_error(const char *what, const char *overrides, const char *needle)
{
    char err[512] = "";
    ccgpu *g = make(overrides, err, sizeof err);
    printf("  %s: %s\n", what, g ? "(created)" : err);
    CHECK(g == NULL);
    CHECK_STR_CONTAINS(err, needle);
    ccgpu_destroy(g);
}

TEST(errors)
{
    expect_create_error("unified not a multiple",
                        "gpgpu_adaptive_cache_config 1\ngpgpu_unified_l1d_size 100\n",
                        "option gpgpu_unified_l1d_size: 100 KB is not a multiple of the 32 KB");
    expect_create_error("bad option list", ADAPTIVE "gpgpu_shmem_option 0,8,x\n",
                        "option gpgpu_shmem_option: expected");
    expect_create_error("option above unified", ADAPTIVE "gpgpu_shmem_option 0,256\n",
                        "option gpgpu_shmem_option");
    expect_create_error("no ways left", ADAPTIVE "gpgpu_shmem_option 0,128\n",
                        "128 KB of shared memory leaves the L1");
    expect_create_error("adaptive without L1", ADAPTIVE "gpgpu_cache:dl1 none\n",
                        "option gpgpu_cache:dl1: gpgpu_adaptive_cache_config 1 needs an L1");
    expect_create_error("bad preference", "ccgpu_func_cache k=huge\n",
                        "option ccgpu_func_cache: 'k=huge' is not PREF or KERNEL=PREF");
    expect_create_error("other line size", "gpgpu_cache:dl1PrefL1 64:64:8,L:E:m:N,A:32:8,8\n",
                        "option gpgpu_cache:dl1PrefL1: ccgpu needs every carve-out's L1");
    expect_create_error("bad string", "gpgpu_cache:dl1PrefShared 3:128:8,L:E:m:N,A:32:8,8\n",
                        "option gpgpu_cache:dl1PrefShared");
    /* the adaptive L1 at its largest counts against the memory bound:
     * 1000 SMs x 8 MB of L1 (64 K lines each) */
    expect_create_error("adaptive L1 too large",
                        "gpgpu_n_clusters 1000\ngpgpu_adaptive_cache_config 1\n"
                        "gpgpu_unified_l1d_size 8192\ngpgpu_shmem_option 0\n"
                        "gpgpu_cache:dl1 1024:128:8,L:E:m:N,A:32:8,8\n",
                        "gpgpu_unified_l1d_size: 1000 SMs' L1s would need");
    /* a kernel whose CTAs need more than the largest option */
    struct ccgpu_launch_info li;
    char err[512];
    CHECK(launch(ADAPTIVE "gpgpu_shmem_option 0,8,16\n", -1, 6000, &li, err, sizeof err) == -1);
    printf("  too much shared memory: %s\n", err);
    CHECK_STR_CONTAINS(err, "4 CTAs x 6000 bytes of shared memory per SM exceed the largest "
                            "gpgpu_shmem_option (16 KB)");
    /* a CTA larger than the preferred carve-out's shared memory (but not
     * than gpgpu_shmem_size, the bound of any CTA) */
    CHECK(launch("gpgpu_shmem_size 49152\n" FERMI "ccgpu_func_cache l1\n", -1, 20000, &li, err,
                 sizeof err) == -1);
    printf("  CTA too large for prefer l1: %s\n", err);
    CHECK_STR_CONTAINS(err, "20000 bytes of shared memory does not fit on an SM (1024 threads, "
                            "16384 bytes)");
    /* the API refuses values outside cudaFuncCache */
    ccgpu *g = make(NULL, err, sizeof err);
    CHECK(g && ccgpu_func_set_cache_config(g, "k", 4) == -1);
    ccgpu_destroy(g);
}

int main(void)
{
    RUN(no_options_no_change);
    RUN(fermi_preferences);
    RUN(l1_capacity_follows_carveout);
    RUN(flush_on_preference_change);
    RUN(adaptive_rule);
    RUN(errors);
    return check_summary();
}
