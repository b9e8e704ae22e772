/* The conflict-sensitive (SACAT) and inter-CTA (CTA-clustering) benchmarks:
 * small stays small, the CPU checks hold for other seeds, kernel counts match
 * the algorithms, and hotspot's --input convention (temperature file, power
 * file beside it with 'temp' -> 'power') loads and rejects files as documented. */
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

struct outcome {
    int rc;
    int kernels;
    double warp_insts, thread_insts;
    char error[512];
};

static struct outcome run(const char *name, uint64_t seed, const char *input, const char *data_dir)
{
    struct outcome o = { -1, 0, 0, 0, "" };
    const struct bench_ops *b = bench_find(name);
    if (!b) {
        snprintf(o.error, sizeof o.error, "no benchmark %s", name);
        return o;
    }
    struct bench_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.gpu = new_gpu();
    if (!ctx.gpu)
        return o;
    ctx.size = BENCH_SMALL;
    ctx.seed = seed;
    ctx.input = input;
    ctx.data_dir = data_dir;
    o.rc = b->run(&ctx);
    o.kernels = ccgpu_num_kernels(ctx.gpu);
    if (ccgpu_stat(ctx.gpu, "warp_instructions", -1, &o.warp_insts) ||
        ccgpu_stat(ctx.gpu, "thread_instructions", -1, &o.thread_insts))
        o.warp_insts = o.thread_insts = -1;
    memcpy(o.error, ctx.error, sizeof o.error);
    ccgpu_destroy(ctx.gpu);
    return o;
}

static const struct {
    const char *name, *klass;
    int kernels; /* launches at small */
} benches[] = {
    { "matmul", "intercta", 1 },  { "syrk", "conflict", 1 },      { "atax", "conflict", 2 },
    { "mvt", "conflict", 2 },     { "gesummv", "conflict", 1 },   { "conv2d", "conflict", 1 },
    { "stencil3d", "conflict", 2 }, { "hotspot", "intercta", 2 }, { "nbody", "intercta", 2 },
};
#define NBENCH (sizeof benches / sizeof benches[0])

TEST(listed_with_class_and_sizes)
{
    for (size_t i = 0; i < NBENCH; i++) {
        const struct bench_ops *b = bench_find(benches[i].name);
        CHECK(b != NULL);
        if (!b)
            continue;
        CHECK(strcmp(b->klass, benches[i].klass) == 0);
        CHECK(strstr(b->sizes, "small") && strstr(b->sizes, "medium") && strstr(b->sizes, "large"));
    }
}

/* Small is for tests: a few million thread instructions at most (also under
 * ASan), with the launches the algorithm needs. */
TEST(small_is_small_and_passes)
{
    for (size_t i = 0; i < NBENCH; i++) {
        struct outcome o = run(benches[i].name, 12345, NULL, NULL);
        if (o.rc)
            printf("  %s: %s\n", benches[i].name, o.error);
        CHECK_EQ_INT(o.rc, 0);
        CHECK_EQ_INT(o.kernels, benches[i].kernels);
        CHECK(o.thread_insts > 500000 && o.thread_insts < 4000000);
        CHECK(o.warp_insts * 32 >= o.thread_insts);
    }
}

/* The tolerances are bounds, not tuned to one input: other seeds pass, and
 * these kernels' control flow does not depend on the data. */
TEST(other_seeds_pass_with_the_same_work)
{
    for (size_t i = 0; i < NBENCH; i++) {
        struct outcome a = run(benches[i].name, 1, NULL, NULL);
        struct outcome b = run(benches[i].name, 0xdeadbeefull, NULL, NULL);
        if (a.rc || b.rc)
            printf("  %s: %s%s\n", benches[i].name, a.error, b.error);
        CHECK_EQ_INT(a.rc, 0);
        CHECK_EQ_INT(b.rc, 0);
        CHECK_NEAR(a.warp_insts, b.warp_insts, 0);
        CHECK_NEAR(a.thread_insts, b.thread_insts, 0);
    }
}

TEST(generated_only_benchmarks_reject_input)
{
    for (size_t i = 0; i < NBENCH; i++) {
        if (strcmp(benches[i].name, "hotspot") == 0)
            continue;
        struct outcome o = run(benches[i].name, 12345, "whatever", NULL);
        CHECK_EQ_INT(o.rc, -1);
        CHECK_STR_CONTAINS(o.error, "takes no --input");
        CHECK_EQ_INT(o.kernels, 0);
    }
}

