/* AWSS schedule follower: phases of equal TLP, a synchronisation between
 * them (see follow.h for the reading). */
#include "cta/follow.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cta_follow_free(struct cta_follow *f)
{
    awss_schedule_free(&f->s);
    free(f->phase_end);
    free(f->phase_tlp);
    memset(f, 0, sizeof *f);
}

int cta_follow_start(struct cta_follow *f, struct awss_schedule *s, uint32_t nctas,
                     uint32_t gpu_slots, int every, const char *what, char *err, size_t errlen)
{
    cta_follow_free(f);
    f->s = *s;
    awss_schedule_init(s);
    const struct awss_schedule *t = &f->s;
    if (t->nctas != nctas) {
        snprintf(err, errlen, "%s: schedule covers %u CTAs, the launch has %u", what, t->nctas,
                 nctas);
        goto fail;
    }
    uint8_t *seen = calloc(nctas ? nctas : 1, 1);
    f->phase_end = malloc((t->nsteps + 1) * sizeof *f->phase_end);
    f->phase_tlp = malloc((t->nsteps + 1) * sizeof *f->phase_tlp);
    if (!seen || !f->phase_end || !f->phase_tlp) {
        free(seen);
        snprintf(err, errlen, "%s: out of memory", what);
        goto fail;
    }
    for (uint32_t j = 0; j < t->start[t->nsteps]; j++) {
        uint32_t id = t->order[j];
        if (id >= nctas || seen[id]) {
            snprintf(err, errlen, "%s: CTA %u %s", what, id,
                     id >= nctas ? "does not exist" : "is named twice");
            free(seen);
            goto fail;
        }
        seen[id] = 1;
    }
    for (uint32_t id = 0; id < nctas; id++)
        if (!seen[id]) {
            snprintf(err, errlen, "%s: CTA %u is missing from the schedule", what, id);
            free(seen);
            goto fail;
        }
    free(seen);
    f->nphases = 0;
    for (uint32_t st = 0; st < t->nsteps; st++) {
        uint32_t tlp = awss_step_tlp(t, st);
        if (tlp > gpu_slots) {
            snprintf(err, errlen,
                     "%s: step %u runs %u CTAs together, more than the %u this launch's "
                     "occupancy allows on all SMs",
                     what, st, tlp, gpu_slots);
            goto fail;
        }
        if (!every && f->nphases && f->phase_tlp[f->nphases - 1] == tlp)
            f->phase_end[f->nphases - 1] = t->start[st + 1];
        else {
            f->phase_tlp[f->nphases] = tlp;
            f->phase_end[f->nphases++] = t->start[st + 1];
        }
    }
    f->phase = f->pos = f->resident = 0;
    f->waiting = 0;
    f->syncs = 0;
    return 0;
fail:
    cta_follow_free(f);
    return -1;
}

uint32_t cta_follow_next(struct cta_follow *f)
{
    if (f->waiting || f->phase >= f->nphases || f->pos >= f->phase_end[f->phase] ||
        f->resident >= f->phase_tlp[f->phase])
        return UINT32_MAX;
    f->resident++;
    return f->s.order[f->pos++];
}

int cta_follow_done(struct cta_follow *f)
{
    if (f->resident)
        f->resident--;
    if (f->resident || f->phase >= f->nphases || f->pos < f->phase_end[f->phase])
        return 0;
    f->phase++;
    if (f->phase >= f->nphases)
        return 0;
    f->waiting = 1;
    f->syncs++;
    return 1;
}

void cta_follow_wake(struct cta_follow *f)
{
    f->waiting = 0;
}
