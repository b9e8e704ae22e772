/* Runs the kernels of cuda/examples/ on the functional engine in original,
 * redirected and agent-clustered form, with several SM counts, cluster counts,
 * agent counts (fewer agents than SMs included) and throttling limits, and
 * checks every clustered run writes exactly the original's output. The
 * original's output is also checked against a CPU reference. */
#include "cta/cluster_examples.h"
#include "ccgpu.h"
#include "gpu/config.h"
#include "util/embedded.h"
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { CCL_Y = 0, CCL_X = 1, CCL_TILE = 2 }; /* CCL_INDEX_* in the header */

struct ex {
    ccgpu *gpu;
    ccgpu_module *mod;
    uint32_t sms;
    ccgpu_devptr ws; /* agent workspace, 2 * max clusters words */
    FILE *log;
    char *err;
    size_t errlen;
    int runs, mismatches;
    int timing; /* timing-model run: statistics per launch */
    int large;  /* the larger inputs */
    void *bufs[16]; /* host buffers of the running example, freed after it */
    int nbufs;
};

/* one clustered configuration */
struct variant {
    const char *suffix; /* "_redirect", "_agent", "_agent_bypass" ... */
    uint32_t mode, tw, th;
    uint32_t clusters; /* 0 = number of SMs */
    uint32_t agents;   /* agents launched; 0 = SMs x 4 */
    uint32_t active;   /* active agents per SM */
};

