/* Replays every committed fuzz input through its harness (tests/fuzz/): the
 * seed corpora (tests/fuzz/corpus/NAME/) and the inputs that once crashed
 * or hung a harness (tests/fuzz/regress/NAME/, one file per defect found),
 * so `make check` keeps them fixed in the normal and the sanitizer build
 * without needing libFuzzer. Each harness must return without a crash, a
 * sanitizer report or a leak. */
#include "check.h"
#include "fuzz/awss_files.c"
#include "fuzz/bench_inputs.c"
#include "fuzz/config.c"
#include "fuzz/csv_json.c"
#include "fuzz/fatbin.c"
#include "fuzz/ptx_launch.c"
#include "fuzz/ptx_parse.c"
#include "fuzz/recipe.c"
#include "fuzz/sasstrace.c"
#include "fuzz/trace_cachesim.c"
#include <dirent.h>
#include <stdio.h>

typedef int (*harness_fn)(const uint8_t *data, size_t size);

/* Runs fn on every file of dir; the number run, -1 when dir is unreadable
 * (regress/NAME may be absent: nothing found yet). */
static int replay_dir(const char *dir, harness_fn fn)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        if (!f)
            continue;
        static uint8_t buf[1 << 20];
        size_t len = fread(buf, 1, sizeof buf, f);
        fclose(f);
        fn(buf, len);
        n++;
    }
    closedir(d);
    return n;
}

static void replay(const char *name, harness_fn fn)
{
    char dir[256];
    snprintf(dir, sizeof dir, "tests/fuzz/corpus/%s", name);
    int seeds = replay_dir(dir, fn);
    snprintf(dir, sizeof dir, "tests/fuzz/regress/%s", name);
    int regress = replay_dir(dir, fn);
    printf("  %-16s %d seeds, %d regression inputs\n", name, seeds, regress < 0 ? 0 : regress);
    CHECK(seeds > 0);
}

TEST(ptx_parse) { replay("ptx_parse", fuzz_ptx_parse); }
TEST(ptx_launch) { replay("ptx_launch", fuzz_ptx_launch); }
TEST(config) { replay("config", fuzz_config); }
TEST(trace_cachesim) { replay("trace_cachesim", fuzz_trace_cachesim); }
TEST(bench_inputs) { replay("bench_inputs", fuzz_bench_inputs); }
TEST(fatbin) { replay("fatbin", fuzz_fatbin); }
TEST(awss_files) { replay("awss_files", fuzz_awss_files); }
TEST(recipe) { replay("recipe", fuzz_recipe); }
TEST(csv_json) { replay("csv_json", fuzz_csv_json); }
TEST(sasstrace) { replay("sasstrace", fuzz_sasstrace); }

int main(void)
{
    RUN(ptx_parse);
    RUN(ptx_launch);
    RUN(config);
    RUN(trace_cachesim);
    RUN(awss_files);
    RUN(csv_json);
    RUN(bench_inputs);
    RUN(fatbin);
    RUN(recipe);
    RUN(sasstrace);
    return check_summary();
}
