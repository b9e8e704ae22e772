/* L1/L2 locality by type from an L1D stream; see locality_levels.h. */
#include "analysis/locality_levels.h"
#include "analysis/blockmap.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GROUP_MAX 256 /* lines of one instruction tracked (a longer run is split) */

/* One SM's state. */
struct lv_sm {
    int live; /* 1: l1, 2: + l1_unb, 3: + refs */
    struct cachesim l1, l1_unb;
    struct blockmap refs; /* block -> references this kernel (saturating at 2) */
    uint64_t once;        /* lines of refs referenced exactly once */
    /* the instruction being grouped */
    int have;
    uint32_t warp, pc;
    uint16_t kernel;
    uint32_t n;
    uint64_t block[GROUP_MAX];
};

struct lv_state {
    struct lv_sm *sm;
    uint32_t nsm;
    int l2_live; /* 1: l2, 2: + l2_unb */
    struct cachesim l2, l2_unb;
};

static void free_sm(struct lv_sm *s)
{
    if (s->live >= 1)
        cachesim_free(&s->l1);
    if (s->live >= 2)
        cachesim_free(&s->l1_unb);
    if (s->live >= 3)
        blockmap_free(&s->refs);
    s->live = 0;
}

static void free_state(struct lv_state *st)
{
    for (uint32_t i = 0; i < st->nsm; i++)
        free_sm(&st->sm[i]);
    free(st->sm);
    if (st->l2_live >= 1)
        cachesim_free(&st->l2);
    if (st->l2_live >= 2)
        cachesim_free(&st->l2_unb);
}

static struct lv_sm *sm_for(struct lv_state *st, uint16_t id, const struct locality_levels_config *cfg,
                            char *err, size_t errlen)
{
    if (id >= st->nsm) {
        uint32_t n = (uint32_t)id + 1;
        struct lv_sm *p = realloc(st->sm, n * sizeof *p);
        if (!p) {
            snprintf(err, errlen, "out of memory");
            return NULL;
        }
        memset(p + st->nsm, 0, (n - st->nsm) * sizeof *p);
        st->sm = p;
        st->nsm = n;
    }
    struct lv_sm *s = &st->sm[id];
    if (s->live)
        return s;
    if (cachesim_init(&s->l1, &cfg->l1, err, errlen) != 0)
        return NULL;
    s->live = 1;
    struct cachesim_config u = cfg->l1;
    u.unbounded = 1;
    if (cachesim_init(&s->l1_unb, &u, err, errlen) != 0)
        return NULL;
    s->live = 2;
    if (blockmap_init(&s->refs, 1024) != 0) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->live = 3;
    return s;
}

/* The instruction grouped so far ends: does one L1 set get more of its
 * lines than it has ways? */
static void group_end(struct lv_sm *s, struct locality_levels_result *res)
{
    if (!s->have)
        return;
    s->have = 0;
    res->mem_insts++;
    const struct cachesim *c = &s->l1;
    if (c->cfg.unbounded || c->nsets == 0)
        return;
    uint32_t worst = 0;
    for (uint32_t i = 0; i < s->n; i++) {
        uint32_t set_i = c->nsets == 1 ? 0 : cache_index_set(&c->index, s->block[i]);
        uint32_t same = 0;
        for (uint32_t j = 0; j < s->n; j++)
            same += (c->nsets == 1 ? 0 : cache_index_set(&c->index, s->block[j])) == set_i;
        if (same > worst)
            worst = same;
    }
    if (worst > c->assoc) {
        res->iw_conflict_insts++;
        res->iw_conflict_accesses += s->n;
    }
}

static void group_add(struct lv_sm *s, const struct trace_record *r, struct locality_levels_result *res)
{
    int same = s->have && s->kernel == r->kernel && s->warp == r->warp && s->pc == r->pc &&
               s->n < GROUP_MAX;
    for (uint32_t i = 0; same && i < s->n; i++)
        if (s->block[i] == r->block)
            same = 0; /* a line twice: the next dynamic instance */
    if (!same) {
        group_end(s, res);
        s->have = 1;
        s->kernel = r->kernel;
        s->warp = r->warp;
        s->pc = r->pc;
        s->n = 0;
    }
    s->block[s->n++] = r->block;
}

/* Kernel boundary: the L1s are emptied; lines referenced once are final. */
static int new_kernel(struct lv_state *st, struct locality_levels_result *res)
{
    for (uint32_t i = 0; i < st->nsm; i++) {
        struct lv_sm *s = &st->sm[i];
        if (!s->live)
            continue;
        group_end(s, res);
        cachesim_flush(&s->l1);
        cachesim_flush(&s->l1_unb);
        res->once_accesses += s->once;
        s->once = 0;
        blockmap_free(&s->refs);
        if (blockmap_init(&s->refs, 1024) != 0) {
            s->live = 2;
            return -1;
        }
    }
    return 0;
}

