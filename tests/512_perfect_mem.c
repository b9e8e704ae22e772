/* gpgpu_perfect_mem (src/timing/perfect_mem.h) on configs/ccws.cfg:
 *   - a dependent ld.global.cg load (L1 bypassed; hand-written straight-line
 *     chains in tests/ptx/512_perfect_mem.ptx) costs the SM's path to memory
 *     (5 cycles from issue, tests/501_micro.c), 1 cycle in the cluster's
 *     response FIFO and the writeback (2): 8 cycles, so chain12 takes
 *     exactly 8 x 8 cycles more than chain4;
 *   - the L1 still filters: the same chain through the L1 (chase_ca) hits in
 *     its second pass at the L1 latency, as with real memory;
 *   - nothing reaches the interconnect, L2 or DRAM (their counters stay 0);
 *     every store reaches the L1 (the launch waits for the L1 pipeline);
 *   - the cluster FIFO: capacity, one response per cycle, oldest first;
 *   - gpgpu_n_cluster_ejection_buffer_size is checked. */
#include "ccgpu.h"
#include "check.h"
#include "timing/perfect_mem.h"
#include "util/embedded.h"
#include <stdlib.h>

#define NODES 64
#define OVERHEAD 48 /* the timed region's fixed part (tests/501_micro.c) */

static ccgpu *make(const char *overrides, ccgpu_module **m, char *err, size_t n)
{
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu_config_load(cfg, "configs/ccws.cfg");
    ccgpu_config_load_string(cfg, "ccgpu_mode timing\ngpgpu_perfect_mem 1\n", "test");
    if (overrides)
        ccgpu_config_load_string(cfg, overrides, "test");
    ccgpu *g = ccgpu_create(cfg, err, n);
    ccgpu_config_free(cfg);
    if (g)
        *m = ccgpu_module_load_string(g, embedded_find("tests/ptx/501_micro.ptx"),
                                      "501_micro.ptx");
    return g;
}

/* out[0] of kernel (chain4/chain12 of 512_perfect_mem.ptx, one thread)
 * over a ring of 16 pointers one line apart */
static long long chain(ccgpu *g, const char *kernel)
{
    ccgpu_module *pm = ccgpu_module_load_string(
        g, embedded_find("tests/ptx/512_perfect_mem.ptx"), "512_perfect_mem.ptx");
    uint64_t host[16 * 16] = { 0 };
    ccgpu_devptr base, out;
    long long res[2] = { -1, 0 };
    if (pm && ccgpu_malloc(g, &base, sizeof host) == 0 && ccgpu_malloc(g, &out, 16) == 0) {
        for (int i = 0; i < 16; i++)
            host[i * 16] = base + (uint64_t)((i + 1) % 16) * 128;
        void *args[] = { &base, &out };
        struct ccgpu_dim3 one = { 1, 1, 1 };
        if (ccgpu_memcpy_htod(g, base, host, sizeof host) ||
            ccgpu_launch(g, pm, kernel, one, one, 0, args, 2) ||
            ccgpu_memcpy_dtoh(g, res, out, sizeof res))
            res[0] = -1;
    }
    if (res[0] < 0)
        printf("  %s: %s\n", kernel, ccgpu_error(g));
    return res[0];
}

/* out[0] of a chase over NODES lines (one thread) */
static long long chase(ccgpu *g, ccgpu_module *m, const char *kernel)
{
    size_t bytes = (size_t)NODES * 128;
    uint64_t *host = calloc(1, bytes);
    ccgpu_devptr base, out;
    long long res[2] = { -1, 0 };
    int n = NODES;
    if (host && ccgpu_malloc(g, &base, bytes) == 0 && ccgpu_malloc(g, &out, 16) == 0) {
        for (int i = 0; i < NODES; i++)
            host[(size_t)i * 16] = base + (uint64_t)((i + 1) % NODES) * 128;
        void *args[] = { &base, &n, &out };
        struct ccgpu_dim3 one = { 1, 1, 1 };
        if (ccgpu_memcpy_htod(g, base, host, bytes) || ccgpu_launch(g, m, kernel, one, one, 0, args, 3) ||
            ccgpu_memcpy_dtoh(g, res, out, sizeof res))
            printf("  %s: %s\n", kernel, ccgpu_error(g));
    }
    free(host);
    return res[0];
}

static double stat(ccgpu *g, const char *name)
{
    double v = -1;
    ccgpu_stat(g, name, -1, &v);
    return v;
}

