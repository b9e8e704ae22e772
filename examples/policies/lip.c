/* lip: LRU Insertion Policy (Qureshi et al., ISCA 2007), a replacement
 * policy for thrashing access patterns: a new line is inserted at the LRU
 * position and becomes MRU only when it is hit again, so a stream larger
 * than the cache keeps part of the working set instead of flushing all of
 * it. Victims are chosen by LRU among the eligible ways.
 *
 *   cc -shared -fPIC -fvisibility=hidden $(pkg-config --cflags ccgpu) -o lip.so lip.c
 *   ccgpu policy-check ./lip.so
 *   ccgpu run kmeans -o ccgpu_l1_repl=plugin:./lip.so */
#include <ccgpu_policy.h>
#include <stdio.h>
#include <stdlib.h>

struct lip {
    uint64_t *stamp; /* per way: higher = more recently used */
    uint64_t clock;  /* counts hits: MRU stamps */
};

static int lip_init(struct cache_repl *r, const char *args, char *err, size_t errlen)
{
    struct lip *s = calloc(1, sizeof *s);
    if (args && *args) {
        snprintf(err, errlen, "lip takes no arguments");
        free(s);
        return -1;
    }
    if (!s || !(s->stamp = calloc((size_t)r->nsets * r->assoc, sizeof *s->stamp))) {
        snprintf(err, errlen, "lip: out of memory");
        free(s);
        return -1;
    }
    s->clock = 1;
    r->state = s;
    return 0;
}

static void lip_free(struct cache_repl *r)
{
    struct lip *s = r->state;
    free(s->stamp);
    free(s);
}

static void lip_hit(struct cache_repl *r, uint32_t set, uint32_t way)
{
    struct lip *s = r->state;
    s->stamp[(size_t)set * r->assoc + way] = ++s->clock;
}

/* a filled way enters at the LRU position: stamp 0, older than any line
 * that has been hit */
static void lip_fill(struct cache_repl *r, uint32_t set, uint32_t way)
{
    struct lip *s = r->state;
    s->stamp[(size_t)set * r->assoc + way] = 0;
}

static int lip_victim(struct cache_repl *r, uint32_t set, const uint64_t *eligible)
{
    struct lip *s = r->state;
    return cache_repl_oldest_eligible(&s->stamp[(size_t)set * r->assoc], r->assoc, eligible);
}

static const struct cache_repl_ops lip = {
    .version = 1,
    .name = "lip",
    .init = lip_init,
    .free = lip_free,
    .on_hit = lip_hit,
    .on_fill = lip_fill,
    .choose_victim = lip_victim,
};

CCGPU_POLICY_PLUGIN(.cache_repl = &lip);
