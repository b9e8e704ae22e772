/* Sweeps beyond one machine, without a Slurm: the sbatch script of
 * `sweep --slurm` (whole text), its --array lists, the values an #SBATCH
 * line can hold, shell quoting; reading squeue and sacct output; running
 * a program for its output; the worker pool behind --jobs; the temporary
 * files a Slurm task may remove. */
#include "check.h"
#include "sweep/afile.h"
#include "sweep/command_output.h"
#include "sweep/slurm_queue.h"
#include "sweep/slurm_script.h"
#include "sweep/workers.h"
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static char *script_text(const struct slurm_script *sc)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    slurm_script_write(f, sc);
    fclose(f);
    return text;
}

TEST(script_text)
{
    const char *args[] = { "bfs,kmeans", "--param", "gpgpu_scheduler=swl:1..8", "--out", "out/swl",
                           "-o", "it's=a b" };
    struct slurm_script sc = {
        .exe = "/opt/ccgpu/build/ccgpu", .cwd = "/home/me/my study", .args = args, .nargs = 7,
        .log_dir = "/home/me/out/swl/slurm", .array = "0-3,7", .npoints = 16, .ntodo = 9,
        .chunk = 2, .cpus = 1, .time = "1:00:00",
    };
    char *text = script_text(&sc);
    CHECK(text && !strcmp(text,
        "#!/bin/bash\n"
        "# ccgpu sweep as a Slurm job array, written by `ccgpu sweep --slurm`.\n"
        "# 16 points, 9 of them to run, in chunks of 2: array task T runs\n"
        "# points T*2 .. T*2+1 into the same output folder. A point already\n"
        "# written is skipped, so a requeued or resubmitted task runs only what\n"
        "# is missing; results.csv: the same sweep command with --collect.\n"
        "#SBATCH --job-name=ccgpu-sweep\n"
        "#SBATCH --array=0-3,7\n"
        "#SBATCH --output=/home/me/out/swl/slurm/task-%A_%a.out\n"
        "#SBATCH --open-mode=append\n"
        "#SBATCH --requeue\n"
        "#SBATCH --ntasks=1\n"
        "#SBATCH --cpus-per-task=1\n"
        "#SBATCH --time=1:00:00\n"
        "cd '/home/me/my study' || exit 1\n"
        "exec '/opt/ccgpu/build/ccgpu' sweep 'bfs,kmeans' '--param' 'gpgpu_scheduler=swl:1..8' "
        "'--out' 'out/swl' '-o' 'it'\\''s=a b' --chunk 2 --task \"$SLURM_ARRAY_TASK_ID\"\n"));
    free(text);
    /* partition and memory when given; CPUs from --jobs */
    sc.partition = "gpu";
    sc.mem = "4G";
    sc.time = NULL;
    sc.cpus = 4;
    text = script_text(&sc);
    CHECK_STR_CONTAINS(text, "#SBATCH --cpus-per-task=4\n#SBATCH --partition=gpu\n#SBATCH --mem=4G\ncd ");
    CHECK(text && !strstr(text, "--time"));
    free(text);
}

