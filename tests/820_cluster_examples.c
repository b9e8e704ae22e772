/* cuda/examples on the functional engine: every redirected and agent-based
 * form writes exactly the original kernel's output, for 1, 4 and 15 SMs, with
 * more clusters than SMs, one cluster, fewer agents than SMs (SMs with no
 * agent), a single agent, and throttling. */
#include "ccgpu.h"
#include "check.h"
#include "cta/cluster_examples.h"
#include "util/embedded.h"

static void run(const char *name)
{
    static const uint32_t sms[] = { 1, 4, 15 };
    for (int i = 0; i < 3; i++) {
        int runs = 0, bad = 0;
        char err[512] = "";
        int rc = cluster_examples_run(name, sms[i], NULL, &runs, &bad, err, sizeof err);
        if (rc)
            printf("  %s\n", err);
        CHECK_EQ_INT(rc, 0);
        CHECK(runs >= 7);
        CHECK_EQ_INT(bad, 0);
    }
}

TEST(mm) { run("mm"); }
TEST(kmeans) { run("kmeans"); }
TEST(syrk) { run("syrk"); }
TEST(atax) { run("atax"); }

TEST(unknown_example)
{
    int runs = 0, bad = 0;
    char err[256];
    CHECK(cluster_examples_run("nope", 2, NULL, &runs, &bad, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "no example 'nope'");
}

/* negative control: an agent launch whose workspace was not zeroed skips
 * CTAs, and the poisoned output shows it (the comparison can fail) */
TEST(unzeroed_workspace_is_detected)
{
    char err[256];
    ccgpu_config *cfg = ccgpu_config_new();
    ccgpu_config_set(cfg, "ccgpu_mode", "functional");
    ccgpu *gpu = ccgpu_create(cfg, err, sizeof err);
    ccgpu_config_free(cfg);
    CHECK(gpu != NULL);
    if (!gpu)
        return;
    ccgpu_module *m = ccgpu_module_load_string(gpu, embedded_find("cuda/examples/atax.ptx"), "atax");
    CHECK(m != NULL);
    enum { NX = 128, NY = 16 };
    static float a[NX * NY], x[NY], tmp[NX];
    for (int i = 0; i < NX * NY; i++)
        a[i] = 1.0f;
    for (int j = 0; j < NY; j++)
        x[j] = 1.0f;
    ccgpu_devptr da = 0, dx = 0, dt = 0, ws = 0;
    ccgpu_malloc(gpu, &da, sizeof a);
    ccgpu_malloc(gpu, &dx, sizeof x);
    ccgpu_malloc(gpu, &dt, sizeof tmp);
    ccgpu_malloc(gpu, &ws, 2 * 15 * 4);
    ccgpu_memcpy_htod(gpu, da, a, sizeof a);
    ccgpu_memcpy_htod(gpu, dx, x, sizeof x);
    ccgpu_memset(gpu, dt, 0, sizeof tmp);
    uint32_t stale[30] = { 0 };
    for (int i = 15; i < 30; i++)
        stale[i] = 1; /* every cluster's first place looks taken */
    ccgpu_memcpy_htod(gpu, ws, stale, sizeof stale);
    int nx = NX, ny = NY;
    uint32_t gx = NX / 32, gy = 1, mm = 15, mode = 0, tw = 1, th = 1, active = 2;
    void *args[] = { &dt, &da, &dx, &nx, &ny, &gx, &gy, &mm, &mode, &tw, &th, &ws, &active };
    CHECK_EQ_INT(ccgpu_launch(gpu, m, "atax1_agent", (struct ccgpu_dim3){ 60, 1, 1 },
                              (struct ccgpu_dim3){ 32, 1, 1 }, 0, args, 13), 0);
    ccgpu_memcpy_dtoh(gpu, tmp, dt, sizeof tmp);
    int zero = 0;
    for (int i = 0; i < NX; i++)
        zero += tmp[i] == 0.0f;
    CHECK(zero > 0); /* some rows never computed */
    ccgpu_destroy(gpu);
}

int main(void)
{
    RUN(mm);
    RUN(kmeans);
    RUN(syrk);
    RUN(atax);
    RUN(unknown_example);
    RUN(unzeroed_workspace_is_detected);
    return check_summary();
}
