/* MSHRs against a plain reference model: random allocations, merges and
 * sector fills over colliding blocks; lookups, wake lists and counts must
 * agree after every step. */
#include "check.h"
#include "mem/mshr.h"

#define ENTRIES 8
#define MERGE 3

struct ref_entry {
    int used;
    uint64_t block;
    uint8_t pending;
    int n;
    uint64_t tok[MERGE];
    uint8_t sec[MERGE];
};

static int ref_find(const struct ref_entry *r, uint64_t block)
{
    for (int i = 0; i < ENTRIES; i++)
        if (r[i].used && r[i].block == block)
            return i;
    return -1;
}

TEST(random_against_reference)
{
    struct mshr m;
    CHECK_EQ_INT(mshr_init(&m, ENTRIES, MERGE), 0);
    struct ref_entry ref[ENTRIES];
    memset(ref, 0, sizeof ref);
    int map[ENTRIES]; /* ref index -> mshr index */
    uint64_t x = 0x1234567, token = 0;
    int fills = 0, merges = 0;
    for (int step = 0; step < 20000; step++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        /* blocks that are multiples of 64 collide in small tables */
        uint64_t block = (x % 24) * 64 + ((x >> 8) & 1);
        uint8_t sec = (uint8_t)(1u << ((x >> 12) % 4));
        int r = ref_find(ref, block), e = mshr_find(&m, block);
        CHECK_EQ_INT(r < 0, e < 0);
        if (r >= 0)
            CHECK_EQ_INT(map[r], e);
        if ((x >> 20) % 3 != 0) { /* a request */
            int nused = 0;
            for (int i = 0; i < ENTRIES; i++)
                nused += ref[i].used;
            CHECK_EQ_INT(mshr_full(&m), nused == ENTRIES);
            if (r < 0) {
                if (nused == ENTRIES)
                    continue;
                for (r = 0; ref[r].used; r++)
                    ;
                ref[r] = (struct ref_entry){ .used = 1, .block = block };
                e = map[r] = mshr_alloc(&m, block, 0);
                CHECK(e >= 0);
            } else if (ref[r].n == MERGE) {
                CHECK(!mshr_can_merge(&m, e));
                continue;
            }
            CHECK(mshr_can_merge(&m, e));
            uint8_t newly = (uint8_t)(sec & ~ref[r].pending);
            ref[r].tok[ref[r].n] = ++token;
            ref[r].sec[ref[r].n++] = sec;
            ref[r].pending |= newly;
            mshr_add(&m, e, token, sec, newly);
            merges++;
        } else if (r >= 0) { /* data for some sectors */
            uint8_t f = (uint8_t)((x >> 24) & 0xf);
            uint64_t out[MERGE], want[MERGE];
            int n = mshr_fill(&m, block, f, out), k = 0, keep = 0;
            ref[r].pending &= (uint8_t)~f;
            for (int i = 0; i < ref[r].n; i++) {
                if (ref[r].sec[i] & ref[r].pending) {
                    ref[r].tok[keep] = ref[r].tok[i];
                    ref[r].sec[keep++] = ref[r].sec[i];
                } else {
                    want[k++] = ref[r].tok[i];
                }
            }
            ref[r].n = keep;
            if (!keep && !ref[r].pending)
                ref[r].used = 0;
            CHECK_EQ_INT(n, k);
            for (int i = 0; i < k && i < n; i++)
                CHECK_EQ_U64(out[i], want[i]);
            fills++;
        } else {
            CHECK_EQ_INT(mshr_fill(&m, block, 1, NULL), -1);
        }
    }
    CHECK(fills > 1000 && merges > 1000);
    mshr_free(&m);
}

TEST(bad_sizes)
{
    struct mshr m;
    CHECK_EQ_INT(mshr_init(&m, 0, 4), -1);
    CHECK_EQ_INT(mshr_init(&m, 4, 0), -1);
    CHECK_EQ_INT(mshr_init(&m, 4, 70000), -1);
}

int main(void)
{
    RUN(random_against_reference);
    RUN(bad_sizes);
    return check_summary();
}
