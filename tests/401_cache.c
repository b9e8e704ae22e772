/* Generic cache: replacement, reservation, MSHR merging, reservation-failure
 * reasons, write policies, sectors, hooks and statistics. */
#include "check.h"
#include "gpu/stats.h"
#include "mem/cache.h"
#include "cache_test.h"
#include <stdlib.h>

#define LINE 128u

static enum cache_outcome rd(struct cache *c, uint64_t line, int warp, uint64_t token,
                             enum cache_fail *f)
{
    struct cache_access a = { .addr = line * LINE, .warp = warp, .token = token };
    return cache_access(c, &a, f);
}

static enum cache_outcome wr(struct cache *c, uint64_t line, enum cache_fail *f)
{
    struct cache_access a = { .addr = line * LINE, .is_write = 1, .token = 99 };
    return cache_access(c, &a, f);
}

/* Reads a line; on a miss, drains the queue and fills at once. */
static enum cache_outcome rd_fill(struct cache *c, uint64_t line)
{
    enum cache_fail f;
    enum cache_outcome o = rd(c, line, 0, line, &f);
    if (o == CACHE_MISS) {
        const uint64_t *t;
        while (cache_out_front(c))
            cache_out_pop(c);
        cache_fill(c, line * LINE, 1, &t);
    }
    return o;
}

static int present(const struct cache *c, uint64_t line)
{
    const struct cache_line *l = cache_find_line(c, line * LINE);
    return l && l->state != CACHE_LINE_RESERVED;
}

TEST(lru_evicts_least_recently_used)
{
    struct cache c;
    if (cache_test_make(&c, "N:1:128:4,L:R:m:N:L,A:8:4,8"))
        return;
    for (int i = 0; i < 4; i++)
        CHECK_EQ_INT(rd_fill(&c, 10 + i), CACHE_MISS);
    CHECK_EQ_INT(rd_fill(&c, 10), CACHE_HIT); /* 10 becomes most recent */
    CHECK_EQ_INT(rd_fill(&c, 20), CACHE_MISS); /* evicts 11 */
    CHECK(present(&c, 10) && !present(&c, 11) && present(&c, 12) && present(&c, 20));
    CHECK_EQ_INT(c.st.evictions, 1);
    cache_free(&c);
}

TEST(fifo_ignores_hits)
{
    struct cache c;
    if (cache_test_make(&c, "N:1:128:4,F:R:m:N:L,A:8:4,8"))
        return;
    for (int i = 0; i < 4; i++)
        rd_fill(&c, 10 + i);
    CHECK_EQ_INT(rd_fill(&c, 10), CACHE_HIT);
    CHECK_EQ_INT(rd_fill(&c, 20), CACHE_MISS); /* evicts 10, the first in */
    CHECK(!present(&c, 10) && present(&c, 11) && present(&c, 20));
    cache_free(&c);
}

TEST(random_is_seeded_and_repeatable)
{
    int victims[2][16];
    for (int run = 0; run < 2; run++) {
        struct cache c;
        if (cache_test_make(&c, "N:1:128:4,random:R:m:N:L,A:8:4,8"))
            return;
        for (int i = 0; i < 4; i++)
            rd_fill(&c, i);
        for (int k = 0; k < 16; k++) {
            uint64_t before[4];
            for (int w = 0; w < 4; w++)
                before[w] = c.lines[w].block;
            rd_fill(&c, 100 + (uint64_t)k);
            victims[run][k] = -1;
            for (int w = 0; w < 4; w++)
                if (c.lines[w].block != before[w])
                    victims[run][k] = w;
            CHECK(victims[run][k] >= 0 && victims[run][k] < 4);
        }
        cache_free(&c);
    }
    CHECK(memcmp(victims[0], victims[1], sizeof victims[0]) == 0);
    int distinct = 0;
    for (int w = 0; w < 4; w++)
        for (int k = 0; k < 16; k++)
            if (victims[0][k] == w) {
                distinct++;
                break;
            }
    CHECK(distinct >= 3); /* not stuck on one way */
}

/* CACM highlight Fig. 3/4: three warps, two loads each over their own four
 * lines, 4-entry fully associative LRU cache. */
TEST(cacm_round_robin_vs_locality_order)
{
    static const int rr[] = { 0, 1, 2, 0, 1, 2 }, grouped[] = { 0, 0, 1, 1, 2, 2 };
    const int *orders[2] = { rr, grouped };
    int hits[2];
    for (int o = 0; o < 2; o++) {
        struct cache c;
        if (cache_test_make(&c, "N:1:128:4,L:R:m:N:L,A:8:4,8"))
            return;
        for (int i = 0; i < 6; i++)
            for (int l = 0; l < 4; l++)
                rd_fill(&c, (uint64_t)(orders[o][i] * 4 + l));
        hits[o] = (int)c.st.hits;
        cache_free(&c);
    }
    CHECK_EQ_INT(hits[0], 0);
    CHECK_EQ_INT(hits[1], 12);
}

