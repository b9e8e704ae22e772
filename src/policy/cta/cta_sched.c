#include "policy/cta/cta_sched.h"
#include "policy/plugin.h"
#include <stdio.h>
#include <string.h>

#define CTA_SCHED(sym) extern const struct cta_sched_ops sym;
#include "policy/cta/cta_sched.def"
#undef CTA_SCHED

const struct cta_sched_ops *const cta_sched_table[] = {
#define CTA_SCHED(sym) &sym,
#include "policy/cta/cta_sched.def"
#undef CTA_SCHED
    NULL,
};

static int name_is(const char *name, const char *spec, size_t len)
{
    return name && strlen(name) == len && strncmp(name, spec, len) == 0;
}

int cta_sched_init(struct cta_sched *cs, const char *spec, uint32_t num_sms, char *err,
                   size_t errlen)
{
    const char *colon = strchr(spec, ':');
    size_t namelen = colon ? (size_t)(colon - spec) : strlen(spec);
    const char *args = colon ? colon + 1 : NULL;
    memset(cs, 0, sizeof *cs);
    cs->num_sms = num_sms;
    cs->wake = CTA_SCHED_NEVER;
    if (policy_is_plugin(spec)) {
        const void *ops;
        if (policy_plugin_load(spec, POLICY_CTA_SCHED, &ops, &args, err, errlen))
            return -1;
        cs->ops = ops;
        return cs->ops->init ? cs->ops->init(cs, args, err, errlen) : 0;
    }
    for (int i = 0; cta_sched_table[i]; i++) {
        const struct cta_sched_ops *ops = cta_sched_table[i];
        if (name_is(ops->name, spec, namelen) || name_is(ops->alias, spec, namelen)) {
            cs->ops = ops;
            return ops->init ? ops->init(cs, args, err, errlen) : 0;
        }
    }
    snprintf(err, errlen, "ccgpu_cta_sched: unknown CTA dispatch policy '%.*s'", (int)namelen,
             spec);
    return -1;
}

void cta_sched_free(struct cta_sched *cs)
{
    if (cs->ops && cs->ops->free)
        cs->ops->free(cs);
    cs->state = NULL;
    cs->ops = NULL;
}
