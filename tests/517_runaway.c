/* Runaway kernels in timing mode (ccgpu_runaway_cycles, ccgpu_launch_seconds):
 * a launch in which no warp makes forward progress - no global store, no
 * atomic, no barrier arrival, no warp exit, no global load from another
 * address than the warp's previous one - for the limit fails with
 * CCGPU_ERROR_LAUNCH_TIMEOUT and a message naming the kernel, a CTA and
 * warp still issuing and the PCs and PTX lines of its loop: for(;;){} in
 * one warp, and a spin on a volatile flag nothing sets. A long pointer
 * chase (one thread, no store until the end) walks through memory: it runs
 * to completion under the default limit and under one far below its
 * length; the same chase on a node that points to itself (a spin in
 * disguise) is stopped. */
#include "ccgpu.h"
#include "check.h"
#include <stdlib.h>
#include <string.h>

static const char *ptx =
    ".version 7.0\n"
    ".target sm_70\n"
    ".address_size 64\n"
    "\n"
    ".visible .entry spin_forever()\n"
    "{\n"
    "	.reg .b32 	%r<2>;\n"
    "	.reg .pred 	%p<2>;\n"
    "	mov.u32 	%r1, %tid.x;\n"
    "	setp.ne.s32 	%p1, %r1, 0;\n"
    "	@%p1 bra 	$L_done;\n"
    "$L_loop:\n"
    "	bra.uni 	$L_loop;\n"
    "$L_done:\n"
    "	ret;\n"
    "}\n"
    "\n"
    ".visible .entry spin_volatile(.param .u64 flag)\n"
    "{\n"
    "	.reg .b32 	%r<3>;\n"
    "	.reg .b64 	%rd<2>;\n"
    "	.reg .pred 	%p<3>;\n"
    "	mov.u32 	%r1, %tid.x;\n"
    "	setp.ne.s32 	%p1, %r1, 0;\n"
    "	@%p1 bra 	$L_done;\n"
    "	ld.param.u64 	%rd1, [flag];\n"
    "	cvta.to.global.u64 	%rd1, %rd1;\n"
    "$L_wait:\n"
    "	ld.volatile.global.u32 	%r2, [%rd1];\n"
    "	setp.eq.s32 	%p2, %r2, 0;\n"
    "	@%p2 bra 	$L_wait;\n"
    "$L_done:\n"
    "	ret;\n"
    "}\n"
    "\n"
    ".visible .entry chase(.param .u64 next, .param .u32 n, .param .u64 out)\n"
    "{\n"
    "	.reg .b32 	%r<4>;\n"
    "	.reg .b64 	%rd<5>;\n"
    "	.reg .pred 	%p<3>;\n"
    "	mov.u32 	%r1, %tid.x;\n"
    "	setp.ne.s32 	%p1, %r1, 0;\n"
    "	@%p1 bra 	$L_done;\n"
    "	ld.param.u64 	%rd1, [next];\n"
    "	cvta.to.global.u64 	%rd1, %rd1;\n"
    "	ld.param.u32 	%r2, [n];\n"
    "	mov.u32 	%r3, 0;\n"
    "$L_loop:\n"
    "	setp.eq.s32 	%p2, %r2, 0;\n"
    "	@%p2 bra 	$L_end;\n"
    "	mul.wide.u32 	%rd2, %r3, 4;\n"
    "	add.s64 	%rd3, %rd1, %rd2;\n"
    "	ld.global.u32 	%r3, [%rd3];\n"
    "	add.s32 	%r2, %r2, -1;\n"
    "	bra.uni 	$L_loop;\n"
    "$L_end:\n"
    "	ld.param.u64 	%rd4, [out];\n"
    "	cvta.to.global.u64 	%rd4, %rd4;\n"
    "	st.global.u32 	[%rd4], %r3;\n"
    "$L_done:\n"
    "	ret;\n"
    "}\n"
    "\n";

/* the PTX line holding needle (1-based), 0 if none */
static unsigned line_of(const char *needle)
{
    const char *p = strstr(ptx, needle);
    unsigned n = 1;
    for (const char *q = ptx; p && q < p; q++)
        n += *q == '\n';
    return p ? n : 0;
}