static int misses_on(const char *spec, const int *trace, int n)
{
    struct cache c;
    if (cache_test_make(&c, spec))
        return -1;
    for (int i = 0; i < n; i++)
        rd_fill(&c, (uint64_t)trace[i]);
    int m = (int)c.st.misses;
    cache_free(&c);
    return m;
}

/* Worked examples: DESIGN.md's Belady traces (LRU column) and the textbook
 * reference string (Silberschatz: FIFO 15 / LRU 12 with 3 frames, FIFO 10 /
 * LRU 8 with 4). */
TEST(worked_examples_lru_fifo)
{
    static const int abc[] = { 1, 2, 3, 1, 2, 3, 1, 2 };
    static const int ref[] = { 7, 0, 1, 2, 0, 3, 0, 4, 2, 3, 0, 3, 2, 1, 2, 0, 1, 7, 0, 1 };
    CHECK_EQ_INT(misses_on("N:1:128:2,L:R:m:N:L,A:8:4,8", abc, 8), 8);
    CHECK_EQ_INT(misses_on("N:1:128:4,L:R:m:N:L,A:8:4,8", ref, 20), 8);
    CHECK_EQ_INT(misses_on("N:1:128:3,L:R:m:N:L,A:8:4,8", ref, 20), 12);
    CHECK_EQ_INT(misses_on("N:1:128:3,F:R:m:N:L,A:8:4,8", ref, 20), 15);
    CHECK_EQ_INT(misses_on("N:1:128:4,F:R:m:N:L,A:8:4,8", ref, 20), 10);
}

TEST(reserved_lines_are_never_evicted)
{
    struct cache c;
    enum cache_fail f;
    if (cache_test_make(&c, "N:1:128:2,L:R:m:N:L,A:8:4,8"))
        return;
    CHECK_EQ_INT(rd(&c, 1, 0, 1, &f), CACHE_MISS);
    CHECK_EQ_INT(rd(&c, 2, 0, 2, &f), CACHE_MISS);
    CHECK_EQ_INT(c.mq_count, 2);
    CHECK_EQ_INT(rd(&c, 3, 0, 3, &f), CACHE_RESERVATION_FAIL);
    CHECK_EQ_INT(f, CACHE_FAIL_LINE_ALLOC);
    CHECK_EQ_INT(c.mq_count, 2);
    CHECK_EQ_INT(c.mshr.nused, 2);
    CHECK_EQ_INT(c.st.res_fail[CACHE_FAIL_LINE_ALLOC], 1);
    CHECK_EQ_INT(c.st.accesses, 2);
    const uint64_t *t;
    CHECK_EQ_INT(cache_fill(&c, 2 * LINE, 1, &t), 1);
    CHECK_EQ_U64(t[0], 2);
    CHECK_EQ_INT(rd(&c, 3, 0, 3, &f), CACHE_MISS); /* only line 2 may go */
    CHECK(!cache_find_line(&c, 2 * LINE));
    CHECK(cache_find_line(&c, 1 * LINE)->state == CACHE_LINE_RESERVED);
    cache_free(&c);
}

TEST(mshr_entry_and_merge_limits)
{
    struct cache c;
    enum cache_fail f;
    if (cache_test_make(&c, "N:4:128:2,L:R:m:N:L,A:2:2,8"))
        return;
    CHECK_EQ_INT(rd(&c, 0, 0, 10, &f), CACHE_MISS);
    CHECK_EQ_INT(rd(&c, 0, 1, 11, &f), CACHE_HIT_RESERVED);
    CHECK_EQ_INT(rd(&c, 0, 2, 12, &f), CACHE_RESERVATION_FAIL);
    CHECK_EQ_INT(f, CACHE_FAIL_MSHR_MERGE);
    CHECK_EQ_INT(rd(&c, 1, 0, 20, &f), CACHE_MISS);
    CHECK_EQ_INT(rd(&c, 2, 0, 30, &f), CACHE_RESERVATION_FAIL);
    CHECK_EQ_INT(f, CACHE_FAIL_MSHR_ENTRY);
    CHECK(!cache_find_line(&c, 2 * LINE)); /* no state change */
    CHECK_EQ_INT(c.st.mshr_merges, 1);
    CHECK_EQ_INT(c.st.res_fail[CACHE_FAIL_MSHR_MERGE], 1);
    CHECK_EQ_INT(c.st.res_fail[CACHE_FAIL_MSHR_ENTRY], 1);
    CHECK_EQ_INT(c.st.res_fail[0], 2);
    const uint64_t *t;
    CHECK_EQ_INT(cache_fill(&c, 0, 1, &t), 2);
    CHECK_EQ_U64(t[0], 10);
    CHECK_EQ_U64(t[1], 11);
    CHECK_EQ_INT(cache_fill(&c, 0, 1, &t), -1); /* nothing waits any more */
    CHECK_EQ_INT(rd(&c, 2, 0, 30, &f), CACHE_MISS);
    CHECK_EQ_INT(rd(&c, 0, 0, 40, &f), CACHE_HIT);
    cache_free(&c);
}

