/* CCWS victim tag array (ccws-micro2012 §3.3.3): per-warp shares, VTA hits
 * only in the missing warp's own share, LRU within a share's set, set
 * organisation, clearing, bad parameters. */
#include "check.h"
#include "policy/warp/ccws_vta.h"

static int mk(struct ccws_vta *v, uint32_t warps, uint32_t entries, uint32_t assoc)
{
    char err[160];
    if (ccws_vta_init(v, warps, entries, assoc, err, sizeof err)) {
        printf("  setup: %s\n", err);
        return -1;
    }
    return 0;
}

TEST(own_share_hits_other_share_does_not)
{
    struct ccws_vta v;
    if (mk(&v, 4, 16, 8))
        return;
    ccws_vta_insert(&v, 0, 0x100); /* W0 reserved 0x100, the L1 evicted it */
    ccws_vta_insert(&v, 2, 0x200);
    CHECK(!ccws_vta_probe(&v, 1, 0x100)); /* W1 misses on W0's line: not lost by W1 */
    CHECK(!ccws_vta_probe(&v, 0, 0x200));
    CHECK(ccws_vta_probe(&v, 0, 0x100));
    CHECK(ccws_vta_probe(&v, 2, 0x200));
    CHECK_EQ_U64(v.probes, 4);
    CHECK_EQ_U64(v.hits, 2);
    /* the hit removed the tag: a second miss is no second VTA hit */
    CHECK(!ccws_vta_probe(&v, 0, 0x100));
    CHECK(!ccws_vta_contains(&v, 0, 0x100));
    /* out-of-range warps (a line with no known reserver) are ignored */
    ccws_vta_insert(&v, -1, 0x300);
    ccws_vta_insert(&v, 4, 0x300);
    CHECK(!ccws_vta_probe(&v, -1, 0x300));
    CHECK_EQ_U64(v.inserts, 2);
    ccws_vta_free(&v);
}

TEST(two_sets_of_eight_lru_within_share)
{
    struct ccws_vta v;
    if (mk(&v, 2, 16, 8))
        return;
    CHECK_EQ_INT(v.nsets, 2);
    /* even blocks map to set 0: nine of them overflow its eight ways */
    for (uint64_t b = 0; b < 16; b += 2)
        ccws_vta_insert(&v, 1, b);
    for (uint64_t b = 1; b < 16; b += 2) /* set 1 fills independently */
        ccws_vta_insert(&v, 1, b);
    for (uint64_t b = 0; b < 16; b++)
        CHECK(ccws_vta_contains(&v, 1, b));
    ccws_vta_insert(&v, 1, 0); /* refresh: 0 becomes most recent, no duplicate */
    ccws_vta_insert(&v, 1, 16); /* evicts the least recent of set 0: block 2 */
    CHECK(ccws_vta_contains(&v, 1, 0));
    CHECK(!ccws_vta_contains(&v, 1, 2));
    CHECK(ccws_vta_contains(&v, 1, 16));
    for (uint64_t b = 1; b < 16; b += 2)
        CHECK(ccws_vta_contains(&v, 1, b)); /* set 1 untouched */
    /* warp 0's share is separate */
    for (uint64_t b = 0; b < 17; b++)
        CHECK(!ccws_vta_contains(&v, 0, b));
    ccws_vta_insert(&v, 1, 18); /* next LRU of set 0: block 4 */
    CHECK(!ccws_vta_contains(&v, 1, 4));
    CHECK(ccws_vta_contains(&v, 1, 6));
    ccws_vta_free(&v);
}

TEST(fully_associative_when_assoc_covers_entries)
{
    struct ccws_vta v;
    if (mk(&v, 1, 4, 8)) /* Fig. 13's small points: 1-4 entries, fully associative */
        return;
    CHECK_EQ_INT(v.nsets, 1);
    CHECK_EQ_INT(v.assoc, 4);
    for (uint64_t b = 10; b < 14; b++)
        ccws_vta_insert(&v, 0, b * 7);
    for (uint64_t b = 10; b < 14; b++)
        CHECK(ccws_vta_contains(&v, 0, b * 7));
    ccws_vta_insert(&v, 0, 1);
    CHECK(!ccws_vta_contains(&v, 0, 70));
    /* a probe hit frees its way: the next insert takes it, nothing evicted */
    CHECK(ccws_vta_probe(&v, 0, 91));
    ccws_vta_insert(&v, 0, 2);
    CHECK(ccws_vta_contains(&v, 0, 77) && ccws_vta_contains(&v, 0, 84) &&
          ccws_vta_contains(&v, 0, 1) && ccws_vta_contains(&v, 0, 2));
    ccws_vta_free(&v);
}

TEST(clear_warp_and_store_clear)
{
    struct ccws_vta v;
    if (mk(&v, 3, 16, 8))
        return;
    ccws_vta_insert(&v, 0, 5);
    ccws_vta_insert(&v, 1, 5);
    ccws_vta_insert(&v, 2, 6);
    ccws_vta_clear_block(&v, 5);
    CHECK(!ccws_vta_contains(&v, 0, 5) && !ccws_vta_contains(&v, 1, 5));
    CHECK(ccws_vta_contains(&v, 2, 6));
    CHECK_EQ_U64(v.store_clears, 2);
    ccws_vta_clear_warp(&v, 2);
    CHECK(!ccws_vta_probe(&v, 2, 6));
    ccws_vta_free(&v);
}

