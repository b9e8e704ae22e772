/* k-means driver: the GPU assigns memberships, the host moves the centroids
 * (as Rodinia's kmeans does), for a few iterations. Every iteration's
 * memberships are checked exactly against a CPU pass over the same
 * centroids: the reference accumulates each distance in the same order with
 * fmaf, as the PTX does (nvcc contracts diff*diff + dist into fma.rn.f32), and
 * takes the first minimum, so ties resolve alike and results match bit for
 * bit. */
#include "bench.h"
#include "common/driver.h"
#include "common/inputs.h"
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { NCLUSTERS = 5, BLOCK = 256 };

struct kmeans_size {
    uint32_t points, features, iterations;
};
/* small, medium and large are 1/480, 1/30 and 1/10 of kdd_cup's 494,020
 * points (the Rodinia input the CCWS paper's KMN used), not round powers of
 * two: with features feature-major, a point count that is a multiple of
 * 1024 puts all feature lines of a warp 4 KB-multiples apart, i.e. into one
 * set of a 32-set linear-indexed L1, and the kernel thrashes that set
 * whatever the scheduler (docs/benchmarks.md, docs/ccws.md). Run `--input`
 * with such a file to study that case (or SACAT's ipoly indexing). */
static const struct kmeans_size sizes[BENCH_SIZE_COUNT] = {
    { 1029, 16, 2 },
    { 16467, 34, 3 },
    { 49402, 34, 5 },
};

struct kmeans {
    int point_major; /* kmeans_assign_pm on the input layout, else the transposed copy */
    uint32_t n, d, k;
    float *features; /* point-major, n * d */
    float *clusters; /* k * d */
    int32_t *membership, *expect;
};

/* Points scattered around NCLUSTERS random centres (normal noise, sigma 1). */
static int generate(struct bench_ctx *ctx, struct kmeans *km, const struct kmeans_size *sz)
{
    struct bench_rng rng = { ctx->seed };
    km->n = sz->points;
    km->d = sz->features;
    km->features = drv_host_alloc(ctx, (size_t)km->n * km->d * sizeof(float), "kmeans features");
    float *centre = drv_host_alloc(ctx, (size_t)NCLUSTERS * km->d * sizeof(float), "kmeans centres");
    if (!km->features || !centre) {
        free(centre);
        return -1;
    }
    for (uint32_t i = 0; i < NCLUSTERS * km->d; i++)
        centre[i] = (float)(bench_rng_unit(&rng) * 10.0);
    for (uint32_t p = 0; p < km->n; p++) {
        uint32_t c = (uint32_t)bench_rng_below(&rng, NCLUSTERS);
        for (uint32_t f = 0; f < km->d; f++) {
            double u1 = bench_rng_unit(&rng) + 1e-12, u2 = bench_rng_unit(&rng);
            double noise = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
            km->features[(size_t)p * km->d + f] = (float)(centre[c * km->d + f] + noise);
        }
    }
    free(centre);
    return 0;
}

static int load(struct bench_ctx *ctx, struct kmeans *km)
{
    char path[1024];
    if (inputs_resolve(ctx, ctx->input, path, sizeof path))
        return -1;
    if (inputs_has_suffix(path, ".bin"))
        return inputs_load_kmeans_bin(path, &km->features, &km->n, &km->d, ctx->error,
                                      sizeof ctx->error);
    return inputs_load_kmeans_text(path, &km->features, &km->n, &km->d, ctx->error,
                                   sizeof ctx->error);
}

static void cpu_assign(const struct kmeans *km)
{
    for (uint32_t p = 0; p < km->n; p++) {
        int32_t best = 0;
        float best_dist = FLT_MAX;
        for (uint32_t c = 0; c < km->k; c++) {
            float dist = 0.0f;
            for (uint32_t f = 0; f < km->d; f++) {
                float diff = km->features[(size_t)p * km->d + f] - km->clusters[c * km->d + f];
                dist = fmaf(diff, diff, dist);
            }
            if (dist < best_dist) {
                best_dist = dist;
                best = (int32_t)c;
            }
        }
        km->expect[p] = best;
    }
}

/* Centroid = mean of its members (an empty cluster keeps its centroid). */
static int update_centroids(struct bench_ctx *ctx, struct kmeans *km)
{
    double *sum = calloc((size_t)km->k * km->d, sizeof *sum);
    uint32_t *count = calloc(km->k, sizeof *count);
    if (!sum || !count) {
        free(sum);
        free(count);
        return bench_fail(ctx, "kmeans: out of memory for centroids");
    }
    for (uint32_t p = 0; p < km->n; p++) {
        uint32_t c = (uint32_t)km->membership[p];
        count[c]++;
        for (uint32_t f = 0; f < km->d; f++)
            sum[c * km->d + f] += km->features[(size_t)p * km->d + f];
    }
    for (uint32_t c = 0; c < km->k; c++)
        if (count[c])
            for (uint32_t f = 0; f < km->d; f++)
                km->clusters[c * km->d + f] = (float)(sum[c * km->d + f] / count[c]);
    free(sum);
    free(count);
    return 0;
}