TEST(miss_queue_full)
{
    struct cache c;
    enum cache_fail f;
    if (cache_test_make(&c, "N:4:128:2,L:R:m:N:L,A:8:4,1"))
        return;
    CHECK_EQ_INT(rd(&c, 0, 0, 1, &f), CACHE_MISS);
    CHECK_EQ_INT(rd(&c, 1, 0, 2, &f), CACHE_RESERVATION_FAIL);
    CHECK_EQ_INT(f, CACHE_FAIL_MISS_QUEUE);
    CHECK(!cache_find_line(&c, 1 * LINE));
    const struct cache_out *o = cache_out_front(&c);
    CHECK(o && o->kind == CACHE_OUT_READ && o->addr == 0 && o->token == 1);
    cache_out_pop(&c);
    CHECK(!cache_out_front(&c));
    CHECK_EQ_INT(rd(&c, 1, 0, 2, &f), CACHE_MISS);
    CHECK_EQ_INT(c.st.res_fail[CACHE_FAIL_MISS_QUEUE], 1);
    cache_free(&c);
}

TEST(write_evict_no_allocate)
{
    struct cache c;
    enum cache_fail f;
    if (cache_test_make(&c, "N:4:128:2,L:E:m:N:L,A:8:4,8"))
        return;
    rd_fill(&c, 5);
    CHECK(present(&c, 5));
    CHECK_EQ_INT(wr(&c, 5, &f), CACHE_HIT);
    CHECK(!cache_find_line(&c, 5 * LINE));
    const struct cache_out *o = cache_out_front(&c);
    CHECK(o && o->kind == CACHE_OUT_WRITE && o->addr == 5 * LINE && o->token == 99);
    cache_out_pop(&c);
    CHECK_EQ_INT(wr(&c, 7, &f), CACHE_MISS);
    CHECK(!cache_find_line(&c, 7 * LINE)); /* no allocation */
    CHECK(cache_out_front(&c) && cache_out_front(&c)->kind == CACHE_OUT_WRITE);
    CHECK_EQ_INT(c.st.write_invalidates, 1);
    CHECK_EQ_INT(c.st.writebacks, 0);
    CHECK_EQ_INT(rd(&c, 5, 0, 1, &f), CACHE_MISS);
    cache_free(&c);
}

TEST(sectored_write_evict)
{
    struct cache c;
    enum cache_fail f;
    const uint64_t *t;
    if (cache_test_make(&c, "S:1:128:2,L:E:m:N:L,A:8:4,8"))
        return;
    struct cache_access r01 = { .addr = 0, .sectors = 0x3, .token = 1 };
    CHECK_EQ_INT(cache_access(&c, &r01, &f), CACHE_MISS);
    cache_out_pop(&c);
    cache_fill(&c, 0, 0x3, &t);
    struct cache_access w2 = { .addr = 64, .sectors = 0x4, .is_write = 1, .token = 2 };
    CHECK_EQ_INT(cache_access(&c, &w2, &f), CACHE_MISS); /* sector 2 not held */
    CHECK(cache_find_line(&c, 0) != NULL);                /* the line stays */
    struct cache_access w12 = { .addr = 32, .sectors = 0x6, .is_write = 1, .token = 3 };
    CHECK_EQ_INT(cache_access(&c, &w12, &f), CACHE_MISS); /* partly held */
    CHECK(!cache_find_line(&c, 0));                       /* sector 1 was: evicted */
    CHECK_EQ_INT(c.st.write_invalidates, 1);
    cache_free(&c);
}

TEST(write_through_keeps_line)
{
    struct cache c;
    enum cache_fail f;
    if (cache_test_make(&c, "N:4:128:2,L:T:m:N:L,A:8:4,8"))
        return;
    rd_fill(&c, 5);
    CHECK_EQ_INT(wr(&c, 5, &f), CACHE_HIT);
    CHECK(present(&c, 5));
    CHECK(cache_find_line(&c, 5 * LINE)->state == CACHE_LINE_VALID);
    CHECK(cache_out_front(&c) && cache_out_front(&c)->kind == CACHE_OUT_WRITE);
    cache_free(&c);
}

