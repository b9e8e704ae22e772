/* An L1 per SM on top of the memory system, the way the SM pipeline will
 * use them: misses leave through the L1 miss queue as memsys requests,
 * replies fill the L1 and wake the merged loads. Checks that every load is
 * woken exactly once, that merged loads wake together, and that the whole
 * thing is deterministic. */
#include "check.h"
#include "mem/cache.h"
#include "mem/memsys.h"

#define NSM 3
#define LOADS 400

struct result {
    uint64_t woken, digest, last, l1_hits, merges;
};

static struct result run(const char *l1spec, uint64_t seed)
{
    struct result res = { 0, 0, 0, 0, 0 };
    struct memsys_config mc;
    struct memsys m;
    struct cache l1[NSM];
    struct cache_config cc;
    char err[256];
    memsys_config_gtx480(&mc);
    mc.n_sm = NSM;
    if (memsys_init(&m, &mc, err, sizeof err) || cache_config_parse(&cc, l1spec, err, sizeof err)) {
        printf("  %s\n", err);
        return res;
    }
    for (int s = 0; s < NSM; s++)
        if (cache_init(&l1[s], &cc, err, sizeof err)) {
            printf("  %s\n", err);
            return res;
        }
    static uint8_t woken[NSM][LOADS];
    memset(woken, 0, sizeof woken);
    int issued[NSM] = { 0 };
    uint64_t x = seed;
    for (uint64_t now = 1; now < 200000; now++) {
        memsys_advance(&m, now);
        for (int s = 0; s < NSM; s++) {
            struct mem_request r;
            while (memsys_pop_response(&m, (uint32_t)s, now, &r)) {
                if (r.is_write)
                    continue;
                const uint64_t *tok;
                int n = cache_fill(&l1[s], r.addr, memsys_reply_sectors(&l1[s], &r), &tok);
                for (int i = 0; i < n; i++) {
                    CHECK(tok[i] < LOADS && !woken[s][tok[i]]);
                    woken[s][tok[i]] = 1;
                    res.woken++;
                    res.digest = res.digest * 1000003u ^ (tok[i] * 977 + now * 31 + (uint64_t)s);
                    res.last = now;
                }
            }
            /* one load per cycle per SM, retried on a reservation failure */
            if (issued[s] < LOADS) {
                uint64_t y = x ^ ((uint64_t)issued[s] * 0x9e3779b97f4a7c15ull) ^ (uint64_t)s;
                y ^= y >> 29;
                uint64_t line = y % 200;
                struct cache_access a = { .addr = line * 128 + (y >> 20) % 4 * 32,
                                          .warp = (int32_t)(y % 8), .token = (uint64_t)issued[s] };
                enum cache_fail f;
                enum cache_outcome o = cache_access(&l1[s], &a, &f);
                if (o != CACHE_RESERVATION_FAIL) {
                    if (o == CACHE_HIT) {
                        woken[s][issued[s]] = 1;
                        res.woken++;
                        res.l1_hits++;
                    }
                    issued[s]++;
                }
            }
            /* the L1 miss queue drains into the memory system */
            const struct cache_out *o;
            while ((o = cache_out_front(&l1[s])) && memsys_can_push(&m, (uint32_t)s)) {
                struct mem_request q;
                memsys_request_from_miss(&l1[s], o, (uint16_t)s, &q);
                CHECK_EQ_INT(memsys_push(&m, now, &q), 0);
                cache_out_pop(&l1[s]);
            }
        }
        if (res.woken == NSM * LOADS && memsys_idle(&m))
            break;
    }
    for (int s = 0; s < NSM; s++) {
        res.merges += l1[s].st.mshr_merges;
        cache_free(&l1[s]);
    }
    CHECK(memsys_idle(&m));
    memsys_free(&m);
    return res;
}

TEST(every_load_wakes_once)
{
    const char *specs[] = { "N:32:128:4,L:E:m:N:L,A:32:8,8", "S:16:128:4,L:E:m:N:L,A:16:4,4" };
    for (int i = 0; i < 2; i++) {
        struct result a = run(specs[i], 12345);
        CHECK_EQ_U64(a.woken, NSM * LOADS);
        CHECK(a.l1_hits > 50);
        CHECK(a.merges > 10);
        struct result b = run(specs[i], 12345);
        CHECK_EQ_U64(a.digest, b.digest);
        CHECK_EQ_U64(a.last, b.last);
        printf("  %s: %llu L1 hits, %llu merges, done at cycle %llu\n", specs[i],
               (unsigned long long)a.l1_hits, (unsigned long long)a.merges,
               (unsigned long long)a.last);
    }
}

int main(void)
{
    RUN(every_load_wakes_once);
    return check_summary();
}
