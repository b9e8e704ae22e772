/* Per-CTA working sets: synthetic access records, then a real kernel through
 * the engine's observer (cuda/examples atax1_original, sizes known exactly). */
#include "ccgpu.h"
#include "check.h"
#include "cta/workset.h"
#include "util/embedded.h"

static void access(struct workset *w, uint32_t launch, uint32_t cta, uint8_t space, int store,
                   uint32_t bytes, uint64_t a0, uint64_t a1)
{
    uint64_t addr[32] = { a0, a1 };
    struct ccgpu_access a = { launch, cta, 0, 3, space, (uint8_t)!store, (uint8_t)store, 0, bytes,
                              addr };
    workset_observe(w, &a);
}

TEST(synthetic)
{
    struct workset w;
    CHECK(workset_init(&w, 100) == -1); /* not a power of two */
    CHECK(workset_init(&w, 128) == 0);
    access(&w, 0, 0, CCGPU_SPACE_GLOBAL, 0, 4, 0, 64);     /* line 0 twice */
    access(&w, 0, 0, CCGPU_SPACE_GLOBAL, 1, 4, 128, 132);  /* line 1 written */
    access(&w, 0, 1, CCGPU_SPACE_GLOBAL, 0, 4, 96, 300);   /* lines 0 and 2 */
    access(&w, 0, 1, CCGPU_SPACE_GLOBAL, 0, 8, 508, 508);  /* straddles lines 3 and 4 */
    access(&w, 0, 1, CCGPU_SPACE_SHARED, 0, 4, 0, 4096);   /* not global: ignored */
    access(&w, 1, 0, CCGPU_SPACE_GLOBAL, 0, 4, 0, 0);      /* another launch */
    struct workset_launch s;
    CHECK(workset_launch_stats(&w, 0, &s) == 0);
    CHECK_EQ_INT(s.nctas, 2);
    CHECK_EQ_INT(s.cta[0].total, 2);
    CHECK_EQ_INT(s.cta[0].read, 1);
    CHECK_EQ_INT(s.cta[0].written, 1);
    CHECK_EQ_INT(s.cta[0].shared, 1);
    CHECK_EQ_INT(s.cta[1].total, 4);
    CHECK_EQ_INT(s.cta[1].shared, 1);
    CHECK_EQ_INT(s.sum_lines, 6);
    CHECK_EQ_INT(s.distinct_lines, 5);
    CHECK_EQ_INT(s.shared_lines, 1);
    CHECK_EQ_INT(s.max_sharers, 2);
    workset_launch_free(&s);
    CHECK(workset_launch_stats(&w, 1, &s) == 0);
    CHECK_EQ_INT(s.nctas, 1);
    CHECK_EQ_INT(s.distinct_lines, 1);
    workset_launch_free(&s);
    workset_free(&w);
}

TEST(grid_counts_ctas_without_accesses)
{
    struct workset w;
    CHECK(workset_init(&w, 128) == 0);
    access(&w, 0, 0, CCGPU_SPACE_GLOBAL, 0, 4, 0, 0);
    access(&w, 0, 1, CCGPU_SPACE_GLOBAL, 0, 4, 256, 256);
    struct workset_launch s;
    CHECK(workset_launch_stats(&w, 0, &s) == 0);
    CHECK_EQ_INT(s.nctas, 2); /* not told the grid: highest CTA seen + 1 */
    workset_launch_free(&s);
    /* launch 0 had 5 CTAs, 2-4 only shared memory; launch 2 none global */
    CHECK(workset_set_launch_ctas(&w, 0, 5) == 0);
    CHECK(workset_set_launch_ctas(&w, 2, 3) == 0);
    CHECK_EQ_INT(w.nlaunches, 3);
    CHECK(workset_launch_stats(&w, 0, &s) == 0);
    CHECK_EQ_INT(s.nctas, 5);
    CHECK_EQ_INT(s.cta[1].total, 1);
    CHECK_EQ_INT(s.cta[4].total, 0);
    CHECK_EQ_INT(s.sum_lines, 2);
    workset_launch_free(&s);
    CHECK(workset_launch_stats(&w, 2, &s) == 0);
    CHECK_EQ_INT(s.nctas, 3);
    CHECK_EQ_INT(s.sum_lines, 0);
    workset_launch_free(&s);
    CHECK(workset_launch_stats(&w, 1, &s) == 0); /* between: untold, empty */
    CHECK_EQ_INT(s.nctas, 0);
    workset_launch_free(&s);
    workset_free(&w);
}