TEST(local_write_back_global_write_through)
{
    struct cache c;
    enum cache_fail f;
    if (cache_test_make(&c, "N:1:128:1,L:L:m:N:L,A:8:4,4"))
        return;
    rd_fill(&c, 5);
    struct cache_access g = { .addr = 5 * LINE, .is_write = 1, .token = 1 },
                        loc = { .addr = 5 * LINE, .is_write = 1, .token = 2, .is_local = 1 };
    CHECK_EQ_INT(cache_access(&c, &g, &f), CACHE_HIT); /* global: through */
    CHECK(cache_find_line(&c, 5 * LINE)->state == CACHE_LINE_VALID);
    CHECK(cache_out_front(&c) && cache_out_front(&c)->kind == CACHE_OUT_WRITE);
    cache_out_pop(&c);
    CHECK_EQ_INT(cache_access(&c, &loc, &f), CACHE_HIT); /* local: back */
    CHECK(cache_find_line(&c, 5 * LINE)->state == CACHE_LINE_MODIFIED);
    CHECK(!cache_out_front(&c));
    CHECK_EQ_INT(rd(&c, 6, 0, 3, &f), CACHE_MISS); /* evicts the dirty line */
    CHECK(cache_out_front(&c) && cache_out_front(&c)->kind == CACHE_OUT_WRITEBACK);
    CHECK_EQ_INT(c.st.writebacks, 1);
    cache_free(&c);
}

TEST(write_back_dirty_eviction)
{
    struct cache c;
    enum cache_fail f;
    if (cache_test_make(&c, "N:1:128:1,L:B:m:W:L,A:8:4,2"))
        return;
    CHECK_EQ_INT(wr(&c, 3, &f), CACHE_MISS); /* allocates, no fetch */
    CHECK(!cache_out_front(&c));
    CHECK(cache_find_line(&c, 3 * LINE)->state == CACHE_LINE_MODIFIED);
    CHECK_EQ_INT(wr(&c, 3, &f), CACHE_HIT);
    /* A read of another block evicts 3: writeback first, then the read. */
    CHECK_EQ_INT(rd(&c, 4, 2, 40, &f), CACHE_MISS);
    const struct cache_out *o = cache_out_front(&c);
    CHECK(o && o->kind == CACHE_OUT_WRITEBACK && o->addr == 3 * LINE);
    cache_out_pop(&c);
    o = cache_out_front(&c);
    CHECK(o && o->kind == CACHE_OUT_READ && o->addr == 4 * LINE && o->token == 40);
    CHECK_EQ_INT(c.st.writebacks, 1);
    CHECK_EQ_INT(c.st.evictions, 1);
    cache_free(&c);
}

TEST(write_back_victim_needs_room_for_writeback)
{
    struct cache c;
    enum cache_fail f;
    if (cache_test_make(&c, "N:2:128:1,L:B:m:W:L,A:8:4,2"))
        return;
    CHECK_EQ_INT(wr(&c, 0, &f), CACHE_MISS);     /* set 0 dirty */
    CHECK_EQ_INT(rd(&c, 1, 0, 1, &f), CACHE_MISS); /* set 1: one queue slot used */
    CHECK_EQ_INT(rd(&c, 2, 0, 2, &f), CACHE_RESERVATION_FAIL);
    CHECK_EQ_INT(f, CACHE_FAIL_MISS_QUEUE);
    CHECK(cache_find_line(&c, 0)->state == CACHE_LINE_MODIFIED);
    cache_out_pop(&c);
    CHECK_EQ_INT(rd(&c, 2, 0, 2, &f), CACHE_MISS);
    CHECK_EQ_INT(c.mq_count, 2);
    cache_free(&c);
}

TEST(write_back_write_to_reserved_line_is_dirty_after_fill)
{
    struct cache c;
    enum cache_fail f;
    if (cache_test_make(&c, "N:1:128:2,L:B:m:W:L,A:8:4,4"))
        return;
    CHECK_EQ_INT(rd(&c, 1, 0, 1, &f), CACHE_MISS);
    CHECK_EQ_INT(wr(&c, 1, &f), CACHE_HIT_RESERVED);
    CHECK_EQ_INT(c.mshr.e[mshr_find(&c.mshr, 1)].nreq, 1); /* writes take no MSHR slot */
    const uint64_t *t;
    CHECK_EQ_INT(cache_fill(&c, LINE, 1, &t), 1);
    CHECK(cache_find_line(&c, LINE)->state == CACHE_LINE_MODIFIED);
    cache_free(&c);
}