static char dir[] = "/tmp/ccgpu912.XXXXXX";

/* Writes n values, one per line (line bad_line, 0-based, gets two), to
 * dir/name; returns the path, kept in static buffer number `slot`. */
static const char *write_grid(int slot, const char *name, uint32_t n, double base, double scale,
                              int bad_line)
{
    static char path[8][96];
    char *p = path[slot];
    snprintf(p, sizeof path[0], "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    if (!f)
        return p;
    struct bench_rng rng = { n };
    for (uint32_t i = 0; i < n; i++) {
        if ((int)i == bad_line)
            fputs("12.5 13\n", f);
        else
            fprintf(f, "%.6f\n", base + scale * bench_rng_unit(&rng));
    }
    fclose(f);
    return p;
}

TEST(hotspot_input_files)
{
    if (!mkdtemp(dir)) {
        CHECK(0);
        return;
    }
    /* a 37 x 37 chip: not a multiple of the 12-cell inner squares */
    const char *temp = write_grid(0, "chip_temp_37", 37 * 37, 320, 25, -1);
    write_grid(1, "chip_power_37", 37 * 37, 0, 0.2, -1);
    struct outcome o = run("hotspot", 1, temp, NULL);
    if (o.rc)
        printf("  %s\n", o.error);
    CHECK_EQ_INT(o.rc, 0);
    CHECK_EQ_INT(o.kernels, 2);

    /* relative names are also looked up in the data folder */
    o = run("hotspot", 1, "chip_temp_37", dir);
    CHECK_EQ_INT(o.rc, 0);

    o = run("hotspot", 1, "/nonexistent/temp_64", NULL);
    CHECK_EQ_INT(o.rc, -1);
    CHECK_STR_CONTAINS(o.error, "/nonexistent/temp_64: no such input file");

    write_grid(2, "chip_power_37", 36 * 36, 0, 0.2, -1);
    o = run("hotspot", 1, temp, NULL);
    CHECK_EQ_INT(o.rc, -1);
    CHECK_STR_CONTAINS(o.error, "has 1296 values but");

    const char *odd = write_grid(3, "odd_temp", 30, 320, 25, -1);
    write_grid(4, "odd_power", 30, 0, 0.2, -1);
    o = run("hotspot", 1, odd, NULL);
    CHECK_EQ_INT(o.rc, -1);
    CHECK_STR_CONTAINS(o.error, "30 values is not a square grid");

    const char *bad = write_grid(5, "bad_temp", 16, 320, 25, 5);
    o = run("hotspot", 1, bad, NULL);
    CHECK_EQ_INT(o.rc, -1);
    CHECK_STR_CONTAINS(o.error, "bad_temp:6: unexpected text after the last field");
    CHECK(strchr(o.error, '\n') == NULL);

    const char *nameless = write_grid(6, "grid_64", 16, 320, 25, -1);
    o = run("hotspot", 1, nameless, NULL);
    CHECK_EQ_INT(o.rc, -1);
    CHECK_STR_CONTAINS(o.error, "must contain 'temp'");

    o = run("hotspot", 1, write_grid(7, "lonely_temp", 16, 320, 25, -1), NULL);
    CHECK_EQ_INT(o.rc, -1);
    CHECK_STR_CONTAINS(o.error, "lonely_power: cannot open");

    const char *names[] = { "chip_temp_37", "chip_power_37", "odd_temp", "odd_power",
                            "bad_temp", "grid_64", "lonely_temp" };
    char path[96];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    rmdir(dir);
}

/* Rodinia's own 64 x 64 grids, when this checkout has the shared data. */
TEST(hotspot_rodinia_grid)
{
    const char *dirs[] = { "../shared/data", "../../shared/data" }, *data = NULL;
    struct stat st;
    for (int i = 0; i < 2 && !data; i++)
        if (stat(dirs[i], &st) == 0)
            data = dirs[i];
    if (!data)
        return;
    struct outcome o = run("hotspot", 12345, "rodinia/hotspot-temp_64", data);
    if (o.rc)
        printf("  %s\n", o.error);
    CHECK_EQ_INT(o.rc, 0);
    CHECK_EQ_INT(o.kernels, 2);
}

int main(void)
{
    RUN(listed_with_class_and_sizes);
    RUN(small_is_small_and_passes);
    RUN(other_seeds_pass_with_the_same_work);
    RUN(generated_only_benchmarks_reject_input);
    RUN(hotspot_input_files);
    RUN(hotspot_rodinia_grid);
    return check_summary();
}