static int run_kmeans(struct bench_ctx *ctx, struct drv *d, struct kmeans *km, uint32_t iterations)
{
    size_t fbytes = (size_t)km->n * km->d * sizeof(float);
    ccgpu_devptr d_features, d_features_t = 0, d_clusters, d_membership;
    if (drv_alloc(d, &d_features, fbytes, km->features, 0, "features") ||
        (!km->point_major && drv_alloc(d, &d_features_t, fbytes, NULL, 0xff, "transposed features")) ||
        drv_alloc(d, &d_clusters, (size_t)km->k * km->d * sizeof(float), NULL, 0, "centroids") ||
        drv_alloc(d, &d_membership, (size_t)km->n * 4, NULL, 0, "membership"))
        return -1;
    int32_t n = (int32_t)km->n, k = (int32_t)km->k, dims = (int32_t)km->d;
    void *invert_args[] = { &d_features, &d_features_t, &n, &dims };
    void *assign_args[] = { km->point_major ? &d_features : &d_features_t, &d_clusters,
                            &d_membership, &n, &k, &dims };
    const char *assign = km->point_major ? "kmeans_assign_pm" : "kmeans_assign";
    if (!km->point_major && drv_launch(d, "kmeans_invert", km->n, BLOCK, invert_args, 4))
        return -1;
    /* initial centroids: the first k points (as Rodinia) */
    memcpy(km->clusters, km->features, (size_t)km->k * km->d * sizeof(float));
    for (uint32_t it = 0; it < iterations; it++) {
        /* poison, so a membership the kernel never wrote cannot pass */
        if (drv_fill(d, d_membership, 0xa5, (size_t)km->n * 4, "membership") ||
            drv_upload(d, d_clusters, km->clusters, (size_t)km->k * km->d * sizeof(float), "centroids") ||
            drv_launch(d, assign, km->n, BLOCK, assign_args, 6) ||
            drv_download(d, km->membership, d_membership, (size_t)km->n * 4, "membership"))
            return -1;
        cpu_assign(km);
        for (uint32_t p = 0; p < km->n; p++)
            if (km->membership[p] != km->expect[p])
                return bench_fail(ctx, "kmeans: iteration %u: point %u is in cluster %d, expected %d",
                                  it, p, km->membership[p], km->expect[p]);
        if (update_centroids(ctx, km))
            return -1;
        if (ctx->log)
            fprintf(ctx->log, "kmeans: iteration %u done\n", it);
    }
    return 0;
}

static int kmeans_run_layout(struct bench_ctx *ctx, int point_major)
{
    const struct kmeans_size *sz = &sizes[ctx->size];
    struct kmeans km = { 0 };
    km.point_major = point_major;
    int rc = ctx->input ? load(ctx, &km) : generate(ctx, &km, sz);
    if (rc)
        return -1;
    rc = -1;
    km.k = NCLUSTERS < km.n ? NCLUSTERS : km.n;
    km.clusters = drv_host_alloc(ctx, (size_t)km.k * km.d * sizeof(float), "kmeans centroids");
    km.membership = drv_host_alloc(ctx, (size_t)km.n * 4, "kmeans membership");
    km.expect = drv_host_alloc(ctx, (size_t)km.n * 4, "kmeans reference");
    struct drv d;
    if (km.clusters && km.membership && km.expect && drv_init(&d, ctx, "bench/kmeans/kmeans.ptx") == 0) {
        rc = run_kmeans(ctx, &d, &km, sz->iterations);
        drv_release(&d);
    }
    free(km.features);
    free(km.clusters);
    free(km.membership);
    free(km.expect);
    return rc;
}

static int kmeans_run(struct bench_ctx *ctx)
{
    return kmeans_run_layout(ctx, 1);
}

static int kmeans_fm_run(struct bench_ctx *ctx)
{
    return kmeans_run_layout(ctx, 0);
}

#define KMEANS_SIZES                                                                               \
    "generated points: small 1029 x 16 features, 2 iterations; medium 16467 x 34, 3; "            \
    "large 49402 x 34, 5 (1/480, 1/30, 1/10 of kdd_cup)"

const struct bench_ops bench_kmeans = {
    .version = 1,
    .name = "kmeans",
    .klass = "hcs",
    .description = "k-means membership (5 clusters), features point-major in global memory "
                   "(uncoalesced: each thread reads its own point), per-thread loops over "
                   "clusters and features; host moves centroids (--input FILE: .bin or text)",
    .sizes = KMEANS_SIZES,
    .run = kmeans_run,
};

const struct bench_ops bench_kmeans_fm = {
    .version = 1,
    .name = "kmeans_fm",
    .klass = "variant",
    .description = "kmeans with features feature-major (Rodinia's transposed copy: coalesced "
                   "loads, intra-warp locality), for contrast with the point-major KMN",
    .sizes = KMEANS_SIZES,
    .run = kmeans_fm_run,
};
