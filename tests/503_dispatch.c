/* CTA dispatch in the timing model (kernel: tests/ptx/503_dispatch.cu):
 * round-robin initial fill (CTA i on SM i), %smid and %warpid real, and
 * occupancy limited by threads, CTA slots, shared memory and registers
 * (the most CTAs ever resident together on one SM equals the limit). */
#include "ccgpu.h"
#include "check.h"
#include "policy/cta/cta_sched.h"
#include "util/embedded.h"
#include <stdlib.h>
#include <sys/resource.h>

#define NCTA 32
#define THREADS 256
#define WPC (THREADS / 32)

struct rec {
    unsigned sm, warpid, t0, t1, x;
};

static int run(const char *overrides, unsigned dyn_shared, struct rec *r, char *err, size_t n)
{
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu_config_load(cfg, "configs/ccws.cfg");
    ccgpu_config_load_string(cfg, "gpgpu_n_clusters 4\nccgpu_mode timing\n", "test");
    if (overrides)
        ccgpu_config_load_string(cfg, overrides, "test");
    ccgpu *g = ccgpu_create(cfg, err, n);
    ccgpu_config_free(cfg);
    if (!g)
        return -1;
    ccgpu_module *m = ccgpu_module_load_string(g, embedded_find("tests/ptx/503_dispatch.ptx"),
                                               "503_dispatch.ptx");
    ccgpu_devptr out;
    int work = 100;
    void *args[] = { &out, &work };
    struct ccgpu_dim3 grid = { NCTA, 1, 1 }, block = { THREADS, 1, 1 };
    int rc = -1;
    if (m && ccgpu_malloc(g, &out, sizeof(struct rec) * NCTA * WPC) == 0 &&
        ccgpu_launch(g, m, "whoami", grid, block, dyn_shared ? dyn_shared : THREADS * 4, args,
                     2) == 0 &&
        ccgpu_memcpy_dtoh(g, r, out, sizeof(struct rec) * NCTA * WPC) == 0)
        rc = 0;
    else
        snprintf(err, n, "%s", ccgpu_error(g));
    ccgpu_destroy(g);
    return rc;
}

/* the most CTAs resident together on one SM */
static int max_resident(const struct rec *r)
{
    unsigned lo[NCTA], hi[NCTA], sm[NCTA];
    for (int c = 0; c < NCTA; c++) {
        lo[c] = UINT32_MAX;
        hi[c] = 0;
        sm[c] = r[c * WPC].sm;
        for (int w = 0; w < WPC; w++) {
            const struct rec *x = &r[c * WPC + w];
            CHECK_EQ_INT(x->sm, sm[c]); /* a CTA's warps share an SM */
            lo[c] = x->t0 < lo[c] ? x->t0 : lo[c];
            hi[c] = x->t1 > hi[c] ? x->t1 : hi[c];
        }
    }
    int best = 0;
    for (int c = 0; c < NCTA; c++) {
        int k = 0;
        for (int d = 0; d < NCTA; d++)
            k += sm[d] == sm[c] && lo[d] <= lo[c] && lo[c] <= hi[d];
        best = k > best ? k : best;
    }
    return best;
}

static void expect_limit(const char *what, const char *overrides, unsigned dyn, int limit)
{
    static struct rec r[NCTA * WPC];
    char err[256];
    if (run(overrides, dyn, r, err, sizeof err)) {
        printf("  %s: %s\n", what, err);
        CHECK(0);
        return;
    }
    int got = max_resident(r);
    printf("  %s: at most %d CTAs per SM (limit %d)\n", what, got, limit);
    CHECK_EQ_INT(got, limit);
}

TEST(round_robin_fill_and_real_ids)
{
    static struct rec r[NCTA * WPC];
    char err[256];
    if (run(NULL, 0, r, err, sizeof err)) {
        printf("  %s\n", err);
        CHECK(0);
        return;
    }
    for (int c = 0; c < 8; c++) /* two rounds of the initial fill over 4 SMs */
        CHECK_EQ_INT(r[c * WPC].sm, (unsigned)c % 4);
    for (int i = 0; i < NCTA * WPC; i++) {
        CHECK(r[i].sm < 4 && r[i].warpid < 32);
        for (int j = 0; j < i; j++) /* warps resident together own distinct slots */
            if (r[i].sm == r[j].sm && r[i].t0 <= r[j].t1 && r[j].t0 <= r[i].t1)
                CHECK(r[i].warpid != r[j].warpid);
    }
}

