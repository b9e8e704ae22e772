/* schedule:FILE[,launch=K][,every] — follow an AWSS schedule file written by
 * `ccgpu awss --out` (format: docs/awss.md). Steps of equal TLP run
 * as one fixed-TLP phase; a TLP change waits for the phase's CTAs to retire
 * plus ccgpu_cta_sync_cycles (src/cta/follow.h). `every` synchronises at every
 * step boundary. Without launch=K every launch follows the file (and must
 * have its CTA count); with it, launch K does and the others run as rr. A
 * file with a `launch K` header line (ccgpu awss --bench writes one) acts as
 * launch=K. The file is read and checked when the policy is created. */
#include "cta/follow.h"
#include "policy/cta/cta_sched.h"
#include "util/text_input.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sched_file {
    struct awss_schedule file;
    struct cta_follow f;
    char path[256];
    uint32_t launch; /* UINT32_MAX: all */
    int every, active;
    uint32_t rr_next, total; /* launches not following the file */
};

static char *read_all(const char *path, char *err, size_t errlen)
{
    char e[400];
    char *text = text_input_read(path, "schedule file", TEXT_INPUT_TEXT, NULL, e, sizeof e);
    if (!text)
        snprintf(err, errlen, "ccgpu_cta_sched schedule: %s", e);
    return text;
}

static int sf_init(struct cta_sched *cs, const char *args, char *err, size_t errlen)
{
    if (!args || !*args) {
        snprintf(err, errlen, "ccgpu_cta_sched schedule needs a file: schedule:FILE[,launch=K][,every]");
        return -1;
    }
    struct sched_file *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "ccgpu_cta_sched schedule: out of memory");
        return -1;
    }
    awss_schedule_init(&s->file);
    s->launch = UINT32_MAX;
    const char *comma = strchr(args, ',');
    size_t plen = comma ? (size_t)(comma - args) : strlen(args);
    if (plen == 0 || plen >= sizeof s->path) {
        snprintf(err, errlen, "ccgpu_cta_sched schedule: bad file name");
        free(s);
        return -1;
    }
    memcpy(s->path, args, plen);
    s->path[plen] = 0;
    while (comma) {
        const char *opt = comma + 1;
        comma = strchr(opt, ',');
        size_t olen = comma ? (size_t)(comma - opt) : strlen(opt);
        char *end = NULL;
        if (olen == 5 && !strncmp(opt, "every", 5))
            s->every = 1;
        else if (olen > 7 && !strncmp(opt, "launch=", 7) && opt[7] >= '0' && opt[7] <= '9' &&
                 (errno = 0, s->launch = (uint32_t)strtoul(opt + 7, &end, 10), 1) &&
                 end == opt + olen && !errno && s->launch != UINT32_MAX)
            ;
        else {
            snprintf(err, errlen, "ccgpu_cta_sched schedule: unknown option '%.*s' (launch=K, every)",
                     (int)olen, opt);
            free(s);
            return -1;
        }
    }
    char *text = read_all(s->path, err, errlen);
    if (!text) {
        free(s);
        return -1;
    }
    char msg[256];
    int rc = awss_schedule_parse(text, s->path, &s->file, msg, sizeof msg);
    free(text);
    if (rc) {
        snprintf(err, errlen, "ccgpu_cta_sched schedule: %s", msg);
        free(s);
        return -1;
    }
    /* a file that names its launch needs no launch=K; both must agree */
    if (s->file.has_launch && s->launch != UINT32_MAX && s->launch != s->file.launch) {
        snprintf(err, errlen, "ccgpu_cta_sched schedule: '%s' is for launch %u, launch=%u given",
                 s->path, s->file.launch, s->launch);
        awss_schedule_free(&s->file);
        free(s);
        return -1;
    }
    if (s->file.has_launch)
        s->launch = s->file.launch;
    cs->state = s;
    return 0;
}

static void sf_free(struct cta_sched *cs)
{
    struct sched_file *s = cs->state;
    if (!s)
        return;
    cta_follow_free(&s->f);
    awss_schedule_free(&s->file);
    free(s);
}

static int sf_launch(struct cta_sched *cs, const struct cta_sched_launch *l, char *err,
                     size_t errlen)
{
    struct sched_file *s = cs->state;
    s->active = s->launch == UINT32_MAX || s->launch == l->launch;
    s->rr_next = 0;
    s->total = l->num_ctas;
    if (!s->active)
        return 0;
    struct awss_schedule copy;
    awss_schedule_init(&copy);
    if (awss_schedule_copy(&copy, &s->file)) {
        snprintf(err, errlen, "ccgpu_cta_sched schedule: out of memory");
        return -1;
    }
    char what[400];
    snprintf(what, sizeof what, "ccgpu_cta_sched schedule:%s (launch %u, %s)", s->path, l->launch,
             l->kernel);
    int rc = cta_follow_start(&s->f, &copy, l->num_ctas, l->num_sms * l->max_ctas_per_sm,
                              s->every, what, err, errlen);
    awss_schedule_free(&copy);
    return rc;
}

static uint32_t sf_next(struct cta_sched *cs, uint32_t sm, uint32_t resident, uint64_t now)
{
    (void)sm;
    (void)resident;
    (void)now;
    struct sched_file *s = cs->state;
    if (!s->active)
        return s->rr_next < s->total ? s->rr_next++ : CTA_SCHED_NONE;
    uint32_t id = cta_follow_next(&s->f);
    return id == UINT32_MAX ? CTA_SCHED_NONE : id;
}

static void sf_done(struct cta_sched *cs, uint32_t sm, uint32_t cta, uint64_t now)
{
    (void)sm;
    (void)cta;
    struct sched_file *s = cs->state;
    if (s->active && cta_follow_done(&s->f))
        cs->wake = now + cs->sync_cycles;
}

static void sf_wake(struct cta_sched *cs, uint64_t now)
{
    (void)now;
    struct sched_file *s = cs->state;
    cta_follow_wake(&s->f);
}

const struct cta_sched_ops cta_sched_schedule = {
    .version = 1,
    .name = "schedule",
    .init = sf_init,
    .free = sf_free,
    .on_launch = sf_launch,
    .next_cta = sf_next,
    .on_cta_done = sf_done,
    .on_wake = sf_wake,
};
