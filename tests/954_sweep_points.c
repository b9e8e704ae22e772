/* Sweep point files: atomic writes (no temporary left, never a partial file
 * under the final name), read-back and identity matching (match, stale,
 * malformed, truncated, missing), and results.csv built from them, with CSV
 * quoting of values that hold commas and quotes. */
#include "check.h"
#include "sweep/afile.h"
#include "sweep/csv.h"
#include "sweep/sweep_plan.h"
#include "sweep/sweep_point.h"
#include "sweep/sweep_results.h"
#include <dirent.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <unistd.h>

static char dir_[64];

static int count_temps(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL)
        n += strstr(e->d_name, ".tmp") != NULL;
    if (d)
        closedir(d);
    return n;
}

static ccgpu *vecadd_gpu(void)
{
    /* a GPU with statistics: run one tiny kernel-free setup (counters at zero) */
    ccgpu_config *cfg = ccgpu_config_new();
    char err[256];
    ccgpu_config_set(cfg, "ccgpu_mode", "functional");
    ccgpu *gpu = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    return gpu;
}

static const char *base_[] = { "ccgpu_mode=functional" };
static const char *keys_[] = { "k" };

static struct sweep_point_id id_for(const char *bench, const char **value)
{
    return (struct sweep_point_id){ .bench = bench, .size = "small", .input = "", .seed = 12345,
                                    .base = base_, .nbase = 1, .keys = keys_, .values = value,
                                    .nparams = 1 };
}

