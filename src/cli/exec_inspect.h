/* `ccgpu exec` looks at a program before running it: a CUDA program ccgpu
 * cannot stand in for would otherwise run on without the simulator (a
 * statically linked CUDA runtime reaches NVIDIA's driver and fails with
 * cudaErrorInsufficientDriver) or fail at its first launch. Read from the
 * ELF file: the libraries it needs (.dynamic) and its fatbinaries
 * (.nv_fatbin). Refused, each with the nvcc option that fixes it:
 *   - CUDA code (a .nv_fatbin section) without libcudart.so among the needed
 *     libraries: the runtime is linked in statically (nvcc's default)
 *     -> -cudart shared;
 *   - a libcudart.so of another CUDA version than ccgpu's libcudart.so.13
 *     -> CUDA 13's nvcc;
 *   - compressed PTX (nvcc 13's default) -> --no-compress;
 *   - SASS and no PTX -> a PTX target (-arch=compute_XX, or
 *     -gencode arch=compute_XX,code=compute_XX).
 * A file that is not a 64-bit little-endian ELF (a script) or holds no CUDA
 * code of its own (a launcher) is not judged. */
#ifndef CCGPU_CLI_EXEC_INSPECT_H
#define CCGPU_CLI_EXEC_INSPECT_H
#include <stddef.h>

/* 0: nothing stands in the way; 1: refused, the reason and the fix in msg
 * (one line, naming the program). program is resolved on PATH as execvp
 * does; a program that cannot be found or read is left to execvp. */
int exec_inspect(const char *program, char *msg, size_t msglen);

#endif
