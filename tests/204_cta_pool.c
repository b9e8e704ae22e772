/* Recycled CTAs (ptx_cta_recycle, issue 13): the next ptx_cta_create of the
 * launch, or of a later launch of the program with another shape, reuses the
 * memory and starts exactly as a new CTA would: registers, predicates,
 * shared memory and the per-thread stacks zeroed, new ids and warp slots. The kernel reads a register and a shared word before writing
 * them (0 in a fresh CTA), then dirties both; the same with the registers
 * it writes first filled with a pattern (ptx_launch_desc.register_fill). */
#include "ccgpu.h"
#include "check.h"
#include "ptx/engine.h"
#include "ptx/ptx.h"
#include "util/embedded.h"
#include <stdlib.h>

static const char *kernel_text =
    ".version 7.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry k(.param .u64 buf)\n{\n"
    ".reg .b32 %r<8>;\n.reg .b64 %rd<4>;\n"
    ".shared .align 4 .b8 sh[256];\n"
    "ld.param.u64 %rd1, [buf];\n"
    "mov.u32 %r1, %tid.x;\n"
    "mov.u32 %r6, %ctaid.x;\n"
    "mad.lo.u32 %r7, %r6, 64, %r1;\n"             /* global index */
    "mul.wide.u32 %rd2, %r7, 4;\n"
    "add.s64 %rd3, %rd1, %rd2;\n"
    "mov.u32 %r3, sh;\n"
    "and.b32 %r4, %r1, 63;\n"                     /* word tid % 64 */
    "mul.lo.u32 %r4, %r4, 4;\n"
    "add.u32 %r5, %r3, %r4;\n"
    "ld.shared.u32 %r2, [%r5];\n"                 /* never written yet */
    "add.u32 %r2, %r2, %r0;\n"                    /* %r0 never written yet */
    "add.u32 %r2, %r2, %r6;\n"                    /* + ctaid */
    "st.global.u32 [%rd3], %r2;\n"
    "mov.u32 %r0, 1000;\n"                        /* dirty a register */
    "st.shared.u32 [%r5], %r0;\n"                 /* and shared memory */
    "ret;\n}\n";

static void run_cta(struct ptx_cta *c)
{
    struct ptx_dyninst d;
    for (uint32_t i = 0; i < ptx_cta_num_warps(c); i++)
        while (ptx_warp_step(ptx_cta_warp(c, i), &d) == PTX_STEP_OK)
            ;
}

/* fill: ptx_launch_desc.register_fill (0 = off) */
static void recycled_cta_starts_fresh_with(uint64_t fill)
{
    char err[256];
    struct devmem mem;
    devmem_init(&mem);
    struct ptx_module *m = ptx_parse(kernel_text, "k.ptx", err, sizeof err);
    CHECK(m != NULL);
    if (!m) {
        printf("  %s\n", err);
        return;
    }
    struct ptx_program *p = ptx_program_load(&mem, m, err, sizeof err);
    CHECK(p != NULL);
    uint64_t buf;
    CHECK_EQ_INT(devmem_alloc(&mem, 3 * 64 * 4, &buf), 0);
    uint32_t *host = (uint32_t *)devmem_ptr(&mem, buf, 3 * 64 * 4);
    for (int i = 0; i < 3 * 64; i++)
        host[i] = 0xdead;
    struct ptx_launch_desc desc = {
        .kernel = ptx_find_function_index(m, "k"),
        .grid = { 3, 1, 1 }, .block = { 64, 1, 1 },
        .params = (const uint8_t *)&buf, .num_sms = 4, .warps_per_sm = 48,
        .register_fill = fill,
    };
    struct ptx_launch *l = ptx_launch_create(p, &desc, err, sizeof err);
    CHECK(l != NULL);
    if (!l)
        return;
    uint32_t slots0[2] = { 7, 3 }, slots1[2] = { 1, 2 };
    struct ptx_cta *c0 = ptx_cta_create(l, 0, 1, slots0);
    CHECK(c0 != NULL);
    run_cta(c0);
    CHECK(ptx_cta_done(c0));
    ptx_cta_recycle(c0);
    struct ptx_cta *c1 = ptx_cta_create(l, 2, 3, slots1);
    CHECK(c1 == c0); /* the pool's CTA, not a new one */
    CHECK_EQ_INT(ptx_cta_linear_id(c1), 2);
    CHECK_EQ_INT(ptx_cta_sm(c1), 3);
    CHECK_EQ_INT(ptx_warp_slot(ptx_cta_warp(c1, 0)), 1);
    CHECK_EQ_INT(ptx_warp_slot(ptx_cta_warp(c1, 1)), 2);
    CHECK_EQ_INT(ptx_warp_state(ptx_cta_warp(c1, 0)), PTX_WARP_READY);
    CHECK(!ptx_cta_done(c1));
    run_cta(c1);
    CHECK(ptx_cta_done(c1));
    for (int t = 0; t < 64; t++) {
        CHECK_EQ_INT(host[t], 0);           /* CTA 0: zero register + zero shared */
        CHECK_EQ_INT(host[64 + t], 0xdead); /* CTA 1 never ran */
        CHECK_EQ_INT(host[128 + t], 2);     /* CTA 2 on recycled memory: 0 + 0 + 2 */
    }
    /* a second CTA alongside the recycled one is new memory */
    struct ptx_cta *c2 = ptx_cta_create(l, 1, 0, NULL);
    CHECK(c2 != NULL && c2 != c1);
    run_cta(c2);
    for (int t = 0; t < 64; t++)
        CHECK_EQ_INT(host[64 + t], 1);
    ptx_cta_recycle(c1);
    ptx_cta_recycle(c2);
    ptx_launch_free(l);
    /* a later launch of the program, with twice the warps, takes the last
     * recycled CTA (c2) and grows it; it starts fresh all the same (warps
     * run in order: warps 2-3 read the shared words warps 0-1 dirtied) */
    desc.grid[0] = 1;
    desc.block[0] = 128;
    for (int i = 0; i < 3 * 64; i++)
        host[i] = 0xdead;
    struct ptx_launch *l2 = ptx_launch_create(p, &desc, err, sizeof err);
    CHECK(l2 != NULL);
    if (l2) {
        struct ptx_cta *c3 = ptx_cta_create(l2, 0, 0, NULL);
        CHECK(c3 == c2);
        if (c3) {
            CHECK_EQ_INT(ptx_cta_num_warps(c3), 4);
            run_cta(c3);
            CHECK(ptx_cta_done(c3));
            for (int t = 0; t < 128; t++)
                CHECK_EQ_INT(host[t], t < 64 ? 0 : 1000);
            CHECK_EQ_INT(host[128], 0xdead);
            ptx_cta_recycle(c3);
        }
        ptx_launch_free(l2);
    }
    ptx_program_free(p); /* frees the pool (ASan: no leak) */
    ptx_module_free(m);
    devmem_free_all(&mem);
}

TEST(recycled_cta_starts_fresh)
{
    recycled_cta_starts_fresh_with(0);
}

/* With the registers the kernel writes before reading filled with a
 * pattern, %r0 (read first) still reads 0 (reg_live_in.c). */
TEST(register_read_first_is_zero_whatever_the_fill)
{
    recycled_cta_starts_fresh_with(0xa5a5a5a5a5a5a5a5ull);
}

int main(void)
{
    RUN(recycled_cta_starts_fresh);
    RUN(register_read_first_is_zero_whatever_the_fill);
    return check_summary();
}
