/* PTX prefetch in the timing model (ccgpu_prefetch 1): prefetch.global.L1
 * fetches the line into the L1D, prefetch.global.L2 into the L2, no register
 * result, nobody waits; counted as ldst.prefetch_l1 / ldst.prefetch_l2. One
 * thread on one SM of configs/ccws.cfg: an optional prefetch of the line at
 * p, 2000 loop iterations (long enough for the line to arrive), then a load
 * of p. Hand-derived: without a prefetch the load misses the L1 and the L2;
 * after prefetch.L1 it hits the L1 (the prefetch took the miss); after
 * prefetch.L2 it misses the L1 and hits the L2. The kernel's last
 * instruction, the store of the result to another line, adds one L1 miss
 * (write-evict, no allocation) and one L2 miss in every case. ccgpu_prefetch
 * 0 (the default) leaves prefetch a no-op and registers no counters. */
#include "ccgpu.h"
#include "check.h"
#include <stdio.h>
#include <string.h>

static const char *ptx =
    ".version 7.0\n.target sm_70\n.address_size 64\n"
    ".visible .entry pf(.param .u64 p, .param .u32 mode, .param .u64 out)\n{\n"
    "  .reg .u64 %rd<4>;\n  .reg .u32 %r<8>;\n  .reg .pred %q<4>;\n"
    "  ld.param.u64 %rd1, [p];\n  ld.param.u32 %r1, [mode];\n  ld.param.u64 %rd3, [out];\n"
    "  setp.eq.u32 %q1, %r1, 1;\n  @%q1 prefetch.global.L1 [%rd1];\n"
    "  setp.eq.u32 %q2, %r1, 2;\n  @%q2 prefetch.global.L2 [%rd1];\n"
    "  setp.eq.u32 %q3, %r1, 3;\n  @%q3 prefetchu.L1 [%rd1];\n"
    "  mov.u32 %r2, 0;\n"
    "LOOP:\n  add.u32 %r2, %r2, 1;\n  setp.lt.u32 %q1, %r2, 2000;\n  @%q1 bra LOOP;\n"
    "  ld.global.u32 %r3, [%rd1];\n  add.u32 %r3, %r3, %r2;\n  st.global.u32 [%rd3], %r3;\n"
    "  ret;\n}\n";

struct res {
    double l1_hits, l1_misses, l2_hits, l2_misses, pf1, pf2;
    unsigned out;
    int have_pf;
};

static int run(int enable, int mode, struct res *r)
{
    char text[256], err[256];
    snprintf(text, sizeof text, "gpgpu_n_clusters 1\nccgpu_mode timing\nccgpu_prefetch %d\n",
             enable);
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu_config_load(cfg, "configs/ccws.cfg");
    ccgpu_config_load_string(cfg, text, "test");
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    if (!g) {
        printf("  %s\n", err);
        return -1;
    }
    ccgpu_module *m = ccgpu_module_load_string(g, ptx, "pf.ptx");
    ccgpu_devptr p, out;
    unsigned v = 40;
    void *args[] = { &p, &mode, &out };
    struct ccgpu_dim3 one = { 1, 1, 1 };
    int rc = -1;
    memset(r, 0, sizeof *r);
    if (m && ccgpu_malloc(g, &p, 4096) == 0 && ccgpu_malloc(g, &out, 4096) == 0 &&
        ccgpu_memcpy_htod(g, p, &v, 4) == 0 && ccgpu_launch(g, m, "pf", one, one, 0, args, 3) == 0 &&
        ccgpu_memcpy_dtoh(g, &r->out, out, 4) == 0) {
        ccgpu_stat(g, "l1d.hits", -1, &r->l1_hits);
        ccgpu_stat(g, "l1d.misses", -1, &r->l1_misses);
        ccgpu_stat(g, "l2.hits", -1, &r->l2_hits);
        ccgpu_stat(g, "l2.misses", -1, &r->l2_misses);
        r->have_pf = ccgpu_stat(g, "ldst.prefetch_l1", -1, &r->pf1) == 0 &&
                     ccgpu_stat(g, "ldst.prefetch_l2", -1, &r->pf2) == 0;
        rc = 0;
    } else
        printf("  %s\n", ccgpu_error(g));
    ccgpu_destroy(g);
    printf("  prefetch %d mode %d: L1 %.0f hits %.0f misses, L2 %.0f hits %.0f misses, "
           "prefetches %.0f L1 %.0f L2\n", enable, mode, r->l1_hits, r->l1_misses, r->l2_hits,
           r->l2_misses, r->pf1, r->pf2);
    return rc;
}

TEST(prefetch_levels)
{
    struct res none, l1, l2, u;
    if (run(1, 0, &none) || run(1, 1, &l1) || run(1, 2, &l2) || run(1, 3, &u)) {
        CHECK(0);
        return;
    }
    CHECK_EQ_INT(none.out, 2040u);
    CHECK_EQ_INT(l1.out, 2040u);
    CHECK_EQ_INT(l2.out, 2040u);
    CHECK(none.have_pf && none.pf1 == 0 && none.pf2 == 0);
    /* the load and the store miss both levels */
    CHECK(none.l1_hits == 0 && none.l1_misses == 2 && none.l2_hits == 0 && none.l2_misses == 2);
    /* .L1: the prefetch misses, the load hits */
    CHECK(l1.pf1 == 1 && l1.pf2 == 0);
    CHECK(l1.l1_misses == 2 && l1.l1_hits == 1 && l1.l2_hits == 0);
    /* prefetchu is L1 too */
    CHECK(u.pf1 == 1 && u.l1_hits == 1);
    /* .L2: the load misses the L1 and hits the L2 the prefetch filled */
    CHECK(l2.pf1 == 0 && l2.pf2 == 1);
    CHECK(l2.l1_misses == 2 && l2.l1_hits == 0 && l2.l2_hits == 1);
    CHECK(l2.l2_misses == none.l2_misses);
}

TEST(off_by_default)
{
    struct res off, none;
    if (run(0, 1, &off) || run(0, 0, &none)) {
        CHECK(0);
        return;
    }
    CHECK(!off.have_pf);
    CHECK(off.l1_hits == 0 && off.l1_misses == 2);
    CHECK(off.out == 2040u);
}

int main(void)
{
    RUN(prefetch_levels);
    RUN(off_by_default);
    return check_summary();
}