TEST(occupancy_limits)
{
    expect_limit("threads (1024 per SM, 256 per CTA)", NULL, 0, 4);
    expect_limit("CTA slots (gpgpu_shader_cta 2)", "gpgpu_shader_cta 2\n", 0, 2);
    expect_limit("shared memory (6000 B per CTA of 16 KB)", NULL, 6000, 2);
    expect_limit("registers (32 per thread of 16384)", "ccgpu_regs_per_thread 32\n", 0, 2);
}

TEST(errors)
{
    static struct rec r[NCTA * WPC];
    char err[256];
    CHECK(run(NULL, 20000, r, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "shared memory");
    CHECK(run("ccgpu_cta_sched nosuch\n", 0, r, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "ccgpu_cta_sched: unknown CTA dispatch policy 'nosuch'");
    CHECK(run("gpgpu_scheduler rr\n", 0, r, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "unknown warp scheduler 'rr'");
}

/* Issue #16: a launch once allocated a byte per CTA of the grid up front, so
 * a grid of 2^31-1 CTAs took 2.1 GB before running one. Stopped early here
 * (by the instruction cap or the first out-of-bounds store), it must cost
 * memory in proportion to what ran. */
TEST(huge_grid_memory_follows_dispatched_ctas)
{
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu_config_load(cfg, "configs/ccws.cfg");
    ccgpu_config_load_string(cfg, "gpgpu_n_clusters 4\nccgpu_mode timing\n"
                             "ccgpu_max_warp_instructions 20000\n", "test");
    char err[256];
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    CHECK(g != NULL);
    if (!g)
        return;
    ccgpu_module *m = ccgpu_module_load_string(g, embedded_find("tests/ptx/503_dispatch.ptx"),
                                               "503_dispatch.ptx");
    ccgpu_devptr out = 0;
    int work = 1;
    void *args[] = { &out, &work };
    struct ccgpu_dim3 grid = { 0x7fffffffu, 1, 1 }, block = { 32, 1, 1 };
    struct rusage before, after;
    getrusage(RUSAGE_SELF, &before);
    CHECK(m && ccgpu_malloc(g, &out, 1 << 20) == 0);
    CHECK(ccgpu_launch(g, m, "whoami", grid, block, 128, args, 2) == -1);
    getrusage(RUSAGE_SELF, &after);
    long grown_mb = (after.ru_maxrss - before.ru_maxrss) / 1024;
    if (grown_mb >= 256)
        printf("  peak memory grew by %ld MB\n", grown_mb);
    CHECK(grown_mb < 256);
    ccgpu_destroy(g);
}

TEST(cta_policy_table)
{
    int n = 0;
    for (int i = 0; cta_sched_table[i]; i++, n++) {
        const struct cta_sched_ops *o = cta_sched_table[i];
        CHECK_EQ_INT(o->version, 1);
        CHECK(o->name && o->name[0] && o->next_cta);
        for (int j = 0; j < i; j++) /* names select policies: unique */
            CHECK(strcmp(cta_sched_table[j]->name, o->name) != 0);
        /* each is selectable by its name and is the policy selected; those
         * that need arguments say so in an error naming themselves */
        struct cta_sched cs;
        char err[256];
        if (cta_sched_init(&cs, o->name, 4, err, sizeof err) == 0) {
            CHECK(cs.ops == o);
            cta_sched_free(&cs);
        } else {
            CHECK_STR_CONTAINS(err, o->name);
            CHECK(cs.ops == o);
            cta_sched_free(&cs);
        }
    }
    CHECK(n >= 1 && strcmp(cta_sched_table[0]->name, "rr") == 0);
    /* an unknown name is a one-line error naming it */
    struct cta_sched cs;
    char err[256];
    CHECK(cta_sched_init(&cs, "nosuch", 4, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "unknown CTA dispatch policy 'nosuch'");
}

int main(void)
{
    RUN(round_robin_fill_and_real_ids);
    RUN(occupancy_limits);
    RUN(errors);
    RUN(huge_grid_memory_follows_dispatched_ctas);
    RUN(cta_policy_table);
    return check_summary();
}