static int ex_fail(struct ex *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void ex_stats(struct ex *e, const char *kernel, const char *form);

static int ex_fail(struct ex *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->err, e->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* zeroed host buffer owned by e (freed when the example ends) */
static void *ex_mem(struct ex *e, size_t bytes)
{
    void *p = e->nbufs < 16 ? calloc(1, bytes) : NULL;
    if (!p) {
        ex_fail(e, "out of memory");
        return NULL;
    }
    e->bufs[e->nbufs++] = p;
    return p;
}

static int ex_alloc(struct ex *e, ccgpu_devptr *p, const void *host, size_t bytes)
{
    if (ccgpu_malloc(e->gpu, p, bytes) ||
        (host ? ccgpu_memcpy_htod(e->gpu, *p, host, bytes) : ccgpu_memset(e->gpu, *p, 0, bytes)))
        return ex_fail(e, "%s", ccgpu_error(e->gpu));
    return 0;
}

/* Launches base+suffix with the original arguments plus the clustering ones.
 * Redirected kernels keep the original grid; agent kernels get v->agents CTAs. */
static int ex_launch(struct ex *e, const char *base, const struct variant *v,
                     struct ccgpu_dim3 grid, struct ccgpu_dim3 block, void **args, int nargs)
{
    char name[96];
    snprintf(name, sizeof name, "%s%s", base, v ? v->suffix : "_original");
    if (!v) {
        if (ccgpu_launch(e->gpu, e->mod, name, grid, block, 0, args, nargs))
            return ex_fail(e, "%s", ccgpu_error(e->gpu));
        if (e->timing && e->log)
            ex_stats(e, base, "original");
        return 0;
    }
    uint32_t gx = grid.x, gy = grid.y, m = v->clusters ? v->clusters : e->sms;
    uint32_t mode = v->mode, tw = v->tw ? v->tw : 1, th = v->th ? v->th : 1;
    uint32_t active = v->active;
    ccgpu_devptr ws = e->ws;
    void *all[24];
    int n = 0;
    for (int i = 0; i < nargs && n < 16; i++)
        all[n++] = args[i];
    all[n++] = &gx;
    all[n++] = &gy;
    all[n++] = &m;
    all[n++] = &mode;
    all[n++] = &tw;
    all[n++] = &th;
    int agent = strstr(v->suffix, "agent") != NULL;
    struct ccgpu_dim3 g = grid;
    if (agent) {
        all[n++] = &ws;
        all[n++] = &active;
        g = (struct ccgpu_dim3){ v->agents ? v->agents : e->sms * 4, 1, 1 };
        if (ccgpu_memset(e->gpu, e->ws, 0, 2 * sizeof(uint32_t) * m))
            return ex_fail(e, "%s", ccgpu_error(e->gpu));
    }
    if (ccgpu_launch(e->gpu, e->mod, name, g, block, 0, all, n))
        return ex_fail(e, "%s", ccgpu_error(e->gpu));
    return 0;
}

/* timing runs: the last launch's cycles, L1 hits / misses and L1-to-L2 reads */
static void ex_stats(struct ex *e, const char *kernel, const char *form)
{
    static const char *const names[] = { "cycles", "l1d.hits", "l1d.misses", "mem.reads" };
    int k = ccgpu_num_kernels(e->gpu) - 1;
    fprintf(e->log, "  %-8s %-30s", kernel, form);
    for (int i = 0; i < 4; i++) {
        double v = 0;
        if (ccgpu_stat(e->gpu, names[i], k, &v) == 0)
            fprintf(e->log, " %12.0f", v);
        else
            fprintf(e->log, " %12s", "-");
    }
    fputc('\n', e->log);
}

/* runs one variant and compares the output buffer with ref; init (or NULL)
 * is the output buffer's initial content for kernels that read it */
static int ex_check(struct ex *e, const char *base, const struct variant *v,
                    struct ccgpu_dim3 grid, struct ccgpu_dim3 block, void **args, int nargs,
                    ccgpu_devptr out, const void *init, const void *ref, size_t bytes,
                    void *scratch)
{
    /* else poison the output so a CTA that never ran shows up */
    if (init ? ccgpu_memcpy_htod(e->gpu, out, init, bytes) : ccgpu_memset(e->gpu, out, 0xA5, bytes))
        return ex_fail(e, "%s", ccgpu_error(e->gpu));
    if (ex_launch(e, base, v, grid, block, args, nargs))
        return -1;
    if (ccgpu_memcpy_dtoh(e->gpu, scratch, out, bytes))
        return ex_fail(e, "%s", ccgpu_error(e->gpu));
    int same = memcmp(scratch, ref, bytes) == 0;
    e->runs++;
    e->mismatches += !same;
    if (e->timing && e->log) {
        char form[64];
        snprintf(form, sizeof form, "%s (%s, %u active)%s", v->suffix + 1,
                 v->mode == CCL_X ? "x" : v->mode == CCL_TILE ? "tile" : "y", v->active,
                 same ? "" : " DIFFERENT");
        if (!strstr(v->suffix, "agent"))
            snprintf(form, sizeof form, "%s (%s)%s", v->suffix + 1,
                     v->mode == CCL_X ? "x" : v->mode == CCL_TILE ? "tile" : "y",
                     same ? "" : " DIFFERENT");
        ex_stats(e, base, form);
    } else if (e->log || !same) {
        static const char *const modes[] = { "y", "x", "tile" };
        FILE *f = e->log ? e->log : stderr;
        fprintf(f, "  %-22s SMs %-3u clusters %-3u index %-4s agents %-3u active %-2u  %s\n",
                v ? v->suffix + 1 : "original", e->sms, v && v->clusters ? v->clusters : e->sms,
                v ? modes[v->mode] : "-",
                v && strstr(v->suffix, "agent") ? (v->agents ? v->agents : e->sms * 4) : 0,
                v && strstr(v->suffix, "agent") ? v->active : 0, same ? "identical" : "DIFFERENT");
    }
    return 0;
}

static int close_enough(const float *a, const float *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!(fabsf(a[i] - b[i]) <= 1e-4f * (1.0f + fabsf(b[i]))))
            return 0;
    return 1;
}

static float ex_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return (float)(z >> 40) / (float)(1u << 24) - 0.5f;
}

