/* Random operations on random cache configurations, checking invariants
 * after every step: a reservation failure changes nothing; every reserved
 * line has an MSHR entry and every MSHR entry of an allocate-on-miss cache
 * a reserved line; a block sits in at most one way; the packed tag array
 * mirrors the lines; counters add up. */
#include "check.h"
#include "mem/cache.h"
#include <stdlib.h>

static uint64_t rnd(uint64_t *x)
{
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
    return *x;
}

static void check_invariants(const struct cache *c)
{
    uint32_t assoc = c->cfg.assoc;
    uint32_t reserved = 0;
    for (uint32_t s = 0; s < c->cfg.nsets; s++)
        for (uint32_t w = 0; w < assoc; w++) {
            const struct cache_line *l = &c->lines[s * assoc + w];
            int live = l->valid || l->pending;
            CHECK_EQ_U64(c->tags[s * assoc + w], live ? l->block : CACHE_NO_TAG);
            if (!live)
                continue;
            CHECK_EQ_INT(cache_set_of(c, l->block << c->line_shift), s);
            for (uint32_t v = w + 1; v < assoc; v++) {
                const struct cache_line *o = &c->lines[s * assoc + v];
                CHECK(!((o->valid || o->pending) && o->block == l->block));
            }
            if (l->pending) {
                reserved++;
                int e = mshr_find(&c->mshr, l->block);
                CHECK(e >= 0);
                if (e >= 0)
                    CHECK_EQ_INT(l->pending & ~c->mshr.e[e].pending, 0);
            }
            CHECK_EQ_INT(l->dirty & ~(l->valid | l->pending), 0);
        }
    if (c->cfg.alloc_policy == CACHE_ALLOC_ON_MISS)
        CHECK_EQ_INT(reserved, c->mshr.nused);
    const struct cache_stats *st = &c->st;
    CHECK_EQ_U64(st->accesses, st->hits + st->hit_reserved + st->misses);
    CHECK_EQ_U64(st->accesses, st->reads + st->writes);
    CHECK_EQ_U64(st->res_fail[0], st->res_fail[1] + st->res_fail[2] + st->res_fail[3] +
                                      st->res_fail[4]);
}

TEST(random_operations_keep_invariants)
{
    static const char *const specs[] = {
        "N:4:128:2,L:E:m:N:L,A:3:2,2",  "N:2:128:4,F:B:m:W:P,A:4:3,3", "S:4:128:2,L:E:m:N:L,A:4:2,3",
        "S:2:128:3,L:B:m:W:L,A:2:4,2",  "N:4:128:2,L:L:f:N:L,A:3:2,2", "S:2:128:2,random:T:m:N:H,A:4:2,2",
        "N:8:128:1,L:B:m:N:L,A:2:2,2",  "S:1:128:4,F:L:m:N:L,A:3:3,4",
    };
    uint64_t x = 0xfeedbeef;
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        struct cache_config cfg;
        struct cache c;
        char err[256];
        const char *spec = specs[k];
        if (strstr(spec, ":H,")) /* the Fermi hash wants 32 or 64 sets */
            spec = "S:32:128:2,random:T:m:N:H,A:4:2,2";
        if (cache_config_parse(&cfg, spec, err, sizeof err) || cache_init(&c, &cfg, err, sizeof err)) {
            printf("  %s: %s\n", spec, err);
            CHECK(!"setup failed");
            continue;
        }
        size_t nl = (size_t)cfg.nsets * cfg.assoc;
        struct cache_line *before = malloc(nl * sizeof *before);
        uint64_t pending[64];
        int npending = 0, fails = 0, fills = 0;
        for (int step = 0; step < 4000 && before; step++) {
            uint64_t y = rnd(&x);
            int op = (int)(y % 10);
            if (op < 6) { /* an access */
                struct cache_access a = {
                    .addr = ((y >> 8) % 24) * 128 + ((y >> 16) % 4) * 32,
                    .sectors = (uint8_t)((y >> 20) % 3 == 0 ? (y >> 24) & 0xf : 0),
                    .is_write = (uint8_t)((y >> 28) % 4 == 0), .warp = (int32_t)((y >> 30) % 8),
                    .token = (uint64_t)step, .is_local = (uint8_t)((y >> 33) & 1),
                };
                memcpy(before, c.lines, nl * sizeof *before);
                uint32_t mq = c.mq_count, used = c.mshr.nused;
                struct cache_stats st = c.st;
                enum cache_fail f;
                enum cache_outcome o = cache_access(&c, &a, &f);
                if (o == CACHE_RESERVATION_FAIL) {
                    fails++;
                    CHECK(f > CACHE_FAIL_NONE && f < CACHE_NFAIL);
                    CHECK(memcmp(before, c.lines, nl * sizeof *before) == 0);
                    CHECK_EQ_INT(c.mq_count, mq);
                    CHECK_EQ_INT(c.mshr.nused, used);
                    CHECK_EQ_U64(c.st.accesses, st.accesses);
                }
            } else if (op < 8) { /* the next level takes a request */
                const struct cache_out *o = cache_out_front(&c);
                if (o) {
                    if (o->kind == CACHE_OUT_READ && npending < 64)
                        pending[npending++] = o->addr | o->sectors;
                    cache_out_pop(&c);
                }
            } else if (npending) { /* data comes back, in any order */
                int i = (int)((y >> 8) % (uint64_t)npending);
                const uint64_t *t;
                uint64_t addr = pending[i] & ~127ull;
                int n = cache_fill(&c, addr, (uint8_t)(pending[i] & 0xff), &t);
                CHECK(n >= 0);
                pending[i] = pending[--npending];
                fills++;
            }
            check_invariants(&c);
        }
        CHECK(fails > 0 && fills > 50);
        free(before);
        cache_free(&c);
    }
}

int main(void)
{
    RUN(random_operations_keep_invariants);
    return check_summary();
}