TEST(sectored_misses_and_partial_fills)
{
    struct cache c;
    enum cache_fail f;
    if (cache_test_make(&c, "S:1:128:4,L:R:m:N:L,A:8:4,8"))
        return;
    CHECK_EQ_INT(c.nsectors, 4);
    CHECK_EQ_INT(cache_sector_mask(&c, 40, 64), 0xe); /* bytes 40..103 */
    CHECK_EQ_INT(cache_sector_mask(&c, 130, 4), 0x1);
    struct cache_access a0 = { .addr = 0, .sectors = 0x1, .token = 1 },
                        a1 = { .addr = 32, .token = 2 }, a2 = { .addr = 0, .sectors = 0x1, .token = 3 };
    CHECK_EQ_INT(cache_access(&c, &a0, &f), CACHE_MISS);
    CHECK_EQ_INT(cache_access(&c, &a1, &f), CACHE_MISS); /* sector 1: sector miss */
    CHECK_EQ_INT(cache_access(&c, &a2, &f), CACHE_HIT_RESERVED);
    CHECK_EQ_INT(c.st.sector_misses, 1);
    CHECK_EQ_INT(c.mshr.nused, 1);
    const struct cache_out *o = cache_out_front(&c);
    CHECK(o && o->sectors == 0x1);
    cache_out_pop(&c);
    o = cache_out_front(&c);
    CHECK(o && o->sectors == 0x2);
    const uint64_t *t;
    CHECK_EQ_INT(cache_fill(&c, 0, 0x1, &t), 2);
    CHECK_EQ_U64(t[0], 1);
    CHECK_EQ_U64(t[1], 3);
    CHECK(cache_find_line(&c, 0)->state == CACHE_LINE_RESERVED);
    CHECK_EQ_INT(cache_probe(&c, 0, 0x1), CACHE_HIT);
    CHECK_EQ_INT(cache_probe(&c, 0, 0x3), CACHE_HIT_RESERVED);
    CHECK_EQ_INT(cache_probe(&c, 0, 0x4), CACHE_MISS);
    CHECK_EQ_INT(cache_fill(&c, 0, 0x2, &t), 1);
    CHECK_EQ_U64(t[0], 2);
    CHECK(cache_find_line(&c, 0)->state == CACHE_LINE_VALID);
    CHECK_EQ_INT(c.mshr.nused, 0);
    cache_free(&c);
}

TEST(allocate_on_fill_never_fails_line_alloc)
{
    struct cache c;
    enum cache_fail f;
    if (cache_test_make(&c, "N:1:128:1,L:E:f:N:L,A:8:4,8"))
        return;
    CHECK_EQ_INT(rd(&c, 1, 0, 1, &f), CACHE_MISS);
    CHECK(!cache_find_line(&c, LINE)); /* nothing reserved */
    CHECK_EQ_INT(rd(&c, 2, 0, 2, &f), CACHE_MISS);
    CHECK_EQ_INT(rd(&c, 1, 0, 3, &f), CACHE_HIT_RESERVED);
    const uint64_t *t;
    CHECK_EQ_INT(cache_fill(&c, LINE, 1, &t), 2);
    CHECK(present(&c, 1));
    CHECK_EQ_INT(cache_fill(&c, 2 * LINE, 1, &t), 1);
    CHECK(present(&c, 2) && !present(&c, 1));
    CHECK_EQ_INT(c.st.res_fail[0], 0);
    cache_free(&c);
}

TEST(allocate_on_fill_dirty_victim_with_full_queue)
{
    struct cache c;
    enum cache_fail f;
    if (cache_test_make(&c, "N:1:128:1,L:L:f:N:L,A:4:4,2"))
        return;
    const uint64_t *t;
    CHECK_EQ_INT(rd(&c, 1, 0, 1, &f), CACHE_MISS);
    cache_out_pop(&c);
    cache_fill(&c, LINE, 1, &t);
    struct cache_access loc = { .addr = LINE, .is_write = 1, .token = 2, .is_local = 1 };
    CHECK_EQ_INT(cache_access(&c, &loc, &f), CACHE_HIT); /* line 1 dirty */
    CHECK_EQ_INT(rd(&c, 2, 0, 3, &f), CACHE_MISS);
    CHECK_EQ_INT(rd(&c, 3, 0, 4, &f), CACHE_MISS); /* queue now full */
    CHECK_EQ_INT(rd(&c, 4, 0, 5, &f), CACHE_RESERVATION_FAIL);
    CHECK_EQ_INT(f, CACHE_FAIL_MISS_QUEUE);
    CHECK_EQ_INT(cache_fill(&c, 2 * LINE, 1, &t), 1); /* evicts dirty 1: writeback anyway */
    CHECK_EQ_INT(c.mq_count, 3);
    CHECK_EQ_INT(rd(&c, 4, 0, 5, &f), CACHE_RESERVATION_FAIL); /* still full */
    cache_out_pop(&c);
    cache_out_pop(&c);
    const struct cache_out *o = cache_out_front(&c);
    CHECK(o && o->kind == CACHE_OUT_WRITEBACK && o->addr == LINE);
    cache_free(&c);
}

struct spy {
    int nacc, nres, nevict;
    enum cache_outcome last;
    enum cache_fail last_fail;
    uint64_t evicted;
    int32_t evict_warp, res_warp;
};

static void spy_access(void *ctx, uint64_t block, int32_t warp, int is_write, enum cache_outcome o,
                       enum cache_fail f)
{
    struct spy *s = ctx;
    (void)block, (void)warp, (void)is_write;
    s->nacc++;
    s->last = o;
    s->last_fail = f;
}