TEST(atomic_write)
{
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/a.txt", dir_);
    struct afile a;
    FILE *f = afile_open(&a, path, err, sizeof err);
    CHECK(f != NULL);
    fputs("partial", f);
    fflush(f);
    CHECK(access(path, F_OK) != 0); /* nothing under the final name yet */
    CHECK_EQ_INT(count_temps(dir_), 1);
    CHECK_EQ_INT(afile_commit(&a, err, sizeof err), 0);
    CHECK(access(path, F_OK) == 0);
    CHECK_EQ_INT(count_temps(dir_), 0);
    /* abort leaves the old file untouched */
    f = afile_open(&a, path, err, sizeof err);
    fputs("other", f);
    afile_abort(&a);
    FILE *r = fopen(path, "r");
    char buf[32] = "";
    CHECK(r && fgets(buf, sizeof buf, r) && !strcmp(buf, "partial"));
    if (r)
        fclose(r);
    CHECK_EQ_INT(count_temps(dir_), 0);
    CHECK(afile_is_temp_name(".x.json.tmp.123") && !afile_is_temp_name("x.json"));
    /* an unwritable place is an error naming it */
    CHECK(afile_open(&a, "/nonexistent/dir/x", err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "/nonexistent/dir/");
}

TEST(point_roundtrip_and_matching)
{
    char path[128], err[512];
    snprintf(path, sizeof path, "%s/p.json", dir_);
    const char *v1[] = { "gto" }, *v2[] = { "lrr" };
    struct sweep_point_id id = id_for("vecadd", v1);
    ccgpu *gpu = vecadd_gpu();
    CHECK(gpu != NULL);
    CHECK_EQ_INT(sweep_point_write(path, &id, 1, "", 0.5, gpu, err, sizeof err), 0);
    ccgpu_destroy(gpu);
    CHECK_EQ_INT(count_temps(dir_), 0);
    struct json *j;
    CHECK_EQ_INT(sweep_point_read(path, &id, &j, err, sizeof err), SWEEP_POINT_MATCH);
    CHECK(j && sweep_point_passed(j));
    const struct json *tot = sweep_point_totals(j);
    CHECK(tot && json_get(tot, "warp_instructions") &&
          !strcmp(json_get(tot, "warp_instructions")->text, "0"));
    json_free(j);
    /* each identity field matters */
    struct sweep_point_id other = id_for("vecadd", v2);
    CHECK_EQ_INT(sweep_point_read(path, &other, &j, err, sizeof err), SWEEP_POINT_STALE);
    CHECK_STR_CONTAINS(err, "different parameters");
    other = id;
    other.seed = 1;
    CHECK_EQ_INT(sweep_point_read(path, &other, &j, err, sizeof err), SWEEP_POINT_STALE);
    CHECK_STR_CONTAINS(err, "different seed");
    other = id;
    other.size = "medium";
    CHECK_EQ_INT(sweep_point_read(path, &other, &j, err, sizeof err), SWEEP_POINT_STALE);
    other = id;
    other.bench = "bfs";
    CHECK_EQ_INT(sweep_point_read(path, &other, &j, err, sizeof err), SWEEP_POINT_STALE);
    other = id;
    other.nbase = 0;
    CHECK_EQ_INT(sweep_point_read(path, &other, &j, err, sizeof err), SWEEP_POINT_STALE);
    CHECK_STR_CONTAINS(err, "base configuration");
    other = id;
    other.input = "in.txt";
    CHECK_EQ_INT(sweep_point_read(path, &other, &j, err, sizeof err), SWEEP_POINT_STALE);
    CHECK(j == NULL);
    /* a failed point without statistics */
    CHECK_EQ_INT(sweep_point_write(path, &id, 0, "kernel \"k\": boom", 0, NULL, err, sizeof err), 0);
    CHECK_EQ_INT(sweep_point_read(path, &id, &j, err, sizeof err), SWEEP_POINT_MATCH);
    CHECK(j && !sweep_point_passed(j) && sweep_point_totals(j) == NULL);
    CHECK(j && !strcmp(json_str(json_get(j, "error")), "kernel \"k\": boom"));
    json_free(j);
    snprintf(path, sizeof path, "%s/none.json", dir_);
    CHECK_EQ_INT(sweep_point_read(path, &id, &j, err, sizeof err), SWEEP_POINT_MISSING);
}

static void write_text(const char *path, const char *text, size_t n)
{
    FILE *f = fopen(path, "w");
    fwrite(text, 1, n, f);
    fclose(f);
}

TEST(malformed_point_files)
{
    char path[128], err[512];
    snprintf(path, sizeof path, "%s/m.json", dir_);
    const char *v[] = { "gto" };
    struct sweep_point_id id = id_for("vecadd", v);
    ccgpu *gpu = vecadd_gpu();
    sweep_point_write(path, &id, 1, "", 0.5, gpu, err, sizeof err);
    ccgpu_destroy(gpu);
    FILE *f = fopen(path, "r");
    static char full[8192];
    size_t n = fread(full, 1, sizeof full - 1, f);
    fclose(f);
    full[n] = '\0';
    struct json *j;
    /* every truncation is reported as bad, never taken for a result */
    int bad = 0;
    for (size_t cut = 0; cut < n - 1; cut += 7) {
        write_text(path, full, cut);
        bad += sweep_point_read(path, &id, &j, err, sizeof err) == SWEEP_POINT_BAD;
        json_free(j);
    }
    CHECK_EQ_INT(bad, (int)((n - 2) / 7 + 1));
    write_text(path, full, n / 2);
    CHECK_EQ_INT(sweep_point_read(path, &id, &j, err, sizeof err), SWEEP_POINT_BAD);
    CHECK_STR_CONTAINS(err, "m.json: byte");
    write_text(path, "{\"format\": \"other\"}", 19);
    CHECK_EQ_INT(sweep_point_read(path, &id, &j, err, sizeof err), SWEEP_POINT_BAD);
    CHECK_STR_CONTAINS(err, "not a sweep point file");
    /* well-formed JSON with a wrong field type */
    char *p = strstr(full, "\"status\": \"PASS\"");
    CHECK(p != NULL);
    if (p) {
        memcpy(p, "\"status\": \"MAYB\"", 16);
        write_text(path, full, n);
        CHECK_EQ_INT(sweep_point_read(path, &id, &j, err, sizeof err), SWEEP_POINT_BAD);
        CHECK_STR_CONTAINS(err, "status");
    }
}

TEST(results_csv_quotes_values)
{
    struct sweep_param prm;
    char err[512], pointsdir[128], csvpath[128];
    CHECK_EQ_INT(sweep_param_parse("k=a\\,b,say \"x\",plain", &prm, err, sizeof err), 0);
    const char *benches[] = { "vecadd" };
    struct sweep_plan pl;
    sweep_plan_init(&pl, benches, 1, &prm, 1, err, sizeof err);
    snprintf(pointsdir, sizeof pointsdir, "%s/pts", dir_);
    mkdir(pointsdir, 0777);
    char *files[3];
    ccgpu *gpu = vecadd_gpu();
    for (long i = 0; i < pl.npoints; i++) {
        char name[300];
        sweep_plan_filename(&pl, i, name, sizeof name);
        files[i] = malloc(strlen(pointsdir) + strlen(name) + 2);
        sprintf(files[i], "%s/%s", pointsdir, name);
        const char *val[] = { prm.values[i] };
        struct sweep_point_id id = id_for("vecadd", val);
        CHECK_EQ_INT(sweep_point_write(files[i], &id, i != 1, i == 1 ? "bad" : "", 0, gpu, err,
                                       sizeof err), 0);
    }
    ccgpu_destroy(gpu);
    snprintf(csvpath, sizeof csvpath, "%s/results.csv", dir_);
    const char *stats[] = { "warp_instructions", "nonexistent" };
    CHECK_EQ_INT(sweep_results_write(&pl, files, stats, 2, NULL, 0, 100, csvpath, stdout, err,
                                     sizeof err), 0);
    FILE *f = fopen(csvpath, "r");
    char text[1024] = "";
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    text[n] = '\0';
    if (f)
        fclose(f);
    CHECK(!strcmp(text, "bench,k,status,warp_instructions,nonexistent\n"
                        "vecadd,\"a,b\",PASS,0,\n"
                        "vecadd,\"say \"\"x\"\"\",FAIL,0,\n"
                        "vecadd,plain,PASS,0,\n"));
    /* the default columns: every statistic common to all points, capped */
    CHECK_EQ_INT(sweep_results_write(&pl, files, NULL, 0, NULL, 0, 3, csvpath, stdout, err,
                                     sizeof err), 0);
    struct csv_table t;
    CHECK_EQ_INT(csv_read_file(csvpath, &t, err, sizeof err), 0);
    CHECK_EQ_INT(t.ncols, 3 + 3);
    CHECK_EQ_INT(t.nrows, 3);
    CHECK(t.nrows == 3 && !strcmp(t.rows[1][1], "say \"x\""));
    csv_free(&t);
    CHECK_EQ_INT(count_temps(dir_), 0);
    /* a point file gone bad is an error naming it */
    write_text(files[2], "{", 1);
    CHECK_EQ_INT(sweep_results_write(&pl, files, stats, 1, NULL, 0, 100, csvpath, stdout, err,
                                     sizeof err), -1);
    CHECK_STR_CONTAINS(err, "k=plain.json");
    for (int i = 0; i < 3; i++) {
        remove(files[i]);
        free(files[i]);
    }
    rmdir(pointsdir);
    sweep_param_free(&prm);
}

int main(void)
{
    snprintf(dir_, sizeof dir_, "/tmp/ccgpu954.XXXXXX");
    if (!mkdtemp(dir_)) {
        printf("cannot make a temporary folder\n");
        return 1;
    }
    RUN(atomic_write);
    RUN(point_roundtrip_and_matching);
    RUN(malformed_point_files);
    RUN(results_csv_quotes_values);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir_);
    if (system(cmd) != 0)
        printf("  could not remove %s\n", dir_);
    return check_summary();
}
