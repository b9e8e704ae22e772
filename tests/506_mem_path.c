/* The path from issue to the LD/ST unit (src/timing/opcollect.h), measured
 * with tests/ptx/506_mem_path.cu: warps of one CTA each issue one
 * uncoalesced load (32 line requests, one per cycle through the L1 port),
 * all missing in a cold L1 with room for every miss, and read the clock
 * around it (after a barrier, so nothing else queues for the LD/ST unit).
 * GTO keeps a warp greedy, so the clock read after a load issues the next
 * cycle: the load issued at that reading - 1.
 *   - A memory instruction issues while the LD/ST unit is busy with another
 *     warp's: the loads that issue before the first one has left the unit
 *     are 1 + (ID_OC_MEM + memory collector units + OC_EX_MEM) - the unit's
 *     own plus the path's slots -, whatever those sizes are set to.
 *   - The unit serves them in the order they issued: each warp's data is
 *     usable at least 32 cycles (its 32 requests) after the previous one's.
 * Both fail when an issue needs an idle LD/ST unit (a load would issue only
 * after the previous load's 32 requests). */
#include "ccgpu.h"
#include "check.h"
#include "util/embedded.h"
#include <stdlib.h>

#define WARPS 8

/* Per warp: load issue cycle (clock after it - 1) and data-usable cycle. */
static int probe(const char *overrides, long long *issue, long long *usable)
{
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256];
    if (!cfg || ccgpu_config_load(cfg, "configs/ccws.cfg") ||
        ccgpu_config_load_string(cfg,
                                 "ccgpu_mode timing\ngpgpu_n_clusters 1\nccgpu_simd_width 32\n"
                                 "gpgpu_cache:dl1 64:128:8,L:E:m:N,A:512:8,64\n",
                                 "test") ||
        (overrides && ccgpu_config_load_string(cfg, overrides, "test"))) {
        printf("  config: %s\n", cfg ? ccgpu_config_error(cfg) : "out of memory");
        ccgpu_config_free(cfg);
        return -1;
    }
    ccgpu *g = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    if (!g) {
        printf("  ccgpu_create: %s\n", err);
        return -1;
    }
    const char *text = embedded_find("tests/ptx/506_mem_path.ptx");
    ccgpu_module *m = text ? ccgpu_module_load_string(g, text, "506_mem_path.ptx") : NULL;
    ccgpu_devptr a, out;
    long long res[WARPS * 4];
    struct ccgpu_dim3 grid = { 1, 1, 1 }, block = { WARPS * 32, 1, 1 };
    void *args[] = { &a, &out };
    int rc = -1;
    if (m && ccgpu_malloc(g, &a, (size_t)WARPS * 32 * 128) == 0 &&
        ccgpu_malloc(g, &out, sizeof res) == 0 &&
        ccgpu_memset(g, a, 0, (size_t)WARPS * 32 * 128) == 0 &&
        ccgpu_launch(g, m, "uncoalesced_probe", grid, block, 0, args, 2) == 0 &&
        ccgpu_memcpy_dtoh(g, res, out, sizeof res) == 0) {
        for (int w = 0; w < WARPS; w++) {
            issue[w] = res[w * 4 + 1] - 1;
            usable[w] = res[w * 4 + 2];
        }
        rc = 0;
    } else {
        printf("  run: %s\n", ccgpu_error(g));
    }
    ccgpu_destroy(g);
    return rc;
}

/* Loads that issued before the first load's 32 requests could have left
 * the unit. */
static int early_loads(const long long *issue)
{
    long long first = issue[0];
    for (int w = 1; w < WARPS; w++)
        if (issue[w] < first)
            first = issue[w];
    int n = 0;
    for (int w = 0; w < WARPS; w++)
        n += issue[w] < first + 32;
    return n;
}

static void check_capacity(const char *overrides, int slots)
{
    long long issue[WARPS], usable[WARPS];
    CHECK(probe(overrides, issue, usable) == 0);
    int n = early_loads(issue);
    if (getenv("MEMPATH_DEBUG"))
        for (int w = 0; w < WARPS; w++)
            printf("    warp %d: load issued %lld, data usable %lld\n", w, issue[w], usable[w]);
    printf("  %s: %d loads issued within 32 cycles of the first (expected 1 + %d)\n",
           overrides ? overrides : "defaults (ID_OC_MEM 1, 2 units, OC_EX_MEM 1)", n, slots);
    CHECK_EQ_INT(n, 1 + slots);
}

TEST(issue_while_ldst_busy)
{
    check_capacity(NULL, 4);
    check_capacity("gpgpu_operand_collector_num_units_mem 1\n", 3);
    check_capacity("gpgpu_operand_collector_num_units_mem 4\n", 6);
    /* GPGPU-Sim 3.x field order: ID_OC_SP,ID_OC_SFU,ID_OC_MEM,OC_EX_SP,OC_EX_SFU,OC_EX_MEM,EX_WB */
    check_capacity("gpgpu_pipeline_widths 1,1,2,1,1,1,1\n", 5);
}

TEST(served_in_issue_order)
{
    long long issue[WARPS], usable[WARPS];
    CHECK(probe(NULL, issue, usable) == 0);
    int order[WARPS];
    for (int w = 0; w < WARPS; w++)
        order[w] = w;
    for (int i = 1; i < WARPS; i++) /* warps by load issue cycle */
        for (int j = i; j > 0 && issue[order[j]] < issue[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    for (int i = 1; i < WARPS; i++) {
        long long gap = usable[order[i]] - usable[order[i - 1]];
        if (gap < 32)
            printf("  warp %d issued after warp %d, usable %lld cycles after it\n", order[i],
                   order[i - 1], gap);
        CHECK(gap >= 32);
    }
}

int main(void)
{
    RUN(issue_while_ldst_busy);
    RUN(served_in_issue_order);
    return check_summary();
}
