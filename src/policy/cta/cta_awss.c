/* awss:ALGO[,static][,cps=X][,cap=BYTES][,every][,footprint=sum|union][,order=id] — the AWSS paper's whole
 * flow (TODAES 2014, Fig. 5) at each launch: the launch's measured per-CTA
 * working sets (ccgpu_set_cta_worksets; `ccgpu run` and `ccgpu opttlp`
 * measure them with a functional run first, src/cta/workset.c), the
 * configured L2 capacity (or cap=) and TLP_max = SMs x CTAs per SM go to
 * Algorithm 3 (awss_schedule_run) with packer ALGO: lmf or iwfd for the hard
 * constraint (AwssSche), mxf or glanf for the relaxed one (AwssSche-Relax),
 * agnostic for k CTAs per step; `static` asks for one TLP throughout
 * (AwssSche-Static). CPS, the cost of a synchronisation in steps, is an
 * input of the packer's cost (default 0.1); the simulated cost is
 * ccgpu_cta_sync_cycles. The schedule is then followed as schedule:FILE
 * follows a file (src/cta/follow.h).
 *
 * footprint=union (ours, not the paper's model; lmf only, not static): a
 * step's working set is the number of distinct lines its CTAs touch times
 * the line size, from the measured per-CTA line sets
 * (ccgpu_set_cta_linesets), instead of the sum of the CTAs' sizes, which
 * counts a line once per CTA touching it (binpack_lmf_union). order=id
 * (with footprint=union) takes the CTAs in id order instead of largest
 * first, so that neighbouring CTAs, which often share lines, share steps. */
#include "cta/follow.h"
#include "policy/cta/cta_sched.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct awss_pol {
    enum awss_algo algo;
    int static_tlp, every, fp_union, id_order;
    double cps;
    uint64_t cap; /* 0: the L2's */
    struct cta_follow f;
};

static int opt_is(const char *opt, size_t olen, const char *key)
{
    size_t k = strlen(key);
    return olen > k && !strncmp(opt, key, k);
}

static int ap_init(struct cta_sched *cs, const char *args, char *err, size_t errlen)
{
    if (!args || !*args) {
        snprintf(err, errlen, "ccgpu_cta_sched awss needs a packer: awss:lmf|iwfd|mxf|glanf|agnostic"
                              "[,static][,cps=X][,cap=BYTES][,every]");
        return -1;
    }
    struct awss_pol *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "ccgpu_cta_sched awss: out of memory");
        return -1;
    }
    s->cps = 0.1;
    const char *comma = strchr(args, ',');
    size_t alen = comma ? (size_t)(comma - args) : strlen(args);
    char algo[32];
    if (alen >= sizeof algo || (memcpy(algo, args, alen), algo[alen] = 0,
                                awss_algo_lookup(algo, &s->algo))) {
        snprintf(err, errlen, "ccgpu_cta_sched awss: unknown packer '%.*s' (lmf, iwfd, mxf, glanf, "
                              "agnostic)", (int)alen, args);
        free(s);
        return -1;
    }
    while (comma) {
        const char *opt = comma + 1;
        comma = strchr(opt, ',');
        size_t olen = comma ? (size_t)(comma - opt) : strlen(opt);
        char val[64], *end = NULL;
        int bad = 0;
        if (olen == 6 && !strncmp(opt, "static", 6))
            s->static_tlp = 1;
        else if (olen == 5 && !strncmp(opt, "every", 5))
            s->every = 1;
        else if (olen == 15 && !strncmp(opt, "footprint=union", 15))
            s->fp_union = 1;
        else if (olen == 13 && !strncmp(opt, "footprint=sum", 13))
            s->fp_union = 0;
        else if (olen == 8 && !strncmp(opt, "order=id", 8))
            s->id_order = 1;
        else if ((opt_is(opt, olen, "cps=") || opt_is(opt, olen, "cap=")) && olen - 4 < sizeof val) {
            memcpy(val, opt + 4, olen - 4);
            val[olen - 4] = 0;
            errno = 0;
            if (opt[1] == 'p') {
                s->cps = strtod(val, &end);
                bad = *end || errno || !(s->cps >= 0 && s->cps < 1e9);
            } else {
                unsigned long long v = strtoull(val, &end, 10);
                bad = *end || errno || val[0] == '-' || v == 0;
                s->cap = v;
            }
        } else
            bad = 1;
        if (bad) {
            snprintf(err, errlen, "ccgpu_cta_sched awss: bad option '%.*s' (static, every, cps=X, "
                                  "cap=BYTES, footprint=sum|union, order=id)", (int)olen, opt);
            free(s);
            return -1;
        }
    }
    if (s->id_order && !s->fp_union) {
        snprintf(err, errlen, "ccgpu_cta_sched awss: order=id needs footprint=union");
        free(s);
        return -1;
    }
    if (s->fp_union && (s->algo != AWSS_ALGO_LMF || s->static_tlp)) {
        snprintf(err, errlen, "ccgpu_cta_sched awss: footprint=union is implemented for lmf "
                              "without static only");
        free(s);
        return -1;
    }
    cs->state = s;
    return 0;
}

/* The launch's line sets padded to num_ctas CTAs, and the line size they
 * were measured in (bytes per CTA / lines per CTA, the same for every CTA
 * with lines). 0, or -1 with err set. */
