/* AWSS property tests on seeded random instances: every schedule covers each
 * CTA exactly once and respects its constraints; no heuristic beats the exact
 * solver; files round-trip; bad input is rejected with a message. */
#include "check.h"
#include "cta/awss.h"
#include "cta/awss_quality.h"
#include <stdlib.h>

TEST(heuristics_never_beat_exact)
{
    struct awss_quality_row rows[8];
    uint32_t nrows = 8;
    int rc = awss_quality_report(NULL, 12345, 60, 10, 0.3, rows, &nrows);
    CHECK_EQ_INT(rc, 0);
    for (uint32_t i = 0; i < nrows; i++) {
        CHECK(rows[i].instances + rows[i].incomplete == 60);
        CHECK(rows[i].worst_excess >= 0);
    }
    /* the constraint-agnostic schedule must break the cap on some instances */
    CHECK(rows[nrows - 1].over_cap > 0);
}

static uint64_t mix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    return z ^ (z >> 31);
}

TEST(large_random_instances_valid)
{
    uint64_t seed = 7;
    static uint64_t sizes[3000];
    struct awss_schedule s;
    awss_schedule_init(&s);
    for (int t = 0; t < 12; t++) {
        uint32_t n = 1 + (uint32_t)(mix(&seed) % 3000);
        uint64_t cap = 50 + mix(&seed) % 2000;
        awss_random_instance(&seed, n, cap, sizes);
        if (t % 3 == 0)
            sizes[mix(&seed) % n] = cap + 5; /* one CTA over the cache alone */
        uint32_t kmax = 1 + (uint32_t)(mix(&seed) % 64);
        for (int a = 0; a < AWSS_ALGO_AGNOSTIC; a++)
            for (int st = 0; st < 2; st++) {
                enum awss_mode mode = a >= AWSS_ALGO_MXF ? AWSS_RELAXED : AWSS_HARD;
                struct awss_problem p = { sizes, n, cap, kmax, mode, st, 0.2, NULL };
                char msg[200] = "";
                CHECK(awss_schedule_run(&p, (enum awss_algo)a, &s, NULL) == 0);
                if (awss_validate(&s, &p, msg, sizeof msg) != 0) {
                    CHECK_FAIL_AT_("%s static=%d n=%u: %s", awss_algo_name((enum awss_algo)a),
                                   st, n, msg);
                    continue;
                }
                if (mode == AWSS_HARD)
                    CHECK(s.nsteps >= awss_lower_bound(&p));
            }
    }
    awss_schedule_free(&s);
}

TEST(schedule_file_round_trip)
{
    static const uint64_t w[7] = { 5, 1, 9, 2, 2, 7, 3 };
    struct awss_problem p = { w, 7, 10, 3, AWSS_HARD, 0, 0.25, NULL };
    struct awss_schedule s, back;
    awss_schedule_init(&s);
    awss_schedule_init(&back);
    CHECK(awss_schedule_run(&p, AWSS_ALGO_IWFD, &s, NULL) == 0);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    CHECK(f && awss_schedule_write(f, &s, &p, "iwfd") == 0);
    fclose(f);
    CHECK_STR_CONTAINS(buf, "ccgpu-awss-schedule 1\nctas 7\n");
    char msg[200];
    CHECK(awss_schedule_parse(buf, "mem", &back, msg, sizeof msg) == 0);
    CHECK_EQ_INT(back.nsteps, s.nsteps);
    for (uint32_t i = 0; i < 7; i++)
        CHECK_EQ_INT(back.order[i], s.order[i]);
    for (uint32_t i = 0; i <= s.nsteps; i++)
        CHECK_EQ_INT(back.start[i], s.start[i]);
    CHECK(!back.has_launch && !strstr(buf, "launch"));
    free(buf);
    /* a schedule that names its launch writes and reads it back */
    s.has_launch = 1;
    s.launch = 5;
    f = open_memstream(&buf, &len);
    CHECK(f && awss_schedule_write(f, &s, &p, "iwfd") == 0);
    fclose(f);
    CHECK_STR_CONTAINS(buf, "\nlaunch 5\n");
    CHECK(awss_schedule_parse(buf, "mem", &back, msg, sizeof msg) == 0);
    CHECK(back.has_launch && back.launch == 5);
    free(buf);
    awss_schedule_free(&s);
    awss_schedule_free(&back);
}

