/* GPGPU-Sim cache configuration strings: good forms, round trip, and bad
 * strings naming the field at fault. */
#include "check.h"
#include "mem/cache_config.h"

TEST(parses_fermi_l1d_4x_form)
{
    struct cache_config c;
    char err[256] = "";
    CHECK_EQ_INT(cache_config_parse(&c, "N:32:128:4,L:L:m:N:H,A:256:8,8", err, sizeof err), 0);
    CHECK_EQ_INT(c.nsets, 32);
    CHECK_EQ_INT(c.line_size, 128);
    CHECK_EQ_INT(c.assoc, 4);
    CHECK_EQ_INT(c.sector_size, 128);
    CHECK(strcmp(c.repl, "L") == 0);
    CHECK_EQ_INT(c.write_policy, CACHE_WRITE_LOCAL_WB_GLOBAL_WT);
    CHECK_EQ_INT(c.alloc_policy, CACHE_ALLOC_ON_MISS);
    CHECK_EQ_INT(c.write_allocate, 0);
    CHECK(strcmp(c.index, "fermi") == 0);
    CHECK_EQ_INT(c.mshr_entries, 256);
    CHECK_EQ_INT(c.mshr_max_merge, 8);
    CHECK_EQ_INT(c.miss_queue, 8);
}

TEST(parses_3x_forms_and_sectored_l2)
{
    struct cache_config c;
    char err[256] = "";
    CHECK_EQ_INT(cache_config_parse(&c, "32:128:4,L:L:m:N,A:32:8,8", err, sizeof err), 0);
    CHECK(strcmp(c.index, "linear") == 0);
    CHECK_EQ_INT(cache_config_parse(&c, "64:128:8,L:B:m:W:L,A:1024:1024,4:0,32", err, sizeof err), 0);
    CHECK_EQ_INT(c.write_policy, CACHE_WRITE_BACK);
    CHECK_EQ_INT(c.write_allocate, 1);
    CHECK_EQ_INT(c.result_fifo, 0);
    CHECK_EQ_INT(c.data_port_width, 32);
    CHECK_EQ_INT(cache_config_parse(&c, "S:32:128:24,L:B:m:L:P,A:192:4,32:0,32", err, sizeof err), 0);
    CHECK_EQ_INT(c.sector_size, 32);
    CHECK(strcmp(c.index, "ipoly") == 0);
    CHECK_EQ_INT(cache_config_parse(&c, "S:4:128:256,L:L:s:N:L,A:256:8,16:0,32", err, sizeof err), 0);
    CHECK_EQ_INT(c.alloc_policy, CACHE_ALLOC_ON_FILL); /* streaming */
    CHECK_EQ_INT(cache_config_parse(&c, "N:16:128:4,lru:E:m:N:L,A:32:8,4", err, sizeof err), 0);
    CHECK_EQ_INT(c.write_policy, CACHE_WRITE_EVICT);
    CHECK_EQ_INT(cache_config_parse(&c, "none", err, sizeof err), 0);
    CHECK(c.disabled);
}

TEST(round_trip)
{
    const char *in[] = { "N:32:128:4,L:E:m:N:L,A:32:8,8:0,0", "S:64:128:16,F:B:m:W:P,S:32:4,4:0,0",
                         "N:64:128:6,L:L:m:N:H,A:128:8,8:0,0" };
    for (int i = 0; i < 3; i++) {
        struct cache_config a, b;
        char err[256], buf[256];
        CHECK_EQ_INT(cache_config_parse(&a, in[i], err, sizeof err), 0);
        cache_config_format(&a, buf, sizeof buf);
        CHECK_EQ_INT(cache_config_parse(&b, buf, err, sizeof err), 0);
        CHECK(memcmp(&a, &b, sizeof a) == 0 || (printf("  %s -> %s\n", in[i], buf), 0));
    }
}

TEST(bad_strings_name_the_field)
{
    static const struct {
        const char *s, *msg;
    } bad[] = {
        { "", "expected" },
        { "N:32:128,L:L:m:N:H,A:256:8,8", "set count must be a number, not 'N'" },
        { "N:1:2:3:4,L:L:m:N:H,A:256:8,8", "geometry" },
        { "X:32:128:4,L:L:m:N:H,A:256:8,8", "cache type 'X'" },
        { "N:3x:128:4,L:L:m:N:H,A:256:8,8", "set count must be a number" },
        { "N:-1:128:4,L:L:m:N:H,A:256:8,8", "set count" },
        { "N:24:128:4,L:L:m:N:H,A:256:8,8", "set count 24 is not a power of two" },
        { "N:32:100:4,L:L:m:N:H,A:256:8,8", "line size 100" },
        { "N:32:128:0,L:L:m:N:H,A:256:8,8", "associativity 0" },
        { "N:32:128:4,Q:L:m:N:H,A:256:8,8", "replacement policy 'Q'" },
        { "N:32:128:4,L:Z:m:N:H,A:256:8,8", "write policy 'Z'" },
        { "N:32:128:4,L:L:q:N:H,A:256:8,8", "allocation policy 'q'" },
        { "N:32:128:4,L:L:m:Y:H,A:256:8,8", "write-allocate policy 'Y'" },
        { "N:32:128:4,L:L:m:N:Q,A:256:8,8", "set-index function 'Q'" },
        { "N:32:128:4,L:L:m:N:X,A:256:8,8", "not modelled" },
        { "N:32:128:4,L:L:m:N:H,F:256:8,8", "texture FIFO" },
        { "N:32:128:4,L:L:m:N:H,A:256,8", "MSHR field" },
        { "N:32:128:4,L:L:m:N:H,A:0:8,8", "MSHR entries 0" },
        { "N:32:128:4,L:L:m:N:H,A:256:8,x", "miss queue must be a number" },
        { "N:32:128:4,L:B:m:W:H,A:256:8,1", "miss queue 1 must be >= 2" },
        { "N:32:128:4,L:B:f:W:H,A:256:8,8", "write-back cache cannot allocate on fill" },
        { "S:32:16:4,L:L:m:N:H,A:256:8,8", "sector size 32" },
        { "N:32:128:4,L:L:m:N:H,A:256:8,8,1,2", "expected" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct cache_config c;
        char err[256] = "";
        CHECK_EQ_INT(cache_config_parse(&c, bad[i].s, err, sizeof err), -1);
        CHECK_STR_CONTAINS(err, bad[i].msg);
    }
}

int main(void)
{
    RUN(parses_fermi_l1d_4x_form);
    RUN(parses_3x_forms_and_sectored_l2);
    RUN(round_trip);
    RUN(bad_strings_name_the_field);
    return check_summary();
}
