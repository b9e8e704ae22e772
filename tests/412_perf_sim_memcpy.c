/* gpgpu_perf_sim_memcpy (GPGPU-Sim's perf_memcpy_to_gpu): host copies leave
 * their sectors valid in the L2. cache_preload on its own (present sectors,
 * no statistics, victims dropped without a writeback, reserved lines left
 * alone), then end to end: a kernel reading what was copied in, or copied
 * out, finds it in the L2 and never reaches DRAM; with the option off (the
 * default) the same kernel misses. */
#include "ccgpu.h"
#include "check.h"
#include "mem/cache.h"
#include "cache_test.h"
#include <stdio.h>

#define LINE 128u

TEST(preload_sets_sectors_and_counts_nothing)
{
    struct cache c;
    if (cache_test_make(&c, "S:1:128:2,L:B:m:L:L,A:8:4,8"))
        return;
    cache_preload(&c, 1 * LINE + 32, 0x2); /* sector 1 of block 1 */
    CHECK_EQ_INT(cache_probe(&c, 1 * LINE + 32, 0x2), CACHE_HIT);
    CHECK_EQ_INT(cache_probe(&c, 1 * LINE, 0x1), CACHE_MISS); /* sector 0 was not copied */
    const struct cache_line *l = cache_find_line(&c, 1 * LINE);
    CHECK(l && l->state == CACHE_LINE_VALID && l->valid == 0x2 && l->dirty == 0);
    cache_preload(&c, 1 * LINE, 0x1); /* the same line gains sector 0 */
    CHECK_EQ_INT(cache_probe(&c, 1 * LINE, 0x3), CACHE_HIT);
    CHECK_EQ_INT(c.st.accesses, 0);
    CHECK_EQ_INT(c.st.misses, 0);
    CHECK_EQ_INT(c.st.fills, 0);
    CHECK_EQ_INT(c.st.evictions, 0);
    CHECK(!cache_out_front(&c));
    cache_free(&c);
}

TEST(preload_drops_lru_victim_without_writeback)
{
    struct cache c;
    enum cache_fail f;
    /* one set, two ways, write-back with write allocation */
    if (cache_test_make(&c, "N:1:128:2,L:B:m:W:L,A:8:4,8"))
        return;
    struct cache_access w0 = { .addr = 0 * LINE, .is_write = 1, .token = 1 },
                        w1 = { .addr = 1 * LINE, .is_write = 1, .token = 2 };
    CHECK_EQ_INT(cache_access(&c, &w0, &f), CACHE_MISS); /* block 0 dirty, older */
    CHECK_EQ_INT(cache_access(&c, &w1, &f), CACHE_MISS); /* block 1 dirty */
    CHECK(!cache_out_front(&c));
    cache_preload(&c, 2 * LINE, 1);
    CHECK(cache_find_line(&c, 0) == NULL);                 /* LRU block 0 went... */
    CHECK(!cache_out_front(&c));                           /* ...without a writeback */
    CHECK_EQ_INT(c.st.writebacks, 0);
    CHECK_EQ_INT(c.st.evictions, 0);
    CHECK(cache_find_line(&c, 1 * LINE)->state == CACHE_LINE_MODIFIED);
    CHECK(cache_find_line(&c, 2 * LINE)->state == CACHE_LINE_VALID);
    /* the preloaded line is the most recently used: block 1 goes next */
    cache_preload(&c, 3 * LINE, 1);
    CHECK(cache_find_line(&c, 1 * LINE) == NULL);
    CHECK(cache_find_line(&c, 2 * LINE) != NULL);
    cache_free(&c);
}

TEST(preload_leaves_reserved_lines_alone)
{
    struct cache c;
    enum cache_fail f;
    if (cache_test_make(&c, "N:1:128:1,L:R:m:N:L,A:8:4,8"))
        return;
    struct cache_access r = { .addr = 5 * LINE, .token = 7 };
    CHECK_EQ_INT(cache_access(&c, &r, &f), CACHE_MISS); /* the only way is reserved */
    cache_preload(&c, 6 * LINE, 1);                     /* no way to take */
    CHECK(cache_find_line(&c, 6 * LINE) == NULL);
    cache_preload(&c, 5 * LINE, 1);                     /* being fetched: untouched */
    CHECK(cache_find_line(&c, 5 * LINE)->state == CACHE_LINE_RESERVED);
    const uint64_t *t;
    CHECK_EQ_INT(cache_fill(&c, 5 * LINE, 1, &t), 1);   /* the read still completes */
    CHECK_EQ_INT(t[0], 7);
    cache_free(&c);
}