TEST(schedule_parse_errors)
{
    struct awss_schedule s;
    awss_schedule_init(&s);
    char msg[200];
    CHECK(awss_schedule_parse("bogus 1\n", "a", &s, msg, sizeof msg) == -2);
    CHECK_STR_CONTAINS(msg, "a:1: expected 'ccgpu-awss-schedule'");
    CHECK(awss_schedule_parse("ccgpu-awss-schedule 1\nctas 2\nsteps 1\nstep 2 0 : 0 0\n", "b",
                              &s, msg, sizeof msg) == -2);
    CHECK_STR_CONTAINS(msg, "b:4: CTA id repeated");
    CHECK(awss_schedule_parse("ccgpu-awss-schedule 1\nctas 3\nsteps 1\nstep 2 0 : 0 1\n", "c",
                              &s, msg, sizeof msg) == -2);
    CHECK_STR_CONTAINS(msg, "header says");
    CHECK(awss_schedule_parse("ccgpu-awss-schedule 1\nctas 2\nsteps 1\nstep 3 0 : 0 1\n", "d",
                              &s, msg, sizeof msg) == -2);
    CHECK_STR_CONTAINS(msg, "d:4: step lists 2 CTAs, TLP says 3");
    CHECK(awss_schedule_parse("ccgpu-awss-schedule 1\nctas 2\nsteps 1\nstep 2 0 : 0 5\n", "e",
                              &s, msg, sizeof msg) == -2);
    CHECK(awss_schedule_parse("ccgpu-awss-schedule 1\n# c\nctas 2\nsteps 1\nstep 2 9 : 1 0 # x\n",
                              "f", &s, msg, sizeof msg) == 0);
    CHECK_EQ_INT(s.order[0], 1);
    awss_schedule_free(&s);
}

/* Issue #16: the counts size the arrays, so a count changed after the first
 * step once read and wrote past them; a count the file cannot hold allocated
 * gigabytes before reading a step; an error after the first step leaked. */
TEST(schedule_parse_hostile_headers)
{
    struct awss_schedule s;
    awss_schedule_init(&s);
    char msg[200];
    CHECK(awss_schedule_parse("ccgpu-awss-schedule 1\nctas 2\nsteps 2\nstep 1 0 : 0\nctas 100\n"
                              "step 1 0 : 50\n", "a", &s, msg, sizeof msg) == -2);
    CHECK_STR_CONTAINS(msg, "a:5: 'ctas' after the first step");
    CHECK(awss_schedule_parse("ccgpu-awss-schedule 1\nctas 2\nsteps 1\nstep 1 0 : 0\nsteps 2\n"
                              "step 1 0 : 1\n", "b", &s, msg, sizeof msg) == -2);
    CHECK_STR_CONTAINS(msg, "b:5: 'steps' after the first step");
    CHECK(awss_schedule_parse("ccgpu-awss-schedule 1\nctas 4000000000\nsteps 1\nstep 1 0 : 0\n",
                              "c", &s, msg, sizeof msg) == -2);
    CHECK_STR_CONTAINS(msg, "c:4: header says 4000000000 CTAs in 1 steps");
    CHECK(awss_schedule_parse("ccgpu-awss-schedule 1\nctas 2\nsteps 3000000000\nstep 1 0 : 0\n",
                              "d", &s, msg, sizeof msg) == -2);
    CHECK_STR_CONTAINS(msg, "d:4: header says 2 CTAs in 3000000000 steps");
    /* an error after the arrays exist (LeakSanitizer checks they are freed) */
    CHECK(awss_schedule_parse("ccgpu-awss-schedule 1\nctas 2\nsteps 2\nstep 1 0 : 0\nctas x\n",
                              "e", &s, msg, sizeof msg) == -2);
    CHECK(awss_schedule_parse("ccgpu-awss-schedule 1\nctas 2\nsteps 1\nstep 2 0 : 0 x\n", "f",
                              &s, msg, sizeof msg) == -2);
    CHECK_STR_CONTAINS(msg, "f:4: CTA id out of range or malformed");
    /* the launch line: once, before the steps, a launch index */
    CHECK(awss_schedule_parse("ccgpu-awss-schedule 1\nctas 2\nsteps 1\nlaunch 3\nlaunch 4\n"
                              "step 2 0 : 0 1\n", "g", &s, msg, sizeof msg) == -2);
    CHECK_STR_CONTAINS(msg, "g:5: 'launch' given twice");
    CHECK(awss_schedule_parse("ccgpu-awss-schedule 1\nctas 2\nsteps 2\nstep 1 0 : 0\nlaunch 7\n"
                              "step 1 0 : 1\n", "h", &s, msg, sizeof msg) == -2);
    CHECK_STR_CONTAINS(msg, "h:5: 'launch' after the first step");
    CHECK(awss_schedule_parse("ccgpu-awss-schedule 1\nctas 2\nsteps 1\nlaunch 99999999999\n"
                              "step 2 0 : 0 1\n", "i", &s, msg, sizeof msg) == -2);
    CHECK_STR_CONTAINS(msg, "i:4:");
    CHECK(s.order == NULL);
}

