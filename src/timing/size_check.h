/* Up-front limits on the sizes a configuration implies, so that a typo
 * (gpgpu_n_mem 3G, a set count with three extra zeros) is one line naming
 * the option instead of minutes of allocation, an out-of-memory kill or a
 * message from deep inside the memory system. */
#ifndef CCGPU_TIMING_SIZE_CHECK_H
#define CCGPU_TIMING_SIZE_CHECK_H
#include "mem/memsys.h"
#include "timing/sm_config.h"
#include <stddef.h>
#include <stdint.h>

/* Most memory partitions (gpgpu_n_mem); the cost of a simulated cycle grows
 * with the partition count, and real GPUs have at most a few dozen. */
#define SIZE_CHECK_MAX_PARTITIONS 1024u
/* Most bytes the structures sized by any one option may take. */
#define SIZE_CHECK_MAX_BYTES (1ull << 30)

/* 0, or -1 with a one-line message naming the option whose value implies
 * too much (before anything is allocated). */
int timing_size_check(const struct sm_config *sm, const struct memsys_config *m, uint32_t n_sms,
                      char *err, size_t errlen);

#endif