/* 256 threads: out[i] = in[i] + 1 */
static const char *ptx =
    ".version 7.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry inc(.param .u64 out, .param .u64 in)\n{\n"
    ".reg .b32 %r<4>;\n.reg .b64 %rd<6>;\n"
    "ld.param.u64 %rd1, [out];\n"
    "ld.param.u64 %rd2, [in];\n"
    "mov.u32 %r1, %tid.x;\n"
    "mul.wide.u32 %rd3, %r1, 4;\n"
    "add.s64 %rd4, %rd2, %rd3;\n"
    "ld.global.u32 %r2, [%rd4];\n"
    "add.u32 %r3, %r2, 1;\n"
    "add.s64 %rd5, %rd1, %rd3;\n"
    "st.global.u32 [%rd5], %r3;\n"
    "ret;\n}\n";

/* Copies in (1 KB = 8 lines of 128 bytes) host to device and runs
 * inc(out, in); sets z (1 KB) on the device, copies it to the host and runs
 * inc(out, z). The DRAM reads and L2 read hits of each launch go to [0..1]. */
static void run(const char *perf, double dram[2], double l2_read_hits[2])
{
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu_config_set(cfg, "ccgpu_mode", "timing");
    if (perf)
        ccgpu_config_set(cfg, "gpgpu_perf_sim_memcpy", perf);
    char err[256];
    ccgpu *gpu = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    CHECK(gpu != NULL);
    if (!gpu) {
        printf("  %s\n", err);
        return;
    }
    ccgpu_module *m = ccgpu_module_load_string(gpu, ptx, "412.ptx");
    CHECK(m != NULL);
    ccgpu_devptr in = 0, out = 0, z = 0;
    CHECK_EQ_INT(ccgpu_malloc(gpu, &in, 1024), 0);
    CHECK_EQ_INT(ccgpu_malloc(gpu, &out, 1024), 0);
    CHECK_EQ_INT(ccgpu_malloc(gpu, &z, 1024), 0);
    uint32_t h[256];
    for (int i = 0; i < 256; i++)
        h[i] = (uint32_t)i;
    CHECK_EQ_INT(ccgpu_memcpy_htod(gpu, in, h, sizeof h), 0);
    struct ccgpu_dim3 one = { 1, 1, 1 }, block = { 256, 1, 1 };
    void *a1[] = { &out, &in }, *a2[] = { &out, &z };
    CHECK_EQ_INT(ccgpu_launch(gpu, m, "inc", one, block, 0, a1, 2), 0);
    CHECK_EQ_INT(ccgpu_memcpy_dtoh(gpu, h, out, sizeof h), 0);
    CHECK_EQ_INT(h[200], 201);
    CHECK_EQ_INT(ccgpu_memset(gpu, z, 0, 1024), 0); /* a set is not a copy: not preloaded */
    CHECK_EQ_INT(ccgpu_memcpy_dtoh(gpu, h, z, sizeof h), 0);
    CHECK_EQ_INT(ccgpu_launch(gpu, m, "inc", one, block, 0, a2, 2), 0);
    for (int k = 0; k < 2; k++) {
        CHECK_EQ_INT(ccgpu_stat(gpu, "dram.reads", k, &dram[k]), 0);
        CHECK_EQ_INT(ccgpu_stat(gpu, "mem.l2_read_hits", k, &l2_read_hits[k]), 0);
    }
    ccgpu_destroy(gpu);
}

TEST(copied_data_is_in_the_l2)
{
    double dram[2] = { -1, -1 }, hits[2] = { -1, -1 };
    /* off (ccgpu's default): each launch's 8 line reads (8 warps, one 128-byte
     * request each) miss the L2 and go to DRAM */
    run(NULL, dram, hits);
    CHECK_EQ_INT(dram[0], 8);
    CHECK_EQ_INT(hits[0], 0);
    CHECK_EQ_INT(dram[1], 8);
    CHECK_EQ_INT(hits[1], 0);
    run("0", dram, hits);
    CHECK_EQ_INT(dram[0], 8);
    CHECK_EQ_INT(dram[1], 8);
    /* on: `in` was copied to the device and z to the host, so both launches'
     * reads hit; nothing reaches DRAM */
    run("1", dram, hits);
    CHECK_EQ_INT(dram[0], 0);
    CHECK_EQ_INT(hits[0], 8);
    CHECK_EQ_INT(dram[1], 0);
    CHECK_EQ_INT(hits[1], 8);
}

int main(void)
{
    RUN(preload_sets_sectors_and_counts_nothing);
    RUN(preload_drops_lru_victim_without_writeback);
    RUN(preload_leaves_reserved_lines_alone);
    RUN(copied_data_is_in_the_l2);
    return check_summary();
}
