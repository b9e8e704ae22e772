#include "policy/bypass/bypass.h"
#include "policy/warp/dwt_coord.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BYPASS(sym) extern const struct bypass_ops sym;
#include "policy/bypass/bypass.def"
#undef BYPASS

const struct bypass_ops *const bypass_table[] = {
#define BYPASS(sym) &sym,
#include "policy/bypass/bypass.def"
#undef BYPASS
    NULL,
};

int bypass_init(struct bypass *bp, const char *spec, const struct bypass_env *env, char *err,
                size_t errlen)
{
    const char *colon = strchr(spec, ':');
    size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
    memset(bp, 0, sizeof *bp);
    bp->env = *env;
    for (int i = 0; bypass_table[i]; i++)
        if (strlen(bypass_table[i]->name) == len && !strncmp(bypass_table[i]->name, spec, len)) {
            bp->ops = bypass_table[i];
            return bp->ops->init ? bp->ops->init(bp, colon ? colon + 1 : NULL, err, errlen) : 0;
        }
    snprintf(err, errlen, "ccgpu_bypass: unknown bypass policy '%.*s' (none, all, pc, fgcb)",
             (int)len, spec);
    return -1;
}

void bypass_free(struct bypass *bp)
{
    if (bp->ops && bp->ops->free)
        bp->ops->free(bp);
    bp->state = NULL;
    bp->ops = NULL;
}

static int parse_u(const char *v, uint64_t lo, uint64_t hi, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(v, &end, 10);
    if (errno || end == v || *end || v[0] == '-' || x < lo || x > hi)
        return -1;
    *out = x;
    return 0;
}

int bp_params_parse(struct bp_params *p, const char *name, const char *args, char *err,
                    size_t errlen)
{
    *p = (struct bp_params){ 1000, 800, 7, 10000, 0, 3, 0 };
    if (!args || !*args)
        return 0;
    char buf[256];
    if (strlen(args) >= sizeof buf) {
        snprintf(err, errlen, "ccgpu_bypass %s: arguments too long", name);
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", args);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(t, '=');
        uint64_t v;
        if (!eq)
            goto bad;
        *eq++ = '\0';
        if (!strcmp(t, "n") && !parse_u(eq, 1, 1u << 30, &v))
            p->n_acc = (uint32_t)v;
        else if (!strcmp(t, "m") && !parse_u(eq, 0, 1u << 30, &v))
            p->m_miss = (uint32_t)v;
        else if (!strcmp(t, "table") && !parse_u(eq, 1, 4096, &v))
            p->cap = (uint32_t)v;
        else if (!strcmp(t, "period") && !parse_u(eq, 1, 1ull << 40, &v))
            p->period = v;
        else if (!strcmp(t, "after") && (!strcmp(eq, "dwt") || !strcmp(eq, "start")))
            p->after_dwt = !strcmp(eq, "dwt");
        else if (!strcmp(t, "levels") &&
                 (!strcmp(eq, "l1") || !strcmp(eq, "l2") || !strcmp(eq, "both")))
            p->levels = !strcmp(eq, "l1") ? 1 : !strcmp(eq, "l2") ? 2 : 3;
        else if (!strcmp(t, "window") && (!strcmp(eq, "cycles") || !strcmp(eq, "accesses")))
            p->by_accesses = !strcmp(eq, "accesses");
        else {
            eq[-1] = '=';
            goto bad;
        }
        continue;
    bad:
        snprintf(err, errlen, "ccgpu_bypass %s: bad argument '%s' (n=ACCESSES, m=MISSES, "
                              "table=ENTRIES, period=CYCLES, after=start|dwt, levels=l1|l2|both, "
                              "window=cycles|accesses)",
                 name, t);
        return -1;
    }
    if (p->m_miss >= p->n_acc) {
        snprintf(err, errlen, "ccgpu_bypass %s: m=%u must be below n=%u (misses > m among n "
                              "accesses)", name, p->m_miss, p->n_acc);
        return -1;
    }
    return 0;
}

int bp_table_init(struct bp_table *t, const struct bp_params *p)
{
    memset(t, 0, sizeof *t);
    t->p = *p;
    t->e = calloc(p->cap, sizeof *t->e);
    return t->e ? 0 : -1;
}

void bp_table_free(struct bp_table *t)
{
    free(t->e);
    t->e = NULL;
}

static void sync_launch(struct bp_table *t, const struct policy_gpu *g)
{
    if (t->launch != g->launch) {
        t->launch = g->launch;
        t->n = 0;
    }
}

static struct bp_entry *find(struct bp_table *t, uint64_t key)
{
    for (uint32_t i = 0; i < t->n; i++)
        if (t->e[i].key == key)
            return &t->e[i];
    return NULL;
}

void bp_table_seen(struct bp_table *t, const struct policy_gpu *g, uint64_t key, int level,
                   int miss, uint64_t now)
{
    sync_launch(t, g);
    if (!(t->p.levels & (1 << level)))
        return;
    uint64_t start = g->kernel_start;
    if (t->p.after_dwt) {
        start = g->dwt ? dwt_coord_fgcb_at(g->dwt, g, now) : g->kernel_start;
        if (start == DWT_NEVER)
            return;
    }
    struct bp_entry *e = find(t, key);
    if (e && e->state[level] == BP_CACHE) {
        t->cached_after[level][0]++;
        t->cached_after[level][1] += miss != 0;
        return;
    }
    if (now < start || (!t->p.by_accesses && now - start >= t->p.period))
        return; /* outside the sampling window */
    if (!e) {
        if (t->n == t->p.cap)
            return; /* table full: never sampled, never bypassed */
        e = &t->e[t->n++];
        memset(e, 0, sizeof *e);
        e->key = key;
    }
    if (e->state[level] != BP_UNDECIDED)
        return;
    e->acc[level]++;
    e->miss[level] += miss != 0;
    if (e->acc[level] == t->p.n_acc) {
        e->state[level] = e->miss[level] > t->p.m_miss ? BP_BYPASS : BP_CACHE;
        t->decided[level][e->state[level] == BP_BYPASS]++;
        if (e->state[level] == BP_CACHE) {
            t->cached_sample[level][0] += e->acc[level];
            t->cached_sample[level][1] += e->miss[level];
        }
    }
}

int bp_table_bypass(struct bp_table *t, const struct policy_gpu *g, uint64_t key, int level)
{
    sync_launch(t, g);
    const struct bp_entry *e = find(t, key);
    if (e && e->state[level] == BP_BYPASS) {
        t->bypassed[level]++;
        return 1;
    }
    return 0;
}

void bp_table_cached_counters(const struct bp_table *t, uint64_t *out)
{
    for (int l = 0; l < 2; l++) {
        out[4 * l + 0] = t->cached_sample[l][0];
        out[4 * l + 1] = t->cached_sample[l][1];
        out[4 * l + 2] = t->cached_after[l][0];
        out[4 * l + 3] = t->cached_after[l][1];
    }
}