TEST(bad_parameters)
{
    struct ccws_vta v;
    char err[160] = "";
    CHECK(ccws_vta_init(&v, 4, 12, 8, err, sizeof err) < 0);
    CHECK_STR_CONTAINS(err, "multiple of assoc");
    CHECK(ccws_vta_init(&v, 4, 0, 8, err, sizeof err) < 0);
    CHECK_STR_CONTAINS(err, "at least 1");
    CHECK(ccws_vta_init(&v, 4, 16, 0, err, sizeof err) < 0);
}

/* Tags 500 blocks apart (a feature-major row of 16,000 floats) all have
 * the same parity: mod indexing crowds them into one of a share's two sets
 * (8 tags survive), the XOR-folded index spreads them over both. */
TEST(hashed_index_spreads_power_of_two_strides)
{
    struct ccws_vta mod, hash;
    if (mk(&mod, 1, 16, 8) || mk(&hash, 1, 16, 8))
        return;
    hash.hash_index = 1;
    for (uint64_t i = 0; i < 16; i++) {
        ccws_vta_insert(&mod, 0, 1000 + i * 500);
        ccws_vta_insert(&hash, 0, 1000 + i * 500);
    }
    uint32_t in_mod = 0, in_hash = 0;
    for (uint64_t i = 0; i < 16; i++) {
        in_mod += (uint32_t)ccws_vta_contains(&mod, 0, 1000 + i * 500);
        in_hash += (uint32_t)ccws_vta_contains(&hash, 0, 1000 + i * 500);
    }
    CHECK_EQ_INT(in_mod, 8);
    CHECK(in_hash > 8);
    /* whatever the index, a share never holds more than its entries */
    CHECK(in_hash <= 16);
    ccws_vta_free(&mod);
    ccws_vta_free(&hash);
}

TEST(keep_on_hit_counts_every_re_miss)
{
    struct ccws_vta v;
    if (mk(&v, 2, 16, 8))
        return;
    v.keep_on_hit = 1;
    ccws_vta_insert(&v, 1, 77);
    CHECK(ccws_vta_probe(&v, 1, 77));
    CHECK(ccws_vta_probe(&v, 1, 77)); /* still there */
    CHECK(!ccws_vta_probe(&v, 0, 77));
    CHECK_EQ_U64(v.hits, 2);
    ccws_vta_free(&v);
}

/* A store clears its block from every share that holds it and from no
 * other entry, whatever inserts, probes and cleared warps came before (the
 * clear skips the shares when its bucket count says the block is nowhere:
 * the counts must follow every change of a tag); random operations on a
 * few blocks, with hashed and plain set indices, keep_on_hit on and off. */
TEST(store_clear_after_random_history)
{
    uint64_t rng = 99;
#define NEXT() (rng = rng * 6364136223846793005ull + 1442695040888963407ull, (uint32_t)(rng >> 33))
    for (int variant = 0; variant < 4; variant++) {
        struct ccws_vta v;
        if (mk(&v, 6, 8, 2))
            return;
        v.hash_index = variant & 1;
        v.keep_on_hit = variant >> 1;
        int bad = 0;
        for (int step = 0; step < 3000 && !bad; step++) {
            uint32_t warp = NEXT() % 6, op = NEXT() % 8;
            uint64_t block = NEXT() % 40;
            if (op < 4) {
                ccws_vta_insert(&v, (int32_t)warp, block);
            } else if (op < 6) {
                ccws_vta_probe(&v, (int32_t)warp, block);
            } else if (op == 6 && NEXT() % 8 == 0) {
                ccws_vta_clear_warp(&v, warp);
            } else {
                uint64_t held = 0, before = v.store_clears;
                uint8_t other[6][40];
                for (uint32_t w = 0; w < 6; w++) {
                    held += (uint64_t)ccws_vta_contains(&v, w, block);
                    for (uint64_t b = 0; b < 40; b++)
                        other[w][b] = (uint8_t)ccws_vta_contains(&v, w, b);
                }
                ccws_vta_clear_block(&v, block);
                bad |= v.store_clears - before != held;
                for (uint32_t w = 0; w < 6; w++)
                    for (uint64_t b = 0; b < 40; b++)
                        bad |= ccws_vta_contains(&v, w, b) != (b == block ? 0 : other[w][b]);
                if (bad)
                    printf("  variant %d, step %d: store clear of %llu wrong\n", variant, step,
                           (unsigned long long)block);
            }
        }
        CHECK(!bad);
        ccws_vta_free(&v);
    }
#undef NEXT
}

int main(void)
{
    RUN(own_share_hits_other_share_does_not);
    RUN(two_sets_of_eight_lru_within_share);
    RUN(fully_associative_when_assoc_covers_entries);
    RUN(clear_warp_and_store_clear);
    RUN(bad_parameters);
    RUN(hashed_index_spreads_power_of_two_strides);
    RUN(keep_on_hit_counts_every_re_miss);
    RUN(store_clear_after_random_history);
    return check_summary();
}
