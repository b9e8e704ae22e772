/* Every benchmark of the suite (bench_table, whoever wrote it) at size small
 * in functional mode passes its CPU check; inputs that are missing or
 * malformed fail with a one-line message; runs are deterministic. */
#include "check.h"
#include "bench.h"
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static ccgpu *new_gpu(void)
{
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256] = "";
    ccgpu *gpu = NULL;
    if (cfg && ccgpu_config_set(cfg, "ccgpu_mode", "functional") == 0)
        gpu = ccgpu_create(cfg, err, sizeof err);
    if (!gpu)
        printf("  cannot create a functional GPU: %s\n", err);
    ccgpu_config_free(cfg);
    return gpu;
}

/* Runs one benchmark on a fresh GPU; returns its status, error in ctx. */
static int run_bench(const struct bench_ops *b, struct bench_ctx *ctx, const char *input,
                     const char *data_dir, double *warp_insts)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->gpu = new_gpu();
    if (!ctx->gpu)
        return -1;
    ctx->size = BENCH_SMALL;
    ctx->input = input;
    ctx->data_dir = data_dir;
    ctx->seed = 12345; /* the command line's default */
    int rc = b->run(ctx);
    if (warp_insts && ccgpu_stat(ctx->gpu, "warp_instructions", -1, warp_insts) != 0)
        *warp_insts = -1;
    ccgpu_destroy(ctx->gpu);
    ctx->gpu = NULL;
    return rc;
}

/* One test per benchmark, counted like RUN(). */
static void run_all_small(void)
{
    for (int i = 0; bench_table[i]; i++) {
        const struct bench_ops *b = bench_table[i];
        check_state_.current = b->name;
        check_state_.current_failed = 0;
        CHECK_EQ_INT(b->version, 1);
        CHECK(b->klass && b->description && b->sizes && b->run);
        struct bench_ctx ctx;
        double warps = 0;
        int rc = run_bench(b, &ctx, NULL, NULL, &warps);
        if (rc != 0)
            printf("  %s: %s\n", b->name, ctx.error);
        CHECK_EQ_INT(rc, 0);
        CHECK(warps > 0);
        CHECK(strchr(ctx.error, '\n') == NULL);
        if (check_state_.current_failed) {
            check_state_.failed++;
            printf("FAIL bench %s\n", b->name);
        } else {
            check_state_.passed++;
        }
        fflush(stdout);
    }
}

TEST(suite_lists_the_irregular_benchmarks)
{
    const char *names[] = { "bfs", "kmeans", "memc", "gc", "spmv", "invidx", "sssp", "mesh" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const struct bench_ops *b = bench_find(names[i]);
        CHECK(b != NULL);
        if (b)
            CHECK(strcmp(b->klass, i < 4 ? "hcs" : "mcs") == 0);
    }
    CHECK(bench_find("nosuch") == NULL);
}

TEST(runs_are_deterministic)
{
    struct bench_ctx ctx;
    double a = 0, b = 0;
    CHECK_EQ_INT(run_bench(bench_find("bfs"), &ctx, NULL, NULL, &a), 0);
    CHECK_EQ_INT(run_bench(bench_find("bfs"), &ctx, NULL, NULL, &b), 0);
    CHECK(a > 0);
    CHECK_NEAR(a, b, 0);
    CHECK_EQ_INT(run_bench(bench_find("bfs"), &ctx, "rmat", NULL, &b), 0);
    CHECK(a != b); /* a different generator, a different graph */
}

TEST(bad_inputs_fail_with_one_line)
{
    struct bench_ctx ctx;
    CHECK_EQ_INT(run_bench(bench_find("bfs"), &ctx, "/nonexistent/graph.txt", NULL, NULL), -1);
    CHECK_STR_CONTAINS(ctx.error, "/nonexistent/graph.txt: no such input file");
    CHECK_EQ_INT(run_bench(bench_find("memc"), &ctx, "x", NULL, NULL), -1);
    CHECK_STR_CONTAINS(ctx.error, "takes no --input");

    char dir[] = "/tmp/ccgpu910.XXXXXX", path[64];
    if (!mkdtemp(dir)) {
        CHECK(0);
        return;
    }
    snprintf(path, sizeof path, "%s/g.txt", dir);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs("2\n0 1\n1 1\n0\n2\n1 1\n", f); /* one edge short */
        fclose(f);
    }
    CHECK_EQ_INT(run_bench(bench_find("sssp"), &ctx, path, NULL, NULL), -1);
    CHECK_STR_CONTAINS(ctx.error, "g.txt:7: expected edge destination");
    CHECK(strchr(ctx.error, '\n') == NULL);
    unlink(path);
    snprintf(path, sizeof path, "%s/m.mtx", dir);
    f = fopen(path, "w");
    if (f) {
        fputs("%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1.0\n", f);
        fclose(f);
    }
    CHECK_EQ_INT(run_bench(bench_find("spmv"), &ctx, path, NULL, NULL), -1);
    CHECK_STR_CONTAINS(ctx.error, "m.mtx:4: truncated");
    unlink(path);
    rmdir(dir);
}

/* Real inputs from the shared data folder, when this checkout has it. */
TEST(shared_data_inputs)
{
    const char *dirs[] = { "../shared/data", "../../shared/data" }, *dir = NULL;
    struct stat st;
    for (int i = 0; i < 2 && !dir; i++)
        if (stat(dirs[i], &st) == 0)
            dir = dirs[i];
    if (check_setup_planted())
        dir = NULL, SETUP_FAILED("the shared data folder");
    else if (!dir)
        SKIP_TEST("no shared data folder (../shared/data)");
    if (!dir)
        return;
    struct {
        const char *bench, *input;
    } runs[] = {
        { "bfs", "rodinia/bfs-graph4096.txt" },
        { "sssp", "rodinia/bfs-graph4096.txt" },
        { "kmeans", "kmeans-image/color100.txt" },
        { "kmeans", "rodinia/kmeans-100" },
        { "spmv", "suitesparse/west0067.mtx" },
        { "bfs", "suitesparse/karate.mtx" },
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        struct bench_ctx ctx;
        int rc = run_bench(bench_find(runs[i].bench), &ctx, runs[i].input, dir, NULL);
        if (rc)
            printf("  %s --input %s: %s\n", runs[i].bench, runs[i].input, ctx.error);
        CHECK_EQ_INT(rc, 0);
    }
}

int main(void)
{
    run_all_small();
    RUN(suite_lists_the_irregular_benchmarks);
    RUN(runs_are_deterministic);
    RUN(bad_inputs_fail_with_one_line);
    RUN(shared_data_inputs);
    return check_summary();
}
