/* random[:SEED] — the clustering paper's third dispatcher model (ASPLOS 2017,
 * Sec. 3.1, seen on GTX750Ti): CTAs go to SMs at random within each
 * turnaround. Reading: a turnaround is the next SMs x CTAs-per-SM CTAs in id
 * order; an SM with room gets a CTA drawn uniformly from the turnaround's
 * undispatched CTAs (the next turnaround opens when it is drawn empty).
 * Seeded per launch (SEED + launch index, splitmix64): deterministic. */
#include "ccgpu_policy.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

struct rnd {
    uint64_t seed, state;
    uint32_t total, window, opened; /* CTAs put in the pool so far */
    uint32_t *pool, npool, cap;
};

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int rnd_init(struct cta_sched *cs, const char *args, char *err, size_t errlen)
{
    struct rnd *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "ccgpu_cta_sched random: out of memory");
        return -1;
    }
    if (args && *args) {
        char *end = NULL;
        errno = 0;
        s->seed = strtoull(args, &end, 10);
        if (*end || errno || *args == '-') {
            snprintf(err, errlen, "ccgpu_cta_sched random:SEED needs a non-negative integer (got '%s')",
                     args);
            free(s);
            return -1;
        }
    }
    cs->state = s;
    return 0;
}

static void rnd_free(struct cta_sched *cs)
{
    struct rnd *s = cs->state;
    if (s)
        free(s->pool);
    free(s);
}

static int rnd_launch(struct cta_sched *cs, const struct cta_sched_launch *l, char *err,
                      size_t errlen)
{
    struct rnd *s = cs->state;
    s->total = l->num_ctas;
    s->window = l->num_sms * l->max_ctas_per_sm;
    if (!s->window)
        s->window = 1;
    if (s->window > s->cap) {
        uint32_t *p = realloc(s->pool, (size_t)s->window * sizeof *p);
        if (!p) {
            snprintf(err, errlen, "ccgpu_cta_sched random: out of memory");
            return -1;
        }
        s->pool = p;
        s->cap = s->window;
    }
    s->state = s->seed + l->launch;
    s->opened = s->npool = 0;
    return 0;
}

static uint32_t rnd_next(struct cta_sched *cs, uint32_t sm, uint32_t resident, uint64_t now)
{
    (void)sm;
    (void)resident;
    (void)now;
    struct rnd *s = cs->state;
    if (!s->npool) {
        while (s->npool < s->window && s->opened < s->total)
            s->pool[s->npool++] = s->opened++;
        if (!s->npool)
            return CTA_SCHED_NONE;
    }
    uint32_t k = (uint32_t)(splitmix(&s->state) % s->npool);
    uint32_t id = s->pool[k];
    s->pool[k] = s->pool[--s->npool];
    return id;
}

const struct cta_sched_ops cta_sched_random = {
    .version = 1,
    .name = "random",
    .init = rnd_init,
    .free = rnd_free,
    .on_launch = rnd_launch,
    .next_cta = rnd_next,
};
