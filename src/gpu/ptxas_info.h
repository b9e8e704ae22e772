/* Register and shared-memory figures that `ptxas -v` printed for a module
 * (committed beside each benchmark's PTX as NAME.regs). PTX virtual registers
 * say little about the real count (matmul: 21 live values by PTX liveness,
 * 60 registers by ptxas), and occupancy depends on it. */
#ifndef CCGPU_GPU_PTXAS_INFO_H
#define CCGPU_GPU_PTXAS_INFO_H
#include <stddef.h>
#include <stdint.h>

struct ptxas_kernel_info {
    char name[128];
    uint32_t registers;
    uint32_t shared_bytes;     /* static shared memory */
    uint32_t stack_frame;      /* bytes of local stack frame per thread */
};

/* Parses ptxas -v output. Returns the number of kernels found (at most max,
 * written to out), or -1 with a message naming the line when a function's
 * "Used N registers" line is malformed or missing. */
int ptxas_info_parse(const char *text, struct ptxas_kernel_info *out, int max, char *err,
                     size_t errlen);

#endif
