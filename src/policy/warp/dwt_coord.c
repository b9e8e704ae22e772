#include "policy/warp/dwt_coord.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_u64(const char *v, uint64_t lo, uint64_t hi, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(v, &end, 10);
    if (errno || end == v || *end || v[0] == '-' || x < lo || x > hi)
        return -1;
    *out = x;
    return 0;
}

int dwt_params_parse(struct dwt_params *p, const char *policy, const char *args, char *err,
                     size_t errlen)
{
    *p = (struct dwt_params){ 10000, 10.0, 3, 3, 200, 5, 1, 0 };
    char buf[256];
    if (!args || !*args)
        return 0;
    if (strlen(args) >= sizeof buf) {
        snprintf(err, errlen, "gpgpu_scheduler %s: arguments too long", policy);
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", args);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(t, '=');
        uint64_t v = 0;
        if (!eq)
            goto bad;
        *eq++ = '\0';
        if (!strcmp(t, "p") && !parse_u64(eq, 1, 1ull << 40, &v))
            p->period = v;
        else if (!strcmp(t, "n") && !parse_u64(eq, 1, 1000, &v))
            p->n_detect = (uint32_t)v;
        else if (!strcmp(t, "m") && !parse_u64(eq, 1, 1000, &v))
            p->m_sample = (uint32_t)v;
        else if (!strcmp(t, "delay") && !parse_u64(eq, 0, 1u << 30, &v))
            p->delay = (uint32_t)v;
        else if (!strcmp(t, "mem") && !parse_u64(eq, 0, DWT_MEM_MAX, &v))
            p->mem = (uint32_t)v;
        else if (!strcmp(t, "unit") && (!strcmp(eq, "thread") || !strcmp(eq, "warp")))
            p->thread_insts = !strcmp(eq, "thread");
        else if (!strcmp(t, "detect") && (!strcmp(eq, "first") || !strcmp(eq, "consecutive")))
            p->first = !strcmp(eq, "first");
        else if (!strcmp(t, "mpki")) {
            char *end;
            errno = 0;
            double d = strtod(eq, &end);
            if (errno || end == eq || *end || !(d >= 0) || d > 1e9)
                goto bad;
            p->mpki = d;
        } else {
            eq[-1] = '=';
            goto bad;
        }
        continue;
    bad:
        snprintf(err, errlen, "gpgpu_scheduler %s: bad argument '%s' (p=CYCLES, mpki=X, n=N, "
                              "m=M, delay=CYCLES, mem=0..%d, unit=thread|warp, "
                              "detect=consecutive|first)",
                 policy, t, DWT_MEM_MAX);
        return -1;
    }
    return 0;
}

struct dwt_coord *dwt_coord_get(struct policy_gpu *g, const struct dwt_params *p,
                                uint32_t max_limit)
{
    if (g->dwt)
        return g->dwt;
    struct dwt_coord *c = calloc(1, sizeof *c);
    if (!c || !(c->sm_insts = calloc(g->n_sms ? g->n_sms : 1, sizeof *c->sm_insts))) {
        free(c);
        return NULL;
    }
    c->p = *p;
    c->n_sms = g->n_sms;
    c->max_limit = max_limit ? max_limit : 1;
    c->next = DWT_NEVER;
    c->sample_start = c->sample_end = c->settled_at = DWT_NEVER;
    g->dwt = c;
    return c;
}

void dwt_coord_free(struct dwt_coord *c)
{
    if (!c)
        return;
    free(c->sm_insts);
    free(c);
}

void policy_gpu_release(struct policy_gpu *g)
{
    dwt_coord_free(g->dwt);
    g->dwt = NULL;
}

static void begin_launch(struct dwt_coord *c, const struct policy_gpu *g)
{
    c->launch = g->launch;
    c->start = g->kernel_start;
    snprintf(c->kernel, sizeof c->kernel, "%s", g->kernel);
    c->detecting = 1;
    c->periods = 0;
    c->run = 0;
    c->fgcb_at = DWT_NEVER;
    c->next = c->start + c->p.period;
    c->win_miss = c->win_insts = 0;
    c->sample_start = c->sample_end = c->settled_at = DWT_NEVER;
    c->limit = 0;
    memset(c->sm_insts, 0, c->n_sms * sizeof *c->sm_insts);
    c->launches++;
}

static int memo_find(const struct dwt_coord *c)
{
    for (uint32_t i = 0; i < c->nmemo; i++)
        if (!strcmp(c->memo[i].name, c->kernel))
            return (int)i;
    return -1;
}