static ccgpu *make(const char *overrides, ccgpu_module **m)
{
    ccgpu_config *cfg = ccgpu_config_new();
    *m = NULL;
    if (!cfg || ccgpu_config_load(cfg, "configs/ccws.cfg") ||
        ccgpu_config_load_string(cfg, "ccgpu_mode timing\n", "test") ||
        ccgpu_config_load_string(cfg, overrides, "test")) {
        printf("  config: %s\n", cfg ? ccgpu_config_error(cfg) : "out of memory");
        ccgpu_config_free(cfg);
        return NULL;
    }
    char err[256];
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    if (!g) {
        printf("  ccgpu_create: %s\n", err);
        return NULL;
    }
    if (!(*m = ccgpu_module_load_string(g, ptx, "517_runaway.ptx"))) {
        printf("  load: %s\n", ccgpu_error(g));
        ccgpu_destroy(g);
        return NULL;
    }
    return g;
}

static const struct ccgpu_dim3 one = { 1, 1, 1 }, warp = { 32, 1, 1 };

TEST(spin_forever)
{
    ccgpu_module *m;
    ccgpu *g = make("ccgpu_runaway_cycles 200000\n", &m);
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK(ccgpu_launch(g, m, "spin_forever", one, warp, 0, NULL, 0) != 0);
    CHECK_EQ_INT(ccgpu_error_code(g), CCGPU_ERROR_LAUNCH_TIMEOUT);
    const char *e = ccgpu_error(g);
    printf("  %s\n", e);
    char want[160];
    snprintf(want, sizeof want, "CTA (0,0,0) warp 0 on SM 0 loops over PCs 3-3 (PTX line %u) of "
             "spin_forever", line_of("bra.uni \t$L_loop"));
    CHECK_STR_CONTAINS(e, "kernel spin_forever: no forward progress");
    CHECK_STR_CONTAINS(e, "ccgpu_runaway_cycles");
    CHECK_STR_CONTAINS(e, want);
    CHECK(strchr(e, '\n') == NULL);
    double cycles = 0;
    CHECK(ccgpu_stat(g, "cycles", -1, &cycles) == 0);
    /* looked at 16 times per limit: stopped within 1/16 of it past the limit */
    CHECK(cycles >= 200000 && cycles <= 200000 + 200000 / 16 + 2);
    ccgpu_destroy(g);
}

TEST(spin_volatile)
{
    ccgpu_module *m;
    ccgpu *g = make("ccgpu_runaway_cycles 300000\n", &m);
    CHECK(g != NULL);
    if (!g)
        return;
    ccgpu_devptr flag = 0;
    CHECK(ccgpu_malloc(g, &flag, 4) == 0 && ccgpu_memset(g, flag, 0, 4) == 0);
    void *args[] = { &flag };
    CHECK(ccgpu_launch(g, m, "spin_volatile", one, warp, 0, args, 1) != 0);
    CHECK_EQ_INT(ccgpu_error_code(g), CCGPU_ERROR_LAUNCH_TIMEOUT);
    const char *e = ccgpu_error(g);
    printf("  %s\n", e);
    char want[160];
    snprintf(want, sizeof want, "loops over PCs 5-7 (PTX lines %u-%u) of spin_volatile",
             line_of("ld.volatile.global"), line_of("@%p2 bra \t$L_wait"));
    CHECK_STR_CONTAINS(e, want);
    ccgpu_destroy(g);
}

/* One thread follows next[] through n nodes 256 bytes apart, visited in a
 * scrambled order (a cycle through all of them, so most loads go to DRAM
 * rows other than the last), then stores where it ended; with self set,
 * node 0, where it starts, points to itself. */
