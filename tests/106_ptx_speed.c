/* Parsing scales linearly: a generated 10,000-instruction kernel (2,000
 * registers, 200 labels, back edges) and 100 small kernels parse quickly
 * and correctly. The time is printed; the bound is loose enough for a
 * sanitizer build on a busy machine, tight enough to catch quadratic work. */
#include "check.h"
#include "ptx/ptx.h"
#include <stdarg.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct buf {
    char *p;
    size_t len, cap;
};

static void add(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(struct buf *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        if ((size_t)n < b->cap - b->len) {
            b->len += (size_t)n;
            return;
        }
        b->cap = b->cap * 2 + (size_t)n;
        b->p = realloc(b->p, b->cap);
        if (!b->p)
            abort();
    }
}

TEST(big_kernel)
{
    struct buf b = { malloc(1024), 0, 1024 };
    add(&b, ".version 9.0\n.target sm_75\n.address_size 64\n"
            ".visible .entry huge(.param .u64 p)\n{\n.reg .pred %%p<2>;\n"
            ".reg .b32 %%r<2000>;\n.reg .b64 %%rd<10>;\n");
    for (int i = 0; i < 10000; i++) {
        if (i % 50 == 0)
            add(&b, "L%d:\nadd.s32 %%r%d, %%r%d, 1;\n", i, (i + 1) % 2000, i % 2000);
        else if (i % 50 == 49)
            add(&b, "@%%p1 bra L%d;\n", i - 49);
        else
            add(&b, "mad.lo.s32 %%r%d, %%r%d, %%r%d, 7;\n", (i + 1) % 2000, i % 2000,
                (i * 7) % 2000);
        if (i % 100 == 99)
            add(&b, "setp.lt.s32 %%p1, %%r%d, 100;\n", i % 2000);
    }
    add(&b, "ret;\n}\n");
    for (int k = 0; k < 100; k++)
        add(&b, ".visible .entry k%d(.param .u32 a)\n{\n.reg .b32 %%r<3>;\n"
                "ld.param.u32 %%r1, [a];\nadd.s32 %%r2, %%r1, %d;\nret;\n}\n", k, k);
    char err[256];
    double t0 = now();
    struct ptx_module *m = ptx_parse(b.p, "gen.ptx", err, sizeof err);
    double t1 = now();
    CHECK(m != NULL);
    if (m) {
        const struct ptx_function *f = ptx_find_function(m, "huge");
        CHECK(f && f->ninsts == 10000 + 100 + 1 && f->nregs == 2010);
        /* the branch at instruction 49 of block 0 goes back to 0 */
        CHECK(f && f->insts[49].op == PTX_OP_BRA && f->insts[49].target == 0);
        CHECK_EQ_INT(m->nfuncs, 101);
        double t2 = now();
        uint32_t r = ptx_estimate_registers(m, f);
        double t3 = now();
        printf("  %zu bytes, %u lines: parse %.1f ms, register estimate %.1f ms (%u)\n", b.len,
               10000 + 100 + 700 + 9, (t1 - t0) * 1e3, (t3 - t2) * 1e3, r);
        CHECK(t1 - t0 < 1.0);
    } else {
        printf("  %s\n", err);
    }
    ptx_module_free(m);
    free(b.p);
}

/* Issue #16: load time grew superlinearly with the number of kernels (a
 * kernels x kernels call matrix and a kernels x symbols scan): 16,000 trivial
 * kernels took 2 s and 50,000 did not finish in 30 s. Every kernel here has
 * a private .shared array and calls one function naming a common one, so
 * the layout still has to be right: the common array first in every window,
 * each private array after it. */
TEST(many_kernels)
{
    enum { N = 50000 };
    struct buf b = { malloc(1024), 0, 1024 };
    add(&b, ".version 9.0\n.target sm_75\n.address_size 64\n"
            ".shared .align 4 .b8 common[64];\n"
            ".func touch()\n{\n.reg .b64 %%rd<2>;\nmov.u64 %%rd1, common;\nret;\n}\n");
    for (int k = 0; k < N; k++)
        add(&b, ".shared .align 4 .b8 own%d[%d];\n.visible .entry k%d()\n{\n.reg .b64 %%rd<2>;\n"
                "mov.u64 %%rd1, own%d;\ncall touch, ();\nret;\n}\n", k, 4 + 4 * (k % 3), k, k);
    char err[256];
    double t0 = now();
    struct ptx_module *m = ptx_parse(b.p, "many.ptx", err, sizeof err);
    double t1 = now();
    printf("  %d kernels, %zu bytes: parse %.1f ms\n", N, b.len, (t1 - t0) * 1e3);
    CHECK(m != NULL);
    if (m) {
        CHECK_EQ_INT(m->nfuncs, N + 1);
        const struct ptx_function *f = ptx_find_function(m, "k49999");
        CHECK(f && f->shared_bytes == 64 + 4 + 4 * (49999 % 3));
        CHECK_EQ_INT(m->shared_bytes, 64 + 12);
        CHECK(t1 - t0 < 5.0);
    } else {
        printf("  %s\n", err);
    }
    ptx_module_free(m);
    free(b.p);
}

int main(void)
{
    RUN(big_kernel);
    RUN(many_kernels);
    return check_summary();
}
