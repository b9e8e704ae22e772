/* Every built-in policy passes the policy contract (src/policy/contract.h,
 * the checks `ccgpu policy-check` runs on plugins): warp schedulers with
 * their arguments, replacement policies, index functions, CTA dispatch.
 * And the contract can fail: crafted broken policies are rejected with a
 * message naming the rule they break. */
#include "check.h"
#include "policy/contract.h"
#include "policy/cache/cache_index.h"
#include "policy/cache/cache_repl.h"
#include "policy/cta/cta_sched.h"
#include "policy/warp/warp_sched.h"
#include <stdlib.h>

static char err[1024];

static const struct warp_sched_ops *sched(const char *name)
{
    for (int i = 0; warp_sched_table[i]; i++)
        if (strcmp(warp_sched_table[i]->name, name) == 0)
            return warp_sched_table[i];
    return NULL;
}

static void pass_sched(const char *name, const char *args)
{
    const struct warp_sched_ops *o = sched(name);
    CHECK(o != NULL);
    if (!o)
        return;
    int rc = policy_contract_warp_sched(o, args, NULL, err, sizeof err);
    if (rc)
        printf("  %s:%s: %s\n", name, args ? args : "", err);
    CHECK_EQ_INT(rc, 0);
}

TEST(builtin_warp_schedulers)
{
    pass_sched("lrr", NULL);
    pass_sched("gto", NULL);
    pass_sched("oldest", NULL);
    pass_sched("2lvl", "2");
    pass_sched("swl", "3");
    pass_sched("swl", "2:sched");
    pass_sched("warp_limiting", "2:1");
    pass_sched("two_level_active", "6:0:1");
    pass_sched("two_level_active", "1:0:1");
    pass_sched("two_level_active", "64:0:1");
    pass_sched("ccws", NULL);
    pass_sched("ccws", "k=1,vta=4");
    pass_sched("ccws", "scoring=release");
    pass_sched("dwt", NULL);
    pass_sched("dwt", "p=500,n=1,m=1,delay=20");
}

static void pass_cta(const char *name, const char *args)
{
    for (int i = 0; cta_sched_table[i]; i++)
        if (!strcmp(cta_sched_table[i]->name, name)) {
            int rc = policy_contract_cta_sched(cta_sched_table[i], args, NULL, err, sizeof err);
            if (rc)
                printf("  %s:%s: %s\n", name, args ? args : "", err);
            CHECK_EQ_INT(rc, 0);
            return;
        }
    CHECK(!"CTA policy not found");
}

TEST(builtin_cta_with_arguments)
{
    pass_cta("limit", "2");
    pass_cta("random", "7");
    pass_cta("cluster", "max=2");
    pass_cta("cluster", "tile=2x2");
}

TEST(builtin_replacement_index_cta)
{
    for (int i = 0; cache_repl_table[i]; i++) {
        int rc = policy_contract_cache_repl(cache_repl_table[i], NULL, NULL, err, sizeof err);
        if (rc)
            printf("  %s: %s\n", cache_repl_table[i]->name, err);
        CHECK_EQ_INT(rc, 0);
    }
    for (int i = 0; cache_index_table[i]; i++) {
        int rc = policy_contract_cache_index(cache_index_table[i], NULL, NULL, err, sizeof err);
        if (rc)
            printf("  %s: %s\n", cache_index_table[i]->name, err);
        CHECK_EQ_INT(rc, 0);
    }
    for (int i = 0; cta_sched_table[i]; i++) {
        /* schedule: and awss: need a schedule file or measured working sets */
        if (!strcmp(cta_sched_table[i]->name, "schedule") || !strcmp(cta_sched_table[i]->name, "awss") ||
            !strcmp(cta_sched_table[i]->name, "limit")) /* needs N: below */
            continue;
        int rc = policy_contract_cta_sched(cta_sched_table[i], NULL, NULL, err, sizeof err);
        if (rc)
            printf("  %s: %s\n", cta_sched_table[i]->name, err);
        CHECK_EQ_INT(rc, 0);
    }
}

/* ---- broken policies: each must be caught, naming its rule ------------- */

/* GTO that forgets the youngest live warp of each scheduler */
struct drop { struct warp_ages ages; };
static int drop_init(struct warp_sched *ws, const char *a, char *e, size_t n)
{
    (void)a, (void)e, (void)n;
    struct drop *d = calloc(1, sizeof *d);
    ws->state = d;
    return d && warp_ages_init(&d->ages, &ws->env) == 0 ? 0 : -1;
}
static void drop_free(struct warp_sched *ws)
{
    struct drop *d = ws->state;
    warp_ages_free(&d->ages);
    free(d);
}
static void drop_assigned(struct warp_sched *ws, uint32_t slot, uint64_t age)
{
    warp_ages_add(&((struct drop *)ws->state)->ages, slot, age);
}
static void drop_exit(struct warp_sched *ws, uint32_t slot)
{
    warp_ages_remove(&((struct drop *)ws->state)->ages, slot);
}
static uint32_t drop_order(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out)
{
    (void)now;
    uint32_t n = warp_ages_greedy_order(&((struct drop *)ws->state)->ages, sched, UINT32_MAX, out);
    return n > 2 ? n - 1 : n;
}
static const struct warp_sched_ops drops_warp = {
    1, "drops_a_warp", NULL, drop_init, drop_free, drop_assigned, drop_exit, NULL, drop_order,
    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
};