TEST(dependent_loads)
{
    char err[512];
    ccgpu_module *m = NULL;
    ccgpu *g = make(NULL, &m, err, sizeof err);
    CHECK(g && m);
    if (!g || !m)
        return;
    long long c4 = chain(g, "chain4"), c12 = chain(g, "chain12");
    printf("  ld.global.cg chains: 4 loads %lld cycles, 12 loads %lld: %.2f per load (expected 8)\n",
           c4, c12, (double)(c12 - c4) / 8);
    CHECK(c4 > 0 && c12 - c4 == 8 * 8);
    long long hit = chase(g, m, "chase_ca");
    printf("  L1 chain, second pass: %lld cycles (%.2f each; L1 hit 20 + 5)\n", hit,
           (double)hit / NODES);
    CHECK(hit >= NODES * 25 && hit <= NODES * 25 + OVERHEAD);
    /* nothing went below the SMs */
    CHECK(stat(g, "mem.reads") == 0 && stat(g, "mem.writes") == 0);
    CHECK(stat(g, "l2.accesses") == 0 && stat(g, "dram.reads") == 0);
    CHECK(stat(g, "l1d.misses") >= NODES);
    ccgpu_destroy(g);
}

TEST(fifo)
{
    /* the cluster FIFO by hand: capacity 2, a response may leave the cycle
     * after it entered, one per cycle, oldest first */
    struct perfect_port p;
    CHECK(perfect_port_init(&p, 2) == 0);
    struct mem_request a = { .addr = 0x100, .sm = 1 }, b = { .addr = 0x200, .sm = 0 }, r;
    CHECK(perfect_port_next(&p) == UINT64_MAX);
    perfect_port_push(&p, 10, &a);
    CHECK(!perfect_port_full(&p));
    perfect_port_push(&p, 10, &b);
    CHECK(perfect_port_full(&p));              /* a third must wait */
    CHECK(perfect_port_pop(&p, 10, &r) == 0);  /* not in the cycle it entered */
    CHECK_EQ_U64(perfect_port_next(&p), 11);
    CHECK(perfect_port_pop(&p, 11, &r) == 1 && r.addr == 0x100 && r.sm == 1 && r.l2_hit);
    CHECK(perfect_port_pop(&p, 11, &r) == 0);  /* one per cycle */
    CHECK_EQ_U64(perfect_port_next(&p), 12);
    CHECK(perfect_port_pop(&p, 12, &r) == 1 && r.addr == 0x200 && r.issue_cycle == 10 &&
          r.done_cycle == 12);
    CHECK(perfect_port_next(&p) == UINT64_MAX);
    perfect_port_free(&p);
}

TEST(stores_all_reach_the_l1)
{
    /* vecadd of 8192 floats: 256 warps store 128 contiguous bytes each,
     * coalesced per half-warp (ccws.cfg gpgpu_shmem_warp_parts 2): 512 line
     * writes. With memory answering at once, the last warps' stores are
     * still in the L1 access pipeline when everything else is done; the
     * launch waits for them (without that, 8 of them went missing) */
    for (int perfect = 0; perfect < 2; perfect++) {
        char err[512];
        ccgpu_module *unused;
        ccgpu *g = make(perfect ? NULL : "gpgpu_perfect_mem 0\n", &unused, err, sizeof err);
        ccgpu_module *m = g ? ccgpu_module_load_string(g, embedded_find("tests/ptx/vecadd.ptx"),
                                                       "vecadd.ptx")
                            : NULL;
        CHECK(g && m);
        if (!g || !m) {
            ccgpu_destroy(g);
            return;
        }
        int n = 8192;
        ccgpu_devptr a, b, c;
        void *args[] = { &a, &b, &c, &n };
        struct ccgpu_dim3 grid = { 32, 1, 1 }, block = { 256, 1, 1 };
        CHECK(ccgpu_malloc(g, &a, 4 * 8192) == 0 && ccgpu_malloc(g, &b, 4 * 8192) == 0 &&
              ccgpu_malloc(g, &c, 4 * 8192) == 0 &&
              ccgpu_launch(g, m, "_Z6vecaddPKfS0_Pfi", grid, block, 0, args, 4) == 0);
        double w = stat(g, "l1d.writes");
        printf("  gpgpu_perfect_mem %d: l1d.writes %.0f, mem.writes %.0f, cycles %.0f\n", perfect,
               w, stat(g, "mem.writes"), stat(g, "cycles"));
        CHECK(w == 512);
        ccgpu_destroy(g);
    }
}

TEST(errors)
{
    char err[512] = "";
    ccgpu_module *m;
    ccgpu *g = make("gpgpu_n_cluster_ejection_buffer_size 0\n", &m, err, sizeof err);
    printf("  %s\n", err);
    CHECK(g == NULL);
    CHECK_STR_CONTAINS(err, "option gpgpu_n_cluster_ejection_buffer_size: 0 responses");
    ccgpu_destroy(g);
}

int main(void)
{
    RUN(dependent_loads);
    RUN(fifo);
    RUN(stores_all_reach_the_l1);
    RUN(errors);
    return check_summary();
}
