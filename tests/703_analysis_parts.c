/* The analysis building blocks against brute force: the block map, OPT's
 * next-use pass, reuse distances, and the text trace parser. */
#include "check.h"
#include "analysis/blockmap.h"
#include "analysis/cachesim.h"
#include "analysis/opt.h"
#include "analysis/reuse.h"
#include "analysis/source.h"
#include "analysis/trace_text.h"
#include <stdlib.h>
#include <unistd.h>

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

TEST(blockmap_matches_naive_set_under_churn)
{
    enum { U = 300 };
    static int present[U];
    static uint32_t value[U];
    memset(present, 0, sizeof present);
    struct blockmap m;
    CHECK_EQ_INT(blockmap_init(&m, 4), 0); /* small: forces growth */
    uint64_t s = 3;
    int bad = 0;
    for (int step = 0; step < 200000; step++) {
        uint64_t x = rng_next(&s);
        uint64_t k = (x >> 8) % U;
        uint64_t key = k * 0x10000000001ull; /* spread, with colliding low bits */
        switch (x % 3) {
        case 0: {
            int added;
            uint32_t *v = blockmap_insert(&m, key, (uint32_t)step, &added);
            if (!v || added == present[k])
                bad++;
            if (added)
                value[k] = (uint32_t)step;
            present[k] = 1;
            break;
        }
        case 1:
            blockmap_remove(&m, key);
            present[k] = 0;
            break;
        default: {
            uint32_t *v = blockmap_find(&m, key);
            if ((v != NULL) != present[k] || (v && *v != value[k]))
                bad++;
        }
        }
    }
    uint64_t count = 0;
    for (int k = 0; k < U; k++)
        count += (uint64_t)present[k];
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(m.count, count);
    blockmap_free(&m);
}

TEST(next_use_matches_brute_force_per_stream)
{
    enum { N = 3000 };
    static uint64_t block[N];
    static uint32_t stream[N];
    struct opt_nextuse nu;
    opt_nextuse_init(&nu);
    uint64_t s = 17;
    for (size_t i = 0; i < N; i++) {
        uint64_t x = rng_next(&s);
        block[i] = x % 50;
        stream[i] = (uint32_t)(x >> 32) % 3;
        CHECK_EQ_INT(opt_nextuse_add(&nu, stream[i], block[i]), 0);
    }
    CHECK_EQ_INT(nu.n, N);
    int bad = 0;
    for (size_t i = 0; i < N; i++) {
        uint32_t want = CACHESIM_NEVER;
        for (size_t j = i + 1; j < N; j++)
            if (block[j] == block[i] && stream[j] == stream[i]) {
                want = (uint32_t)j;
                break;
            }
        bad += nu.next[i] != want;
    }
    CHECK_EQ_INT(bad, 0);
    opt_nextuse_free(&nu);
}

TEST(reuse_distance_matches_brute_force)
{
    enum { N = 4000 };
    static uint64_t block[N];
    static size_t seen[400];
    struct reuse_tracker t;
    struct reuse_hist h, want;
    memset(&h, 0, sizeof h);
    memset(&want, 0, sizeof want);
    CHECK_EQ_INT(reuse_init(&t), 0);
    uint64_t s = 5;
    int bad = 0;
    for (size_t i = 0; i < N; i++) {
        uint64_t x = rng_next(&s);
        block[i] = (x & 1) ? x % 7 : (x >> 3) % 400;
        uint64_t d;
        CHECK_EQ_INT(reuse_access(&t, block[i], &h, &d), 0);
        /* brute force: distinct blocks since the previous access */
        uint64_t bf = UINT64_MAX;
        for (size_t j = i; j-- > 0;) {
            if (block[j] == block[i]) {
                bf = 0;
                for (size_t k = j + 1; k < i; k++) {
                    bf += seen[block[k]] != i + 1; /* first time since j */
                    seen[block[k]] = i + 1;
                }
                break;
            }
        }
        if (bf == UINT64_MAX)
            want.cold++;
        else
            want.bucket[reuse_bucket(bf)]++;
        bad += d != bf;
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(memcmp(&h, &want, sizeof h) == 0);
    CHECK_EQ_INT(reuse_distinct(&t), want.cold);
    CHECK_EQ_INT(reuse_bucket(0), 0);
    CHECK_EQ_INT(reuse_bucket(1), 1);
    CHECK_EQ_INT(reuse_bucket(3), 2);
    CHECK_EQ_INT(reuse_bucket(4), 3);
    reuse_free(&t);
}

static int write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs(text, f);
    return fclose(f);
}