static int union_sets(const struct cta_sched_launch *l, const char *what, uint32_t **off,
                      struct awss_linesets *ls, char *err, size_t errlen)
{
    *off = NULL;
    if (!l->ws_off || l->ws_nsets > l->num_ctas || l->ws_nsets > l->ws_n) {
        snprintf(err, errlen,
                 "%s: footprint=union needs the measured line sets of this launch's %u CTAs "
                 "(ccgpu run measures them; from the API, ccgpu_set_cta_linesets)",
                 what, l->num_ctas);
        return -1;
    }
    uint64_t lb = 0;
    for (uint32_t c = 0; c < l->ws_nsets; c++) {
        uint32_t nl = l->ws_off[c + 1] - l->ws_off[c];
        if (!nl && !l->ws_bytes[c])
            continue;
        if (!nl || l->ws_bytes[c] % nl || (lb && l->ws_bytes[c] / nl != lb)) {
            snprintf(err, errlen, "%s: CTA %u's line set (%u lines) disagrees with its working "
                                  "set (%llu bytes)", what, c, nl,
                     (unsigned long long)l->ws_bytes[c]);
            return -1;
        }
        lb = l->ws_bytes[c] / nl;
    }
    *off = malloc(((size_t)l->num_ctas + 1) * sizeof **off);
    if (!*off) {
        snprintf(err, errlen, "%s: out of memory", what);
        return -1;
    }
    memcpy(*off, l->ws_off, ((size_t)l->ws_nsets + 1) * sizeof **off);
    for (uint32_t c = l->ws_nsets; c < l->num_ctas; c++)
        (*off)[c + 1] = (*off)[c];
    *ls = (struct awss_linesets){ *off, l->ws_lines, l->ws_nlines, lb ? lb : 1, 0 };
    return 0;
}

static void ap_free(struct cta_sched *cs)
{
    struct awss_pol *s = cs->state;
    if (!s)
        return;
    cta_follow_free(&s->f);
    free(s);
}

static int ap_launch(struct cta_sched *cs, const struct cta_sched_launch *l, char *err,
                     size_t errlen)
{
    struct awss_pol *s = cs->state;
    char what[200];
    snprintf(what, sizeof what, "ccgpu_cta_sched awss:%s (launch %u, %s)", awss_algo_name(s->algo),
             l->launch, l->kernel);
    if (l->cluster_ctas > 1) {
        snprintf(err, errlen,
                 "%s: launches with thread-block clusters (%u CTAs each) are not supported: the "
                 "working sets are measured per CTA",
                 what, l->cluster_ctas);
        return -1;
    }
    if (!l->ws_bytes || l->ws_n > l->num_ctas) {
        if (l->ws_bytes)
            snprintf(err, errlen, "%s: working sets given for %u CTAs, the launch has %u", what,
                     l->ws_n, l->num_ctas);
        else
            snprintf(err, errlen,
                     "%s: no measured working sets for this launch's %u CTAs (ccgpu run "
                     "measures them; from the API, ccgpu_set_cta_worksets)",
                     what, l->num_ctas);
        return -1;
    }
    /* CTAs past the measured ones touched no global memory */
    uint64_t *sizes = calloc(l->num_ctas ? l->num_ctas : 1, sizeof *sizes);
    if (!sizes) {
        snprintf(err, errlen, "%s: out of memory", what);
        return -1;
    }
    memcpy(sizes, l->ws_bytes, (size_t)l->ws_n * sizeof *sizes);
    uint32_t *off = NULL;
    struct awss_linesets ls;
    if (s->fp_union && union_sets(l, what, &off, &ls, err, errlen)) {
        free(sizes);
        return -1;
    }
    if (s->fp_union)
        ls.id_order = s->id_order;
    struct awss_problem p = {
        .sizes = sizes,
        .nctas = l->num_ctas,
        .cap = s->cap ? s->cap : l->l2_bytes,
        .max_tlp = l->num_sms * l->max_ctas_per_sm,
        .mode = s->algo == AWSS_ALGO_MXF || s->algo == AWSS_ALGO_GLANF ? AWSS_RELAXED : AWSS_HARD,
        .static_tlp = s->static_tlp,
        .cps = s->cps,
        .sets = s->fp_union ? &ls : NULL,
    };
    struct awss_schedule sch;
    awss_schedule_init(&sch);
    int rc = awss_schedule_run(&p, s->algo, &sch, NULL);
    free(sizes);
    free(off);
    if (rc) {
        awss_schedule_free(&sch);
        snprintf(err, errlen, "%s: %s", what, rc == -1 ? "out of memory" : "packer does not fit");
        return -1;
    }
    rc = cta_follow_start(&s->f, &sch, l->num_ctas, p.max_tlp, s->every, what, err, errlen);
    awss_schedule_free(&sch);
    return rc;
}

static uint32_t ap_next(struct cta_sched *cs, uint32_t sm, uint32_t resident, uint64_t now)
{
    (void)sm;
    (void)resident;
    (void)now;
    struct awss_pol *s = cs->state;
    uint32_t id = cta_follow_next(&s->f);
    return id == UINT32_MAX ? CTA_SCHED_NONE : id;
}

static void ap_done(struct cta_sched *cs, uint32_t sm, uint32_t cta, uint64_t now)
{
    (void)sm;
    (void)cta;
    struct awss_pol *s = cs->state;
    if (cta_follow_done(&s->f))
        cs->wake = now + cs->sync_cycles;
}

static void ap_wake(struct cta_sched *cs, uint64_t now)
{
    (void)now;
    struct awss_pol *s = cs->state;
    cta_follow_wake(&s->f);
}

const struct cta_sched_ops cta_sched_awss = {
    .version = 1,
    .name = "awss",
    .init = ap_init,
    .free = ap_free,
    .on_launch = ap_launch,
    .next_cta = ap_next,
    .on_cta_done = ap_done,
    .on_wake = ap_wake,
};
