/* ccgpu cluster: print the CTA-clustering mapping (cta-clustering-asplos2017
 * Sec. 4.2) -- which original CTAs each cluster (SM) runs, and the
 * redirection of new-kernel CTAs under RR binding. */
#include "cli/cli.h"
#include "cta/cluster.h"
#include "cta/cluster_examples.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void cluster_usage(FILE *f)
{
    fprintf(f,
            "usage: ccgpu cluster (--ctas N | --grid GXxGY) --clusters M\n"
            "                     [--index y|x|tile] [--tile WxH] [--redirect] [--show N]\n"
            "       ccgpu cluster --examples [mm|kmeans|syrk|atax|all] [--sms N]\n"
            "       ccgpu cluster --examples NAME --timing [--config FILE] [--small]\n"
            "--index y: row-major (clusters row-adjacent CTAs, the paper's Y-partitioning),\n"
            "x: column-major (X-partitioning), tile: WxH tiles (default 2x2).\n"
            "--redirect also lists, for each new CTA u, the original CTA it runs under\n"
            "RR binding (Eq. 8 then Eq. 7).\n"
            "--examples runs cuda/examples/ on the functional engine: each clustered form\n"
            "must write exactly what the original kernel writes. With --timing they run\n"
            "larger on the timing model and print cycles, L1 hits/misses and L2 reads.\n");
}

static int parse_u32(const char *s, uint32_t *out)
{
    char *end;
    if (!*s || *s == '-')
        return -1;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (errno || *end || v == 0 || v > 0xFFFFFFFEul)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

static int parse_pair(const char *s, uint32_t *a, uint32_t *b)
{
    const char *x = strchr(s, 'x');
    if (!x || x == s)
        return -1;
    char first[32];
    size_t len = (size_t)(x - s);
    if (len >= sizeof first)
        return -1;
    memcpy(first, s, len);
    first[len] = 0;
    return parse_u32(first, a) || parse_u32(x + 1, b) ? -1 : 0;
}

static void print_cta(const struct cluster_grid *g, int grid, uint32_t v)
{
    if (!grid) {
        printf(" %u", v);
        return;
    }
    uint32_t bx, by;
    cluster_grid_coords(g, v, &bx, &by);
    printf(" (%u,%u)", bx, by);
}

int cmd_cluster(int argc, char **argv)
{
    uint32_t n = 0, m = 0, show = 16;
    struct cluster_grid g = { 0, 1, CLUSTER_INDEX_Y, 2, 2 };
    int grid = 0, redirect = 0;
    const char *examples = NULL, *config = NULL;
    int timing = 0, small = 0;
    uint32_t sms = 15;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int bad = 0;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            cluster_usage(stdout);
            return 0;
        } else if (!strcmp(a, "--redirect")) {
            redirect = 1;
            continue;
        } else if (!strcmp(a, "--timing")) {
            timing = 1;
            continue;
        } else if (!strcmp(a, "--small")) {
            small = 1;
            continue;
        } else if (!v) {
            fprintf(stderr, "ccgpu cluster: %s needs a value (see ccgpu cluster --help)\n", a);
            return 2;
        } else if (!strcmp(a, "--ctas")) {
            bad = parse_u32(v, &n);
            g.gx = n;
            g.gy = 1;
        } else if (!strcmp(a, "--grid")) {
            bad = parse_pair(v, &g.gx, &g.gy) || (uint64_t)g.gx * g.gy > 0xFFFFFFFEull;
            n = g.gx * g.gy;
            grid = 1;
        } else if (!strcmp(a, "--examples")) {
            examples = v;
        } else if (!strcmp(a, "--config")) {
            config = v;
        } else if (!strcmp(a, "--sms")) {
            bad = parse_u32(v, &sms);
        } else if (!strcmp(a, "--clusters")) {
            bad = parse_u32(v, &m);
        } else if (!strcmp(a, "--tile")) {
            bad = parse_pair(v, &g.tile_w, &g.tile_h);
        } else if (!strcmp(a, "--show")) {
            bad = parse_u32(v, &show);
        } else if (!strcmp(a, "--index")) {
            if (!strcmp(v, "y"))
                g.index = CLUSTER_INDEX_Y;
            else if (!strcmp(v, "x"))
                g.index = CLUSTER_INDEX_X;
            else if (!strcmp(v, "tile"))
                g.index = CLUSTER_INDEX_TILE;
            else
                bad = 1;
        } else {
            fprintf(stderr, "ccgpu cluster: unknown option '%s' (see ccgpu cluster --help)\n", a);
            return 2;
        }
        if (bad) {
            fprintf(stderr, "ccgpu cluster: bad value '%s' for %s\n", v, a);
            return 2;
        }
        i++;
    }
    if (examples) {
        int runs = 0, bad = 0;
        char err[512] = "";
        const char *only = strcmp(examples, "all") ? examples : NULL;
        int rc = timing ? cluster_examples_timing(only, config, !small, stdout, &runs, &bad, err,
                                                  sizeof err)
                        : cluster_examples_run(only, sms, stdout, &runs, &bad, err, sizeof err);
        if (rc) {
            fprintf(stderr, "ccgpu cluster: %s\n", err);
            return 1;
        }
        printf("%d clustered runs, %d differ from the original\n", runs, bad);
        return bad != 0;
    }
    if (!n || !m) {
        fprintf(stderr, "ccgpu cluster: --ctas or --grid, and --clusters, are required\n");
        return 2;
    }
    static const char *const names[] = { "y (row-major)", "x (column-major)", "tile" };
    printf("cluster: %u CTAs", n);
    if (grid)
        printf(" (grid %ux%u, index %s)", g.gx, g.gy, names[g.index]);
    printf(" into %u clusters of %u..%u\n", m, n / m, n / m + (n % m != 0));
    for (uint32_t i = 0; i < m && i < show; i++) {
        uint32_t size = cluster_size(n, m, i);
        printf("  cluster %-4u (%u CTAs):", i, size);
        for (uint32_t w = 0; w < size && w < show; w++)
            print_cta(&g, grid, cluster_invert(n, m, w, i));
        if (size > show)
            printf(" ...");
        putchar('\n');
    }
    if (m > show)
        printf("  ... %u more clusters\n", m - show);
    if (redirect) {
        printf("RR binding: new CTA u -> (w, i) -> original CTA\n");
        for (uint32_t u = 0; u < n && u < show * 4; u++) {
            uint32_t w, i;
            cluster_rr_bind(m, u, &w, &i);
            printf("  u %-6u -> (%u, %u) ->", u, w, i);
            print_cta(&g, grid, cluster_invert(n, m, w, i));
            putchar('\n');
        }
    }
    return 0;
}