/* the variants every example runs, for an e->sms-SM GPU */
static uint32_t ex_variants(const struct ex *e, const char *agent_suffix, int two_d, int xpart,
                            struct variant *v)
{
    uint32_t n = 0, s = e->sms;
    if (e->timing) { /* the paper's forms: RD, CLU, CLU+TOT */
        uint32_t mode = xpart ? CCL_X : CCL_Y; /* the paper's partition (Table 2) */
        v[n++] = (struct variant){ "_redirect", mode, 0, 0, 0, 0, 0 };
        v[n++] = (struct variant){ agent_suffix, mode, 0, 0, 0, s * 8, 64 };
        v[n++] = (struct variant){ agent_suffix, mode, 0, 0, 0, s * 8, 2 };
        v[n++] = (struct variant){ agent_suffix, mode, 0, 0, 0, s * 8, 1 };
        return n;
    }
    v[n++] = (struct variant){ "_redirect", CCL_Y, 0, 0, 0, 0, 0 };
    v[n++] = (struct variant){ "_redirect", CCL_X, 0, 0, s + 3, 0, 0 };
    v[n++] = (struct variant){ agent_suffix, CCL_Y, 0, 0, 0, 0, 2 };
    v[n++] = (struct variant){ agent_suffix, CCL_X, 0, 0, 0, 0, 1 };        /* throttled */
    v[n++] = (struct variant){ agent_suffix, CCL_Y, 0, 0, 0, s > 1 ? s / 2 : 1, 4 }; /* SMs without agents */
    v[n++] = (struct variant){ agent_suffix, CCL_Y, 0, 0, 2 * s + 1, 1, 1 }; /* one agent, many clusters */
    v[n++] = (struct variant){ agent_suffix, CCL_X, 0, 0, 1, 0, 3 };         /* one cluster */
    if (two_d) {
        v[n++] = (struct variant){ "_redirect", CCL_TILE, 2, 2, 0, 0, 0 };
        v[n++] = (struct variant){ agent_suffix, CCL_TILE, 3, 2, 0, 0, 2 };
    }
    return n;
}

/* ---- matrix multiply -------------------------------------------------------- */
static int ex_mm(struct ex *e)
{
    const int HA = e->large ? 256 : 72, WA = e->large ? 256 : 40, WB = e->large ? 256 : 88;
    const int T = 16;
    float *a = ex_mem(e, sizeof(float) * HA * WA), *b = ex_mem(e, sizeof(float) * WA * WB);
    float *ref = ex_mem(e, sizeof(float) * HA * WB), *got = ex_mem(e, sizeof(float) * HA * WB);
    float *cpu = ex_mem(e, sizeof(float) * HA * WB);
    if (!a || !b || !ref || !got || !cpu)
        return -1;
    size_t sa = sizeof(float) * HA * WA, sb = sizeof(float) * WA * WB, sc = sizeof(float) * HA * WB;
    uint64_t seed = 11;
    for (int i = 0; i < HA * WA; i++)
        a[i] = ex_rand(&seed);
    for (int i = 0; i < WA * WB; i++)
        b[i] = ex_rand(&seed);
    for (int r = 0; r < HA; r++)
        for (int c = 0; c < WB; c++) {
            float acc = 0;
            for (int k = 0; k < WA; k++)
                acc += a[r * WA + k] * b[k * WB + c];
            cpu[r * WB + c] = acc;
        }
    ccgpu_devptr da, db, dc;
    if (ex_alloc(e, &da, a, sa) || ex_alloc(e, &db, b, sb) ||
        ex_alloc(e, &dc, NULL, sc))
        return -1;
    int ha = HA, wa = WA, wb = WB;
    void *args[] = { &dc, &da, &db, &ha, &wa, &wb };
    struct ccgpu_dim3 grid = { (WB + T - 1) / T, (HA + T - 1) / T, 1 }, block = { T, T, 1 };
    if (ex_launch(e, "mm", NULL, grid, block, args, 6) || ccgpu_memcpy_dtoh(e->gpu, ref, dc, sc))
        return -1;
    if (!close_enough(ref, cpu, HA * WB))
        return ex_fail(e, "mm_original disagrees with the CPU reference");
    struct variant v[16];
    uint32_t nv = ex_variants(e, "_agent", 1, 0, v);
    for (uint32_t i = 0; i < nv; i++)
        if (ex_check(e, "mm", &v[i], grid, block, args, 6, dc, NULL, ref, sc, got))
            return -1;
    return 0;
}

