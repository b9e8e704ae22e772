/* awss:ALGO[,static][,cps=X][,cap=BYTES][,every] — the AWSS paper's whole
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
 * follows a file (src/cta/follow.h). */
#include "cta/follow.h"
#include "policy/cta/cta_sched.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct awss_pol {
    enum awss_algo algo;
    int static_tlp, every;
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
                                  "cap=BYTES)", (int)olen, opt);
            free(s);
            return -1;
        }
    }
    cs->state = s;
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
    struct awss_problem p = {
        .sizes = sizes,
        .nctas = l->num_ctas,
        .cap = s->cap ? s->cap : l->l2_bytes,
        .max_tlp = l->num_sms * l->max_ctas_per_sm,
        .mode = s->algo == AWSS_ALGO_MXF || s->algo == AWSS_ALGO_GLANF ? AWSS_RELAXED : AWSS_HARD,
        .static_tlp = s->static_tlp,
        .cps = s->cps,
    };
    struct awss_schedule sch;
    awss_schedule_init(&sch);
    int rc = awss_schedule_run(&p, s->algo, &sch, NULL);
    free(sizes);
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