static void spy_reserve(void *ctx, uint64_t block, int32_t warp)
{
    struct spy *s = ctx;
    (void)block;
    s->nres++;
    s->res_warp = warp;
}

static void spy_evict(void *ctx, uint64_t block, int32_t warp)
{
    struct spy *s = ctx;
    s->nevict++;
    s->evicted = block;
    s->evict_warp = warp;
}

TEST(hooks_see_reserving_warp_on_eviction)
{
    struct cache c;
    struct spy s = { 0 };
    enum cache_fail f;
    if (cache_test_make(&c, "N:1:128:2,L:E:m:N:L,A:8:4,8"))
        return;
    struct cache_hooks h = { &s, spy_access, spy_reserve, spy_evict };
    cache_set_hooks(&c, &h);
    const uint64_t *t;
    CHECK_EQ_INT(rd(&c, 1, 7, 1, &f), CACHE_MISS);
    CHECK_EQ_INT(s.res_warp, 7);
    CHECK_EQ_INT(rd(&c, 2, 8, 2, &f), CACHE_MISS);
    CHECK_EQ_INT(rd(&c, 3, 9, 3, &f), CACHE_RESERVATION_FAIL);
    CHECK_EQ_INT(s.last, CACHE_RESERVATION_FAIL);
    CHECK_EQ_INT(s.last_fail, CACHE_FAIL_LINE_ALLOC);
    cache_fill(&c, LINE, 1, &t);
    cache_fill(&c, 2 * LINE, 1, &t);
    CHECK_EQ_INT(rd(&c, 2, 8, 4, &f), CACHE_HIT);
    CHECK_EQ_INT(s.last, CACHE_HIT);
    CHECK_EQ_INT(rd(&c, 3, 9, 5, &f), CACHE_MISS); /* evicts 1, reserved by warp 7 */
    CHECK_EQ_INT(s.nevict, 1);
    CHECK_EQ_U64(s.evicted, 1);
    CHECK_EQ_INT(s.evict_warp, 7);
    CHECK_EQ_INT(s.nres, 3);
    CHECK_EQ_INT(s.nacc, 5);
    CHECK_EQ_INT(wr(&c, 2, &f), CACHE_HIT); /* write-evict: not an eviction */
    CHECK_EQ_INT(s.nevict, 1);
    cache_free(&c);
    /* allocate-on-fill: the line is reserved for the warp whose miss opened
     * the MSHR entry, when the data arrives */
    if (cache_test_make(&c, "N:1:128:1,L:E:f:N:L,A:8:4,8"))
        return;
    memset(&s, 0, sizeof s);
    cache_set_hooks(&c, &h);
    CHECK_EQ_INT(rd(&c, 1, 5, 1, &f), CACHE_MISS);
    CHECK_EQ_INT(rd(&c, 1, 6, 2, &f), CACHE_HIT_RESERVED);
    CHECK_EQ_INT(s.nres, 0);
    cache_fill(&c, LINE, 1, &t);
    CHECK_EQ_INT(s.nres, 1);
    CHECK_EQ_INT(s.res_warp, 5);
    CHECK_EQ_INT(cache_find_line(&c, LINE)->warp, 5);
    cache_free(&c);
}

TEST(stats_registered_by_prefix)
{
    struct cache c;
    struct stats s;
    if (cache_test_make(&c, "N:4:128:2,L:R:m:N:L,A:8:4,8"))
        return;
    stats_init(&s);
    CHECK_EQ_INT(cache_register_stats(&c, &s, "l1d"), 0);
    rd_fill(&c, 1);
    rd_fill(&c, 1);
    rd_fill(&c, 1);
    rd_fill(&c, 2);
    double v = -1;
    CHECK_EQ_INT(stats_get(&s, "l1d.misses", -1, &v), 0);
    CHECK_NEAR(v, 2, 0);
    CHECK_EQ_INT(stats_get(&s, "l1d.hits", -1, &v), 0);
    CHECK_NEAR(v, 2, 0);
    CHECK_EQ_INT(stats_get(&s, "l1d.miss_rate", -1, &v), 0);
    CHECK_NEAR(v, 0.5, 1e-12);
    CHECK_EQ_INT(stats_get(&s, "l1d.res_fail_mshr_merge", -1, &v), 0);
    stats_free(&s);
    cache_free(&c);
}

TEST(invalidate_all_keeps_reserved)
{
    struct cache c;
    enum cache_fail f;
    if (cache_test_make(&c, "N:4:128:2,L:R:m:N:L,A:8:4,8"))
        return;
    rd_fill(&c, 1);
    CHECK_EQ_INT(rd(&c, 2, 0, 2, &f), CACHE_MISS);
    cache_invalidate_all(&c);
    CHECK(!cache_find_line(&c, LINE));
    CHECK(cache_find_line(&c, 2 * LINE) != NULL);
    cache_free(&c);
}