/* oldest-first whose order rotates every 100 cycles without announcing it */
static uint32_t rot_order(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out)
{
    uint32_t n = warp_ages_greedy_order(&((struct drop *)ws->state)->ages, sched, UINT32_MAX, out);
    if (n > 1) {
        uint32_t r = (uint32_t)((now / 100) % n), tmp[64];
        for (uint32_t i = 0; i < n; i++)
            tmp[i] = out[(i + r) % n];
        memcpy(out, tmp, n * sizeof *out);
    }
    return n;
}
static const struct warp_sched_ops lies_about_time = {
    1, "hides_time", NULL, drop_init, drop_free, drop_assigned, drop_exit, NULL, rot_order,
    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
};

/* a scheduler whose greed is shared by every instance (global state) */
static uint32_t shared_greedy = UINT32_MAX;
static void glob_issue(struct warp_sched *ws, uint32_t slot, const struct ptx_inst *in, uint64_t now)
{
    (void)ws, (void)in, (void)now;
    shared_greedy = shared_greedy == slot ? UINT32_MAX : slot;
}
static uint32_t glob_order(struct warp_sched *ws, uint32_t sched, uint64_t now, uint32_t *out)
{
    (void)now;
    uint32_t g = shared_greedy != UINT32_MAX && shared_greedy % ws->env.n_sched == sched &&
                         ((struct drop *)ws->state)->ages.age[shared_greedy] != UINT64_MAX
                     ? shared_greedy
                     : UINT32_MAX;
    uint32_t n, k = 0;
    const uint32_t *list = warp_ages_list(&((struct drop *)ws->state)->ages, sched, &n);
    int found = 0;
    for (uint32_t i = 0; i < n; i++)
        found |= list[i] == g;
    return warp_ages_greedy_order(&((struct drop *)ws->state)->ages, sched, found ? g : UINT32_MAX,
                                  out) + 0 * k;
}
static const struct warp_sched_ops global_state = {
    1, "global_state", NULL, drop_init, drop_free, drop_assigned, drop_exit, NULL, glob_order,
    NULL, glob_issue, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
};

/* replacement that may evict a reserved way */
static int bad_victim(struct cache_repl *r, uint32_t set, const uint64_t *eligible)
{
    (void)set, (void)eligible;
    return (int)(r->assoc - 1);
}
static const struct cache_repl_ops evicts_reserved = { 1, "evicts_reserved", NULL, NULL, NULL,
                                                       NULL, NULL, bad_victim };

/* index beyond the set count */
static uint32_t bad_set(const struct cache_index *x, uint64_t block)
{
    return (uint32_t)(block % (x->nsets + 1));
}
static const struct cache_index_ops off_by_one = { 1, "off_by_one", NULL, NULL, bad_set };

/* CTA dispatch that hands out CTA 0 twice */
struct twice { uint32_t next, n; };
static int tw_init(struct cta_sched *cs, const char *a, char *e, size_t n)
{
    (void)a, (void)e, (void)n;
    return (cs->state = calloc(1, sizeof(struct twice))) ? 0 : -1;
}
static void tw_free(struct cta_sched *cs) { free(cs->state); }
static int tw_launch(struct cta_sched *cs, const struct cta_sched_launch *l, char *e, size_t n)
{
    (void)e, (void)n;
    struct twice *t = cs->state;
    t->next = 0, t->n = l->num_ctas;
    return 0;
}
static uint32_t tw_next(struct cta_sched *cs, uint32_t sm, uint32_t res, uint64_t now)
{
    (void)sm, (void)res, (void)now;
    struct twice *t = cs->state;
    if (t->next >= t->n)
        return CTA_SCHED_NONE;
    uint32_t c = t->next++;
    return c == 1 ? 0 : c;
}
static const struct cta_sched_ops repeats_cta = { 1, "repeats_cta", NULL, tw_init, tw_free,
                                                  tw_launch, tw_next, NULL, NULL };
static uint32_t never_next(struct cta_sched *cs, uint32_t sm, uint32_t res, uint64_t now)
{
    struct twice *t = cs->state;
    (void)sm, (void)res, (void)now;
    return t->next < 2 ? t->next++ : CTA_SCHED_NONE;
}
static const struct cta_sched_ops stalls = { 1, "stalls", NULL, tw_init, tw_free, tw_launch,
                                             never_next, NULL, NULL };

TEST(broken_policies_are_caught)
{
    CHECK(policy_contract_warp_sched(&drops_warp, NULL, NULL, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "rule 'order() lists each live warp once'");
    CHECK_STR_CONTAINS(err, "left out live slot");
    CHECK(policy_contract_warp_sched(&lies_about_time, NULL, NULL, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "rule 'next_event() announces every change'");
    CHECK(policy_contract_warp_sched(&global_state, NULL, NULL, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "rule 'deterministic, no shared state'");
    CHECK(policy_contract_cache_repl(&evicts_reserved, NULL, NULL, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "rule 'choose_victim() returns");
    CHECK(policy_contract_cache_index(&off_by_one, NULL, NULL, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "rule 'set_of() is below the set count'");
    CHECK(policy_contract_cta_sched(&repeats_cta, NULL, NULL, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "already dispatched");
    CHECK(policy_contract_cta_sched(&stalls, NULL, NULL, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "rule 'next_cta() never refuses forever'");
}

int main(void)
{
    RUN(builtin_warp_schedulers);
    RUN(builtin_replacement_index_cta);
    RUN(builtin_cta_with_arguments);
    RUN(broken_policies_are_caught);
    return check_summary();
}
