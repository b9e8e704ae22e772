/* strict-rr — the clustering paper's round-robin model (ASPLOS 2017, Sec.
 * 3.1), read as a fixed binding: CTA u runs on SM u mod n, each SM taking its
 * CTAs in id order whenever it has room, in every turnaround (not only the
 * first, as rr does). An SM whose share is done idles while others work. */
#include "ccgpu_policy.h"
#include <stdio.h>
#include <stdlib.h>

struct srr {
    uint32_t n, total;
    uint32_t *next; /* per SM: the next CTA id it runs */
};

static int srr_init(struct cta_sched *cs, const char *args, char *err, size_t errlen)
{
    if (args && *args) {
        snprintf(err, errlen, "ccgpu_cta_sched strict-rr takes no arguments (got '%s')", args);
        return -1;
    }
    struct srr *s = calloc(1, sizeof *s);
    if (!s || !(s->next = calloc(cs->num_sms ? cs->num_sms : 1, sizeof *s->next))) {
        free(s);
        snprintf(err, errlen, "ccgpu_cta_sched strict-rr: out of memory");
        return -1;
    }
    s->n = cs->num_sms;
    cs->state = s;
    return 0;
}

static void srr_free(struct cta_sched *cs)
{
    struct srr *s = cs->state;
    if (s)
        free(s->next);
    free(s);
}

static int srr_launch(struct cta_sched *cs, const struct cta_sched_launch *l, char *err,
                      size_t errlen)
{
    (void)err;
    (void)errlen;
    struct srr *s = cs->state;
    s->total = l->num_ctas;
    for (uint32_t i = 0; i < s->n; i++)
        s->next[i] = i;
    return 0;
}

static uint32_t srr_next(struct cta_sched *cs, uint32_t sm, uint32_t resident, uint64_t now)
{
    (void)resident;
    (void)now;
    struct srr *s = cs->state;
    if (sm >= s->n || s->next[sm] >= s->total)
        return CTA_SCHED_NONE;
    uint32_t id = s->next[sm];
    s->next[sm] = id + s->n < id ? UINT32_MAX : id + s->n;
    return id;
}

const struct cta_sched_ops cta_sched_strict_rr = {
    .version = 1,
    .name = "strict-rr",
    .init = srr_init,
    .free = srr_free,
    .on_launch = srr_launch,
    .next_cta = srr_next,
};