TEST(array_spec)
{
    struct { const char *todo; const char *want; } cases[] = {
        { "1111", "0-3" }, { "1000", "0" }, { "0001", "3" }, { "10101", "0,2,4" },
        { "0110111", "1-2,4-6" }, { "0000", "" }, { "1101", "0-1,3" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        size_t n = strlen(cases[k].todo);
        char todo[16];
        for (size_t t = 0; t < n; t++)
            todo[t] = cases[k].todo[t] == '1';
        char *spec = slurm_array_spec(todo, (long)n);
        CHECK(spec && !strcmp(spec, cases[k].want));
        free(spec);
    }
    /* many chunks: every other one, the buffer grows */
    enum { N = 5001 };
    char *todo = calloc(N, 1);
    for (int t = 0; t < N; t += 2)
        todo[t] = 1;
    char *spec = slurm_array_spec(todo, N);
    CHECK(spec && !strncmp(spec, "0,2,4,", 6) && strlen(spec) > 10000 &&
          !strcmp(spec + strlen(spec) - 10, ",4998,5000"));
    free(spec);
    free(todo);
}

TEST(sbatch_values)
{
    CHECK(slurm_sbatch_value_ok("1-00:00:00") && slurm_sbatch_value_ok("/scratch/me/out/slurm"));
    CHECK(slurm_sbatch_value_ok("16G") && slurm_sbatch_value_ok("gpu,long"));
    CHECK(!slurm_sbatch_value_ok("") && !slurm_sbatch_value_ok(NULL));
    CHECK(!slurm_sbatch_value_ok("/my dir") && !slurm_sbatch_value_ok("a\tb"));
    CHECK(!slurm_sbatch_value_ok("x'y") && !slurm_sbatch_value_ok("x\"y"));
    CHECK(!slurm_sbatch_value_ok("/out/100%") && !slurm_sbatch_value_ok("a\\b"));
    CHECK(!slurm_sbatch_value_ok("a\nb"));
}

TEST(squeue_and_sacct_lines)
{
    struct slurm_task *t;
    int n = slurm_tasks_parse("123_0 RUNNING\n123_4 PENDING\n123_[5-7,9%2] PENDING\n"
                              "99 RUNNING\n"
                              "slurm_load_jobs error: Invalid job id specified\n"
                              "124_1 COMPLETING", ' ', &t);
    CHECK_EQ_INT(n, 7);
    if (n == 7) {
        CHECK(t[0].job == 123 && t[0].task == 0 && !strcmp(t[0].state, "RUNNING"));
        CHECK(t[1].task == 4 && !strcmp(t[1].state, "PENDING"));
        CHECK(t[2].task == 5 && t[3].task == 6 && t[4].task == 7 && t[5].task == 9);
        CHECK(!strcmp(t[5].state, "PENDING"));
        CHECK(t[6].job == 124 && t[6].task == 1 && !strcmp(t[6].state, "COMPLETING"));
    }
    free(t);
    /* sacct -X -n -P -o JobID,State: '|', "CANCELLED by 0", steps skipped */
    n = slurm_tasks_parse("7_0|COMPLETED\n7_1|CANCELLED by 0\n7_1.batch|CANCELLED\n7_2|TIMEOUT\n"
                          "7_[3-4]|PENDING\n", '|', &t);
    CHECK_EQ_INT(n, 5);
    if (n == 5) {
        CHECK(t[1].task == 1 && !strcmp(t[1].state, "CANCELLED"));
        CHECK(t[2].task == 2 && !strcmp(t[2].state, "TIMEOUT"));
        CHECK(t[4].task == 4 && !strcmp(t[4].state, "PENDING"));
    }
    free(t);
    CHECK_EQ_INT(slurm_tasks_parse("", ' ', &t), 0);
    free(t);
    CHECK_EQ_INT(slurm_task_classify("RUNNING"), SLURM_TASK_RUNNING);
    CHECK_EQ_INT(slurm_task_classify("COMPLETING"), SLURM_TASK_RUNNING);
    CHECK_EQ_INT(slurm_task_classify("PENDING"), SLURM_TASK_QUEUED);
    CHECK_EQ_INT(slurm_task_classify("REQUEUED"), SLURM_TASK_QUEUED);
    CHECK_EQ_INT(slurm_task_classify("COMPLETED"), SLURM_TASK_ENDED);
    CHECK_EQ_INT(slurm_task_classify("TIMEOUT"), SLURM_TASK_FAILED);
    CHECK_EQ_INT(slurm_task_classify("OUT_OF_MEMORY"), SLURM_TASK_FAILED);
    CHECK_EQ_INT(slurm_task_classify("CANCELLED"), SLURM_TASK_FAILED);
}

TEST(program_output)
{
    const char *sh[] = { "sh", "-c", "echo out; echo err >&2; exit 3", NULL };
    char *out, err[256];
    int status;
    CHECK_EQ_INT(command_output(sh, 1, &out, &status, err, sizeof err), 0);
    CHECK(out && !strcmp(out, "out\nerr\n"));
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 3);
    free(out);
    const char *cat[] = { "cat", NULL }; /* stdin is /dev/null: no wait */
    CHECK_EQ_INT(command_output(cat, 0, &out, &status, err, sizeof err), 0);
    CHECK(out && !strcmp(out, "") && WIFEXITED(status) && WEXITSTATUS(status) == 0);
    free(out);
    const char *none[] = { "ccgpu-no-such-program", NULL };
    CHECK_EQ_INT(command_output(none, 0, &out, &status, err, sizeof err), -1);
    CHECK(out == NULL);
    CHECK_STR_CONTAINS(err, "ccgpu-no-such-program: not found on PATH");
}

