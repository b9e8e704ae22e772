/* cluster[:OPT,...] — CTA clustering done by the dispatcher instead of the
 * kernel (ASPLOS 2017, Sec. 4.2, with the hardware's cooperation the paper
 * lacked): the launch's CTAs are split into one cluster per SM by the
 * paper's partition f over an indexing of the grid, and cluster i is bound to
 * SM i, its CTAs issued in order. Options: y (row-major indexing, the
 * default: row-adjacent CTAs together), x (column-major), tile=WxH (tiles),
 * max=T (throttling: at most T CTAs of the cluster on the SM at once, the
 * paper's CLU+TOT). A 3-D grid is indexed as gx x (gy*gz). An SM whose
 * cluster is done idles (no stealing). */
#include "cta/cluster.h"
#include "policy/cta/cta_sched.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct clu {
    struct cluster_grid g;
    uint32_t max, n, m;
    uint32_t *place; /* per SM: places of its cluster issued */
};

static int clu_init(struct cta_sched *cs, const char *args, char *err, size_t errlen)
{
    struct clu *s = calloc(1, sizeof *s);
    if (!s || !(s->place = calloc(cs->num_sms ? cs->num_sms : 1, sizeof *s->place))) {
        free(s);
        snprintf(err, errlen, "ccgpu_cta_sched cluster: out of memory");
        return -1;
    }
    s->g.index = CLUSTER_INDEX_Y;
    s->max = UINT32_MAX;
    s->m = cs->num_sms;
    const char *opt = args && *args ? args : NULL;
    while (opt) {
        const char *comma = strchr(opt, ',');
        size_t olen = comma ? (size_t)(comma - opt) : strlen(opt);
        char val[32], *end = NULL;
        int bad = 0;
        if (olen == 1 && (*opt == 'x' || *opt == 'y'))
            s->g.index = *opt == 'x' ? CLUSTER_INDEX_X : CLUSTER_INDEX_Y;
        else if (olen > 5 && olen - 5 < sizeof val && !strncmp(opt, "tile=", 5)) {
            memcpy(val, opt + 5, olen - 5);
            val[olen - 5] = 0;
            errno = 0;
            unsigned long w = strtoul(val, &end, 10), h = 0;
            if (*end == 'x' && end[1] >= '0' && end[1] <= '9')
                h = strtoul(end + 1, &end, 10);
            bad = *end || errno || !w || !h || w > 65535 || h > 65535 || val[0] < '0' ||
                  val[0] > '9';
            s->g.index = CLUSTER_INDEX_TILE;
            s->g.tile_w = (uint32_t)w;
            s->g.tile_h = (uint32_t)h;
        } else if (olen > 4 && olen - 4 < sizeof val && !strncmp(opt, "max=", 4)) {
            memcpy(val, opt + 4, olen - 4);
            val[olen - 4] = 0;
            errno = 0;
            unsigned long t = val[0] >= '1' && val[0] <= '9' ? strtoul(val, &end, 10) : 0;
            bad = !t || *end || errno || t > 65536;
            s->max = (uint32_t)t;
        } else
            bad = 1;
        if (bad) {
            snprintf(err, errlen, "ccgpu_cta_sched cluster: bad option '%.*s' (x, y, tile=WxH, "
                                  "max=T)", (int)olen, opt);
            free(s->place);
            free(s);
            return -1;
        }
        opt = comma ? comma + 1 : NULL;
    }
    cs->state = s;
    return 0;
}

static void clu_free(struct cta_sched *cs)
{
    struct clu *s = cs->state;
    if (s)
        free(s->place);
    free(s);
}

static int clu_launch(struct cta_sched *cs, const struct cta_sched_launch *l, char *err,
                      size_t errlen)
{
    (void)err;
    (void)errlen;
    struct clu *s = cs->state;
    s->n = l->num_ctas;
    s->g.gx = l->grid[0];
    s->g.gy = l->grid[1] * l->grid[2];
    memset(s->place, 0, (size_t)s->m * sizeof *s->place);
    return 0;
}

static uint32_t clu_next(struct cta_sched *cs, uint32_t sm, uint32_t resident, uint64_t now)
{
    (void)now;
    struct clu *s = cs->state;
    if (sm >= s->m || resident >= s->max || !s->n || s->place[sm] >= cluster_size(s->n, s->m, sm))
        return CTA_SCHED_NONE;
    uint32_t v = cluster_invert(s->n, s->m, s->place[sm]++, sm), bx, by;
    cluster_grid_coords(&s->g, v, &bx, &by);
    return by * s->g.gx + bx;
}

const struct cta_sched_ops cta_sched_cluster = {
    .version = 1,
    .name = "cluster",
    .init = clu_init,
    .free = clu_free,
    .on_launch = clu_launch,
    .next_cta = clu_next,
};