/* ---- k-means assignment -------------------------------------------------------- */
static int ex_kmeans(struct ex *e)
{
    const int NP = e->large ? 16384 : 1000, NF = e->large ? 34 : 8, NC = 5;
    const int B = e->large ? 256 : 64;
    float *feat = ex_mem(e, sizeof(float) * NF * NP), *cent = ex_mem(e, sizeof(float) * NC * NF);
    int *ref = ex_mem(e, sizeof(int) * NP), *got = ex_mem(e, sizeof(int) * NP);
    if (!feat || !cent || !ref || !got)
        return -1;
    size_t sf = sizeof(float) * NF * NP, scn = sizeof(float) * NC * NF, sr = sizeof(int) * NP;
    uint64_t seed = 23;
    for (int i = 0; i < NF * NP; i++)
        feat[i] = ex_rand(&seed);
    for (int i = 0; i < NC * NF; i++)
        cent[i] = ex_rand(&seed);
    ccgpu_devptr df, dcn, dm;
    if (ex_alloc(e, &df, feat, sf) || ex_alloc(e, &dcn, cent, scn) ||
        ex_alloc(e, &dm, NULL, sr))
        return -1;
    int np = NP, nf = NF, nc = NC;
    void *args[] = { &dm, &df, &dcn, &np, &nf, &nc };
    struct ccgpu_dim3 grid = { (NP + B - 1) / B, 1, 1 }, block = { B, 1, 1 };
    if (ex_launch(e, "kmeans", NULL, grid, block, args, 6) ||
        ccgpu_memcpy_dtoh(e->gpu, ref, dm, sr))
        return -1;
    for (int p = 0; p < NP; p++) {
        int best = 0;
        float bd = 3.0e38f;
        for (int c = 0; c < NC; c++) {
            float d = 0;
            for (int f = 0; f < NF; f++) {
                float x = feat[f * NP + p] - cent[c * NF + f];
                d += x * x;
            }
            if (d < bd) {
                bd = d;
                best = c;
            }
        }
        if (best != ref[p])
            return ex_fail(e, "kmeans_original: point %d assigned %d, CPU says %d", p, ref[p],
                           best);
    }
    struct variant v[16];
    uint32_t nv = ex_variants(e, "_agent", 0, 1, v);
    v[nv++] = (struct variant){ "_agent_bypass", CCL_X, 0, 0, 0, 0, 2 };
    for (uint32_t i = 0; i < nv; i++)
        if (ex_check(e, "kmeans", &v[i], grid, block, args, 6, dm, NULL, ref, sr, got))
            return -1;
    return 0;
}

/* ---- SYRK ---------------------------------------------------------------------- */
static int ex_syrk(struct ex *e)
{
    const int N = e->large ? 256 : 70, M = e->large ? 128 : 24;
    float *a = ex_mem(e, sizeof(float) * N * M), *c0 = ex_mem(e, sizeof(float) * N * N);
    float *ref = ex_mem(e, sizeof(float) * N * N), *got = ex_mem(e, sizeof(float) * N * N);
    float *cpu = ex_mem(e, sizeof(float) * N * N);
    if (!a || !c0 || !ref || !got || !cpu)
        return -1;
    size_t sa = sizeof(float) * N * M, sc = sizeof(float) * N * N;
    uint64_t seed = 37;
    for (int i = 0; i < N * M; i++)
        a[i] = ex_rand(&seed);
    for (int i = 0; i < N * N; i++)
        c0[i] = ex_rand(&seed);
    float alpha = 1.5f, beta = 0.75f;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            float acc = 0;
            for (int k = 0; k < M; k++)
                acc += a[i * M + k] * a[j * M + k];
            cpu[i * N + j] = beta * c0[i * N + j] + alpha * acc;
        }
    ccgpu_devptr da, dc;
    if (ex_alloc(e, &da, a, sa) || ex_alloc(e, &dc, c0, sc))
        return -1;
    int n = N, m = M;
    void *args[] = { &dc, &da, &alpha, &beta, &n, &m };
    struct ccgpu_dim3 grid = { (N + 31) / 32, (N + 7) / 8, 1 }, block = { 32, 8, 1 };
    if (ex_launch(e, "syrk", NULL, grid, block, args, 6) ||
        ccgpu_memcpy_dtoh(e->gpu, ref, dc, sc))
        return -1;
    if (!close_enough(ref, cpu, N * N))
        return ex_fail(e, "syrk_original disagrees with the CPU reference");
    struct variant v[16];
    uint32_t nv = ex_variants(e, "_agent", 1, 1, v);
    for (uint32_t i = 0; i < nv; i++) /* C is read and written: start from c0 */
        if (ex_check(e, "syrk", &v[i], grid, block, args, 6, dc, c0, ref, sc, got))
            return -1;
    return 0;
}

