#include "policy/warp/warp_sched.h"
#include "policy/guard.h"
#include "policy/plugin.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WARP_SCHED(sym) extern const struct warp_sched_ops sym;
#include "policy/warp/warp_sched.def"
#undef WARP_SCHED

const struct warp_sched_ops *const warp_sched_table[] = {
#define WARP_SCHED(sym) &sym,
#include "policy/warp/warp_sched.def"
#undef WARP_SCHED
    NULL,
};

static int name_is(const char *name, const char *spec, size_t len)
{
    return name && strlen(name) == len && strncmp(name, spec, len) == 0;
}

int warp_sched_init(struct warp_sched *ws, const char *spec, const struct warp_sched_env *env,
                    char *err, size_t errlen)
{
    const char *colon = strchr(spec, ':');
    size_t namelen = colon ? (size_t)(colon - spec) : strlen(spec);
    const char *args = colon ? colon + 1 : NULL;
    memset(ws, 0, sizeof *ws);
    if (env->n_sched == 0 || env->n_slots == 0) {
        snprintf(err, errlen, "warp scheduler %s: no warp slots or schedulers", spec);
        return -1;
    }
    ws->env = *env;
    if (policy_is_plugin(spec)) {
        const void *ops;
        if (policy_plugin_load(spec, POLICY_WARP_SCHED, &ops, &args, err, errlen))
            return -1;
        /* its answers checked where they enter the simulator (guard.h) */
        if (!(ws->ops = policy_guard_warp(ops, spec, env))) {
            snprintf(err, errlen, "warp scheduler %s: out of memory", spec);
            return -1;
        }
        if (ws->ops->init && ws->ops->init(ws, args, err, errlen)) {
            policy_guard_warp_free(ws->ops);
            ws->ops = NULL;
            return -1;
        }
        return 0;
    }
    for (int i = 0; warp_sched_table[i]; i++) {
        const struct warp_sched_ops *ops = warp_sched_table[i];
        if (name_is(ops->name, spec, namelen) || name_is(ops->alias, spec, namelen)) {
            ws->ops = ops;
            return ops->init ? ops->init(ws, args, err, errlen) : 0;
        }
    }
    snprintf(err, errlen, "gpgpu_scheduler: unknown warp scheduler '%.*s' (lrr, gto, 2lvl, oldest, swl, warp_limiting, two_level_active, ccws, dwt)",
             (int)namelen, spec);
    return -1;
}

int ccgpu_warp_long_wait(const struct warp_sched *ws, uint32_t slot, uint64_t at)
{
    const struct policy_gpu *g = ws->env.gpu;
    return g && g->long_wait ? g->long_wait(g->long_wait_ctx, ws->env.sm, slot, at) : 0;
}

void warp_sched_free(struct warp_sched *ws)
{
    if (ws->ops && ws->ops->free)
        ws->ops->free(ws);
    policy_guard_warp_free(ws->ops);
    ws->state = NULL;
    ws->ops = NULL;
}

struct cache_hooks warp_sched_l1_hooks(struct warp_sched *ws)
{
    struct cache_hooks h = { ws, ws->ops->l1_access, ws->ops->l1_reserve, ws->ops->l1_evict };
    if (ws->ops == &warp_sched_swl && !warp_sched_swl_watches_l1(ws))
        h.on_access = NULL, h.on_reserve = NULL, h.on_evict = NULL; /* they do nothing then */
    return h;
}

int warp_ages_init(struct warp_ages *a, const struct warp_sched_env *env)
{
    memset(a, 0, sizeof *a);
    a->n_sched = env->n_sched;
    a->per_sched = (env->n_slots + env->n_sched - 1) / env->n_sched;
    a->count = calloc(env->n_sched, sizeof *a->count);
    a->slot = calloc((size_t)env->n_sched * a->per_sched, sizeof *a->slot);
    a->age = calloc(env->n_slots, sizeof *a->age);
    if (!a->count || !a->slot || !a->age) {
        warp_ages_free(a);
        return -1;
    }
    return 0;
}

void warp_ages_free(struct warp_ages *a)
{
    free(a->count);
    free(a->slot);
    free(a->age);
    memset(a, 0, sizeof *a);
}

void warp_ages_add(struct warp_ages *a, uint32_t slot, uint64_t age)
{
    uint32_t s = slot % a->n_sched;
    uint32_t *list = &a->slot[(size_t)s * a->per_sched];
    uint32_t n = a->count[s], i = n;
    a->age[slot] = age;
    /* ages normally arrive in increasing order: the loop rarely moves */
    while (i > 0 && a->age[list[i - 1]] > age) {
        list[i] = list[i - 1];
        i--;
    }
    list[i] = slot;
    a->count[s] = n + 1;
}

void warp_ages_remove(struct warp_ages *a, uint32_t slot)
{
    uint32_t s = slot % a->n_sched;
    uint32_t *list = &a->slot[(size_t)s * a->per_sched];
    uint32_t n = a->count[s];
    for (uint32_t i = 0; i < n; i++)
        if (list[i] == slot) {
            memmove(&list[i], &list[i + 1], (n - i - 1) * sizeof *list);
            a->count[s] = n - 1;
            return;
        }
}

int warp_sched_arg_u32(const char *policy, const char *args, uint32_t dflt, uint32_t *out,
                       char *err, size_t errlen)
{
    if (!args || !*args) {
        if (dflt == 0) {
            snprintf(err, errlen, "gpgpu_scheduler %s: needs an argument (%s:N)", policy, policy);
            return -1;
        }
        *out = dflt;
        return 0;
    }
    char *end;
    errno = 0;
    unsigned long v = strtoul(args, &end, 10);
    if (errno || *end || v == 0 || v > 1u << 16 || args[0] == '-') {
        snprintf(err, errlen, "gpgpu_scheduler %s: '%s' is not a positive integer", policy, args);
        return -1;
    }
    *out = (uint32_t)v;
    return 0;
}

int warp_sched_order_pure(const struct warp_sched_ops *ops)
{
    return ops == &warp_sched_gto || ops == &warp_sched_lrr || ops == &warp_sched_oldest ||
           ops == &warp_sched_swl;
}

int warp_sched_veto_repeatable(const struct warp_sched_ops *ops)
{
    /* swl's answer is a table the hooks keep; ccws's and dwt's record only
     * a veto's first cycle and bring their clock to now, as order does */
    return ops == &warp_sched_swl || ops == &warp_sched_warp_limiting ||
           ops == &warp_sched_ccws || ops == &warp_sched_dwt;
}

warp_sched_veto_epoch_fn warp_sched_veto_epoch_of(const struct warp_sched_ops *ops)
{
    return ops == &warp_sched_ccws ? warp_sched_ccws_veto_epoch : NULL;
}

warp_sched_allowed_fn warp_sched_allowed_of(const struct warp_sched_ops *ops)
{
    if (ops == &warp_sched_swl || ops == &warp_sched_warp_limiting)
        return warp_sched_swl_allowed;
    if (ops == &warp_sched_dwt)
        return warp_sched_dwt_allowed;
    return NULL;
}

warp_sched_first_fn warp_sched_first_of(const struct warp_sched_ops *ops)
{
    /* (a version-1 struct may end before the field) */
    return ops->version >= 2 ? ops->first : NULL;
}

warp_sched_atomic_fn warp_sched_atomic_of(const struct warp_sched_ops *ops)
{
    /* (a struct below version 3 may end before the field) */
    return ops->version >= 3 ? ops->on_warp_atomic : NULL;
}
