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
/* Most SMs (gpgpu_n_clusters x gpgpu_n_cores_per_cluster, computed in 64
 * bits); real GPUs have at most a few hundred. */
#define SIZE_CHECK_MAX_SMS 4096u
/* Most bytes the structures sized by any one option may take, and the
 * timing model in all (docs/configuration.md; tests/cli/506 runs the
 * largest accepted configurations under an address-space limit). */
#define SIZE_CHECK_MAX_BYTES (1ull << 30)
#define SIZE_CHECK_MAX_TOTAL_BYTES (2ull << 30)
/* per SM, for its warp scheduler's and bypass policy's state */
#define SIZE_CHECK_SM_POLICY_BYTES (16u << 10)

/* 0, or -1 with a one-line message naming the option whose value implies
 * too much, or the model's total and its largest part (before anything is
 * allocated). The SMs themselves count as one part (their warp, CTA and
 * load tables; their L1s are the L1 options' parts). What kernels hold
 * while they run (registers, shared and local memory of resident CTAs)
 * belongs to the functional engine and is not counted. */
int timing_size_check(const struct sm_config *sm, const struct memsys_config *m, uint32_t n_sms,
                      char *err, size_t errlen);

#endif