/* ---- ATAX ---------------------------------------------------------------------- */
static int ex_atax(struct ex *e)
{
    const int NX = e->large ? 2048 : 300, NY = e->large ? 1024 : 200;
    const int B = e->large ? 128 : 32;
    float *a = ex_mem(e, sizeof(float) * NX * NY), *x = ex_mem(e, sizeof(float) * NY);
    float *tmp = ex_mem(e, sizeof(float) * NX), *y = ex_mem(e, sizeof(float) * NY);
    float *got1 = ex_mem(e, sizeof(float) * NX), *got2 = ex_mem(e, sizeof(float) * NY);
    if (!a || !x || !tmp || !y || !got1 || !got2)
        return -1;
    size_t sa = sizeof(float) * NX * NY, sx = sizeof(float) * NY, st = sizeof(float) * NX;
    size_t sy = sizeof(float) * NY;
    uint64_t seed = 41;
    for (int i = 0; i < NX * NY; i++)
        a[i] = ex_rand(&seed);
    for (int i = 0; i < NY; i++)
        x[i] = ex_rand(&seed);
    ccgpu_devptr da, dx, dt, dy;
    if (ex_alloc(e, &da, a, sa) || ex_alloc(e, &dx, x, sx) ||
        ex_alloc(e, &dt, NULL, st) || ex_alloc(e, &dy, NULL, sy))
        return -1;
    int nx = NX, ny = NY;
    void *args1[] = { &dt, &da, &dx, &nx, &ny };
    void *args2[] = { &dy, &da, &dt, &nx, &ny };
    struct ccgpu_dim3 g1 = { (NX + B - 1) / B, 1, 1 }, g2 = { (NY + B - 1) / B, 1, 1 };
    struct ccgpu_dim3 block = { B, 1, 1 };
    if (ex_launch(e, "atax1", NULL, g1, block, args1, 5) ||
        ccgpu_memcpy_dtoh(e->gpu, tmp, dt, st) ||
        ex_launch(e, "atax2", NULL, g2, block, args2, 5) ||
        ccgpu_memcpy_dtoh(e->gpu, y, dy, sy))
        return -1;
    for (int i = 0; i < NX; i++) {
        float acc = 0;
        for (int j = 0; j < NY; j++)
            acc += a[i * NY + j] * x[j];
        got1[i] = acc;
    }
    for (int j = 0; j < NY; j++) {
        float acc = 0;
        for (int i = 0; i < NX; i++)
            acc += a[i * NY + j] * tmp[i];
        got2[j] = acc;
    }
    if (!close_enough(tmp, got1, NX) || !close_enough(y, got2, NY))
        return ex_fail(e, "atax_original disagrees with the CPU reference");
    struct variant v[16];
    uint32_t nv = ex_variants(e, "_agent", 0, 1, v);
    v[nv++] = (struct variant){ "_agent_prefetch", CCL_Y, 0, 0, 0, 0, 2 };
    for (uint32_t i = 0; i < nv; i++)
        if (ex_check(e, "atax1", &v[i], g1, block, args1, 5, dt, NULL, tmp, st, got1))
            return -1;
    /* atax2 reads tmp: put the original's back */
    if (ccgpu_memcpy_htod(e->gpu, dt, tmp, st))
        return ex_fail(e, "%s", ccgpu_error(e->gpu));
    for (uint32_t i = 0; i + 1 < nv; i++) /* no prefetch form of kernel 2 */
        if (ex_check(e, "atax2", &v[i], g2, block, args2, 5, dy, NULL, y, sy, got2))
            return -1;
    return 0;
}

static const struct {
    const char *name, *ptx;
    int (*run)(struct ex *e);
} examples[] = {
    { "mm", "cuda/examples/mm.ptx", ex_mm },
    { "kmeans", "cuda/examples/kmeans.ptx", ex_kmeans },
    { "syrk", "cuda/examples/syrk.ptx", ex_syrk },
    { "atax", "cuda/examples/atax.ptx", ex_atax },
};