TEST(text_traces_parse_and_errors_name_the_line)
{
    char path[64], err[256];
    snprintf(path, sizeof path, "/tmp/ccgpu703_XXXXXX");
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    close(fd);
    struct trace_record *r;
    size_t n;
    write_file(path, "# header\n\n3 0x10\n  4 17 w 0x5 # comment\n5 18 R\n");
    CHECK_EQ_INT(trace_text_load(path, &r, &n, err, sizeof err), 0);
    CHECK_EQ_INT(n, 3);
    if (n == 3) {
        CHECK_EQ_INT(r[0].warp, 3);
        CHECK_EQ_INT(r[0].block, 16);
        CHECK_EQ_INT(r[0].write, 0);
        CHECK_EQ_U64(r[0].lanes, 0xffffffffu);
        CHECK_EQ_INT(r[1].write, 1);
        CHECK_EQ_U64(r[1].lanes, 5);
        CHECK_EQ_INT(r[2].write, 0);
    }
    free(r);
    static const char *const bad[] = {
        "1\n",          "1 2 x\n",       "1 2 r 0x100000000\n", "-1 2\n",
        "1 2 r 3 4\n",  "0x1g 2\n",      "1 99999999999999999999\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[128];
        snprintf(text, sizeof text, "0 1\n%s", bad[i]);
        write_file(path, text);
        CHECK_EQ_INT(trace_text_load(path, &r, &n, err, sizeof err), -1);
        CHECK_STR_CONTAINS(err, ":2: expected 'warp block [r|w] [lanemask]'");
    }
    remove(path);
    CHECK_EQ_INT(trace_text_load(path, &r, &n, err, sizeof err), -1);
    CHECK_STR_CONTAINS(err, "cannot open");
}

TEST(coarser_lines_merge_one_instructions_neighbours)
{
    struct trace_record r[6];
    memset(r, 0, sizeof r);
    /* warp 0, one instruction: lines 4,5,6,7 by lane groups; then warp 1 line 5 */
    for (int i = 0; i < 4; i++) {
        r[i].block = 4 + (uint64_t)i;
        r[i].lanes = 0xffu << (8 * i);
    }
    r[4].warp = 1, r[4].block = 5, r[4].lanes = 1;
    r[5].warp = 1, r[5].block = 5, r[5].lanes = 2, r[5].pc = 8; /* next instruction */
    struct access_source arr, src;
    struct access_array a;
    struct access_coarsen co;
    access_source_array(&arr, &a, r, 6);
    access_source_coarsen(&src, &co, &arr, 4); /* 4x larger lines */
    for (int pass = 0; pass < 2; pass++) {
        struct trace_record out[6];
        int n = 0, st;
        while (n < 6 && (st = src.next(src.ctx, &out[n])) == 1)
            n++;
        CHECK_EQ_INT(n, 3);
        CHECK_EQ_INT(src.next(src.ctx, &out[0]), 0);
        if (n == 3) {
            CHECK_EQ_INT(out[0].block, 1);
            CHECK_EQ_U64(out[0].lanes, 0xffffffffu);
            CHECK_EQ_INT(out[1].warp, 1);
            CHECK_EQ_U64(out[1].lanes, 1);
            CHECK_EQ_U64(out[2].lanes, 2);
        }
        CHECK_EQ_INT(src.rewind(src.ctx), 0);
    }
}

int main(void)
{
    RUN(blockmap_matches_naive_set_under_churn);
    RUN(next_use_matches_brute_force_per_stream);
    RUN(reuse_distance_matches_brute_force);
    RUN(text_traces_parse_and_errors_name_the_line);
    RUN(coarser_lines_merge_one_instructions_neighbours);
    return check_summary();
}
