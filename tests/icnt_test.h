/* Helpers shared by the interconnect tests (403, 412): set a network up
 * from a config, and drive it cycle by cycle recording when each payload
 * becomes visible at its destination. */
#ifndef CCGPU_TESTS_ICNT_TEST_H
#define CCGPU_TESTS_ICNT_TEST_H
#include "check.h"
#include "mem/icnt.h"

/* 0, or -1 with the setup error printed and counted as a failed check. */
static inline int icnt_test_init(struct icnt *n, const struct icnt_config *cfg)
{
    char err[256];
    if (icnt_init(n, cfg, err, sizeof err)) {
        printf("  %s\n", err);
        CHECK(!"setup failed");
        return -1;
    }
    return 0;
}

/* Runs cycles [from, to), popping (if pop) and recording in seen_at[p] the
 * cycle each payload p became visible. */
static inline void icnt_test_run(struct icnt *n, uint64_t from, uint64_t to, uint64_t *seen_at,
                                 int pop)
{
    for (uint64_t t = from; t < to; t++) {
        icnt_cycle(n, t);
        for (uint32_t d = 0; d < n->cfg.n_out; d++) {
            uint64_t p;
            while (pop && icnt_peek(n, d, t, &p)) {
                seen_at[p] = t;
                icnt_pop_at(n, d, t);
            }
        }
    }
}

#endif