/* The configuration of each run: a copy of base (or the defaults), then
 * the file config, the mode, and the text extra (base, config, extra may be
 * NULL). */
static int run_examples(const char *only, uint32_t sms, const ccgpu_config *base,
                        const char *config, const char *extra, int timing, int large, FILE *log, int *runs, int *mismatches, char *err,
                        size_t errlen)
{
    int rc = 0, found = 0;
    for (size_t i = 0; i < sizeof examples / sizeof examples[0] && rc == 0; i++) {
        if (only && strcmp(only, examples[i].name) != 0)
            continue;
        found = 1;
        char cfgline[96], cerr[512];
        if (timing)
            snprintf(cfgline, sizeof cfgline, "ccgpu_mode timing\n");
        else
            snprintf(cfgline, sizeof cfgline, "ccgpu_mode functional\ngpgpu_n_clusters %u\n", sms);
        ccgpu_config *cfg = base ? config_clone(base) : ccgpu_config_new();
        if (!cfg || (config && ccgpu_config_load(cfg, config)) ||
            ccgpu_config_load_string(cfg, cfgline, "cluster_examples") ||
            (extra && ccgpu_config_load_string(cfg, extra, "cluster_examples"))) {
            snprintf(err, errlen, "cluster examples: %s",
                     cfg ? ccgpu_config_error(cfg) : "out of memory");
            ccgpu_config_free(cfg);
            return -1;
        }
        ccgpu *gpu = ccgpu_create(cfg, cerr, sizeof cerr);
        ccgpu_config_free(cfg);
        if (!gpu) {
            snprintf(err, errlen, "cluster examples: %s", cerr);
            return -1;
        }
        struct ex e = { gpu, NULL, ccgpu_num_sms(gpu), 0, log, err, errlen, 0, 0, timing, large,
                        { 0 }, 0 };
        const char *text = embedded_find(examples[i].ptx);
        if (!text) {
            snprintf(err, errlen, "cluster examples: %s is not embedded", examples[i].ptx);
            rc = -1;
        } else if (!(e.mod = ccgpu_module_load_string(gpu, text, examples[i].ptx)) ||
                   ccgpu_malloc(gpu, &e.ws, sizeof(uint32_t) * 2 * (2 * e.sms + 4))) {
            snprintf(err, errlen, "cluster examples: %s", ccgpu_error(gpu));
            rc = -1;
        } else {
            if (log && timing)
                fprintf(log, "%s on %u SMs (timing model)%*s %12s %12s %12s %12s\n",
                        examples[i].name, e.sms, (int)(20 - strlen(examples[i].name)), "",
                        "cycles", "L1 hits", "L1 misses", "L2 reads");
            else if (log)
                fprintf(log, "%s on %u SMs:\n", examples[i].name, e.sms);
            rc = examples[i].run(&e);
            if (rc)
                snprintf(err + strlen(err), errlen - strlen(err), " (%s, %u SMs)",
                         examples[i].name, e.sms);
        }
        *runs += e.runs;
        *mismatches += e.mismatches;
        for (int b = 0; b < e.nbufs; b++)
            free(e.bufs[b]);
        ccgpu_destroy(gpu);
    }
    if (!found) {
        snprintf(err, errlen, "cluster examples: no example '%s' (mm, kmeans, syrk, atax)", only);
        return -1;
    }
    return rc;
}

int cluster_examples_run(const char *only, uint32_t sms, FILE *log, int *runs, int *mismatches,
                         char *err, size_t errlen)
{
    return run_examples(only, sms, NULL, NULL, NULL, 0, 0, log, runs, mismatches, err, errlen);
}

int cluster_examples_timing(const char *only, const char *config, int large, FILE *log, int *runs,
                            int *mismatches, char *err, size_t errlen)
{
    return run_examples(only, 0, NULL, config, NULL, 1, large, log, runs, mismatches, err, errlen);
}

int cluster_examples_timing_on(const char *only, const ccgpu_config *base, const char *extra,
                               int large, FILE *log, int *runs, int *mismatches, char *err,
                               size_t errlen)
{
    return run_examples(only, 0, base, NULL, extra, 1, large, log, runs, mismatches, err, errlen);
}