/* A cache whose lines have all been invalid since init or since an
 * invalidation that left none reserved is 'blank' and its invalidation is
 * skipped; a valid line, a reservation or a write clears it, and an
 * invalidation that keeps a reserved line leaves it clear until the next. */
TEST(invalidate_all_blank)
{
    struct cache c;
    enum cache_fail f;
    const uint64_t *t;
    if (cache_test_make(&c, "N:4:128:2,L:R:m:N:L,A:8:4,8"))
        return;
    CHECK(c.blank);
    cache_invalidate_all(&c);
    CHECK(c.blank);
    rd_fill(&c, 1);
    CHECK(!c.blank);
    cache_invalidate_all(&c);
    CHECK(c.blank);
    CHECK(!cache_find_line(&c, LINE));
    CHECK_EQ_INT(rd(&c, 2, 0, 2, &f), CACHE_MISS); /* line 2 reserved */
    CHECK(!c.blank);
    cache_invalidate_all(&c);
    CHECK(!c.blank); /* the reservation stays */
    while (cache_out_front(&c))
        cache_out_pop(&c);
    cache_fill(&c, 2 * LINE, 1, &t);
    CHECK(cache_find_line(&c, 2 * LINE) != NULL);
    cache_invalidate_all(&c); /* not skipped: the filled line goes */
    CHECK(!cache_find_line(&c, 2 * LINE));
    CHECK(c.blank);
    rd_fill(&c, 3);
    CHECK_EQ_INT(rd(&c, 3, 0, 3, &f), CACHE_HIT);
    cache_free(&c);
}

/* With lru or fifo the cache asks for a victim only once a read miss has
 * passed the MSHR check (victim_pure); random streams of reads, writes,
 * queue drains and fills with small MSHRs and miss queues (many failures of
 * every kind) give the same outcomes, failure reasons, tokens and counters
 * as a cache that asks first. */
/* Runs the same random stream of accesses, miss-queue sends and fills on a
 * and b and checks that they answer alike throughout and end with the same
 * counters; 1 if they did. */
static int same_streams(struct cache *a, struct cache *b, uint64_t seed)
{
    uint64_t inflight[64];
    uint32_t nin = 0, fails = 0, same = 1;
    for (int step = 0; step < 20000 && same; step++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        uint32_t r = (uint32_t)(seed >> 33), op = r % 8;
        if (op < 5) { /* an access */
            struct cache_access x = { .addr = (r >> 8) % 24 * LINE + (r >> 16) % 4 * 32,
                                      .sectors = (uint8_t)(1u << ((r >> 16) % 4)),
                                      .is_write = op == 4, .warp = (int32_t)(r % 5),
                                      .token = (uint64_t)step };
            enum cache_fail fa = CACHE_NFAIL, fb = CACHE_NFAIL;
            enum cache_outcome oa = cache_access(a, &x, &fa), ob = cache_access(b, &x, &fb);
            same &= oa == ob && (oa != CACHE_RESERVATION_FAIL || fa == fb);
            fails += oa == CACHE_RESERVATION_FAIL;
        } else if (op < 7) { /* the miss queue's head leaves */
            const struct cache_out *qa = cache_out_front(a), *qb = cache_out_front(b);
            same &= !qa == !qb;
            if (qa && qb) {
                same &= qa->addr == qb->addr && qa->kind == qb->kind && qa->token == qb->token;
                if (qa->kind == CACHE_OUT_READ && nin < 64)
                    inflight[nin++] = qa->addr;
                cache_out_pop(a);
                cache_out_pop(b);
            }
        } else if (nin) { /* a reply fills */
            uint32_t i = (r >> 4) % nin;
            const uint64_t *ta, *tb;
            int na = cache_fill(a, inflight[i], 0xff, &ta), nb = cache_fill(b, inflight[i], 0xff, &tb);
            same &= na == nb;
            for (int j = 0; same && j < na; j++)
                same &= ta[j] == tb[j];
            inflight[i] = inflight[--nin];
        }
    }
    CHECK(fails > 500 && a->st.evictions > 1000);
    CHECK(a->st.res_fail[CACHE_FAIL_MSHR_ENTRY] + a->st.res_fail[CACHE_FAIL_MSHR_MERGE] > 500);
    for (int f = 0; f < CACHE_NFAIL; f++)
        same &= a->st.res_fail[f] == b->st.res_fail[f];
    same &= a->st.evictions == b->st.evictions && a->st.writebacks == b->st.writebacks &&
            a->st.misses == b->st.misses && a->st.hits == b->st.hits;
    return (int)same;
}