static void settle(struct dwt_coord *c, uint64_t at, uint32_t limit)
{
    c->settled_at = at;
    if (c->fgcb_at == DWT_NEVER)
        c->fgcb_at = at;
    c->limit = limit;
    c->next = DWT_NEVER;
    c->limit_sum += limit;
    c->last_limit = limit;
}

/* The detection window ending at c->next closed. */
static void close_detect(struct dwt_coord *c)
{
    uint64_t b = c->next;
    int above = c->win_insts && 1000.0 * (double)c->win_miss / (double)c->win_insts > c->p.mpki;
    c->periods++;
    c->run = above ? c->run + 1 : 0;
    c->win_miss = c->win_insts = 0;
    if (!above && c->p.first) {
        c->detecting = 0;
        settle(c, b, 0);
        return;
    }
    if (c->run < c->p.n_detect) {
        if (c->periods == c->p.n_detect)
            c->fgcb_at = b; /* the first N periods found no thrashing */
        c->next = b + c->p.period;
        return;
    }
    c->detecting = 0;
    c->thrashing++;
    int m = memo_find(c);
    if (m >= 0) {
        c->remembered++;
        settle(c, b + c->p.delay, c->memo[m].limit);
        return;
    }
    c->sampled++;
    c->sample_start = b + c->p.delay;
    c->sample_end = c->sample_start + c->p.m_sample * c->p.period;
    c->next = c->sample_end;
}

/* The sampling window closed: the most instructions wins. */
static void close_sample(struct dwt_coord *c)
{
    uint32_t best = 0;
    for (uint32_t i = 1; i < c->n_sms; i++)
        if (c->sm_insts[i] > c->sm_insts[best])
            best = i;
    uint32_t limit = best + 1 < c->max_limit ? best + 1 : c->max_limit;
    if (c->p.mem) {
        int m = memo_find(c);
        if (m < 0) {
            m = (int)(c->nmemo < c->p.mem ? c->nmemo++ : c->memo_next);
            c->memo_next = (c->memo_next + (c->nmemo == c->p.mem)) % c->p.mem;
            snprintf(c->memo[m].name, sizeof c->memo[m].name, "%s", c->kernel);
        }
        c->memo[m].limit = limit;
    }
    settle(c, c->sample_end + c->p.delay, limit);
}

void dwt_coord_advance(struct dwt_coord *c, const struct policy_gpu *g, uint64_t now)
{
    if (c->launch != g->launch)
        begin_launch(c, g);
    while (c->next <= now) {
        if (c->detecting)
            close_detect(c);
        else
            close_sample(c);
    }
}

void dwt_coord_count_miss(struct dwt_coord *c, const struct policy_gpu *g, uint64_t now)
{
    dwt_coord_advance(c, g, now);
    if (c->detecting)
        c->win_miss++;
}

void dwt_coord_count_insts(struct dwt_coord *c, const struct policy_gpu *g, uint32_t sm,
                           uint32_t insts, uint64_t now)
{
    dwt_coord_advance(c, g, now);
    if (c->detecting)
        c->win_insts += insts;
    else if (now >= c->sample_start && now < c->sample_end && sm < c->n_sms)
        c->sm_insts[sm] += insts;
}

uint32_t dwt_coord_limit(struct dwt_coord *c, const struct policy_gpu *g, uint32_t sm,
                         uint64_t now)
{
    dwt_coord_advance(c, g, now);
    if (now >= c->settled_at)
        return c->limit;
    if (now >= c->sample_start)
        return sm + 1 < c->max_limit ? sm + 1 : c->max_limit;
    return 0;
}

uint64_t dwt_coord_next_event(struct dwt_coord *c, const struct policy_gpu *g, uint64_t now)
{
    dwt_coord_advance(c, g, now);
    uint64_t t = c->next;
    if (c->sample_start > now && c->sample_start < t)
        t = c->sample_start;
    if (c->settled_at > now && c->settled_at < t)
        t = c->settled_at;
    return t;
}

uint64_t dwt_coord_settled(struct dwt_coord *c, const struct policy_gpu *g, uint64_t now)
{
    dwt_coord_advance(c, g, now);
    return c->settled_at;
}

uint64_t dwt_coord_fgcb_at(struct dwt_coord *c, const struct policy_gpu *g, uint64_t now)
{
    dwt_coord_advance(c, g, now);
    return c->fgcb_at;
}