TEST(many_lines_grow_tables)
{
    struct workset w;
    CHECK(workset_init(&w, 32) == 0);
    for (uint32_t c = 0; c < 64; c++)
        for (uint64_t l = 0; l < 300; l++)
            access(&w, 0, c, CCGPU_SPACE_GLOBAL, 0, 4, (c * 150 + l) * 32, (c * 150 + l) * 32);
    struct workset_launch s;
    CHECK(workset_launch_stats(&w, 0, &s) == 0);
    CHECK_EQ_INT(s.nctas, 64);
    for (uint32_t c = 0; c < 64; c++) {
        CHECK_EQ_INT(s.cta[c].total, 300);
        CHECK_EQ_INT(s.cta[c].shared, c == 0 || c == 63 ? 150 : 300);
    }
    CHECK_EQ_INT(s.distinct_lines, 63 * 150 + 300);
    workset_launch_free(&s);
    workset_free(&w);
}

TEST(atax1_through_the_engine)
{
    char err[256];
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu_config_set(cfg, "ccgpu_mode", "functional");
    ccgpu *gpu = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    CHECK(gpu != NULL);
    if (!gpu)
        return;
    ccgpu_module *m = ccgpu_module_load_string(gpu, embedded_find("cuda/examples/atax.ptx"), "atax");
    CHECK(m != NULL);
    enum { NX = 128, NY = 32 }; /* rows of 128 B: one line each */
    static float a[NX * NY], x[NY];
    ccgpu_devptr da = 0, dx = 0, dt = 0;
    CHECK(ccgpu_malloc(gpu, &da, sizeof a) == 0 && ccgpu_malloc(gpu, &dx, sizeof x) == 0 &&
          ccgpu_malloc(gpu, &dt, NX * 4) == 0);
    CHECK(da % 128 == 0 && dx % 128 == 0 && dt % 128 == 0);
    ccgpu_memcpy_htod(gpu, da, a, sizeof a);
    ccgpu_memcpy_htod(gpu, dx, x, sizeof x);
    struct workset w;
    CHECK(workset_init(&w, 128) == 0);
    ccgpu_set_access_observer(gpu, workset_observe, &w);
    int nx = NX, ny = NY;
    void *args[] = { &dt, &da, &dx, &nx, &ny };
    CHECK_EQ_INT(ccgpu_launch(gpu, m, "atax1_original", (struct ccgpu_dim3){ NX / 32, 1, 1 },
                              (struct ccgpu_dim3){ 32, 1, 1 }, 0, args, 5), 0);
    struct workset_launch s;
    CHECK(workset_launch_stats(&w, 0, &s) == 0);
    CHECK_EQ_INT(s.nctas, 4);
    for (uint32_t c = 0; c < s.nctas; c++) {
        /* 32 rows of A + the line of x read, one line of tmp written */
        CHECK_EQ_INT(s.cta[c].read, 33);
        CHECK_EQ_INT(s.cta[c].written, 1);
        CHECK_EQ_INT(s.cta[c].total, 34);
        CHECK_EQ_INT(s.cta[c].shared, 1); /* x */
    }
    CHECK_EQ_INT(s.max_sharers, 4);
    workset_launch_free(&s);
    ccgpu_set_access_observer(gpu, NULL, NULL);
    workset_free(&w);
    ccgpu_destroy(gpu);
}

int main(void)
{
    RUN(synthetic);
    RUN(grid_counts_ctas_without_accesses);
    RUN(many_lines_grow_tables);
    RUN(atax1_through_the_engine);
    return check_summary();
}