TEST(late_victim_choice_changes_nothing)
{
    static const char *const specs[] = { "N:4:128:4,L:B:m:W:L,A:3:2,3",
                                         "N:4:128:4,F:B:m:W:L,A:3:2,3",
                                         "S:2:128:8,L:B:m:W:L,A:2:4,2" };
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        struct cache a, b;
        if (cache_test_make(&a, specs[k]) || cache_test_make(&b, specs[k]))
            return;
        CHECK(a.victim_pure);
        b.victim_pure = 0;
        int same = same_streams(&a, &b, 99 + k);
        CHECK(same);
        if (!same)
            printf("  differs with %s\n", specs[k]);
        cache_free(&a);
        cache_free(&b);
    }
}

/* The built-in LRU handled inside the cache (stamps written, the victim
 * found in the pass for an invalid way) against the same LRU reached
 * through its policy functions: the same answers, victims and counters,
 * with the victim chosen late or at once, on several geometries. */
TEST(lru_fast_path_matches_policy_calls)
{
    static const char *const specs[] = { "N:4:128:4,L:B:m:W:L,A:3:2,3",
                                         "S:2:128:8,L:B:m:W:L,A:2:4,2",
                                         "N:2:128:8,L:B:m:W:L,A:4:2,4",
                                         "N:1:128:16,L:B:m:W:L,A:3:3,3" };
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++)
        for (int late = 0; late < 2; late++) {
            struct cache a, b;
            if (cache_test_make(&a, specs[k]) || cache_test_make(&b, specs[k]))
                return;
            CHECK(a.lru_stamp != NULL);
            b.lru_stamp = NULL;
            a.victim_pure = b.victim_pure = late;
            int same = same_streams(&a, &b, 7 + k);
            CHECK(same);
            if (!same)
                printf("  differs with %s (victim chosen %s)\n", specs[k], late ? "late" : "at once");
            cache_free(&a);
            cache_free(&b);
        }
    /* another policy takes the calls */
    struct cache f;
    if (cache_test_make(&f, "N:4:128:4,F:B:m:W:L,A:3:2,3"))
        return;
    CHECK(f.lru_stamp == NULL);
    cache_free(&f);
}

/* cache_access and cache_fill compiled for the associativity (4, 8, 16)
 * against the loops that read it from the configuration: the same answers,
 * victims and counters, with the built-in LRU, another policy, and the
 * victim chosen late or at once. */
TEST(fixed_assoc_matches_generic_loops)
{
    static const char *const specs[] = { "N:4:128:4,L:B:m:W:L,A:3:2,3",
                                         "S:2:128:8,L:B:m:W:L,A:2:4,2",
                                         "N:2:128:8,L:B:m:W:L,A:4:2,4",
                                         "N:1:128:16,L:B:m:W:L,A:3:3,3",
                                         "N:2:128:8,F:B:m:W:L,A:4:2,4",
                                         "N:2:128:8,L:L:f:N:L,A:4:2,4" };
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++)
        for (int late = 0; late < 2; late++) {
            struct cache a, b;
            if (cache_test_make(&a, specs[k]) || cache_test_make(&b, specs[k]))
                return;
            CHECK(a.fast_assoc == a.cfg.assoc);
            b.fast_assoc = 0;
            a.victim_pure = b.victim_pure = late;
            int same = same_streams(&a, &b, 31 + k);
            CHECK(same);
            if (!same)
                printf("  differs with %s (victim chosen %s)\n", specs[k], late ? "late" : "at once");
            cache_free(&a);
            cache_free(&b);
        }
    /* other associativities take the generic loops */
    struct cache g;
    if (cache_test_make(&g, "N:4:128:6,L:B:m:W:L,A:3:2,3"))
        return;
    CHECK(g.fast_assoc == 0);
    cache_free(&g);
}

int main(void)
{
    RUN(lru_evicts_least_recently_used);
    RUN(fifo_ignores_hits);
    RUN(random_is_seeded_and_repeatable);
    RUN(cacm_round_robin_vs_locality_order);
    RUN(worked_examples_lru_fifo);
    RUN(reserved_lines_are_never_evicted);
    RUN(mshr_entry_and_merge_limits);
    RUN(miss_queue_full);
    RUN(write_evict_no_allocate);
    RUN(sectored_write_evict);
    RUN(write_through_keeps_line);
    RUN(local_write_back_global_write_through);
    RUN(write_back_dirty_eviction);
    RUN(write_back_victim_needs_room_for_writeback);
    RUN(write_back_write_to_reserved_line_is_dirty_after_fill);
    RUN(sectored_misses_and_partial_fills);
    RUN(allocate_on_fill_never_fails_line_alloc);
    RUN(allocate_on_fill_dirty_victim_with_full_queue);
    RUN(hooks_see_reserving_warp_on_eviction);
    RUN(late_victim_choice_changes_nothing);
    RUN(lru_fast_path_matches_policy_calls);
    RUN(fixed_assoc_matches_generic_loops);
    RUN(stats_registered_by_prefix);
    RUN(invalidate_all_keeps_reserved);
    RUN(invalidate_all_blank);
    return check_summary();
}
