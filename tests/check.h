/* Minimal test harness. A test file defines TEST(name) functions, lists them in
 * main() with RUN(name), and ends with `return check_summary();`.
 * Each test counts once, passed or failed; the runner sums RESULT lines.
 * Test files are numbered by subsystem: 1xx PTX front-end, 2xx execution,
 * 3xx host API/config/stats, 4xx caches and memory, 5xx timing, 6xx policies,
 * 7xx analysis, 8xx CTA scheduling, 9xx benchmarks and command line. */
#ifndef CCGPU_TESTS_CHECK_H
#define CCGPU_TESTS_CHECK_H
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct check_state {
    int passed, failed, skipped;
    int current_failed, current_skipped;
    const char *current;
};
static struct check_state check_state_;

#define TEST(name) static void test_##name(void)

#define RUN(name)                                                             \
    do {                                                                      \
        check_state_.current = #name;                                         \
        check_state_.current_failed = 0;                                      \
        check_state_.current_skipped = 0;                                     \
        test_##name();                                                        \
        if (check_state_.current_failed) {                                    \
            check_state_.failed++;                                            \
            printf("FAIL %s\n", #name);                                       \
        } else if (check_state_.current_skipped) {                            \
            check_state_.skipped++;                                           \
        } else {                                                              \
            check_state_.passed++;                                            \
        }                                                                     \
        fflush(stdout);                                                       \
    } while (0)

#define CHECK_FAIL_AT_(fmt, ...)                                              \
    do {                                                                      \
        printf("  %s:%d: in %s: " fmt "\n", __FILE__, __LINE__,               \
               check_state_.current, __VA_ARGS__);                            \
        check_state_.current_failed = 1;                                      \
    } while (0)

#define CHECK(cond)                                                           \
    do {                                                                      \
        if (!(cond))                                                          \
            CHECK_FAIL_AT_("CHECK(%s) failed", #cond);                        \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                    \
    do {                                                                      \
        long long a_ = (long long)(a), b_ = (long long)(b);                   \
        if (a_ != b_)                                                         \
            CHECK_FAIL_AT_("%s == %s failed: %lld != %lld", #a, #b, a_, b_);  \
    } while (0)

#define CHECK_EQ_U64(a, b)                                                    \
    do {                                                                      \
        unsigned long long a_ = (unsigned long long)(a),                      \
                           b_ = (unsigned long long)(b);                      \
        if (a_ != b_)                                                         \
            CHECK_FAIL_AT_("%s == %s failed: 0x%llx != 0x%llx", #a, #b, a_, b_); \
    } while (0)

#define CHECK_NEAR(a, b, tol)                                                 \
    do {                                                                      \
        double a_ = (double)(a), b_ = (double)(b);                            \
        if (!(fabs(a_ - b_) <= (tol)))                                        \
            CHECK_FAIL_AT_("%s ~= %s failed: %.17g vs %.17g", #a, #b, a_, b_); \
    } while (0)

#define CHECK_STR_CONTAINS(hay, needle)                                       \
    do {                                                                      \
        const char *h_ = (hay), *n_ = (needle);                               \
        if (!h_ || !strstr(h_, n_))                                           \
            CHECK_FAIL_AT_("\"%s\" does not contain \"%s\"", h_ ? h_ : "(null)", n_); \
    } while (0)

/* A test's setup (making what it then checks) that fails fails the test:
 * a test never passes because it checked nothing. SETUP(cond) in a test
 * returns from it; a setup helper calls check_setup_failed, which records
 * the failure in the running test, and its caller may then return or go
 * on. CCGPU_TEST_FAIL_SETUP=1 in the environment plants a failure in every
 * setup, which must make the test fail (tests/cli/909). */
static inline int check_setup_planted(void)
{
    const char *e = getenv("CCGPU_TEST_FAIL_SETUP");
    return e && e[0] == '1';
}

static inline int check_setup_failed(const char *file, int line, const char *what)
{
    printf("  %s:%d: in %s: setup failed: %s\n", file, line, check_state_.current, what);
    check_state_.current_failed = 1;
    return -1;
}

#define SETUP_FAILED(what) check_setup_failed(__FILE__, __LINE__, what)

#define SETUP(cond)                                                           \
    do {                                                                      \
        if (check_setup_planted() || !(cond)) {                               \
            SETUP_FAILED(#cond);                                              \
            return;                                                           \
        }                                                                     \
    } while (0)

/* The running test cannot run here (a data folder this checkout lacks):
 * counted as skipped, not passed, with the reason on a SKIP line. */
#define SKIP_TEST(reason)                                                     \
    do {                                                                      \
        printf("SKIP %s: %s\n", check_state_.current, reason);                \
        check_state_.current_skipped = 1;                                     \
        return;                                                               \
    } while (0)

static inline int check_summary(void)
{
    if (check_state_.skipped)
        printf("RESULT passed=%d skipped=%d failed=%d\n", check_state_.passed,
               check_state_.skipped, check_state_.failed);
    else
        printf("RESULT passed=%d failed=%d\n", check_state_.passed, check_state_.failed);
    return check_state_.failed ? 1 : 0;
}

#endif