static int chase(const char *overrides, unsigned n, int self, char *err, size_t errlen)
{
    ccgpu_module *m;
    ccgpu *g = make(overrides, &m);
    if (!g) {
        snprintf(err, errlen, "setup failed");
        return -2;
    }
    const size_t stride = 64; /* words */
    uint32_t *h = calloc((size_t)n * stride, 4);
    ccgpu_devptr next = 0, out = 0;
    int rc = -2;
    if (h && ccgpu_malloc(g, &next, (size_t)n * stride * 4) == 0 && ccgpu_malloc(g, &out, 4) == 0) {
        /* node k of the walk is (k * step) mod n, step odd and n a power of two */
        const unsigned step = 40503;
        for (unsigned k = 0; k < n; k++)
            h[(size_t)(k * step % n) * stride] = (uint32_t)((k + 1) * step % n * stride);
        if (self)
            h[0] = 0;
        if (ccgpu_memcpy_htod(g, next, h, (size_t)n * stride * 4) == 0) {
            void *args[] = { &next, &n, &out };
            rc = ccgpu_launch(g, m, "chase", one, warp, 0, args, 3);
            double cycles = 0;
            if (rc == 0 && ccgpu_stat(g, "cycles", -1, &cycles) == 0)
                printf("  chase of %u loads: %.0f cycles\n", n, cycles);
            uint32_t last = 1;
            if (rc == 0 && (ccgpu_memcpy_dtoh(g, &last, out, 4) || last != 0))
                rc = -3; /* n steps around the cycle end where they began, at 0 */
        }
    }
    snprintf(err, errlen, "%s", rc == -2 ? "setup failed" : rc == -3 ? "wrong result" : ccgpu_error(g));
    free(h);
    ccgpu_destroy(g);
    return rc;
}

TEST(pointer_chase)
{
    char err[512];
    /* 2^17 dependent loads, no store until the end (22 M cycles): runs to
     * completion under the default limit, and under a limit of 100,000
     * cycles, each load being at a new address ... */
    int rc = chase("", 1u << 17, 0, err, sizeof err);
    if (rc)
        printf("  default limit: %s\n", err);
    CHECK_EQ_INT(rc, 0);
    rc = chase("ccgpu_runaway_cycles 100000\n", 1u << 17, 0, err, sizeof err);
    if (rc)
        printf("  limit 100000: %s\n", err);
    CHECK_EQ_INT(rc, 0);
    /* ... while a chase stuck on one node re-reads one address: stopped */
    rc = chase("ccgpu_runaway_cycles 100000\n", 1u << 17, 1, err, sizeof err);
    CHECK_EQ_INT(rc, -1);
    CHECK_STR_CONTAINS(err, "kernel chase: no forward progress");
    CHECK_STR_CONTAINS(err, "of chase: a runaway kernel (ccgpu_runaway_cycles");
}

TEST(off_and_bad_values)
{
    ccgpu_module *m;
    /* 0 turns the check off: the kernel then runs to the warp-instruction cap */
    ccgpu *g = make("ccgpu_runaway_cycles 0\nccgpu_max_warp_instructions 300000\n", &m);
    CHECK(g != NULL);
    if (g) {
        CHECK(ccgpu_launch(g, m, "spin_forever", one, warp, 0, NULL, 0) != 0);
        CHECK_STR_CONTAINS(ccgpu_error(g), "ccgpu_max_warp_instructions");
        ccgpu_destroy(g);
    }
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256] = "";
    CHECK(cfg && ccgpu_config_load_string(cfg, "ccgpu_runaway_cycles soon\n", "test") == 0);
    CHECK(ccgpu_create(cfg, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "ccgpu_runaway_cycles");
    ccgpu_config_free(cfg);
}

TEST(wall_clock_budget)
{
    ccgpu_module *m;
    ccgpu *g = make("ccgpu_runaway_cycles 0\nccgpu_launch_seconds 1\n", &m);
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK(ccgpu_launch(g, m, "spin_forever", one, warp, 0, NULL, 0) != 0);
    CHECK_EQ_INT(ccgpu_error_code(g), CCGPU_ERROR_LAUNCH_TIMEOUT);
    CHECK_STR_CONTAINS(ccgpu_error(g), "still running after 1 s of wall-clock time");
    CHECK_STR_CONTAINS(ccgpu_error(g), "(ccgpu_launch_seconds; 0 for no limit)");
    CHECK_STR_CONTAINS(ccgpu_error(g), "loops over PCs 3-3");
    ccgpu_destroy(g);
}

int main(void)
{
    RUN(spin_forever);
    RUN(spin_volatile);
    RUN(pointer_chase);
    RUN(off_and_bad_values);
    RUN(wall_clock_budget);
    return check_summary();
}
