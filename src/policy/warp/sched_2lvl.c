/* 2LVL-GTO (ccws-micro2012 §5.1, after Narasiman et al.): a scheduler's
 * warps are divided into fetch groups of G (default 2, the paper's best);
 * issue stays within the active group until none of its warps can issue,
 * then moves on; GTO both within a group (the warp that issued last first,
 * then oldest) and across groups (groups by the age of their oldest live
 * warp). Reading chosen: groups are fixed by warp slot (the scheduler's
 * k-th slot is in group k / G), as hardware fetch groups are, and the active
 * group is the group of the warp that issued last. */
#include "ccgpu_policy.h"
#include <stdio.h>
#include <stdlib.h>

#define NONE UINT32_MAX

struct twolvl {
    struct warp_ages ages;
    uint32_t g, ngroups;
    uint32_t *greedy;  /* per scheduler: slot that issued last, or NONE */
    uint32_t *cnt;     /* scratch: members per group */
    uint32_t *bucket;  /* scratch: [group * g + i] members in age order */
    uint32_t *gorder;  /* scratch: groups by age of their oldest warp */
};

static int twolvl_init(struct warp_sched *ws, const char *args, char *err, size_t errlen)
{
    uint32_t g;
    if (warp_sched_arg_u32("2lvl", args, 2, &g, err, errlen))
        return -1;
    struct twolvl *s = calloc(1, sizeof *s);
    if (!s)
        goto oom;
    ws->state = s;
    s->g = g;
    uint32_t per = (ws->env.n_slots + ws->env.n_sched - 1) / ws->env.n_sched;
    s->ngroups = (per + g - 1) / g;
    if (warp_ages_init(&s->ages, &ws->env) ||
        !(s->greedy = malloc(ws->env.n_sched * sizeof *s->greedy)) ||
        !(s->cnt = calloc(s->ngroups, sizeof *s->cnt)) ||
        !(s->bucket = calloc((size_t)s->ngroups * g, sizeof *s->bucket)) ||
        !(s->gorder = calloc(s->ngroups, sizeof *s->gorder)))
        goto oom;
    for (uint32_t i = 0; i < ws->env.n_sched; i++)
        s->greedy[i] = NONE;
    return 0;
oom:
    snprintf(err, errlen, "gpgpu_scheduler 2lvl: out of memory");
    return -1;
}

static void twolvl_free(struct warp_sched *ws)
{
    struct twolvl *s = ws->state;
    if (!s)
        return;
    warp_ages_free(&s->ages);
    free(s->greedy);
    free(s->cnt);
    free(s->bucket);
    free(s->gorder);
    free(s);
}

static void twolvl_assigned(struct warp_sched *ws, uint32_t slot, uint64_t age)
{
    warp_ages_add(&((struct twolvl *)ws->state)->ages, slot, age);
}

static void twolvl_exit(struct warp_sched *ws, uint32_t slot)
{
    struct twolvl *s = ws->state;
    warp_ages_remove(&s->ages, slot);
    if (s->greedy[slot % ws->env.n_sched] == slot)
        s->greedy[slot % ws->env.n_sched] = NONE;
}

static uint32_t twolvl_order(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out)
{
    (void)now;
    struct twolvl *s = ws->state;
    uint32_t n, k = 0, ng = 0, nsched = ws->env.n_sched;
    const uint32_t *list = warp_ages_list(&s->ages, sched, &n);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t grp = list[i] / nsched / s->g;
        if (s->cnt[grp] == 0)
            s->gorder[ng++] = grp;
        s->bucket[grp * s->g + s->cnt[grp]++] = list[i];
    }
    uint32_t gr = s->greedy[sched];
    uint32_t active = gr != NONE ? gr / nsched / s->g : NONE;
    if (active != NONE && s->cnt[active]) {
        out[k++] = gr;
        for (uint32_t j = 0; j < s->cnt[active]; j++)
            if (s->bucket[active * s->g + j] != gr)
                out[k++] = s->bucket[active * s->g + j];
    }
    for (uint32_t i = 0; i < ng; i++) {
        uint32_t grp = s->gorder[i];
        if (grp != active)
            for (uint32_t j = 0; j < s->cnt[grp]; j++)
                out[k++] = s->bucket[grp * s->g + j];
        s->cnt[grp] = 0;
    }
    return k;
}

static void twolvl_issue(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *inst,
                         uint64_t now)
{
    (void)inst;
    (void)now;
    ((struct twolvl *)ws->state)->greedy[slot % ws->env.n_sched] = slot;
}

const struct warp_sched_ops warp_sched_2lvl = {
    .version = 1,
    .name = "2lvl",
    .init = twolvl_init,
    .free = twolvl_free,
    .on_warp_assigned = twolvl_assigned,
    .on_warp_exit = twolvl_exit,
    .order = twolvl_order,
    .on_issue = twolvl_issue,
};