static int count_ref(struct lv_sm *s, uint64_t block)
{
    int added;
    uint32_t *v = blockmap_insert(&s->refs, block, 1, &added);
    if (!v)
        return -1;
    if (added)
        s->once++;
    else if (*v == 1) {
        *v = 2;
        s->once--;
    }
    return 0;
}

/* What the bounded L1 sends to the L2 for r (outcome o): 1 = an access. */
static int goes_down(const struct cachesim_config *l1, const struct trace_record *r, int o)
{
    if (o == CACHESIM_SKIPPED)
        return 0;
    if (!r->write)
        return o == CACHESIM_MISS;
    if (cachesim_write_mode(l1, r) == CACHESIM_WRITES_ALLOCATE)
        return o == CACHESIM_MISS; /* the fetch of the line (the store stays above) */
    return 1;                      /* write-evict / write-through: every store */
}

static int l2_access(struct lv_state *st, const struct locality_levels_config *cfg,
                     const struct trace_record *r1, int fetch, struct locality_levels_result *res)
{
    struct trace_record r = *r1;
    r.block /= cfg->l2_factor;
    if (fetch)
        r.write = 0; /* a write-allocate L1 fetches the line it will write */
    struct cachesim_owner owner;
    int o = cachesim_access(&st->l2, &r, CACHESIM_NEVER, &owner);
    if (o < 0)
        return -1;
    locality_account(&res->l2, &r, o, &owner);
    o = cachesim_access(&st->l2_unb, &r, CACHESIM_NEVER, &owner);
    if (o < 0)
        return -1;
    locality_account(&res->l2_unb, &r, o, &owner);
    return 0;
}

int locality_levels_run(const struct locality_levels_config *cfg, struct access_source *src,
                        struct locality_levels_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    if (cfg->l1.unbounded || cfg->l1.policy == CACHESIM_OPT || cfg->l1.policy == CACHESIM_OPT_BYPASS ||
        (cfg->l2_enabled && (cfg->l2.unbounded || cfg->l2.policy == CACHESIM_OPT ||
                             cfg->l2.policy == CACHESIM_OPT_BYPASS))) {
        snprintf(err, errlen, "locality levels: the bounded caches need an online policy (not OPT)");
        return -1;
    }
    if (cfg->l2_enabled && (cfg->l2_factor == 0 || (cfg->l2_factor & (cfg->l2_factor - 1)))) {
        snprintf(err, errlen, "locality levels: L2 line is not a power-of-two multiple of the L1 line");
        return -1;
    }
    struct lv_state st;
    memset(&st, 0, sizeof st);
    int rc = -1, s;
    if (cfg->l2_enabled) {
        if (cachesim_init(&st.l2, &cfg->l2, err, errlen) != 0)
            goto done;
        st.l2_live = 1;
        struct cachesim_config u = cfg->l2;
        u.unbounded = 1;
        if (cachesim_init(&st.l2_unb, &u, err, errlen) != 0)
            goto done;
        st.l2_live = 2;
    }
    struct trace_record r;
    uint32_t kernel = 0;
    while ((s = src->next(src->ctx, &r)) == 1) {
        res->records++;
        if (r.kernel != kernel) {
            if (new_kernel(&st, res) != 0)
                goto oom;
            kernel = r.kernel;
        }
        struct lv_sm *sm = sm_for(&st, r.sm, cfg, err, errlen);
        if (!sm)
            goto done;
        struct cachesim_owner owner;
        int o = cachesim_access(&sm->l1, &r, CACHESIM_NEVER, &owner);
        if (o < 0)
            goto oom;
        locality_account(&res->l1, &r, o, &owner);
        int u = cachesim_access(&sm->l1_unb, &r, CACHESIM_NEVER, &owner);
        if (u < 0)
            goto oom;
        locality_account(&res->l1_unb, &r, u, &owner);
        if (o != CACHESIM_SKIPPED) {
            if (count_ref(sm, r.block) != 0)
                goto oom;
            group_add(sm, &r, res);
        }
        if (cfg->l2_enabled && goes_down(&cfg->l1, &r, o) &&
            l2_access(&st, cfg, &r, r.write && cachesim_write_mode(&cfg->l1, &r) == CACHESIM_WRITES_ALLOCATE,
                      res) != 0)
            goto oom;
    }
    if (s < 0) {
        snprintf(err, errlen, "%s", src->error(src->ctx));
        goto done;
    }
    if (new_kernel(&st, res) != 0)
        goto oom;
    rc = 0;
    goto done;
oom:
    snprintf(err, errlen, "record %llu: out of memory (or a set index out of range)",
             (unsigned long long)res->records);
done:
    free_state(&st);
    return rc;
}