struct pool_ctx {
    long results[20];
    int started, done;
};

static int square(void *ctx, long i, int fd)
{
    long v = i * i;
    (void)ctx;
    if (i == 7)
        _exit(9); /* a worker that dies sends nothing */
    return workers_send(fd, &v, sizeof v) == 0 ? 0 : 1;
}

static int collect(void *ctx, long i, int status, const void *result, size_t len)
{
    struct pool_ctx *c = ctx;
    c->done++;
    if (i == 7)
        c->results[i] = WIFEXITED(status) ? -WEXITSTATUS(status) : 0;
    else if (len == sizeof(long))
        memcpy(&c->results[i], result, len);
    return i == 15 ? 5 : 0; /* stops the pool */
}

static void count_start(void *ctx, long i)
{
    (void)i;
    ((struct pool_ctx *)ctx)->started++;
}

TEST(worker_pool)
{
    const struct workers_ops ops = { .work = square, .done = collect, .starting = count_start };
    struct pool_ctx c = { { 0 }, 0, 0 };
    char todo[20], err[128];
    for (int i = 0; i < 20; i++)
        todo[i] = i != 3; /* job 3 is not run */
    fflush(stdout);
    CHECK_EQ_INT(workers_run(&ops, &c, 12, todo, 3, err, sizeof err), 0);
    CHECK_EQ_INT(c.started, 11);
    CHECK_EQ_INT(c.done, 11);
    CHECK(c.results[2] == 4 && c.results[11] == 121 && c.results[3] == 0);
    CHECK_EQ_INT(c.results[7], -9);
    /* done() stops the pool: its value comes back, no job runs after */
    memset(&c, 0, sizeof c);
    CHECK_EQ_INT(workers_run(&ops, &c, 20, NULL, 1, err, sizeof err), 5);
    CHECK_EQ_INT(c.done, 16);
    CHECK(c.results[15] == 225 && c.results[16] == 0);
    /* more than a pipe's atomic write is refused */
    char big[WORKERS_RESULT_MAX + 1];
    CHECK_EQ_INT(workers_send(1, big, sizeof big), -1);
}

TEST(task_temporaries)
{
    CHECK(afile_is_temp_of(".bfs__k=1.json.tmp.123", "bfs__k=1.json"));
    CHECK(!afile_is_temp_of(".bfs__k=1.json.tmp.123", "bfs__k=10.json"));
    CHECK(!afile_is_temp_of(".bfs__k=10.json.tmp.123", "bfs__k=1.json"));
    CHECK(!afile_is_temp_of("bfs__k=1.json", "bfs__k=1.json"));
    CHECK(!afile_is_temp_of(".results.csv.tmp.9", "bfs__k=1.json"));
}

int main(void)
{
    RUN(script_text);
    RUN(array_spec);
    RUN(sbatch_values);
    RUN(squeue_and_sacct_lines);
    RUN(program_output);
    RUN(worker_pool);
    RUN(task_temporaries);
    return check_summary();
}
