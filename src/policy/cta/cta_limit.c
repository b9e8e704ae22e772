/* limit:N — the AWSS paper's Static scheme and the knob OptTLP searches: at
 * most N CTAs on each SM (fewer where occupancy allows fewer), CTAs in id
 * order to whichever SM has room, as rr. */
#include "ccgpu_policy.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

struct limit {
    uint32_t n, next, total;
};

static int limit_init(struct cta_sched *cs, const char *args, char *err, size_t errlen)
{
    char *end = NULL;
    errno = 0;
    unsigned long v = args && *args >= '1' && *args <= '9' ? strtoul(args, &end, 10) : 0;
    if (!v || *end || errno || v > 65536) {
        snprintf(err, errlen, "ccgpu_cta_sched limit:N needs N from 1 to 65536 (got '%s')",
                 args ? args : "");
        return -1;
    }
    struct limit *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "ccgpu_cta_sched limit: out of memory");
        return -1;
    }
    s->n = (uint32_t)v;
    cs->state = s;
    return 0;
}

static void limit_free(struct cta_sched *cs)
{
    free(cs->state);
}

static int limit_launch(struct cta_sched *cs, const struct cta_sched_launch *l, char *err,
                        size_t errlen)
{
    (void)err;
    (void)errlen;
    struct limit *s = cs->state;
    s->next = 0;
    s->total = l->num_ctas;
    return 0;
}

static uint32_t limit_next(struct cta_sched *cs, uint32_t sm, uint32_t resident, uint64_t now)
{
    (void)sm;
    (void)now;
    struct limit *s = cs->state;
    if (resident >= s->n)
        return CTA_SCHED_NONE;
    return s->next < s->total ? s->next++ : CTA_SCHED_NONE;
}

const struct cta_sched_ops cta_sched_limit = {
    .version = 1,
    .name = "limit",
    .init = limit_init,
    .free = limit_free,
    .on_launch = limit_launch,
    .next_cta = limit_next,
};
