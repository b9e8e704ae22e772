/* Round-robin CTA dispatch, the hardware baseline: CTAs in linear id order
 * to whichever SM asks (the dispatcher's round-robin initial fill then gives
 * CTA i to SM (s + i) mod n, s the SM after the one that took the previous
 * launch's last CTA, as GPGPU-Sim; later CTAs go where resources free up
 * first). */
#include "ccgpu_policy.h"
#include <stdio.h>
#include <stdlib.h>

struct rr {
    uint32_t next, total;
};

static int rr_init(struct cta_sched *cs, const char *args, char *err, size_t errlen)
{
    if (args && *args) {
        snprintf(err, errlen, "ccgpu_cta_sched rr takes no arguments (got '%s')", args);
        return -1;
    }
    if (!(cs->state = calloc(1, sizeof(struct rr)))) {
        snprintf(err, errlen, "ccgpu_cta_sched rr: out of memory");
        return -1;
    }
    return 0;
}

static void rr_free(struct cta_sched *cs)
{
    free(cs->state);
}

static int rr_launch(struct cta_sched *cs, const struct cta_sched_launch *l, char *err,
                     size_t errlen)
{
    (void)err;
    (void)errlen;
    struct rr *s = cs->state;
    s->next = 0;
    s->total = l->num_ctas;
    return 0;
}

static uint32_t rr_next(struct cta_sched *cs, uint32_t sm, uint32_t resident, uint64_t now)
{
    (void)sm;
    (void)resident;
    (void)now;
    struct rr *s = cs->state;
    return s->next < s->total ? s->next++ : CTA_SCHED_NONE;
}

const struct cta_sched_ops cta_sched_rr = {
    .version = 1,
    .name = "rr",
    .init = rr_init,
    .free = rr_free,
    .on_launch = rr_launch,
    .next_cta = rr_next,
};