TEST(sizes_parse)
{
    uint64_t *w = NULL;
    uint32_t n = 0;
    char msg[200];
    CHECK(awss_sizes_parse("# sizes\n1 8 3\n 4 # four\n\n5\n", "s", &w, &n, msg, sizeof msg) == 0);
    CHECK_EQ_INT(n, 5);
    CHECK(w && w[1] == 8 && w[4] == 5);
    free(w);
    CHECK(awss_sizes_parse("1 2\n3 x4\n", "t", &w, &n, msg, sizeof msg) == -2);
    CHECK_STR_CONTAINS(msg, "t:2: expected a non-negative integer size, got 'x4'");
    CHECK(awss_sizes_parse("1 -2\n", "u", &w, &n, msg, sizeof msg) == -2);
    CHECK(awss_sizes_parse("99999999999999999999999\n", "v", &w, &n, msg, sizeof msg) == -2);
    CHECK_STR_CONTAINS(msg, "too large");
    CHECK(awss_sizes_parse("# nothing\n", "w", &w, &n, msg, sizeof msg) == -2);
    CHECK_STR_CONTAINS(msg, "no CTA sizes");
    CHECK(awss_sizes_parse("3.5\n", "x", &w, &n, msg, sizeof msg) == -2);
}

TEST(validate_catches_bad_schedules)
{
    static const uint64_t w[4] = { 4, 4, 4, 4 };
    struct awss_problem p = { w, 4, 8, 2, AWSS_HARD, 0, 0.1, NULL };
    struct awss_schedule s;
    awss_schedule_init(&s);
    uint32_t dup[4] = { 0, 0, 1, 1 };
    CHECK(awss_schedule_from_bins(&s, 4, dup, 2) == 0);
    char msg[200];
    CHECK(awss_validate(&s, &p, msg, sizeof msg) == 0);
    s.order[1] = 0; /* CTA 0 twice, CTA 1 never */
    CHECK(awss_validate(&s, &p, msg, sizeof msg) != 0);
    CHECK_STR_CONTAINS(msg, "scheduled twice");
    uint32_t three[4] = { 0, 0, 0, 1 };
    CHECK(awss_schedule_from_bins(&s, 4, three, 2) == 0);
    CHECK(awss_validate(&s, &p, msg, sizeof msg) != 0);
    CHECK_STR_CONTAINS(msg, "TLP 3 > max 2");
    p.max_tlp = 3;
    CHECK(awss_validate(&s, &p, msg, sizeof msg) != 0);
    CHECK_STR_CONTAINS(msg, "over capacity");
    p.mode = AWSS_RELAXED;
    CHECK(awss_validate(&s, &p, msg, sizeof msg) == 0); /* 12 - 4 <= 8 */
    awss_schedule_free(&s);
}

int main(void)
{
    RUN(heuristics_never_beat_exact);
    RUN(large_random_instances_valid);
    RUN(schedule_file_round_trip);
    RUN(schedule_parse_errors);
    RUN(schedule_parse_hostile_headers);
    RUN(sizes_parse);
    RUN(validate_catches_bad_schedules);
    return check_summary();
}
